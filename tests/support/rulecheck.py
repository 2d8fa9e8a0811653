"""Replaying one record for the rule tests: the report lines ``belot validate`` prints
for it and each deal's figures, so that a test states a rule's outcome exactly."""

from __future__ import annotations

from decimal import Decimal
from typing import NamedTuple

from ingest.bgn import parse_games
from ingest.validation import format_violation, validate_game

#: the file name the report lines carry
FILE = "t.bgn"


class Deal(NamedTuple):
    """A deal's figures as the engine works them out: ``made`` (None where no one
    bid), the deal's score and the running total, side (or seat) by side."""

    made: bool | None
    score: list[int | Decimal]
    total: list[int | Decimal]


class Checked(NamedTuple):
    lines: list[str]
    deals: list[Deal]
    result: str


def check(text: str) -> Checked:
    """The one game of ``text`` validated: its report lines, deals and result."""
    games = list(parse_games(text))
    assert len(games) == 1, games
    report = validate_game(games[0], FILE, ids=False)
    return Checked([format_violation(report, v) for v in report.violations],
                   [Deal(d.made, list(d.score), list(d.total))
                    for d in report.deals],
                   report.result)


def no_contract(call: str, *, hands_line: int, held: int, dealt: int, seats: int,
                play_line: int, sheet: str | None = None) -> list[str]:
    """The report of a whole played deal whose only contract call, ``call`` (its report
    line), is refused and counts as a pass: the deal has no contract, so each seat's
    ``held`` cards (from ``hands_line`` on) are too many for the ``dealt`` of a deal
    where all passed, the play stands in no contract, and a written score (``sheet``,
    its S601 line) is not the deal's zero."""
    return ([f"{FILE}:{hands_line + i}:7: D202 seat {i + 1} holds {held} cards, not {dealt} "
             "(game 1, deal 1)" for i in range(seats)]
            + [call, f"{FILE}:{play_line}:1: D204 cards were played in a deal without a "
                     "contract (game 1, deal 1)"]
            + ([sheet] if sheet else []))
