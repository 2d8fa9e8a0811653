"""yu3 and ru3: hand-worked deals and the scoring rules that differ from yu4.

tests/records/yu3-base.bgn, worked by hand (trump spades, soloist seat 1):
tricks 1–8 are the soloist's eight spades (62) with the others' discards
(seat 2: diamonds + AH KH = 30, seat 3: clubs = 30) → 122; trick 9 (7H JH KD)
goes to seat 2 for 6; trick 10 (QH AD 8H) to seat 2 for 3 + 11 + 10 last = 24.
The soloist's discards 9H TH add 10 (yu3-06); his 8-run is worth 100 and beats
seat 3's by trump (yu3-09, yu3-25); bela on KS 20.  Soloist 122 + 10 + 100 +
20 = 252, seat 2 30, seat 3 0; 252 ≥ 30: made.

tests/records/ru3-base.bgn (trump clubs taken in round 1 by seat 2, who swaps
7C for the turned 9C): seat 2 takes tricks 1–7 for 107 + bela 20; seat 3 tricks
8–9 for 35 (with the last 10); seat 1 none.  All three declare a run to the
ace, counted as five (ru3-13): seat 2's is in trump and wins (ru3-14): +100.
Seat 1 took no trick: +50 to each other seat (ru3-26).  Seat 2: 277, seat 3:
85, seat 1: 0; the contractor is above both: made.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from support.engine_util import RECORDS, found, replay_text, where

from replay.rules.bidding import Contract
from replay.rules.rulesets import load_ruleset
from replay.rules.scoring import contractor_split, soloist_raw
from replay.rules.tally import Tally


def text_of(name: str) -> str:
    return (RECORDS / name).read_text(encoding="utf-8")


@pytest.mark.rule("yu3-06", "yu3-08", "yu3-09", "yu3-13")
def test_yu3_base_deal():
    r = replay_text(text_of("yu3-base.bgn"))
    assert found(r) == []
    d = r.deals[0]
    assert (d.made, d.score, d.total) == (True, [252, 30, 0], [252, 30, 0])


@pytest.mark.rule("ru3-11", "ru3-13", "ru3-14", "ru3-19", "ru3-26")
def test_ru3_base_deal():
    r = replay_text(text_of("ru3-base.bgn"))
    assert found(r) == []
    d = r.deals[0]
    assert (d.made, d.score, d.total) == (True, [0, 277, 85], [0, 277, 85])


@pytest.mark.rule("yu3-06")
def test_yu3_wrong_number_of_discards_b303_and_card_not_held_d203():
    text = text_of("yu3-base.bgn").replace("discard 9H TH", "discard 9H TH 7D")
    r = replay_text(text)
    codes = [v[:3] for v in found(r)]
    assert ("D203", *where(text, "7D", 2)) in codes  # seat 1 does not hold 7D
    assert ("B303", *where(text, "discard")) in codes  # three written, not two
    text = text_of("yu3-base.bgn").replace("discard 9H TH", "discard 9H")
    r = replay_text(text)
    assert ("B303", *where(text, "discard"), 1, None, 1) in found(r)


@pytest.mark.rule("yu3-04")
def test_yu3_soloist_must_name_trump():
    text = ('[Variant "yu3"]\n\ndeal 1 dealer 3\nbids pass\nresult *\n')
    r = replay_text(text)
    assert found(r) == [("B302", *where(text, "pass"), 1, None, 1)]
    assert r.deals[0].made is None and r.deals[0].score == [0, 0, 0]


def test_yu3_needs_hands():
    text = text_of("yu3-base.bgn")
    text = text[:text.index("hands")] + text[text.index("bids"):]
    r = replay_text(text)
    assert [v[0] for v in found(r)] == ["D204", "S601", "S602"]


@pytest.mark.rule("ru3-10")
def test_ru3_swap_only_in_round_one():
    text = text_of("ru3-base.bgn").replace("bids pass take", "bids pass pass pass pass D")
    r = replay_text(text)
    assert ("B303", *where(text, "swap"), 1, None, 2) in found(r)


@pytest.mark.rule("ru3-10")
def test_ru3_swap_of_a_card_that_is_not_the_seven():
    text = text_of("ru3-base.bgn").replace("swap 7C", "swap 8C")
    r = replay_text(text)
    assert ("B303", *where(text, "swap"), 1, None, 2) in found(r)


# ------------------------------------------------------------- the scoring
def tally(points, caller=0, tricks=(3, 3, 3), decl=(0, 0, 0), bela=(0, 0, 0), capot=None):
    return Tally(Contract(caller + 1, 0), caller, list(points), list(tricks), list(decl),
                 sum(decl), list(bela), capot)


@pytest.mark.rule("T13", "yu3-13", "yu3-14")
def test_yu3_tie_passes_and_failure_keeps_defenders_own():
    rs = load_ruleset("yu3")
    assert soloist_raw(rs, tally((81, 41, 40))).scores == [81, 41, 40]  # T13: a pass
    r = soloist_raw(rs, tally((80, 42, 40)))
    assert (r.scores, r.made) == ([0, 42, 40], False)  # yu3-13
    r = soloist_raw(rs, tally((152, 0, 0), tricks=(10, 0, 0), decl=(0, 50, 0), capot=0))
    assert r.scores == [242, 0, 0]  # +90, the trickless seat's 50 is void


@pytest.mark.rule("T14", "A16", "ru3-23", "ru3-24")
@pytest.mark.parametrize("points, scores, made, hang", [
    ((70, 80, 50), [0, 115, 85], False, 0),  # T14 (a): split in halves
    ((70, 70, 60), [0, 70, 60], False, 70),  # T14 (b): hangs
    ((70, 70, 75), [0, 105, 110], False, 0),  # T14 (c): failure first (A16)
    ((75, 74, 40), [75, 74, 40], True, 0),  # T14 (d)
    ((71, 80, 40), [0, Decimal("115.5"), Decimal("75.5")], False, 0),  # halves kept
])
def test_ru3_contract(points, scores, made, hang):
    r = contractor_split(load_ruleset("ru3"), tally(points))
    assert (r.scores, r.made, r.hang) == (scores, made, hang)


@pytest.mark.rule("ru3-23")
def test_ru3_split_rounding_down():
    r = contractor_split(load_ruleset("ru3", "split-rounding=down"), tally((71, 80, 40)))
    assert r.scores == [0, 115, 75]


@pytest.mark.rule("T15")
def test_ru3_capots():
    rs = load_ruleset("ru3")
    r = contractor_split(rs, tally((100, 62, 0), tricks=(5, 4, 0)))
    assert r.scores == [150, 112, 0]  # T15 (a): +50 to each of the others
    r = contractor_split(rs, tally((162, 0, 0), tricks=(9, 0, 0), decl=(0, 100, 0), capot=0))
    assert r.scores == [262, 0, 0]  # T15 (b): +100, the others write nothing


@pytest.mark.rule("ru3-24")
def test_ru3_hanging_points_go_to_the_single_top_scorer():
    rs = load_ruleset("ru3")
    r = contractor_split(rs, tally((90, 50, 20)), pot=70)
    assert r.scores == [160, 50, 20] and r.hang == 0
    r = contractor_split(rs, tally((60, 80, 80)), pot=70)  # failed: 30 + 30
    assert r.scores == [0, 110, 110] and r.hang == 70  # a tie at the top: pending
