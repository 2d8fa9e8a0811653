"""A game's identity and its deals' identities, hashed from the text as read when it is canonical.

Both identities are SHA-256 digests of canonical text (docs/dataset.md,
``game_id`` and ``deal_id``):

- ``game_id``: the game's canonical text without comments;
- ``deal_id``: the variant, the dealer and the layout, one line each for the
  variant, the dealer, every seat's deliveries (cards in canonical order,
  deliveries joined by `` / ``) and the ``turn`` and ``talon`` when recorded.

Writing a game again to hash it (``ingest.bgn.writer.game_id``,
``variant_deal_id``) costs more than reading it.  When the reader says the source
text already is the canonical text (``source_is_canonical``: the tags, every line
and every delivery's card order as the writer writes them), the same bytes are
at hand: the game's text is hashed as it stands, and each deal's layout is its
``hands`` line with the seats put on lines of their own.  Same bytes, same
digests: ``tests/ingest/test_ingest_identity.py`` checks both ways against the writer on
every variant, canonical records and other spellings of the same games.
"""

from __future__ import annotations

import hashlib

from ingest.bgn.writer import game_id, source_is_canonical, variant_deal_id
from replay.model.record import Game
from replay.model.variants import table_facts

#: a seat after the first on a ``hands`` line, and the same seat opening a line
_SEAT_BREAKS = tuple((f" {seat}: ", f"\n{seat}: ") for seat in range(2, 10))


def read_identity(game: Game) -> tuple[str, bool]:
    """(``game_id``, whether the source text is the canonical text) of a game as read."""
    if source_is_canonical(game):
        return hashlib.sha256(game.source_text.encode("utf-8")).hexdigest(), True
    return game_id(game), False


def deal_ids(game: Game, canonical: bool) -> list[str | None]:
    """The ``deal_id`` of every deal of ``game`` (None for a deal without ``hands``);
    ``canonical``: the second item of :func:`read_identity`.

    In canonical text every deal with a layout has exactly one ``hands`` line, in
    deal order, ``hands 1: … 2: …`` with the cards in canonical order: the seats
    split onto lines of their own give the layout lines of the deal's identity.
    """
    variant = game.tags.get("Variant", "")
    if not canonical:
        return _written_deal_ids(game, variant)
    # every layout of the game at once (the hands lines, in order), a line per seat
    text = game.source_text
    find = text.find
    found: list[str] = []
    at = find("\nhands ")
    while at >= 0:
        end = find("\n", at + 7)
        if end < 0:  # (the result line always follows)
            end = len(text)
        found.append(text[at + 7:end])
        at = find("\nhands ", end)
    if len(found) != sum(1 for deal in game.deals if deal.hands):
        return _written_deal_ids(game, variant)  # not one line a layout: never in canonical text
    layouts = "\0".join(found)
    for seat, line in _SEAT_BREAKS[:table_facts(variant).players - 1]:
        layouts = layouts.replace(seat, line)
    layout = iter(layouts.split("\0"))
    sha256 = hashlib.sha256
    out: list[str | None] = []
    for deal in game.deals:
        if not deal.hands:  # None: no layout; {} (a bare ``hands``): no line to read
            out.append(None if deal.hands is None else variant_deal_id(variant, deal))
            continue
        lines = f"{variant}\n{deal.dealer}\n{next(layout)}\n"
        if deal.turn is not None:
            lines += f"turn {deal.turn}\n"
        if deal.talon is not None:
            lines += " ".join(["talon", *deal.talon]) + "\n"
        out.append(sha256(lines.encode("utf-8")).hexdigest())
    return out


def _written_deal_ids(game: Game, variant: str) -> list[str | None]:
    """The deal ids the writer's way: each layout sorted, joined and hashed."""
    return [variant_deal_id(variant, deal) for deal in game.deals]
