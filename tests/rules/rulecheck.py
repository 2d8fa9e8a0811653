"""Replaying one record for the rule tests: the report lines ``belot validate`` prints
for it and each deal's figures, so that a test states a rule's outcome exactly."""

from __future__ import annotations

from decimal import Decimal
from typing import NamedTuple

from ingest.bgn import parse_games
from ingest.validate import format_violation, validate_game

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
