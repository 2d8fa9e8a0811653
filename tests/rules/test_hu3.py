"""hu3 rules (docs/rules/hu3.md) checked on whole records through the reader and the engine.

tests/records/hu3-base.bgn is worked by hand in tests/engine/test_hungarian.py: seat 1 takes
the turned hearts in round one, announces Absolut, wins all nine tricks with 130 card
points and makes V = 1 + 3 = 4 game points.  ROUND_TWO below is a deal where the soloist
falls to the defenders' four sevens.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.engine_util import replay_text
from support.rulecheck import Deal, check

BASE = (Path(__file__).parent.parent / "records" / "hu3-base.bgn").read_text(encoding="utf-8")

#: dealer 1: all pass round one; in round two seat 2 passes and seat 3 names diamonds.
#: Seat 2 leads.  Tricks: seat 2 JD 8D 8S (20), JH KC TH (16), AH TS TC and the last
#: trick (41): 77; seat 1 9C QC 7C (3); seat 3 the other five (3, 14, 2, 23, 18): 60;
#: the five cards out of play (QS AD KS 9H KD) hold 22.  Seat 2's four sevens (100)
#: outrank the soloist's run of three in trump (hu3 convention 14), so both defenders'
#: declarations count: seat 1 3 + 20, seat 2 77 + 100.  The soloist's 60 is below their
#: 200 and short of Absolut's 82: he falls and each defender writes V = 1 + 3 = 4.
ROUND_TWO = """[Variant "hu3"]

deal 1 dealer 1
hands 1: 8S 9S 8H 8C TC AC / KH QC KC
      2: 7S QH AH 7D 7C JC / 7H TH JD
      3: AS 8D 9D TD QD 9C / TS JS JH
turn QS
talon AD KS 9H KD
bids pass pass pass pass D
announce 3: absolut
declare 1: run3:AC 2: carre:7 3: run3:TD
play 1. JD 8D 8S
2. 7D QD 8H
3. 9D 8C 7S
4. JS 9S 7H
5. 9C QC 7C
6. AC JC TD
7. AS KH QH
8. JH KC TH
9. AH TS TC
score 4 4 -
total 4 4 0
result *
"""


@pytest.mark.rule("hu3-01", "hu3-03", "hu3-04", "hu3-05", "hu3-06", "hu3-15")
def test_the_soloist_takes_the_turned_suit_and_plays_nine_tricks():
    """Three players, a soloist against two (hu3-01); classic card values (hu3-03); six
    cards each, the turned card, three more each and the rest of the pack face up
    (hu3-04): nine cards each, nine tricks, five cards out of play (hu3-05); the first
    to accept the turned suit in round one is the soloist (hu3-06); the last trick is
    worth 10 and taking every trick brings no bonus unless volat is announced (hu3-15)."""
    r = replay_text(BASE)
    assert [t.winner for t in r.deals[0].tricks] == [1] * 9
    assert [t.points for t in r.deals[0].tricks] == [20, 11, 10, 6, 8, 13, 13, 14, 35]
    assert r.deals[0].card_points == [130, 0, 0]  # 9H 7H QD KD AD (32) are out of play
    assert check(BASE) == ([], [Deal(True, [4, 0, 0], [4, 0, 0])], "*")
    ten = BASE.replace("/ 8D 9D TD", "/ 8D 9D TD QD")
    assert check(ten).lines == [
        "t.bgn:5:7: D202 seat 2 holds 10 cards, not 9 (game 1, deal 1)",
        "t.bgn:8:10: D201 QD appears twice in the deal (game 1, deal 1)",
    ]
    assert check(BASE.replace("talon 7H QD KD AD", "talon 7H QD KD")).lines == [
        "t.bgn:4:1: D201 missing from the deck: AD (game 1, deal 1)"]


@pytest.mark.rule("hu3-07", "hu3-08", "hu3-11", "hu3-12")
def test_round_two_climbs_the_ladder_and_four_sevens_count():
    """If no one accepts the turned suit, each may name another suit or No-trumps,
    overcalling on spades < diamonds < clubs < hearts < No-trumps; the highest call wins
    (hu3-07, hu3-08); four sevens are a declaration worth 100 (hu3-12)."""
    assert check(ROUND_TWO) == ([], [Deal(False, [4, 4, 0], [4, 4, 0])], "*")
    again = ROUND_TWO.replace("bids pass pass pass pass D", "bids pass pass pass pass D pass D")
    assert check(again) == (
        ["t.bgn:9:33: B302 'D' is not higher than D (♠ < ♦ < ♣ < ♥ < NT) (game 1, deal 1)"],
        [Deal(False, [4, 4, 0], [4, 4, 0])], "*")
    # seat 1 diamonds, seat 2 clubs over it, seat 1 No-trumps over both: the base deal in
    # No-trumps has no declarations and no bela, and Absolut (66 in No-trumps) is made
    climbed = BASE.replace("bids take", "bids pass pass pass D C pass NT pass pass")
    assert check(climbed) == (
        [f"t.bgn:11:{col}: A502 no declarations in No trumps ({decl}) (game 1, deal 1)"
         for col, decl in ((12, "run5:AH"), (23, "run3:9S"), (34, "run4:AC"), (42, "run3:9C"))]
        + ["t.bgn:15:7: A503 'bela' on KH: bela is announced with the first of the king and "
           "queen of trump, by the seat that holds both (game 1, deal 1, trick 4)"],
        [Deal(True, [4, 0, 0], [4, 0, 0])], "*")
    passed = """[Variant "hu3"]

deal 1 dealer 1
hands 1: 8S 9S 8H 8C TC AC
      2: 7S QH AH 7D 7C JC
      3: AS 8D 9D TD QD 9C
turn QS
bids pass pass pass pass pass pass
result *
"""
    assert check(passed) == ([], [Deal(None, [0, 0, 0], [0, 0, 0])], "*")


@pytest.mark.rule("hu3-18")
def test_late_figures_are_announced_with_the_full_hand():
    """Tuletroa and čelad (2 each) and the other late figures are announced holding the
    full hand, after the pickup (hu3-18).  Čelad (trump A, K, Q among the soloist's
    tricks) is made: V = 1 + 3 + 2 = 6; tuletroa (trump J, 9, 7) is not, the 9H and 7H
    being out of play: the soloist falls and each defender writes 6."""
    late = BASE.replace("play 1.", "announce 1: {figure}\nplay 1.").replace(
        "score 4 0 0\ntotal 4 0 0\n", "")
    assert check(late.format(figure="celad")) == ([], [Deal(True, [6, 0, 0], [6, 0, 0])], "*")
    assert check(late.format(figure="tuletroa")) == (
        [], [Deal(False, [0, 6, 6], [0, 6, 6])], "*")


@pytest.mark.rule("hu3-21")
def test_the_game_is_to_eighty_game_points():
    """The game is to 80 game points (hu3-21).  Absolut with hundred (4 + 3), two
    hundred (4), čelad (2) and volat (10), all made: V = 24; both defenders give kontra,
    each an account at twice V: the soloist +96, each defender -48.  96 is past 80: the
    game is over and seat 1 wins."""
    big = BASE.replace("announce 1: absolut", "announce 1: absolut hundred twohundred celad volat"
                       ).replace("bids take", "bids take X X").replace(
        "score 4 0 0\ntotal 4 0 0\nresult *", "score 96 -48 -48\nresult 1")
    assert check(big) == ([], [Deal(True, [96, -48, -48], [96, -48, -48])], "1")
    assert check(big.replace("result 1", "result *")).lines == [
        "t.bgn:22:8: S603 the result is 1, not * (game 1)"]
