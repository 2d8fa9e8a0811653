"""Which tests check which rule: the ``@pytest.mark.rule`` markers, read with ``ast``
(belot/reference/tested.py), name only known rows, cover every row a test's
docstring names, and every rule row the engine enforces has at least one test
marked with it; the rules pages list them."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest

from belot.reference import pages
from belot.reference.codes import CODES
from belot.reference.rows import BY_ID
from belot.reference.tested import (
    ROOT,
    Coverage,
    MarkerError,
    coverage,
    enforced_rows,
    marked_tests,
)


def write(tree: Path, rel: str, text: str) -> None:
    path = tree / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_markers_are_read_from_functions_classes_params_and_pytestmark(tmp_path):
    write(tmp_path, "engine/test_a.py", '''
        import pytest

        pytestmark = [pytest.mark.slow, pytest.mark.rule("T01")]


        @pytest.mark.rule("yu4-33", "mk4-19")
        def test_iber():
            pass


        @pytest.mark.parametrize("v", [
            pytest.param("yu4", marks=pytest.mark.rule("yu4-31")),
            "mk4",
        ])
        def test_ruff(v):
            pass


        def helper():
            pass
        ''')
    write(tmp_path, "rules/test_b.py", '''
        import pytest


        @pytest.mark.rule("bg4-46")
        class TestRounding:
            @pytest.mark.rule("A22")
            def test_hang(self):
                pass

            def helper(self):
                pass


        def test_unmarked():
            pass
        ''')
    write(tmp_path, "support/engine_util.py", '''
        import pytest

        mark = pytest.mark.rule("yu4-01")
        ''')
    assert marked_tests(tmp_path) == {
        "A22": ("rules/test_b.py::TestRounding::test_hang",),
        "T01": ("engine/test_a.py::test_iber", "engine/test_a.py::test_ruff"),
        "bg4-46": ("rules/test_b.py::TestRounding::test_hang",),
        "mk4-19": ("engine/test_a.py::test_iber",),
        "yu4-31": ("engine/test_a.py::test_ruff",),
        "yu4-33": ("engine/test_a.py::test_iber",),
    }


@pytest.mark.parametrize("decorator, message", [
    ("@pytest.mark.rule(ROW)",
     "test_c.py:4: pytest.mark.rule takes row ids as plain strings, not ROW"),
    ("@pytest.mark.rule()",
     "test_c.py:4: pytest.mark.rule names one or more row ids and nothing else"),
    ('@pytest.mark.rule("yu4-33", reason="x")',
     "test_c.py:4: pytest.mark.rule names one or more row ids and nothing else"),
])
def test_a_marker_that_cannot_be_read_is_refused_at_its_line(tmp_path, decorator, message):
    write(tmp_path, "test_c.py", f"import pytest\nROW = 'yu4-33'\n\n{decorator}\n"
                                 "def test_x():\n    pass\n")
    with pytest.raises(MarkerError) as err:
        marked_tests(tmp_path)
    assert str(err.value) == message


def test_enforced_rows_are_those_the_engine_sources_cite_or_a_code_names(tmp_path):
    write(tmp_path, "rulesets/yugoslav.py", '''
        IBER = True  # yu4-33; the readings (A27) and unknown ids (yu4-99) are no rows
        # ru-pair-04 is cited whole, never as its tail "pair-04"; xyu4-35 is no citation
        ''')
    by_codes = {r for c in CODES for r in c.rules}
    assert enforced_rows(tmp_path) == frozenset({"yu4-33", "ru-pair-04"} | by_codes)
    assert "yu4-35" not in by_codes


def test_every_marker_names_a_known_row():
    unknown = {row: tests for row, tests in coverage().tests.items() if row not in BY_ID}
    assert unknown == {}


def test_a_row_a_test_docstring_names_is_among_its_markers():
    """The marker is what counts: a test whose docstring explains a row carries it."""
    ids = sorted(BY_ID, key=len, reverse=True)
    named = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    marked = coverage().tests
    missing = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        where = path.relative_to(ROOT / "tests").as_posix()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                for row in sorted(set(named.findall(ast.get_docstring(node) or ""))):
                    if f"{where}::{node.name}" not in marked.get(row, ()):
                        missing.append(f"{where}::{node.name} {row}")
    assert missing == []


def test_every_enforced_row_has_a_marked_test():
    """An enforced row (belot/reference/tested.py: cited under replay/ or named by a
    code) that no test marks shows **none** in its page's "tested by" column."""
    cov = coverage()
    untested = sorted(cov.enforced - set(cov.tests), key=list(BY_ID).index)
    print(f"{len(untested)} of {len(cov.enforced)} enforced rows have no marked test:",
          " ".join(untested))
    assert untested == []


def test_the_tested_by_table_of_a_rules_page():
    rows = [BY_ID["yu4-08"], BY_ID["yu4-33"], BY_ID["yu4-34"], BY_ID["T05"]]
    cov = Coverage({"yu4-33": ("engine/test_legality.py::test_t01", "rules/test_w.py::test_w")},
                   frozenset({"yu4-33", "yu4-34"}))
    assert pages.tested_table(rows, cov) == (
        "| row | rule | tested by |\n"
        "|---|---|---|\n"
        "| [yu4-08](#yu4-08) | Shuffle and cut | none: no source cites it |\n"
        "| [yu4-33](#yu4-33) | Iber (overbeat) | `engine/test_legality.py::test_t01`, "
        "`rules/test_w.py::test_w` |\n"
        "| [yu4-34](#yu4-34) | After a ruff | **none** |\n"
        "| [T05](#t05) | After a ruff | **none** |\n")


def test_the_rules_pages_carry_the_column_and_explain_does_not():
    yu4 = (ROOT / "docs" / "rules" / "yu4.md").read_text(encoding="utf-8")
    assert "| row | rule | tested by |" in yu4
    assert "| [yu4-08](#yu4-08) | Shuffle and cut | none: no source cites it |" in yu4
    assert "tested by" not in pages.variant_page("yu4")
