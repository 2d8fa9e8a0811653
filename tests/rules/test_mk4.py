"""mk4 rules (docs/rules/mk4.md) checked on whole records through the reader and the engine.

The records are those of tests/rules/test_yu4.py, which the Macedonian book plays the
same way; each test names the mk4 rows it checks and works its figures out.
"""

from __future__ import annotations

import pytest
from support.engine_util import HANDS, TRICKS, record, replay_text
from support.rule_records import RUNS
from support.rulecheck import Deal, check

MK4_RUNS = RUNS.replace('"yu4"', '"mk4"')


@pytest.mark.rule("mk4-01", "mk4-03", "mk4-18")
def test_two_pairs_classic_card_values_and_the_strongest_card_wins():
    """Four players in two pairs add their tricks (mk4-01); the cards keep the classic
    values (mk4-03): the base deal's 34 and 128 of 162; the seat after the dealer leads
    and each trick's strongest card wins it and leads the next (mk4-18)."""
    text = record("mk4", score="score 34 128")
    r = replay_text(text)
    assert [t.winner for t in r.deals[0].tricks] == [4, 4, 3, 2, 4, 4, 2, 4]
    assert [t.points for t in r.deals[0].tricks] == [6, 24, 34, 28, 6, 24, 16, 24]
    assert check(text) == ([], [Deal(True, [34, 128], [34, 128])], "*")
    tricks = list(TRICKS)
    tricks[0] = "2:7S 9S JS KS"  # dealer 4: seat 1 leads
    tricks[1] = "1:AS 8S TS QS"  # seat 4 won trick 1 with KS
    assert check(record("mk4", tricks=tricks)) == (
        ["t.bgn:9:9: C405 7S played out of turn: it was seat 1's turn (game 1, deal 1, trick 1)",
         "t.bgn:10:4: C405 AS played out of turn: it was seat 4's turn (game 1, deal 1, trick 2)"],
        [Deal(True, [34, 128], [34, 128])], "*")


@pytest.mark.rule("mk4-05", "mk4-22")
def test_six_cards_then_a_talon_of_two_make_eight_each():
    """Three and three cards, then two more: eight each, all 32 in play (mk4-05).  A
    seat written with seven leaves QC out; when seat 3 (a defender) then plays the QC it
    does not hold, mk4's penalty ends the deal: the callers B write 162 (mk4-22)."""
    assert check(record("mk4", hands=HANDS.replace("/ JC QC", "/ JC"))) == (
        ["t.bgn:4:1: D201 missing from the deck: QC (game 1, deal 1)",
         "t.bgn:6:7: D202 seat 3 holds 7 cards, not 8 (game 1, deal 1)",
         "t.bgn:16:7: D203 seat 3 played QC, which it does not hold (game 1, deal 1, trick 8)"],
        [Deal(True, [0, 162], [0, 162])], "*")


@pytest.mark.rule("mk4-10")
def test_runs_of_three_four_and_five():
    """Runs of three, four and five are worth 20, 50 and 100 (mk4-10): side B's run of
    five in trump, four spades and three diamonds are 170; with its 151 card points,
    321 against 11."""
    assert check(MK4_RUNS) == (
        ["t.bgn:9:20: A501 seat 1 declared run3:8H without holding it (game 1, deal 1)"],
        [Deal(True, [11, 321], [11, 321])], "*")


@pytest.mark.rule("mk4-12")
def test_a_stronger_declaration_named_later_does_not_count():
    """The strongest declaration must be named first; when a stronger one turns up
    later, only the first named counts (mk4-12).

    Seat 4 names its three diamonds before its four spades: only the 20 counts, so
    side B has 100 + 20 = 120 and scores 151 + 120 = 271.  Without seat 2's run of
    five, side A wins the contest with seat 1's run to the king (its best, seat 3's
    run to the ace, came second and does not count); A's 20 + 20 and 11 card points
    make 51 against B's 151: B still made it.
    """
    late = MK4_RUNS.replace("4: run4:TS run3:JD", "4: run3:JD run4:TS")
    assert check(late.replace("score 11 321", "score 11 271")) == (
        ["t.bgn:9:20: A501 seat 1 declared run3:8H without holding it (game 1, deal 1)"],
        [Deal(True, [11, 271], [11, 271])], "*")
    without = late.replace("2: run5:KH", "2: -").replace("score 11 321", "score 51 151")
    assert check(without) == (
        ["t.bgn:9:20: A501 seat 1 declared run3:8H without holding it (game 1, deal 1)"],
        [Deal(True, [51, 151], [51, 151])], "*")


@pytest.mark.rule("mk2-03", "mk3-02")
def test_two_and_three_player_macedonian_games_are_refused():
    """The book names mk2 and mk3 but describes neither the deal nor the bidding
    (mk2-03, mk3-02): such a record is refused with P102."""
    assert check('[Variant "mk2"]\n\ndeal 1 dealer 2\nbids pass\nresult *\n') == (
        ["t.bgn:1:1: P102 mk2: the Macedonian rule book gives only the target (501) for two "
         "players, not the deal, the bidding or the hand size (mk2-03, A44: "
         "docs/rules/index.md) (game 1)"], [], "*")
    assert check('[Variant "mk3"]\n\ndeal 1 dealer 3\nbids pass\nresult *\n') == (
        ["t.bgn:1:1: P102 mk3: the Macedonian rule book gives only the target (701) for three "
         "players, not the deal, the bidding, the hand size or the soloist's rules (mk3-02, "
         "A44: docs/rules/index.md) (game 1)"], [], "*")
