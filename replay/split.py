"""One position's children searched side by side on several threads.

A null-window probe ("does the side to move secure at least ``beta``?") at a
position asks the same question of each of its children:

- at a node of the probing camp, one child reaching ``beta`` answers yes, and
  only when every child falls short is the answer no;
- at a node of the other camp it is the other way round: one child below
  ``beta`` answers no.

So the children can be searched at once, each thread taking the next one in
the search's own order, and the first child that decides the probe stops the
others (``ddkernel.STOPPED``).  Every thread searches with its own scratch
buffer over the one shared transposition table; the table's rows are written
without locks and checked on reading (``ddkernel.TT_DATA``), so an entry one
thread proves is found by the others.  The values are exact whatever the
timing: only the work and the order in which it is done vary.

The driver around the probes is the kernel's MTD(f) (``ddkernel.mtd``): steps
from a guess alternating with bisection between the proven bounds.

A :class:`Crew` is the threads.  The search releases Python's lock
(``nogil``), so the threads run on as many cores; the Python between the
searches is a few lines per child.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

from replay import ddkernel as k


class Crew:
    """``size`` workers: the calling thread and ``size - 1`` daemon threads,
    which :meth:`run` sets on one job and waits for."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._job: Callable[[int], None] | None = None
        self._go = [threading.Event() for _ in range(size)]
        self._done = [threading.Event() for _ in range(size)]
        self._errors: list[BaseException] = []
        self.busy = threading.Lock()  # one solve at a time (free_crew)
        for i in range(1, size):
            threading.Thread(target=self._serve, args=(i,), daemon=True,
                             name=f"belot-search-{i}").start()

    def _serve(self, i: int) -> None:
        while True:
            self._go[i].wait()
            self._go[i].clear()
            try:
                assert self._job is not None
                self._job(i)
            except BaseException as exc:  # handed to the caller of run()
                self._errors.append(exc)
            self._done[i].set()

    def run(self, job: Callable[[int], None]) -> None:
        """Run ``job(i)`` on every worker ``i`` (0: this thread) and wait for all."""
        self._job = job
        for i in range(1, self.size):
            self._go[i].set()
        try:
            job(0)
        finally:  # even when this thread's share fails: the next job must find the others idle
            for i in range(1, self.size):
                self._done[i].wait()
                self._done[i].clear()
        if self._errors:
            error = self._errors[0]
            self._errors.clear()
            raise error


_CREWS: dict[int, Crew] = {}
_CREWS_LOCK = threading.Lock()


def crew(size: int) -> Crew:
    """The process's crew of ``size`` workers (made once)."""
    with _CREWS_LOCK:
        if size not in _CREWS:
            _CREWS[size] = Crew(size)
        return _CREWS[size]


@contextmanager
def free_crew(size: int) -> Iterator[Crew | None]:
    """The crew of ``size`` workers for the length of the block, or None when
    another solve holds it (that caller then searches alone)."""
    team = crew(size)
    if not team.busy.acquire(blocking=False):
        yield None
        return
    try:
        yield team
    finally:
        team.busy.release()


class Search:
    """The arguments of one position's kernel searches, and a buffer per worker."""

    def __init__(self, ctx: Any, tt: Any, bufs: Sequence[Any], hands: Any, tcards: Any,
                 p: int, w: int, leader: int, seat: int, won: int, rem: int, persp: int,
                 gen: int) -> None:
        self.ctx, self.tt, self.bufs = ctx, tt, bufs
        self.hands, self.tcards = hands, tcards
        self.p, self.w, self.leader, self.seat = p, w, leader, seat
        self.won, self.rem, self.persp, self.gen = won, rem, persp, gen

    def window(self, worker: int, alpha: int, beta: int, card: int) -> int:
        """The fail-soft value after ``card`` in the window (alpha, beta)."""
        return int(k.window(self.ctx, self.tt, self.bufs[worker], self.hands, self.tcards,
                            self.p, self.w, self.leader, self.won, self.rem, self.persp,
                            self.gen, alpha, beta, card))

    def children(self) -> list[int]:
        """The distinct legal cards of the seat to play, in the search's order."""
        buf = self.bufs[0]
        count = int(k.children(self.ctx, buf, self.hands, self.tcards, self.p, self.w,
                               self.leader, self.seat))
        return [int(c) for c in buf[0, :count]]


def probe(search: Search, team: Crew, children: list[int], maximizing: bool,
          beta: int) -> tuple[int, int]:
    """One null-window probe of the position at ``beta`` over its ``children``
    on the crew's workers: the fail-soft value and the child that gave it.
    The workers take the children in order; the first child that decides the
    probe stops the others."""
    lock = threading.Lock()
    state = {"next": 0, "decided": False}
    values: dict[int, int] = {}

    def job(worker: int) -> None:
        flags = search.bufs[worker][k.BUF_ROWS - 1]
        while True:
            with lock:
                i = state["next"]
                if state["decided"] or i >= len(children):
                    return
                state["next"] = i + 1
            v = search.window(worker, beta - 1, beta, children[i])
            with lock:
                if flags[k.STOPPED]:
                    return  # the probe was decided meanwhile: v is no value
                values[children[i]] = v
                if (v >= beta) == maximizing:  # this child decides the probe
                    state["decided"] = True
                    for j, other in enumerate(search.bufs):
                        if j != worker:
                            other[k.BUF_ROWS - 1, k.STOPPED] = 1

    try:
        team.run(job)
    finally:
        for buf in search.bufs:
            buf[k.BUF_ROWS - 1, k.STOPPED] = 0
    pick = max if maximizing else min
    card = pick(values, key=lambda c: values[c])
    return values[card], card


def mtd(search: Search, team: Crew, maximizing: bool, guess: int) -> int:
    """The exact value: ``ddkernel.mtd``'s probes, each one split over the crew."""
    children = search.children()
    lower, upper = 0, int(k.mtd_upper(search.ctx, search.rem))
    g = guess
    step = 0
    while lower < upper:
        beta = int(k.mtd_beta(g, lower, upper, step))
        g, best = probe(search, team, children, maximizing, beta)
        children.remove(best)  # the best child of this probe leads the next one
        children.insert(0, best)
        lower, upper = (int(x) for x in k.mtd_bounds(g, beta, lower, upper))
        step += 1
    return lower


def each_at_least(search: Search, team: Crew, cards: list[int], beta: int) -> dict[int, bool]:
    """For each of ``cards``: does the position after it reach ``beta``?  The
    cards are independent questions, shared out over the crew."""
    lock = threading.Lock()
    todo = list(reversed(cards))
    out: dict[int, bool] = {}

    def job(worker: int) -> None:
        while True:
            with lock:
                if not todo:
                    return
                card = todo.pop()
            v = search.window(worker, beta - 1, beta, card)
            with lock:
                out[card] = v >= beta

    team.run(job)
    return out


def new_buffers(count: int) -> list[np.ndarray]:
    """A scratch buffer per worker (``ddkernel.BUF_ROWS`` rows)."""
    return [np.zeros((k.BUF_ROWS, 32), dtype=np.int64) for _ in range(count)]
