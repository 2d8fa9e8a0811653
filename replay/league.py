"""A simulated league: a pool of named players meeting at tables, game after game.

Made to measure the fair-play report (docs/fairplay.md): some members play
honestly by what their seat may know (the single-dummy player), some peek at
every hand on a share of their cards (the peeking player).  The tables are drawn
so that every member plays about the same number of deals; the games are whole
legal records, deterministic for a seed.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from replay.model.record import Game
from replay.players import CardPlayer, HeuristicPlayer, Seating
from replay.rules.rulesets import load_ruleset
from replay.simulate import SUPPORTED, simulate_game
from replay.strong_players import PeekingPlayer


@dataclass(frozen=True, slots=True)
class Member:
    """A league player: ``peek`` is the share of its cards it plays with every hand
    seen (0 for an honest player)."""

    name: str
    peek: float = 0.0


def league_members(count: int, peekers: int, rate: float) -> list[Member]:
    """``count`` members named P01, P02, ...; the last ``peekers`` peek at ``rate``."""
    if not 0 <= peekers <= count:
        raise ValueError(f"peekers must be between 0 and {count}, not {peekers}")
    width = len(str(count))
    return [Member(f"P{i:0{width}d}", rate if i > count - peekers else 0.0)
            for i in range(1, count + 1)]


HonestFactory = Callable[[int], CardPlayer]

#: the date of a league's first game
FIRST_DAY = dt.date(2026, 1, 1)


def simulate_league(variant: str, members: list[Member], deals_per_member: int, seed: int,
                    honest: HonestFactory | None = None,
                    deals_per_game: int = 8) -> Iterator[Game]:
    """Yield games until every member has played ``deals_per_member`` deals.

    Each game seats the members who have played least (ties drawn at random) in a
    random order and plays at most ``deals_per_game`` deals.  Game ``n`` is dated
    ``n - 1`` days after :data:`FIRST_DAY`, so that the league's first games are a
    date range (``--where date_to=``) for reports over part of it.  ``honest`` makes a
    member's honest card player from a seed (by default the heuristic player);
    a peeking member wraps its honest player in a :class:`PeekingPlayer`.
    """
    if variant not in SUPPORTED:
        raise ValueError(f"a league supports {', '.join(SUPPORTED)}; not {variant}")
    rs = load_ruleset(variant)
    if len(members) < rs.players:
        raise ValueError(f"{variant} needs at least {rs.players} members, not {len(members)}")
    rng = random.Random(seed)
    make = honest or HeuristicPlayer
    players: dict[str, CardPlayer] = {}
    for i, m in enumerate(members):
        player = make(seed * 1000 + i)
        players[m.name] = PeekingPlayer(m.peek, player, seed * 1000 + 500 + i) if m.peek else player
    played = {m.name: 0 for m in members}
    number = 0
    while min(played.values()) < deals_per_member:
        number += 1
        order = sorted(played, key=lambda name: (played[name], rng.random()))
        names = order[:rs.players]
        rng.shuffle(names)
        seating = Seating(tuple(names), {s: players[nm] for s, nm in enumerate(names, start=1)})
        game = simulate_game(variant, number, rng.randrange(1 << 30), seating,
                             max_deals=deals_per_game)
        game.tags["Event"] = "Simulated league"
        game.tags["Date"] = (FIRST_DAY + dt.timedelta(days=number - 1)).strftime("%Y.%m.%d")
        for name in names:
            played[name] += len(game.deals)
        yield game
