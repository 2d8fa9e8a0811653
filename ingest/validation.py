"""Validation of files of records: the reader's games through the engine, as reports.

This is the one place where notation and engine meet for ``belot validate``,
the benchmarks and the dashboard's import page and replay viewer; the engine
itself never reads files (``replay/`` imports nothing outside itself).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from ingest.bgn.files import Skipped, read_records, record_files
from ingest.bgn.writer import read_game_id
from replay.engine.report import CODE_ORDER, GameReport, Violation
from replay.engine.walk import replay_game
from replay.model.record import Game


def expand_paths(paths: Iterable[str], skipped: list[Skipped] | None = None) -> Iterator[Path]:
    """Files, folders and globs as files of records; what a folder search passed over
    goes to ``skipped`` (see ``ingest.bgn.files.record_files``)."""
    return record_files(paths, skipped)


def validate_file(path: Path | str, display: str | None = None,
                  ids: bool = True, encoding: str | None = None) -> Iterator[GameReport]:
    """One report per game of the file (``-``: standard input), streaming, its bytes
    decoded in ``encoding`` (UTF-8 by default).

    ``ids=False`` leaves ``game_id`` out (None): the text report of ``belot
    validate`` never prints it.  The JSON report asks for it; a game whose source
    text is its canonical text is hashed as read, any other is written again.
    """
    name = display if display is not None else str(path)
    for game in read_records(path, encoding):
        yield validate_game(game, name, ids)


def validate_game(game: Game, name: str | None, ids: bool = True) -> GameReport:
    """The report of one game as read (identified by its canonical id when it parses
    and ``ids`` is set); the dashboard's replay viewer replays a single game re-read
    from its file this way."""
    gid = None if game.errors or not ids else read_game_id(game)
    return replay_game(game, file=name, game_id=gid)


def format_violation(report: GameReport, v: Violation) -> str:
    """Compiler-style: ``file:line:col: CODE message (deal 3, trick 5)``; a finding
    with no column (a game read from JSON Lines, where the line is the game's JSON
    line) is ``file:line: CODE …``, as compilers write a place known to the line."""
    where = [f"game {report.game}"]
    if v.deal is not None:
        where.append(f"deal {v.deal}")
    if v.trick is not None:
        where.append(f"trick {v.trick}")
    at = f"{v.line}" if v.col is None else f"{v.line}:{v.col}"
    return f"{report.file}:{at}: {v.code} {v.message} ({', '.join(where)})"


def report_text(report: GameReport, every: bool = False) -> list[str]:
    """The text report of one game: a line per finding that stands on its own, each
    followed by one line that counts the findings that follow from it
    (``replay.engine.cascades``); ``every`` lists every finding, one line each.  The
    warnings stand among them in the order of the record (a game read from JSON Lines
    places all at its line, its tags' warnings first)."""
    found = report.violations
    followers: dict[int, list[str]] = {}
    if not every:
        for v in found:
            if v.follows is not None:
                followers.setdefault(v.follows, []).append(v.code)
    shown = [(v, i) for i, v in enumerate(found) if every or v.follows is None]
    if report.warnings:
        shown = sorted([(w, -1) for w in report.warnings] + shown,
                       key=lambda item: (item[0].line, item[0].col or 0))
    lines = []
    for v, i in shown:
        lines.append(format_violation(report, v))
        if i in followers:
            lines.append(format_followers(followers[i]))
    return lines


def format_followers(codes: list[str]) -> str:
    """``  and 32 findings that follow from it (D203 x28, S601, ...; --all-findings
    lists them)``: indented, so that no tool reads it as a finding of its own."""
    counts = Counter(codes)
    listed = ", ".join(c if counts[c] == 1 else f"{c} x{counts[c]}"
                       for c in sorted(counts, key=lambda c: (CODE_ORDER.get(c, 99), c)))
    many = len(codes) != 1
    return (f"  and {len(codes)} finding{'s' if many else ''} that follow{'' if many else 's'} "
            f"from it ({listed}; --all-findings lists them)")
