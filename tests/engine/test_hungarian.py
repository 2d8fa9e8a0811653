"""hu3 and hu2: figures, kontra and rekontra, Betl, the exchange chain.

tests/records/hu3-base.bgn, worked by hand: seat 1 takes the turned hearts in
round 1 and announces Absolut before the pickup.  He wins all nine tricks:
20 + 11 + 10 + 6 + 8 + 13 + 13 + 14 + (25 + 10 last) = 130 card points (the
out-of-play 9H, 7H, QD, KD, AD make up the 162).  His quinte to the ace (100)
beats the defenders' best (50) (hu3-11), bela 20: 250 against 0.  He passes and
makes Absolut (≥ 82): V = 1 + 3 = 4 (hu3-16, hu3-17).
"""

from __future__ import annotations

import pytest
from support.engine_util import RECORDS, found, replay_text, where

from replay.rules.figures import deal_value, game_points

BASE = (RECORDS / "hu3-base.bgn").read_text(encoding="utf-8")


def deal_of(text):
    r = replay_text(text)
    d = r.deals[0]
    return found(r), d.made, d.score


@pytest.mark.rule("hu3-16", "hu3-17")
def test_base_deal_absolut_made():
    assert deal_of(BASE) == ([], True, [4, 0, 0])


@pytest.mark.rule("hu3-20")
@pytest.mark.parametrize("bids, score", [
    ("bids take X", [8, -8, 0]),  # one kontra: a separate account at ×2 (hu3-20)
    ("bids take X X", [16, -8, -8]),  # both defenders: +4V for the soloist
    ("bids take X pass XX", [16, -16, 0]),  # rekontra: ×4
])
def test_kontra_and_rekontra_on_a_made_deal(bids, score):
    text = BASE.replace("bids take", bids).replace("score 4 0 0\ntotal 4 0 0\n", "")
    assert deal_of(text) == ([], True, score)


@pytest.mark.rule("hu3-17", "hu3-18")
@pytest.mark.parametrize("figure, made, score", [
    ("hundred", True, [8, 0, 0]),  # ≥ 100: 1 + 4 + 3 (Absolut implied)
    ("tuletroa", False, [0, 6, 6]),  # trump 9 and 7 are out of play: 1 + 3 + 2, failed
    ("volat", True, [14, 0, 0]),  # all nine tricks: 1 + 3 + 10
    ("fortyfour", False, [0, 8, 8]),  # three aces are in his tricks, AD is out of play
])
def test_figures(figure, made, score):
    text = BASE.replace("announce 1: absolut", f"announce 1: absolut {figure}")
    text = text.replace("score 4 0 0\ntotal 4 0 0\n", "")
    errors, got_made, got_score = deal_of(text)
    assert (errors, got_made, got_score) == ([], made, score)


@pytest.mark.rule("hu3-17")
def test_absolut_after_the_pickup_is_b302_and_ignored():
    text = BASE.replace("announce 1: absolut\n", "").replace(
        "declare 1: run5:AH 2: run3:9S 3: run4:AC run3:9C",
        "declare 1: run5:AH 2: run3:9S 3: run4:AC run3:9C\nannounce 1: absolut")
    text = text.replace("score 4 0 0\ntotal 4 0 0\n", "")
    errors, made, score = deal_of(text)
    assert errors == [("B302", *where(text, "absolut"), 1, None, 1)]
    assert (made, score) == (True, [1, 0, 0])


@pytest.mark.rule("hu3-17")
def test_figure_by_a_defender_is_b302():
    text = BASE.replace("announce 1: absolut", "announce 2: absolut")
    errors, _, _ = deal_of(text.replace("score 4 0 0\ntotal 4 0 0\n", ""))
    assert errors == [("B302", *where(text, "absolut"), 1, None, 2)]


@pytest.mark.rule("hu3-19")
def test_betl_stops_at_the_soloists_first_trick():
    # Betl after the pickup: no trump, the soloist must take no trick (hu3-19).  He
    # wins trick 1: the deal stops there, failed; each defender +10.
    text = BASE.replace("announce 1: absolut\n", "").replace(
        "declare 1: run5:AH 2: run3:9S 3: run4:AC run3:9C",
        "declare 1: run5:AH 2: run3:9S 3: run4:AC run3:9C\nannounce 1: betl")
    text = text[:text.index("2. AH")] + "result *\n"
    assert deal_of(text) == ([], False, [0, 10, 10])


@pytest.mark.rule("hu3-19")
def test_bela_in_betl_is_a503():
    text = BASE.replace("announce 1: absolut\n", "announce 1: betl\n")
    text = text.replace("1. JH 7S 7C", "1. KH bela 7S 7C")
    text = text[:text.index("2. AH")] + "result *\n"
    errors, made, score = deal_of(text)
    assert errors == [("A503", *where(text, "bela"), 1, 1, 1)]
    assert (made, score) == (False, [0, 10, 10])


@pytest.mark.rule("hu3-14")
def test_no_overbeat_duty_but_ruff_when_void():
    # trick 1 led JH: a defender void in hearts with no trump plays anything (hu3-14)
    assert deal_of(BASE)[0] == []


@pytest.mark.rule("T23", "hu3-20")
def test_value_and_accounts():
    assert deal_value(["hundred"]) == 8 and deal_value(["absolut", "hundred"]) == 8
    assert deal_value(["betl"]) == 10 and deal_value([]) == 1
    # T23 (b): Stotina failed with kontra from X only: P1 −16, X +16, Y +8
    assert game_points(3, 0, 8, False, (1,), 2) == [-16, 16, 8]
    # T23 (c): without kontra
    assert game_points(3, 0, 8, True, (), 2) == [8, 0, 0]
    assert game_points(3, 0, 8, False, (), 2) == [0, 8, 8]


#: after the exchange seat 1 holds 7H 9H TH JH QH KH AH: his run is 9H-AH, written
#: whole as run6:AH (docs/bgn/replay.md §2; a run5:AH would be A501)
EXCHANGED = BASE.replace(
    "declare 1: run5:AH", "exchange 1: swap 8H take 7H discard KS\ndeclare 1: run6:AH").replace(
    "6. 8H TC QC", "6. 9H TC QC").replace("9. KS TD AC", "9. 7H TD AC").replace(
    "score 4 0 0\ntotal 4 0 0\n", "")


@pytest.mark.rule("hu3-10")
def test_swap_take_discard_chain():
    # 7H lies visible on the stock, so the 8 is the card to swap (hu3-10); then
    # the 7 is taken from the stock and KS laid away, out of play (conventions §9–10).
    # Tuletroa (J, 9, 7 of trump in his tricks) is now made: V = 1 + 3 + 2.
    text = EXCHANGED.replace("announce 1: absolut", "announce 1: absolut tuletroa")
    assert deal_of(text) == ([], True, [6, 0, 0])


@pytest.mark.rule("hu3-09")
def test_swap_of_the_wrong_card_is_b303_and_carried_out():
    text = EXCHANGED.replace("swap 8H", "swap QH")
    errors, _, _ = deal_of(text)
    assert ("B303", *where(text, "swap"), 1, None, 1) in errors


@pytest.mark.rule("hu3-09")
def test_take_without_a_swap_is_b303():
    text = EXCHANGED.replace("swap 8H take 7H discard KS", "take 7H discard KS")
    errors, _, _ = deal_of(text)
    assert ("B303", *where(text, "take", 2), 1, None, 1) in errors


@pytest.mark.rule("hu3-18")
@pytest.mark.parametrize("figure, made, score", [
    ("twohundred", True, [8, 0, 0]),  # 250 ≥ 200: 1 + 3 + 4
    ("celad", True, [6, 0, 0]),  # AH KH QH are in his tricks: 1 + 3 + 2
    ("ultimo", False, [0, 9, 9]),  # his card in the last trick is KS, not the 7: 1 + 3 + 5
    ("alltrumps", False, [0, 10, 10]),  # 9H is out of play: 1 + 3 + 6
])
def test_more_figures(figure, made, score):
    text = BASE.replace("announce 1: absolut", f"announce 1: absolut {figure}")
    text = text.replace("score 4 0 0\ntotal 4 0 0\n", "")
    assert deal_of(text) == ([], made, score)


@pytest.mark.rule("hu3-17")
def test_no_trumps_has_no_declarations_and_no_bela():
    # Round 2 No trumps by seat 1 (after three passes of round 1).  Plain values:
    # 2 + 11 + 10 + 6 + 8 + 13 + 13 + 14 + (25 + 10) = 112, all nine tricks;
    # Absolut in No trumps needs 66 (hu3-17): made, V = 4.  Every declaration is
    # A502 and the bela is A503 (hu3 convention 13 (docs/rules/hu3.md)).
    text = BASE.replace("bids take", "bids pass pass pass NT").replace(
        "score 4 0 0\ntotal 4 0 0\n", "")
    errors, made, score = deal_of(text)
    assert errors == [
        ("A502", *where(text, "run5:AH"), 1, None, 1),
        ("A502", *where(text, "run3:9S"), 1, None, 2),
        ("A502", *where(text, "run4:AC"), 1, None, 3),
        ("A502", *where(text, "run3:9C"), 1, None, 3),
        ("A503", *where(text, "bela"), 1, 4, 1),
    ]
    assert (made, score) == (True, [4, 0, 0])


@pytest.mark.rule("hu3-19")
def test_betl_made_scores_ten():
    from replay.rules.bidding import Contract
    from replay.rules.figures import hungarian_scoring
    from replay.rules.rulesets import load_ruleset
    from replay.rules.tally import SoloistPlay, Tally

    t = Tally(Contract(1, 4), 0, [0, 60, 60], [0, 5, 4], [0, 0, 0], 0, [0, 0, 0], None,
              soloist=SoloistPlay(figures=("betl",), betl=True, won=0, last_card=None))
    r = hungarian_scoring(load_ruleset("hu3"), t)
    assert (r.scores, r.made) == ([10, 0, 0], True)
    t.contract.kontras, t.contract.double = (2,), 2
    assert hungarian_scoring(load_ruleset("hu3"), t).scores == [20, -20, 0]  # seat 2 gave it


@pytest.mark.rule("hu3-17")
def test_announce_after_play_is_b302_and_ignored():
    text = BASE.replace("score 4 0 0\n", "announce 1: volat\nscore 4 0 0\n")
    errors, made, score = deal_of(text)
    assert errors == [("B302", *where(text, "volat"), 1, None, 1)]
    assert (made, score) == (True, [4, 0, 0])
