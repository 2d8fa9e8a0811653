"""The exchange phase: discards (yu3), the seven swap (ru3), the Hungarian swap,
take and discard (hu3, hu2).

Each model checks the written ``exchange`` entries and carries them out
*as written* as far as the seat holds the cards (yu3 convention 3 (docs/rules/yu3.md),
hu3 convention 11 (docs/rules/hu3.md)): a rule broken is one ``B303`` per entry; a card the
seat does not hold is ``D203`` and does not move (docs/bgn/report.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from replay.model.cards import SUIT_OF, card_of
from replay.model.elements import Exchange
from replay.model.pickling import by_fields

SEVEN, EIGHT, NINE = 0, 1, 2  # natural rank indices


class ExchangeKind(StrEnum):
    """A variant's exchange phase, between the auction and the play."""

    #: no exchange: an ``exchange`` line is B303 (docs/bgn/reading.md)
    NONE = "none"
    #: the soloist lays away two cards (yu3-06): ``yu3_discards``
    DISCARD = "discard"
    #: the trump seven is swapped for the turned card (ru3-10): ``ru3_swap``
    SEVEN_SWAP = "seven-swap"
    #: swap, take and discard (hu3-09, hu3-10): ``hungarian``
    HUNGARIAN = "hungarian"


@dataclass(slots=True)
class ExchangeOutcome:
    #: (code, pos, seat, message)
    findings: list[tuple[str, tuple[int, int], int, str]] = field(default_factory=list)
    #: seat -> mask of cards laid away face down by that seat
    discarded: dict[int, int] = field(default_factory=dict)
    #: the under-card after the exchange (hu, ru3), as an int, or None
    turn: int | None = None
    #: seat -> cards every seat saw go into its hand: the turned card a swap gave
    #: it, the visible trumps it took from the stock (A47)
    shown: dict[int, int] = field(default_factory=dict)
    #: the cards left face up out of play after the exchange: the under-card, and in
    #: the Hungarian games the stock's top card (A47)
    face_up: int = 0

    def __init__(self, findings: list[tuple[str, tuple[int, int], int, str]] | None = None,
                 discarded: dict[int, int] | None = None, turn: int | None = None,
                 shown: dict[int, int] | None = None, face_up: int = 0) -> None:
        # written out: compiled by mypyc, a dataclass's generated __init__ runs
        # interpreted, at several thousand instructions a call (docs/dev/compiled.md)
        self.findings = [] if findings is None else findings
        self.discarded = {} if discarded is None else discarded
        self.turn = turn
        self.shown = {} if shown is None else shown
        self.face_up = face_up

    def show(self, seat: int, card: int) -> None:
        """``card`` went into the hand of ``seat`` in view of every seat."""
        self.shown[seat] = self.shown.get(seat, 0) | 1 << card

    def lay_face_up(self, stock: list[int]) -> None:
        """What stays face up once the exchange is done: the under-card and the
        stock's top card (A47)."""
        self.face_up = (0 if self.turn is None else 1 << self.turn) | (
            1 << stock[0] if stock else 0)


def _held(hands: dict[int, int], seat: int, entry: Exchange, out: ExchangeOutcome) -> list[int]:
    """The entry's cards the seat holds; D203 for the others (which do not move)."""
    cards = []
    for i, text in enumerate(entry.cards):
        c = card_of(text)
        if hands.get(seat, 0) >> c & 1:
            cards.append(c)
        else:
            pos = entry.card_pos[i] if i < len(entry.card_pos) else entry.pos
            out.findings.append(("D203", pos, seat,
                                 f"seat {seat} {entry.action}s {text}, which it does not hold"))
    return cards


def yu3_discards(entries: list[Exchange], hands: dict[int, int], soloist: int) -> ExchangeOutcome:
    """yu3-06: the soloist lays two cards away; they count for him (A7: any two)."""
    out = ExchangeOutcome()
    laid = 0
    count = 0
    first_pos = None
    for e in entries:
        if e.action != "discard" or e.seat != soloist:
            out.findings.append(("B303", e.pos, e.seat,
                                 f"only the soloist (seat {soloist}) discards, two cards"))
        if e.action != "discard":
            continue
        first_pos = first_pos or e.pos
        count += len(e.cards)
        for c in _held(hands, e.seat, e, out):
            hands[e.seat] &= ~(1 << c)
            out.discarded[e.seat] = out.discarded.get(e.seat, 0) | (1 << c)
            laid |= 1 << c
    if first_pos is not None and count != 2:
        out.findings.append(("B303", first_pos, soloist,
                             f"the soloist discards {count} cards, not two (yu3-06)"))
    return out


def ru3_swap(entries: list[Exchange], hands: dict[int, int], trump: int, round_: int,
             turn: int | None) -> ExchangeOutcome:
    """ru3-10, ru3 convention 17 (docs/rules/ru3.md): in a round-1 contract the holder of the trump seven
    may swap it for the turned card, once; the turned card may be the seven itself."""
    out = ExchangeOutcome(turn=turn)
    done = False
    seven = trump * 8 + SEVEN
    for e in entries:
        if e.action != "swap" or len(e.cards) != 1:
            out.findings.append(("B303", e.pos, e.seat,
                                 f"'{e.action}' is not an exchange of ru3: only 'swap 7{'SHDC'[trump]}'"))
            if e.action != "swap":
                continue
        why = None
        card = card_of(e.cards[0]) if e.cards else -1
        if round_ != 1:
            why = "the seven swap is only for a contract in the turned suit (round 1)"
        elif card != seven:
            why = f"only the seven of trump may be swapped, not {e.cards[0]}"
        elif done:
            why = "the seven was already swapped"
        elif turn == seven:
            why = "the turned card is the seven itself"
        if why:
            out.findings.append(("B303", e.pos, e.seat, why))
        for c in _held(hands, e.seat, e, out)[:1]:
            hands[e.seat] &= ~(1 << c)
            if out.turn is not None:
                hands[e.seat] |= 1 << out.turn
                out.show(e.seat, out.turn)
            out.turn = c
            done = True
    out.lay_face_up([])  # A47: the four talon cards of ru3 lie face down
    return out


def hungarian(entries: list[Exchange], hands: dict[int, int], trump: int, round_: int,
              turn: int | None, talon: list[int], hand_size: int) -> ExchangeOutcome:
    """hu3 conventions 9-11 (docs/rules/hu3.md): swap the required trump card for the under-card
    (7; the 8 when a 7 is visible; the 9 when 7 and 8 are), once, in a round-1
    contract; then take trumps from the top of the stock in order and discard as
    many (out of play), back to 9 (12) cards.  ``talon`` is the stock, which the
    taken cards leave (the caller's list changes)."""
    out = ExchangeOutcome(turn=turn)
    stock = talon  # the caller's own list: taken cards leave it
    swapped_by = None
    last_action = None
    for e in entries:
        why = None
        if e.action == "swap":
            visible = {turn, stock[0] if stock else None}
            needed = trump * 8 + SEVEN
            if needed in visible:
                needed = trump * 8 + EIGHT
                if needed in visible:
                    needed = trump * 8 + NINE
            card = card_of(e.cards[0]) if len(e.cards) == 1 else -1
            if round_ != 1:
                why = "a swap is only for a contract in the turned suit (round 1)"
            elif swapped_by is not None:
                why = "the under-card was already swapped"
            elif card != needed:
                why = f"the under-card may be swapped only for the {'789'[needed & 7]} of trump"
            for c in _held(hands, e.seat, e, out)[:1]:
                hands[e.seat] &= ~(1 << c)
                if out.turn is not None:
                    hands[e.seat] |= 1 << out.turn
                    out.show(e.seat, out.turn)
                out.turn = c
            swapped_by = e.seat
        elif e.action == "take":
            taken = [card_of(t) for t in e.cards]
            if swapped_by != e.seat or last_action != "swap":
                why = "only the seat that swapped takes from the stock, right after its swap"
            elif taken != stock[:len(taken)] or any(SUIT_OF[c] != trump for c in taken):
                why = "cards are taken from the top of the stock, in order, each a trump"
            for c in taken:
                hands[e.seat] = hands.get(e.seat, 0) | (1 << c)
                out.show(e.seat, c)
                if c in stock:
                    stock.remove(c)
        elif e.action == "discard":
            for c in _held(hands, e.seat, e, out):
                hands[e.seat] &= ~(1 << c)
                out.discarded[e.seat] = out.discarded.get(e.seat, 0) | (1 << c)
            if hands.get(e.seat, 0).bit_count() != hand_size:
                why = f"discard back to {hand_size} cards"
        if why:
            out.findings.append(("B303", e.pos, e.seat, why))
        last_action = e.action
    out.lay_face_up(stock)
    return out


# compiled by mypyc, a class with a constructor of its own pickles this way
by_fields(ExchangeOutcome)
