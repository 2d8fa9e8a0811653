"""The card players that solve: the single-dummy player and the peeking player.

Made to measure the fair-play report (docs/fairplay.md) on simulated leagues
(``replay.league``):

- the single-dummy player (:class:`SingleDummyPlayer`) lays out the hidden cards
  at random from what its seat may know, as the analysis does, and plays the
  card with the best mean double-dummy value, with a skill noise;
- the peeking player (:class:`PeekingPlayer`), with a given probability per card,
  looks at every hand and plays a double-dummy best card, else it plays like the
  honest player it wraps.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from replay.model.cards import CONTRACT_TABLES, cards_in
from replay.model.record import Deal
from replay.players import CardPlayer, Table, heuristic_card

if TYPE_CHECKING:  # the solver (numba) loads only where a player needs it
    from replay.singledummy.knowledge import SeatView
    from replay.solver.search import DoubleDummy


def double_dummy_values(table: Table, dd: DoubleDummy) -> dict[int, int]:
    """Each legal card -> what the seat's camp secures after it with every hand seen
    (the trick it completes included), as the double-dummy analysis values it."""
    from replay.solver.search import Position

    n = table.rs.players
    leader = table.seats[0] if table.seats else table.seat
    pos = Position(tuple(table.hands.get(s, 0) for s in range(n + 1)), tuple(table.trick),
                   leader, table.won)
    camp = dd.camp[table.seat]
    legal = table.legal
    stand_in = dd.representatives(pos, legal)
    solved = {c: dd.value(pos, camp, card=c) for c in set(stand_in.values())}
    return {c: solved[stand_in[c]] for c in cards_in(legal)}


class DealGames:
    """A player's double-dummy game of the deal in play: one a deal, so that its
    transposition table serves every card the player chooses in that deal."""

    def __init__(self) -> None:
        self._game: tuple[Deal, DoubleDummy] | None = None

    def of(self, table: Table) -> DoubleDummy:
        from replay.solver.search import DoubleDummy

        if self._game is None or self._game[0] is not table.deal:  # the deal itself is the key
            self._game = (table.deal, DoubleDummy(table.rs, table.kind, table.caller))
        return self._game[1]


class PeekingPlayer:
    """Plays a double-dummy best card (every hand seen) with probability ``rate``
    per card, else plays like ``honest``.  Its own random stream (``seed``) keeps
    the deal the same whoever peeks."""

    def __init__(self, rate: float, honest: CardPlayer, seed: int) -> None:
        self.rate = rate
        self.honest = honest
        self.rng = random.Random(seed)
        self.games = DealGames()

    def choose(self, table: Table) -> int:
        if self.rng.random() >= self.rate:
            return self.honest.choose(table)
        values = double_dummy_values(table, self.games.of(table))
        best = max(values.values())
        return min(c for c, v in values.items() if v == best)



class SingleDummyPlayer:
    """Plays by what its seat may know: draws ``samples`` layouts of the hidden cards
    from its view (``replay.singledummy``), values each legal card by its mean
    double-dummy value over them, and plays the best, after adding to each mean a
    normal noise of ``noise`` card points (its skill: 0 plays the best mean every
    time).  Where no layout fits (it cannot happen in a legal simulated deal) it
    plays the heuristic's card."""

    def __init__(self, seed: int, samples: int = 8, noise: float = 2.0) -> None:
        import numpy as np

        self.samples = samples
        self.noise = noise
        self.rng = random.Random(seed)
        self.layout_rng = np.random.default_rng(seed)
        self.games = DealGames()

    def choose(self, table: Table) -> int:
        from replay.singledummy.sampler import NoLayout, sample_layouts

        options = cards_in(table.legal)
        if len(options) == 1:
            return options[0]
        view = table_view(table)
        try:
            layouts = sample_layouts(view, self.samples, self.layout_rng)
        except NoLayout:
            return heuristic_card(self.rng, table.hands[table.seat], table.legal, table.trick,
                                  table.seats, table.seat, CONTRACT_TABLES[table.kind], table.rs)
        dd = self.games.of(table)
        total = dict.fromkeys(options, 0.0)
        for hands in layouts:
            seen = Table(table.rs, table.game, table.deal, table.caller, table.kind, hands,
                         table.trick, table.seats, table.seat, table.legal, table.won)
            for c, v in double_dummy_values(seen, dd).items():
                total[c] += v
        scored = {c: total[c] / len(layouts) + self.rng.gauss(0.0, self.noise)
                  if self.noise else total[c] for c in options}
        return max(options, key=lambda c: (scored[c], -c))



def table_view(table: Table) -> SeatView:
    """The seat to play's view of the hidden cards: the deal so far replayed by the
    engine, as the analysis of a finished record sees it at that card."""
    from replay.engine.deal import DealWalk, GameWalk
    from replay.engine.report import GameReport
    from replay.engine.walk import walk_deal
    from replay.singledummy.knowledge import view_before_next

    report = GameReport(file=None, game=table.game.index, game_id=None,
                        variant=table.rs.variant)
    dr = walk_deal(DealWalk(GameWalk(table.game, table.rs, report), table.deal,
                            table.deal.number, is_last=False))
    trick = len(dr.plays) // table.rs.players + 1
    view = view_before_next(dr, table.rs, table.seat, trick)
    assert view is not None  # a simulated deal in play is whole and legal
    return view
