"""BGN tokens: opening files, splitting lines into tokens, classifying each token.

A line is split by one compiled regex (:data:`TOKEN_RE`) into words, ``/``,
``{…}`` comments and ``;`` comments (docs/bgn/reading.md "Tokens": tokens split at
whitespace and before ``{``, ``;``, ``/``).  A word is then classified once
into a small tuple, the *descriptor*, and the result is cached by the word's
text, so the common tokens of a file (``JH``, ``1.``, ``bela``, ``pass``) cost
one dict lookup each.  The parser (:mod:`ingest.bgn.reader`) dispatches on the
descriptor's first item, the kind.

Descriptors (first item is the kind):

=============  ===================================================================
``CARD``       ``(CARD, "QH", annotation_or_None)`` — ``qh``, ``Q♥️``, ``10h!``
``KW``         ``(KW, "bela", annotation_or_None)`` — a reserved word, lower case
``PREFIX``     ``(PREFIX, seat)`` — ``2:``
``TRICK``      ``(TRICK, number)`` — ``3.``
``NUMBER``     ``(NUMBER, Decimal, int_or_None)`` — ``-?\\d+(\\.\\d+)?``
``DASH``       ``(DASH,)`` — a lone ``-``
``SLASH``      ``(SLASH,)``
``ANNOT``      ``(ANNOT, "!?")``
``CALL``       ``(CALL, "90H")`` — canonical call text
``COMBO``      ``(COMBO, "run5:AS")`` — canonical combination text
``BADCOMBO``   ``(BADCOMBO, message)`` — ``run2:…``, ``run9:…`` (P101)
``FIGURE``     ``(FIGURE, "absolut")``
``STAR``       ``(STAR,)`` — ``*``
``WORD``       ``(WORD, upper_text)`` — anything else (``A``/``B`` results, junk)
``COMPOUND``   ``(COMPOUND, ((offset, desc), …))`` — glued ``1.JH``, ``2:pass``
``COMMENT``    ``(COMMENT, text, closed)`` — never cached
=============  ===================================================================
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import IO, Any, Final

from ingest.bgn.encoding import (
    DEFAULT_ENCODING,
    ERRORS,
    mark_lines,
    undecoded_count,
    undecoded_lines,
)
from ingest.bgn.inflate import READ_ERRORS, Inflated, ReadFault
from replay.model.lanes import own_abc_caches

#: a token's descriptor: the kind first, then what that kind carries (table above)
Descriptor = tuple[int, *tuple[Any, ...]]
#: what the readers read: a path, ``bytes``, a binary or text stream, or an iterable of lines
Source = (str | os.PathLike[str] | bytes | bytearray | io.RawIOBase | io.BufferedIOBase
          | IO[str] | Iterable[str])

CARD, KW, PREFIX, TRICK, NUMBER, DASH, SLASH, ANNOT = range(8)
CALL, COMBO, BADCOMBO, FIGURE, STAR, WORD, COMPOUND, COMMENT = range(8, 16)

KIND_NAMES = (
    "card", "keyword", "seat prefix", "trick number", "number", "'-'", "'/'", "annotation",
    "call", "combination", "combination", "figure", "'*'", "word", "token", "comment",
)

#: one token of a line: a word, a ``{…}`` comment (maybe unterminated), a ``;`` comment, ``/``
TOKEN_RE: Final = re.compile(r"[^\s{;/]+|\{[^}]*\}?|;.*|/")

SECTION_WORDS = (
    "hands", "turn", "talon", "bids", "announce", "exchange", "declare", "play", "score", "total",
)
KEYWORDS = frozenset(
    SECTION_WORDS
    + ("deal", "dealer", "result", "swap", "take", "discard", "claim", "rest", "game",
       "bela", "rebela", "hang")
)
FIGURES = frozenset(
    ("absolut", "hundred", "tuletroa", "celad", "fortyfour", "twohundred", "ultimo",
     "alltrumps", "volat", "betl")
)
ANNOTATIONS = ("!", "?", "!!", "??", "!?", "?!")

SUIT_OF_CHAR = {
    "s": "S", "h": "H", "d": "D", "c": "C",
    "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C",
}
RANK_OF_TEXT = {
    "7": "7", "8": "8", "9": "9", "t": "T", "10": "T", "j": "J", "q": "Q", "k": "K", "a": "A",
}
SUITS = "SHDC"
RANKS = "789TJQKA"
#: canonical sort key of a card (suits S H D C, ranks 7 8 9 T J Q K A); unknown cards last
CARD_ORDER = {r + s: i * 8 + j for i, s in enumerate(SUITS) for j, r in enumerate(RANKS)}

_SUIT = "[shdc\u2660\u2665\u2666\u2663]\ufe0f?"
_CARD_RE = re.compile(r"(10|[789tjqka])(" + _SUIT + r")([!?]{1,2})?\Z")
_NUMBER_RE = re.compile(r"-?[0-9]+(?:\.[0-9]+)?\Z")
_GLUE_RE = re.compile(r"([0-9]+)([:.])(.*)\Z", re.S)
_CALL_RE = re.compile(
    r"(?:(pass)|(nt|at|xx|x)|(" + _SUIT + r")|([0-9]+)(nt|at|" + _SUIT + r")"
    r"|capot(nt|at|" + _SUIT + r"))\Z"
)
_RUN_RE = re.compile(r"run([0-9]+):(.*)\Z", re.S)
_CARRE_RE = re.compile(r"carr[e\u00e9]:(10|[789tjqka])\Z")
_BELA_ANNOT_RE = re.compile(r"(bela|rebela)([!?]{1,2})\Z")


def _suit(text: str) -> str:
    return SUIT_OF_CHAR[text[0]]


def sheet_value(value: Decimal) -> Decimal:
    """A score-sheet number as the record keeps it: its value, not its spelling.
    ``-0``, ``007`` and ``5.0`` are 0, 7 and 5, ``97.50`` is 97.5, as the canonical
    text writes them (docs/bgn/canonical.md), so that a finding that quotes a
    written number (S601, S602) reads the same whichever way it was spelt."""
    if value == value.to_integral_value():
        return Decimal(int(value))
    return value.normalize()


def _classify_simple(tok: str) -> Descriptor:
    low = tok.lower()
    if low in KEYWORDS:
        return (KW, low, None)
    m = _CARD_RE.match(low)
    if m:
        return (CARD, RANK_OF_TEXT[m.group(1)] + _suit(m.group(2)), m.group(3))
    if _NUMBER_RE.match(tok):
        value = sheet_value(Decimal(tok))
        whole = int(tok) if "." not in tok and tok[0] != "-" else None
        return (NUMBER, value, whole)
    if tok == "-":
        return (DASH,)
    if tok == "*":
        return (STAR,)
    if tok in ANNOTATIONS:
        return (ANNOT, tok)
    call = call_of(tok)
    if call is not None:
        return (CALL, call)
    if low in FIGURES:
        return (FIGURE, low)
    m = _RUN_RE.match(low)
    if m:
        length = int(m.group(1))
        top = _CARD_RE.match(m.group(2))
        if top is None or top.group(3):
            return (BADCOMBO, f"'{tok}' is not a combination: expected a card after 'run{length}:'")
        if not 3 <= length <= 8:
            return (BADCOMBO, f"'{tok}' is not a combination: runs have 3 to 8 cards")
        return (COMBO, f"run{length}:" + RANK_OF_TEXT[top.group(1)] + _suit(top.group(2)))
    m = _CARRE_RE.match(low)
    if m:
        return (COMBO, "carre:" + RANK_OF_TEXT[m.group(1)])
    if low.startswith(("carre", "carr\u00e9")):
        return (BADCOMBO, f"'{tok}' is not a combination: expected carre:<rank>")
    m = _BELA_ANNOT_RE.match(low)
    if m:
        return (KW, m.group(1), m.group(2))
    return (WORD, tok.upper())


#: call_of's answers by token, kept for at most this many tokens (the calls a file
#: spells are few; a regular expression per token cost about 5k instructions)
_CALLS_KEPT: Final = 10_000
_CALLS: Final[dict[str, str | None]] = {}


def call_of(tok: str) -> str | None:
    """The canonical call a token spells, or None.  ``7S`` and ``10H`` are cards
    elsewhere but point bids in ``bids``, so the parser asks this there."""
    if tok in _CALLS:
        return _CALLS[tok]
    call = _call_of(tok)
    if len(_CALLS) < _CALLS_KEPT:
        _CALLS[tok] = call
    return call


def _call_of(tok: str) -> str | None:
    """``call_of`` without the memory."""
    m = _CALL_RE.match(tok.lower())
    if m is None:
        return None
    if m.group(1):
        return "pass"
    if m.group(2):
        return m.group(2).upper()
    if m.group(3):
        return _suit(m.group(3))
    if m.group(4):
        s = m.group(5)
        return str(int(m.group(4))) + (s.upper() if s in ("nt", "at") else _suit(s))
    s = m.group(6)
    return "capot" + (s.upper() if s in ("nt", "at") else _suit(s))


def classify(tok: str) -> Descriptor:
    """The descriptor of one word token (not a comment)."""
    m = _GLUE_RE.match(tok)
    if m and m.group(3) and not _NUMBER_RE.match(tok):
        n = int(m.group(1))
        head = (PREFIX, n) if m.group(2) == ":" else (TRICK, n)
        offset = m.end(2)
        inner = classify(m.group(3))
        if inner[0] == COMPOUND:
            parts = ((0, head),) + tuple((offset + o, d) for o, d in inner[1])
        else:
            parts = ((0, head), (offset, inner))
        return (COMPOUND, parts)
    if m and not m.group(3):
        n = int(m.group(1))
        return (PREFIX, n) if m.group(2) == ":" else (TRICK, n)
    return _classify_simple(tok)


CACHE: Final[dict[str, Descriptor]] = {}
_CACHE_LIMIT = 200_000


def lookup(tok: str) -> Descriptor:
    """:func:`classify` with a bounded cache; comments are classified but not cached."""
    c = tok[0]
    if c == "{":
        closed = len(tok) > 1 and tok[-1] == "}"
        return (COMMENT, tok[1:-1] if closed else tok[1:], closed)
    if c == ";":
        return (COMMENT, tok[1:], True)
    if c == "/":
        return (SLASH,)
    d = classify(tok)
    if c != "[" and len(CACHE) < _CACHE_LIMIT:
        CACHE[tok] = d
    return d


def collapse(text: str) -> str:
    """Comment text as kept: inner whitespace collapsed to one space, trimmed."""
    return " ".join(text.split())


def is_gzip_path(path: str | os.PathLike[str]) -> bool:
    if str(path).endswith(".gz"):
        return True
    try:
        with open(path, "rb") as fh:
            return fh.read(2) == b"\x1f\x8b"
    except OSError:
        return False


def stop_line(lines_before: int, text: str) -> int:
    """The line the readable text stops on: ``text`` follows ``lines_before`` whole lines
    (a last line without its LF counts; 0 when there is no text at all)."""
    return lines_before + text.count("\n") + (text[-1:] not in ("", "\n"))


class CRLFText(io.TextIOBase):
    """A text stream that turns CRLF into LF and leaves a lone CR alone (lines end
    only at LF, so line numbers never change).

    Over an :class:`~ingest.bgn.inflate.Inflated` file, the fault that ended its bytes
    is raised by the read after the last text, never with text in hand."""

    def __init__(self, inner: IO[str], raw: Inflated | None = None) -> None:
        self.inner = inner
        self.raw = raw
        self.held = ""  # a CR at the end of the last block, maybe half of a CRLF

    def ended(self) -> None:
        """At the end of the text: raise the fault that ended it, if any."""
        if self.raw is not None and self.raw.fault is not None:
            raise self.raw.fault

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        block = self.inner.read(size if size is not None else -1)
        if not block and not self.held:
            self.ended()
        text = self.held + block
        self.held = ""
        if block and text.endswith("\r"):
            self.held = "\r"
            text = text[:-1]
        # a test for a CR (a memchr) before the replace (a search for two characters)
        return text.replace("\r\n", "\n") if "\r" in text else text

    # io.TextIOBase's stub inherits the bytes signatures of IOBase; typeshed's own
    # _TextIOBase overrides them to str the same way
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = self.inner.readline()
        if not line:
            self.ended()
        return line[:-2] + "\n" if line.endswith("\r\n") else line

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]
        # a generator, not a generator expression: compiled by mypyc, a returned
        # generator expression would become a list, the whole file in memory
        done = 0
        for line in self.inner:
            if line[-1:] != "\n" and self.raw is not None and self.raw.fault is not None:
                # a last line the fault cut short is not passed on: its record was
                # never read to its end
                raise ReadFault(self.raw.fault, done + 1)
            done += 1
            yield line[:-2] + "\n" if line[-2:] == "\r\n" else line
        if self.raw is not None and self.raw.fault is not None:
            raise ReadFault(self.raw.fault, done)

    def close(self) -> None:
        self.inner.close()
        super().close()


own_abc_caches(CRLFText)


def text_lines(text: str) -> IO[str]:
    """A ``str`` of BGN text as a stream of lines (a leading BOM dropped)."""
    if text[:1] == "\ufeff":
        text = text[1:]
    return io.StringIO(text, newline="\n")


def open_text(path: str | os.PathLike[str], encoding: str | None = None) -> io.TextIOBase:
    """Open a ``.bgn`` / ``.bgn.gz`` (by suffix or gzip magic) as text: UTF-8 unless
    ``encoding`` names another codec.

    A leading BOM is dropped and CRLF becomes LF (so a CR is never counted in
    a column); lines end only at LF.  A byte that cannot be decoded is kept as
    a lone surrogate (:mod:`ingest.bgn.encoding`): the reader reports it (P104).
    """
    codec = encoding or DEFAULT_ENCODING
    if is_gzip_path(path):
        raw = Inflated(path)
        inner: IO[str] = io.TextIOWrapper(io.BufferedReader(raw), encoding=codec,
                                          errors=ERRORS, newline="\n")
        return CRLFText(inner, raw)
    inner = open(path, encoding=codec, errors=ERRORS, newline="\n")  # noqa: SIM115
    return CRLFText(inner)


def binary_text(stream: io.RawIOBase | io.BufferedIOBase | IO[bytes],
                encoding: str | None = None) -> IO[str]:
    """A binary stream (standard input's buffer, a ``BytesIO``) as text, decoded as
    :func:`open_text` decodes a file."""
    # typeshed's buffer protocol also asks for ``name``, which BytesIO lacks;
    # TextIOWrapper reads any binary stream
    return io.TextIOWrapper(stream,  # type: ignore[type-var]
                            encoding=encoding or DEFAULT_ENCODING, errors=ERRORS, newline="\n")


def iter_lines(source: Source, encoding: str | None = None
               ) -> tuple[io.TextIOBase | None, Iterable[str]]:
    """Resolve a source into (stream to close or None, iterable of text lines).

    ``source`` is a path (``str`` or ``Path``: a missing file raises
    FileNotFoundError), ``bytes``, a binary stream or a text stream (any
    iterable of lines); bytes are decoded in ``encoding`` (UTF-8 by default).
    BGN *text* goes through :func:`text_lines` instead.
    """
    if isinstance(source, os.PathLike | str):
        fh = open_text(source, encoding)
        return fh, fh
    if isinstance(source, bytes | bytearray):
        text = bytes(source).decode(encoding or DEFAULT_ENCODING, ERRORS)
        return None, io.StringIO(text, newline="\n")
    if isinstance(source, io.RawIOBase | io.BufferedIOBase):
        return None, binary_text(source, encoding)
    return None, source


CHUNK_CHARS = 1 << 20


def line_blocks(source: Source, encoding: str | None = None,
                undecoded: bool | None = None) -> Iterator[list[str]]:
    """The source's lines (without their LF) in lists, read in blocks of about 1 MB.

    A list that holds a byte that could not be decoded is an
    :class:`ingest.bgn.encoding.Undecoded` that says where (``encoding``, the one
    the bytes were decoded in, names it; UTF-8 by default).  Text decoded here is
    searched for such bytes only once the decoder met one (the count of
    :func:`ingest.bgn.encoding.undecoded_count` moved); text decoded before (a text
    stream, an iterable of lines) is searched unless ``undecoded`` is False: the
    caller knows it holds none."""
    count = undecoded_count()
    fh, obj = iter_lines(source, encoding)
    search = undecoded is not False if obj is source else bool(undecoded)
    try:
        read = getattr(obj, "read", None)
        if read is not None:
            rest = ""
            first = True
            done = 0  # whole lines yielded
            while True:
                try:
                    block = read(CHUNK_CHARS)
                except READ_ERRORS as exc:
                    # a damaged file: its text stops here.  A last line cut short is
                    # passed on only when it begins a tag line: the game before it
                    # is then whole, and the one it begins is never finished
                    if rest[:1] == "[":
                        yield undecoded_lines(rest, [rest], encoding) if search else [rest]
                    raise ReadFault(exc, stop_line(done, rest)) from exc
                if not block:
                    break
                if first:
                    first = False
                    if block[0] == "\ufeff":
                        block = block[1:]
                text = rest + block if rest else block
                lines = text.split("\n")
                rest = lines.pop()
                done += len(lines)
                # sticky: a decoder may hand out the characters of a bad byte a read later
                search = search or undecoded_count() != count
                yield undecoded_lines(text, lines, encoding) if search else lines
            if rest:
                yield undecoded_lines(rest, [rest], encoding) if search else [rest]
        else:
            batch: list[str] = []
            first = True
            for line in obj:
                if first:
                    first = False
                    if line[:1] == "\ufeff":
                        line = line[1:]
                batch.append(line)
                if len(batch) >= 4096:
                    yield mark_lines(batch, encoding) if search else batch
                    batch = []
            if batch:
                yield mark_lines(batch, encoding) if search else batch
    finally:
        if fh is not None:
            fh.close()
