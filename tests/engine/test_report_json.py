"""``GameReport.json_line`` writes exactly what ``replay.model.jsontext.dumps(report.to_json())``
writes: the line ``belot validate --json`` prints per game (docs/bgn/report.md), built
without the dicts and the encoder's walk."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest
from support.mutations import mutate_lines

from ingest.bgn.lexer import open_text
from ingest.bgn.reader import parse_games
from ingest.bgn.writer import write_game
from ingest.validation import validate_game
from replay.engine.report import DealReport, GameReport, Violation
from replay.model.jsontext import dumps
from replay.simulate import SUPPORTED, simulate_games

ROOT = Path(__file__).resolve().parents[2]


def dumped(report: GameReport) -> str:
    return dumps(report.to_json())


@pytest.mark.parametrize("variant", SUPPORTED)
def test_simulated_games_with_breaches_of_every_variant(variant):
    """Whole games with rule breaches, wrong sheets and halves in the scores."""
    reports = [validate_game(g, "sim.bgn")
               for g in simulate_games(variant, 3, 17, violation_rate=0.15)]
    assert sum(len(r.violations) for r in reports) > 0
    for r in reports:
        assert r.json_line() == dumped(r)


def test_mutated_records_parse_errors_and_unknown_variants():
    """Records with a token swapped, dropped or replaced: P1xx reports (no deals, no
    id), and every other code, the same either way."""
    rng = random.Random(4242)
    bases = [write_game(g) for v in SUPPORTED for g in simulate_games(v, 1, 3, max_deals=3)]
    words = ["bela", "1:", "9.", "-", "hang", "AT", "JH", "0", "{c}", "claim", "rest",
             "97.5", "score", "total", "\u00e9t\u00e9", '"', "\\", "Variant"]
    codes = set()
    for _ in range(300):
        lines = mutate_lines(rng.choice(bases).split("\n"), rng, words, rng.randint(1, 3))
        for game in parse_games("\n".join(lines)):
            r = validate_game(game, 'dir/"odd" \u00e9\\name.bgn')
            codes.update(v.code[0] for v in r.violations)
            assert r.json_line() == dumped(r), "\n".join(lines)
    assert codes >= {"P", "D", "C", "S"}


def test_bundled_records():
    for path in sorted((ROOT / "data" / "samples").glob("*.bgn")):
        with open_text(path) as f:
            for game in parse_games(f.read()):
                r = validate_game(game, str(path))
                assert r.json_line() == dumped(r)


def test_every_kind_of_value_by_hand():
    """Strings needing escapes (quotes, backslash, control characters, non-ASCII),
    None everywhere it may stand, halves, negative numbers, a made and an unmade
    deal, an empty report."""
    deals = [
        DealReport(1, True, [Decimal("97.5"), Decimal(65)], [Decimal("97.5"), 65],
                   hang=Decimal("10.0")),
        DealReport(2, False, [-10, 0, 3], [0, Decimal("-2.5"), 7], hang=0),
        DealReport(3, None, [], [], hang=Decimal(0)),
    ]
    violations = [
        Violation("C401", 14, 22, 3, 5, 2,
                  'seat 2 did not follow "hearts"\n\t\u00e9 \\ \x01 \x85\u2028\u2029'),
        Violation("P102", 0, None, None, None, None, "no Variant tag"),
    ]
    for report in (
        GameReport('a "b"\\c\u2665.bgn', 7, "ab" * 32, "yu4", deals, "A", violations),
        GameReport(None, 1, None, None),
        GameReport("x", 2, None, "hu2", deals[:1], "*", []),
    ):
        assert report.json_line() == dumped(report)
