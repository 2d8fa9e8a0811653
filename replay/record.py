"""The record model: plain data for one BGN game, as the players wrote it.

These classes carry what a record *says* (tags, deals, calls, declarations,
plays, claims, the score sheet) and where each element stands in the source
(``line``, ``col``, 1-based).  They hold no game logic: the reader in
:mod:`ingest.bgn` builds them, the writer and the JSON form serialise them,
and :mod:`replay.engine` judges them against a ruleset.

Cards are kept in canonical text (``"TH"``, ``"AS"``): the engine turns them
into small ints once per deal.  Numbers on the score sheet are kept as
``decimal.Decimal`` (halves occur in ru3), ``None`` for a written ``-``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

#: (line, col), both counted from 1; (0, 0) when unknown (e.g. built in code).
Pos = tuple[int, int]
NOPOS: Pos = (0, 0)


@dataclass(slots=True)
class ParseError:
    """A located ``P1xx`` error (or any finding that stops reading a game)."""

    code: str
    line: int
    col: int | None
    message: str
    deal: int | None = None


@dataclass(slots=True)
class Call:
    """One call of the auction: ``pass``, ``H``, ``take``, ``NT``, ``X``, ``90H`` …"""

    call: str
    seat: int | None = None  # written seat prefix, if any
    comment: str | None = None
    pos: Pos = NOPOS


@dataclass(slots=True)
class Play:
    """One card played, with what was written around it."""

    card: str
    seat: int | None = None  # written seat prefix, if any
    trick: int | None = None  # written trick number standing before this card
    bela: str | None = None  # "bela" or "rebela"
    annotation: str | None = None
    comment: str | None = None
    pos: Pos = NOPOS
    bela_pos: Pos = NOPOS
    trick_pos: Pos = NOPOS
    #: a card written ``QH bela rebela`` has ``bela == "bela rebela"``; this is the
    #: ``rebela`` token's position (bgn-details §1: it gets A503), else NOPOS
    rebela_pos: Pos = NOPOS


@dataclass(slots=True)
class Claim:
    """``<seat>: claim rest|game`` — stands after ``after_play`` cards."""

    seat: int
    what: str  # "rest" or "game"
    after_play: int
    pos: Pos = NOPOS  # the ``claim`` token


@dataclass(slots=True)
class Combination:
    """One declared combination, canonical text ``run5:AS`` or ``carre:J``."""

    text: str
    pos: Pos = NOPOS


@dataclass(slots=True)
class Exchange:
    """One exchange action: ``swap <card>``, ``take <cards>``, ``discard <cards>``."""

    seat: int
    action: str  # "swap" | "take" | "discard"
    cards: list[str]
    pos: Pos = NOPOS  # the action keyword
    card_pos: list[Pos] = field(default_factory=list)


@dataclass(slots=True)
class Announce:
    """Figures one seat announced (Hungarian variants)."""

    seat: int
    figures: list[str]
    after: str  # the section keyword it followed: "bids", "exchange", "declare"
    pos: Pos = NOPOS
    figure_pos: list[Pos] = field(default_factory=list)


@dataclass(slots=True)
class ScoreLine:
    """A ``score`` or ``total`` line: numbers in side order, ``None`` for ``-``."""

    values: list[Decimal | None]
    pos: Pos = NOPOS  # the keyword
    value_pos: list[Pos] = field(default_factory=list)
    hang: Decimal | None = None
    hang_pos: Pos = NOPOS


@dataclass(slots=True)
class Deal:
    """One deal as recorded; a section left out is ``None``."""

    number: int
    dealer: int
    pos: Pos = NOPOS  # the ``deal`` keyword
    number_pos: Pos = NOPOS
    #: seat -> deliveries (each a list of cards, as written); None when absent
    hands: dict[int, list[list[str]]] | None = None
    hands_pos: Pos = NOPOS
    hand_seat_pos: dict[int, Pos] = field(default_factory=dict)
    #: seat -> position of every card in that seat's deliveries, flattened
    hand_card_pos: dict[int, list[Pos]] = field(default_factory=dict)
    turn: str | None = None
    turn_pos: Pos = NOPOS
    talon: list[str] | None = None
    talon_pos: Pos = NOPOS
    talon_card_pos: list[Pos] = field(default_factory=list)
    bids: list[Call] | None = None
    bids_pos: Pos = NOPOS
    announce: list[Announce] = field(default_factory=list)
    exchange: list[Exchange] | None = None
    exchange_pos: Pos = NOPOS
    #: seat -> combinations; None when no ``declare`` section
    declare: dict[int, list[Combination]] | None = None
    declare_pos: Pos = NOPOS
    declare_seat_pos: dict[int, Pos] = field(default_factory=dict)
    plays: list[Play] | None = None
    play_pos: Pos = NOPOS
    claim: Claim | None = None
    score: ScoreLine | None = None
    total: ScoreLine | None = None


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
    #: 1-based index of the game in its file, and where it starts
    index: int = 0
    line: int = 0
    #: the raw text of the game as read (kept for rejects); may be empty
    source_text: str = ""

    @property
    def variant(self) -> str | None:
        return self.tags.get("Variant")
