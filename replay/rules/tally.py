"""What a deal gave each side (``Tally``) and what its scoring rule writes (``DealScore``).

The engine fills a tally from the play (card points, tricks, declarations won,
bela credited, capot); the variant's scoring rule (``replay.rules.scoring``) turns it
into the numbers on the sheet.  The records stand apart from the rules so that
the Hungarian figures (``replay.rules.figures``) and the scoring read the same ones
without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from replay.model.pickling import by_fields
from replay.rules.bidding import Contract

#: a number on the score sheet: whole, or a half where ru3 splits (yu3 convention 7 (docs/rules/yu3.md))
Points = int | Decimal


@dataclass(slots=True)
class SoloistPlay:
    """What a Hungarian soloist announced and did (hu3 conventions 7-8 (docs/rules/hu3.md), hu3 convention 18 (docs/rules/hu3.md))."""

    #: the figures validly announced
    figures: tuple[str, ...] = ()
    #: Betl: the soloist must take no trick (hu3-19)
    betl: bool = False
    #: the cards in the soloist's tricks (a mask)
    won: int = 0
    #: his card in the last trick, if he won it
    last_card: int | None = None

    def __init__(self, figures: tuple[str, ...] = (), betl: bool = False, won: int = 0,
                 last_card: int | None = None) -> None:
        # made for every Hungarian deal: not frozen, so that the constructor can be
        # written out and compiled (see Tally)
        self.figures = figures
        self.betl = betl
        self.won = won
        self.last_card = last_card


@dataclass(slots=True)
class Tally:
    """What a deal gave each side before the variant's scoring rule."""

    contract: Contract
    caller_side: int
    #: card points per side with the last-trick bonus (no capot bonus)
    points: list[int]
    tricks: list[int]
    #: declaration points each side won in the contest(s), before the trick test
    decl: list[int]
    #: every valid declaration of the deal, whoever made it (bg4-49 penalty)
    decl_all: int
    #: bela / belote credited per side (before the trick test)
    bela: list[int]
    capot_side: int | None
    #: the Hungarian soloist's figures and tricks (None in other variants)
    soloist: SoloistPlay | None = None

    def __init__(self, contract: Contract, caller_side: int, points: list[int],
                 tricks: list[int], decl: list[int], decl_all: int, bela: list[int],
                 capot_side: int | None, soloist: SoloistPlay | None = None) -> None:
        # written out: compiled by mypyc, a dataclass's generated __init__ runs
        # interpreted, at several thousand instructions a call (docs/dev/compiled.md)
        self.contract = contract
        self.caller_side = caller_side
        self.points = points
        self.tricks = tricks
        self.decl = decl
        self.decl_all = decl_all
        self.bela = bela
        self.capot_side = capot_side
        self.soloist = soloist


@dataclass(slots=True)
class DealScore:
    scores: list[Points]
    made: bool | None
    #: the pot carried into the next deal (bg4 hanging points)
    hang: Points = 0

    def __init__(self, scores: list[Points], made: bool | None, hang: Points = 0) -> None:
        self.scores = scores
        self.made = made
        self.hang = hang


# compiled by mypyc, classes with a constructor of their own pickle this way
by_fields(SoloistPlay, Tally, DealScore)
