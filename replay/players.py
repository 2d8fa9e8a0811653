"""The card players of ``belot simulate``: how a simulated seat chooses its card.

Three kinds, for samples and for measuring the fair-play report (docs/fairplay.md):

- the heuristic player (:func:`heuristic_card`): wins cheaply, else throws its
  least valuable card; every seat plays this way unless told otherwise;
- the single-dummy player (:class:`SingleDummyPlayer`): lays out the hidden cards
  at random from what its seat may know, as the analysis does, and plays the
  card with the best mean double-dummy value, with a skill noise;
- the peeking player (:class:`PeekingPlayer`): with a given probability per card
  it looks at every hand and plays a double-dummy best card, else it plays like
  the honest player it wraps.

A player sees a :class:`Table`: everything on and under the table.  What it may
use of it is the player's own business; an honest player takes only its seat's
view (``replay.singledummy.knowledge``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from replay.model.cards import CONTRACT_TABLES, ContractTables, cards_in
from replay.model.record import Deal, Game
from replay.rules.legality import trick_winner
from replay.rules.ruleset import Ruleset

if TYPE_CHECKING:  # the solver (numba) loads only where a player needs it
    from replay.singledummy.knowledge import SeatView
    from replay.solver.search import DoubleDummy


@dataclass(slots=True)
class Table:
    """The state of a deal in play when a seat must choose its card."""

    rs: Ruleset
    game: Game
    #: the deal's record so far: its calls, exchange, declarations and the cards played
    deal: Deal
    caller: int
    kind: int
    #: every seat's current hand (an honest player must not look at the others')
    hands: dict[int, int]
    trick: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    seat: int = 0
    #: the cards the seat may play here (the engine's own ``judge``)
    legal: int = 0
    #: a bit per ruleset side that has taken a trick in this deal (decides the capot)
    won: int = 0


class CardPlayer(Protocol):
    def choose(self, table: Table) -> int:
        """The card the seat to play (``table.seat``) plays, one of ``table.legal``."""
        ...


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where in a simulated game: the names of seats 1..n and the card
    players of the seats that do not play by the heuristic."""

    names: tuple[str, ...]
    players: dict[int, CardPlayer]


def heuristic_card(rng: random.Random, hand: int, legal: int, trick: list[int],
                   seats: list[int], seat: int, ct: ContractTables, rs: Ruleset) -> int:
    """Win cheaply when possible, otherwise throw the least valuable card."""
    options = cards_in(legal)
    if not trick:
        if rng.random() < 0.3:
            return rng.choice(options)
        return max(options, key=lambda c: (ct.strength[c], rng.random()))
    winners = []
    for c in options:
        if trick_winner(trick + [c], ct) == len(trick):
            winners.append(c)
    partner_winning = rs.side_of[seats[trick_winner(trick, ct)]] == rs.side_of[seat]
    if winners and not partner_winning:
        return min(winners, key=lambda c: (ct.points[c], ct.strength[c]))
    if partner_winning:
        return max(options, key=lambda c: (ct.points[c] * (not (ct.trump_mask >> c) & 1),
                                           -ct.strength[c]))
    return min(options, key=lambda c: (ct.points[c], ct.strength[c]))


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



class HeuristicPlayer:
    """The heuristic as a player object, with a random stream of its own."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, table: Table) -> int:
        t = table
        return heuristic_card(self.rng, t.hands[t.seat], t.legal, t.trick, t.seats, t.seat,
                              CONTRACT_TABLES[t.kind], t.rs)


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
