"""File helpers shared by the notation commands: which reader a path needs, and
writing text to stdout, a file or a ``.gz`` atomically."""

from __future__ import annotations

import gzip
import io
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from replay.record import Game

__all__ = ["is_jsonl", "read_any", "stdout_text", "atomic_writer", "format_error"]


def is_jsonl(path: str | os.PathLike) -> bool:
    """JSON Lines by name: ``.jsonl``, ``.json``, ``.ndjson`` (optionally ``.gz``)."""
    name = str(path).lower()
    if name.endswith(".gz"):
        name = name[:-3]
    return name.endswith((".jsonl", ".json", ".ndjson"))


def read_any(path: str | os.PathLike) -> Iterator[Game]:
    """Games of a BGN (``.bgn``, ``.bgn.gz``) or JSON Lines file; ``-`` is stdin (BGN)."""
    from ingest.jsonform import read_jsonl
    from ingest.reader import read_games

    if str(path) == "-":
        stream = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", errors="replace",
                                  newline="\n")
        return read_games(stream)
    if is_jsonl(path):
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

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.tmp: str | None = None
        self.raw: IO[bytes] | None = None
        self.text: IO[str] | None = None

    def __enter__(self) -> IO[str]:
        fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                        dir=self.path.parent)
        self.raw = os.fdopen(fd, "wb")
        binary: IO[bytes] = self.raw
        if self.path.name.endswith(".gz"):
            binary = gzip.GzipFile(filename="", mode="wb", fileobj=self.raw, mtime=0)
        self.text = io.TextIOWrapper(binary, encoding="utf-8", newline="\n")
        return self.text

    def __exit__(self, exc_type, exc, tb) -> None:
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
    out = []
    for e in game.errors:
        where = f"{filename}:{e.line}" + (f":{e.col}" if e.col is not None else "")
        out.append(f"{where}: {e.code} {e.message} (game {game.index})")
    return out
