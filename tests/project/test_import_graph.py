"""The module graph: data flows one way (records → ingest → replay reports → the
dataset → analytics → dashboard), so imports point the other way only.

- ``replay`` (the engine) imports only ``replay`` besides the standard library and
  third-party packages: it never reads files or knows the notation's reader;
- ``ingest`` never imports ``analytics`` or ``dashboard``;
- ``analytics`` never imports ``dashboard``;
- ``replay``'s parts import one way (docs/dev/layout.md): the record model
  nothing else of ``replay``, the rules the model, the double-dummy search the
  rules, the walk the search (to check a claim), the analysis and the simulator
  the walk, the single-dummy analysis the double-dummy one;
- no package has an import cycle, counting an import inside a
  function and one under ``if TYPE_CHECKING:`` too: a module that needs
  another's names only for its annotations still depends on it, and the rules
  and the reader's sections stay readable from the bottom up only if nothing
  points back.

The sources are parsed (``ast``), so every import counts, also one inside a
function.  The direction rules above leave out the imports under ``if
TYPE_CHECKING:`` (the type checker's only); the cycle test counts them.
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


def imports(path: Path, top_level_only: bool = False, type_checking: bool = False) -> set[str]:
    """The modules ``path`` imports (absolute names; relative imports resolved);
    those under ``if TYPE_CHECKING:`` only with ``type_checking``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if (isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test)
                    and not type_checking):
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
                     "if TYPE_CHECKING:\n    from replay.rules.ruleset import Ruleset\n"
                     "import replay.model.cards\n"
                     "def f():\n    from ingest.bgn.reader import read_games\n"
                     "    return read_games\n", encoding="utf-8")
    assert imports(probe) == {"typing", "typing.TYPE_CHECKING", "replay.model.cards", "ingest.bgn.reader",
                              "ingest.bgn.reader.read_games"}
    assert imports(probe, top_level_only=True) == {"typing", "typing.TYPE_CHECKING",
                                                   "replay.model.cards"}
    assert imports(probe, type_checking=True) == imports(probe) | {"replay.rules.ruleset",
                                                                   "replay.rules.ruleset.Ruleset"}


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` -> the modules of ``package`` it imports, those
    inside functions and those under ``if TYPE_CHECKING:`` included."""
    modules = {module_name(p): p for p in sources(package)}
    return {m: {n for n in imports(p, type_checking=True) if n in modules and n != m}
            for m, p in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` as the modules along it, the first repeated
    at the end; empty when there is none."""
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
    return cycle


def test_the_cycle_finder_sees_a_type_checking_import(tmp_path):
    """A module that imports another only for its annotations, while that one
    imports it back, is a cycle (the ruleset and the bidding once were one)."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "rules.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from pkg.auction import Model\n",
                                  encoding="utf-8")
    (pkg / "auction.py").write_text("from pkg.rules import Ruleset\n", encoding="utf-8")
    paths = {f"pkg.{p.stem}": p for p in sorted(pkg.glob("*.py"))}
    graph = {m: {n for n in imports(p, type_checking=True) if n in paths and n != m}
             for m, p in paths.items()}
    assert find_cycle(graph) == ["pkg.auction", "pkg.rules", "pkg.auction"]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package):
    """Type-checking imports counted: the reader's sections name the game's state
    (``ingest.bgn.sections.records``), which sits below every family, and the
    family modules stand below ``game``, which dispatches a keyword to them."""
    assert find_cycle(import_graph(package)) == []


#: the parts of ``replay`` from the bottom up: a module imports only from its own
#: layer and those below (docs/dev/layout.md)
LAYERS = (
    ("replay.model",),
    ("replay.rules",),
    ("replay.solver.kernel", "replay.solver.threads", "replay.solver.search"),
    ("replay.engine",),
    ("replay.solver.analysis", "replay.simulate"),
    ("replay.singledummy",),
)


def layer(module: str) -> int | None:
    """The layer of ``module``; None for a package's ``__init__``, which holds only
    its docstring."""
    for i, names in enumerate(LAYERS):
        if any(module == n or module.startswith(n + ".") for n in names):
            return i
    return None


def test_every_module_of_replay_belongs_to_a_part():
    """Every module but two packages' ``__init__``; the parts' ``__init__`` files
    hold a docstring and import nothing."""
    assert sorted(m for m in import_graph("replay") if layer(m) is None) == [
        "replay", "replay.solver"]
    inits = [ROOT / "replay" / part / "__init__.py"
             for part in ("", "model", "rules", "engine", "solver", "singledummy")]
    assert [p for p in inits if imports(p, type_checking=True)] == []


def test_replay_parts_import_one_way():
    graph = import_graph("replay")
    upward = [f"{m} imports {n}" for m in sorted(graph) for n in sorted(graph[m])
              if layer(m) is not None and layer(n) is not None and layer(n) > layer(m)]
    assert upward == []
