"""The figures the pages quote come from ``docs/snippets/numbers.md``, which the scripts
that count and measure them write (``benchmarks/docnumbers.py``, ``bench_compiled.py
--write-docs``): the corpus sizes there are those of the bundled records, the measured
ones have their form (never asserted as timings), every section a page includes exists,
and no page types a corpus size by hand."""

from __future__ import annotations

import re
from pathlib import Path

from ingest.bgn.files import read_records, record_files

ROOT = Path(__file__).resolve().parents[2]
NUMBERS = ROOT / "docs" / "snippets" / "numbers.md"
INCLUDE = re.compile(r'^--8<-- "docs/snippets/numbers\.md:([\w-]+)"$', re.M)


def sections() -> dict[str, str]:
    text = NUMBERS.read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in re.finditer(
        r"^<!-- --8<-- \[start:([\w-]+)\] -->\n(.*?)\n<!-- --8<-- \[end:\1\] -->$", text,
        re.M | re.S)}


def counted(folder: str) -> tuple[int, int]:
    games = deals = 0
    for path in record_files([str(ROOT / "data" / folder)]):
        for game in read_records(path):
            games += 1
            deals += len(game.deals)
    return games, deals


def test_the_corpus_sizes_are_those_of_the_bundled_records():
    found = sections()
    for folder in ("sim", "samples"):
        games, deals = counted(folder)
        assert found[f"{folder}-corpus"] == f"{games:,} games and {deals:,} deals"
    assert counted("sim")[0] > 500  # the simulated corpus, not an empty folder


def test_the_measured_figures_have_their_form():
    found = sections()
    assert re.fullmatch(r"\d+\.\d times as fast", found["compiled-speed"])
    table = found["compiled-table"].split("\n")
    assert table[2] == "| | CPU s | card plays/s | × python-chess |"
    number = r"[\d,]+(\.\d+)?"
    for name in ("interpreted", "compiled"):
        assert any(re.fullmatch(rf"\| `belot validate`, {name}, text / `--json` \| {number} / "
                                rf"{number} \| {number} / {number} \| {number} / {number} \|",
                                row) for row in table), name
    assert re.fullmatch(rf"Compiled, a run takes {number} times less CPU with the text report "
                        rf"and {number} times less with the JSON report\.", table[-1])


def test_every_figure_a_page_includes_is_there_and_none_is_typed_by_hand():
    pages = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
    pages.remove(NUMBERS)
    included = {name for page in pages
                for name in INCLUDE.findall(page.read_text(encoding="utf-8"))}
    assert included <= set(sections())
    assert {"sim-corpus", "samples-corpus", "compiled-speed", "compiled-table"} <= included
    games, deals = counted("sim")
    typed = [page.name for page in pages
             if f"{deals:,} deals" in page.read_text(encoding="utf-8")
             or f"{games} games" in page.read_text(encoding="utf-8")]
    assert typed == []
