"""The declarations: ``declare``, the combinations each seat shows.

Each seat is listed once (``N:``), then its combinations (``run5:AS``,
``carre:J``) or ``-`` for none; a bare ``-`` stands for every seat
(docs/bgn/game.md).  The deal's ``declare`` holds every seat 1..n (and any seat
written beyond), in order, an empty list for a seat with nothing.
"""

from __future__ import annotations

from ingest.bgn.errors import p101, quote
from ingest.bgn.lexer import COMBO, DASH, PREFIX, Descriptor
from ingest.bgn.sections.records import GameState
from ingest.bgn.sections.states import unexpected
from replay.model.elements import Combination, Pos


def open_declare(r: GameState, pos: Pos) -> None:
    state = r.declarations
    r.deal.declare = state.combinations = {}
    r.deal.declare_pos = pos
    state.seat = None
    state.dash = False
    state.bare = False


def in_declare(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    state = r.declarations
    kind = d[0]
    if state.bare:
        raise p101(pos, f"a bare '-' stands for every seat; found {quote(tok)} after it")
    if kind == COMBO:
        if state.seat is None:
            raise p101(pos, f"expected a seat prefix such as '1:' before {quote(tok)}")
        if state.dash:
            raise p101(pos, f"'-' and combinations mixed for seat {state.seat}")
        state.combinations[state.seat].append(Combination(d[1], pos))
    elif kind == PREFIX:
        seat = r.seat(d[1], tok, pos)
        if state.seat is not None:
            end_declare_seat(r, state.seat, tok)
        if seat in state.combinations:
            raise p101(pos, f"seat {seat} is listed twice in 'declare'")
        state.combinations[seat] = []
        r.deal.declare_seat_pos[seat] = pos
        state.seat = seat
        state.seat_pos = pos
        state.dash = False
    elif kind == DASH:
        if state.seat is None:
            if state.combinations:
                raise p101(pos, "expected a seat prefix before '-'")
            state.bare = True
        elif state.dash:
            raise p101(pos, f"'-' written twice for seat {state.seat}")
        elif state.combinations[state.seat]:
            raise p101(pos, f"'-' and combinations mixed for seat {state.seat}")
        else:
            state.dash = True
    else:
        raise unexpected(d, tok, pos, "a combination (run5:AS, carre:J), '-' or a seat prefix")


def end_declare_seat(r: GameState, seat: int, found: str | None) -> None:
    """The seat listed last wrote a combination or '-'."""
    state = r.declarations
    if not state.dash and not state.combinations[seat]:
        raise p101(state.seat_pos, f"expected a combination or '-' after '{seat}:', "
                                    f"found {quote(found)}")


def seats_in_order(r: GameState) -> None:
    """The deal's declare as read: every seat 1..n and any beyond, in order."""
    combinations = r.declarations.combinations
    last = r.n  # max(r.n, *combinations) without a generic call to max
    for s in combinations:
        if s > last:
            last = s
    r.deal.declare = {s: combinations.get(s, []) for s in range(1, last + 1)}


def close_declare(r: GameState, found: str | None) -> None:
    state = r.declarations
    if state.seat is not None:
        end_declare_seat(r, state.seat, found)
    elif not state.bare:
        raise p101(r.kw_pos, "empty 'declare' section")
    seats_in_order(r)
