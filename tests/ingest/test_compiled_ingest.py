"""``belot ingest`` compiled (mypyc: the reader, the engine and ingest's row building,
scripts/build_compiled.py) and interpreted write the same rows in every table.

The interpreted side runs in a copy of the project without any extension module
(the ``pure_tree`` fixture), as in ``tests/engine/test_compiled.py``.  Without a build
(``BELOT_PURE=1``) the comparison is skipped: both sides would be the same files.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.ingest_util import table, write_corpus
from support.pure_python import ROOT, build_script, run_in

from ingest.schema import TABLES

BUILD = build_script()
needs_build = pytest.mark.skipif(not all(p.exists() for p in BUILD.built_files()),
                                 reason="no compiled build in place (BELOT_PURE=1)")
#: columns that name the run rather than the record: they differ between any two runs
RUN_COLUMNS = ("batch", "ingest_batch", "ingested_at")


def records(folder: Path) -> list[str]:
    """Simulated games of four variants with many violations, and a copy of one of them
    whose second game is damaged (a reject)."""
    paths = [write_corpus(folder / f"{v}.bgn", v, games=6, seed=1700 + i, violation_rate=0.3)
             for i, v in enumerate(("yu4", "mk4", "bg4", "contree"))]
    text = (folder / "yu4.bgn").read_text(encoding="utf-8")
    second = text.index("[Variant", 1)  # the second game
    broken = text[:second] + text[second:].replace("\ndeal 2 ", "\ndeal two ", 1)
    damaged = folder / "damaged.bgn"
    damaged.write_text(broken, encoding="utf-8")
    return [str(p) for p in (*paths, damaged)]


def ingested(tree: Path, files: list[str], into: Path) -> dict[str, list[dict]]:
    done = run_in(tree, ["-m", "belot", "ingest", "-j", "1", "--quiet", *files,
                         "--into", str(into)])
    assert done.returncode == 0, done.stderr.decode()
    return {name: [{k: v for k, v in row.items() if k not in RUN_COLUMNS}
                   for row in table(into, name)] for name in TABLES}


@needs_build
def test_compiled_and_interpreted_ingest_write_the_same_rows(pure_tree, tmp_path):
    files = records(tmp_path / "in")
    compiled = ingested(ROOT, files, tmp_path / "compiled")
    pure = ingested(pure_tree, files, tmp_path / "pure")
    for name in ("games", "deals", "bids", "declarations", "plays", "tricks", "violations",
                 "records", "rejects"):
        assert compiled[name], name  # every kind of row is there to compare
    assert compiled == pure

