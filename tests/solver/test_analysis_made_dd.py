"""``made_dd``: the deal re-scored with the double-dummy card points.  The trick counts
that go with those points must agree with them (the scoring rules read them: ru3's
capot bonuses go by trickless seats), and a deal whose callers took at the table
exactly their double-dummy value is made double-dummy exactly when it was made."""

from __future__ import annotations

from pathlib import Path

from ingest.bgn.reader import read_games
from replay.solver.analysis import analyse_game, dd_tricks

SIM = Path(__file__).resolve().parents[2] / "data" / "sim"


def test_trick_counts_follow_the_points():
    # the callers took all nine tricks and the solver agrees: unchanged (ru3, no priced capot)
    assert dd_tricks([9, 0, 0], {0: 129, 1: 0, 2: 0}, 0, priced_capot=False) == [9, 0, 0]
    # a side with points gets a trick from the side that took most
    assert dd_tricks([0, 8], {0: 30, 1: 132}, 0, priced_capot=True) == [1, 7]
    assert dd_tricks([9, 0, 0], {0: 100, 1: 29, 2: 0}, 0, priced_capot=False) == [8, 1, 0]
    # capot priced in card points and not reached double-dummy: the others take a trick
    # even when it is worth nothing
    assert dd_tricks([8, 0], {0: 162, 1: 0}, 0, priced_capot=True) == [7, 1]
    # nothing to change
    assert dd_tricks([5, 3], {0: 100, 1: 62}, 0, priced_capot=True) == [5, 3]


def test_ru3_capot_at_the_table_and_double_dummy():
    """ru3 game 35 of the bundled records, deal 6: the caller took every trick (129 card
    points, a double capot); the solver gives him the same 129.  This used to fail an
    assertion in the ru3 scoring (a capot without a capot side)."""
    game = next(g for g in read_games(SIM / "ru3.bgn.gz") if g.index == 35)
    report, analyses = analyse_game(game)
    a = next(x for x in analyses if x.deal == 6)
    dr = report.deals[5]
    assert (a.value, dr.tally.tricks, dr.made) == (129, [9, 0, 0], True)
    assert a.made_dd is True


def test_same_points_same_verdict():
    """Every analysed deal of the bundled sample records (data/samples: mostly played
    without a card lost) whose callers took their exact double-dummy value at the
    table: made_dd == made."""
    from replay.solver.analysis import game_ruleset

    checked = 0
    for path in sorted((SIM.parent / "samples").glob("*.bgn")):
        for game in read_games(path):
            rs = game_ruleset(game)
            report, analyses = analyse_game(game)
            for a in analyses:
                dr = report.deals[a.deal - 1]
                whole = len(dr.tricks) == rs.tricks and len(a.cards) == len(dr.plays)
                if a.betl or dr.tally is None or a.made is None or not whole:
                    continue
                if dr.card_points[dr.tally.caller_side] == a.value:
                    assert a.made_dd == a.made, (path.name, game.index, a.deal)
                    checked += 1
    assert checked >= 5
