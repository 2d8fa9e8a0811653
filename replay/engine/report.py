"""What a replay finds: violations with their places, and the engine's own figures.

``GameReport.to_json()`` is the validation report of docs/bgn/report.md, an interface
other tools rely on: its fields only ever grow.  The richer per-deal fields
(contract, tricks, declarations) feed the ingest event tables.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, fields
from decimal import Decimal
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any, Final

from replay.model.jsontext import escape_line_breaks
from replay.model.pickling import by_fields

if TYPE_CHECKING:
    from replay.rules.tally import Tally

#: the ``json`` module's own writer of a string with ``ensure_ascii=False`` (the one
#: ``json.dumps`` calls), so that ``GameReport.json_line`` writes what it writes
_ENCODE_STR: Final = encode_basestring


#: docs/codes.md table order, for ties at one place (the warnings, W7xx, last)
CODE_ORDER = {c: i for i, c in enumerate(
    "P101 P102 P103 P104 D201 D202 D203 D204 B301 B302 B303 C401 C402 C403 C404 C405 "
    "A501 A502 A503 A504 A505 S601 S602 S603 W701 W702".split())}


@dataclass(slots=True)
class Violation:
    code: str
    line: int
    col: int | None
    deal: int | None
    trick: int | None
    seat: int | None
    message: str
    #: the index in the report's list of the finding this one follows from (a card
    #: credited to the wrong seat after a trick whose winner the record did not
    #: expect, a sheet that differs because the play did: replay.engine.cascades);
    #: None for a finding that stands on its own
    follows: int | None

    def __init__(self, code: str, line: int, col: int | None, deal: int | None,
                 trick: int | None, seat: int | None, message: str,
                 follows: int | None = None) -> None:
        # the constructors of the classes made per deal are written out: compiled by
        # mypyc, a dataclass's generated __init__ runs interpreted, at several
        # thousand instructions a call (docs/dev/compiled.md)
        self.code = code
        self.line = line
        self.col = col
        self.deal = deal
        self.trick = trick
        self.seat = seat
        self.message = message
        self.follows = follows

    def to_json(self) -> dict[str, object]:
        """The finding as the validation report lists it; ``follows`` only where it
        is set, so that a finding that stands alone keeps the fields it always had."""
        out: dict[str, object] = {
            "code": self.code, "line": self.line, "col": self.col, "deal": self.deal,
            "trick": self.trick, "seat": self.seat, "message": self.message}
        if self.follows is not None:
            out["follows"] = self.follows
        return out

    def sort_key(self) -> tuple[int, int, int]:
        return (self.line, self.col or 0, CODE_ORDER.get(self.code, 99))


@dataclass(slots=True)
class TrickRecord:
    number: int
    leader: int
    seats: tuple[int, ...]  # in play order from the leader (shared, read-only)
    cards: list[int]
    winner: int  # seat
    points: int  # card points (+ last-trick bonus on the last trick)


@dataclass(slots=True)
class DeclarationRecord:
    seat: int
    text: str
    value: int  # points it is worth (0 when not allowed or not held)
    held: bool
    counted: bool

    def __init__(self, seat: int, text: str, value: int, held: bool, counted: bool) -> None:
        self.seat = seat
        self.text = text
        self.value = value
        self.held = held
        self.counted = counted


@dataclass(slots=True)
class CallRecord:
    seat: int
    call: str
    round: int
    legal: bool


#: one card replayed: (seat, card, trick, legal, bela word)
PlayRecord = tuple[int, int, int, bool, "str | None"]
#: one trick, the fields of a TrickRecord in their order:
#: (number, leader, seats, cards, winner, points); ``DealReport.trick_rows`` makes
#: them from the play loop's compact form (``PlayedCards``) when a consumer asks
TrickRow = tuple[int, int, tuple[int, ...], list[int], int, int]
ROW_CARDS: Final = 3
ROW_WINNER: Final = 4
#: one call of the auction: (seat, call, round, legal), the fields of a CallRecord
CallRow = tuple[int, str, int, bool]

#: players -> leader -> the seats in turn order from that leader (leader 0 unused);
#: a tuple by the number of players (2 to 4), not a dict: indexed per deal.  The
#: seat tuples are shared, never changed
SEATS_FROM: Final = tuple([tuple((lead - 1 + i) % n + 1 for i in range(n)) for lead in range(n + 1)]
                          for n in range(5))
#: the ``illegal`` of a deal whose cards all kept the rules (shared, never changed)
NO_CARDS: Final[frozenset[int]] = frozenset()


@dataclass(slots=True)
class PlayedCards:
    """What the play loop keeps of a deal's cards: enough to list its plays and
    tricks exactly when a consumer asks, without a record per card or per trick.

    Trick ``j`` (from 0) holds the cards ``n * j`` to ``n * j + n - 1``; it is led
    by the winner of the trick before (the first by ``first``), so its seats are
    the turn order from that leader; ``winners`` and ``points`` give the rest.
    The cards of an unfinished trick follow the last whole one.
    """

    cards: list[int]  # read-only: a reader's lane may share it with the record
    n: int
    first: int  # the leader of trick 1
    illegal: AbstractSet[int]  # indexes of the cards that broke a rule
    marked: Mapping[int, Any]  # index -> the written Play, for its bela word
    count: int = 0  # cards replayed
    #: the seat that won each whole trick, in order
    winners: list[int] = field(default_factory=list)
    #: each whole trick's card points (+ the last-trick bonus on the last; in
    #: contree, + the capot bonus on the last of a capot)
    points: list[int] = field(default_factory=list)
    listed: list[PlayRecord] | None = None  # the play records, once asked for
    rows: list[TrickRow] | None = None  # the trick rows, once asked for

    def __init__(self, cards: list[int], n: int, first: int, illegal: AbstractSet[int],
                 marked: Mapping[int, Any], count: int = 0, winners: list[int] | None = None,
                 points: list[int] | None = None, listed: list[PlayRecord] | None = None,
                 rows: list[TrickRow] | None = None) -> None:
        self.cards = cards
        self.n = n
        self.first = first
        self.illegal = illegal
        self.marked = marked
        self.count = count
        self.winners = [] if winners is None else winners
        self.points = [] if points is None else points
        self.listed = listed
        self.rows = rows

    def leader_of(self, j: int) -> int:
        """The seat that led trick ``j`` (from 0; ``j`` may be the unfinished one)."""
        return self.winners[j - 1] if j else self.first

    def leaders(self) -> list[int]:
        """The seat that led each trick begun, in order: the unfinished one too."""
        begun = -(-self.count // self.n)
        return [self.first, *self.winners[:begun - 1]] if begun else []

    def trick_rows(self) -> list[TrickRow]:
        """(number, leader, seats, cards, winner, points) per whole trick, built on
        the first call."""
        if self.rows is None:
            n, cards, points = self.n, self.cards, self.points
            seats_from = SEATS_FROM[n]
            leader = self.first
            rows: list[TrickRow] = []
            for j, winner in enumerate(self.winners):
                rows.append((j + 1, leader, seats_from[leader], cards[j * n:j * n + n], winner,
                             points[j]))
                leader = winner
            self.rows = rows
        return self.rows

    def records(self) -> list[PlayRecord]:
        """(seat, card, trick, legal, bela) per card, built on the first call."""
        if self.listed is not None:
            return self.listed
        n, illegal, marked = self.n, self.illegal, self.marked
        seats_from = SEATS_FROM[n]
        out: list[PlayRecord] = []
        for k in range(self.count):
            j, i = divmod(k, n)
            play = marked.get(k)
            out.append((seats_from[self.leader_of(j)][i], self.cards[k], j + 1, k not in illegal,
                        None if play is None else play.bela))
        self.listed = out
        return out


@dataclass(slots=True, eq=False)
class DealReport:
    deal: int
    made: bool | None
    score: list[int | Decimal]
    total: list[int | Decimal]
    hang: int | Decimal = 0
    dealer: int = 0
    #: the contract: calling seat, kind (0..3 = S H D C, 4 = NT, 5 = AT), or None
    caller: int | None = None
    contract: int | None = None
    #: contract details: points bid (contrée), 1/2/4 (contra, recontra) or 3
    #: (surcoinche), the bidding round that made it (turned-card variants)
    level: int | None = None
    double: int = 1
    round: int | None = None
    #: Hungarian figures validly announced
    figures: list[str] = field(default_factory=list)
    #: the auction's calls as (seat, call, round, legal); ``calls`` lists them as
    #: CallRecords (the rows are shared with a remembered auction: never changed)
    call_rows: Sequence[CallRow] = ()
    declarations: list[DeclarationRecord] = field(default_factory=list)
    #: side whose declarations counted, and what they were worth to it
    decl_side: int | None = None
    decl_points: int = 0
    #: declaration points won per side (bg4 contests runs and carrés apart)
    decl_by_side: list[int] = field(default_factory=list)
    #: seat -> bela points credited
    bela: dict[int, int] = field(default_factory=dict)
    #: card points (with the last-trick bonus) per side, as played
    card_points: list[int] = field(default_factory=list)
    capot_side: int | None = None
    penalty: bool = False
    #: the cards replayed, compact: ``plays``, ``trick_rows`` and ``tricks`` list
    #: them when asked; None when none were
    played: PlayedCards | None = None
    #: the TrickRecords, once asked for
    built_tricks: list[TrickRecord] | None = None
    #: seat -> 32-bit mask held at the start of play (known hands only)
    hands: dict[int, int] = field(default_factory=dict)
    line: int = 0
    #: what the cards gave each side before the scoring rule (replay.rules.scoring.Tally),
    #: when the deal was scored from its play; the double-dummy analysis re-scores it
    tally: Tally | None = None
    #: cards every seat saw before the play (A47): seat -> those seen going into its
    #: hand (the turned card to its taker or by a swap, trumps taken from the stock);
    #: 0 -> those left face up out of play (the under-card, the stock's top card)
    shown: dict[int, int] = field(default_factory=dict)
    #: seat -> the cards it laid away face down, which it alone knows (yu3-06, hu3-09)
    laid_away: dict[int, int] = field(default_factory=dict)

    def __init__(self, deal: int, made: bool | None, score: list[int | Decimal],
                 total: list[int | Decimal], hang: int | Decimal = 0, dealer: int = 0,
                 caller: int | None = None, contract: int | None = None,
                 level: int | None = None, double: int = 1, round: int | None = None,
                 figures: list[str] | None = None, call_rows: Sequence[CallRow] = (),
                 declarations: list[DeclarationRecord] | None = None,
                 decl_side: int | None = None, decl_points: int = 0,
                 decl_by_side: list[int] | None = None, bela: dict[int, int] | None = None,
                 card_points: list[int] | None = None, capot_side: int | None = None,
                 penalty: bool = False, played: PlayedCards | None = None,
                 built_tricks: list[TrickRecord] | None = None,
                 hands: dict[int, int] | None = None, line: int = 0,
                 tally: Tally | None = None, shown: dict[int, int] | None = None,
                 laid_away: dict[int, int] | None = None) -> None:
        self.deal = deal
        self.made = made
        self.score = score
        self.total = total
        self.hang = hang
        self.dealer = dealer
        self.caller = caller
        self.contract = contract
        self.level = level
        self.double = double
        self.round = round
        self.figures = [] if figures is None else figures
        self.call_rows = call_rows
        self.declarations = [] if declarations is None else declarations
        self.decl_side = decl_side
        self.decl_points = decl_points
        self.decl_by_side = [] if decl_by_side is None else decl_by_side
        self.bela = {} if bela is None else bela
        self.card_points = [] if card_points is None else card_points
        self.capot_side = capot_side
        self.penalty = penalty
        self.played = played
        self.built_tricks = built_tricks
        self.hands = {} if hands is None else hands
        self.line = line
        self.tally = tally
        self.shown = {} if shown is None else shown
        self.laid_away = {} if laid_away is None else laid_away

    @property
    def plays(self) -> list[PlayRecord]:
        """(seat, card, trick, legal, bela) for every card replayed, in play order."""
        played = self.played
        return [] if played is None else played.records()

    @property
    def trick_rows(self) -> list[TrickRow]:
        """The whole tricks played, as (number, leader, seats, cards, winner, points)
        rows (``tricks`` gives them as TrickRecords)."""
        played = self.played
        return [] if played is None else played.trick_rows()

    @property
    def trick_count(self) -> int:
        """How many whole tricks were played (``len(trick_rows)`` without the rows)."""
        return 0 if self.played is None else len(self.played.winners)

    @property
    def tricks(self) -> list[TrickRecord]:
        """The tricks played, in order (built from ``trick_rows`` on the first call)."""
        if self.built_tricks is None:
            self.built_tricks = [TrickRecord(*row) for row in self.trick_rows]
        return self.built_tricks

    @property
    def calls(self) -> list[CallRecord]:
        """The auction's calls in the order made."""
        return [CallRecord(*row) for row in self.call_rows]

    @property
    def play_count(self) -> int:
        """How many cards were replayed (``len(plays)`` without listing them)."""
        return 0 if self.played is None else self.played.count

    def __eq__(self, other: object) -> bool:
        if type(other) is not DealReport:
            return NotImplemented
        return (all(getattr(self, f.name) == getattr(other, f.name)
                    for f in fields(self) if f.name not in _DERIVED)
                and self.plays == other.plays and self.trick_rows == other.trick_rows)

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, object]:
        # ints, the usual numbers, go as they are, without a call each
        return {"deal": self.deal, "made": self.made,
                "score": [v if type(v) is int else _num(v) for v in self.score],
                "total": [v if type(v) is int else _num(v) for v in self.total],
                "hang": self.hang if type(self.hang) is int else _num(self.hang)}


@dataclass(slots=True)
class GameReport:
    file: str | None
    game: int
    game_id: str | None
    variant: str | None
    deals: list[DealReport] = field(default_factory=list)
    result: str = "*"
    violations: list[Violation] = field(default_factory=list)
    #: True when the game could not be replayed (a P1xx error)
    parse_failed: bool = False
    #: what was read but not written in the canonical form (``W7xx``, a date in another
    #: form): no violation, a game with only warnings is clean
    warnings: list[Violation] = field(default_factory=list)

    def __init__(self, file: str | None, game: int, game_id: str | None,
                 variant: str | None, deals: list[DealReport] | None = None,
                 result: str = "*", violations: list[Violation] | None = None,
                 parse_failed: bool = False, warnings: list[Violation] | None = None) -> None:
        self.file = file
        self.game = game
        self.game_id = game_id
        self.variant = variant
        self.deals = [] if deals is None else deals
        self.result = result
        self.violations = [] if violations is None else violations
        self.parse_failed = parse_failed
        self.warnings = [] if warnings is None else warnings

    def to_json(self) -> dict[str, object]:
        return {"file": self.file, "game": self.game, "game_id": self.game_id,
                "variant": self.variant, "deals": [d.to_json() for d in self.deals],
                "result": self.result, "violations": [v.to_json() for v in self.violations],
                "warnings": [w.to_json() for w in self.warnings]}

    def json_line(self) -> str:
        """``replay.model.jsontext.dumps(self.to_json())``, written directly.

        ``belot validate --json`` prints one such line per game.  Through
        ``json.dumps`` a deal cost a dict, two lists and the encoder's walk over
        them, more than a sixth of a deal's validation (docs/dev/hot-path.md).
        Here a deal is one formatted string (``_deal_json``) whose numbers are
        looked up, not formatted (``_int_text``), and the line joins them once.
        The text is the same byte for byte (``tests/engine/test_report_json.py``
        compares both on every variant's reports): strings go through the
        ``json`` module's own string encoder and ``escape_line_breaks``, numbers
        as ``json`` writes them (``_json_number``)."""
        deals = ", ".join([_deal_json(d) for d in self.deals])
        violations = ", ".join([_violation_json(v) for v in self.violations])
        warnings = ", ".join([_violation_json(w) for w in self.warnings]) if self.warnings else ""
        return (f'{{"file": {_json_str(self.file)}, "game": {self.game}, '
                f'"game_id": {_json_str(self.game_id)}, "variant": {_json_str(self.variant)}, '
                f'"deals": [{deals}], "result": {_json_str(self.result)}, '
                f'"violations": [{violations}], "warnings": [{warnings}]}}')


#: DealReport fields that only keep what other fields give (compared through those)
_DERIVED = frozenset(("played", "built_tricks"))


def _json_str(text: str | None) -> str:
    """A string (or None) as ``replay.model.jsontext.dumps`` writes it: ``json.dumps(...,
    ensure_ascii=False)`` with the Unicode line breaks escaped."""
    return "null" if text is None else escape_line_breaks(_ENCODE_STR(text))


def _json_number(v: int | Decimal) -> str:
    """A report number as ``json.dumps`` writes ``_num(v)``: an int by its digits,
    a half as ``float.__repr__`` (``97.5``)."""
    if type(v) is int:
        return str(v)
    x = _num(v)
    if type(x) is int:
        return str(x)
    if type(x) is float and math.isfinite(x):
        return repr(x)
    return json.dumps(x)  # NaN or an infinity, as json writes them (no report has one)


#: the whole numbers whose JSON text ``_int_text`` keeps: a report's scores and totals
_INT_MIN: Final = -3000
_INT_MAX: Final = 10000
#: the text of each of them, at ``number - _INT_MIN``, made when first met
_INT_TEXTS: Final[list[str | None]] = [None] * (_INT_MAX - _INT_MIN + 1)


def _int_text(v: int) -> str:
    """``str(v)``, the text ``json`` writes for an int; kept per number of the usual
    range, so that a report number costs a look-up, not a new string to make and
    free (compiled, ``str`` of an int is a call into the interpreter's formatter)."""
    if _INT_MIN <= v <= _INT_MAX:
        text = _INT_TEXTS[v - _INT_MIN]
        if text is None:
            text = _INT_TEXTS[v - _INT_MIN] = str(v)
        return text
    return str(v)


def _json_numbers(values: list[int | Decimal]) -> str:
    """``[a, b, …]`` as ``json.dumps`` writes a list of report numbers."""
    return "[" + ", ".join([_int_text(v) if type(v) is int else _json_number(v)
                            for v in values]) + "]"


def _deal_json(d: DealReport) -> str:
    """``DealReport.to_json()`` as ``json.dumps`` writes it.  The usual deal (whole
    numbers, two or three sides) is one formatted string of looked-up numbers."""
    made = "null" if d.made is None else "true" if d.made else "false"
    score, total, hang = d.score, d.total, d.hang
    n = len(score)
    if type(hang) is int and n == len(total) and (n == 2 or n == 3):
        s0, s1, t0, t1 = score[0], score[1], total[0], total[1]
        if type(s0) is int and type(s1) is int and type(t0) is int and type(t1) is int:
            if n == 2:
                return (f'{{"deal": {_int_text(d.deal)}, "made": {made}, "score": '
                        f'[{_int_text(s0)}, {_int_text(s1)}], "total": '
                        f'[{_int_text(t0)}, {_int_text(t1)}], "hang": {_int_text(hang)}}}')
            s2, t2 = score[2], total[2]
            if type(s2) is int and type(t2) is int:
                return (f'{{"deal": {_int_text(d.deal)}, "made": {made}, "score": '
                        f'[{_int_text(s0)}, {_int_text(s1)}, {_int_text(s2)}], "total": '
                        f'[{_int_text(t0)}, {_int_text(t1)}, {_int_text(t2)}], '
                        f'"hang": {_int_text(hang)}}}')
    return (f'{{"deal": {d.deal}, "made": {made}, "score": {_json_numbers(score)}, '
            f'"total": {_json_numbers(total)}, "hang": {_json_number(hang)}}}')


def _violation_json(v: Violation) -> str:
    """``Violation.to_json()`` as ``json.dumps`` writes it."""
    return (f'{{"code": {_json_str(v.code)}, "line": {v.line}, "col": {_json_int(v.col)}, '
            f'"deal": {_json_int(v.deal)}, "trick": {_json_int(v.trick)}, '
            f'"seat": {_json_int(v.seat)}, "message": {_json_str(v.message)}'
            + ("}" if v.follows is None else f', "follows": {v.follows}}}'))


def _json_int(v: int | None) -> str:
    return "null" if v is None else str(v)


def _num(v: int | Decimal) -> int | float:
    """Report numbers: integers as int, halves as float (97.5)."""
    if isinstance(v, Decimal):
        return int(v) if v == v.to_integral_value() else float(v)
    return v


# compiled by mypyc, a class with a constructor of its own pickles this way
by_fields(Violation, DeclarationRecord, PlayedCards, DealReport, GameReport)
