"""A simple Elo rating over game results (the ``elo`` metric).

Rules (fixed; see ``METRICS["elo"].doc``): start 1500, K = 20, games in the
order given (date, then file and position).  A game counts when it is finished
and every seat has a distinct name.

- Partnership games (sides ``A``/``B``): a side's rating is the mean of its two
  players' ratings; expected score E = 1 / (1 + 10^((R_other - R_side) / 400));
  both partners move by K * (S - E), S = 1 for the winning side, 0 otherwise.
- Everyone for himself (n seats): the winner is scored as beating each other
  player; each pair moves by K / (n - 1) * (1 - E_winner) (ratings before the game).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

START = 1500.0
K = 20.0


def expected(r_a: float, r_b: float) -> float:
    """Expected score of a rated r_a against r_b."""
    return 1.0 / (1.0 + 10.0 ** ((r_b - r_a) / 400.0))


def elo_ratings(games: Iterable[dict], per_variant: bool = False) -> list[tuple]:
    """Rows (variant or None, player, games, games_won, elo) from game dicts with keys
    variant, partnership, result, names (seat order) and sides (seat order)."""
    rating: dict[tuple, float] = defaultdict(lambda: START)
    played: dict[tuple, int] = defaultdict(int)
    won: dict[tuple, int] = defaultdict(int)
    for g in games:
        names, sides, result = g["names"], g["sides"], g["result"]
        if result in (None, "*") or any(n is None for n in names) \
                or len(set(names)) != len(names):
            continue
        pool = g["variant"] if per_variant else None
        keys = [(pool, n) for n in names]
        before = {k: rating[k] for k in keys}
        if g["partnership"]:
            team = {s: [k for k, side in zip(keys, sides, strict=True) if side == s]
                    for s in set(sides)}
            if len(team) != 2 or result not in team:
                continue
            (s1, p1), (s2, p2) = sorted(team.items())
            r1 = sum(before[k] for k in p1) / len(p1)
            r2 = sum(before[k] for k in p2) / len(p2)
            e1 = expected(r1, r2)
            score1 = 1.0 if result == s1 else 0.0
            for k in p1:
                rating[k] = before[k] + K * (score1 - e1)
            for k in p2:
                rating[k] = before[k] + K * ((1.0 - score1) - (1.0 - e1))
        else:
            if result not in sides:
                continue
            w = keys[sides.index(result)]
            losers = [k for k in keys if k != w]
            kk = K / len(losers)
            for lo in losers:
                delta = kk * (1.0 - expected(before[w], before[lo]))
                rating[w] += delta
                rating[lo] -= delta
        for k, side in zip(keys, sides, strict=True):
            played[k] += 1
            if side == result:
                won[k] += 1
    return [(pool, name, played[(pool, name)], won[(pool, name)], round(r, 1))
            for (pool, name), r in rating.items()]
