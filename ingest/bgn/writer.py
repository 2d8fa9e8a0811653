"""Canonical BGN text (docs/bgn/canonical.md) and the identities built on it (docs/bgn/canonical.md).

``write_game`` is total: it accepts any :class:`Game` the reader returns (and
records built in code) and never raises.  Reading its output and writing
again gives the same bytes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from decimal import Decimal
from typing import IO

from ingest.bgn.lexer import CARD_ORDER
from replay.model.cards import in_card_order
from replay.model.elements import Announce, Play
from replay.model.lanes import HandsLine, PlayLane
from replay.model.record import Deal, Game, ScoreLine
from replay.model.variants import table_facts

__all__ = ["write_game", "write_games", "game_id", "read_game_id", "source_is_canonical",
           "deal_id", "format_number", "sorted_cards",
           "ordered_tags", "tag_lines", "TAG_ORDER"]

#: the tags written first, in this order; the others follow sorted by code point
TAG_ORDER = (
    "Variant", "Event", "Site", "Date", "Round", "Seat1", "Seat2", "Seat3", "Seat4",
    "Target", "Rules", "Result", "GameId", "Source",
)
_TAG_RANK = {name: i for i, name in enumerate(TAG_ORDER)}
#: tag names (in the order read) -> their canonical order, for the sets of names met
_TAG_ORDERS: dict[tuple[str, ...], list[str]] = {}


def ordered_tags(tags: dict[str, str]) -> list[str]:
    """Tag names in canonical order (remembered: a file repeats a few sets of names)."""
    names = tuple(tags)
    order = _TAG_ORDERS.get(names)
    if order is None:
        order = sorted(names, key=lambda k: (_TAG_RANK.get(k, len(TAG_ORDER)), k))
        if len(_TAG_ORDERS) < 1000:
            _TAG_ORDERS[names] = order
    return list(order)


def tag_lines(tags: dict[str, str]) -> list[str]:
    """The tag lines ``[Name "value"]`` in canonical order."""
    return [f'[{name} "{_escape(tags[name])}"]' for name in ordered_tags(tags)]


def format_number(value: Decimal | int | float | None) -> str:
    """A score-sheet number: ``-`` for None, whole values as integers, halves as ``97.5``."""
    if value is None:
        return "-"
    if type(value) is int:
        return str(value)
    try:
        d = value if isinstance(value, Decimal) else Decimal(str(value))
        if d == d.to_integral_value():
            return str(int(d))
        return format(d.normalize(), "f")
    except (ArithmeticError, ValueError):
        return str(value)


def sorted_cards(cards: Iterable[str]) -> list[str]:
    """Canonical order S H D C, 7 … A; anything that is no card last.  Cards
    already in that order (every canonical record) are checked in one pass
    instead of sorted."""
    cards = list(cards)
    try:
        if in_card_order(cards):
            return cards
        return sorted(cards, key=CARD_ORDER.__getitem__)
    except KeyError:
        return sorted(cards, key=lambda c: CARD_ORDER.get(c, 99))


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")") + "}"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _card_group(p: Play, comments: bool) -> str:
    s = p.card
    if p.seat is not None:
        s = f"{p.seat}:{s}"
    if p.annotation:
        s += p.annotation
    if p.bela:
        s += " " + p.bela
    if comments and p.comment is not None:
        s += " " + _comment(p.comment)
    return s


def _announce_slot(a: Announce) -> int:
    """1: before the exchange (after bids …); 2: after exchange/declare; 3: after play."""
    if a.after in ("exchange", "declare"):
        return 2
    if a.after == "play":
        return 3
    return 1


def _announce_line(entries: list[Announce]) -> str:
    parts = ["announce"]
    for a in entries:
        parts.append(f"{a.seat}:")
        parts.extend(a.figures)
    return " ".join(parts)


def _score_line(word: str, line: ScoreLine) -> str:
    parts = [word]
    parts.extend(format_number(v) for v in line.values)
    if line.hang is not None:
        parts.append("hang")
        parts.append(format_number(line.hang))
    return " ".join(parts)


def _play_lines(deal: Deal, players: int, comments: bool) -> list[str]:
    plays = deal.plays or []
    claim = deal.claim
    if (type(plays) is PlayLane and plays.compact and claim is None
            and plays.n == (players if players > 0 else 4)):
        # the reader admitted only canonical trick lines into the lane
        lane_lines = list(plays.texts)
        lane_lines[0] = "play " + lane_lines[0]
        return lane_lines
    at = -1
    claim_text = ""
    if claim is not None:
        at = min(max(claim.after_play, 0), len(plays))
        claim_text = f"{claim.seat}: claim {claim.what}"
    n = players if players > 0 else 4
    lines: list[str] = []
    parts = ["play"]
    for i, p in enumerate(plays):
        if i == at:
            parts.append(claim_text)
        if i % n == 0:
            if i:
                lines.append(" ".join(parts))
                parts = []
            parts.append(f"{p.trick if p.trick is not None else i // n + 1}.")
        elif p.trick is not None:
            parts.append(f"{p.trick}.")
        parts.append(_card_group(p, comments))
    if at == len(plays):
        parts.append(claim_text)
    lines.append(" ".join(parts))
    return lines


def _deal_lines(deal: Deal, players: int, comments: bool) -> list[str]:
    out = [f"deal {deal.number} dealer {deal.dealer}"]
    if deal.hands is not None:
        parts = ["hands"]
        for seat in sorted(deal.hands):
            parts.append(f"{seat}: " + " / ".join(
                " ".join(sorted_cards(delivery)) for delivery in deal.hands[seat]))
        out.append(" ".join(parts))
    if deal.turn is not None:
        out.append(f"turn {deal.turn}")
    if deal.talon is not None:
        out.append(" ".join(["talon", *deal.talon]))
    if deal.bids is not None:
        parts = ["bids"]
        for c in deal.bids:
            s = c.call if c.seat is None else f"{c.seat}:{c.call}"
            if comments and c.comment is not None:
                s += " " + _comment(c.comment)
            parts.append(s)
        out.append(" ".join(parts))
    slots: dict[int, list[Announce]] = {1: [], 2: [], 3: []}
    for a in deal.announce:
        slots[_announce_slot(a)].append(a)
    if slots[1]:
        out.append(_announce_line(slots[1]))
    if deal.exchange is not None:
        parts = ["exchange"]
        last_seat = None
        for e in deal.exchange:
            if e.seat != last_seat:
                parts.append(f"{e.seat}:")
                last_seat = e.seat
            parts.append(e.action)
            parts.extend(e.cards)
        out.append(" ".join(parts))
    if deal.declare is not None:
        parts = ["declare"]
        top = max([players, *deal.declare]) if deal.declare else players
        for seat in range(1, top + 1):
            combos = deal.declare.get(seat) or []
            parts.append(f"{seat}:")
            if combos:
                parts.extend(c.text for c in combos)
            else:
                parts.append("-")
        out.append(" ".join(parts))
    if slots[2]:
        out.append(_announce_line(slots[2]))
    if deal.plays is not None or deal.claim is not None:
        out.extend(_play_lines(deal, players, comments))
    if slots[3]:
        out.append(_announce_line(slots[3]))
    if deal.score is not None:
        out.append(_score_line("score", deal.score))
    if deal.total is not None:
        out.append(_score_line("total", deal.total))
    return out


def write_game(game: Game, comments: bool = True) -> str:
    """The canonical text of one game, ending with one LF (no empty line after it).

    With ``comments=False`` every comment is left out (the text ``game_id`` hashes).
    """
    players = table_facts(game.tags.get("Variant")).players
    lines = tag_lines(game.tags)
    body: list[str] = []
    if comments:
        body.extend(_comment(c) for c in game.comments)
    for deal in game.deals:
        body.extend(_deal_lines(deal, players, comments))
    if game.result is not None:
        body.append(f"result {game.result}")
    if lines and body:
        lines.append("")
    lines.extend(body)
    if not lines:
        return ""
    return "\n".join(lines) + "\n"


def write_games(games: Iterable[Game], stream: IO[str]) -> int:
    """Write games in canonical form, one empty line between them; returns the count."""
    count = 0
    for game in games:
        text = write_game(game)
        if not text:
            continue
        if count:
            stream.write("\n")
        stream.write(text)
        count += 1
    return count


def game_id(game: Game) -> str:
    """Lower-case hex SHA-256 of the game's canonical text without comments."""
    return hashlib.sha256(write_game(game, comments=False).encode("utf-8")).hexdigest()


def read_game_id(game: Game) -> str:
    """``game_id`` of a game as the reader returned it: a source text that already is
    the canonical text (``source_is_canonical``) is hashed as it stands, without
    writing the game again."""
    if source_is_canonical(game):
        return hashlib.sha256(game.source_text.encode("utf-8")).hexdigest()
    return game_id(game)


def source_is_canonical(game: Game) -> bool:
    """True when ``write_game(game, comments=False)`` is ``game.source_text``: the
    tag lines as written here, one empty line, the first deal's header, then only
    lines the reader read whole as the writer's own text, the result line last, and
    every delivery's cards in canonical order.  The reader counted the lines
    (``Game.verbatim_lines`` is 0 unless the text holds exactly those); here the
    text's start and end are compared as they stand, without splitting it."""
    if not game.verbatim_lines or game.errors or game.comments or not game.deals:
        return False
    text = game.source_text
    first = game.deals[0]
    head = tag_lines(game.tags)
    head.append(f"\ndeal {first.number} dealer {first.dealer}\n")
    if not (text.startswith("\n".join(head))
            and text.endswith(f"\nresult {game.result}\n")):
        return False
    for deal in game.deals:  # plain loops: a generator here costs three times as much
        hands = deal.hands
        if type(hands) is HandsLine:  # read whole: its cards' codes, no lists made
            if not hands.in_card_order():
                return False
        elif hands:
            for deliveries in hands.values():
                for cards in deliveries:
                    if not in_card_order(cards):
                        return False
    return True


def deal_id(game: Game, deal: Deal) -> str | None:
    """SHA-256 of the deal's variant, dealer and layout; None when ``hands`` is absent."""
    return variant_deal_id(game.tags.get("Variant", ""), deal)


def variant_deal_id(variant: str, deal: Deal) -> str | None:
    """``deal_id`` of a deal of a game of ``variant`` (ingest knows the variant and
    not always the game object)."""
    if deal.hands is None:
        return None
    parts = [f"{variant}\n{deal.dealer}\n"]
    for seat in sorted(deal.hands):
        deliveries = " / ".join(" ".join(sorted_cards(d)) for d in deal.hands[seat])
        parts.append(f"{seat}: {deliveries}\n")
    if deal.turn is not None:
        parts.append(f"turn {deal.turn}\n")
    if deal.talon is not None:
        parts.append("talon " + " ".join(deal.talon) + "\n")
    return hashlib.sha256("".join(parts).encode("utf-8")).hexdigest()
