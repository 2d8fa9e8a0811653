"""Replayed deals of the bundled and test records, for the single-dummy tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ingest.bgn.reader import read_games
from replay.engine.report import DealReport
from replay.engine.walk import replay_game
from replay.rules.ruleset import Ruleset
from replay.solver.analysis import game_ruleset

ROOT = Path(__file__).resolve().parents[2]
#: one simulated file per variant, and the hand-written records
SIM = sorted((ROOT / "data" / "sim").glob("*.bgn.gz"))
WRITTEN = sorted([*(ROOT / "data" / "samples").glob("*.bgn"),
                  *(ROOT / "tests" / "records").rglob("*.bgn")])


def deals_of(path: Path, games: int | None = None,
             ) -> Iterator[tuple[DealReport, Ruleset, set[str]]]:
    """The replayed deals of the first ``games`` games of a file, with their ruleset
    and the codes the validator found in each."""
    for i, game in enumerate(read_games(path)):
        if games is not None and i >= games:
            return
        rs = game_ruleset(game)
        if rs is None:
            continue
        report = replay_game(game)
        for dr in report.deals:
            yield dr, rs, {v.code for v in report.violations if v.deal == dr.deal}
