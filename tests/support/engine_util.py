"""Helpers for the engine tests: build records from parts, replay text, find places, a
book's figures for a deal."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ingest.bgn.reader import parse_games
from replay.engine.walk import replay_game
from replay.model.cards import CARD_TEXT

#: hand-worked records: the three-player base deals, the rule books' worked examples,
#: the audit records
RECORDS = Path(__file__).resolve().parents[1] / "records"

HANDS = """hands 1: 7S 8S 7H 8H 7D 8D / 7C 8C
      2: 9S TS 9H TH 9D TD / 9C TC
      3: JS QS JH QH JD QD / JC QC
      4: KS AS KH AH KD AD / KC AC"""

#: The base deal, worked by hand.  Trump hearts, named by seat 2 (side B).
#: Every trick is led and followed in one suit, each follower overbeating when
#: able (iber, yu4-33):
#:   1. 7S 9S JS KS  seat 4 wins   0+0+2+4   =  6 B
#:   2. AS 8S TS QS  seat 4 wins  11+0+10+3  = 24 B
#:   3. KH 7H TH JH  seat 3 wins   4+0+10+20 = 34 A   (trump J 20, T 10, K 4)
#:   4. QH AH 8H 9H  seat 2 wins   3+11+0+14 = 28 B   (trump 9 beats A)
#:   5. 9D JD KD 7D  seat 4 wins   0+2+4+0   =  6 B
#:   6. AD 8D TD QD  seat 4 wins  11+0+10+3  = 24 B
#:   7. KC 7C TC JC  seat 2 wins   4+0+10+2  = 16 B   (plain T beats K)
#:   8. 9C QC AC 8C  seat 4 wins   0+3+11+0 +10 = 24 B
#: A 34, B 128 (sum 162): the callers (B) made it.
TRICKS = [
    "7S 9S JS KS", "AS 8S TS QS", "KH 7H TH JH", "QH AH 8H 9H",
    "9D JD KD 7D", "AD 8D TD QD", "KC 7C TC JC", "9C QC AC 8C",
]


def record(variant: str = "yu4", *, tags: str = "", deal_header: str = "deal 1 dealer 4",
           hands: str | None = HANDS, bids: str = "bids pass H", declare: str | None = None,
           tricks: list[str] | None = None, claim: str = "", score: str | None = None,
           total: str | None = None, result: str | None = "*", more: str = "") -> str:
    lines = [f'[Variant "{variant}"]']
    if tags:
        lines.append(tags)
    lines += ["", deal_header]
    if hands:
        lines.append(hands)
    if bids:
        lines.append(bids)
    if declare:
        lines.append(declare)
    plays = TRICKS if tricks is None else tricks
    if plays or claim:
        body = [f"{i}. {t}" for i, t in enumerate(plays, start=1)]
        if claim:
            if body:
                body[-1] += " " + claim
            else:
                body = [claim]
        lines.append("play " + "\n".join(body))
    if score:
        lines.append(score)
    if total:
        lines.append(total)
    if more:
        lines.append(more)
    if result is not None:
        lines.append(f"result {result}")
    return "\n".join(lines) + "\n"


def replay_text(text: str):
    games = list(parse_games(text))
    assert len(games) == 1, games
    return replay_game(games[0], file="t.bgn")


def where(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """(line, col) of the n-th occurrence of ``needle`` as a whole token."""
    import re

    pattern = rf"(?<![^\s\n]){re.escape(needle)}(?![^\s\n])"
    for i, m in enumerate(re.finditer(pattern, text), start=1):
        if i == occurrence:
            line = text.count("\n", 0, m.start()) + 1
            col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
            return line, col
    raise AssertionError(f"{needle!r} #{occurrence} not in text")


def found(report) -> list[tuple]:
    """Violations as (code, line, col, deal, trick, seat)."""
    return [(v.code, v.line, v.col, v.deal, v.trick, v.seat) for v in report.violations]


@dataclass(frozen=True)
class Deal:
    """The book's figures for one deal, in side (or seat) order."""

    made: bool | None
    score: tuple[int, ...]
    total: tuple[int, ...]
    hang: int = 0


def deal_hands(fixed: dict[int, str], keep_out: dict[int, str]) -> str:
    """A BGN ``hands`` section: each seat gets its ``fixed`` cards, then the rest of
    the deck in order, never a card or suit listed for it in ``keep_out``."""
    hands = {seat: fixed.get(seat, "").split() for seat in (1, 2, 3, 4)}
    taken = {c for cards in hands.values() for c in cards}
    for seat in (1, 2, 3, 4):
        banned = keep_out.get(seat, "").split()
        for c in CARD_TEXT:
            if len(hands[seat]) == 8:
                break
            if c not in taken and c not in banned and c[1] not in banned:
                hands[seat].append(c)
                taken.add(c)
    assert all(len(h) == 8 for h in hands.values())
    rows = [f"{seat}: {' '.join(hands[seat])}" for seat in (1, 2, 3, 4)]
    return "hands " + "\n      ".join(rows)
