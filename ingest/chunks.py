"""Input files cut into chunks of whole games, streaming, for parallel workers.

A file is read in blocks of characters (``.gz`` decompressed on the fly) and
cut at a game boundary near every ``target_chars``: a line that starts with
``[`` (a tag line), outside any ``{…}`` comment, whose previous meaningful
line is not a tag line, i.e. the place where the reader starts a new game
after movetext (bgn.md §3: "A new game starts at a tag line that follows a
non-tag line").  The driver never holds more than about one chunk per file
plus the chunks in flight, whatever the size of the input.

JSON Lines files (see :func:`ingest.bgn.files.file_kind`) are cut at line
ends: one game per line.

Each chunk knows the line its text starts on, so workers report lines from
the start of the file.  Game numbers (``game`` = position in the file) are
estimated per chunk by counting tag blocks; the driver corrects them at commit
time from the exact counts the workers return (see
:func:`ingest.pipeline.Driver`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ingest.bgn.boundaries import find_game_cut
from ingest.bgn.files import file_kind

#: a run of consecutive tag lines: one per game in well-formed files (the estimate)
_TAG_BLOCK = re.compile(r"(?:^\[[^\n]*\n)+", re.M)
#: never hold more than this in one chunk: a "game" this large is cut at a line end
MAX_CHUNK_CHARS = 256 * 1024 * 1024


@dataclass(slots=True)
class Chunk:
    """A run of whole games of one file."""

    source: str  # the file's name as given to ingest (reported in the tables)
    text: str
    first_line: int  # line number (from 1) of the text's first line in the file
    index_offset: int  # games in the file before this chunk (estimated for BGN)
    games_estimate: int  # games in this chunk (estimated for BGN)
    number: int  # chunk number within the file, from 0
    last: bool  # the file's last chunk
    kind: str  # "bgn" or "jsonl"


def open_input(path: str | os.PathLike):
    """A text stream over a local file or an fsspec URL (``s3://…``), ``.gz`` decompressed."""
    text = str(path)
    if "://" in text and not text.startswith("file://"):
        import fsspec

        return fsspec.open(text, mode="rt", compression="infer", encoding="utf-8-sig",
                           errors="replace", newline="\n").open()
    if text.startswith("file://"):
        text = text[len("file://"):]
    from ingest.bgn.lexer import open_text

    return open_text(text)


def iter_chunks(path: str | os.PathLike, source: str | None = None,
                target_chars: int = 4 << 20) -> Iterator[Chunk]:
    """Chunks of whole games of ``path``, in order, each about ``target_chars`` long."""
    source = source if source is not None else str(path)
    kind = str(file_kind(path))  # by suffix (local files also by content)
    with open_input(path) as fh:
        yield from split_stream(fh, source, target_chars, kind)


def split_stream(fh, source: str, target_chars: int, kind: str = "bgn") -> Iterator[Chunk]:
    target_chars = max(1, target_chars)
    buf = ""
    first_line = 1
    index = 0
    number = 0
    eof = False
    pending: Chunk | None = None
    while not eof:
        block = fh.read(max(target_chars, 1 << 16))
        if not block:
            eof = True
        else:
            buf += block
        while buf:
            if eof:
                cut = len(buf)
            else:
                if len(buf) < target_chars:
                    break
                cut = (find_line_cut(buf, target_chars) if kind == "jsonl"
                       else find_game_cut(buf, target_chars))
                if cut is None:
                    if len(buf) < MAX_CHUNK_CHARS:
                        break  # read more
                    cut = find_line_cut(buf, MAX_CHUNK_CHARS // 2) or len(buf)
            text, buf = buf[:cut], buf[cut:]
            games = (text.count("\n") + (not text.endswith("\n")) if kind == "jsonl"
                     else max(1, len(_TAG_BLOCK.findall(text))))
            if pending is not None:
                yield pending
            pending = Chunk(source, text, first_line, index, games, number, False, kind)
            number += 1
            first_line += text.count("\n")
            index += games
    if pending is None:
        pending = Chunk(source, "", 1, 0, 0, 0, True, kind)
    pending.last = True
    yield pending


def find_line_cut(buf: str, start: int) -> int | None:
    i = buf.find("\n", start)
    return None if i < 0 else i + 1
