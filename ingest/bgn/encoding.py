"""Text that is not UTF-8: reading it without loss, finding it, and guessing what it is.

BGN is UTF-8 (docs/bgn/reading.md "Encoding").  Every reader decodes its bytes once,
with the error handler :data:`ERRORS`: valid text reads as itself at the decoder's
full speed, and a byte that cannot be decoded becomes one lone surrogate (U+DC80 to
U+DCFF, the byte's value plus U+DC00, as ``surrogateescape`` makes it) instead of
U+FFFD.  The handler also counts such bytes (:func:`undecoded_count`), so a reader
that sees the count unchanged after a read knows its text holds none without looking
at it.  The byte is kept, so the reader can place it and nothing is ever changed on
the way:

- :func:`undecoded_lines` marks a block of lines that holds such a byte (searched
  for only after the count moved, or in text decoded elsewhere, and then not in an
  ASCII block);
- the reader gives the game that holds the first of them the finding ``P104``, at
  the byte's line and column, with :func:`undecoded_message`: the byte, the
  encoding the file was read in, and the one the text looks like (:func:`looks_like`);
- :func:`escape_undecoded` writes such bytes as ``\\xE9`` where a text must be
  valid UTF-8 (a dataset's rejected records).

``--encoding NAME`` (any Python codec name, checked by :func:`codec`) reads a file
in another encoding: latin-1, cp1252, cp1250 and cp1251 are the ones the game's
home countries write in.

This module is interpreted, not compiled: the reader calls it only for a block
that holds an undecodable byte.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Iterator
from typing import Final

__all__ = ["DEFAULT_ENCODING", "ERRORS", "Undecoded", "codec", "codec_title",
           "undecoded_lines", "undecoded_places", "undecoded_count", "undecoded_message", "looks_like", "escape_undecoded",
           "first_undecoded"]

#: BGN's encoding; a leading byte-order mark is dropped
DEFAULT_ENCODING: Final = "utf-8-sig"
#: how every reader decodes: an undecodable byte becomes a lone surrogate, kept and
#: counted (the name of :func:`_keep_undecoded` among the codecs' error handlers)
ERRORS: Final = "belot.keep-undecoded"
#: a byte ``surrogateescape`` could not decode
UNDECODED_RE: Final = re.compile("[\udc80-\udcff]")

_surrogateescape = codecs.lookup_error("surrogateescape")
#: the undecodable bytes the readers of this process met, counted per error handled
_undecoded = [0]


def _keep_undecoded(exc: UnicodeError) -> tuple[str | bytes, int]:
    """``surrogateescape``, counting: the decoders call it only for bytes they cannot
    decode, never on valid text."""
    _undecoded[0] += 1
    return _surrogateescape(exc)


codecs.register_error(ERRORS, _keep_undecoded)


def undecoded_count() -> int:
    """How many times the readers of this process met bytes they could not decode (a
    count that only grows: unchanged over a read, the text read holds none; another
    thread's reading may move it, which costs only a search)."""
    return _undecoded[0]


class Undecoded(list[str]):
    """A block of lines of which some hold undecodable bytes (see the module's
    docstring).  ``places`` maps a line's index in the block to the column (from 1)
    of its first such byte; ``encoding`` is the encoding the text was read in."""

    def __init__(self, lines: list[str], places: dict[int, int], encoding: str) -> None:
        super().__init__(lines)
        self.places = places
        self.encoding = encoding


def undecoded_places(lines: list[str]) -> Undecoded | None:
    """``lines`` when they are :class:`Undecoded`, else None (the reader asks once a block)."""
    return lines if type(lines) is Undecoded else None


def codec(name: str) -> str:
    """``name`` if Python has a codec of that name (``latin-1``, ``cp1251``, ``utf-16``…),
    else a ValueError that says so (``--encoding``'s check)."""
    try:
        codecs.lookup(name)
    except LookupError:
        raise ValueError(f"unknown encoding {name!r} (latin-1, cp1252, cp1250, cp1251, "
                         "or any other name Python's codecs know)") from None
    return name


def codec_title(encoding: str | None) -> str:
    """The encoding as a message names it: ``UTF-8`` by default, else the name given."""
    if encoding is None or codecs.lookup(encoding).name in ("utf-8", "utf-8-sig"):
        return "UTF-8"
    return encoding


def undecoded_lines(block: str, lines: list[str], encoding: str | None) -> list[str]:
    """``lines``, cut from the text ``block`` ends, as they are, or as
    :class:`Undecoded` when the block holds an undecodable byte.  One ``isascii``
    (a flag read) settles an ASCII block, the common case."""
    if block.isascii() or UNDECODED_RE.search(block) is None:
        return lines
    return mark_lines(lines, encoding)


def mark_lines(lines: list[str], encoding: str | None) -> list[str]:
    """``lines`` as :class:`Undecoded` when one holds an undecodable byte."""
    places = {}
    for i, line in enumerate(lines):
        col = first_undecoded(line)
        if col:
            places[i] = col
    return Undecoded(lines, places, codec_title(encoding)) if places else lines


def first_undecoded(line: str) -> int:
    """The column (from 1) of the first undecodable byte of ``line``, or 0."""
    if line.isascii():
        return 0
    m = UNDECODED_RE.search(line)
    return 0 if m is None else m.start() + 1


def undecoded_bytes(text: str) -> bytes:
    """The undecodable bytes of ``text``, in order."""
    return bytes(ord(c) - 0xDC00 for c in UNDECODED_RE.findall(text))


def escape_undecoded(text: str) -> str:
    """``text`` with each undecodable byte written ``\\xE9``: valid UTF-8 that still
    shows every byte (what a dataset keeps of a record it could not read)."""
    if text.isascii():
        return text
    return UNDECODED_RE.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02X}", text)


def undecoded_message(line: str, col: int, encoding: str) -> str:
    """P104's message for the undecodable byte at ``col`` of ``line``."""
    byte = ord(line[col - 1]) - 0xDC00
    head = f"byte 0x{byte:02X} is not {encoding} text"
    guess = looks_like(line) if encoding == "UTF-8" else None
    if guess is None:
        return head + (": read the file with --encoding NAME (latin-1, cp1250, cp1251…)"
                       if encoding == "UTF-8" else "")
    names = " or ".join(_NAMES[g] for g in guess)
    return f"{head}; it looks like {names}: read the file with --encoding {guess[0]}"


#: an encoding :func:`looks_like` answers, as a message names it
_NAMES: Final = {"cp1252": "cp1252 (latin-1, Western European)",
                 "cp1250": "cp1250 (Central European)", "cp1251": "cp1251 (Cyrillic)"}


def _letter(ch: str) -> bool:
    return len(ch) == 1 and unicodedata.category(ch)[0] == "L"


def _reads(byte: int, encoding: str) -> str:
    return bytes([byte]).decode(encoding, "ignore")


#: bytes read as a letter by cp1250 but not by cp1252 (Ł ł Ą ą Ť ť Ź ź Ż ż Ľ ľ), and
#: those read as ć Ć đ Đ ő Ő ű Ű by cp1250: everyday letters in Serbian, Croatian and
#: Hungarian names, where cp1252 reads æ Æ ð Ð õ Õ û Û, rare in the Western names
_CP1250_SIGNS: Final = frozenset(
    [b for b in range(0x80, 0x100) if _letter(_reads(b, "cp1250")) and not _letter(_reads(b, "cp1252"))]
    + [0xE6, 0xC6, 0xF0, 0xD0, 0xF5, 0xD5, 0xFB, 0xDB])


def _runs(text: str) -> Iterator[int]:
    """The lengths of the runs of consecutive undecodable bytes of ``text``."""
    for m in re.finditer("[\udc80-\udcff]+", text):
        yield m.end() - m.start()


def looks_like(text: str) -> tuple[str, ...] | None:
    """The encodings the undecodable bytes of ``text`` (a line) look like, most likely
    first, or None when they look like none of them.  A heuristic, in this order:

    1. cp1251 (Cyrillic) when most of the bytes stand in runs of two or more and
       every one reads as a letter in cp1251: a Cyrillic word is all such bytes,
       where a Latin script puts one accented letter between ASCII ones;
    2. cp1250 when a byte reads as a letter in cp1250 and not in cp1252 (Ł ą Ť…), or
       as ć đ ő ű (:data:`_CP1250_SIGNS`), and every byte reads as a letter in cp1250;
    3. cp1252 (latin-1 with letters in 0x80-0x9F: Š š Ž ž Œ œ) when every byte reads as a letter in cp1252 and none reads as
       another letter in cp1250 (é ö ü á read the same in both);
    4. cp1252 or cp1250 when every byte reads as a letter in both, some differently
       (0xE8 is è in one and č in the other);
    5. else nothing (control bytes, damaged UTF-8 that reads as no letters).
    """
    data = undecoded_bytes(text)
    if not data:
        return None
    in_runs = sum(n for n in _runs(text) if n >= 2)
    if 2 * in_runs > len(data) and all(_letter(_reads(b, "cp1251")) for b in data):
        return ("cp1251",)
    west = all(_letter(_reads(b, "cp1252")) for b in data)
    central = all(_letter(_reads(b, "cp1250")) for b in data)
    if central and any(b in _CP1250_SIGNS for b in data):
        return ("cp1250",)
    if west and all(_reads(b, "cp1250") == _reads(b, "cp1252") or not _letter(_reads(b, "cp1250"))
                    for b in data):
        return ("cp1252",)
    if west and central:
        return ("cp1252", "cp1250")
    return None
