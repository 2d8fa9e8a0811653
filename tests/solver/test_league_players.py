"""The simulated league and its card players (replay/league.py, replay/players.py).

- A member who peeks on every card plays a double-dummy best card every time: the
  double-dummy analysis of the finished record (written apart from the player:
  bounds by null windows, not the player's exact values of each card) finds no
  card of his that gave anything away.
- The heuristic player, honest and simple, does give points away.
- The tables are balanced: every member plays at least the deals asked, the games
  replay clean through the text, and the same seed gives the same bytes.
"""

from __future__ import annotations

import pytest

from ingest.bgn.reader import parse_games
from ingest.bgn.writer import write_game
from replay.engine.walk import replay_game
from replay.league import Member, league_members, simulate_league
from replay.rules.rulesets import load_ruleset
from replay.solver.analysis import analyse_deal


def replayed(games):
    """Each game through the canonical text and the engine: (game, report)."""
    out = []
    for g in games:
        (parsed,) = list(parse_games(write_game(g)))
        assert not parsed.errors
        out.append((parsed, replay_game(parsed)))
    return out


def losses_by_player(games, variant):
    """Player name -> the double-dummy losses of the cards he played."""
    rs = load_ruleset(variant)
    out: dict[str, list[int]] = {}
    for parsed, report in replayed(games):
        assert report.violations == []
        for dr in report.deals:
            a = analyse_deal(dr, rs)
            if a is None:
                continue
            for c in a.cards:
                out.setdefault(parsed.tags[f"Seat{c.seat}"], []).append(c.loss)
    return out


@pytest.mark.parametrize("variant", ["yu4", "bg4", "hu3"])
def test_a_member_who_always_peeks_never_gives_a_point_away(variant):
    members = [Member("Honest1"), Member("Honest2"), Member("Honest3"), Member("Seer", 1.0)]
    games = list(simulate_league(variant, members, 3, seed=5, deals_per_game=3))
    losses = losses_by_player(games, variant)
    assert len(losses["Seer"]) >= 8  # he played whole deals
    assert set(losses["Seer"]) == {0}
    assert max(max(v) for name, v in losses.items() if name != "Seer") > 0


def test_league_tables_are_balanced_and_the_games_legal():
    members = league_members(6, 1, 0.5)
    assert [m.name for m in members] == ["P1", "P2", "P3", "P4", "P5", "P6"]
    assert [m.peek for m in members] == [0.0] * 5 + [0.5]
    games = list(simulate_league("yu4", members, 4, seed=11, deals_per_game=2))
    played = {m.name: 0 for m in members}
    for parsed, report in replayed(games):
        assert report.violations == []
        assert parsed.tags["Event"] == "Simulated league"
        for s in range(1, 5):
            played[parsed.tags[f"Seat{s}"]] += len(parsed.deals)
    assert [p.tags["Date"] for p, _ in replayed(games)][:3] == [
        "2026.01.01", "2026.01.02", "2026.01.03"]
    assert min(played.values()) >= 4
    assert max(played.values()) - min(played.values()) <= 2  # one game's deals at most
    again = list(simulate_league("yu4", members, 4, seed=11, deals_per_game=2))
    assert [write_game(g) for g in again] == [write_game(g) for g in games]


def test_league_members_refuses_more_peekers_than_members():
    with pytest.raises(ValueError, match="peekers must be between 0 and 3, not 4"):
        league_members(3, 4, 0.5)


def test_simulate_league_through_the_command_line(tmp_path):
    from support.ingest_util import run_cli

    out = tmp_path / "league.bgn"
    done = run_cli("simulate", "--variant", "yu4", "--league", "5", "--peekers", "1",
                   "--peek-rate", "1", "--deals-per-player", "3", "--seed", "2", "-o", str(out))
    assert done.returncode == 0, done.stderr
    games = list(parse_games(out.read_text()))
    names = {g.tags[f"Seat{s}"] for g in games for s in range(1, 5)}
    assert names == {"P1", "P2", "P3", "P4", "P5"}
    assert all(g.tags["Event"] == "Simulated league" for g in games)


@pytest.mark.parametrize(("args", "message"), [
    (("--league", "3"), "yu4 is played by 4: --league needs at least 4 members"),
    (("--league", "6", "--peekers", "7"), "--peekers must be between 0 and --league (6)"),
    (("--league", "6", "--peek-rate", "1.5"), "--peek-rate is a share of cards between 0 and 1"),
    (("--league", "6", "--deals-per-player", "0"), "--deals-per-player must be at least 1"),
])
def test_simulate_league_refuses_impossible_leagues(args, message):
    from support.ingest_util import run_cli

    done = run_cli("simulate", "--variant", "yu4", *args)
    assert done.returncode == 2
    assert done.stderr == f"belot simulate: {message}\n"
    assert done.stdout == ""


def test_the_single_dummy_player_gives_away_less_than_the_heuristic():
    from replay.strong_players import SingleDummyPlayer

    def by_kind(honest):
        members = [Member(f"M{i}") for i in range(1, 5)]
        games = list(simulate_league("yu4", members, 12, seed=8, honest=honest,
                                     deals_per_game=4))
        cards = [x for v in losses_by_player(games, "yu4").values() for x in v]
        return sum(cards) / len(cards)

    heuristic = by_kind(None)
    single_dummy = by_kind(lambda seed: SingleDummyPlayer(seed, samples=8, noise=0.0))
    assert single_dummy < heuristic
