"""What the notation needs to know about each variant id, before any rules.

The reader uses these facts to judge the *shape* of a record (how many
seats, whether ``turn``/``talon`` may stand, whether a second ``announce``
exists) without depending on the rules engine.  Row ids refer to
docs/rules/.
"""

from __future__ import annotations

from dataclasses import dataclass

from replay.model.pickling import by_fields


@dataclass(frozen=True, slots=True)
class TableFacts:
    players: int
    turn: bool  # a card is turned face up (``turn`` section allowed)
    talon: bool  # cards lie undealt (``talon`` section allowed)
    figures: bool  # Hungarian figures: a second ``announce`` section is allowed
    default_target: int | None  # §5.4; None: a ``Target`` tag is required
    partnership: bool  # sides A/B (seats 1+3, 2+4) rather than one seat each


#: docs/rules/ (players, turned card, cards out of play, targets)
TABLES: dict[str, TableFacts] = {
    "yu4": TableFacts(4, False, False, False, 1001, True),
    "yu3": TableFacts(3, False, False, False, 701, False),
    "ru3": TableFacts(3, True, True, False, 501, False),
    "ru-pair": TableFacts(4, True, False, False, None, True),
    "bg4": TableFacts(4, False, False, False, 151, True),
    "bg3": TableFacts(3, False, False, False, None, False),
    "bg2": TableFacts(2, False, True, False, None, False),
    "fr4": TableFacts(4, True, False, False, None, True),
    "contree": TableFacts(4, False, False, False, 2000, True),
    "hu3": TableFacts(3, True, True, True, 80, False),
    "hu2": TableFacts(2, True, True, True, 80, False),
    "hu4": TableFacts(4, True, True, True, 80, False),
    "mk4": TableFacts(4, False, False, False, 1001, True),
    "mk2": TableFacts(2, False, False, False, 501, False),
    "mk3": TableFacts(3, False, False, False, 701, False),
}


def table_facts(variant: str | None) -> TableFacts:
    """Facts for a variant id; an unknown id reads as a 4-seat table (the engine reports P102)."""
    return TABLES.get(variant or "", TABLES["yu4"])


def variant_id(name: str) -> str:
    """The variant id a ``Variant`` name stands for.  Ids are lower-case, and a name
    that is an id in other letters (``YU4``, ``Bg4``) stands for it, as cards and
    keywords are read in either case; any other name stays as written (the engine's
    P102 names it)."""
    if name in TABLES:
        return name
    low = name.lower()
    return low if low in TABLES else name


by_fields(TableFacts)  # compiled by mypyc, frozen classes pickle this way


def rules_switches(text: str | None) -> list[tuple[str, str, bool]]:
    """The switches a ``Rules`` tag writes, in written order: (name, value, whether
    ``=`` was written).  The tag is comma-separated ``name=value`` pairs
    (docs/bgn/game.md); spaces around ``,`` and ``=`` are trimmed and empty parts
    skipped.  Whether a switch exists and takes that value is the ruleset's question."""
    out: list[tuple[str, str, bool]] = []
    for part in (text or "").split(","):
        part = part.strip()
        if part:
            name, eq, value = part.partition("=")
            out.append((name.strip(), value.strip(), bool(eq)))
    return out
