"""The elements of a written deal, each with its place in the source.

A call of the auction, a card played, a claim, a declared combination, an
exchange, a figure announcement: what the players wrote, and where (``Pos``:
``line``, ``col``, 1-based).  The deal, its score sheet and the game that hold
them are in :mod:`replay.model.record`; the lazy containers the reader makes
for canonical lines in :mod:`replay.model.lanes`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from replay.model.pickling import by_fields

#: (line, col), both counted from 1; (0, 0) when unknown (e.g. built in code).
Pos = tuple[int, int]
NOPOS: Final[Pos] = (0, 0)


@dataclass(slots=True)
class Call:
    """One call of the auction: ``pass``, ``H``, ``take``, ``NT``, ``X``, ``90H`` …"""

    call: str
    seat: int | None = None  # written seat prefix, if any
    comment: str | None = None
    pos: Pos = NOPOS

    def __init__(self, call: str, seat: int | None = None, comment: str | None = None,
                 pos: Pos = NOPOS) -> None:
        self.call = call
        self.seat = seat
        self.comment = comment
        self.pos = pos


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
    #: ``rebela`` token's position (docs/bgn/reading.md: it gets A503), else NOPOS
    rebela_pos: Pos = NOPOS

    def __init__(self, card: str, seat: int | None = None, trick: int | None = None,
                 bela: str | None = None, annotation: str | None = None,
                 comment: str | None = None, pos: Pos = NOPOS, bela_pos: Pos = NOPOS,
                 trick_pos: Pos = NOPOS, rebela_pos: Pos = NOPOS) -> None:
        self.card = card
        self.seat = seat
        self.trick = trick
        self.bela = bela
        self.annotation = annotation
        self.comment = comment
        self.pos = pos
        self.bela_pos = bela_pos
        self.trick_pos = trick_pos
        self.rebela_pos = rebela_pos


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

    def __init__(self, text: str, pos: Pos = NOPOS) -> None:
        self.text = text
        self.pos = pos


@dataclass(slots=True)
class Exchange:
    """One exchange action: ``swap <card>``, ``take <cards>``, ``discard <cards>``."""

    seat: int
    action: str  # "swap" | "take" | "discard"
    cards: list[str]
    pos: Pos = NOPOS  # the action keyword
    card_pos: list[Pos] = field(default_factory=list)

    def __init__(self, seat: int, action: str, cards: list[str], pos: Pos = NOPOS,
                 card_pos: list[Pos] | None = None) -> None:
        self.seat = seat
        self.action = action
        self.cards = cards
        self.pos = pos
        self.card_pos = [] if card_pos is None else card_pos


@dataclass(slots=True)
class Announce:
    """Figures one seat announced (Hungarian variants)."""

    seat: int
    figures: list[str]
    after: str  # the section keyword it followed: "bids", "exchange", "declare"
    pos: Pos = NOPOS
    figure_pos: list[Pos] = field(default_factory=list)

    def __init__(self, seat: int, figures: list[str], after: str, pos: Pos = NOPOS,
                 figure_pos: list[Pos] | None = None) -> None:
        self.seat = seat
        self.figures = figures
        self.after = after
        self.pos = pos
        self.figure_pos = [] if figure_pos is None else figure_pos


# compiled by mypyc, a class with a constructor of its own pickles this way
by_fields(Call, Play, Combination, Exchange, Announce)
