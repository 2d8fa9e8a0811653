"""Pure formatting helpers for the dashboard: cards, seats, contracts, numbers.

No Streamlit here, so every function is unit-tested on its own.
"""

from __future__ import annotations

import html
import math

from replay.model.cards import CARD_TEXT, RANKS, SUITS, cards_in

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")
#: contract kind (DealReport.contract 0..5) -> dataset text
CONTRACT_TEXT = ("S", "H", "D", "C", "NT", "AT")
CONTRACT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs",
                 "NT": "no trumps", "AT": "all trumps"}
SIDE_NAMES = "AB"


def card_str(card: int | str) -> str:
    """Canonical text of a card given as an int (``suit*8+rank``) or as text."""
    return CARD_TEXT[card] if isinstance(card, int) else card


def card_label(card: int | str) -> str:
    """A card for people: ``10♥``, ``A♠`` (``T`` reads as 10)."""
    text = card_str(card)
    rank = "10" if text[0] == "T" else text[0]
    return rank + SUIT_SYMBOL[text[1]]


def card_html(card: int | str, cls: str = "") -> str:
    """A card as an HTML span, red for hearts and diamonds."""
    text = card_str(card)
    colour = "red" if text[1] in RED_SUITS else "black"
    extra = f" {cls}" if cls else ""
    return f'<span class="bcard {colour}{extra}" title="{text}">{card_label(text)}</span>'


def sort_key(card: int | str) -> tuple[int, int]:
    """Suits in S H D C order, high ranks first within a suit (A K Q J 10 9 8 7)."""
    text = card_str(card)
    return SUITS.index(text[1]), -RANKS.index(text[0])


def sorted_hand(cards) -> list[str]:
    """Card texts of an iterable of cards (ints or texts), sorted for display."""
    return sorted((card_str(c) for c in cards), key=sort_key)


def mask_cards(mask: int) -> list[str]:
    """The cards of a 32-bit hand mask, sorted for display."""
    return sorted_hand(cards_in(mask))


def contract_label(contract: int | str | None) -> str:
    """``♥ hearts``, ``NT no trumps``; ``passed`` for no contract."""
    if contract is None:
        return "passed"
    text = CONTRACT_TEXT[contract] if isinstance(contract, int) else contract
    symbol = SUIT_SYMBOL.get(text, text)
    return f"{symbol} {CONTRACT_NAME.get(text, text)}"


def call_label(call: str) -> str:
    """A call with suit symbols: ``H`` -> ``♥``, ``90H`` -> ``90♥``; others unchanged."""
    if call and call[-1] in SUIT_SYMBOL and (len(call) == 1 or call[:-1].isdigit()
                                            or call.startswith("capot")):
        return call[:-1] + SUIT_SYMBOL[call[-1]]
    return call


def side_of(seat: int, partnership: bool) -> int:
    """Side index of a seat: in partnerships 0 = A (seats 1, 3), 1 = B (2, 4);
    otherwise every seat is its own side."""
    return (seat - 1) % 2 if partnership else seat - 1


def side_name(side: int, partnership: bool) -> str:
    """``A``/``B`` in partnerships, else the seat number (as the dataset writes sides)."""
    return SIDE_NAMES[side] if partnership else str(side + 1)


def seat_label(seat: int | None, names: dict[int, str] | None = None) -> str:
    """``2 Ognjen`` (seat number and the player's name when the record has it)."""
    if seat is None:
        return "–"
    name = (names or {}).get(seat)
    return f"{seat} {name}" if name else f"seat {seat}"


def seat_names(tags: dict[str, str], players: int) -> dict[int, str]:
    """Seat -> player name from the ``Seat1``..``Seat4`` tags (absent seats left out)."""
    return {s: tags[f"Seat{s}"] for s in range(1, players + 1) if tags.get(f"Seat{s}")}


def pct(value: float | None, digits: int = 1) -> str:
    """``0.4567`` -> ``45.7%``; ``–`` for None/NaN."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value * 100:.{digits}f}%"


def number(value: float | int | None, digits: int = 2) -> str:
    """Thousands separators for ints, ``digits`` decimals for floats; ``–`` for None/NaN."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, int) or float(value).is_integer() and digits == 0:
        return f"{int(value):,}"
    return f"{value:,.{digits}f}"


def short_id(game_id: str | None, n: int = 10) -> str:
    return (game_id or "")[:n]


def esc(text: object) -> str:
    """HTML-escape anything for the hand-built HTML of the replay table."""
    return html.escape(str(text), quote=True)
