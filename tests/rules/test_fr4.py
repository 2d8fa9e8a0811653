"""fr4 rules (docs/rules/fr4.md) checked on whole records through the reader and the engine.

Each test names the rule rows it checks; the card points are worked trick by trick
beside each record, and the scores follow fr4 convention 4 (raw points: the taker's
side needs strictly more, else the other side takes all; capot +90).
"""

from __future__ import annotations

import pytest
from support.rulecheck import Deal, check, no_contract

from ingest.bgn import parse_games, write_game

HEAD = '[Variant "fr4"]\n[Target "1001"]\n\ndeal 1 dealer 4\n'

#: the first delivery, five each, and the turned QH
FIVE = """hands 1: KS TS JH 9H AH
      2: 7S 9S JS QS 7D
      3: AS 8S 9D 8H 7H
      4: KD AD 9C TC JC
turn QH
bids pass pass pass pass pass pass pass pass
score 0 0
result *
"""

#: seat 1's hands with the turned QH in his second delivery
SEAT_1_TAKES = HEAD + """hands 1: KS TS JH 9H AH / TH KH QH
      2: 7S 9S JS QS 7D / 8D 7C 8C
      3: AS 8S 9D 8H 7H / TD JD QD
      4: KD AD 9C TC JC / QC KC AC
turn QH
"""

#: seat 1 takes the turned QH in round one and takes every trick: 162 + 90 = 252
TAKE = SEAT_1_TAKES + """bids take
play 1. 9H 7S 7H 9C
2. TS 9S 8S TC
3. TH 7D 8H JC
4. JH 7C 9D QC
5. QH 8D TD KD
6. KS JS AS KC
7. JD AD KH 8C
8. AH QS QD AC
score 252 0
result *
"""

#: all pass in round one; in round two seat 2 names spades and so takes the turned QH
#: with its two more cards.  Spades are trump.  Side A takes AH QH 7H TC (24) and the
#: ruff TS on 7D 9D AD (21): 45; side B the rest: 9S over KS (21), QS ruffing KH (11),
#: JS (45), 7S (10), JC (4), AC and the last trick (26): 117.  B made it: 45 - 117.
NAMED = HEAD + """hands 1: KS TS JH 9H AH / TH KH 8C
      2: 7S 9S JS QS 7D / QH 8D 7C
      3: AS 8S 9D 8H 7H / TD JD QD
      4: KD AD 9C TC JC / QC KC AC
turn QH
bids pass pass pass pass pass S
play 1. AH QH 7H TC
2. KS 9S 8S QC
3. 7D 9D AD TS
4. KH QS 8H KC
5. JS AS KD TH
6. 7S TD 9C 8C
7. 7C JD JC 9H
8. AC JH 8D QD
score 45 117
result *
"""

#: the hands of TAKE, but seat 1 passes the turned QH and names spades in round two:
#: side A takes trick 2 (KD and the ruff TS, 14) and trick 4 (JC and KS, 6): 20 card
#: points against 142.  The takers fall and side B writes all 162.
FALLEN = SEAT_1_TAKES + """bids pass pass pass pass S
play 1. 9H 7S 7H 9C
2. 7D 9D KD TS
3. TH 9S 8H TC
4. 7C 8S JC KS
5. JH JS AS QC
6. 8D TD AD QH
7. KC KH 8C JD
8. AC AH QS QD
score - 162
result *
"""


def refused(call: str) -> list[str]:
    """The report of NAMED (or its variations) when ``call`` is refused."""
    return no_contract(call, hands_line=5, held=8, dealt=5, seats=4, play_line=11,
                       sheet="t.bgn:19:7: S601 score for side A is 0, not 45 (game 1, deal 1)")


@pytest.mark.rule("fr4-02")
def test_five_cards_each_and_a_turned_card():
    """Five cards each are dealt and one card turned face up (fr4-02): in a deal where
    all eight calls pass, the hands hold five; a sixth is reported."""
    assert check(HEAD + FIVE) == ([], [Deal(None, [0, 0], [0, 0])], "*")
    assert check(HEAD + FIVE.replace(" 7H\n", " 7H QH\n", 1)).lines == [
        "t.bgn:7:7: D202 seat 3 holds 6 cards, not 5 (game 1, deal 1)"]


@pytest.mark.rule("fr4-03", "fr4-05")
def test_round_one_takes_the_turned_card():
    """In round one each seat passes or takes the turned card, whose suit becomes
    trump (fr4-03); the taker's second delivery is the turned card and two more
    (fr4-05).  Naming another suit in round one is no call."""
    assert check(TAKE) == ([], [Deal(True, [252, 0], [252, 0])], "*")
    other = NAMED.replace("bids pass pass pass pass pass S", "bids pass S")
    assert check(other).lines == refused(
        "t.bgn:10:11: B302 'S' in round 1: take the turned suit or pass (game 1, deal 1)")


@pytest.mark.rule("fr4-05")
def test_the_turned_card_reaches_the_taker_with_his_second_delivery():
    """The taker gets the turned card with his second delivery (fr4-05): written in
    another seat's hand it is a card twice, and in the taker's first five it was in his
    hand while it lay face up for the bidding."""
    elsewhere = NAMED.replace("3: AS 8S 9D 8H 7H", "3: AS 8S 9D 8H QH").replace(
        "/ QH 8D 7C", "/ 7H 8D 7C").replace("1. AH QH 7H TC", "1. AH 7H QH TC")
    assert check(elsewhere) == (
        ["t.bgn:9:6: D201 QH appears twice in the deal (game 1, deal 1)"],
        [Deal(True, [45, 117], [45, 117])], "*")
    first = TAKE.replace("1: KS TS JH 9H AH / TH KH QH", "1: KS TS JH 9H QH / TH KH AH")
    assert check(first).lines == [
        "t.bgn:9:6: D201 the turned QH is in the first delivery of seat 1: the taker "
        "receives it with his second (game 1, deal 1)"]
    # the canonical text is read by the fast path, which keeps the hands line whole
    canonical = write_game(next(iter(parse_games(first))))
    assert [line.split(" ", 1)[1] for line in check(canonical).lines] == [
        "D201 the turned QH is in the first delivery of seat 1: the taker receives it with "
        "his second (game 1, deal 1)"]


@pytest.mark.rule("fr4-04", "fr4-05", "fr4-06")
def test_round_two_names_another_suit_and_the_taker_needs_more():
    """When all pass in round one, a seat may name another suit in round two and still
    takes the turned card (fr4-04, fr4-05); the takers need more points than the other
    side, else the other side takes everything (fr4-06)."""
    assert check(NAMED) == ([], [Deal(True, [45, 117], [45, 117])], "*")
    assert check(FALLEN) == ([], [Deal(False, [0, 162], [0, 162])], "*")
    turned = NAMED.replace("bids pass pass pass pass pass S", "bids pass pass pass pass pass H")
    assert check(turned).lines == refused(
        "t.bgn:10:31: B302 'H' in round 2: name a suit other than the turned one, or pass "
        "(game 1, deal 1)")


@pytest.mark.rule("fr4-08")
def test_the_target_tag_is_required():
    """The book gives no target, so a record must name it in `Target` (fr4-08)."""
    assert check(NAMED.replace('[Target "1001"]\n', "")) == (
        ["t.bgn:3:1: P102 fr4 has no documented default target: a [Target] tag is required "
         "(game 1)"], [], "*")
