"""bg3 rules (docs/rules/bg3.md) checked on whole records through the reader and the engine.

Three players on 24 cards, 9 to A: five cards each before the bidding, three after,
eight tricks.  The scoring is the bg4 q2 scoring against the other two combined (a
default of this project, docs/rules/readings.md A27).
"""

from __future__ import annotations

import pytest
from support.rulecheck import Deal, check

#: seat 1 calls spades and takes all eight tricks: the 24 cards hold 152 points (62 in
#: trump, 30 in each other suit) and the last trick 10: 162, with the valat's 90 252,
#: a tenth of it 25 match points
VALAT = """
deal {n} dealer 3
hands 1: JS 9S AS TS KS / AH TH KH
      2: QS QH JH 9H AD / TD KD QD
      3: 9D JD 9C TC JC / QC KC AC
bids {bids}
play 1. 9S QS 9D
2. TS 9H 9C
3. TH JH TC
4. JS TD JD
5. KS QH JC
6. KH QD QC
7. AS KD KC
8. AH AD AC
"""

ALL_PASS = """
deal 1 dealer 2
hands 1: JS 9S AS TS KS
      2: QS QH JH 9H AD
      3: 9D JD 9C TC JC
bids pass pass pass
"""


def game(*deals: str) -> str:
    return '[Variant "bg3"]\n[Target "151"]\n' + "".join(deals) + "result *\n"


@pytest.mark.rule("bg3-02", "bg3-03")
def test_twenty_four_cards_nine_to_ace():
    """The deck is 24 cards, 9 to A (bg3-02): eight tricks of three take all of them
    (162 points with the last trick); a seat written with seven leaves AC out."""
    assert check(game(VALAT.format(n=1, bids="S pass pass"))) == (
        [], [Deal(True, [25, 0, 0], [25, 0, 0])], "*")
    short = game(VALAT.format(n=1, bids="S pass pass")).replace("/ QC KC AC", "/ QC KC")
    assert check(short).lines == [
        "t.bgn:5:1: D201 missing from the deck: AC (game 1, deal 1)",
        "t.bgn:7:7: D202 seat 3 holds 7 cards, not 8 (game 1, deal 1)",
        "t.bgn:16:10: D203 seat 3 played AC, which it does not hold (game 1, deal 1, trick 8)",
    ]


@pytest.mark.rule("bg3-04")
def test_the_bg4_ladder_from_the_seat_after_the_dealer():
    """The bidding climbs the bg4 ladder in turn from the seat after the dealer; when all
    pass the next dealer deals (bg3-04).  Hearts after spades is not higher and counts
    as a pass: seat 1's spades stand."""
    text = game(ALL_PASS, VALAT.format(n=2, bids="S H pass"))
    assert check(text) == (
        ["t.bgn:14:8: B302 'H' is not higher than S (clubs < diamonds < hearts < spades < NT "
         "< AT) (game 1, deal 2)"],
        [Deal(None, [0, 0, 0], [0, 0, 0]), Deal(True, [25, 0, 0], [25, 0, 0])], "*")


@pytest.mark.rule("bg3-02")
def test_a_seven_or_eight_is_not_a_card_of_the_deck():
    """The deck has no 7s or 8s (bg3-02): a 7D written in place of 9D is a card the deck
    does not have, and 9D is missing; the deal is still replayed and scored."""
    text = game(VALAT.format(n=1, bids="S pass pass")).replace(
        "3: 9D JD", "3: 7D JD").replace("1. 9S QS 9D", "1. 9S QS 7D")
    assert check(text) == (
        ["t.bgn:5:1: D201 missing from the deck: 9D (game 1, deal 1)",
         "t.bgn:7:10: D201 7D is not a card of the 24-card deck of bg3 (game 1, deal 1)"],
        [Deal(True, [25, 0, 0], [25, 0, 0])], "*")
