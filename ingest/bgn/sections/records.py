"""The game's state and the state of each family of sections, which it holds.

They live together, below every section's module, because each needs the
others: :class:`GameState` holds one record of each family (``deal_state``,
``auction``, ``declarations``, ``play``, ``sheet``), and every family's handlers
read and write the game's state (the record, the open deal, the section's
keyword) besides their own record.  A family's module owns the meaning of its
record's fields; the opening and closing of sections is ``ingest.bgn.sections.game``.

:class:`GameState` holds the game's record, its variant's table facts, the open
deal and the section being read (its state, keyword and place in the deal's
order), and the game's source lines.
"""

from __future__ import annotations

from ingest.bgn.errors import p101, quote
from ingest.bgn.fastlines import Template, templates
from ingest.bgn.sections.states import S_DEAL, S_TAGS
from replay.model.elements import NOPOS, Announce, Call, Combination, Exchange, Play, Pos
from replay.model.lanes import CallLane, HandsLine, PlayLane
from replay.model.record import Deal, Game, ScoreLine
from replay.model.variants import TABLES, TableFacts, table_facts, variant_id


class DealState:
    """Where the reader stands in the deal's header and its ``hands`` section."""

    __slots__ = ("header_step", "header_pos", "hands", "line", "seat", "delivery",
                 "slash_pos", "seat_pos", "talon")

    # Set when the section opens (the deal's own lists); nothing reads them before.
    hands: dict[int, list[list[str]]]  # the general path's (a HandsLine is made into one)
    talon: list[str]

    def __init__(self) -> None:
        #: the header's next word: 0 the deal number, 1 ``dealer``, 2 the dealer's seat
        self.header_step = 0
        self.header_pos = NOPOS  # the header's last word
        #: the open hands section's line while it is read whole, else None
        self.line: HandsLine | None = None
        self.seat: int | None = None  # the seat whose cards are being listed
        self.seat_pos = NOPOS
        self.delivery: list[str] = []  # the seat's delivery being listed
        self.slash_pos: Pos | None = None  # the '/' that began it, if one did


class AuctionState:
    """Where the reader stands in ``bids``, ``announce`` and ``exchange``."""

    __slots__ = ("calls", "prefix", "prefix_pos", "call", "announce", "announce_after",
                 "exchanges", "exchange_seat", "exchange_seat_pos", "exchange")

    # Set when the section opens (the deal's own lists); nothing reads them before.
    calls: list[Call] | CallLane
    exchanges: list[Exchange]

    def __init__(self) -> None:
        #: a seat prefix (``2:``) waiting for its call, and where it stands
        self.prefix: int | None = None
        self.prefix_pos = NOPOS
        self.call: Call | None = None  # the last call (a comment after it is its)
        #: the seat whose figures are being listed, and the section the announce follows
        self.announce: Announce | None = None
        self.announce_after = "bids"
        #: the seat whose exchange is being listed, where it stands, its last action
        self.exchange_seat: int | None = None
        self.exchange_seat_pos = NOPOS
        self.exchange: Exchange | None = None


class DeclareState:
    """Where the reader stands in ``declare``."""

    __slots__ = ("combinations", "seat", "seat_pos", "dash", "bare", "every_seat")

    # Set when the section opens; nothing reads it before.
    combinations: dict[int, list[Combination]]  # by seat, as written

    def __init__(self) -> None:
        self.seat: int | None = None  # the seat being listed, and where it stands
        self.seat_pos = NOPOS
        self.dash = False  # that seat wrote '-'
        self.bare = False  # a bare '-' for every seat
        #: a line read whole named every seat 1..n once, in order (the writer's line):
        #: its dict is the deal's declare as it stands
        self.every_seat = False


class PlayState:
    """Where the reader stands in ``play``."""

    __slots__ = ("plays", "lane", "current", "prefix", "prefix_pos", "trick", "trick_pos",
                 "block", "claim_seat", "claim_pos")

    def __init__(self) -> None:
        #: as Play objects; the deal holds the lane while one is open
        self.plays: list[Play] = []
        #: the open play section's tricks while they are read whole, else None
        self.lane: PlayLane | None = None
        self.current: Play | None = None  # the last card (bela, a comment are its)
        #: a seat prefix (``2:``) and a trick number (``3.``) waiting for their card
        self.prefix: int | None = None
        self.prefix_pos = NOPOS
        self.trick: int | None = None
        self.trick_pos = NOPOS
        #: "claim" (awaiting rest|game) or "rest" (the play is over), else None
        self.block: str | None = None
        self.claim_seat = 0
        self.claim_pos = NOPOS


class SheetState:
    """Where the reader stands in ``score`` or ``total``."""

    __slots__ = ("line", "hang_state", "hang_pos")

    line: ScoreLine  # the open score or total line; set when the section opens

    def __init__(self) -> None:
        #: 0 no ``hang``; 1 ``hang`` read, its number awaited; 2 ``hang N`` read
        self.hang_state = 0
        self.hang_pos = NOPOS  # where the ``hang`` keyword stands


class GameState:
    """One game as far as it is read: the record, the open deal and section, and the
    state of each family of sections."""

    __slots__ = (
        "game", "facts", "n", "templates", "sec", "rank", "kw", "kw_pos", "deal", "fresh",
        "verbatim", "src", "src_len", "slow_lines", "pend",
        "deal_state", "auction", "declarations", "play", "sheet",
    )

    # Set when the first ``deal`` keyword opens a deal; nothing reads it before: every
    # section needs a deal first.
    deal: Deal

    def __init__(self, index: int, line: int, pend: list[str]) -> None:
        self.game = Game(index=index, line=line)
        self.facts: TableFacts = table_facts(None)
        self.n: int = self.facts.players
        #: canonical lines read before, by their text (``ingest.bgn.fastlines``)
        self.templates: dict[str, Template | None] = templates(self.n)
        #: the line just read was a fast line, read whole: the section it opened is
        #: complete, its closing checks are not needed
        self.fresh = False
        self.sec = S_TAGS
        #: the open section's place in the deal's order (``SECTIONS``), its keyword
        #: and where the keyword stands
        self.rank: float = 0.0
        self.kw = "deal"
        self.kw_pos = NOPOS
        self.pend = pend  # game comments so far (before the first movetext token)
        #: the game's lines (``Game.source_text``) and their characters so far
        self.src: list[str] = []
        self.src_len = 0
        #: every fast line so far is the writer's own text; the lines of ``src`` that
        #: were not fast lines (``Game.verbatim_lines`` counts the others)
        self.verbatim = True
        self.slow_lines = 0
        self.deal_state = DealState()
        self.auction = AuctionState()
        self.declarations = DeclareState()
        self.play = PlayState()
        self.sheet = SheetState()

    def start_movetext(self, pos: Pos) -> None:
        """The first movetext token: the comments so far are the game's."""
        self.game.movetext_pos = pos
        if self.pend:
            self.game.comments = self.pend
        self.pend = []
        self.sec = S_DEAL  # overwritten by the keyword that follows

    def set_variant(self) -> None:
        """The ``Variant`` tag was read: the seats and sections its table has.  An id
        written in other letters (``YU4``) is kept as the id (``variant_id``)."""
        tags = self.game.tags
        variant = tags.get("Variant")
        if variant is not None and variant not in TABLES:
            named = variant_id(variant)
            if named != variant:
                tags["Variant"] = variant = named
                self.verbatim = False  # the tag line is no longer the writer's own
        self.facts = table_facts(variant)
        self.n = self.facts.players
        self.templates = templates(self.n)

    def variant_name(self) -> str:
        return self.game.tags.get("Variant") or "a game without Variant"

    def seat(self, n: int, tok: str, pos: Pos) -> int:
        """``n`` when it is a seat of the variant's table; a P101 if not."""
        if not 1 <= n <= self.n:
            raise p101(pos, f"expected a seat 1..{self.n}, found {quote(tok)} "
                             f"({self.variant_name()} has {self.n} seats)")
        return n
