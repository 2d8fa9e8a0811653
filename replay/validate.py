"""Validation of files of records: the reader's games through the engine, as reports.

This is the one place where notation and engine meet for ``belot validate``,
the benchmarks and the dashboard's import page and replay viewer; the engine
itself never reads files.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from replay.engine import replay_game
from replay.report import GameReport


def expand_paths(paths) -> Iterator[Path]:
    """Files, folders and globs as files of records (see ``ingest.bgn.files``)."""
    from ingest.bgn.files import record_files

    return record_files(paths)


def validate_file(path: Path | str, display: str | None = None,
                  ids: bool = True) -> Iterator[GameReport]:
    """One report per game of the file, streaming.

    ``ids=False`` leaves ``game_id`` out (None): the text report of ``belot
    validate`` never prints it, and writing each game's canonical text to hash
    it costs about a sixth of a validation run.  The JSON report asks for it.
    """
    from ingest.bgn.files import read_records

    name = display if display is not None else str(path)
    for game in read_records(path):
        yield validate_game(game, name, ids)


def validate_game(game, name: str | None, ids: bool = True) -> GameReport:
    """The report of one game as read (identified by its canonical id when it parses
    and ``ids`` is set); the dashboard's replay viewer replays a single game re-read
    from its file this way."""
    from ingest.bgn.writer import game_id

    gid = None if game.errors or not ids else game_id(game)
    return replay_game(game, file=name, game_id=gid)


def format_violation(report: GameReport, v) -> str:
    """Compiler-style: ``file:line:col: CODE message (deal 3, trick 5)``."""
    where = [f"game {report.game}"]
    if v.deal is not None:
        where.append(f"deal {v.deal}")
    if v.trick is not None:
        where.append(f"trick {v.trick}")
    col = v.col if v.col is not None else 0
    return f"{report.file}:{v.line}:{col}: {v.code} {v.message} ({', '.join(where)})"
