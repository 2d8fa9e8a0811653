"""The project cites only its own pages, and its pages say how things stand, not how
they came to be.

No help text, comment, docstring, test, benchmark or page names a document outside
the project, and every page a source cites (docs/..., a variant's convention N, an
item of docs/bgn/replay.md) exists.  No page, comment, test or benchmark speaks of
the project's history (sessions, issues, rounds of work, "this machine"): git keeps
it, and a constant's comment gives its reason, not a pointer to a heading."""

from __future__ import annotations

import re
from pathlib import Path

from belot.reference.variants import CONVENTIONS

ROOT = Path(__file__).resolve().parents[2]
ROOMS = ("replay", "ingest", "analytics", "dashboard", "belot", "docs", "tests", "benchmarks",
         "scripts")
SUFFIXES = (".py", ".md", ".bgn", ".yml", ".sh")
OUTSIDE = re.compile(r"bgn\.md|bgn-details|rules-matrix|\.\./shared|shared/spec"
                     r"|conventions-[\w*-]+\.md|(?<!\]\()(?<![/\w-])contree\.md")
#: the words of a project diary.  "round" alone is the game's (the second round of
#: bidding, a round-1 contract) and the benchmarks' (best of --rounds): only a round
#: numbered past the two of any auction, or an earlier or later one, is history.
#: "session" alone is history; Streamlit's session state and pytest's session scope
#: are not (quoted, after a dot or a parenthesis, or followed by "state").
HISTORY = re.compile(
    r"(?<![.(\"'])\bsessions?\b(?![-\s]state)"
    r"|\bissues?\b"
    r"|\bthis\b[\w\s-]{0,20}?\bmachine\b"
    r"|\b(?:third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
    r"|\d+(?:st|nd|rd|th))\s+rounds?\b"
    r"|\b(?:earlier|later|previous)\s+rounds?\b",
    re.IGNORECASE)


def _sources() -> list[Path]:
    """Every file a reader of the project meets, but this one, which must spell out
    what it forbids, and the benchmarks' generated inputs (benchmarks/out/)."""
    generated = ROOT / "benchmarks" / "out"
    files = [ROOT / "README.md"]
    for room in ROOMS:
        files += [p for p in (ROOT / room).rglob("*")
                  if p.suffix in SUFFIXES and p.is_file() and p != Path(__file__).resolve()
                  and generated not in p.parents]
    return sorted(files)


def _hits(pattern: re.Pattern) -> list[tuple[str, int, str]]:
    found = []
    for path in _sources():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in pattern.finditer(line):
                found.append((str(path.relative_to(ROOT)), n, m.group(0)))
    return found


def test_no_document_outside_the_project_is_cited():
    rooms = {p.relative_to(ROOT).parts[0] for p in _sources()}
    assert {"tests", "benchmarks", "docs", "replay"} <= rooms
    assert len(_sources()) > 250
    assert _hits(OUTSIDE) == []


def test_no_page_code_test_or_benchmark_speaks_of_the_projects_history():
    assert _hits(HISTORY) == []


def test_the_history_pattern_catches_a_diary_and_spares_the_game():
    for text in ('docs/performance.md, "Ingest, session 7"', "Session 11, quiet machine",
                 "Issue 17, ninth round: the engine", "see issue #12", "the issue notes",
                 "the sixth round", "measured in the 3rd round", "numbers from this 2-core machine",
                 "this machine's speed drifts", "the later rounds halved it",
                 "another session's work", "in two sessions' runs"):
        assert HISTORY.search(text), text
    for text in ("the second round of bidding", "round one `take` or `pass`",
                 "a call after this round is B301", "in a round-1 contract", "round(x, 4)",
                 "best of --rounds runs, round after round", "st.session_state",
                 'persist_state="session"', "session-state keys of the sidebar",
                 "their values live in session state", "pytest.Session",
                 '@pytest.fixture(scope="session")', "def pytest_sessionstart(session: pytest.Session)",
                 "listen on the loopback address only", "the same machine code"):
        assert not HISTORY.search(text), text


def test_the_pattern_catches_each_outside_name():
    for text in ("bgn.md §8", "see bgn-details §2", "rules-matrix.md", "../shared/design.md",
                 "/work/shared/spec/contree.md", "conventions-hu.md §7", "contree.md §3",
                 "(`contree.md`)"):
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
