"""The declaration contest, rule by rule (yu4-18 … yu4-26, mk4-09 … mk4-15; §6 T06–T08, T20, T21)."""

from __future__ import annotations

import pytest
from support.engine_util import record, replay_text

from replay.rules.declarations import contest, holds, parse_combo, scoring_carre_cards
from replay.rules.rulesets import load_ruleset

H, S, D, C = 1, 0, 2, 3
ORDER = [1, 2, 3, 4]  # dealer 4: seat 1 bids first


def winner(variant: str, trump: int, entries: list[tuple[int, str]], rules=None):
    rs = load_ruleset(variant, rules)
    valid = []
    for seat, text in entries:
        combo = parse_combo(text)
        valid.append((seat, combo, rs.declarations.value(combo, trump)))
    return contest(valid, rs.declarations, trump, rs.side_of, ORDER)


@pytest.mark.rule("yu4-21")
def test_parse_and_hold():
    run = parse_combo("run4:KH")  # TH JH QH KH (docs/bgn/game.md)
    assert run.length == 4 and run.text == "run4:KH"
    assert parse_combo("run3:8H").mask == 0  # cannot exist: never held (A501)
    assert parse_combo("run9:AH") is None
    assert holds(sum(1 << (8 + r) for r in (3, 4, 5, 6)), run)


@pytest.mark.rule("yu4-20", "yu4-22", "yu4-23", "A1")
def test_values_yu4():
    pol = load_ruleset("yu4").declarations
    assert [pol.value(parse_combo(t), H) for t in
            ("run3:9S", "run4:TS", "run5:JS", "run6:QS", "run7:KS")] == [20, 50, 100, 100, 100]
    assert pol.value(parse_combo("run8:AS"), H) is None  # yu4-22: wins the game
    assert [pol.value(parse_combo(f"carre:{r}"), H) for r in "JA9TKQ87"] == [
        200, 100, 150, 100, 100, 100, 0, 0]  # yu4-23, A1
    assert load_ruleset("yu4", "carre-tens=off").declarations.value(parse_combo("carre:T"), H) == 0


@pytest.mark.rule("mk4-11", "A41")
def test_values_mk4_run8_only_in_trump():
    pol = load_ruleset("mk4").declarations
    assert pol.value(parse_combo("run8:AH"), H) is None  # mk4-11
    assert pol.value(parse_combo("run8:AS"), H) == 100  # A41


@pytest.mark.rule("yu4-25", "mk4-14")
def test_t06_equal_plain_runs():
    entries = [(1, "run4:QC"), (2, "run4:QD")]
    assert winner("yu4", H, entries) is None  # yu4-25: identical, neither trump: nobody
    assert winner("mk4", H, entries) == 0  # mk4-14: seat 1 had the earlier right
    assert winner("yu4", H, [(1, "run4:QC"), (2, "run4:QH")]) == 1  # trump wins (yu4-25)
    assert winner("mk4", H, [(1, "run4:QC"), (2, "run4:QH")]) == 0  # no trump priority


@pytest.mark.rule("A42")
def test_t07_carre_beats_run_and_longer_run_wins():
    assert winner("yu4", S, [(1, "carre:A"), (2, "run7:KC")]) == 0
    assert winner("yu4", S, [(1, "run5:AD"), (2, "run6:KC")]) == 1
    assert winner("mk4", S, [(1, "run5:AD"), (2, "run6:KC")]) == 1  # A42


@pytest.mark.rule("A2")
def test_carre_against_carre_at_100():
    assert winner("yu4", S, [(2, "carre:K"), (1, "carre:A")]) == 0  # A2
    assert winner("yu4", S, [(1, "carre:T"), (2, "carre:Q")]) == 1


@pytest.mark.rule("T20", "yu4-18")
def test_t20_best_single_declaration_takes_all():
    entries = [(1, "run3:KD"), (3, "carre:9"), (2, "run3:KC")]
    assert winner("yu4", S, entries) == 0
    assert winner("mk4", S, entries) == 0


@pytest.mark.rule("yu4-25")
@pytest.mark.parametrize("a, b, side", [
    ("run3:AS", "run3:KH", 0),  # higher top card (yu4-25 step 4)
    ("run4:9S", "run3:AH", 0),  # value first
    ("carre:J", "run7:AH", 0),  # 200 > 100
])
def test_ordering(a, b, side):
    assert winner("yu4", C, [(1, a), (2, b)]) == side


@pytest.mark.parametrize("variant", ["yu4", "mk4", "bg4", "ru3", "yu3"])
@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_single_valid_declaration_wins_its_contest(variant, seat):
    """The contest's short way for one entry gives what the full comparison gives:
    the side (or seat, in three-player games) of the one who declared it."""
    rs = load_ruleset(variant)
    assert winner(variant, H, [(seat, "run3:9S")]) == rs.side_of[seat]
    # the same declaration beside a weaker one of the other camp still wins
    other = seat % rs.players + 1
    assert winner(variant, H, [(seat, "run4:TS"), (other, "run3:9D")]) == rs.side_of[seat]


# --- bg4-32: a card in one declaration, and the run kept short of a carré -----------

#: seat 4 holds 7H 8H 9H TH and the four tens (the layout of
#: tests/records/worked/bg4-32-run-short-of-a-carre.bgn); seat 1 holds seven diamonds
TENS_AND_HEARTS = """hands 1: 7S JD 9D AD KD / QD 8D 7D
      2: AS QS 9S 8S 7C / 8C 9C JC
      3: JS JH QH KH AH / AC KC QC
      4: KS TS TD TC 7H / 8H 9H TH"""

#: seat 1 holds the four 8s and 9C TC JC: its only run through 8C is 8C-JC
EIGHTS_AND_CLUBS = """hands 1: 8S 8H 8D 8C 9C / TC JC AS
      2: 7S 9S TS JS QS / KS 7H 9H
      3: TH JH QH KH AH / 7D 9D TD
      4: JD QD KD AD 7C / QC KC AC"""


def declaration_findings(variant: str, hands: str, declare: str, *, bids: str,
                         tags: str = "", turn: str = "", trick: str = "7S AS JS KS",
                         ) -> list[tuple[str, str]]:
    """The findings (code, message) of a one-trick record whose seats declare ``declare``."""
    text = record(variant, tags=tags, hands=hands + (f"\nturn {turn}" if turn else ""),
                  bids=bids, declare=declare, tricks=[trick], result="*")
    return [(v.code, v.message) for v in replay_text(text).violations]


@pytest.mark.rule("bg4-28")
def test_scoring_carre_cards_are_the_fours_worth_points():
    """bg4-28: fours of 7s and 8s score nothing, so only the four tens are set aside."""
    bg4 = load_ruleset("bg4").declarations
    tens = sum(1 << (s * 8 + 3) for s in range(4))
    eights = sum(1 << (s * 8 + 1) for s in range(4))
    nine_of_hearts = 1 << (8 + 2)
    assert scoring_carre_cards(tens | eights | nine_of_hearts, bg4.carre_values) == tens
    assert scoring_carre_cards(eights | nine_of_hearts, bg4.carre_values) == 0
    assert scoring_carre_cards(tens & ~(1 << 3), bg4.carre_values) == 0  # three tens: no carré


@pytest.mark.rule("bg4-32")
@pytest.mark.parametrize("declare", ["declare 4: run3:9H", "declare 4: carre:T run3:9H"])
def test_run_kept_short_of_a_scoring_carre_is_whole_in_bg4(declare: str):
    """bg4-32 (card-reuse=off): the player chooses which declaration TH serves; the
    tierce 7H-9H beside the four tens is whole, the carré written or not."""
    assert declaration_findings("bg4", TENS_AND_HEARTS, declare,
                                bids="bids D pass pass pass") == []


@pytest.mark.rule("bg4-32")
def test_run_kept_short_of_a_scoring_carre_is_whole_in_fr4():
    """fr4 takes bg4-32's q1 reading: a card in one declaration only, so the same tierce
    beside four tens is whole."""
    assert declaration_findings("fr4", TENS_AND_HEARTS, "declare 4: run3:9H",
                                bids="bids take", turn="QD", tags='[Target "1001"]') == []


@pytest.mark.rule("bg4-32")
def test_short_run_stays_a501_where_a_card_may_serve_twice():
    """bg4-32 with card-reuse=on: TH serves the carré and the run at once, so the seat
    holds the quarte 7H-TH and the tierce is a run it does not hold (A501)."""
    assert declaration_findings("bg4", TENS_AND_HEARTS, "declare 4: run3:9H",
                                bids="bids D pass pass pass", tags='[Rules "card-reuse=on"]') == [
        ("A501", "seat 4 declared run3:9H but holds the longer run run4:TH: "
                 "a run is declared whole")]


@pytest.mark.rule("bg4-28", "bg4-32")
@pytest.mark.parametrize("declare, codes", [("declare 1: run3:JC", ["A501"]),
                                             ("declare 1: carre:8 run3:JC", ["A502", "A501"])])
def test_a_four_that_scores_nothing_does_not_shorten_a_run(declare: str, codes: list[str]):
    """bg4-28, bg4-32: four 8s are no declaration, so keeping 8C for them is no choice:
    9C-JC beside 8C is part of the quarte 8C-JC (A501), with or without the four written
    (written, the four is also A502)."""
    found = declaration_findings("bg4", EIGHTS_AND_CLUBS, declare, bids="bids C pass pass pass",
                                 trick="AS")
    assert [code for code, _ in found] == codes
    assert found[-1] == ("A501", "seat 1 declared run3:JC but holds the longer run run4:JC: "
                                 "a run is declared whole")
