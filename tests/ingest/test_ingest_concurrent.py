"""A DuckDB reader running while ``belot ingest`` writes sees whole units, never half of one.

Two kinds of reader are checked against the finished dataset:

- globbing the table folders (``read_parquet('DS/plays/**/*.parquet')``): every
  part it sees is complete (the rows of each file, and of each game, are
  exactly the final ones), because a part only ever appears by a rename;
- through the commit log (:func:`ingest.dataset.connect`): one snapshot where
  every table agrees on the game_ids present, at every moment.
"""

from __future__ import annotations

import time

import duckdb
import pytest
from support.ingest_util import check_consistent, popen_cli, write_corpus

GAMES = 400


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    # big enough that the ingest runs for a while: compiled, 100 games took too
    # few units' time for the reader to see three moments of the run
    root = tmp_path_factory.mktemp("concurrent")
    write_corpus(root / "in" / "a.bgn", "yu4", games=GAMES // 2, seed=21, violation_rate=0.2)
    write_corpus(root / "in" / "b.bgn", "contree", games=GAMES // 2, seed=22)
    return root / "in"


def per_file(con, ds, table: str) -> dict[str, int]:
    rows = con.execute(
        f"SELECT filename, count(*) FROM read_parquet("
        f"'{ds}/{table}/**/*.parquet', hive_partitioning = true, filename = true) "
        "GROUP BY ALL").fetchall()
    return dict(rows)


def per_game(con, ds, table: str) -> dict[str, int]:
    return dict(con.execute(
        f"SELECT game_id, count(*) FROM read_parquet('{ds}/{table}/**/*.parquet', "
        "hive_partitioning = true) GROUP BY ALL").fetchall())


def test_readers_during_an_ingest_see_only_whole_units(corpus, tmp_path):
    ds = tmp_path / "ds"
    proc = popen_cli("ingest", str(corpus), "--into", str(ds), "-j", "2",
                     "--chunk-mb", "0.01", "--quiet")
    con = duckdb.connect()
    seen_files: list[dict[str, dict[str, int]]] = []
    seen_games: list[dict[str, int]] = []
    snapshots: list[int] = []
    while proc.poll() is None:
        if not (ds / "plays").exists():
            time.sleep(0.005)
            continue
        try:
            seen_files.append({t: per_file(con, ds, t) for t in ("games", "plays")})
            seen_games.append(per_game(con, ds, "plays"))
        except duckdb.IOException:  # the folders exist but hold no part yet
            pass
        snapshots.append(len(check_consistent(ds)))
    assert proc.returncode == 0, proc.stderr.read()
    final_files = {t: per_file(con, ds, t) for t in ("games", "plays")}
    final_games = per_game(con, ds, "plays")
    total = len(check_consistent(ds))
    assert total == GAMES
    mid_run = [n for n in snapshots if 0 < n < total]
    assert len(mid_run) >= 3, snapshots  # the reader did run during the ingest
    assert snapshots == sorted(snapshots)
    for seen in seen_files:
        for t, files in seen.items():
            for name, rows in files.items():
                assert rows == final_files[t][name], (t, name)  # a part is whole or absent
    for seen in seen_games:
        for gid, rows in seen.items():
            assert rows == final_games[gid]  # a game is whole or absent
    assert len([s for s in seen_games if 0 < len(s) < total]) >= 3
