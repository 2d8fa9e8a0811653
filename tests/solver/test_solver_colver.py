"""contree: our double-dummy values against colver 0.11.1's own solver.

colver's ``Env.solve_scores()`` gives, for every legal card of the seat to play,
the N-S card points at the end of the deal under double-dummy play (0..252: a
capot is 252, as contree convention 1 (docs/rules/contree.md) scores it and as our ``capot_in_last_trick`` does).
Our value of N-S (seats 1 and 3, camp 0 when seat 1 calls) after that card,
plus what N-S has already taken, must be the same number for every card; so
colver's best card is among ours.  Seats and cards map as in
tests/support/colver_bridge.py.
"""

from __future__ import annotations

import random

import colver
from support.colver_bridge import FROM_COLVER, TO_COLVER

from replay.rules.rulesets import load_ruleset
from replay.solver.search import DoubleDummy, Position


def position_of(env, game: DoubleDummy) -> tuple[Position, int]:
    """Our position for colver's state, and N-S's card points so far."""
    hands = [0] * 5
    for p, cards in enumerate(env.get_hands()):
        for c in cards:
            hands[p + 1] |= 1 << FROM_COLVER[c]
    lead = env.get_trick_lead()
    trick = []
    for i in range(4):
        c = env.get_current_trick()[(lead + i) % 4]
        if c < 0:
            break
        trick.append(FROM_COLVER[c])
    return Position(tuple(hands), tuple(trick), lead + 1, 0), env.get_points()[0]


def test_card_values_equal_colvers_double_dummy_scores():
    rs = load_ruleset("contree")
    rng = random.Random(2026)
    checked = 0
    for _ in range(3):
        cards = list(range(32))
        rng.shuffle(cards)
        env = colver.Env.deal_with_hands(3, [cards[i * 8:(i + 1) * 8] for i in range(4)])
        trump = rng.randrange(4)
        env.set_contract(trump, 80, 0, 0)
        env.set_phase_playing()
        game = DoubleDummy(rs, trump, 1)  # seat 1 calls: camp 0 = seats 1 and 3 = colver's N-S
        for _step in range(8):  # the first two tricks
            pos, taken = position_of(env, game)
            won = 0  # capot still possible for the side that took every trick so far
            tricks = env.get_tricks_won()
            if tricks[0] and tricks[1]:
                won = 3
            elif tricks[0] or tricks[1]:
                won = 1 if tricks[0] else 2
            pos = Position(pos.hands, pos.trick, pos.leader, won)
            theirs = {FROM_COLVER[c]: v for c, v in env.solve_scores()["scores"]}
            ours = {c: taken + game.value(pos, 0, card=c) for c in theirs}
            assert ours == theirs
            env.step(TO_COLVER[rng.choice(sorted(theirs))])
            checked += 1
    assert checked == 24
