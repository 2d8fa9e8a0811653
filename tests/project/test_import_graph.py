"""The module graph: data flows one way (records → ingest → replay reports → the
dataset → analytics → dashboard), so imports point the other way only.

- ``replay`` (the engine) imports only ``replay`` besides the standard library and
  third-party packages: it never reads files or knows the notation's reader;
- ``ingest`` never imports ``analytics`` or ``dashboard``;
- ``analytics`` never imports ``dashboard``;
- ``replay`` and ``ingest`` have no import cycle, counting an import inside a
  function too (``ruleset.py`` once imported ``rulesets`` lazily while every family
  imported ``ruleset``); those under ``if TYPE_CHECKING:`` are for the type checker
  only.

The sources are parsed (``ast``), so every import counts, also one inside a
function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("replay", "ingest", "analytics", "dashboard", "belot")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, top_level_only: bool = False) -> set[str]:
    """The modules ``path`` imports (absolute names; relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # imports for the type checker only
            inside = top and not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef
                                            | ast.Lambda)
            if isinstance(child, ast.Import) and (inside or not top_level_only):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and (inside or not top_level_only):
                base = child.module or ""
                if child.level:  # relative: from the module's own package up
                    here = module_name(path).split(".")
                    anchor = here[: len(here) - child.level + (path.name == "__init__.py")]
                    base = ".".join([*anchor, base] if base else anchor)
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in child.names)
            visit(child, inside)

    visit(tree, True)
    return found


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def first_party(name: str) -> str | None:
    head = name.split(".")[0]
    return head if head in PACKAGES else None


FORBIDDEN = {
    "replay": {"ingest", "analytics", "dashboard", "belot"},
    "ingest": {"analytics", "dashboard", "belot"},
    "analytics": {"dashboard", "belot"},
}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_import_against_the_flow(package):
    wrong = []
    for path in sources(package):
        for name in sorted(imports(path)):
            if first_party(name) in FORBIDDEN[package]:
                wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    assert wrong == []


def test_the_checker_sees_imports_inside_functions(tmp_path):
    """The rule holds for lazy imports too (replay/validate.py had one); imports
    under ``if TYPE_CHECKING:`` are left out."""
    probe = tmp_path / "probe.py"
    probe.write_text("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from replay.ruleset import Ruleset\n"
                     "import replay.cards\n"
                     "def f():\n    from ingest.bgn.reader import read_games\n"
                     "    return read_games\n", encoding="utf-8")
    assert imports(probe) == {"typing", "typing.TYPE_CHECKING", "replay.cards", "ingest.bgn.reader",
                              "ingest.bgn.reader.read_games"}
    assert imports(probe, top_level_only=True) == {"typing", "typing.TYPE_CHECKING",
                                                   "replay.cards"}


@pytest.mark.parametrize("package", ["replay", "ingest"])
def test_no_import_cycle(package):
    """The engine's modules, and ingest's (the reader's sections among them: each
    family names the game's state for the type checker only), import one way."""
    modules = {module_name(p): p for p in sources(package)}
    graph = {m: {n for n in imports(p) if n in modules and n != m}
             for m, p in modules.items()}
    state: dict[str, int] = {}
    cycle: list[str] = []

    def visit(m: str, path: list[str]) -> bool:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycle.extend(path[path.index(n):] + [m, n] if n in path else [m, n])
                return True
            if n not in state and visit(n, path + [m]):
                return True
        state[m] = 2
        return False

    for m in sorted(graph):
        if m not in state and visit(m, []):
            break
    assert cycle == []
