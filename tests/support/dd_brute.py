"""A plain minimax over every legal card, no pruning, no table: the reference the
double-dummy solver (``replay.solver.search``) is tested against.

It knows the rules only through the engine itself (``replay.rules.legality``'s
``legal_cards`` and ``trick_winner``) and scores exactly as the solver's
docstring says: a camp's card points, the last-trick bonus and the capot bonus
of a single ruleset side taking every trick; in an all-or-nothing game (Betl, a
claim) 1 for camp 0 when no trick of a ``stop`` seat happens, else 0.
"""

from __future__ import annotations

import random

from replay.model.cards import CONTRACT_TABLES, cards_in
from replay.rules.legality import legal_cards, trick_winner
from replay.solver.kernel import STOP
from replay.solver.search import DoubleDummy, Position


def brute_value(game: DoubleDummy, pos: Position, camp: int) -> int:
    """The exact value of ``pos`` for ``camp`` by full minimax."""
    rs = game.rs
    n = rs.players
    ct = CONTRACT_TABLES[game.kind]
    stop = int(game.ctx[STOP]) if game.all_or_nothing else 0

    def end(won: int) -> int:
        if game.all_or_nothing:
            return 1 if camp == 0 else 0
        if rs.capot_bonus and won.bit_count() == 1:
            side = won.bit_length() - 1
            seat = next(s for s in range(1, n + 1) if rs.side_of[s] == side)
            if game.camp[seat] == camp:
                return rs.capot_bonus
        return 0

    def go(hands: list[int], trick: list[int], leader: int, won: int) -> int:
        if len(trick) == n:
            w = trick_winner(trick, ct)
            winner = (leader - 1 + w) % n + 1
            pts = sum(ct.points[c] for c in trick)
            last = not any(hands[1:])
            if last:
                pts += rs.last_trick_bonus
            won |= 1 << rs.side_of[winner]
            if game.all_or_nothing:
                if stop >> winner & 1:
                    return 1 if camp == 1 else 0
                gain = 0
            else:
                gain = pts if game.camp[winner] == camp else 0
            if last:
                return gain + end(won)
            return gain + go(hands, [], winner, won)
        seat = (leader - 1 + len(trick)) % n + 1
        seats = [(leader - 1 + i) % n + 1 for i in range(len(trick))]
        legal = legal_cards(hands[seat], trick, seats, seat, ct, rs.duties, rs.side_of)
        values = []
        for c in cards_in(legal):
            hands[seat] ^= 1 << c
            values.append(go(hands, trick + [c], leader, won))
            hands[seat] ^= 1 << c
        return max(values) if game.camp[seat] == camp else min(values)

    if pos.is_over():
        return 0
    return go(list(pos.hands), list(pos.trick), pos.leader, pos.won)


def random_position(rs, rng: random.Random, tricks_left: int,
                    in_trick: int | None = None) -> tuple[Position, int]:
    """Hands of ``tricks_left`` cards each from the ruleset's deck, a leader, a few
    cards of the trick already played (any cards: legality is not the point
    here), and which sides have already taken a trick.  Returns the position and
    the number of cards in the trick."""
    n = rs.players
    deck = cards_in(rs.deck)
    rng.shuffle(deck)
    if in_trick is None:
        in_trick = rng.randrange(n)
    hands = [0] * (n + 1)
    leader = rng.randint(1, n)
    trick = []
    at = 0
    for i in range(n):
        seat = (leader - 1 + i) % n + 1
        size = tricks_left - (1 if i < in_trick else 0)
        for c in deck[at:at + size]:
            hands[seat] |= 1 << c
        at += size
        if i < in_trick:
            trick.append(deck[at])
            at += 1
    won = rng.randrange(1 << rs.sides) if tricks_left < rs.tricks and in_trick else 0
    return Position(tuple(hands), tuple(trick), leader, won), in_trick
