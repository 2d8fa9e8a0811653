"""A replayed game's double-dummy analysis, solved deal by deal and timed, into a
:class:`ingest.events.RowSink` (tables ``card_analysis``, ``deal_analysis``,
``game_analysis``).

Shared by ``belot ingest --analyze`` (in the worker, right after the game's other
rows, so the analysis commits in the same unit) and ``belot analyze --into``
(from the text kept in the dataset's ``records`` table).  The values are
:func:`replay.solver.analysis.analyse_deal`'s: this module only times and collects them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ingest.events import CONTRACT_NAMES, RowSink, cached_ruleset
from replay.engine.report import GameReport
from replay.model.record import Game

if TYPE_CHECKING:  # the solver (numba) loads only where analysis runs
    from replay.solver.analysis import DealAnalysis


@dataclass(frozen=True, slots=True)
class TimedDeal:
    """A deal's double-dummy analysis, its contract as in ``deals`` and the time it took."""

    analysis: DealAnalysis
    #: the deal's contract kind (0..3 S H D C, 4 NT, 5 AT), as the engine reports it
    contract: int
    ms: float


def analyse_game_rows(sink: RowSink, game: Game, report: GameReport, gid: str,
                      variant: str) -> int:
    """Solve every deal of a replayed game the solver can take and add the rows.

    All deals are solved before any row is added, so an exception (a solver bug)
    leaves the sink as it was: the caller keeps the game and reports the failure,
    and a later ``belot analyze --into`` tries the game again.  Returns the
    number of deals analysed.
    """
    solved = solve_game(game, report, variant)
    add_analysis(sink, gid, variant, *solved)
    return len(solved[0])


def solve_game(game: Game, report: GameReport, variant: str
               ) -> tuple[list[TimedDeal], int, float]:
    """Every deal of a replayed game the solver can take, solved and timed; the number
    of deals it cannot take; the time it all took in milliseconds.  A game whose
    ruleset cannot be built (P102) has nothing to solve: every deal counts as skipped.
    """
    from replay.solver.analysis import analyse_deal

    rs = cached_ruleset(variant, game.tags.get("Rules"), game.tags.get("Target"))
    timed: list[TimedDeal] = []
    skipped = 0
    started = time.perf_counter()
    for dr in report.deals:
        if rs is None:
            skipped += 1
            continue
        t0 = time.perf_counter()
        a = analyse_deal(dr, rs)
        if a is None or dr.contract is None:
            skipped += 1
            continue
        timed.append(TimedDeal(a, dr.contract, (time.perf_counter() - t0) * 1000.0))
    return timed, skipped, (time.perf_counter() - started) * 1000.0


def add_analysis(sink: RowSink, gid: str, variant: str, deals: list[TimedDeal], skipped: int,
                 solver_ms: float) -> None:
    """A game's double-dummy analysis as rows of ``card_analysis``, ``deal_analysis``
    and ``game_analysis`` (one row even when no deal could be solved: the marker a
    re-run of ``belot analyze --into`` skips)."""
    cards = sink.column_lists("card_analysis", variant)
    deal_rows = sink.row_list("deal_analysis", variant)
    for t in deals:
        a = t.analysis
        n = len(a.cards)
        losses = [c.loss for c in a.cards]
        cards["game_id"].extend([gid] * n)
        cards["deal"].extend([a.deal] * n)
        cards["idx"].extend(range(1, n + 1))  # analyse_deal follows the play from its start
        cards["trick"].extend([c.trick for c in a.cards])
        cards["seat"].extend([c.seat for c in a.cards])
        cards["card"].extend([c.card for c in a.cards])
        cards["before"].extend([c.before for c in a.cards])
        cards["after"].extend([c.after for c in a.cards])
        cards["loss"].extend(losses)
        cards["best"].extend([c.best for c in a.cards])
        cards["betl"].extend([a.betl] * n)
        deal_rows.append((gid, a.deal, a.caller, CONTRACT_NAMES[t.contract], a.betl,
                          a.value, a.made_dd, a.made, n, sum(losses), t.ms))
    sink.row_list("game_analysis", variant).append((gid, len(deals), skipped, solver_ms))
