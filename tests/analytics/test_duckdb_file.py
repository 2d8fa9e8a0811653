"""``belot stats DATASET --to-duckdb FILE``: a database file that keeps working.

Its views read the dataset's folders by absolute globs when queried, so the file opens
from any folder, survives ``belot compact`` (which replaces the part files it knew) and
counts the games a later ingest adds, even of a variant the dataset did not hold and
into a table that was empty when the file was written (rejects).  Real datasets, the
real command line and the real DuckDB throughout."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
from support.club_files import FILE_A, FILE_B

from belot.cli import main

ROOT = Path(__file__).resolve().parents[2]
#: a record the reader cannot parse (no tag section, no deal): kept as a reject
BROKEN = "this is not a record\n"


def counts(path: Path) -> dict[str, int]:
    """What the saved database sees now, read through its views."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        one = {q: con.execute(q).fetchone()[0] for q in (
            "SELECT count(*) FROM games", "SELECT count(*) FROM deals",
            "SELECT count(*) FROM rejects", "SELECT count(*) FROM f_games",
            "SELECT sum(contracts) FROM metric_bid_success",
            "SELECT count(*) FROM f_games WHERE variant = 'bg3'")}
    finally:
        con.close()
    return dict(zip(("games", "deals", "rejects", "f_games", "contracts", "bg3"),
                    one.values(), strict=True))


def parts(ds: Path) -> set[str]:
    return {p.relative_to(ds).as_posix() for p in ds.glob("games/**/*.parquet")}


def test_the_file_opens_anywhere_after_compact_and_sees_later_ingests(tmp_path, capfd,
                                                                      monkeypatch):
    work, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    work.mkdir()
    elsewhere.mkdir()
    (work / "a.bgn").write_text(FILE_A, encoding="utf-8")
    (work / "b.bgn").write_text(FILE_B, encoding="utf-8")
    monkeypatch.chdir(work)
    # tiny units: several parts per partition folder, which compact then merges
    assert main(["ingest", "a.bgn", "b.bgn", "--into", "ds", "-j", "1", "--chunk-mb",
                 "0.0001", "--quiet"]) == 0
    capfd.readouterr()  # its summary
    assert main(["stats", "ds", "--to-duckdb", "club.duckdb"]) == 0
    _, err = capfd.readouterr()
    path = work / "club.duckdb"
    python = (f"import duckdb; con = duckdb.connect({str(path)!r}); "
              "con.sql('SELECT * FROM metric_bid_success').show()")
    program = [f"or with the DuckDB program: duckdb {path}"] if shutil.which("duckdb") else []
    assert err.splitlines() == [
        f"wrote {path}: views games, deals, ..., f_* and metric_* over the Parquet files "
        f"under {work / 'ds'} (read at each query: from any folder, after 'belot compact' "
        "and after later ingests)",
        f"open it from Python: {python}", *program]

    first = {"games": 4, "deals": 8, "rejects": 0, "f_games": 4, "contracts": 5, "bg3": 0}
    monkeypatch.chdir(elsewhere)  # the dataset was named by a relative path
    assert counts(path) == first
    # the line the message gives runs as it stands, from another folder
    shown = subprocess.run([sys.executable, "-c", python], cwd=elsewhere, capture_output=True,
                           text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert "mk4" in shown.stdout and "yu4" in shown.stdout

    monkeypatch.chdir(work)
    before = parts(work / "ds")
    assert main(["compact", "ds", "--json"]) == 0
    merged = json.loads(capfd.readouterr()[0])
    assert merged["files_before"] > merged["files_after"] > 0
    assert before - parts(work / "ds")  # files the database knew are gone
    monkeypatch.chdir(elsewhere)
    assert counts(path) == first

    # a later ingest: a variant the dataset did not hold (bg3), and a reject
    (work / "c.bgn").write_text(BROKEN, encoding="utf-8")
    monkeypatch.chdir(work)
    assert main(["ingest", str(ROOT / "data" / "sim" / "bg3.bgn.gz"), "c.bgn", "--into", "ds",
                 "-j", "1", "--quiet", "--json"]) == 0
    added = json.loads(capfd.readouterr()[0])
    assert added["games"] > 0 and added["rejects"] == 1
    # the contracts as 'belot stats' counts them on the dataset itself
    assert main(["stats", "ds", "--metric", "bid_success", "--by", "--format", "json"]) == 0
    contracts = json.loads(capfd.readouterr()[0])[0]["contracts"]
    assert contracts > first["contracts"]
    monkeypatch.chdir(elsewhere)
    assert counts(path) == {"games": 4 + added["games"], "deals": 8 + added["deals"],
                            "rejects": 1, "f_games": 4 + added["games"],
                            "contracts": contracts, "bg3": added["games"]}
