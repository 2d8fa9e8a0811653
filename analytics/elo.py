"""A simple Elo rating over game results (the ``elo`` metric).

Rules (fixed; see ``METRICS["elo"].doc``): start 1500, K = 20, games in the
order given (date, then file and position).  A game counts when it is finished
and every seat has a name, all different.

- Partnership games (sides A = seats 1 and 3, B = seats 2 and 4): a side's rating
  is the mean of its two players' ratings; expected score
  E = 1 / (1 + 10^((R_other - R_side) / 400)); both partners move by K * (S - E),
  S = 1 for the winning side, 0 otherwise.
- Everyone for himself (n seats): the winner is scored as beating each other
  player; each pair moves by K / (n - 1) * (1 - E_winner), E from the ratings
  before the game.

The loop is plain Python over columns of small integers (one row per game: the
variant's number, partnership, seats, the winning side's index, the player
number in each seat), so that 100,000 games take a fraction of a second.
"""

from __future__ import annotations

from collections.abc import Sequence

START = 1500.0
K = 20.0


def expected(r_a: float, r_b: float) -> float:
    """Expected score of a rated r_a against r_b."""
    return 1.0 / (1.0 + 10.0 ** ((r_b - r_a) / 400.0))


def elo_ratings(vid: Sequence[int], partnership: Sequence[bool], seats: Sequence[int],
                winner: Sequence[int], p1: Sequence[int], p2: Sequence[int],
                p3: Sequence[int | None], p4: Sequence[int | None], n_players: int,
                n_pools: int) -> list[tuple[int, int, int, int, float]]:
    """Ratings from games in order, one column per field; players are numbers
    1..n_players, pools 0..n_pools-1 (one pool, or one per variant: ``vid``).

    Returns (pool, player, games, games_won, rating) for every rated player.
    """
    width = n_players + 1
    size = n_pools * width
    rating = [START] * size
    played = [0] * size
    won = [0] * size
    for v, part, n, w, a, b, c, d in zip(vid, partnership, seats, winner, p1, p2, p3, p4,
                                         strict=True):
        off = v * width
        if part:
            ia, ib, ic, id_ = off + a, off + b, off + c, off + d
            r_a = (rating[ia] + rating[ic]) / 2.0
            r_b = (rating[ib] + rating[id_]) / 2.0
            e_a = 1.0 / (1.0 + 10.0 ** ((r_b - r_a) / 400.0))
            delta = K * ((1.0 if w == 1 else 0.0) - e_a)
            rating[ia] += delta
            rating[ic] += delta
            rating[ib] -= delta
            rating[id_] -= delta
            for i in (ia, ib, ic, id_):
                played[i] += 1
            if w == 1:
                won[ia] += 1
                won[ic] += 1
            else:
                won[ib] += 1
                won[id_] += 1
            continue
        ids = (off + a, off + b, off + c, off + d)[:n] if n == 4 else \
            (off + a, off + b, off + c)[:n]
        win = ids[w - 1]
        r_w = rating[win]
        kk = K / (n - 1)
        for i in ids:
            played[i] += 1
            if i == win:
                continue
            delta = kk * (1.0 - 1.0 / (1.0 + 10.0 ** ((rating[i] - r_w) / 400.0)))
            rating[win] += delta
            rating[i] -= delta
        won[win] += 1
    return [(i // width, i % width, played[i], won[i], rating[i])
            for i in range(size) if played[i]]
