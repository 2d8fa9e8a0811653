"""A replayed game's double-dummy analysis, solved deal by deal and timed, into a
:class:`ingest.events.RowSink` (tables ``card_analysis``, ``deal_analysis``,
``game_analysis``).

Shared by ``belot ingest --analyze`` (in the worker, right after the game's other
rows, so the analysis commits in the same unit) and ``belot analyze --into``
(from the text kept in the dataset's ``records`` table).  The values are
:func:`replay.analysis.analyse_deal`'s: this module only times and collects them.
"""

from __future__ import annotations

import time

from ingest.events import RowSink, TimedDeal, cached_ruleset
from replay.record import Game
from replay.report import GameReport


def analyse_game_rows(sink: RowSink, game: Game, report: GameReport, gid: str,
                      variant: str) -> int:
    """Solve every deal of a replayed game the solver can take and add the rows.

    All deals are solved before any row is added, so an exception (a solver bug)
    leaves the sink as it was: the caller keeps the game and reports the failure,
    and a later ``belot analyze --into`` tries the game again.  Returns the
    number of deals analysed.  A game whose ruleset cannot be built (P102) has
    nothing to solve: every deal counts as skipped.
    """
    from replay.analysis import analyse_deal

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
    sink.add_analysis(gid, variant, timed, skipped, (time.perf_counter() - started) * 1000.0)
    return len(timed)
