"""The order of the sections: a keyword closes the section before it and opens its own.

:func:`keyword` reads a section keyword, ``deal`` or ``result``: it closes the
open section (:func:`close_section`, that family's checks that the section is
complete) and opens the next (:func:`open_deal`, :func:`open_section`), after
checking that it may stand there (docs/bgn/game.md, the order of the sections).
These are plain functions of the game's state (``ingest.bgn.sections.records``),
called by the reader's line loop and by the fast path; this module is the one
that imports every family, to dispatch on the section's state.
"""

from __future__ import annotations

from ingest.bgn.errors import NewGame, p103, quote
from ingest.bgn.lexer import Descriptor
from ingest.bgn.sections.auction import (
    all_passed,
    close_announce,
    close_bids,
    close_exchange,
    open_bids,
    open_exchange,
)
from ingest.bgn.sections.deal import (
    close_hands,
    close_header,
    close_talon,
    close_turn,
    open_hands,
    open_talon,
)
from ingest.bgn.sections.declarations import close_declare, open_declare
from ingest.bgn.sections.play import close_play, open_play
from ingest.bgn.sections.records import GameState
from ingest.bgn.sections.sheet import close_result, close_sheet, open_sheet
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
from replay.model.elements import Pos
from replay.model.record import Deal, ScoreLine

# ---------------------------------------------------------------------- keywords


def keyword(r: GameState, w: str, tok: str, pos: Pos) -> None:
    """A section keyword, ``deal`` or ``result`` (``w``, written ``tok``)."""
    sec = r.sec
    if sec == S_DONE:
        raise NewGame
    if sec == S_TAGS:
        r.start_movetext(pos)
        if w not in ("deal", "result"):
            raise p103(pos, f"expected 'deal' to begin the movetext, found {quote(tok)}")
    else:
        close_section(r, tok)
    if w == "deal":
        open_deal(r, pos)
    elif w == "result":
        r.play.lane = None
        r.sec = S_RESULT
        r.kw = "result"
        r.kw_pos = pos
    else:
        open_section(r, SECTIONS[w][0], tok, pos)

def open_deal(r: GameState, pos: Pos) -> None:
    """A ``deal`` keyword: a new deal, its header to read."""
    r.play.lane = None  # a lane is read only while its play section is open
    r.deal = Deal(0, 0, pos=pos)
    r.game.deals.append(r.deal)
    r.sec = S_HDR
    r.deal_state.header_step = 0
    r.deal_state.header_pos = pos
    r.rank = 0.0
    r.kw = "deal"
    r.kw_pos = pos

def open_section(r: GameState, state: int, tok: str, pos: Pos, sheet: ScoreLine | None = None) -> None:
    """A section keyword (written ``tok``), by the state it opens: its place in the
    deal's order checked, its record begun (for a score or total line, ``sheet``
    when a fast line made it)."""
    r.play.lane = None  # a lane is read only while its play section is open
    if not r.game.deals or r.sec == S_HDR:
        raise p103(pos, f"expected 'deal' before a section, found {quote(tok)}")
    deal = r.deal
    w = SECTION_WORDS[state]
    rank = SECTION_RANKS[state]
    prev = r.kw
    if state == S_ANN:
        if r.rank < 5:
            rank = 5.0
        elif r.rank in (6, 7):
            if not r.facts.figures:
                raise p103(pos, f"'announce' after '{prev}' exists only in the Hungarian variants")
            rank = 8.0
        elif r.rank == 9 and r.facts.figures:
            rank = 9.5
        else:
            raise p103(pos, f"'announce' cannot stand after '{prev}'")
        r.auction.announce_after = prev
        r.auction.announce = None
    elif rank <= r.rank:
        if rank == r.rank or (w == prev):
            raise p103(pos, f"a second '{w}' section in deal {deal.number}")
        raise p103(pos, f"'{w}' cannot stand after '{prev}'")
    if state == S_PLAY:
        if (deal.bids and all_passed(deal.bids)
                and not dealer_takes_after_all_pass(r.game.tags)):
            raise p103(pos, "'play' after an auction in which every seat passed")
    elif state == S_TURN and not r.facts.turn:
        raise p103(pos, f"'turn' in a variant without a turned card ({r.variant_name()})")
    elif state == S_TALON and not r.facts.talon:
        raise p103(pos, f"'talon' in a variant without a talon ({r.variant_name()})")
    r.sec = state
    r.rank = rank
    r.kw = w
    r.kw_pos = pos
    if state == S_HANDS:
        open_hands(r, pos)
    elif state == S_TALON:
        open_talon(r, pos)
    elif state == S_BIDS:
        open_bids(r, pos)
    elif state == S_EXCH:
        open_exchange(r, pos)
    elif state == S_DECL:
        open_declare(r, pos)
    elif state == S_PLAY:
        open_play(r, pos)
    elif state >= S_SCORE and state <= S_TOTAL:
        open_sheet(r, state, pos, sheet)


def close_section(r: GameState, found: str | None) -> None:
    """End the current section (at ``found``, the next keyword, or None at the end):
    its module's checks that it is complete."""
    sec = r.sec
    if sec <= S_DEAL or sec == S_DONE:
        if sec == S_HDR:
            close_header(r, found)
    elif sec == S_PLAY:
        close_play(r, found)
    elif sec == S_HANDS:
        close_hands(r, found)
    elif sec == S_TURN:
        close_turn(r)
    elif sec == S_TALON:
        close_talon(r)
    elif sec == S_BIDS:
        close_bids(r, found)
    elif sec == S_ANN:
        close_announce(r, found)
    elif sec == S_EXCH:
        close_exchange(r, found)
    elif sec == S_DECL:
        close_declare(r, found)
    elif sec == S_RESULT:
        close_result(r, found)
    else:
        close_sheet(r, found)


def in_tags(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    """A movetext token other than ``deal`` (or ``result``) first: the movetext starts
    there, and wrongly."""
    r.start_movetext(pos)
    raise unexpected(d, tok, pos, "'deal' to begin the movetext")


def in_done(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    """A token after the result: the next game's."""
    raise NewGame
