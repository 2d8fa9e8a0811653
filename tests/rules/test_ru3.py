"""ru3 rules (docs/rules/ru3.md) checked on whole records through the reader and the engine.

One layout serves every test: dealer 3, so seat 1 calls first and leads; six cards and
three more each, the turned AH and a talon of four out of play.  Card points are worked
trick by trick beside each record.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from support.engine_util import replay_text
from support.rulecheck import Deal, check, no_contract

LAYOUT = """hands 1: TS TH TD TC JS QS / KS AS 9C
      2: 7H 8H 9H JH QH KH / 7D 8D 9D
      3: 7S 8S 9S 7C 8C JC / QC KC AC
turn AH
talon JD QD KD AD
"""

#: all pass in round one; seat 1 names spades in round two.  Seat 1's four tens (100)
#: beat every run and he took tricks, so his run of five (100, TS in both: ru3-18)
#: counts too: 200.  Seat 3 takes AS 9H 9S (25) and AC 9C 8H (11): 36; seat 1 the
#: other seven: 95; the five cards out of play (AH JD QD KD AD) hold the other 31.
#: Seat 2 takes no trick: its runs are void and the others add 50 each (ru3-26).  Seat
#: 1: 95 + 200 + 50 = 345 above seat 2 (0) and seat 3 (36 + 50 = 86): made.
NAMED = """bids pass pass pass S
declare 1: carre:T run5:AS 2: run3:9H run3:KH run3:9D 3: run3:9S run4:AC
play 1. AS 9H 9S
2. AC 9C 8H
3. JC TC QH
4. QS JH 7S
5. KS 9D 8S
6. TH 7H KC
7. TS 7D QC
8. TD 8D 7C
9. JS KH 8C
"""

#: seat 2 takes hearts in round one.  Seat 1 wins tricks 2 and 4 (20 card points), seat 2
#: the other seven (111), seat 3 none: seat 1 220 with his 200, + 50; seat 2 111 + 50.
#: The contractor is below seat 1 and falls: his 161 are split, 80.5 to each opponent.
TAKEN = """bids pass take
declare 1: carre:T run5:AS run3:QS 2: run3:9H run3:KH run3:9D 3: run3:9S run4:AC
play 1. 9C 7H 7C
2. 7D 7S TD
3. TS 8H 8S
4. 8D 8C TH
5. TC 9H JC
6. 9D 9S JS
7. JH QC QS
8. QH KC KS
9. KH AC AS
"""


def game(*deals: str, tags: str = "", result: str = "*") -> str:
    """The layout dealt once per deal by seat 3, each with its own bidding and play."""
    body = "".join(f"\ndeal {n} dealer 3\n{LAYOUT}{deal}" for n, deal in enumerate(deals, 1))
    return f'[Variant "ru3"]\n{tags}{body}result {result}\n'


@pytest.mark.rule("ru3-06", "ru3-08", "ru3-09", "ru3-12")
def test_a_suit_named_in_round_two_and_the_combination_values():
    """Card values are the classic ones (ru3-06); when all pass in round one a seat may
    name another suit (ru3-08); nine tricks are played and five cards stay out (ru3-09);
    four tens count 100 and a run of five 100 (ru3-12)."""
    text = game(NAMED)
    r = replay_text(text)
    assert [t.points for t in r.deals[0].tricks] == [25, 11, 15, 5, 4, 14, 13, 10, 34]
    assert r.deals[0].card_points == [95, 0, 36]  # 131: the other 31 are out of play
    assert check(text) == ([], [Deal(True, [345, 0, 86], [345, 0, 86])], "*")
    turned = game(NAMED.replace("bids pass pass pass S", "bids pass pass pass H"))
    assert check(turned).lines == refused(
        "t.bgn:9:21: B302 'H' in round 2: name a suit other than the turned one, or pass "
        "(game 1, deal 1)")


def refused(call: str) -> list[str]:
    """The report of a played layout whose contract ``call`` is refused."""
    return no_contract(call, hands_line=4, held=9, dealt=6, seats=3, play_line=11)


@pytest.mark.rule("ru3-07", "ru3-18")
def test_round_one_takes_the_turned_suit_and_two_runs_share_no_card():
    """In round one each seat takes the turned suit or passes, and the first taker is the
    contractor (ru3-07); a card may serve a run and a carré, but not two runs (ru3-18):
    seat 1's QS in a second run is left out."""
    assert check(game(TAKEN)) == (
        ["t.bgn:10:28: A504 run3:QS uses a card of an earlier declaration of seat 1 "
         "(game 1, deal 1)"],
        [Deal(False, [Decimal("350.5"), 0, Decimal("80.5")],
              [Decimal("350.5"), 0, Decimal("80.5")])], "*")
    assert check(game(NAMED.replace("bids pass pass pass S", "bids S"))).lines == refused(
        "t.bgn:9:6: B302 'S' in round 1: take the turned suit or pass (game 1, deal 1)")


@pytest.mark.rule("ru3-08")
def test_six_passes_make_no_contract():
    """Three passes in each round leave the deal without a contract (ru3-08): six cards
    each, the turned card, nothing scored."""
    text = """[Variant "ru3"]

deal 1 dealer 3
hands 1: TS TH TD TC JS QS
      2: 7H 8H 9H JH QH KH
      3: 7S 8S 9S 7C 8C JC
turn AH
bids pass pass pass pass pass pass
score 0 0 0
result *
"""
    assert check(text) == ([], [Deal(None, [0, 0, 0], [0, 0, 0])], "*")


@pytest.mark.rule("ru3-09")
def test_three_more_cards_each_make_nine():
    """Three more cards each after the bidding make nine (ru3-09): a seat written with
    eight leaves AC out of the deal."""
    short = game(NAMED).replace("/ QC KC AC", "/ QC KC")
    assert check(short).lines == [
        "t.bgn:4:1: D201 missing from the deck: AC (game 1, deal 1)",
        "t.bgn:6:7: D202 seat 3 holds 8 cards, not 9 (game 1, deal 1)",
        "t.bgn:10:66: A501 seat 3 declared run4:AC without holding it (game 1, deal 1)",
        "t.bgn:12:4: D203 seat 3 played AC, which it does not hold (game 1, deal 1, trick 2)",
    ]


@pytest.mark.rule("ru3-01", "ru3-28")
def test_the_game_is_to_five_hundred_and_one_and_the_last_trick_decides():
    """Each plays for himself to 501 (ru3-01): two deals of 345 take seat 1 to 690 and
    win.  When several are over the target, the one who took the last trick wins; if
    none of them did, play goes on (ru3-28): over a target of 80, seat 1 (345) and
    seat 3 (86) are over and seat 1 took the last trick; in the taken deal seats 1
    (350.5) and 3 (80.5) are over but seat 2 took the last trick."""
    two = game(NAMED, NAMED, result="1")
    assert check(two) == ([], [Deal(True, [345, 0, 86], [345, 0, 86]),
                               Deal(True, [345, 0, 86], [690, 0, 172])], "1")
    assert check(game(NAMED)).result == "*"
    low = '[Target "80"]\n'
    assert check(game(NAMED, tags=low, result="1")).lines == []
    taken = check(game(TAKEN, tags=low))
    assert (taken.deals[0].total, taken.result) == ([Decimal("350.5"), 0, Decimal("80.5")], "*")
