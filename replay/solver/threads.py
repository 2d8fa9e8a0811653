"""One solve shared out over several threads: the principal variation split.

The search (``kernel.search``) tries each position's first card with the
whole window and the others with a null window at the bound to beat (a
scout), searching again only the cards that beat it.  The first card's value
is what sets that bound, so at the top of the tree the first card is followed
down (the principal variation) while the tree is big; at each position on the
way back up, once the first card's value is known, the other cards are scouted
side by side, each thread taking the next in the search's order.  A card that
settles the position (its value reaches the far side of the window) stops the
others (``kernel.STOPPED``); a card that beats the bound raises it for the
cards still to come.

Every thread searches with its own scratch buffer over the one shared
transposition table; the table's rows are written without locks and checked
on reading (``kernel.TT_DATA``), so an entry one thread proves is found by
the others.  The values are exact whatever the timing: only the work and the
order in which it is done vary.

A :class:`Crew` is the threads.  The search releases Python's lock
(``nogil``), so the threads run on as many cores; the Python between the
searches is a few lines per card.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

from replay.solver import kernel as k


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
    """The arguments of one position's kernel searches, a buffer per worker, and
    (``below``) the positions one card further on that are worth splitting too."""

    def __init__(self, ctx: Any, tt: Any, bufs: Sequence[Any], hands: Any, tcards: Any,
                 p: int, w: int, leader: int, seat: int, won: int, rem: int, persp: int,
                 gen: int, below: Callable[[int], tuple[int, Search] | None] | None = None
                 ) -> None:
        self.ctx, self.tt, self.bufs = ctx, tt, bufs
        self.hands, self.tcards = hands, tcards
        self.p, self.w, self.leader, self.seat = p, w, leader, seat
        self.won, self.rem, self.persp, self.gen = won, rem, persp, gen
        #: does the seat to play belong to the camp whose value is searched?
        self.maximizing = int(ctx[k.CAMP + seat]) == persp
        self._below = below

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

    def below(self, card: int) -> tuple[int, Search] | None:
        """What the camp scores at once by ``card`` and the position after it as
        a search of its own, while that position is big enough to split; else None."""
        return None if self._below is None else self._below(card)


def pvs(search: Search, team: Crew, alpha: int, beta: int) -> int:
    """The fail-soft value of the position in the window (alpha, beta): the
    first card followed down on the whole crew, then the other cards scouted
    side by side."""
    children = search.children()
    first = search.below(children[0])
    if first is None:
        v = search.window(0, alpha, beta, children[0])
    else:
        gain, after = first
        v = gain + pvs(after, team, alpha - gain, beta - gain)
    if search.maximizing:
        alpha = max(alpha, v)
    else:
        beta = min(beta, v)
    if alpha >= beta or len(children) == 1:
        return v
    return _scouts(search, team, children[1:], v, alpha, beta)


def _scouts(search: Search, team: Crew, cards: list[int], best: int, alpha: int,
            beta: int) -> int:
    """The rest of :func:`pvs`: ``cards`` scouted by the crew at the bound the
    cards before them set (``alpha`` for the camp searched, ``beta`` for the
    other), each searched again when it beats the bound; ``best``: the value
    so far."""
    maximizing = search.maximizing
    lock = threading.Lock()
    state = {"next": 0, "alpha": alpha, "beta": beta, "best": best, "decided": False}

    def job(worker: int) -> None:
        flags = search.bufs[worker][k.BUF_ROWS - 1]
        while True:
            with lock:
                i = state["next"]
                if state["decided"] or i >= len(cards):
                    return
                state["next"] = i + 1
                a, b = state["alpha"], state["beta"]
            card = cards[i]
            lo, hi = k.scout_window(maximizing, a, b)  # the kernel's own windows
            v = search.window(worker, lo, hi, card)
            if a < v < b:  # the card beats the bound: its value
                lo, hi = k.research_window(maximizing, a, b, v)
                v = search.window(worker, lo, hi, card)
            with lock:
                if flags[k.STOPPED]:
                    return  # the position was settled meanwhile: v is no value
                if maximizing:
                    state["best"] = max(state["best"], v)
                    state["alpha"] = max(state["alpha"], v)
                else:
                    state["best"] = min(state["best"], v)
                    state["beta"] = min(state["beta"], v)
                if state["alpha"] >= state["beta"]:  # this card settles the position
                    state["decided"] = True
                    for j, other in enumerate(search.bufs):
                        if j != worker:
                            other[k.BUF_ROWS - 1, k.STOPPED] = 1

    try:
        team.run(job)
    finally:
        for buf in search.bufs:
            buf[k.BUF_ROWS - 1, k.STOPPED] = 0
    return int(state["best"])


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
    """A scratch buffer per worker (``kernel.BUF_ROWS`` rows)."""
    return [np.zeros((k.BUF_ROWS, 32), dtype=np.int64) for _ in range(count)]
