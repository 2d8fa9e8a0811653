"""The double-dummy solver (replay/solver/search.py, replay/solver/kernel.py) against the engine's
rules and against a plain minimax (tests/support/dd_brute.py), in every variant and
contract kind, with points, Betl and claim payoffs, from both camps."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.dd_brute import brute_value, random_position
from support.solver_cases import KINDS, VARIANTS, game_for, ruleset, run_as_plain_python

from replay.model.cards import CONTRACT_TABLES, cards_in
from replay.rules.legality import legal_cards, trick_winner
from replay.solver.search import DoubleDummy, claim_holds


@settings(max_examples=400, deadline=None)
@given(variant=st.sampled_from(VARIANTS), kind=st.sampled_from(KINDS),
       seed=st.integers(0, 2**32 - 1))
def test_move_generation_is_the_engines_legality(variant, kind, seed):
    """The kernel's compiled ``legal`` equals replay.rules.legality.legal_cards."""
    rs = ruleset(variant)
    rng = random.Random(seed)
    pos, _ = random_position(rs, rng, rng.randint(1, rs.tricks))
    game = DoubleDummy(rs, kind, rng.randint(1, rs.players))
    seats = [(pos.leader - 1 + i) % rs.players + 1 for i in range(len(pos.trick))]
    want = legal_cards(pos.hands[pos.turn], list(pos.trick), seats, pos.turn,
                       CONTRACT_TABLES[kind], rs.duties, rs.side_of)
    assert game.legal(pos) == want


@settings(max_examples=250, deadline=None)
@given(variant=st.sampled_from(VARIANTS), kind=st.sampled_from(KINDS),
       tricks=st.integers(1, 3), seed=st.integers(0, 2**32 - 1))
def test_solver_agrees_with_plain_minimax(variant, kind, tricks, seed):
    rs = ruleset(variant)
    rng = random.Random(seed)
    pos, _ = random_position(rs, rng, tricks)
    game = game_for(rs, kind, rng)
    for camp in (0, 1):
        assert game.value(pos, camp) == brute_value(game, pos, camp)


@settings(max_examples=2000, deadline=None)
@given(variant=st.sampled_from(VARIANTS), kind=st.sampled_from(KINDS),
       tricks=st.integers(2, 3), seed=st.integers(0, 2**32 - 1))
def test_quick_bounds_never_overstate(variant, kind, tricks, seed):
    """The search's cut-off bounds at a trick start (docs/analysis.md, "The
    solver"), against the plain minimax: the leader's camp takes at least its
    sure trumps plus its quick points, the other camp at least its sure trumps,
    and a camp holding a sure trump leaves the other no capot."""
    import numpy as np

    from replay.solver import kernel as k

    rs = ruleset(variant)
    rng = random.Random(seed)
    pos, _ = random_position(rs, rng, tricks, in_trick=0)
    game = DoubleDummy(rs, kind, rng.randint(1, rs.players))
    hands = np.zeros(5, dtype=np.int64)
    hands[:len(pos.hands)] = pos.hands
    lead_camp = game.camp[pos.leader]
    sure, takes, other, other_takes = k._camp_trumps(game.ctx, hands, lead_camp)
    sure += k._quick_points(game.ctx, hands, pos.leader)
    rem = game._rem(pos)
    mine = brute_value(game, pos, lead_camp)
    theirs = brute_value(game, pos, 1 - lead_camp)
    assert mine >= sure and theirs >= other
    if other_takes:
        assert mine <= rem - other
    if takes or sure > 0:
        assert theirs <= rem - sure


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(VARIANTS), kind=st.sampled_from(KINDS),
       seed=st.integers(0, 2**32 - 1))
def test_value_is_the_best_of_its_children(variant, kind, seed):
    """A position's value is the mover's best child (worst, for the other camp);
    every card's loss is >= 0; equivalent cards are worth the same."""
    rs = ruleset(variant)
    rng = random.Random(seed)
    pos, _ = random_position(rs, rng, rng.randint(1, 4))
    game = game_for(rs, kind, rng)
    legal = game.legal(pos)
    reps = game.representatives(pos, legal)
    other = game.other_camp(pos, game.value(pos, 0))
    assert other is None or other == game.value(pos, 1)
    for camp in (0, 1):
        value = game.value(pos, camp)
        children = {c: game.gain(pos, c, camp) + (
            0 if game.stops(pos, c) else game.value(game.after(pos, c), camp))
            for c in cards_in(legal)}
        direct = {c: game.value(pos, camp, card=c) for c in cards_in(legal)}
        assert children == direct
        mine = game.camp[pos.turn] == camp
        assert value == (max if mine else min)(children.values())
        for c, v in children.items():
            assert (value - v if mine else v - value) >= 0
            assert v == children[reps[c]]


def test_full_deals_against_minimax_where_it_finishes():
    """Deals from the first lead with 4 cards a hand, in four variant families
    and three contract kinds: as far as the plain minimax gets in test time
    (it cannot finish a whole 8-trick deal); BELOT_HEAVY=1 plays 5-card deals,
    six per variant."""
    heavy = os.environ.get("BELOT_HEAVY") == "1"
    rng = random.Random(16)
    for variant in ("bg4", "contree", "yu3", "hu2"):
        rs = ruleset(variant)
        for _ in range(6 if heavy else 1):
            pos, _ = random_position(rs, rng, 5 if heavy else 4, in_trick=0)
            for kind in (0, 4, 5):
                game = DoubleDummy(rs, kind, pos.leader)
                assert game.value(pos, 0) == brute_value(game, pos, 0)


def test_capot_bonus_counts_for_a_single_side():
    """bg4: the callers holding every trump and ace take all 8 tricks: 162 + 90."""
    rs = ruleset("bg4")
    deck = cards_in(rs.deck)
    strong = [c for c in deck if c >> 3 == 0] or []
    hands = {1: 0, 2: 0, 3: 0, 4: 0}
    for c in strong:  # all spades to seat 1
        hands[1] |= 1 << c
    rest = [c for c in deck if c >> 3 != 0]
    for i, c in enumerate(rest):
        hands[2 + i % 3] |= 1 << c
    game = DoubleDummy(rs, 0, 1)
    pos = game.start(hands, 1)
    # seat 1 leads its 8 trumps; nobody else holds one
    assert game.value(pos, 0) == 162 + 90
    assert game.value(pos, 1) == 0


def test_claim_of_the_rest_is_decided_exactly():
    """bg4, hearts trump, one trick left per seat in two tricks: seat 1 holds AS
    and JH (top trump): its side takes both tricks; with 7H instead, seat 2's
    8H can take the second trick when seat 1 leads AS."""
    rs = ruleset("bg4")
    c = {t: i for i, t in enumerate(s for s in (r + u for u in "SHDC" for r in "789TJQKA"))}

    def hands(first):
        return {1: (1 << c["AS"]) | (1 << c[first]), 2: (1 << c["7S"]) | (1 << c["8H"]),
                3: (1 << c["8S"]) | (1 << c["7D"]), 4: (1 << c["9S"]) | (1 << c["8D"])}

    ct = CONTRACT_TABLES[1]
    assert claim_holds(hands("JH"), [], [], 1, 0, rs, ct)
    assert not claim_holds(hands("7H"), [], [], 1, 0, rs, ct)
    assert trick_winner([c["AS"], c["7S"], c["8S"], c["9S"]], ct) == 0


def test_plain_python_runs_the_same_code():
    """NUMBA_DISABLE_JIT=1: the kernel runs as Python and still agrees with the minimax."""
    script = (
        "import random, sys; sys.path.insert(0, 'tests')\n"
        "import numba; assert numba.config.DISABLE_JIT\n"
        "from support.dd_brute import brute_value, random_position\n"
        "from support.solver_cases import game_for, ruleset, VARIANTS\n"
        "rng = random.Random(7)\n"
        "for variant in VARIANTS:\n"
        "    rs = ruleset(variant)\n"
        "    for _ in range(3):\n"
        "        pos, _ = random_position(rs, rng, rng.randint(1, 2))\n"
        "        game = game_for(rs, rng.randrange(6), rng)\n"
        "        for camp in (0, 1):\n"
        "            assert game.value(pos, camp) == brute_value(game, pos, camp), (variant, pos)\n"
        "print('ok')\n")
    run_as_plain_python(script)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_solves_a_whole_deal(variant):
    """A full deal from the first lead: the value splits the deck's points (plus
    the capot bonus) between the two camps, and never exceeds them."""
    rs = ruleset(variant)
    rng = random.Random(variant)
    pos, _ = random_position(rs, rng, rs.tricks, in_trick=0)
    total = sum(CONTRACT_TABLES[0].points[c] for c in cards_in(rs.deck)
                if any(h >> c & 1 for h in pos.hands)) + rs.last_trick_bonus
    game = DoubleDummy(rs, 0, 1)
    a, b = game.value(pos, 0), game.value(pos, 1)
    assert 0 <= a <= total + rs.capot_bonus and 0 <= b <= total + rs.capot_bonus
    assert a + b >= total  # both can secure their share; a capot adds its bonus


def _neighbours(game: DoubleDummy, pos) -> list[tuple[int, int]]:
    """Pairs of legal cards of one suit with no card still in play ranked between them."""
    ct = CONTRACT_TABLES[game.kind]
    alive = 0
    for h in pos.hands:
        alive |= h
    for c in pos.trick:
        alive |= 1 << c
    legal = cards_in(game.legal(pos))
    pairs = []
    for a in legal:
        for b in legal:
            if a < b and a >> 3 == b >> 3:
                lo, hi = sorted((a, b), key=lambda c: ct.strength[c])
                between = [c for c in cards_in(alive) if c >> 3 == a >> 3
                           and ct.strength[lo] < ct.strength[c] < ct.strength[hi]]
                if not between:
                    pairs.append((a, b))
    return pairs


def test_neighbour_cards_differ_by_their_points_at_most():
    """What the search's sibling bound rests on, checked with the plain minimax:
    two legal cards of one suit with no card in play between them lead to the
    same tricks, so their values differ by at most the difference of their
    points (not at all in an all-or-nothing game)."""
    rng = random.Random(21)
    checked = differ = 0
    for _ in range(500):
        rs = ruleset(rng.choice(VARIANTS))
        pos, _ = random_position(rs, rng, rng.randint(2, 3))
        game = game_for(rs, rng.randrange(6), rng)
        ct = CONTRACT_TABLES[game.kind]
        for a, b in _neighbours(game, pos):
            for camp in (0, 1):
                va, vb = (game.gain(pos, c, camp) + (
                    0 if game.stops(pos, c) or game.after(pos, c).is_over()
                    else brute_value(game, game.after(pos, c), camp)) for c in (a, b))
                room = 0 if game.all_or_nothing else abs(ct.points[a] - ct.points[b])
                assert abs(va - vb) <= room, (rs.variant, pos, a, b, camp)
                checked += 1
                differ += va != vb
    assert checked > 200 and differ > 10  # pairs found, and their values do differ at times


def test_solver_agrees_with_plain_minimax_on_many_small_positions():
    """A fixed run of 2- and 3-trick positions, many with neighbour cards whose
    values the search bounds from each other instead of searching both."""
    rng = random.Random(2)
    for _ in range(300):
        rs = ruleset(rng.choice(VARIANTS))
        pos, _ = random_position(rs, rng, rng.randint(2, 3))
        game = game_for(rs, rng.randrange(6), rng)
        for camp in (0, 1):
            assert game.value(pos, camp) == brute_value(game, pos, camp), (rs.variant, pos, camp)
