"""The record model: plain data for one BGN game, as the players wrote it.

These classes carry what a record *says* (tags, deals, calls, declarations,
plays, claims, the score sheet) and where each element stands in the source
(``line``, ``col``, 1-based).  They hold no game logic: the reader in
:mod:`ingest.bgn.reader` builds them, the writer and the JSON form serialise them,
and :mod:`replay.engine.walk` judges them against a ruleset.

Cards are kept in canonical text (``"TH"``, ``"AS"``): the engine turns them
into small ints once per deal.  The elements of a deal (calls, plays, claims,
declarations, exchanges, announcements) are in :mod:`replay.model.elements`; some of
a deal's containers are lazy lanes (:mod:`replay.model.lanes`) that read like
lists and dicts.  Numbers on the score sheet are kept as
``decimal.Decimal`` (halves occur in ru3), ``None`` for a written ``-``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from replay.model.elements import NOPOS, Announce, Call, Claim, Combination, Exchange, Play, Pos
from replay.model.lanes import CallLane, HandsLine, LinePlaces, PlayLane, RowPlaces
from replay.model.pickling import by_fields


@dataclass(slots=True)
class ParseError:
    """A located ``P1xx`` error (or any finding that stops reading a game)."""

    code: str
    line: int
    col: int | None
    message: str
    deal: int | None = None

    def __init__(self, code: str, line: int, col: int | None, message: str,
                 deal: int | None = None) -> None:
        # the constructors of the classes read and replayed per deal are written out:
        # compiled by mypyc, a dataclass's generated __init__ runs interpreted, at
        # several thousand instructions a call (docs/dev/compiled.md)
        self.code = code
        self.line = line
        self.col = col
        self.message = message
        self.deal = deal


@dataclass(slots=True)
class ReadWarning:
    """A located ``W7xx`` finding: a tag read, but not written in its canonical form
    (or not readable at all, and kept as written).  It is no violation: a game with
    only warnings is clean (docs/bgn/report.md)."""

    code: str
    line: int
    col: int | None
    message: str

    def __init__(self, code: str, line: int, col: int | None, message: str) -> None:
        self.code = code
        self.line = line
        self.col = col
        self.message = message


@dataclass(slots=True)
class ScoreLine:
    """A ``score`` or ``total`` line: numbers in side order, ``None`` for ``-``."""

    values: list[Decimal | None]
    pos: Pos = NOPOS  # the keyword
    #: where each number stands: a list, or a :class:`RowPlaces` for a line read whole
    value_pos: list[Pos] | RowPlaces = field(default_factory=list)
    hang: Decimal | None = None
    hang_pos: Pos = NOPOS

    def __init__(self, values: list[Decimal | None], pos: Pos = NOPOS,
                 value_pos: list[Pos] | RowPlaces | None = None, hang: Decimal | None = None,
                 hang_pos: Pos = NOPOS) -> None:
        self.values = values
        self.pos = pos
        self.value_pos = [] if value_pos is None else value_pos
        self.hang = hang
        self.hang_pos = hang_pos


@dataclass(slots=True)
class Deal:
    """One deal as recorded; a section left out is ``None``."""

    number: int
    dealer: int
    pos: Pos = NOPOS  # the ``deal`` keyword
    number_pos: Pos = NOPOS
    #: seat -> deliveries (each a list of cards, as written); None when absent; a
    #: compact :class:`HandsLine` the reader makes for a canonical line
    hands: dict[int, list[list[str]]] | HandsLine | None = None
    hands_pos: Pos = NOPOS
    hand_seat_pos: dict[int, Pos] = field(default_factory=dict)
    #: seat -> position of every card in that seat's deliveries, flattened
    hand_card_pos: dict[int, list[Pos]] | LinePlaces = field(default_factory=dict)
    turn: str | None = None
    turn_pos: Pos = NOPOS
    talon: list[str] | None = None
    talon_pos: Pos = NOPOS
    #: a list, or a :class:`RowPlaces` for a ``talon`` line read whole
    talon_card_pos: list[Pos] | RowPlaces = field(default_factory=list)
    #: a list, or a compact :class:`CallLane` the reader makes for a canonical line
    bids: list[Call] | CallLane | None = None
    bids_pos: Pos = NOPOS
    announce: list[Announce] = field(default_factory=list)
    exchange: list[Exchange] | None = None
    exchange_pos: Pos = NOPOS
    #: seat -> combinations; None when no ``declare`` section
    declare: dict[int, list[Combination]] | None = None
    declare_pos: Pos = NOPOS
    declare_seat_pos: dict[int, Pos] = field(default_factory=dict)
    #: a list, or a compact :class:`PlayLane` the reader makes for canonical lines
    plays: list[Play] | PlayLane | None = None
    play_pos: Pos = NOPOS
    claim: Claim | None = None
    score: ScoreLine | None = None
    total: ScoreLine | None = None

    def __init__(self, number: int, dealer: int, pos: Pos = NOPOS, number_pos: Pos = NOPOS,
                 hands: dict[int, list[list[str]]] | HandsLine | None = None,
                 hands_pos: Pos = NOPOS,
                 hand_seat_pos: dict[int, Pos] | None = None,
                 hand_card_pos: dict[int, list[Pos]] | LinePlaces | None = None,
                 turn: str | None = None, turn_pos: Pos = NOPOS,
                 talon: list[str] | None = None, talon_pos: Pos = NOPOS,
                 talon_card_pos: list[Pos] | RowPlaces | None = None,
                 bids: list[Call] | CallLane | None = None, bids_pos: Pos = NOPOS,
                 announce: list[Announce] | None = None,
                 exchange: list[Exchange] | None = None, exchange_pos: Pos = NOPOS,
                 declare: dict[int, list[Combination]] | None = None,
                 declare_pos: Pos = NOPOS, declare_seat_pos: dict[int, Pos] | None = None,
                 plays: list[Play] | PlayLane | None = None, play_pos: Pos = NOPOS,
                 claim: Claim | None = None, score: ScoreLine | None = None,
                 total: ScoreLine | None = None) -> None:
        self.number = number
        self.dealer = dealer
        self.pos = pos
        self.number_pos = number_pos
        self.hands = hands
        self.hands_pos = hands_pos
        self.hand_seat_pos = {} if hand_seat_pos is None else hand_seat_pos
        self.hand_card_pos = {} if hand_card_pos is None else hand_card_pos
        self.turn = turn
        self.turn_pos = turn_pos
        self.talon = talon
        self.talon_pos = talon_pos
        self.talon_card_pos = [] if talon_card_pos is None else talon_card_pos
        self.bids = bids
        self.bids_pos = bids_pos
        self.announce = [] if announce is None else announce
        self.exchange = exchange
        self.exchange_pos = exchange_pos
        self.declare = declare
        self.declare_pos = declare_pos
        self.declare_seat_pos = {} if declare_seat_pos is None else declare_seat_pos
        self.plays = plays
        self.play_pos = play_pos
        self.claim = claim
        self.score = score
        self.total = total


@dataclass(slots=True)
class Game:
    """One game: tags, game comments, deals and the written result."""

    tags: dict[str, str] = field(default_factory=dict)
    #: position of the ``[`` of each tag's (last) line
    tag_pos: dict[str, Pos] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)
    deals: list[Deal] = field(default_factory=list)
    result: str | None = None
    result_pos: Pos = NOPOS
    #: the first movetext token (where a missing ``Variant`` is reported)
    movetext_pos: Pos = NOPOS
    #: parse errors; a game with any is not replayed
    errors: list[ParseError] = field(default_factory=list)
    #: what was read but not written canonically (a date in another form, ...)
    warnings: list[ReadWarning] = field(default_factory=list)
    #: 1-based index of the game in its file, and where it starts
    index: int = 0
    line: int = 0
    #: the raw text of the game as read (kept for rejects); may be empty
    source_text: str = ""
    #: how many lines of ``source_text`` the reader read whole, each the writer's own
    #: text; 0 when any line it read whole is not, or when the text holds any other
    #: line than these, one per tag, the empty line after the tags, the first deal's
    #: header and the result line.  With the tags, that header and the result line as
    #: the writer writes them, ``source_text`` is the canonical text
    #: (``ingest.bgn.writer.read_game_id``); whoever changes a Game after reading it
    #: must set this to 0
    verbatim_lines: int = field(default=0, compare=False)

    def __init__(self, tags: dict[str, str] | None = None,
                 tag_pos: dict[str, Pos] | None = None, comments: list[str] | None = None,
                 deals: list[Deal] | None = None, result: str | None = None,
                 result_pos: Pos = NOPOS, movetext_pos: Pos = NOPOS,
                 errors: list[ParseError] | None = None, index: int = 0, line: int = 0,
                 source_text: str = "", verbatim_lines: int = 0,
                 warnings: list[ReadWarning] | None = None) -> None:
        self.tags = {} if tags is None else tags
        self.tag_pos = {} if tag_pos is None else tag_pos
        self.comments = [] if comments is None else comments
        self.deals = [] if deals is None else deals
        self.result = result
        self.result_pos = result_pos
        self.movetext_pos = movetext_pos
        self.errors = [] if errors is None else errors
        self.warnings = [] if warnings is None else warnings
        self.index = index
        self.line = line
        self.source_text = source_text
        self.verbatim_lines = verbatim_lines

    @property
    def variant(self) -> str | None:
        return self.tags.get("Variant")


# compiled by mypyc, a class with a constructor of its own pickles this way
by_fields(ParseError, ReadWarning, ScoreLine, Deal, Game)
