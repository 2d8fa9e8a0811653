"""Canonical lines recognised whole: the reader's fast path.

A line written exactly as the writer writes it (a deal header, a hands, bids,
exchange, announce, declare, score or total line, a trick line with or without
bela words) is read whole, from a template cached by its text or its shape, or
by its characters' codes, instead of token by token.  Anything else returns None here and goes through the general
tokenizer, which gives the same record (the tests compare both ways).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Final

from ingest.bgn.lexer import CACHE, FIGURES, call_of, lookup
from ingest.bgn.writer import format_number
from replay.model.lanes import CallItems, SeatShape

CARD_PATTERN = r"[789TJQKA][SHDC]"
CARDS: Final = frozenset(r + s for s in "SHDC" for r in "789TJQKA")
#: the highest trick number ``more_tricks`` reads into a lane (by its digits' codes)
MAX_LANE_NUMBER: Final = 32
MAX_TRICKS: Final = 16
#: the whole numbers a sheet line read whole may hold (any other goes the general way)
MIN_SHEET: Final = -3000
MAX_SHEET: Final = 10000
#: the Decimal of each whole sheet number, at ``number - MIN_SHEET``, made when first met
_WHOLE: Final[list[Decimal | None]] = [None] * (MAX_SHEET - MIN_SHEET + 1)


def sheet_numbers(line: str, at: int, dash: bool, values: list[Decimal | None]) -> bool:
    """Append to ``values`` the numbers of a sheet line written from index ``at`` on,
    one space between each (their places: ``replay.model.lanes.RowPlaces``): whole numbers
    ``MIN_SHEET`` … ``MAX_SHEET`` spelled canonically (no ``+``, no leading zero, no
    ``-0``) and, with ``dash``, ``-`` (None).  False for anything else, which the
    general path reads (halves, ``hang``, a stray space).

    By the characters' codes: no token string is made or hashed (a split and a
    dictionary look-up per number cost about 5k instructions a line)."""
    n = len(line)
    i = at
    while i < n:
        neg = False
        c = ord(line[i])
        if c == 45:  # '-': the word, or a negative number
            i += 1
            if i == n or ord(line[i]) == 32:
                if not dash:
                    return False
                values.append(None)
                if i == n:
                    return True
                i += 1
                continue
            neg = True
            c = ord(line[i])
        if not 48 <= c <= 57 or c == 48 and (neg or i + 1 < n and ord(line[i + 1]) != 32):
            return False  # no digit, or a leading zero (0 stands alone, and not as -0)
        v = 0
        while i < n:
            c = ord(line[i])
            if c == 32:
                break
            if not 48 <= c <= 57:
                return False
            v = v * 10 + c - 48
            if v > MAX_SHEET:
                return False
            i += 1
        if neg:
            v = -v
            if v < MIN_SHEET:
                return False
        d = _WHOLE[v - MIN_SHEET]
        if d is None:
            d = _WHOLE[v - MIN_SHEET] = Decimal(v)
        values.append(d)
        if i == n:
            return True
        i += 1  # the space before the next number
    return False  # nothing after the keyword, or after the last space


#: a canonical hands line: ``hands 1: C … / C … 2: …``
HANDS_LINE_RE = re.compile(
    r"hands((?: [0-9]+:(?: " + CARD_PATTERN + ")+(?: /(?: " + CARD_PATTERN + r")+)*)+)\Z")
HAND_GROUP_RE = re.compile(r" ([0-9]+): ((?:" + CARD_PATTERN + "(?: " + CARD_PATTERN + r")*)(?: / " + CARD_PATTERN
                            + "(?: " + CARD_PATTERN + r")*)*)")
#: hands lines that differ only in their cards share a shape: the key masks the cards,
#: ranks and suits apart (so that a key of rank-suit pairs is all cards: "AT" is no card),
#: by two bytes UTF-8 never holds (0xFE, 0xFF), so that a letter the mask leaves as it
#: is (a lower-case ``7s``, a stray ``r``) never takes the shape of a canonical line
#: seen before (bytes.translate: a table lookup in C, several times faster than
#: str.translate)
CARD_MASK: Final = bytes.maketrans(b"789TJQKASHDC", b"\xfe" * 8 + b"\xff" * 4)
#: the seats of a hands line (``replay.model.record.SeatShape``: seat, seat col, (start, end)
#: of each delivery, card cols), whether its seats are written as the writer writes
#: them (in order, no leading zero: then only the order of the cards can differ), and
#: the card cols by seat (shared by the ``LinePlaces`` of every line of the shape)
HandShape = tuple[tuple[SeatShape, ...], bool, dict[int, tuple[int, ...]]]
HAND_SHAPES: Final[dict[int, dict[bytes, HandShape]]] = {}


def hand_shape(line: str, n: int) -> HandShape | None:
    """(seat, seat col, delivery spans, card cols) per seat of a canonical hands line,
    and whether its seats are written canonically."""
    if HANDS_LINE_RE.match(line) is None:
        return None
    groups = HAND_GROUP_RE.findall(line)
    seats = [int(g[0]) for g in groups]
    if len(set(seats)) != len(seats) or not all(1 <= x <= n for x in seats):
        return None
    col = 7
    shape: list[SeatShape] = []
    for (num, body), seat in zip(groups, seats, strict=True):
        spos = col
        col += len(num) + 2
        spans: list[tuple[int, int]] = []
        cols: list[int] = []
        for d in body.split(" / "):
            k = (len(d) + 1) // 3
            cols.extend(range(col, col + 3 * k, 3))
            spans.append((col - 1, col + 3 * k - 2))
            col += 3 * k + 2
        col -= 2
        shape.append((seat, spos, tuple(spans), tuple(cols)))
    canonical_seats = seats == sorted(seats) and all(
        str(seat) == num for (num, _), seat in zip(groups, seats, strict=True))
    return tuple(shape), canonical_seats, {seat: cols for seat, _, _, cols in shape}
DEAL_LINE_RE = re.compile(r"deal ([0-9]+) dealer ([0-9]+)\Z")
CALL_PATTERN = r"(?:[0-9]+:)?(?:pass|take|[SHDC]|NT|AT|XX|X|[1-9][0-9]*(?:[SHDC]|NT|AT)|capot(?:[SHDC]|NT|AT))"
BIDS_LINE_RE = re.compile(r"bids(?: " + CALL_PATTERN + r")+\Z")
#: every combination a canonical declare line may name (``run3:9H`` … ``run8:AC``,
#: ``carre:7`` … ``carre:A``)
COMBOS: Final = frozenset([f"run{k}:{card}" for k in range(3, 9) for card in CARDS]
                          + [f"carre:{rank}" for rank in "789TJQKA"])
NUMBER_PATTERN = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"
SCORE_LINE_RE = re.compile(r"(score)((?: (?:" + NUMBER_PATTERN + r"|-))+)(?: hang (" + NUMBER_PATTERN + r"))?\Z")
TOTAL_LINE_RE = re.compile(r"(total)((?: " + NUMBER_PATTERN + r")+)()\Z")

#: what a canonical line says, its kind first: ("deal", number, dealer), ("bids", calls),
#: ("declare", seats, last seat, dash), ("score"|"total", values, cols, hang, hang col);
#: last, whether the writer writes what it says as this very line (``line_template``)
Template = tuple[str, *tuple[Any, ...]]
#: the items of each kind of template: bids (call, seat, col); declare (seat, seat col,
#: (combination, col) …); exchange (seat, seat col, (action, col, cards, card cols) …);
#: announce (seat, seat col, figures, figure cols)
BidItems = CallItems
DeclareItems = tuple[tuple[int, int, tuple[tuple[str, int], ...]], ...]
ExchangeItems = tuple[tuple[int, int, tuple[tuple[str, int, tuple[str, ...], tuple[int, ...]], ...]],
                      ...]
AnnounceItems = tuple[tuple[int, int, tuple[str, ...], tuple[int, ...]], ...]
TEMPLATES: dict[int, dict[str, Template | None]] = {}


def templates(n: int) -> dict[str, Template | None]:
    t = TEMPLATES.get(n)
    if t is None:
        t = TEMPLATES[n] = {}
    return t


def sheet_number(tok: str) -> Decimal:
    """The value of a number token the line's regex admitted."""
    value: Decimal = (CACHE.get(tok) or lookup(tok))[1]
    return value


def line_template(line: str, n: int) -> Template | None:
    """What a canonical deal header, bids, declare, score or total line says, with the
    columns of its parts; None when the line is not one (the general path reads it).

    The template's last item says whether ``ingest.bgn.writer`` writes what it says
    as this very line (no leading zero, no seat left out of ``declare``, calls and
    numbers spelled as the writer spells them): a game read only from such lines
    has its canonical text as its source text (``ingest.bgn.writer.read_game_id``).
    """
    c = line[:1]
    if c == "d":
        m = DEAL_LINE_RE.match(line)
        if m is not None:
            number, dealer = int(m.group(1)), int(m.group(2))
            return (("deal", number, dealer, line == f"deal {number} dealer {dealer}")
                    if 1 <= dealer <= n else None)
        return declare_template(line, n)
    if c == "b":
        if BIDS_LINE_RE.match(line) is None:
            return None
        calls = []
        col = 6
        verbatim = True
        for tok in line.split(" ")[1:]:
            seat = None
            call = tok
            if ":" in tok:
                head, call = tok.split(":")
                seat = int(head)
                if not 1 <= seat <= n:
                    return None
                verbatim = verbatim and head[0] != "0"
            spelled = call_of(call) or "take"
            verbatim = verbatim and spelled == call
            calls.append((spelled, seat, col))
            col += len(tok) + 1
        return ("bids", tuple(calls), verbatim)
    if c == "e":
        return exchange_template(line, n)
    if c == "a":
        return announce_template(line, n)
    if c == "s" or c == "t":
        m = (SCORE_LINE_RE if c == "s" else TOTAL_LINE_RE).match(line)
        if m is None:
            return None
        values = []
        cols = []
        col = 7
        for tok in m.group(2)[1:].split(" "):
            values.append(None if tok == "-" else sheet_number(tok))
            cols.append(col)
            col += len(tok) + 1
        h = m.group(3)
        hang = sheet_number(h) if h else None
        written = [m.group(1), *map(format_number, values)]
        if h:
            written += ["hang", format_number(hang)]
        return (m.group(1), tuple(values), tuple(cols), hang, m.start(3) + 1 if h else 0,
                " ".join(written) == line)
    return None


#: the tokens of a canonical declare line after its keyword, each by what it is: a
#: combination (0), ``-`` (-1), or a seat ``N:`` spelled as the writer spells it (N);
#: any other token (a seat with a leading zero, or anything else) is looked at alone
_DECLARE_WORDS: Final[dict[str, int]] = {
    **dict.fromkeys(COMBOS, 0), "-": -1, **{f"{k}:": k for k in range(1, 10)}}


def declare_template(line: str, n: int) -> Template | None:
    """A canonical declare line (``declare 1: - 2: run3:9H carre:J``): each seat
    ``N:`` once, followed by ``-`` or by one or more combinations; None for
    anything else.  Read token by token: a declare line names one or two
    combinations of hundreds, so its lines repeat less than the other template
    lines.  Each token is looked up once in :data:`_DECLARE_WORDS` (a regular
    expression, or a test per token, cost more than the rest of the reading)."""
    toks = line.split(" ")
    if toks[0] != "declare":
        return None
    items: list[tuple[int, int, list[tuple[str, int]]]] = []
    combos: list[tuple[str, int]] = []
    seen = 0  # a bit per seat already written
    after = 0  # what the last token was: nothing (0), a seat (1), '-' (2), a combination (3)
    # the writer writes every seat from 1 on, '-' for one that declared nothing
    verbatim = True
    col = 9
    for k in range(1, len(toks)):
        tok = toks[k]
        code = _DECLARE_WORDS.get(tok, -2)
        spelled = True
        if code == -2:  # not a word of the table: a seat with a leading zero, or no word
            prefix = _seat_prefix(tok, n)
            if prefix is None:
                return None
            code, spelled = prefix
        if code > 0:  # a seat
            if after == 1 or code > n or seen >> code & 1:
                return None
            seen |= 1 << code
            verbatim = verbatim and spelled and code == len(items) + 1
            combos = []
            items.append((code, col, combos))
            after = 1
        elif code == -1:
            if after != 1:
                return None
            after = 2
        else:
            if after != 1 and after != 3:
                return None
            combos.append((tok, col))
            after = 3
        col += len(tok) + 1
    if after <= 1:
        return None
    items_t = tuple([(seat, scol, tuple(cs)) for seat, scol, cs in items])
    return ("declare", items_t, items[-1][0], after == 2, verbatim and len(items) == n)


def _seat_prefix(tok: str, n: int) -> tuple[int, bool] | None:
    """``N:`` naming a seat 1..n: (the seat, whether the writer spells it so, i.e. no
    leading zero); None for any other token."""
    digits = tok[:-1]
    if tok[-1:] != ":" or not digits.isdigit() or not digits.isascii():
        return None
    seat = int(digits)
    return (seat, digits[0] != "0") if 1 <= seat <= n else None


#: the words of an exchange action
EXCHANGE_ACTIONS: Final = frozenset(("swap", "take", "discard"))


def exchange_template(line: str, n: int) -> Template | None:
    """A canonical exchange line (``exchange 1: swap 7H take 8D 9D discard 7S``): seat
    groups ``N:``, each of one or more actions, each action of canonical cards
    (``swap`` exactly one); None for anything else, which the general path reads.

    The writer writes a seat's prefix only where the seat changes: a line that
    repeats the seat of the group before it reads the same but is not its text."""
    toks = line.split(" ")
    if toks[0] != "exchange" or len(toks) < 4:
        return None
    # per seat group: seat, seat col, its actions as [word, col, card texts, card cols]
    groups: list[tuple[int, int, list[tuple[str, int, list[str], list[int]]]]] = []
    verbatim = True
    after = ""  # the last token: a seat (":"), an action ("a") or a card ("c")
    col = 10
    for tok in toks[1:]:
        if tok in CARDS:
            if after != "a" and after != "c":
                return None
            word, _, cards, cols = groups[-1][2][-1]
            if word == "swap" and cards:
                return None  # 'swap' gives one card (the general path says so)
            cards.append(tok)
            cols.append(col)
            after = "c"
        elif tok in EXCHANGE_ACTIONS:
            if after != ":" and after != "c":
                return None
            groups[-1][2].append((tok, col, [], []))
            after = "a"
        else:
            prefix = _seat_prefix(tok, n)
            if prefix is None or after == ":" or after == "a":
                return None
            seat, spelled = prefix
            verbatim = verbatim and spelled and (not groups or groups[-1][0] != seat)
            groups.append((seat, col, []))
            after = ":"
        col += len(tok) + 1
    if after != "c":
        return None
    return ("exchange", tuple((seat, scol, tuple((word, acol, tuple(cards), tuple(cols))
                                                 for word, acol, cards, cols in acts))
                              for seat, scol, acts in groups), verbatim)


def announce_template(line: str, n: int) -> Template | None:
    """A canonical announce line (``announce 2: absolut 3: hundred``): seat groups
    ``N:``, each of one or more Hungarian figures in their canonical spelling; None
    for anything else.  Whether the writer writes the line where it stands depends on
    the section before it (the reader checks that:
    ``ingest.bgn.sections.fast.read_template``)."""
    toks = line.split(" ")
    if toks[0] != "announce" or len(toks) < 3:
        return None
    groups: list[tuple[int, int, list[str], list[int]]] = []
    verbatim = True
    col = 10
    for tok in toks[1:]:
        if tok in FIGURES:
            if not groups:
                return None
            groups[-1][2].append(tok)
            groups[-1][3].append(col)
        else:
            prefix = _seat_prefix(tok, n)
            if prefix is None or groups and not groups[-1][2]:
                return None
            verbatim = verbatim and prefix[1]
            groups.append((prefix[0], col, [], []))
        col += len(tok) + 1
    if not groups[-1][2]:
        return None
    return ("announce", tuple((seat, scol, tuple(figs), tuple(fcols))
                              for seat, scol, figs, fcols in groups), verbatim)


#: a trick line with bela words: card texts, card cols, {index: (word, bela col, rebela col)}
BelaMarks = tuple[list[str], list[int], dict[int, tuple[str, int, int]]]


def bela_marks(tokens: list[str], n: int) -> BelaMarks | None:
    """A trick line's tokens after the number when they are ``n`` canonical cards,
    some followed by ``bela``, ``rebela`` or ``bela rebela`` (as the general path
    would attach them): (card texts, card cols, {index: (word, bela col, rebela
    col)}) with cols relative to the first card; None for anything else."""
    texts: list[str] = []
    cols: list[int] = []
    belas: dict[int, tuple[str, int, int]] = {}
    col = 0
    for tok in tokens:
        if tok in CARDS:
            texts.append(tok)
            cols.append(col)
        elif not texts:
            return None
        else:
            i = len(texts) - 1
            had = belas.get(i)
            if tok == "bela" and had is None:
                belas[i] = ("bela", col, 0)
            elif tok == "rebela" and had is None:
                belas[i] = ("rebela", col, 0)
            elif tok == "rebela" and had is not None and had[0] == "bela" and not had[2]:
                belas[i] = ("bela rebela", had[1], col)
            else:
                return None
        col += len(tok) + 1
    if len(texts) != n or not belas:
        return None
    return texts, cols, belas
