"""The figures the documentation quotes, written where its pages include them.

    python benchmarks/docnumbers.py          # count the bundled corpora into the file
    python benchmarks/bench_compiled.py --write-docs   # the compiled/interpreted ratios

A page never types a measured or counted figure: it includes a section of
``docs/snippets/numbers.md`` (pymdownx.snippets, ``--8<-- "docs/snippets/numbers.md:NAME"``
on a line of its own, inside the sentence).  The script that measures a figure writes
its section and leaves the others as they are; this one counts the bundled corpora
(``scripts/make_sample_data.sh`` runs it after making ``data/sim/`` again).
``tests/project/test_doc_numbers.py`` checks the counts against the bundled data and
that every section a page includes exists.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NUMBERS = ROOT / "docs" / "snippets" / "numbers.md"
HEADER = ("<!-- Figures the pages include, written by benchmarks/docnumbers.py and the "
          "benchmarks' --write-docs, never by hand. -->\n")
SECTION = re.compile(r"^<!-- --8<-- \[start:([\w-]+)\] -->\n(.*?)^<!-- --8<-- \[end:\1\] -->\n",
                     re.M | re.S)


def read_sections(path: Path = NUMBERS) -> dict[str, str]:
    """Each section's text (without its last line end), by name."""
    if not path.exists():
        return {}
    return {m.group(1): m.group(2).rstrip("\n") for m in SECTION.finditer(path.read_text("utf-8"))}


def write_sections(values: dict[str, str], path: Path = NUMBERS) -> None:
    """Set the named sections to these texts, keeping every other section."""
    sections = read_sections(path)
    sections.update(values)
    text = HEADER + "".join(
        f"<!-- --8<-- [start:{name}] -->\n{sections[name]}\n<!-- --8<-- [end:{name}] -->\n"
        for name in sorted(sections))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def corpus_counts(folder: Path) -> tuple[int, int]:
    """(games, deals) of the records under ``folder``, as the reader reads them."""
    sys.path.insert(0, str(ROOT))
    from ingest.bgn.files import read_records, record_files

    games = deals = 0
    for path in record_files([str(folder)]):
        for game in read_records(path):
            games += 1
            deals += len(game.deals)
    return games, deals


def corpus_text(games: int, deals: int) -> str:
    """How the pages write a corpus's size: ``584 games and 9,183 deals``."""
    return f"{games:,} games and {deals:,} deals"


def main() -> None:
    values = {f"{name}-corpus": corpus_text(*corpus_counts(ROOT / "data" / name))
              for name in ("sim", "samples")}
    write_sections(values)
    for name, text in values.items():
        print(f"{name}: {text}")


if __name__ == "__main__":
    main()
