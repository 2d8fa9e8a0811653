"""Which tests check which rules, and which rule rows the engine enforces.

A test names the rows it checks with a marker, ``@pytest.mark.rule("yu4-33", "mk4-19")``,
on its function or class, on a ``pytest.param(..., marks=...)`` of its parametrize, or for
a whole module in ``pytestmark``.  The markers are read here with ``ast``: no test is
imported or run, so the rules pages (their "tested by" column) are generated the same
way on any checkout.

A rule row is *enforced* when the engine cites it: its id appears in a source under
``replay/`` (the rulesets and the engine cite the rows they implement next to the code)
or among the rows of a violation code (``belot.reference.codes``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from belot.reference.codes import CODES
from belot.reference.rows import ROWS

#: the checkout: ``replay/`` and ``tests/`` beside ``belot/``
ROOT = Path(__file__).resolve().parents[2]


class Coverage(NamedTuple):
    """For each row id the tests marked with it (``part/test_file.py::test_name``,
    sorted), and the rule rows the engine enforces."""

    tests: dict[str, tuple[str, ...]]
    enforced: frozenset[str]


class MarkerError(ValueError):
    """A ``rule`` marker whose ids are not plain strings: it cannot be read without
    running the test, so it is refused rather than silently left out."""


def coverage(root: Path = ROOT) -> Coverage:
    """The markers of ``root/tests`` and the rows the sources of ``root/replay`` cite."""
    return Coverage(marked_tests(root / "tests"), enforced_rows(root / "replay"))


def marked_tests(tests: Path) -> dict[str, tuple[str, ...]]:
    """Row id -> the tests under ``tests`` marked with it, as ``part/test_x.py::name``
    (``::Class::name`` for a method), sorted; an id no test names is absent."""
    found: dict[str, set[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        where = path.relative_to(tests).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, ids in _marks_in(tree, where):
            for row in ids:
                found.setdefault(row, set()).add(f"{where}::{name}")
    return {row: tuple(sorted(names)) for row, names in sorted(found.items())}


def _marks_in(tree: ast.Module, where: str) -> Iterator[tuple[str, list[str]]]:
    """(test name, row ids) for each test function of a module and its marks."""
    module: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            module += _rule_ids(node.value, where)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) \
                and node.name.startswith("test"):
            yield node.name, module + _decorated(node, where)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            outer = module + _decorated(node, where)
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) \
                        and item.name.startswith("test"):
                    yield f"{node.name}::{item.name}", outer + _decorated(item, where)


def _decorated(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
               where: str) -> list[str]:
    return [row for d in node.decorator_list for row in _rule_ids(d, where)]


def _rule_ids(node: ast.AST, where: str) -> list[str]:
    """The ids of every ``pytest.mark.rule(...)`` call in ``node``: a decorator, a list
    of marks, or a parametrize whose ``pytest.param`` entries carry marks."""
    ids: list[str] = []
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and ast.unparse(call.func) == "pytest.mark.rule":
            for arg in call.args:
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    raise MarkerError(f"{where}:{call.lineno}: pytest.mark.rule takes row "
                                      f"ids as plain strings, not {ast.unparse(arg)}")
                ids.append(arg.value)
            if call.keywords or not call.args:
                raise MarkerError(f"{where}:{call.lineno}: pytest.mark.rule names one or "
                                  "more row ids and nothing else")
    return ids


def _row_pattern() -> re.Pattern[str]:
    ids = sorted((r.id for r in ROWS), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


def enforced_rows(replay: Path) -> frozenset[str]:
    """The rule rows (not the readings) cited by a source under ``replay`` or named by
    a violation code."""
    pattern = _row_pattern()
    cited = {m for path in replay.rglob("*.py")
             for m in pattern.findall(path.read_text(encoding="utf-8"))}
    rows = {r.id for r in ROWS}
    return frozenset(cited | {r for c in CODES for r in c.rules if r in rows})
