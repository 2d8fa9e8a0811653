"""The card players of ``belot simulate``: how a simulated seat chooses its card."""

from __future__ import annotations

import random

from replay.model.cards import ContractTables, cards_in
from replay.rules.legality import trick_winner
from replay.rules.ruleset import Ruleset


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
