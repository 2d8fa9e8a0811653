"""Input files cut into chunks of whole games, streaming, for parallel workers.

A file is read in blocks of characters (``.gz`` decompressed on the fly) and
cut at a game boundary near every ``target_chars``: a line that starts with
``[`` (a tag line), outside any ``{…}`` comment, whose previous meaningful
line is not a tag line, i.e. the place where the reader starts a new game
after movetext (docs/bgn/game.md: "A new game starts at a tag line that follows a
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

import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ingest.bgn.boundaries import find_game_cut, last_game_cut
from ingest.bgn.files import STDIN, file_kind
from ingest.bgn.inflate import READ_ERRORS, ReadFault
from ingest.bgn.lexer import stop_line
from replay.model.record import Game

T = TypeVar("T")


def until_fault(items: Iterator[T], noted: Callable[[Exception], object]) -> Iterator[T]:
    """``items`` read from a file until a read error (:data:`READ_ERRORS`), which goes to
    ``noted`` instead of up: a damaged file ends its own items, not the run.  Only
    errors of the reading are caught: one raised where the items are used (writing to
    a closed pipe) is not sent into this generator."""
    try:
        yield from items
    except READ_ERRORS as exc:
        noted(exc)


def fault_place(path: object, exc: BaseException) -> str:
    """``PATH:LINE`` where a damaged file's readable text stops, or ``PATH`` when none
    could be read."""
    line = exc.line if isinstance(exc, ReadFault) else 0
    return f"{path}:{line}" if line else str(path)

#: never hold more than this in one chunk: a "game" this large is cut at a line end
MAX_CHUNK_CHARS = 256 * 1024 * 1024
#: the largest unit of work a run cuts by default: the driver holds at most
#: ``2 × workers + 1`` units, so this bounds its memory whatever the input size
MAX_UNIT_CHARS = 4 << 20
#: units cut per worker when the input is small: more than one, so a worker that
#: finishes early takes another unit instead of waiting for the slowest
UNITS_PER_WORKER = 4


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
    encoding: str | None = None  # the file's encoding when not UTF-8 (``--encoding``)
    #: the text may hold a byte that could not be decoded (False: it holds none)
    undecoded: bool = True


def open_input(path: str | os.PathLike, encoding: str | None = None):
    """A text stream over a local file, standard input (``-``) or an fsspec URL
    (``s3://…``), ``.gz`` decompressed, decoded in ``encoding`` (UTF-8 by default)
    as every reader decodes (:mod:`ingest.bgn.encoding`)."""
    from ingest.bgn.encoding import DEFAULT_ENCODING, ERRORS
    from ingest.bgn.lexer import CRLFText, binary_text, open_text

    text = str(path)
    if "://" in text and not text.startswith("file://"):
        import fsspec

        return fsspec.open(text, mode="rt", compression="infer",
                           encoding=encoding or DEFAULT_ENCODING, errors=ERRORS,
                           newline="\n").open()
    if text == STDIN:
        return CRLFText(binary_text(sys.stdin.buffer, encoding))
    if text.startswith("file://"):
        text = text[len("file://"):]
    return open_text(text, encoding)


def input_chars(paths: Iterable[str | os.PathLike]) -> int | None:
    """About how many characters of text ``paths`` hold (None when one is a URL).

    A ``.gz`` file counts its uncompressed size, from the gzip trailer (ISIZE: the
    size modulo 2**32 of the last member; a smaller figure than the compressed size
    means it wrapped, and counts as four times the compressed size).  Only sizes the
    units of work: an estimate is enough.
    """
    total = 0
    for path in paths:
        text = str(path)
        if "://" in text and not text.startswith("file://"):
            return None
        text = text.removeprefix("file://")
        try:
            size = os.path.getsize(text)
            if text.lower().endswith(".gz") and size >= 18:
                with open(text, "rb") as fh:
                    fh.seek(-4, os.SEEK_END)
                    isize = int.from_bytes(fh.read(4), "little")
                size = isize if isize >= size else 4 * size
        except OSError:
            continue  # its reader reports it
        total += size
    return total


def unit_chars(total: int | None, workers: int, floor: int,
               per_worker: int = UNITS_PER_WORKER) -> int:
    """The size of one unit of work for ``total`` characters on ``workers`` workers.

    ``per_worker`` units per worker (:data:`UNITS_PER_WORKER` unless the caller's
    units are cheaper), so that every core has work on a
    small input too (a 7 MB file on 16 cores is cut into 64 units, not two), never
    more than :data:`MAX_UNIT_CHARS` (the memory bound) and never less than
    ``floor`` (below it the cost of a unit, a process hand-over and for ingest a set
    of Parquet files, outweighs its work).
    """
    if total is None:
        return MAX_UNIT_CHARS
    share = -(-total // (max(1, workers) * max(1, per_worker)))
    return max(1, min(MAX_UNIT_CHARS, max(floor, share)))


def iter_chunks(path: str | os.PathLike, source: str | None = None,
                target_chars: int = 4 << 20, encoding: str | None = None) -> Iterator[Chunk]:
    """Chunks of whole games of ``path`` (``-``: standard input), in order, each about
    ``target_chars`` long, its bytes decoded in ``encoding`` (UTF-8 by default)."""
    from ingest.bgn.encoding import undecoded_count

    source = source if source is not None else str(path)
    kind = str(file_kind(path, encoding))  # by suffix (local files also by content)
    count = undecoded_count()
    with open_input(path, encoding) as fh:
        for chunk in split_stream(fh, source, target_chars, kind):
            chunk.encoding = encoding
            # the decoder met no undecodable byte so far: the chunk holds none, and
            # its reader need not search it
            chunk.undecoded = undecoded_count() != count
            yield chunk


def split_stream(fh, source: str, target_chars: int, kind: str = "bgn") -> Iterator[Chunk]:
    target_chars = max(1, target_chars)
    buf = ""
    first_line = 1
    index = 0
    number = 0
    eof = False
    pending: Chunk | None = None
    fault: ReadFault | None = None
    while not eof:
        try:
            block = fh.read(max(target_chars, 1 << 16))
        except READ_ERRORS as exc:
            # a damaged file: its text stops here, and the game the fault cut is not read
            fault = ReadFault(exc, stop_line(first_line - 1, buf))
            buf, block = buf[:whole_games_end(buf, kind)], ""
        if not block:
            eof = True
        else:
            buf += block
        while buf:
            if eof:
                cut: int | None = len(buf)
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
                     else max(1, tag_blocks(text)))
            if pending is not None:
                yield pending
            pending = Chunk(source, text, first_line, index, games, number, False, kind)
            number += 1
            first_line += text.count("\n")
            index += games
    if fault is not None:  # the file is not read to its end: no chunk is its last
        if pending is not None:
            yield pending
        raise fault
    if pending is None:
        pending = Chunk(source, "", 1, 0, 0, 0, True, kind)
    pending.last = True
    yield pending


def whole_games_end(text: str, kind: str = "bgn") -> int:
    """Where the whole games of ``text`` (a file's text from a game's start) end when a
    fault cut it: at the start of its last game, whose end was never read, or after
    the last whole line of JSON Lines (a game a line); 0 when the fault cut the first."""
    if kind == "jsonl":
        return text.rfind("\n") + 1
    return last_game_cut(text) or 0


def tag_blocks(text: str) -> int:
    """Runs of consecutive tag lines in ``text``: one per game in well-formed files.

    Counted with ``str.count`` (a regular expression over the text cost two thirds
    of the driver's time): lines that start with ``[``, less those that follow a
    line ending in ``]`` (the tag line before, CRLF or LF).  An estimate: the
    driver corrects it from the exact counts of the workers.
    """
    starts = text.count("\n[") + text.startswith("[")
    crlf = text.count("]\r\n[") if "\r" in text else 0  # a pass saved on LF text
    return starts - text.count("]\n[") - crlf


def find_line_cut(buf: str, start: int) -> int | None:
    i = buf.find("\n", start)
    return None if i < 0 else i + 1


class ChunkText(Protocol):
    """What reading a chunk needs: its text, its kind and the file it came from."""

    kind: str
    text: str
    source: str
    #: the encoding the text was decoded from (None: UTF-8), named by a P104 message
    encoding: str | None
    #: the text may hold a byte that could not be decoded (False: it holds none)
    undecoded: bool


def read_chunk_games(task: ChunkText) -> Iterator[Game]:
    """The games of a chunk, through the project's reader (BGN) or JSON form (JSONL)."""
    if task.kind == "jsonl":
        from ingest.bgn import jsonform

        return jsonform.read_jsonl(io.StringIO(task.text, newline="\n"), task.encoding)
    from ingest.bgn.reader import read_games

    return read_games(io.StringIO(task.text, newline="\n"), filename=task.source,
                      encoding=task.encoding, undecoded=task.undecoded)
