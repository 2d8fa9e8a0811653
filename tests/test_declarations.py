"""The declaration contest, rule by rule (yu4-18 … yu4-26, mk4-09 … mk4-15; §6 T06–T08, T20, T21)."""

from __future__ import annotations

import pytest

from replay.rules.declarations import contest, holds, parse_combo
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


def test_parse_and_hold():
    run = parse_combo("run4:KH")  # TH JH QH KH (bgn.md §3.2)
    assert run.length == 4 and run.text == "run4:KH"
    assert parse_combo("run3:8H").mask == 0  # cannot exist: never held (A501)
    assert parse_combo("run9:AH") is None
    assert holds(sum(1 << (8 + r) for r in (3, 4, 5, 6)), run)


def test_values_yu4():
    pol = load_ruleset("yu4").declarations
    assert [pol.value(parse_combo(t), H) for t in
            ("run3:9S", "run4:TS", "run5:JS", "run6:QS", "run7:KS")] == [20, 50, 100, 100, 100]
    assert pol.value(parse_combo("run8:AS"), H) is None  # yu4-22: wins the game
    assert [pol.value(parse_combo(f"carre:{r}"), H) for r in "JA9TKQ87"] == [
        200, 100, 150, 100, 100, 100, 0, 0]  # yu4-23, A1
    assert load_ruleset("yu4", "carre-tens=off").declarations.value(parse_combo("carre:T"), H) == 0


def test_values_mk4_run8_only_in_trump():
    pol = load_ruleset("mk4").declarations
    assert pol.value(parse_combo("run8:AH"), H) is None  # mk4-11
    assert pol.value(parse_combo("run8:AS"), H) == 100  # A41


def test_t06_equal_plain_runs():
    entries = [(1, "run4:QC"), (2, "run4:QD")]
    assert winner("yu4", H, entries) is None  # yu4-25: identical, neither trump: nobody
    assert winner("mk4", H, entries) == 0  # mk4-14: seat 1 had the earlier right
    assert winner("yu4", H, [(1, "run4:QC"), (2, "run4:QH")]) == 1  # trump wins (yu4-25)
    assert winner("mk4", H, [(1, "run4:QC"), (2, "run4:QH")]) == 0  # no trump priority


def test_t07_carre_beats_run_and_longer_run_wins():
    assert winner("yu4", S, [(1, "carre:A"), (2, "run7:KC")]) == 0
    assert winner("yu4", S, [(1, "run5:AD"), (2, "run6:KC")]) == 1
    assert winner("mk4", S, [(1, "run5:AD"), (2, "run6:KC")]) == 1  # A42


def test_carre_against_carre_at_100():
    assert winner("yu4", S, [(2, "carre:K"), (1, "carre:A")]) == 0  # A2
    assert winner("yu4", S, [(1, "carre:T"), (2, "carre:Q")]) == 1


def test_t20_best_single_declaration_takes_all():
    entries = [(1, "run3:KD"), (3, "carre:9"), (2, "run3:KC")]
    assert winner("yu4", S, entries) == 0
    assert winner("mk4", S, entries) == 0


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
