"""Hidden layouts consistent with what a seat knows, drawn uniformly.

``sample_layouts`` draws layouts i.i.d. uniform over every layout of the hidden
cards that fits the view: each holder its number of cards, none of the cards its
duties exclude (``replay.singledummy.knowledge``).  The draw is exact, by the card
classes of ``replay.singledummy.classes``: no rejection, so a view with few
consistent layouts costs no more than one with many, and a view with one layout
returns it every time.
"""

from __future__ import annotations

import numpy as np

from replay.model.cards import CARD_TEXT
from replay.singledummy.knowledge import OUT_OF_PLAY, SeatView


class NoLayout(ValueError):
    """No layout of the hidden cards fits what the record shows (an inconsistent
    record); the message names the position."""


def sample_layouts(view: SeatView, count: int,
                   rng: np.random.Generator) -> list[dict[int, int]]:
    """``count`` layouts, i.i.d. uniform over those consistent with ``view``: each
    the full hands ``{seat: mask}`` of every seat at that position (its own hand,
    the cards known to be there, and hidden cards drawn).  Raises ``NoLayout`` when
    none fits."""
    if view.conflict is not None:
        raise NoLayout(f"{view.where}: no layout fits: {view.conflict}")
    lay = view.layouts()
    if lay.homeless >= 0 or lay.count() == 0:
        raise NoLayout(f"{view.where}: no layout fits: {_why_none(view, lay.homeless)}")
    if count <= 0:
        return []
    seats = sorted([h for h in view.known if h != OUT_OF_PLAY] + [view.seat])
    hands = np.zeros((count, len(seats)), dtype=np.uint64)
    for j, s in enumerate(seats):
        hands[:, j] = view.own if s == view.seat else view.known[s]
    drawn = lay.sample(count, rng)
    for holder_index, holder in enumerate(lay.holders):
        if holder != OUT_OF_PLAY:
            hands[:, seats.index(holder)] |= drawn[:, holder_index]
    return [dict(zip(seats, row, strict=True)) for row in hands.tolist()]


def _why_none(view: SeatView, homeless: int) -> str:
    """Why no layout fits: a card no holder may take, else the counts."""
    if homeless >= 0:
        return f"no holder may hold {CARD_TEXT[homeless]} (each has it excluded or no room)"
    room = ", ".join(f"seat {h} {n}" if h else f"out of play {n}"
                     for h, n in sorted(view.sizes.items()))
    return (f"the hidden cards cannot be shared out ({room} hidden cards) without a seat "
            "holding a card its play excluded")
