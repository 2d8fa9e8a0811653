"""The reference (docs/codes.md, docs/rules/, docs/cli.md, ``belot explain``) against the
engine: every code's example record gives exactly that code and the documented line,
every rule id the engine cites has an entry, the committed pages are the generated ones."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from belot.cli import main
from belot.reference import pages
from belot.reference.codes import CODES, EXAMPLE_FILE
from belot.reference.rows import BY_ID
from belot.reference.variants import SWITCH_EFFECTS, VARIANTS
from ingest.bgn.reader import read_games
from ingest.runs.validate import report_lines
from ingest.validation import validate_game
from replay.engine.report import CODE_ORDER

ROOT = Path(__file__).resolve().parents[2]
ROW_ID = re.compile(r"\b(?:yu4|yu3|ru3|ru-pair|bg4|bg3|bg2|fr4|hu3|hu2|hu4|mk4|mk2|mk3)-\d\d\b"
                    r"|\b[AC]\d{1,2}\b|\bT\d\d\b")


def _report_lines(record: str) -> list[str]:
    """The lines ``belot validate`` prints for the record: violations and warnings."""
    lines = []
    for game in read_games(io.StringIO(record), filename=EXAMPLE_FILE):
        lines += report_lines(validate_game(game, EXAMPLE_FILE, ids=False), "text")
    return lines


def test_one_entry_per_engine_and_reader_code_in_table_order():
    assert [c.code for c in CODES] == sorted(CODE_ORDER, key=CODE_ORDER.get)


@pytest.mark.parametrize("entry", CODES, ids=lambda c: c.code)
def test_example_record_gives_exactly_its_code_and_line(entry):
    assert _report_lines(entry.record) == [entry.line]
    assert entry.line.split()[1] == entry.code


def test_every_rule_id_cited_in_the_sources_has_an_entry():
    cited = set()
    for room in ("replay", "ingest", "belot", "analytics", "dashboard"):
        for path in (ROOT / room).rglob("*.py"):
            cited |= set(ROW_ID.findall(path.read_text(encoding="utf-8")))
    assert len(cited) > 200 and {"A27", "C4", "T05"} <= cited
    assert sorted(cited - set(BY_ID)) == []


def test_rules_named_by_codes_and_switches_exist():
    named = {r for c in CODES for r in c.rules} | {row for row, _ in SWITCH_EFFECTS.values() if row}
    assert sorted(named - set(BY_ID)) == []


def test_every_switch_of_every_ruleset_is_documented():
    from replay.rules.rulesets import SWITCHES
    from replay.rules.rulesets import VARIANTS as TABLE

    assert set(VARIANTS) == set(TABLE)
    assert {s for sw in SWITCHES.values() for s in sw} <= set(SWITCH_EFFECTS)


def test_committed_pages_are_the_generated_ones():
    stale = [rel for rel, text in pages.all_pages().items()
             if not (ROOT / "docs" / rel).exists()
             or (ROOT / "docs" / rel).read_text(encoding="utf-8") != text]
    assert stale == [], "run: python -m belot.reference.pages"


def test_rule_ids_are_headings_on_their_variant_page():
    text = (ROOT / "docs" / "rules" / "yu4.md").read_text(encoding="utf-8")
    assert "### yu4-33\n\n**Iber (overbeat).**" in text
    assert "`000_c5f6563d0704fc3d.txt:130`" in text
    bg4 = (ROOT / "docs" / "rules" / "bg4.md").read_text(encoding="utf-8")
    assert "| `breach-penalty` | `off` `on` | `off` | bg4-49 |" in bg4
    assert "| `q2` |" in bg4


def test_explain_code(capsys):
    assert main(["explain", "c403"]) == 0
    out = capsys.readouterr().out
    assert out == pages.code_entry("C403")
    assert "example.bgn:9:12: C403 seat 2 played 7H, a trump too low" in out


def test_explain_rule_and_variant(capsys):
    assert main(["explain", "bg4-46"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# bg4-46\n\n**Rounding.**")
    assert main(["explain", "bg4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# bg4: Bulgarian contract Belot")
    assert "`carre-order`" in out and "### bg4-49" in out


def test_explain_reading(capsys):
    assert main(["explain", "a27"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# A27\n\n**bg3 and bg2: scoring.**")
    assert out == pages.rule_entry("A27", heading="#")
    assert main(["explain", "c4"]) == 0
    out = capsys.readouterr().out
    assert "Concerns: [bg4-19](bg4.md#bg4-19), [bg4-40](bg4.md#bg4-40)." in out


def test_explain_list_and_unknown(capsys):
    assert main(["explain", "--list"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert {"C401", "S603", "yu4-33", "bg4", "ru-pair-13"} <= set(names)
    assert main(["explain", "C499"]) == 2  # a usage error (belot.exits)
    err = capsys.readouterr().err
    assert "no topic 'C499'" in err and "C401" in err
    assert main(["explain"]) == 2
