"""bg2 rules (docs/rules/bg2.md) checked on whole records through the reader and the engine.

Two players on 24 cards, 9 to A: six cards each before the bidding, three after, nine
tricks, six cards aside (written as the `talon`).  The scoring is the bg4 q2 scoring
(docs/rules/readings.md A27).
"""

from __future__ import annotations

import pytest
from support.rulecheck import Deal, check

#: seat 1 (the non-dealer) bids clubs, the dealer hearts, seat 1 passes: hearts by seat
#: 2.  Seat 1 takes 94 card points, seat 2 only KD TD (14) and AS KH (15): 29; the six cards aside
#: hold the other 39 (AH 11 in trump, AD 11, TC 10, KS 4, QD 3).  The bidder falls and
#: seat 1 writes all 123: 12 match points.
HEARTS = """[Variant "bg2"]
[Target "151"]

deal 1 dealer 2
hands 1: TS AS 9H JD KD AC / QS JH KC
      2: TH QH KH 9D TD QC / 9S JS JC
talon 9C QD TC AH KS AD
bids C H pass
play 1. 9H TH
2. TS 9S
3. JD 9D
4. JH QH
5. QS JS
6. KD TD
7. JC KC
8. AS KH
9. QC AC
score 12 -
result *
"""

PRE_BID = """[Variant "bg2"]
[Target "151"]

deal 1 dealer 2
hands 1: TS AS 9H JD KD AC
      2: TH QH KH 9D TD QC
bids {bids}
result *
"""


@pytest.mark.rule("bg2-01", "bg2-02")
def test_twenty_four_cards_nine_to_ace():
    """The deck is 24 cards, 9 to A (bg2-01): eighteen in play and six aside make all
    162 points; a talon of five leaves AD out."""
    assert check(HEARTS) == ([], [Deal(False, [12, 0], [12, 0])], "*")
    assert check(HEARTS.replace("KS AD\n", "KS\n")).lines == [
        "t.bgn:5:1: D201 missing from the deck: AD (game 1, deal 1)"]


@pytest.mark.rule("bg2-03")
def test_the_non_dealer_bids_first_then_the_dealer_may_bid_higher():
    """The non-dealer calls first, then the dealer may bid higher or pass; when both
    pass the deal is over (bg2-03)."""
    assert check(PRE_BID.format(bids="pass pass")) == ([], [Deal(None, [0, 0], [0, 0])], "*")
    assert check(PRE_BID.format(bids="2:pass pass")).lines == [
        "t.bgn:7:6: B301 seat 2 called out of turn: it was seat 1's call (game 1, deal 1)"]
    # clubs after seat 1's hearts is not higher and counts as a pass: hearts by seat 1,
    # who makes it with 94 against 29: 9 and 3 match points
    lower = HEARTS.replace("bids C H pass", "bids H C").replace("score 12 -", "score 9 3")
    assert check(lower) == (
        ["t.bgn:8:8: B302 'C' is not higher than H (clubs < diamonds < hearts < spades < NT < "
         "AT) (game 1, deal 1)"], [Deal(True, [9, 3], [9, 3])], "*")


@pytest.mark.rule("bg2-01")
def test_a_seven_or_eight_is_not_a_card_of_the_deck():
    """The deck has no 7s or 8s (bg2-01), in the hands or among the cards aside, also in a
    deal where both passed."""
    assert check(PRE_BID.format(bids="pass pass").replace("1: TS AS", "1: 8S AS")) == (
        ["t.bgn:5:10: D201 8S is not a card of the 24-card deck of bg2 (game 1, deal 1)"],
        [Deal(None, [0, 0], [0, 0])], "*")
    assert check(HEARTS.replace("KS AD\n", "KS 7D\n")).lines == [
        "t.bgn:5:1: D201 missing from the deck: AD (game 1, deal 1)",
        "t.bgn:7:22: D201 7D is not a card of the 24-card deck of bg2 (game 1, deal 1)"]
