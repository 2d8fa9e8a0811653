"""The solver on several threads (``replay.solver.threads``): the same values as one
thread and as the plain minimax, and the table's lock-free rows.

Threads change only the order in which the work is done; every value here is
compared with an answer found another way (one thread, or ``dd_brute``)."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.dd_brute import brute_value, random_position
from support.solver_cases import KINDS, VARIANTS, ruleset, run_as_plain_python

from replay.solver import kernel as k
from replay.solver.analysis import best_cards
from replay.solver.search import DoubleDummy


@pytest.fixture(autouse=True, scope="module")
def share_every_position():
    """Share out every solve, down to the last trick (by default only the big
    positions at the start of a deal are), so that the tests' small positions
    go through the threads."""
    from replay.solver import search as solver

    saved = solver.SHARED_FROM
    solver.SHARED_FROM = 1
    yield
    solver.SHARED_FROM = saved


def twin_games(rs, kind: int, rng: random.Random) -> tuple[DoubleDummy, DoubleDummy]:
    """The same random game (points, Betl or a claim) on one thread and on two."""
    payoff = rng.randrange(3)
    caller = rng.randint(1, rs.players)
    args: dict = {}
    if payoff == 1:
        args["betl"] = True
    elif payoff == 2:
        args["claimers"] = rng.randrange(rs.sides)
    return DoubleDummy(rs, kind, caller, **args), DoubleDummy(rs, kind, caller, threads=2, **args)


@settings(max_examples=150, deadline=None)
@given(variant=st.sampled_from(VARIANTS), kind=st.sampled_from(KINDS),
       tricks=st.integers(1, 3), seed=st.integers(0, 2**32 - 1))
def test_two_threads_agree_with_plain_minimax(variant, kind, tricks, seed):
    rs = ruleset(variant)
    rng = random.Random(seed)
    pos, _ = random_position(rs, rng, tricks)
    _, game = twin_games(rs, kind, rng)
    for camp in (0, 1):
        assert game.value(pos, camp) == brute_value(game, pos, camp)


def test_two_threads_solve_deep_positions_as_one_does():
    """Positions two or three tricks into a deal, of every variant and contract
    kind, at a trick start or in a trick, for both camps; and the best cards
    there (``DoubleDummy.keeps`` shares them out)."""
    rng = random.Random(7)
    checked = 0
    for variant in VARIANTS:
        rs = ruleset(variant)
        for kind in KINDS:
            pos, _ = random_position(rs, rng, rs.tricks - 2 - rng.randrange(2),
                                     in_trick=rng.randrange(rs.players))
            one, two = twin_games(rs, kind, rng)
            for camp in (0, 1):
                before = one.value(pos, camp)
                assert two.value(pos, camp) == before, (variant, kind, camp)
                assert best_cards(two, pos, camp, before) == best_cards(one, pos, camp, before)
                checked += 1
    assert checked == 2 * len(VARIANTS) * len(KINDS)


def test_threads_spread_the_work():
    """On a deal that needs thousands of positions, both threads search some."""
    rs = ruleset("bg4")
    rng = random.Random(3)
    pos, _ = random_position(rs, rng, rs.tricks, in_trick=0)
    game = DoubleDummy(rs, 4, 1, threads=2)
    game.value(pos, 0)
    counts = [int(b[k.BUF_ROWS - 1, k.NODES]) for b in game.bufs]
    assert sum(counts) == game.nodes() > 1000
    assert min(counts) > 0


def _stored_row(game: DoubleDummy, pos) -> tuple[np.ndarray, tuple, int, int]:
    """Search ``pos`` once; the table row of its trick start, its key and meta."""
    hands, tcards, w = game._arrays(pos)
    rem = game._rem(pos)
    k.window(game.ctx, game.tt, game.buf, hands, tcards, 0, 0, pos.leader, 0, rem, 0,
             game.gen, 40, 41, -1)
    key = k.table_key(game.ctx, hands)
    meta, _ = k._meta(game.ctx, pos.leader, 0, 0, game.gen)
    row = k._tt_find(game.tt, key, meta)
    return game.tt[row].copy(), key, meta, row


def test_a_row_torn_between_two_writes_reads_as_a_miss():
    """The key words are stored XORed with the data word: a row whose data word
    comes from another write no longer matches its key (the lock-free table)."""
    rs = ruleset("bg4")
    pos, _ = random_position(rs, random.Random(5), 5, in_trick=0)
    game = DoubleDummy(rs, 1, 1)
    saved, key, meta, row = _stored_row(game, pos)
    data = int(k._tt_data(game.tt, row, key, meta))
    assert data == saved[k.TT_DATA] >= 0
    other = data ^ (1 << 3)  # another write's bounds
    game.tt[row, k.TT_DATA] = other
    assert k._tt_data(game.tt, row, key, meta) == -1
    game.tt[row, 0] = key[0] ^ other  # the other write's first word, the rest still the first's
    assert k._tt_data(game.tt, row, key, meta) == -1
    game.tt[row] = saved
    assert k._tt_data(game.tt, row, key, meta) == data


def test_a_stopped_search_returns_at_once_and_stores_nothing():
    rs = ruleset("bg4")
    pos, _ = random_position(rs, random.Random(11), rs.tricks, in_trick=0)
    game = DoubleDummy(rs, 1, 1)
    hands, tcards, _ = game._arrays(pos)
    before = game.tt.copy()
    game.buf[k.BUF_ROWS - 1, k.STOPPED] = 1
    k.window(game.ctx, game.tt, game.buf, hands, tcards, 0, 0, pos.leader, 0, game._rem(pos), 0,
             game.gen, 40, 41, -1)
    assert game.nodes() == 1
    assert np.array_equal(game.tt, before)
    game.buf[k.BUF_ROWS - 1, k.STOPPED] = 0
    assert game.value(pos, 0) == DoubleDummy(rs, 1, 1, threads=2).value(pos, 0)


def test_a_search_stopped_midway_leaves_no_false_entry():
    """Run as plain Python (NUMBA_DISABLE_JIT=1), where the recursion can be
    watched: the search is stopped after a few hundred positions, as another
    thread would stop it.  Whatever it stored must still be true: the same
    table then gives the exact values the plain minimax gives."""
    script = (
        "import random, sys; sys.path.insert(0, 'tests')\n"
        "import numba; assert numba.config.DISABLE_JIT\n"
        "from support.dd_brute import brute_value, random_position\n"
        "from support.solver_cases import ruleset\n"
        "from replay.solver import kernel as k\n"
        "from replay.solver.search import DoubleDummy\n"
        "inner = k.search\n"
        "calls = [0]\n"
        "def watched(ctx, tt, buf, *rest):\n"
        "    calls[0] += 1\n"
        "    if calls[0] == LIMIT > 0:\n"
        "        buf[k.BUF_ROWS - 1, k.STOPPED] = 1\n"
        "    return inner(ctx, tt, buf, *rest)\n"
        "k.search = watched\n"
        "rng = random.Random(2)\n"
        "for variant, kind in (('bg4', 1), ('bg4', 4), ('yu3', 5), ('hu2', 0)):\n"
        "    rs = ruleset(variant)\n"
        "    pos, _ = random_position(rs, rng, 4, in_trick=0)\n"
        "    def whole_window(game):\n"
        "        hands, tcards, _ = game._arrays(pos)\n"
        "        calls[0] = 0\n"
        "        k.window(game.ctx, game.tt, game.buf, hands, tcards, 0, 0, pos.leader, 0,\n"
        "                 game._rem(pos), 0, game.gen, -1, 999, -1)\n"
        "        return calls[0]\n"
        "    LIMIT = 0\n"
        "    size = whole_window(DoubleDummy(rs, kind, pos.leader))\n"
        "    for LIMIT in (size // 4, size // 2, 3 * size // 4):\n"
        "        game = DoubleDummy(rs, kind, pos.leader)\n"
        "        assert whole_window(game) > LIMIT\n"
        "        game.buf[k.BUF_ROWS - 1, k.STOPPED] = 0\n"
        "        calls[0] = -10**9\n"
        "        for camp in (0, 1):\n"
        "            assert game.value(pos, camp) == brute_value(game, pos, camp), (variant, camp)\n"
        "print('ok')\n")
    run_as_plain_python(script)


def test_a_failing_share_reaches_the_caller_and_leaves_the_crew_ready():
    from replay.solver import threads

    team = threads.Crew(2)
    seen: list[int] = []

    def fails_on(worker: int):
        def job(i: int) -> None:
            if i == worker:
                raise ValueError(f"worker {i}")
            seen.append(i)
        return job

    with pytest.raises(ValueError, match="worker 1"):
        team.run(fails_on(1))
    with pytest.raises(ValueError, match="worker 0"):
        team.run(fails_on(0))
    time.sleep(0.1)  # the other worker's share of that job is over by now
    final: list[int] = []

    def slow_helper(i: int) -> None:
        if i == 1:
            time.sleep(0.2)  # run() must wait for it, not return on the failed job's signal
        final.append(i)

    team.run(slow_helper)
    assert sorted(final) == [0, 1]
    time.sleep(0.4)  # and no worker runs it a second time, woken by a stale signal
    assert sorted(final) == [0, 1]
