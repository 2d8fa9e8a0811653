"""What coverage-guided fuzzing found (tests/fuzz, docs/dev/fuzzing.md), each with
the exact outcome it has now, and the saved inputs replayed through the
fuzzer's own checks.

A score-sheet number is kept by its value, not its spelling
(``ingest.bgn.lexer.sheet_value``): ``-0``, ``034``, ``34.0`` and ``128.50`` are
0, 34, 34 and 128.5, as the canonical text writes them.  The fuzzer found a
hu2 record with ``total 6 -0`` whose S602 said ``not -0`` as read and ``not 0``
from its canonical text: the same record gave two reports.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz.properties import check_bgn, check_jsonl

from ingest.bgn import parse_games, read_jsonl, write_game
from ingest.bgn.jsonform import dumps_game
from ingest.validate import format_violation, validate_game

ROOT = Path(__file__).resolve().parent.parent
FINDINGS = Path(__file__).resolve().parent / "fuzz" / "findings"

#: the first game of data/samples/yu4-rules.bgn: a clean deal, side A 34, side B 128
CLEAN = (ROOT / "data" / "samples" / "yu4-rules.bgn").read_text(encoding="utf-8").split(
    "\n\n[")[0] + "\n"


def lines(game, name: str = "club.bgn") -> list[str]:
    report = validate_game(game, name)
    return [format_violation(report, v) for v in report.violations]


@pytest.mark.parametrize(("total", "col", "written"), [
    ("34.0 -0", 12, "0"),
    ("034 128.50", 11, "128.5"),
    ("34 -0.0", 10, "0"),
])
def test_s602_quotes_a_written_total_by_its_value_as_read_and_from_the_canonical_text(
        total, col, written):
    """S602 (a total that is not the engine's, docs/bgn/report.md) at the first number
    that differs; a number spelt another way but equal is no finding."""
    (game,) = parse_games(CLEAN.replace("total 34 128", f"total {total}"))
    assert game.errors == []
    message = f"S602 total for side B is 128, not {written} (game 1, deal 1)"
    assert lines(game) == [f"club.bgn:20:{col}: {message}"]
    (canonical,) = parse_games(write_game(game))
    assert lines(canonical) == [f"club.bgn:17:10: {message}"]
    (from_json,) = read_jsonl((dumps_game(game) + "\n").encode("utf-8"))
    assert lines(from_json) == [f"club.bgn:1: {message}"]


def test_a_json_total_of_minus_zero_and_trailing_zeros_is_its_value():
    line = dumps_game(next(parse_games(CLEAN))).replace(
        '"total":[34,128]', '"total":[34.00,-0.0]')
    assert '"total":[34.00,-0.0]' in line
    (game,) = read_jsonl((line + "\n").encode("utf-8"))
    assert game.errors == []
    assert [str(v) for v in game.deals[0].total.values] == ["34", "0"]
    assert lines(game) == ["club.bgn:1: S602 total for side B is 128, not 0 (game 1, deal 1)"]


@pytest.mark.parametrize("path", sorted(FINDINGS.iterdir()), ids=lambda p: p.name)
def test_every_saved_input_passes_the_fuzzers_checks(path):
    """The inputs that failed a check once (named ``TARGET-what``), run through the
    same checks as under atheris."""
    check = check_jsonl if path.name.startswith("jsonl-") else check_bgn
    check(path.read_bytes())
