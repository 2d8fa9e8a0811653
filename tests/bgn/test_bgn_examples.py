"""The BGN specification's examples (docs/bgn/examples/) are real records: each one
validates clean, is already in canonical form, survives the JSON form, and is the
one the pages include (so the specification cannot drift from the code)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ingest.bgn.jsonform import dumps_game, game_from_json
from ingest.bgn.reader import read_games
from ingest.bgn.writer import write_game
from ingest.validation import validate_file

DOCS = Path(__file__).resolve().parents[2] / "docs"
EXAMPLES = sorted((DOCS / "bgn" / "examples").glob("*.bgn"))
FAMILIES = {"yu4", "bg4", "fr4", "contree", "yu3", "hu3"}


def test_one_example_per_family():
    assert {p.stem for p in EXAMPLES} == FAMILIES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_is_clean_and_finished(path):
    reports = list(validate_file(path))
    assert len(reports) == 1
    report = reports[0]
    assert report.variant == path.stem
    assert report.violations == []
    assert report.result != "*" and len(report.deals) >= 2


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_round_trips(path):
    text = path.read_text(encoding="utf-8")
    (game,) = list(read_games(path))
    assert write_game(game) == text
    assert write_game(game_from_json(json.loads(dumps_game(game)))) == text


def test_bg4_example_has_no_all_trumps_deal():
    text = (DOCS / "bgn" / "examples" / "bg4.bgn").read_text(encoding="utf-8")
    assert not re.search(r"^bids .*\bAT\b", text, re.M)


def test_every_example_is_included_by_the_specification():
    included = set(re.findall(r'--8<-- "docs/bgn/examples/([\w-]+)\.bgn"',
                              (DOCS / "bgn" / "examples.md").read_text(encoding="utf-8")))
    assert included == FAMILIES
