"""Which reader a file needs, finding record files, and writing files atomically.

This module is the one owner of file kinds: every command (validate, fmt,
convert, ingest, the dashboard) asks :func:`file_kind`, so a file reads the
same way everywhere.  A name that ends in ``.bgn`` is BGN; ``.jsonl``,
``.ndjson`` or ``.json`` is the JSON Lines form (each optionally ``.gz``).  Any
other name is judged by its content: a first non-blank character ``{`` means
JSON Lines, anything else BGN.
"""

from __future__ import annotations

import gzip
import io
import os
import shutil
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import IO

from ingest.bgn.lexer import binary_text, open_text
from replay.model.record import Game

__all__ = ["FileKind", "file_kind", "is_record_file", "record_files", "read_records",
           "RECORD_SUFFIXES", "RECORD_NAMES", "DATASET_MARK", "Skipped", "no_record_file",
           "stdout_text", "atomic_writer", "format_error", "STDIN", "not_a_file"]

#: the name that stands for standard input wherever a file of records is read
STDIN = "-"


class FileKind(StrEnum):
    BGN = "bgn"
    JSONL = "jsonl"


_BY_SUFFIX = {".bgn": FileKind.BGN, ".jsonl": FileKind.JSONL, ".ndjson": FileKind.JSONL,
              ".json": FileKind.JSONL}
#: every name a folder search picks up as a file of records
RECORD_SUFFIXES: tuple[str, ...] = tuple(s + z for s in _BY_SUFFIX for z in ("", ".gz"))
#: the same names, as the messages about a folder search say them
RECORD_NAMES = "a record file's name ends in .bgn, .jsonl, .ndjson or .json, each optionally .gz"
#: the folder of a dataset's commit log: a folder holding it is a dataset, not records
#: (its log and checkpoint files end in .json, which a folder search would take as records)
DATASET_MARK = "_belot"


def _suffix_kind(name: str) -> FileKind | None:
    name = name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    for suffix, kind in _BY_SUFFIX.items():
        if name.endswith(suffix):
            return kind
    return None


def file_kind(path: str | os.PathLike[str], encoding: str | None = None) -> FileKind:
    """BGN or JSON Lines: by the name's suffix, else by the first non-blank character
    of the (decompressed) content; a file that cannot be read is BGN (its reader
    reports the error), and so is standard input (``-``), read once."""
    kind = _suffix_kind(str(path))
    if kind is not None:
        return kind
    if str(path) == STDIN:
        return FileKind.BGN
    try:
        with open_text(path, encoding) as fh:  # gzip by magic, BOM dropped: as the readers open it
            head = fh.read(4096)
    except (OSError, EOFError):  # unreadable or a truncated gzip: its reader reports it
        return FileKind.BGN
    return FileKind.JSONL if head.lstrip(" \t\r\n").startswith("{") else FileKind.BGN


def is_record_file(name: str) -> bool:
    """Is a file met in a folder search a file of records (by its name)?"""
    return name.lower().endswith(RECORD_SUFFIXES)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file or folder a folder search passed over, and why."""

    path: Path
    why: str

    def __str__(self) -> str:
        return f"{self.path}: skipped, {self.why}"


#: why a folder search passes over a file or a folder
NOT_A_RECORD_FILE = f"not a record file ({RECORD_NAMES})"
A_DATASET = "a dataset folder, not records (belot stats and belot dashboard read it)"


def record_files(paths: Iterable[str], skipped: list[Skipped] | None = None) -> Iterator[Path]:
    """Files, folders (searched recursively for record files) and globs, in sorted
    order, and ``-`` (standard input) as itself; a name that matches nothing is a
    FileNotFoundError.

    A folder search takes the files named as records (:data:`RECORD_SUFFIXES`) and
    passes over the others, and over a dataset folder as a whole; each is added to
    ``skipped`` with the reason, so a command can name what it did not read.  A file
    named on its own is always read (its content decides its kind).
    """
    import glob

    for raw in paths:
        if raw == STDIN:
            yield Path(STDIN)
            continue
        matches = sorted(glob.glob(raw, recursive=True)) if glob.has_magic(raw) else [raw]
        if not matches:
            raise FileNotFoundError(f"no file matches {raw!r}")
        for m in matches:
            p = Path(m)
            if p.is_dir():
                for root, dirs, files in os.walk(p):
                    if DATASET_MARK in dirs:
                        dirs.clear()
                        _skip(skipped, Path(root), A_DATASET)
                        continue
                    dirs.sort()
                    for f in sorted(files):
                        if is_record_file(f):
                            yield Path(root) / f
                        else:
                            _skip(skipped, Path(root) / f, NOT_A_RECORD_FILE)
            elif p.exists():
                yield p
            else:
                raise FileNotFoundError(f"no such file: {raw}")


def _skip(skipped: list[Skipped] | None, path: Path, why: str) -> None:
    if skipped is not None:
        skipped.append(Skipped(path, why))


def no_record_file(paths: Iterable[str]) -> str:
    """What a command says when its search found no file of records at all."""
    return f"no record file in {' '.join(paths)} ({RECORD_NAMES})"


def read_records(path: str | os.PathLike[str], encoding: str | None = None) -> Iterator[Game]:
    """The games of a file of either kind (see :func:`file_kind`), its bytes decoded in
    ``encoding`` (UTF-8 by default); ``-`` is stdin, read as BGN.  A missing file is
    a FileNotFoundError, a folder an IsADirectoryError."""
    from ingest.bgn.jsonform import read_jsonl
    from ingest.bgn.reader import read_games

    if str(path) == STDIN:
        return read_games(binary_text(sys.stdin.buffer, encoding), encoding=encoding)
    problem = not_a_file(path)
    if problem is not None:
        raise (IsADirectoryError if os.path.isdir(path) else FileNotFoundError)(problem)
    if file_kind(path, encoding) is FileKind.JSONL:
        return read_jsonl(Path(path), encoding)
    return read_games(Path(path), encoding=encoding)


def not_a_file(path: str | os.PathLike[str]) -> str | None:
    """What is wrong with ``path`` where a file of records is expected, or None: it does
    not exist, or it is a folder (say so, and how to give its files)."""
    if os.path.isdir(path):
        return (f"{path} is a folder, not a file (give its files: "
                f"{os.path.join(path, '*.bgn')})")
    if not os.path.exists(path):  # a named pipe or a device is read like a file
        return f"no such file: {path}"
    return None


@contextmanager
def stdout_text() -> Iterator[IO[str]]:
    """stdout as UTF-8 text with LF line ends, whatever the locale (flushed and
    detached at the end, so sys.stdout stays open); a byte the input could not decode
    (:mod:`ingest.bgn.encoding`) is written back as it was."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        yield sys.stdout
        return
    # a record that could not be decoded is written through as it was read (``fmt``
    # writes such a game verbatim): its undecodable bytes go out as they came in
    out = io.TextIOWrapper(buffer, encoding="utf-8", errors="surrogateescape", newline="\n")
    try:
        yield out
    finally:
        try:
            out.flush()
        finally:
            out.detach()


class atomic_writer:  # noqa: N801 - used like open()
    """Write a file through a temporary file beside it, then ``os.replace`` it into
    place (gzip-compressed when the name ends in ``.gz``); on error the original stays."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.tmp: str | None = None
        self.raw: IO[bytes] | None = None
        self.text: IO[str] | None = None

    def __enter__(self) -> IO[str]:
        fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                        dir=self.path.parent)
        self.raw = os.fdopen(fd, "wb")
        binary: IO[bytes] | gzip.GzipFile = self.raw
        if self.path.name.endswith(".gz"):
            binary = gzip.GzipFile(filename="", mode="wb", fileobj=self.raw, mtime=0)
        self.text = io.TextIOWrapper(binary, encoding="utf-8", newline="\n")
        return self.text

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        assert self.text is not None and self.raw is not None and self.tmp is not None
        try:
            self.text.close()  # closes the gzip layer, which leaves self.raw open
            if not self.raw.closed:
                self.raw.close()
        finally:
            if exc_type is None:
                try:
                    shutil.copymode(self.path, self.tmp)
                except OSError:
                    pass
                os.replace(self.tmp, self.path)
            else:
                os.unlink(self.tmp)


def format_error(filename: str, game: Game, first_line: int = 1,
                 number: int | None = None) -> list[str]:
    """``file:line:col: CODE message (game N)`` for each parse error of a game; a game
    read from a chunk of its file that starts on line ``first_line`` is placed in the
    file, and numbered ``number`` when given (its place in the file)."""
    index = game.index if number is None else number
    return [_located(filename, index, first_line, e.code, e.line, e.col, e.message)
            for e in game.errors]


def format_warnings(filename: str, game: Game, first_line: int = 1,
                    number: int | None = None) -> list[str]:
    """``file:line:col: W701 message (game N)`` for each warning of a game (a date read
    in another form than the canonical one, or not read), placed as ``format_error``
    places an error."""
    index = game.index if number is None else number
    return [_located(filename, index, first_line, w.code, w.line, w.col, w.message)
            for w in game.warnings]


def _located(filename: str, index: int, first_line: int, code: str, line: int,
             col: int | None, message: str) -> str:
    if line:  # line 0: no place, in any chunk
        line += first_line - 1
    where = f"{filename}:{line}" + (f":{col}" if col is not None else "")
    return f"{where}: {code} {message} (game {index})"
