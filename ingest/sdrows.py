"""A replayed game's single-dummy analysis into a :class:`ingest.events.RowSink`
(tables ``card_single_dummy`` and ``game_single_dummy``), with its double-dummy
analysis (``ingest.ddrows``) when the dataset has none for the game yet: the
fair-play report reads the two side by side.

Used by ``belot analyze --single-dummy --into`` from the text kept in the
dataset's ``records`` table.  The values are
:func:`replay.singledummy.values.single_dummy_deal`'s: this module only collects them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ingest.ddrows import add_analysis, solve_game
from ingest.events import RowSink, cached_ruleset
from replay.engine.report import GameReport
from replay.model.record import Game

if TYPE_CHECKING:  # the solver (numba) loads only where analysis runs
    from replay.singledummy.values import DealSingleDummy


@dataclass(slots=True)
class SingleDummyGame:
    """What a game's single-dummy analysis added."""

    #: deals analysed, and cards with a row
    deals: int = 0
    cards: int = 0
    #: the double-dummy rows were added too
    double_dummy: bool = False
    #: positions skipped (no layout fits the record), one located line each
    notes: list[str] = field(default_factory=list)


def single_dummy_game_rows(sink: RowSink, game: Game, report: GameReport, gid: str,
                           variant: str, samples: int, seed: int,
                           double_dummy: bool) -> SingleDummyGame:
    """Analyse every deal of a replayed game single-dummy (and double-dummy when
    ``double_dummy``) and add the rows.  Everything is solved before any row is
    added: an exception leaves the sink as it was, and a re-run tries the game again."""
    from replay.singledummy.values import single_dummy_deal

    rs = cached_ruleset(variant, game.tags.get("Rules"), game.tags.get("Target"))
    deals: list[DealSingleDummy] = []
    if rs is not None:
        for dr in report.deals:
            d = single_dummy_deal(dr, rs, samples, seed)
            if d is not None:
                deals.append(d)
    solved = solve_game(game, report, variant) if double_dummy else None
    if solved is not None:
        add_analysis(sink, gid, variant, *solved)
    add_single_dummy(sink, gid, variant, deals, samples, seed)
    return SingleDummyGame(len(deals), sum(len(d.cards) for d in deals), solved is not None,
                           [f"{gid[:12]}: {note}" for d in deals for note in d.notes])


def add_single_dummy(sink: RowSink, gid: str, variant: str, deals: list[DealSingleDummy],
                     samples: int, seed: int) -> None:
    """A game's single-dummy analysis as rows of ``card_single_dummy`` and its marker
    row in ``game_single_dummy`` (one even when no deal could be analysed: the marker
    a re-run skips)."""
    cards = sink.column_lists("card_single_dummy", variant)
    for d in deals:
        n = len(d.cards)
        cards["game_id"].extend([gid] * n)
        cards["deal"].extend([d.deal] * n)
        cards["idx"].extend([c.idx for c in d.cards])
        cards["trick"].extend([c.trick for c in d.cards])
        cards["seat"].extend([c.seat for c in d.cards])
        cards["card"].extend([c.card for c in d.cards])
        cards["samples"].extend([c.samples for c in d.cards])
        cards["determined"].extend([c.determined for c in d.cards])
        cards["sd_before"].extend([c.sd_before for c in d.cards])
        cards["sd_after"].extend([c.sd_after for c in d.cards])
        cards["sd_loss"].extend([c.sd_loss for c in d.cards])
        cards["sd_best"].extend([c.sd_best for c in d.cards])
        cards["sd_se"].extend([c.sd_se for c in d.cards])
        cards["betl"].extend([d.betl] * n)
    sink.row_list("game_single_dummy", variant).append((gid, len(deals), samples, seed))
