"""Regressions from independently written records: All-trumps tricks, Betl
declarations, the place of a bad word after ``claim``; and the engine's inlined
trick winner pinned to ``replay.rules.legality``.

Each test pins a case those records brought up.
"""

from __future__ import annotations

import pytest
from support.engine_util import RECORDS, found, replay_text, where

from ingest.bgn.reader import parse_games
from ingest.bgn.writer import write_game
from replay.engine.walk import replay_game
from replay.model.cards import ALL_TRUMPS, CARD_INDEX, CARD_TEXT, CONTRACT_TABLES, SUIT_OF, cards_in
from replay.rules.legality import judge, trick_winner
from replay.rules.rulesets import load_ruleset
from replay.simulate import SUPPORTED, simulate_games

AT = CONTRACT_TABLES[ALL_TRUMPS]
HU3_BASE = (RECORDS / "hu3-base.bgn").read_text(encoding="utf-8")


def ints(cards: str) -> list[int]:
    return [CARD_INDEX[c] for c in cards.split()]


@pytest.mark.rule("bg4-16")
def test_all_trumps_a_card_of_another_suit_never_wins():
    # bg4-16: every suit ranks J 9 A T K Q 8 7, "and still no dominant suit"
    assert trick_winner(ints("QC JH QD TD"), AT) == 0
    assert trick_winner(ints("7D JS 9C 8D"), AT) == 3
    assert trick_winner(ints("QC JH QD TD"), CONTRACT_TABLES[1]) == 1  # hearts trump: JH ruffs


@pytest.mark.rule("bg4-27")
def test_all_trumps_raise_is_over_the_best_card_of_the_led_suit():
    # bg4-27: AD led, JH discarded on it; a seat holding 9D 7D must raise with 9D
    rs = load_ruleset("bg4")
    hand = sum(1 << c for c in ints("9D 7D 8C"))
    legal, code = judge(hand, CARD_INDEX["7D"], ints("AD JH"), [1, 2], 3, AT, rs.duties,
                        rs.side_of)
    assert {CARD_TEXT[c] for c in cards_in(legal)} == {"9D"}
    assert code == "C404"


#: All trumps by seat 1, worked by hand.  Every follower follows and raises when it
#: can (bg4-27); a void seat plays anything.
#:   1. JS 7S 8S 9S  seat 1  20+0+0+14  = 34 A      5. AH TH KH KD  seat 1  11+10+4+4 = 29 A
#:   2. AS TS KS QS  seat 1  11+10+4+3  = 28 A      6. 7C 8C 9C JC  seat 4  0+0+14+20 = 34 B
#:   3. JD 7D 8D 9D  seat 1  20+0+0+14  = 34 A      7. AC QH TC KC  seat 4  11+3+10+4 = 28 B
#:   4. 9H 7H 8H AD  seat 1  14+0+0+11  = 25 A      8. QC JH QD TD  seat 4  3+20+3+10 +10 = 46 B
#: Trick 8 is led by seat 4 with the only club: seat 1's JH does not take it.
#: A 150, B 108 (258).  Made; match points with the All-trumps limit 4 (bg4-46):
#: 150 -> 15, 108 -> 11 (8 is above the limit).
AT_DEAL = """[Variant "bg4"]

deal 1 dealer 4
hands 1: JS AS JD 9H AH / 7C QH JH 2: 7S TS 7D 7H TH / 8C TC QD
      3: 8S KS 8D 8H KH / 9C KC TD 4: 9S QS 9D AD KD / JC AC QC
bids AT pass pass pass
declare 1: - 2: - 3: - 4: -
play 1. JS 7S 8S 9S
2. AS TS KS QS
3. JD 7D 8D 9D
4. 9H 7H 8H AD
5. AH TH KH KD
6. 7C 8C 9C JC
7. AC QH TC KC
8. QC JH QD TD
score 15 11
total 15 11
result *
"""


@pytest.mark.rule("bg4-16", "bg4-27")
def test_all_trumps_deal_worked_by_hand():
    report = replay_text(AT_DEAL)
    assert found(report) == []
    (deal,) = report.deals
    assert [t.winner for t in deal.tricks] == [1, 1, 1, 1, 1, 4, 4, 4]
    assert [t.points for t in deal.tricks] == [34, 28, 34, 25, 29, 34, 28, 46]
    assert deal.card_points == [150, 108]
    assert (deal.made, deal.score, deal.total) == (True, [15, 11], [15, 11])


def test_all_trumps_deal_with_a_wrong_score_line_is_s601():
    text = AT_DEAL.replace("score 15 11\ntotal 15 11", "score 20 6\ntotal 20 6")
    report = replay_text(text)
    assert found(report) == [("S601", 16, 7, 1, None, None), ("S602", 17, 7, 1, None, None)]
    assert report.violations[0].message == "score for side A is 15, not 20"


@pytest.mark.rule("hu3-19")
def test_betl_declaration_of_unheld_cards_is_a501():
    # seat 2 holds 7S 8S 9S JS QS TC 8D 9D TD: no KH.  Betl voids declarations
    # (hu3-19) but declaring cards one does not hold is an error in any contract.
    text = HU3_BASE.replace("announce 1: absolut\n", "").replace(
        "declare 1: run5:AH 2: run3:9S 3: run4:AC run3:9C",
        "declare 1: run5:AH 2: run3:KH 3: run4:AC run3:9C\nannounce 1: betl")
    text = text[:text.index("2. AH")] + "result *\n"
    report = replay_text(text)
    assert found(report) == [("A501", *where(text, "run3:KH"), 1, None, 2)]
    assert (report.deals[0].made, report.deals[0].score) == (False, [0, 10, 10])


def test_a_bad_word_after_claim_is_placed_at_that_word():
    text = """[Variant "yu4"]

deal 1 dealer 4
bids pass H
play 1. 7S 9S JS KS
2. AS 8S TS QS
3. KH 7H TH JH
4. QH AH 8H 9H
5. KH 9H AH 7H 2: claim everything
result *
"""
    (game,) = list(parse_games(text))
    (error,) = game.errors
    assert (error.code, error.line, error.col) == ("P101", 9, 25)
    assert where(text, "everything") == (9, 25)


@pytest.mark.parametrize("variant", SUPPORTED)
def test_the_engine_card_loop_and_legality_agree_on_every_trick_winner(variant):
    """The card loop inlines ``legality.beats``; both must name the same winner."""
    tricks = 0
    for game in simulate_games(variant, 4, seed=77, violation_rate=0.1):
        (parsed,) = list(parse_games(write_game(game)))
        for deal in replay_game(parsed).deals:
            ct = CONTRACT_TABLES[deal.contract if deal.contract is not None else 0]
            for t in deal.tricks:
                assert t.winner == t.seats[trick_winner(t.cards, ct)], (variant, t)
                # invariant: the winning card is of the led suit, or a trump of a suit
                # contract (No trumps, All trumps and Betl have no suit over another)
                won_with = SUIT_OF[t.cards[t.seats.index(t.winner)]]
                assert won_with == SUIT_OF[t.cards[0]] or won_with == deal.contract, t
                tricks += 1
    assert tricks > 100



def _declared(variant: str, hand: str, declare: str, bids: str) -> list[tuple]:
    """Seat 1 holds ``hand``, declares, and leads its last card: the findings."""
    from support.engine_util import deal_hands, record

    text = record(variant, hands=deal_hands({1: hand}, {}), bids=bids,
                  declare=f"declare 1: {declare}", tricks=[hand.split()[-1]], result="*")
    return [(v.code, v.col, v.message) for v in replay_text(text).violations]


@pytest.mark.rule("yu4-24", "T08")
@pytest.mark.parametrize("variant, bids", [("yu4", "bids H"), ("bg4", "bids H pass pass pass")])
def test_a_run_is_declared_whole_not_split(variant, bids):
    # yu4-24, §6 T08: 8S-KS is one sixte (run6:KS, 100), not two tierces (docs/bgn/replay.md §2)
    hand = "8S 9S TS JS QS KS 7D 7C"
    assert _declared(variant, hand, "run6:KS", bids) == []
    split = _declared(variant, hand, "run3:TS run3:KS", bids)
    assert [code for code, _, _ in split] == ["A501", "A501"]
    assert split[0][2] == ("seat 1 declared run3:TS but holds the longer run run6:KS: "
                           "a run is declared whole")
    assert [code for code, _, _ in _declared(variant, hand, "run5:QS", bids)] == ["A501"]


@pytest.mark.rule("bg4-29")
def test_eight_cards_of_a_suit_are_one_run_in_bg4():
    # bg4-29 (o): five or more in a row are one run of 100; 5 + 3 would score 120
    hand = "7S 8S 9S TS JS QS KS AS"
    assert _declared("bg4", hand, "run8:AS", "bids S pass pass pass") == []
    assert [c for c, _, _ in _declared("bg4", hand, "run5:AS run3:9S",
                                        "bids S pass pass pass")] == ["A501", "A501"]
