"""The auction and what follows it: ``bids``, ``announce``, ``exchange``.

``bids`` holds the calls in turn, each perhaps after its seat (``2: pass``);
``announce`` the Hungarian figures a seat takes on besides the game (``2:
absolut``), after the bids and again after the full hand is seen; ``exchange`` what
each seat swaps, takes or discards (``2: swap 7H``) (docs/bgn/game.md).  A
canonical bids line is read whole into a :class:`replay.model.record.CallLane`
(``ingest.bgn.sections.fast``); a token after it makes it Call objects again
(:func:`uncall`).
"""

from __future__ import annotations

from ingest.bgn.errors import p101, quote
from ingest.bgn.lexer import CALL, CARD, FIGURE, KW, PREFIX, Descriptor, call_of
from ingest.bgn.sections.records import GameState
from ingest.bgn.sections.states import unexpected
from replay.model.elements import Announce, Call, Exchange, Pos
from replay.model.lanes import CallLane


def all_passed(calls: list[Call] | CallLane) -> bool:
    """Whether every written call is ``pass`` (a lane read by its items: no Call made)."""
    if type(calls) is CallLane and calls.compact:
        for call, _, _ in calls.items:
            if call != "pass":
                return False
        return True
    for c in calls:
        if c.call != "pass":
            return False
    return True


# ---------------------------------------------------------------------- bids


def open_bids(r: GameState, pos: Pos) -> None:
    state = r.auction
    r.deal.bids = state.calls = []
    r.deal.bids_pos = pos
    state.prefix = None
    state.call = None


def uncall(r: GameState, lane: CallLane) -> None:
    """Turn a bids line read whole into Call objects: the general path reads on in
    ``bids`` (a call or a comment on the next line)."""
    state = r.auction
    calls = state.calls = r.deal.bids = lane.materialize()
    state.call = calls[-1]


def in_bids(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    state = r.auction
    if type(state.calls) is CallLane:
        uncall(r, state.calls)
    kind = d[0]
    if kind == CARD and d[2] is None:  # 7S, 10H: point bids here
        call = call_of(tok)
        if call is not None:  # JH is no call: "expected a call" below
            d = (CALL, call)
            kind = CALL
    if kind == CALL or (kind == KW and d[1] == "take"):
        call = d[1]
        if state.prefix is not None:
            c = Call(call, state.prefix, None, state.prefix_pos if glued else pos)
            state.prefix = None
        else:
            c = Call(call, None, None, pos)
        state.calls.append(c)
        state.call = c
    elif kind == PREFIX:
        if state.prefix is not None:
            raise p101(state.prefix_pos, f"expected a call after '{state.prefix}:', "
                                          f"found {quote(tok)}")
        state.prefix = r.seat(d[1], tok, pos)
        state.prefix_pos = pos
        state.call = None
    else:
        raise unexpected(d, tok, pos, "a call")


def close_bids(r: GameState, found: str | None) -> None:
    state = r.auction
    if state.prefix is not None:
        raise p101(state.prefix_pos, f"expected a call after '{state.prefix}:', "
                                      f"found {quote(found)}")
    if not state.calls:
        raise p101(r.kw_pos, "empty 'bids' section")
    state.call = None


# ---------------------------------------------------------------------- announce


def in_announce(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    state = r.auction
    kind = d[0]
    if kind == FIGURE:
        if state.announce is None:
            raise p101(pos, f"expected a seat prefix such as '1:' before {quote(tok)}")
        state.announce.figures.append(d[1])
        state.announce.figure_pos.append(pos)
    elif kind == PREFIX:
        seat = r.seat(d[1], tok, pos)
        if state.announce is not None and not state.announce.figures:
            raise p101(state.announce.pos, f"expected a figure after "
                                            f"'{state.announce.seat}:', found {quote(tok)}")
        state.announce = Announce(seat, [], state.announce_after, pos)
        r.deal.announce.append(state.announce)
    else:
        raise unexpected(d, tok, pos, "a figure (absolut, hundred, …) or a seat prefix")


def close_announce(r: GameState, found: str | None) -> None:
    ann = r.auction.announce
    if ann is None:
        raise p101(r.kw_pos, "empty 'announce' section")
    if not ann.figures:
        raise p101(ann.pos, f"expected a figure after '{ann.seat}:', found {quote(found)}")


# ---------------------------------------------------------------------- exchange


def open_exchange(r: GameState, pos: Pos) -> None:
    state = r.auction
    r.deal.exchange = state.exchanges = []
    r.deal.exchange_pos = pos
    state.exchange_seat = None
    state.exchange = None


def end_exchange_group(r: GameState, found: str | None) -> None:
    """The seat listed last has an action, and its last action a card."""
    state = r.auction
    ex = state.exchange
    if ex is not None and not ex.cards:
        raise p101(ex.pos, f"expected a card after '{ex.action}', found {quote(found)}")
    if state.exchange_seat is not None and ex is None:
        raise p101(state.exchange_seat_pos, f"expected swap, take or discard after "
                                             f"'{state.exchange_seat}:', found {quote(found)}")


def in_exchange(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    state = r.auction
    kind = d[0]
    if kind == CARD:
        ex = state.exchange
        if ex is None:
            raise unexpected(d, tok, pos, "swap, take or discard" if state.exchange_seat
                             else "a seat prefix such as '2:'")
        if d[2] is not None:
            raise p101(pos, f"an annotation cannot stand in 'exchange': {quote(tok)}")
        if ex.action == "swap" and ex.cards:
            raise p101(pos, f"'swap' gives one card; found a second card {quote(tok)}")
        ex.cards.append(d[1])
        ex.card_pos.append(pos)
    elif kind == KW and d[1] in ("swap", "take", "discard"):
        if state.exchange_seat is None:
            raise p101(pos, f"expected a seat prefix such as '2:' before {quote(tok)}")
        if state.exchange is not None and not state.exchange.cards:
            raise p101(state.exchange.pos, f"expected a card after "
                                            f"'{state.exchange.action}', found {quote(tok)}")
        state.exchange = Exchange(state.exchange_seat, d[1], [], pos)
        state.exchanges.append(state.exchange)
    elif kind == PREFIX:
        seat = r.seat(d[1], tok, pos)
        end_exchange_group(r, tok)
        state.exchange_seat = seat
        state.exchange_seat_pos = pos
        state.exchange = None
    else:
        raise unexpected(d, tok, pos, "a seat prefix, swap, take, discard or a card")


def close_exchange(r: GameState, found: str | None) -> None:
    end_exchange_group(r, found)
    if not r.auction.exchanges:
        raise p101(r.kw_pos, "empty 'exchange' section")
