"""bg4 rules (docs/rules/bg4.md) checked on whole records through the reader and the engine.

Each test names the rule rows it checks; the figures are worked beside each record
(card points trick by trick, then match points: a tenth, rounded at the limit digit 6
in a suit contract, bg4-46).
"""

from __future__ import annotations

import pytest
from support.rulecheck import Deal, check

#: the first delivery of five: three then two
FIVE = """hands 1: 8S 8H 8D QC 8C
      2: AS AH AD JS QS
      3: JC 9C AC TC KC
      4: TS TH QD KH 9D"""

#: one more card each, as dealt 3+3+2
SIX = """hands 1: 8S 8H 8D QC 8C 7C
      2: AS AH AD JS QS KS
      3: JC 9C AC TC KC 7S
      4: TS TH QD KH 9D TD"""


def all_pass(hands: str, rules: str = "") -> str:
    return f'[Variant "bg4"]\n{rules}\ndeal 1 dealer 4\n{hands}\nbids pass pass pass pass\n' \
           "score 0 0\nresult *\n"


@pytest.mark.rule("bg4-06")
def test_five_cards_each_before_the_bidding_or_six_dealt_three_three_two():
    """Five cards each are dealt before the bidding, three then two; under
    `deal-packets=3+3+2` six (bg4-06)."""
    assert check(all_pass(FIVE)) == ([], [Deal(None, [0, 0], [0, 0])], "*")
    assert check(all_pass(SIX)).lines == [
        f"t.bgn:{line}:7: D202 seat {seat} holds 6 cards, not 5 (game 1, deal 1)"
        for line, seat in ((4, 1), (5, 2), (6, 3), (7, 4))]
    packets = '[Rules "deal-packets=3+3+2"]\n'
    assert check(all_pass(SIX, packets)) == ([], [Deal(None, [0, 0], [0, 0])], "*")
    assert check(all_pass(FIVE, packets)).lines == [
        f"t.bgn:{line}:7: D202 seat {seat} holds 5 cards, not 6 (game 1, deal 1)"
        for line, seat in ((5, 1), (6, 2), (7, 3), (8, 4))]


#: seat 1 calls spades and takes the first three tricks, AH 7H KH TH (25), AD 7D QD
#: TD (24), AC 7C JC TC (23): 72; side B the other five with the trumps: 21, 10, 23,
#: 12 and 14 + 10: 90.  The callers fall: B writes 162, a tenth rounded at 6: 16.
SPADES = """[Variant "bg4"]
{rules}
deal 1 dealer 4
hands 1: AH AD AC QS 8S / 7S 8H 9H
      2: JS 9S AS TS KS / 7H 7D 7C
      3: KH QD JC JH QH / 8D 9D 8C
      4: TH TD TC JD KD / 9C QC KC
bids S pass pass pass
play 1. AH 7H KH TH
2. AD 7D QD TD
3. AC 7C JC TC
4. QS AS QH KD
5. KS JH KC 8S
6. JS 9D QC 7S
7. TS 8D JD 9H
8. 9S 8C 9C 8H
score {score}
result *
"""


@pytest.mark.rule("bg4-07")
def test_three_more_cards_each_after_the_bidding():
    """Three more cards each after the bidding make eight, all 32 in play (bg4-07): a
    seat holding seven leaves a card out."""
    assert check(SPADES.format(rules="", score="- 16")) == (
        [], [Deal(False, [0, 16], [0, 16])], "*")
    short = SPADES.format(rules="", score="- 16").replace("/ 8D 9D 8C", "/ 8D 9D")
    assert check(short).lines == [
        "t.bgn:4:1: D201 missing from the deck: 8C (game 1, deal 1)",
        "t.bgn:6:7: D202 seat 3 holds 7 cards, not 8 (game 1, deal 1)",
        "t.bgn:16:7: D203 seat 3 played 8C, which it does not hold (game 1, deal 1, trick 8)",
    ]


@pytest.mark.rule("bg4-48")
def test_kirtik_costs_a_failed_contract_ten_match_points():
    """Under `kirtik=on` a failed contract costs the callers 10 match points more
    (bg4-48): the spades deal falls, B 16, and A writes -10 instead of nothing."""
    assert check(SPADES.format(rules='[Rules "kirtik=on"]', score="-10 16")) == (
        [], [Deal(False, [-10, 16], [-10, 16])], "*")
    assert check(SPADES.format(rules='[Rules "kirtik=on"]', score="- 16")).lines == [
        "t.bgn:17:7: S601 score for side A is -10, not 0 (game 1, deal 1)"]


@pytest.mark.rule("bg4-01")
def test_four_players_in_two_teams_partners_opposite():
    """Four players in two teams, partners opposite (bg4-01): seats 1 and 3 are one team,
    2 and 4 the other.  The spades deal called by seat 3 instead of seat 1 is the same
    team's contract: the tricks seat 1 takes (72) are its partner's, B's 90 beat them,
    and B writes 16 as before.  The score line holds one figure per team: two."""
    by_seat_3 = SPADES.format(rules="", score="- 16").replace(
        "bids S pass pass pass", "bids pass pass S pass pass pass")
    assert check(by_seat_3) == ([], [Deal(False, [0, 16], [0, 16])], "*")
    assert check(SPADES.format(rules="", score="- 16 0")).lines == [
        "t.bgn:17:1: S601 the score line has 3 numbers, not 2 (game 1, deal 1)"]
