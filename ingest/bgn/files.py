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
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import IO

from ingest.bgn.lexer import open_text
from replay.model.record import Game

__all__ = ["FileKind", "file_kind", "is_record_file", "record_files", "read_records",
           "RECORD_SUFFIXES", "stdout_text", "atomic_writer", "format_error"]


class FileKind(StrEnum):
    BGN = "bgn"
    JSONL = "jsonl"


_BY_SUFFIX = {".bgn": FileKind.BGN, ".jsonl": FileKind.JSONL, ".ndjson": FileKind.JSONL,
              ".json": FileKind.JSONL}
#: every name a folder search picks up as a file of records
RECORD_SUFFIXES: tuple[str, ...] = tuple(s + z for s in _BY_SUFFIX for z in ("", ".gz"))


def _suffix_kind(name: str) -> FileKind | None:
    name = name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    for suffix, kind in _BY_SUFFIX.items():
        if name.endswith(suffix):
            return kind
    return None


def file_kind(path: str | os.PathLike[str]) -> FileKind:
    """BGN or JSON Lines: by the name's suffix, else by the first non-blank character
    of the (decompressed) content; a file that cannot be read is BGN (its reader
    reports the error)."""
    kind = _suffix_kind(str(path))
    if kind is not None:
        return kind
    try:
        with open_text(path) as fh:  # gzip by magic, BOM dropped: as the readers open it
            head = fh.read(4096)
    except (OSError, EOFError):  # unreadable or a truncated gzip: its reader reports it
        return FileKind.BGN
    return FileKind.JSONL if head.lstrip(" \t\r\n").startswith("{") else FileKind.BGN


def is_record_file(name: str) -> bool:
    """Is a file met in a folder search a file of records (by its name)?"""
    return name.lower().endswith(RECORD_SUFFIXES)


def record_files(paths: Iterable[str]) -> Iterator[Path]:
    """Files, folders (searched recursively for record files) and globs, in sorted
    order; a name that matches nothing is a FileNotFoundError."""
    import glob

    for raw in paths:
        matches = sorted(glob.glob(raw, recursive=True)) if glob.has_magic(raw) else [raw]
        if not matches:
            raise FileNotFoundError(f"no file matches {raw!r}")
        for m in matches:
            p = Path(m)
            if p.is_dir():
                for root, dirs, files in os.walk(p):
                    dirs.sort()
                    for f in sorted(files):
                        if is_record_file(f):
                            yield Path(root) / f
            elif p.exists():
                yield p
            else:
                raise FileNotFoundError(f"no such file: {raw}")


def read_records(path: str | os.PathLike[str]) -> Iterator[Game]:
    """The games of a file of either kind (see :func:`file_kind`); ``-`` is stdin,
    read as BGN.  A missing file is a FileNotFoundError."""
    from ingest.bgn.jsonform import read_jsonl
    from ingest.bgn.reader import read_games

    if str(path) == "-":
        stream = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", errors="replace",
                                  newline="\n")
        return read_games(stream)
    if not os.path.exists(path):
        raise FileNotFoundError(f"no such file: {path}")
    if file_kind(path) is FileKind.JSONL:
        return read_jsonl(Path(path))
    return read_games(Path(path))


@contextmanager
def stdout_text() -> Iterator[IO[str]]:
    """stdout as UTF-8 text with LF line ends, whatever the locale (flushed and
    detached at the end, so sys.stdout stays open)."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        yield sys.stdout
        return
    out = io.TextIOWrapper(buffer, encoding="utf-8", newline="\n")
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


def format_error(filename: str, game: Game) -> list[str]:
    """``file:line:col: CODE message`` for each parse error of a game."""
    return [_located(filename, game, e.code, e.line, e.col, e.message) for e in game.errors]


def format_warnings(filename: str, game: Game) -> list[str]:
    """``file:line:col: W701 message`` for each warning of a game (a date read in
    another form than the canonical one, or not read)."""
    return [_located(filename, game, w.code, w.line, w.col, w.message) for w in game.warnings]


def _located(filename: str, game: Game, code: str, line: int, col: int | None,
             message: str) -> str:
    where = f"{filename}:{line}" + (f":{col}" if col is not None else "")
    return f"{where}: {code} {message} (game {game.index})"
