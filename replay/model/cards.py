"""Cards as small ints, hands as 32-bit masks, and the precomputed tables of the hot path.

A card is ``suit * 8 + rank`` with suits ``S H D C`` = 0..3 and ranks in the
natural order ``7 8 9 T J Q K A`` = 0..7 (the order in which runs are read,
yu4-21 (docs/rules/yu4.md)).  A hand is an int with bit ``card`` set per card held.

Strength and points depend on the contract kind only through two tables per
rank: trump order ``J 9 A T K Q 8 7`` with points 20 14 11 10 4 3 0 0, and
plain order ``A T K Q J 9 8 7`` with 11 10 4 3 2 0 0 0 (docs/rules/,
yu4-04, yu4-05).  No-trumps plays every suit plain, All-trumps every suit as
trump (§2, bg4).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

SUITS = "SHDC"
RANKS = "789TJQKA"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

#: contract kinds beside a trump suit 0..3
NO_TRUMPS = 4
ALL_TRUMPS = 5

# Final: compiled by mypyc (docs/dev/compiled.md), a Final name is a constant of the
# module, read without a look-up in its globals
FULL_DECK: Final = (1 << 32) - 1
SUIT_MASK: Final = tuple(0xFF << (8 * s) for s in range(4))

CARD_TEXT: Final[tuple[str, ...]] = tuple(r + s for s in SUITS for r in RANKS)
CARD_INDEX: Final[dict[str, int]] = {t: i for i, t in enumerate(CARD_TEXT)}
#: card text -> its bit in a hand mask
CARD_BIT: Final[dict[str, int]] = {t: 1 << i for i, t in enumerate(CARD_TEXT)}
#: the card of each pair of character codes (rank * 128 + suit), -1 for a pair that
#: names no card: see :func:`card_of`
_CARD_BY_CODES: Final[list[int]] = [-1] * (128 * 128)
for _card, _text in enumerate(CARD_TEXT):
    _CARD_BY_CODES[ord(_text[0]) << 7 | ord(_text[1])] = _card
#: the same table as bytes, 255 for no card: compiled by mypyc, a byte of a bytes
#: object is read as a plain int (an item of a list is an object, counted and unboxed)
_CARD_BYTES: Final[bytes] = bytes([255 if c < 0 else c for c in _CARD_BY_CODES])


def _by_codes(text: str) -> int:
    """The card of a two-character text by its character codes; -1 for no card."""
    if len(text) != 2:
        return -1
    rank = ord(text[0])
    suit = ord(text[1])
    if rank >= 128 or suit >= 128:
        return -1
    return _CARD_BY_CODES[rank << 7 | suit]


def card_of(text: str) -> int:
    """The card a text names (``"QH"`` -> 13), as ``CARD_INDEX[text]``, and the same
    KeyError for a text that names no card.

    By the codes of its two characters rather than a dictionary: the card texts of
    a line just read are new strings, and hashing one costs more than all the rest
    of a look-up (docs/dev/hot-path.md)."""
    card = _by_codes(text)
    return card if card >= 0 else CARD_INDEX[text]


def cards_at(line: str, at: int, n: int, out: list[int]) -> bool:
    """Append to ``out`` the ``n`` cards written at ``at``, ``at + 3``, … of a
    line, each after a space (a trick line ``N. C C C C``: the caller has checked
    that the line ends with the last card).  False, and ``out`` as it was, when a
    place holds no card or the character before it is no space.  By character
    codes, as :func:`card_of`: no string is made or hashed."""
    start = len(out)
    for i in range(n):
        p = at + 3 * i
        rank = ord(line[p])
        suit = ord(line[p + 1])
        # _by_codes's look-up, written out: a call per card here is 1% of a hu2 deal's
        # instructions (callgrind, 186k -> 188k a deal)
        card = _CARD_BYTES[rank << 7 | suit] if rank < 128 and suit < 128 else 255
        if card == 255 or ord(line[p - 1]) != 32:  # 32: a space
            del out[start:]
            return False
        out.append(card)
    return True


def hand_sum(line: str, spans: tuple[tuple[int, int], ...]) -> tuple[int, bool]:
    """The cards of one seat of a hands line read by their character codes: the sum
    of their bits, and whether each delivery stands in canonical order.

    ``spans`` holds the (start, end) index of each delivery; its cards stand at
    start, start + 3, … before end.  The sum is the seat's hand mask when no card
    repeats, and then its bit count is the number of cards: the layout's test
    (``replay.engine.walk``).  A place that holds no card raises ValueError (the reader
    makes spans only for places that hold one)."""
    total = 0
    ordered = True
    for start, end in spans:
        last = -1
        for p in range(start, end, 3):
            rank = ord(line[p])
            suit = ord(line[p + 1])
            card = _CARD_BYTES[rank << 7 | suit] if rank < 128 and suit < 128 else 255
            if card == 255:
                raise ValueError(f"no card at index {p} of {line!r}")
            total += 1 << card
            if card < last:
                ordered = False
            last = card
    return total, ordered


def all_cards(texts: list[str], start: int = 0) -> bool:
    """Whether each of ``texts[start:]`` names a card, without hashing them (the
    reader's test of a trick line; :func:`card_of` then finds each)."""
    for i in range(start, len(texts)):
        if _by_codes(texts[i]) < 0:
            return False
    return True


def in_card_order(texts: list[str]) -> bool:
    """Whether the card texts stand in canonical order (suits S H D C, ranks 7 … A:
    a card's int is its place in that order), each read by :func:`card_of` (a text
    that names no card raises its KeyError).  The writer's test of a hand written
    as it writes it."""
    last = -1
    for text in texts:
        card = card_of(text)
        if card < last:
            return False
        last = card
    return True


# rank index -> strength (higher beats lower) and points
_TRUMP_STRENGTH = {"7": 0, "8": 1, "Q": 2, "K": 3, "T": 4, "A": 5, "9": 6, "J": 7}
_PLAIN_STRENGTH = {"7": 0, "8": 1, "9": 2, "J": 3, "Q": 4, "K": 5, "T": 6, "A": 7}
_TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
_PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}

SUIT_OF: Final[tuple[int, ...]] = tuple(c >> 3 for c in range(32))
RANK_OF: tuple[int, ...] = tuple(c & 7 for c in range(32))
TRUMP_STRENGTH: tuple[int, ...] = tuple(_TRUMP_STRENGTH[RANKS[c & 7]] for c in range(32))
PLAIN_STRENGTH: tuple[int, ...] = tuple(_PLAIN_STRENGTH[RANKS[c & 7]] for c in range(32))
TRUMP_POINTS: tuple[int, ...] = tuple(_TRUMP_POINTS[RANKS[c & 7]] for c in range(32))
PLAIN_POINTS: Final[tuple[int, ...]] = tuple(_PLAIN_POINTS[RANKS[c & 7]] for c in range(32))


def _above(strength: tuple[int, ...]) -> tuple[int, ...]:
    """For each card, the mask of same-suit cards that beat it in that order."""
    out = []
    for c in range(32):
        m = 0
        for d in range(SUIT_OF[c] * 8, SUIT_OF[c] * 8 + 8):
            if strength[d] > strength[c]:
                m |= 1 << d
        out.append(m)
    return tuple(out)


TRUMP_ABOVE = _above(TRUMP_STRENGTH)
PLAIN_ABOVE = _above(PLAIN_STRENGTH)


class ContractTables:
    """Per-contract lookups: is a card trump, its points, what beats it in its suit.

    Built once per contract kind (4 suits + NT + AT) and shared: the engine's
    inner loop only indexes tuples.
    """

    __slots__ = ("kind", "trump_mask", "ruff_mask", "points", "above", "strength")

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled by mypyc, pickle cannot make one without its constructor
        return ContractTables, (self.kind,)

    def __init__(self, kind: int) -> None:
        self.kind = kind
        if kind < 4:
            self.trump_mask = SUIT_MASK[kind]
        elif kind == ALL_TRUMPS:
            self.trump_mask = FULL_DECK
        else:
            self.trump_mask = 0
        #: the cards that win a trick led in another suit: the trump suit of a
        #: suit contract.  In All trumps every suit is ranked as trump, but "still
        #: no dominant suit" (bg4-16): only the led suit can win, as in No trumps.
        self.ruff_mask = SUIT_MASK[kind] if kind < 4 else 0
        trumpish = [
            (kind == ALL_TRUMPS) or (kind < 4 and SUIT_OF[c] == kind) for c in range(32)
        ]
        self.points = tuple(TRUMP_POINTS[c] if trumpish[c] else PLAIN_POINTS[c] for c in range(32))
        self.above = tuple(TRUMP_ABOVE[c] if trumpish[c] else PLAIN_ABOVE[c] for c in range(32))
        # A sort key within a suit (its order in this contract); trumps of a suit
        # contract sit above every plain card.  Cards of different suits are only
        # ever compared when one of them is in ``ruff_mask``.
        self.strength = tuple(
            (16 + TRUMP_STRENGTH[c]) if (kind < 4 and trumpish[c])
            else (TRUMP_STRENGTH[c] if trumpish[c] else PLAIN_STRENGTH[c])
            for c in range(32)
        )


CONTRACT_TABLES: Final[tuple[ContractTables, ...]] = tuple(ContractTables(k) for k in range(6))


def parse_card(text: str) -> int:
    """Canonical card text (``"TH"``) to its index; KeyError if not a card."""
    return CARD_INDEX[text]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> list[int]:
    """The card indices of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def card_text(card: int) -> str:
    return CARD_TEXT[card]


#: the number of bits set in each byte
_BYTE_BITS: Final[bytes] = bytes([bin(b).count("1") for b in range(256)])


def popcount(mask: int) -> int:
    """The number of cards in a mask (bits set; ``mask.bit_count()``).  A mask of up
    to 32 bits is counted by a table of bytes: compiled by mypyc, ``int.bit_count``
    is a method call through the interpreter, several times the cost."""
    if mask < 0 or mask >> 32:
        return mask.bit_count()
    return (_BYTE_BITS[mask & 255] + _BYTE_BITS[mask >> 8 & 255]
            + _BYTE_BITS[mask >> 16 & 255] + _BYTE_BITS[mask >> 24])
