"""The deal's header and what was dealt: ``deal N dealer S``, ``hands``, ``turn``, ``talon``.

A ``hands`` section lists each seat once (``N:``), its cards in the order they
were delivered, deliveries separated by ``/``; ``turn`` holds the one turned card,
``talon`` the face-down cards (docs/bgn/game.md).  A canonical hands line is read
whole into a :class:`replay.model.record.HandsLine` (``ingest.bgn.sections.fast``); a token
after it on the next line makes it lists again (:func:`unhand`).
"""

from __future__ import annotations

from ingest.bgn.errors import p101, quote
from ingest.bgn.lexer import CARD, KW, NUMBER, PREFIX, SLASH, Descriptor
from ingest.bgn.sections.records import GameState
from ingest.bgn.sections.states import S_DEAL, unexpected
from replay.model.elements import Pos
from replay.model.lanes import HandsLine

# ---------------------------------------------------------------------- header


def header_word(r: GameState) -> str:
    """The header's last word read, as written (for a message)."""
    return ("deal", f"deal {r.deal.number}", "dealer")[r.deal_state.header_step]


def in_header(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    """``deal N dealer S``, one word at a time."""
    deal = r.deal
    state = r.deal_state
    step = state.header_step
    if step == 0:
        if d[0] != NUMBER or d[2] is None:
            raise unexpected(d, tok, pos, "the deal number after 'deal'")
        deal.number = d[2]
        deal.number_pos = pos
    elif step == 1:
        if d[0] != KW or d[1] != "dealer":
            raise unexpected(d, tok, pos, f"'dealer' after 'deal {deal.number}'")
    else:
        if d[0] != NUMBER or d[2] is None:
            raise unexpected(d, tok, pos, "the dealer's seat after 'dealer'")
        deal.dealer = r.seat(d[2], tok, pos)
        r.sec = S_DEAL
        return
    state.header_step = step + 1
    state.header_pos = pos


def close_header(r: GameState, found: str | None) -> None:
    """The header cut short by ``found``."""
    state = r.deal_state
    want = ("the deal number", "'dealer'", "the dealer's seat")[state.header_step]
    raise p101(state.header_pos, f"expected {want} after {quote(header_word(r))}, "
                                  f"found {quote(found)}")


def in_deal(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    """A token after the header, before any section."""
    raise unexpected(d, tok, pos, "a section keyword, 'deal' or 'result'")


# ---------------------------------------------------------------------- hands


def open_hands(r: GameState, pos: Pos) -> None:
    state = r.deal_state
    r.deal.hands = state.hands = {}
    r.deal.hands_pos = pos
    state.seat = None
    state.line = None


def unhand(r: GameState, line: HandsLine) -> None:
    """Turn a hands line read whole into lists: the general path reads on in
    ``hands`` (a seat or a delivery continued on the next line)."""
    state = r.deal_state
    hands = state.hands = r.deal.hands = line.materialize()
    state.line = None
    seat = line.seats[-1][0]
    state.seat = seat
    state.delivery = hands[seat][-1]
    state.slash_pos = None
    state.seat_pos = r.deal.hand_seat_pos[seat]


def end_hand_seat(r: GameState, found: str | None) -> None:
    """The seat listed last holds a card in its last delivery."""
    state = r.deal_state
    if not state.delivery:
        if state.slash_pos is not None:
            raise p101(state.slash_pos, f"empty delivery: expected a card after '/', "
                                         f"found {quote(found)}")
        raise p101(state.seat_pos, f"expected a card after '{state.seat}:', found {quote(found)}")


def in_hands(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    state = r.deal_state
    if state.line is not None:
        unhand(r, state.line)
    kind = d[0]
    deal = r.deal
    if kind == CARD:
        if state.seat is None:
            raise p101(pos, f"expected a seat prefix such as '1:' before the cards, "
                             f"found {quote(tok)}")
        if d[2] is not None:
            raise p101(pos, f"an annotation cannot stand in 'hands': {quote(tok)}")
        state.delivery.append(d[1])
        deal.hand_card_pos[state.seat].append(pos)
        state.slash_pos = None
    elif kind == PREFIX:
        seat = r.seat(d[1], tok, pos)
        if state.seat is not None:
            end_hand_seat(r, tok)
        if seat in state.hands:
            raise p101(pos, f"seat {seat} is listed twice in 'hands'")
        state.delivery = []
        state.hands[seat] = [state.delivery]
        deal.hand_seat_pos[seat] = pos
        deal.hand_card_pos[seat] = []
        state.seat = seat
        state.seat_pos = pos
        state.slash_pos = None
    elif kind == SLASH:
        if state.seat is None:
            raise p101(pos, "expected a seat prefix such as '1:' before '/'")
        if not state.delivery:
            raise p101(state.slash_pos or pos, "empty delivery: expected a card before '/'"
                        if state.slash_pos is None else
                        "empty delivery: expected a card after '/', found '/'")
        state.delivery = []
        state.hands[state.seat].append(state.delivery)
        state.slash_pos = pos
    else:
        raise unexpected(d, tok, pos, "a card, '/' or a seat prefix in 'hands'")


def close_hands(r: GameState, found: str | None) -> None:
    state = r.deal_state
    if state.line is not None:
        return  # read whole: every seat and delivery holds cards
    if state.seat is None:
        raise p101(r.kw_pos, "empty 'hands' section")
    end_hand_seat(r, found)


# ---------------------------------------------------------------------- turn, talon


def in_turn(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    deal = r.deal
    if d[0] == CARD and d[2] is None:
        if deal.turn is not None:
            raise p101(pos, f"expected one card after 'turn', found a second card {quote(tok)}")
        deal.turn = d[1]
        deal.turn_pos = pos
        return
    raise unexpected(d, tok, pos, "the turned card")


def close_turn(r: GameState) -> None:
    if r.deal.turn is None:
        raise p101(r.kw_pos, "empty 'turn' section: expected the turned card")


def open_talon(r: GameState, pos: Pos) -> None:
    r.deal.talon = r.deal_state.talon = []
    r.deal.talon_pos = pos


def in_talon(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    if d[0] == CARD and d[2] is None:
        r.deal_state.talon.append(d[1])
        r.deal.talon_card_pos.append(pos)
        return
    raise unexpected(d, tok, pos, "a card in 'talon'")


def close_talon(r: GameState) -> None:
    if not r.deal_state.talon:
        raise p101(r.kw_pos, "empty 'talon' section")
