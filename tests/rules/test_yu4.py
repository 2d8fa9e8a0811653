"""yu4 rules (docs/rules/yu4.md) checked on whole records through the reader and the engine.

Each test names the rule rows it checks; the expected report lines and scores are
worked from the rule rows, the base deal of ``engine_util`` (side A 34 card points,
side B 128, trick by trick in its comment) and the arithmetic beside each record.
"""

from __future__ import annotations

import pytest
from support.engine_util import HANDS, TRICKS, record, replay_text
from support.rule_records import RUNS
from support.rulecheck import Deal, check

#: the base deal's first delivery only: six cards each, for deals where all pass
PRE_BID = """hands 1: 7S 8S 7H 8H 7D 8D
      2: 9S TS 9H TH 9D TD
      3: JS QS JH QH JD QD
      4: KS AS KH AH KD AD"""


@pytest.mark.rule("yu4-01", "yu4-37", "yu4-41")
def test_partners_share_one_score_and_the_last_trick_is_worth_ten():
    """Partners sitting opposite (seats 1 and 3, seats 2 and 4) add their tricks into
    one score (yu4-01); the last trick brings 10 more (yu4-37); a made deal writes each
    side its own points (yu4-41)."""
    text = record(score="score 34 128", total="total 34 128")
    r = replay_text(text)
    deal = r.deals[0]
    assert [t.winner for t in deal.tricks] == [4, 4, 3, 2, 4, 4, 2, 4]
    # trick 8: 9C 0 + QC 3 + AC 11 + 8C 0 = 14, and 10 for the last trick
    assert [t.points for t in deal.tricks] == [6, 24, 34, 28, 6, 24, 16, 24]
    assert check(text) == ([], [Deal(True, [34, 128], [34, 128])], "*")
    wrong = record(score="score 34 162")
    assert check(wrong).lines == [
        "t.bgn:17:10: S601 score for side B is 128, not 162 (game 1, deal 1)"]


@pytest.mark.rule("yu4-03")
def test_the_deck_is_thirty_two_cards_seven_to_ace():
    """The deck is 32 cards, 7 to A in four suits (yu4-03): a card named twice leaves
    another out of the deal, and a six is no card."""
    twice = record(hands=HANDS.replace("2: 9S TS", "2: 7S TS"))
    assert check(twice).lines == [
        "t.bgn:4:1: D201 missing from the deck: 9S (game 1, deal 1)",
        "t.bgn:5:10: D201 7S appears twice in the deal (game 1, deal 1)",
        "t.bgn:9:12: D203 seat 2 played 9S, which it does not hold (game 1, deal 1, trick 1)",
    ]
    six = record(hands=PRE_BID.replace("3: JS QS", "3: JS 6S"), bids="bids pass pass pass pass",
                 tricks=[])
    assert check(six).lines == [
        "t.bgn:6:13: P101 expected a card, '/' or a seat prefix in 'hands', found '6S' "
        "(game 1, deal 1)"]


@pytest.mark.rule("yu4-09")
def test_six_cards_each_before_the_bidding():
    """The first delivery is six cards each (yu4-09): in a deal where all pass, the
    hands written are those six, and a seat with five is reported."""
    six = record(hands=PRE_BID, bids="bids pass pass pass pass", tricks=[], score="score 0 0")
    assert check(six) == ([], [Deal(None, [0, 0], [0, 0])], "*")
    five = record(hands=PRE_BID.replace("JD QD\n", "JD\n"), bids="bids pass pass pass pass",
                  tricks=[])
    assert check(five).lines == [
        "t.bgn:6:7: D202 seat 3 holds 5 cards, not 6 (game 1, deal 1)"]


@pytest.mark.rule("yu4-10")
def test_eight_cards_each_after_the_second_delivery():
    """Two more cards each after the bidding make eight, all 32 in play (yu4-10): a seat
    with seven leaves a card out of the deck."""
    text = record(hands=HANDS.replace("/ JC QC", "/ JC"))
    assert check(text).lines == [
        "t.bgn:4:1: D201 missing from the deck: QC (game 1, deal 1)",
        "t.bgn:6:7: D202 seat 3 holds 7 cards, not 8 (game 1, deal 1)",
        "t.bgn:16:7: D203 seat 3 played QC, which it does not hold (game 1, deal 1, trick 8)",
    ]


@pytest.mark.rule("yu4-11")
def test_one_round_of_suits_from_the_seat_after_the_dealer():
    """The seat after the dealer calls first, then each in turn names a suit or passes;
    there is no No-trumps (yu4-11)."""
    in_turn = record(hands=PRE_BID, bids="bids 1:pass 2:pass 3:pass 4:pass", tricks=[])
    assert check(in_turn) == ([], [Deal(None, [0, 0], [0, 0])], "*")
    first = record(hands=PRE_BID, bids="bids 2:pass pass pass pass", tricks=[])
    assert check(first).lines == [
        "t.bgn:8:6: B301 seat 2 called out of turn: it was seat 1's call (game 1, deal 1)"]
    # NT counts as seat 2's pass; seat 3 names hearts, so side A calls and falls with
    # 34 against 128: side B writes all 162 (yu4-42)
    no_trumps = record(bids="bids pass NT H")
    assert check(no_trumps) == (
        ["t.bgn:8:11: B302 'NT' is not a call in yu4: name a suit or pass (game 1, deal 1)"],
        [Deal(False, [0, 162], [0, 162])], "*")


@pytest.mark.rule("yu4-12")
def test_the_first_suit_named_ends_the_bidding():
    """The first suit named is trump and ends the bidding (yu4-12): a later call is out
    of the bidding and changes nothing."""
    text = record(bids="bids pass H S")
    assert check(text) == (
        ["t.bgn:8:13: B301 call 'S' after the bidding had ended (game 1, deal 1)"],
        [Deal(True, [34, 128], [34, 128])], "*")


#: deal 2 of the all-pass game: the base hands dealt by seat 1; seat 2 names hearts and
#: leads; side A takes only trick 2 (38 card points), side B the other seven (124)
DEAL_BY_SEAT_1 = """
deal 2 dealer 1
""" + HANDS + """
bids H
play 1. 9S JS KS 7S
2. KH 7H 9H JH
3. JD KD 7D TD
4. 9D QD AD 8D
5. KC 7C TC JC
6. 9C QC AC 8C
7. AS 8S TS QS
8. AH 8H TH QH
score 38 124
total 38 124
"""


@pytest.mark.rule("yu4-13")
def test_when_all_four_pass_the_next_seat_deals():
    """All four passing ends the deal unscored and the next seat deals again; the
    dealer is not forced to call (yu4-13)."""
    text = record(hands=PRE_BID, bids="bids pass pass pass pass", tricks=[], score="score 0 0",
                  result=None, more=DEAL_BY_SEAT_1 + "result *")
    r = replay_text(text)
    # trick 2 (KH 4 + 7H 0 + 9H 14 + JH 20 = 38) is seat 3's, the only trick of side A
    assert [t.winner for t in r.deals[1].tricks] == [4, 3, 2, 4, 2, 4, 4, 4]
    assert check(text) == ([], [Deal(None, [0, 0], [0, 0]),
                                Deal(True, [38, 124], [38, 124])], "*")




@pytest.mark.rule("yu4-17", "yu4-20", "yu4-21")
def test_runs_are_worth_twenty_fifty_and_a_hundred_in_natural_order():
    """Declarations are made after the second delivery and before the first trick, and
    one not held is left out (yu4-17); runs of three, four and five are worth 20, 50
    and 100 (yu4-20); runs follow 7 8 9 T J Q K A, in trump too, and the ace does not
    lead on to the seven (yu4-21).

    Side B's run of five in trump (9H to KH, 100) is the best declaration, so B's
    declarations count: 100 + 50 (7S to TS) + 20 (9D to JD) = 170.  Card points: side A
    takes only trick 4 (AD 11, ruffed by seat 1's 8H), B the other 151.  B: 151 + 170
    = 321 against 11: made.
    """
    assert check(RUNS) == (
        ["t.bgn:9:20: A501 seat 1 declared run3:8H without holding it (game 1, deal 1)"],
        [Deal(True, [11, 321], [11, 321])], "*")


#: side A (seats 1 and 3) calls hearts without a heart and takes no trick; seat 1's
#: run of four (7C to TC, 50) beats seat 2's run of three (9H to JH, 20)
TRICKLESS = """[Variant "yu4"]

deal 1 dealer 4
hands 1: 7S 8S 7D 8D 7C 8C / 9C TC
      2: JH 9H AH TH AS TS / AD TD
      3: KH QH 9S JS QS 9D / JD QD
      4: 7H 8H KS KD AC KC / QC JC
bids H
declare 1: run4:TC 2: run3:JH 3: - 4: -
play 1. 7S AS 9S KS
2. JH KH{bela} 7H 7D
3. 9H QH{rebela} 8H 8D
4. AH 9D JC 7C
5. TH JD QC 8C
6. TS JS KD 8S
7. AD QD KC 9C
8. TD QS AC TC
score - {score}
total 0 {score}
result *
"""


@pytest.mark.rule("yu4-19", "yu4-29", "yu4-38", "yu4-42")
def test_a_side_with_no_trick_scores_neither_its_declarations_nor_its_bela():
    """A side that takes no trick scores none of its declarations (yu4-19) and no bela
    (yu4-29); not announcing a bela is no fault (yu4-29).

    Side A wins the declaration contest (50 against 20) but takes no trick: it scores
    nothing.  Side B takes all eight tricks, so it also takes the contest's
    declarations and every announced bela (yu4-38): 152 + 10 + 90 + 50 = 302, and 20
    more when seat 3 announces its bela.  The callers A fall (yu4-42).
    """
    silent = TRICKLESS.replace("{bela}", "").replace("{rebela}", "").replace("{score}", "302")
    assert check(silent) == ([], [Deal(False, [0, 302], [0, 302])], "*")
    said = (TRICKLESS.replace("{bela}", " bela").replace("{rebela}", " rebela")
            .replace("{score}", "322"))
    assert check(said) == ([], [Deal(False, [0, 322], [0, 322])], "*")


@pytest.mark.rule("yu4-30")
def test_the_seat_after_the_dealer_leads_then_the_trick_winner():
    """The seat after the dealer leads the first trick and each trick's winner leads
    the next (yu4-30): a card written for another seat is out of turn and counts for
    the seat whose turn it was."""
    tricks = list(TRICKS)
    tricks[0] = "2:7S 9S JS KS"  # dealer 4: seat 1 leads
    tricks[1] = "1:AS 8S TS QS"  # seat 4 won trick 1
    assert check(record(tricks=tricks)) == (
        ["t.bgn:9:9: C405 7S played out of turn: it was seat 1's turn (game 1, deal 1, trick 1)",
         "t.bgn:10:4: C405 AS played out of turn: it was seat 4's turn (game 1, deal 1, trick 2)"],
        [Deal(True, [34, 128], [34, 128])], "*")


@pytest.mark.rule("yu4-39", "yu4-42", "yu4-44")
def test_the_callers_need_more_than_the_defenders_counting_their_declarations():
    """The callers' total of card points, last trick and valid declarations must be
    above the defenders' (yu4-39); when both sides pass the target the higher total
    wins the game (yu4-44).

    Seat 1 calls hearts: side A takes 34 card points against 128 and falls, B writes
    162 (yu4-42).  With seat 3's four jacks (200) A has 234 against 128 and makes it;
    over a target of 100 both sides are past it and A, the higher, wins.
    """
    assert check(record(bids="bids H")) == ([], [Deal(False, [0, 162], [0, 162])], "*")
    jacks = record(tags='[Target "100"]', bids="bids H", declare="declare 3: carre:J",
                   score="score 234 128", result="B")
    assert check(jacks) == (["t.bgn:20:8: S603 the result is A, not B (game 1)"],
                            [Deal(True, [234, 128], [234, 128])], "A")


@pytest.mark.rule("yu4-46")
def test_a_revoke_is_reported_and_the_deal_scored_as_played():
    """No penalty is described: a violation is reported and the deal is scored as
    played (yu4-46).  Seat 1 discards 7C on a diamond lead while holding 7D 8D; the
    tricks stand as played, side A 34, side B 128."""
    tricks = TRICKS[:4] + ["9D JD KD 7C", "KC 8C TC JC", "9C QC AC 7D", "AD 8D TD QD"]
    assert check(record(tricks=tricks, score="score 34 128")) == (
        ["t.bgn:13:13: C401 seat 1 did not follow diamonds while holding 7D 8D "
         "(game 1, deal 1, trick 5)"],
        [Deal(True, [34, 128], [34, 128])], "*")
