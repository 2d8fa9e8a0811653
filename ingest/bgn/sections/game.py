"""The game being read: what every section shares, and the order of the sections.

:class:`GameState` holds the game's record, its variant's table facts, the open
deal and the section being read (its state, keyword and place in the deal's
order), the game's source lines, and one small record per family of sections
(``deal``, ``auction``, ``declarations``, ``play``, ``sheet``), each owned by its
module.  Its methods open and close sections: a keyword closes the section before
it (that module's checks that the section is complete) and opens its own, after
checking that it may stand there (docs/bgn/game.md, the order of the sections).
"""

from __future__ import annotations

from ingest.bgn.errors import NewGame, p101, p103, quote
from ingest.bgn.fastlines import Template, templates
from ingest.bgn.lexer import Descriptor
from ingest.bgn.sections.auction import (
    AuctionState,
    all_passed,
    close_announce,
    close_bids,
    close_exchange,
    open_bids,
    open_exchange,
)
from ingest.bgn.sections.deal import (
    DealState,
    close_hands,
    close_header,
    close_talon,
    close_turn,
    open_hands,
    open_talon,
)
from ingest.bgn.sections.declarations import DeclareState, close_declare, open_declare
from ingest.bgn.sections.play import PlayState, close_play, open_play
from ingest.bgn.sections.sheet import SheetState, close_result, close_sheet, open_sheet
from ingest.bgn.sections.states import (
    S_ANN,
    S_BIDS,
    S_DEAL,
    S_DECL,
    S_DONE,
    S_EXCH,
    S_HANDS,
    S_HDR,
    S_PLAY,
    S_RESULT,
    S_SCORE,
    S_TAGS,
    S_TALON,
    S_TOTAL,
    S_TURN,
    SECTION_RANKS,
    SECTION_WORDS,
    SECTIONS,
    unexpected,
)
from ingest.bgn.tags import dealer_takes_after_all_pass
from replay.model.elements import NOPOS, Pos
from replay.model.record import Deal, Game, ScoreLine
from replay.model.variants import TableFacts, table_facts


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
        """The ``Variant`` tag was read: the seats and sections its table has."""
        self.facts = table_facts(self.game.tags.get("Variant"))
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

    # ------------------------------------------------------------------ keywords

    def keyword(self, w: str, tok: str, pos: Pos) -> None:
        """A section keyword, ``deal`` or ``result`` (``w``, written ``tok``)."""
        sec = self.sec
        if sec == S_DONE:
            raise NewGame
        if sec == S_TAGS:
            self.start_movetext(pos)
            if w not in ("deal", "result"):
                raise p103(pos, f"expected 'deal' to begin the movetext, found {quote(tok)}")
        else:
            self.close(tok)
        if w == "deal":
            self.open_deal(pos)
        elif w == "result":
            self.play.lane = None
            self.sec = S_RESULT
            self.kw = "result"
            self.kw_pos = pos
        else:
            self.open(SECTIONS[w][0], tok, pos)

    def open_deal(self, pos: Pos) -> None:
        """A ``deal`` keyword: a new deal, its header to read."""
        self.play.lane = None  # a lane is read only while its play section is open
        self.deal = Deal(0, 0, pos=pos)
        self.game.deals.append(self.deal)
        self.sec = S_HDR
        self.deal_state.header_step = 0
        self.deal_state.header_pos = pos
        self.rank = 0.0
        self.kw = "deal"
        self.kw_pos = pos

    def open(self, state: int, tok: str, pos: Pos, sheet: ScoreLine | None = None) -> None:
        """A section keyword (written ``tok``), by the state it opens: its place in the
        deal's order checked, its record begun (for a score or total line, ``sheet``
        when a fast line made it)."""
        self.play.lane = None  # a lane is read only while its play section is open
        if not self.game.deals or self.sec == S_HDR:
            raise p103(pos, f"expected 'deal' before a section, found {quote(tok)}")
        deal = self.deal
        w = SECTION_WORDS[state]
        rank = SECTION_RANKS[state]
        prev = self.kw
        if state == S_ANN:
            if self.rank < 5:
                rank = 5.0
            elif self.rank in (6, 7):
                if not self.facts.figures:
                    raise p103(pos, f"'announce' after '{prev}' exists only in the Hungarian variants")
                rank = 8.0
            elif self.rank == 9 and self.facts.figures:
                rank = 9.5
            else:
                raise p103(pos, f"'announce' cannot stand after '{prev}'")
            self.auction.announce_after = prev
            self.auction.announce = None
        elif rank <= self.rank:
            if rank == self.rank or (w == prev):
                raise p103(pos, f"a second '{w}' section in deal {deal.number}")
            raise p103(pos, f"'{w}' cannot stand after '{prev}'")
        if state == S_PLAY:
            if (deal.bids and all_passed(deal.bids)
                    and not dealer_takes_after_all_pass(self.game.tags)):
                raise p103(pos, "'play' after an auction in which every seat passed")
        elif state == S_TURN and not self.facts.turn:
            raise p103(pos, f"'turn' in a variant without a turned card ({self.variant_name()})")
        elif state == S_TALON and not self.facts.talon:
            raise p103(pos, f"'talon' in a variant without a talon ({self.variant_name()})")
        self.sec = state
        self.rank = rank
        self.kw = w
        self.kw_pos = pos
        if state == S_HANDS:
            open_hands(self, pos)
        elif state == S_TALON:
            open_talon(self, pos)
        elif state == S_BIDS:
            open_bids(self, pos)
        elif state == S_EXCH:
            open_exchange(self, pos)
        elif state == S_DECL:
            open_declare(self, pos)
        elif state == S_PLAY:
            open_play(self, pos)
        elif state >= S_SCORE and state <= S_TOTAL:
            open_sheet(self, state, pos, sheet)

    def close(self, found: str | None) -> None:
        """End the current section (at ``found``, the next keyword, or None at the end):
        its module's checks that it is complete."""
        sec = self.sec
        if sec <= S_DEAL or sec == S_DONE:
            if sec == S_HDR:
                close_header(self, found)
        elif sec == S_PLAY:
            close_play(self, found)
        elif sec == S_HANDS:
            close_hands(self, found)
        elif sec == S_TURN:
            close_turn(self)
        elif sec == S_TALON:
            close_talon(self)
        elif sec == S_BIDS:
            close_bids(self, found)
        elif sec == S_ANN:
            close_announce(self, found)
        elif sec == S_EXCH:
            close_exchange(self, found)
        elif sec == S_DECL:
            close_declare(self, found)
        elif sec == S_RESULT:
            close_result(self, found)
        else:
            close_sheet(self, found)


def in_tags(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    """A movetext token other than ``deal`` (or ``result``) first: the movetext starts
    there, and wrongly."""
    r.start_movetext(pos)
    raise unexpected(d, tok, pos, "'deal' to begin the movetext")


def in_done(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    """A token after the result: the next game's."""
    raise NewGame
