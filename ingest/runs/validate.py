"""The run of ``belot validate``: files of records → reports → output lines, in input
order, on one worker or many.

With one worker the files are read and replayed in this process, game by game
(streaming).  With more, each file is cut into chunks of whole games
(:mod:`ingest.chunks`), sized from the input and the workers; worker processes
validate the chunks and return their output lines, and this process writes each
chunk's lines strictly in input order.  The output, the summary and the exit
status are the same byte for byte whatever the number of workers, for a file
whose compressed data turns out damaged half-way too: both read and check the
whole games before the fault and name the line where its readable text stops.

Places.  A worker reads its chunk from the chunk's first line, so it shifts the
lines of its findings by the lines of the file before the chunk (line 0 means
"no place", as for a finding in a JSON Lines record, and stays 0).  Game numbers
(a game's position in its file) come from the chunker's estimate of the games
before the chunk; the driver knows the exact count once the chunks before are
done, and re-numbers a chunk's lines in the rare case the estimate was off (a
game without tags, a comment between tag lines).
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import re
from collections import Counter, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO, TypeVar

from ingest.bgn.files import STDIN
from ingest.chunks import (
    fault_place,
    input_chars,
    iter_chunks,
    read_chunk_games,
    unit_chars,
    until_fault,
)
from ingest.executors import process_pool
from ingest.validation import report_text, validate_file, validate_game
from replay.engine.report import GameReport
from replay.model.jsontext import dumps

#: what a run writes for each game: a compiler-style line per finding that stands on
#: its own with a count of those that follow from it, the same line for every
#: finding, the JSON report (one line per game), or nothing (the counts alone)
MODES = ("text", "all", "json", "summary")
#: the smallest unit of work worth a process hand-over (about 30 ms of validation)
MIN_UNIT_CHARS = 64 << 10
#: units cut per worker: sixteen, where ingest cuts four.  The run ends when the last
#: unit does, so a worker that finishes early waits for the others for up to one
#: unit: nine 4 MB units of a 34 MB file on two workers left one core idle for about
#: a ninth of the run.  A unit of validation costs nothing but its hand-over (about
#: a millisecond), an ingest unit writes and commits Parquet parts.
UNITS_PER_WORKER = 16


@dataclass(slots=True)
class RunCounts:
    """What a run found: the summary line and the exit status come from it."""

    files: int = 0
    games: int = 0
    deals: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    #: ``PATH: cannot read: why`` for each file that could not be read to its end
    #: (not gzip, corrupt compressed data); the games before the fault are reported
    unreadable: list[str] = field(default_factory=list)
    #: the warnings per code (W7xx): counted apart, they leave a game clean
    warned: Counter[str] = field(default_factory=Counter)

    def add(self, report: GameReport) -> None:
        self.games += 1
        self.deals += len(report.deals)
        for v in report.violations:
            self.codes[v.code] += 1
        for w in report.warnings:
            self.warned[w.code] += 1

    def merge(self, other: RunCounts) -> None:
        self.games += other.games
        self.deals += other.deals
        self.codes.update(other.codes)
        self.warned.update(other.warned)

    @property
    def findings(self) -> int:
        return sum(self.codes.values())

    @property
    def checked(self) -> bool:
        """Was anything checked?  "clean" is said only of at least one game."""
        return self.games > 0

    def summary(self) -> str:
        """``3 file(s), 120 game(s), 1323 deal(s): 22 finding(s): A501 x8, ...``; ``clean``
        only when at least one game was read and every file to its end, ``nothing
        checked`` when no game was read; the files that could not be read are counted.
        Then ``; 2 warning(s): W701 x2`` when there were warnings (they leave it clean)."""
        files = f"{self.files} file(s)"
        if self.unreadable:
            files += f" ({len(self.unreadable)} could not be read to its end)"
        head = f"{files}, {self.games} game(s), {self.deals} deal(s): "
        if not self.checked:
            return head + "nothing checked"
        if self.findings:
            head += f"{self.findings} finding(s): " + _per_code(self.codes)
        elif self.unreadable:
            head += "no finding in the games read"
        else:
            head += "clean"
        warnings = sum(self.warned.values())
        if warnings:
            head += f"; {warnings} warning(s): " + _per_code(self.warned)
        return head


def _per_code(counts: Counter[str]) -> str:
    return ", ".join(f"{c} x{k}" for c, k in sorted(counts.items()))


def report_lines(report: GameReport, mode: str) -> list[str]:
    """The output lines of one game's report (without line ends)."""
    if mode == "json":
        return [report.json_line()]
    if mode == "text" or mode == "all":
        return report_text(report, every=mode == "all")
    return []


_TEXT_GAME = re.compile(r"\d+")


def renumber(line: str, mode: str, game: int) -> str:
    """``line`` of :func:`report_lines` for the same game numbered ``game``.

    JSON: the report read back, its ``game`` set and written again (``dumps`` of
    ``json.loads`` of its own output is the same text).  Text: the number in
    the place suffix, the last `` (game N`` of the line (the message comes before it);
    the line that counts the findings that follow from one names no game.
    """
    if mode == "json":
        obj = json.loads(line)
        obj["game"] = game
        return dumps(obj)
    head, sep, tail = line.rpartition(" (game ")
    if not sep:
        return line
    return head + sep + _TEXT_GAME.sub(str(game), tail, count=1)


# ---------------------------------------------------------------- the worker


@dataclass(slots=True)
class CheckTask:
    """A chunk of whole games to validate (picklable: sent to a worker process)."""

    source: str  # the file's name as the output shows it
    kind: str  # "bgn" or "jsonl"
    text: str
    first_line: int  # the line of the file the text starts on (from 1)
    index_offset: int  # games in the file before the chunk (the chunker's estimate)
    mode: str
    encoding: str | None = None  # the file's encoding (None: UTF-8; ``--encoding``)
    undecoded: bool = True  # the text may hold a byte that could not be decoded


@dataclass(slots=True)
class CheckResult:
    tally: RunCounts
    #: records read (exact): the driver's count of the games before the next chunk
    records: int
    #: (game number as written in the lines, the lines) of each game with output
    out: list[tuple[int, list[str]]]


def check_chunk(task: CheckTask) -> CheckResult:
    """Validate a chunk's games as ``validate_file`` does, with file lines and game numbers."""
    shift = task.first_line - 1
    tally = RunCounts()
    out: list[tuple[int, list[str]]] = []
    records = 0
    for game in read_chunk_games(task):
        records += 1
        report = validate_game(game, task.source, ids=task.mode == "json")
        report.game += task.index_offset
        if shift:
            for v in report.violations + report.warnings:
                if v.line:
                    v.line += shift
        tally.add(report)
        lines = report_lines(report, task.mode)
        if lines:
            out.append((report.game, lines))
    return CheckResult(tally, records, out)


# ---------------------------------------------------------------- the driver


def validate_paths(files: Iterable[Path], out: TextIO, mode: str = "text",
                   workers: int = 1, chunk_chars: int | None = None,
                   encoding: str | None = None) -> RunCounts:
    """Validate ``files`` in order, writing each game's output lines to ``out``;
    their bytes are decoded in ``encoding`` (a Python codec name; UTF-8 by default).

    ``workers`` > 1 validates chunks of whole games in that many processes
    (``chunk_chars`` long, default sized by :func:`ingest.chunks.unit_chars`); an
    input too small to cut into two units is validated in this process.
    """
    files = list(files)
    tally = RunCounts(files=len(files))
    size = chunk_chars
    if size is None and workers > 1:
        total = input_chars(files)
        size = unit_chars(total, workers, MIN_UNIT_CHARS, UNITS_PER_WORKER)
        if total is not None and total < 2 * size:
            workers = 1  # one unit: starting processes would cost more than it saves
    if workers <= 1:
        for path in files:
            validate_serial(path, out, mode, tally, encoding=encoding)
        return tally
    assert size is not None
    _run_pool(files, out, mode, workers, size, tally, encoding)
    return tally


T = TypeVar("T")


def validate_serial(path: Path, out: TextIO, mode: str, tally: RunCounts,
                    encoding: str | None = None) -> None:
    """Validate one file in this process; a file that cannot be read to its end is
    noted in the tally after the whole games read before the fault."""
    reports = validate_file(path, ids=mode == "json", encoding=encoding)
    for report in _until_fault(reports, path, tally):
        tally.add(report)
        for line in report_lines(report, mode):
            out.write(line + "\n")


def _until_fault(items: Iterator[T], path: Path, tally: RunCounts) -> Iterator[T]:
    """``items`` read from ``path`` until a read error, which is noted in the tally."""
    return until_fault(items, lambda exc: tally.unreadable.append(
        f"{fault_place(path, exc)}: cannot read: {exc}"))


def _run_pool(files: list[Path], out: TextIO, mode: str, workers: int, size: int,
              tally: RunCounts, encoding: str | None) -> None:
    pool = process_pool(workers)
    in_flight = 2 * workers + 1  # each worker busy, with two units waiting
    pending: deque = deque()
    #: exact games of each file (by its place in ``files``: a file named twice is
    #: numbered from 1 twice, as in one process) in the chunks written so far
    before: dict[int, int] = {}

    def write_next() -> None:
        k, estimate, future = pending.popleft()
        result: CheckResult = future.result()
        exact = before.get(k, 0)
        before[k] = exact + result.records
        tally.merge(result.tally)
        delta = exact - estimate
        for number, lines in result.out:
            for line in lines:
                out.write((renumber(line, mode, number + delta) if delta else line) + "\n")

    finished = False
    try:
        for k, path in enumerate(files):
            for task in _until_fault(_tasks(path, mode, size, encoding), path, tally):
                pending.append((k, task.index_offset, pool.submit(check_chunk, task)))
                del task  # the future holds what the worker needs
                while len(pending) >= in_flight:
                    write_next()
        while pending:
            write_next()
        finished = True
    finally:
        if not finished:  # an error, ^C, or a closed pipe (`belot validate … | head`)
            stop_workers(pool)
        pool.shutdown(wait=finished, cancel_futures=True)


def stop_workers(pool: cf.ProcessPoolExecutor) -> None:
    """End the workers' current units now: their output would never be written, and
    the interpreter's exit would otherwise wait for them (up to ``2 × N + 1`` units).
    ``_processes`` is the executor's own table of its worker processes (stable since
    Python 3.2; there is no public way to stop a running task)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()


def _tasks(path: Path, mode: str, size: int, encoding: str | None) -> Iterator[CheckTask]:
    """The chunks of one file (``-``: standard input), in order."""
    if str(path) != STDIN and not path.exists():  # as validate_file reports it
        raise FileNotFoundError(f"no such file: {path}")
    for chunk in iter_chunks(path, source=str(path), target_chars=size, encoding=encoding):
        yield CheckTask(chunk.source, chunk.kind, chunk.text, chunk.first_line,
                        chunk.index_offset, mode, encoding, chunk.undecoded)
