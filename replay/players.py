"""The card players of ``belot simulate``: how a simulated seat chooses its card.

A player sees a :class:`Table`: everything on and under the table.  What it may
use of it is the player's own business; an honest player takes only its seat's
view.  Here: the interface, who sits where (:class:`Seating`), and the heuristic
player (:func:`heuristic_card`), which wins cheaply, else throws its least
valuable card; every seat plays this way unless told otherwise.  The players that
solve (the single-dummy player, the peeking player) are in
``replay.strong_players``, above the single-dummy analysis they use.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from replay.model.cards import CONTRACT_TABLES, ContractTables, cards_in
from replay.model.record import Deal, Game
from replay.rules.legality import trick_winner
from replay.rules.ruleset import Ruleset


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


class HeuristicPlayer:
    """The heuristic as a player object, with a random stream of its own."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, table: Table) -> int:
        t = table
        return heuristic_card(self.rng, t.hands[t.seat], t.legal, t.trick, t.seats, t.seat,
                              CONTRACT_TABLES[t.kind], t.rs)
