"""The project cites only its own pages: no help text, comment, docstring or page names a
document outside the project, and every page a source cites (docs/..., a variant's
convention N, an item of docs/bgn/replay.md) exists."""

from __future__ import annotations

import re
from pathlib import Path

from belot.reference.variants import CONVENTIONS

ROOT = Path(__file__).resolve().parents[2]
ROOMS = ("replay", "ingest", "analytics", "dashboard", "belot", "docs")
OUTSIDE = re.compile(r"bgn\.md|bgn-details|rules-matrix|\.\./shared|conventions-[\w*-]+\.md"
                     r"|(?<!\]\()(?<![/\w-])contree\.md")


def _sources() -> list[Path]:
    files = [ROOT / "README.md"]
    for room in ROOMS:
        files += [p for p in (ROOT / room).rglob("*")
                  if p.suffix in (".py", ".md", ".bgn", ".yml") and p.is_file()]
    return sorted(files)


def _hits(pattern: re.Pattern) -> list[tuple[str, int, str]]:
    found = []
    for path in _sources():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in pattern.finditer(line):
                found.append((str(path.relative_to(ROOT)), n, m.group(0)))
    return found


def test_no_document_outside_the_project_is_cited():
    assert len(_sources()) > 100
    assert _hits(OUTSIDE) == []


def test_the_pattern_catches_each_outside_name():
    for text in ("bgn.md §8", "see bgn-details §2", "rules-matrix.md", "../shared/design.md",
                 "conventions-hu.md §7", "contree.md §3", "(`contree.md`)"):
        assert OUTSIDE.search(text), text
    for text in ("docs/rules/contree.md", "[contree](contree.md)", "docs/bgn/report.md"):
        assert not OUTSIDE.search(text), text


def test_every_cited_page_exists():
    cited = {m for _, _, m in _hits(re.compile(r"\bdocs/[\w/.-]*\w\.md\b"))}
    assert len(cited) > 10
    assert sorted(p for p in cited if not (ROOT / p).is_file()) == []


def test_every_cited_convention_exists():
    cites = _hits(re.compile(r"\b(\w+) conventions? (\d+)(?:-(\d+))? \(docs/rules/(\w+)\.md\)"))
    assert len(cites) > 20
    missing = []
    for where, line, text in cites:
        variant, lo, hi, page = re.match(
            r"(\w+) conventions? (\d+)(?:-(\d+))? \(docs/rules/(\w+)\.md\)", text).groups()
        numbers = range(int(lo), int(hi or lo) + 1)
        if variant != page or any(n not in CONVENTIONS.get(page, {}) for n in numbers):
            missing.append((where, line, text))
    assert missing == []


def test_every_cited_replay_item_exists():
    items = set(re.findall(r"^(\d+)\. ", (ROOT / "docs/bgn/replay.md").read_text(encoding="utf-8"),
                           re.M))
    cites = _hits(re.compile(r"docs/bgn/replay\.md §(\d+)(?:/§(\d+))?"))
    assert len(cites) > 10
    numbers = {n for _, _, text in cites for n in re.findall(r"§(\d+)", text)}
    assert sorted(numbers - items, key=int) == []
