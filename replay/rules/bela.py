"""Bela (belote): the king and queen of trump in one hand, worth 20.

A seat announces ``bela`` with the first of the pair it plays, while it still
holds the other; ``rebela`` (optional) goes on the second; the 20 is credited
with the second card (yu4-28) or from the announcement (yu3, ru3-19), per the
variant's :class:`BelaRules`.  This module keeps the book of one deal's
announcements and says what was wrong with a word; the engine flags it (A503).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from replay.model.cards import ALL_TRUMPS, SUIT_OF, ContractTables
from replay.model.elements import Play, Pos
from replay.model.pickling import by_fields

_Q, _K = 5, 6  # natural rank indices of the queen and the king
#: the kings and queens that can make a bela, by the bit set of bela suits
_BELA_CARDS = tuple(
    sum((1 << (s * 8 + _Q)) | (1 << (s * 8 + _K)) for s in range(4) if suits >> s & 1)
    for suits in range(16))


@dataclass(frozen=True, slots=True)
class BelaRules:
    """A variant's bela rules (docs/rules/); rows cited per ruleset."""

    #: the 20 counts from the first card (yu3) or only with the second (yu4-28)
    credit_at_first: bool
    #: a side that takes no trick loses its bela (yu4-29, mk4-23)
    needs_trick: bool
    #: counted for a seat dealt K and Q of trump, announced or not (contree §5)
    auto: bool = False
    #: only on a lead, a follow or a ruff: not on a discard (bg4-38)
    not_on_discard: bool = False
    #: on either card of the pair, while the seat still holds both (ru3-19)
    either_card: bool = False


def bela_suits(kind: int) -> int:
    """Suits whose K and Q make a bela, a bit per suit: the trump suit; every suit
    in All trumps (bg4-38); none in No trumps (bg4-35)."""
    if kind < 4:
        return 1 << kind
    return 0b1111 if kind == ALL_TRUMPS else 0


#: contract kind (0..3 a trump suit, 4 No trumps, 5 All trumps) -> the mask of the
#: kings and queens that can make a bela in it
BELA_CARDS: Final = tuple(_BELA_CARDS[bela_suits(kind)] for kind in range(6))


def pair_of(suit: int) -> int:
    """The mask of the queen and king of ``suit``."""
    return (1 << (suit * 8 + _Q)) | (1 << (suit * 8 + _K))


def wrong_word(play: Play) -> tuple[Pos, str]:
    """Where and why a ``bela``/``rebela`` word stands where no bela can be."""
    word = "rebela" if play.bela == "rebela" else "bela"
    return play.bela_pos, (f"'{word}' on {play.card}: bela is announced with the first of the "
                           "king and queen of trump, by the seat that holds both")


class BelaBook:
    """The bela announcements of one deal, as its cards are played.

    ``first`` maps ``seat * 8 + suit`` to the card played with ``bela``; ``done``
    maps ``(seat, suit)`` to the points credited."""

    __slots__ = ("rules", "dealt", "first", "done")

    def __init__(self, rules: BelaRules, dealt: dict[int, int]) -> None:
        self.rules = rules
        #: each seat's hand after the exchange (ru3-19: held both)
        self.dealt = dealt
        self.first: dict[int, int] = {}
        self.done: dict[tuple[int, int], int] = {}

    def play(self, play: Play, seat: int, c: int, hand: int, trick: list[int],
             ct: ContractTables) -> list[tuple[Pos, str]]:
        """A king or queen that can make a bela is played (docs/bgn/replay.md §5): note the
        word written on it; returns what was wrong (A503), where."""
        suit = SUIT_OF[c]
        other = c ^ 3  # Q (5) <-> K (6) of the same suit
        key = seat * 8 + suit
        word = None
        wrong: list[tuple[Pos, str]] = []
        #: the rebela of 'bela rebela', after the bela in the record's order
        late: list[tuple[Pos, str]] = []
        if play.bela is not None:
            if play.bela == "bela rebela":  # both on one card (docs/bgn/reading.md)
                late.append((play.rebela_pos, "'bela rebela' on one card: rebela belongs on "
                                              "the second card of the pair"))
            word = "rebela" if play.bela == "rebela" else "bela"
        if word == "bela" and self.rules.either_card:
            # ru3-19: on either card, if the seat held both after the exchange; once
            both = (1 << c) | (1 << other)
            if self.dealt.get(seat, 0) & both == both and key not in self.first:
                self.first[key] = c
                self.done[(seat, suit)] = 20
            else:
                wrong.append(wrong_word(play))
            return wrong + late
        if word == "bela":
            ok = bool(hand & (1 << other)) and key not in self.first
            if ok and self.rules.not_on_discard and trick:
                # bg4-38: a lead, a follow, or (suit contracts) a ruff; not a discard
                led = SUIT_OF[trick[0]]
                ok = suit == led or bool((ct.trump_mask >> c) & 1 and ct.kind < 4)
            if ok:
                self.first[key] = c
            else:
                wrong.append(wrong_word(play))
        elif word == "rebela":
            if self.first.get(key) != other or (seat, suit) in self.done:
                wrong.append(wrong_word(play))
        if self.first.get(key) == other and (seat, suit) not in self.done:
            self.done[(seat, suit)] = 20
        return wrong + late

    def credited(self, claimed_hands: dict[int, int] | None = None,
                 at_first: bool = False) -> dict[int, int]:
        """Bela points per seat: announced pairs completed, or, at a claim, still
        held (``claimed_hands``), or with ``at_first`` every announced one."""
        credited = dict(self.done)
        for key, first in self.first.items():
            seat, suit = divmod(key, 8)
            if (seat, suit) in credited:
                continue
            if at_first or (claimed_hands is not None
                            and claimed_hands.get(seat, 0) & (1 << (first ^ 3))):
                credited[(seat, suit)] = 20
        by_seat: dict[int, int] = {}
        for (seat, _), v in credited.items():
            by_seat[seat] = by_seat.get(seat, 0) + v
        return by_seat


def dealt_belas(kind: int, hands: dict[int, int]) -> dict[int, int]:
    """contree §5: belote counts for the seat dealt K and Q of trump, announced or
    not (suit contracts only)."""
    if kind >= 4:
        return {}
    pair = pair_of(kind)
    return {seat: 20 for seat, hand in hands.items() if hand & pair == pair}


by_fields(BelaRules)  # compiled by mypyc, frozen classes pickle this way
