"""Query times of the analytics (DuckDB) that the dashboard and ``belot stats`` run.

    python benchmarks/bench_analytics.py                 # >= 10,000,000 trick rows
    python benchmarks/bench_analytics.py --tricks 1000000  # smaller
    python benchmarks/bench_analytics.py --quick         # 300,000 trick rows, a smoke run

The dataset (built once, cached under benchmarks/out/, git-ignored):

1. a base corpus of simulated games of every simulated variant (about 700 deals
   each, 2% of deals with an injected violation) is written as BGN and ingested
   with ``belot ingest`` (the real pipeline: commit log and all) into
   ``benchmarks/out/analytics-base/``;
2. its tables are **replicated** with DuckDB ``COPY`` into more Parquet files
   until the ``tricks`` table has the requested rows: replica *k* of a game gets
   a new ``game_id`` (SHA-256 of the old id and *k*), its ``Date`` moved by
   3·*k* days (so that trends span several years) and its ``source_file``
   prefixed with ``replica-k/``.  Replicas are grouped into about eight
   ``batch=rNN`` partitions per variant (the shape of a compacted dataset).
   Only the tables the analytics read are replicated (games, deals,
   declarations, tricks, violations); ``plays`` and ``bids`` are not.  The
   replicated folder has no commit log, so :func:`analytics.open_dataset`
   reads it by globbing the table folders.

   The same games repeated are not new information (every rate equals the
   base corpus's), but the row counts, file layout and query plans are those
   of a dataset that size, which is what is timed here.

Then every query the dashboard runs (each metric with its usual ``by``,
``overview``, ``trend``, ``violation_rows``, ``game_list``, ``filter_options``,
``head_to_head``), without and with a filter (one variant), is timed:

- **cold**: in a fresh process, on a fresh :func:`analytics.open_dataset`
  (nothing cached: the first query pays for reading the Parquet files into the
  in-memory fact tables it needs; the page cache of the OS is warm);
- **warm**: the same query again on the same connection (median of 5).

Printed as a table (milliseconds) with the warm target of 300 ms; the numbers
are also written to benchmarks/out/bench_analytics.json.  ``--persist`` also
times the same with the fact tables kept in a ``.duckdb`` file
(``open_dataset(path, cache=...)``), whose cold start does not read Parquet.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "benchmarks" / "out"
VARIANTS = ("yu4", "mk4", "bg4", "contree", "fr4", "ru-pair", "yu3", "ru3", "bg3", "hu3",
            "bg2", "hu2")
BASE_DEALS_PER_VARIANT = 700
#: tables the analytics read (plays, bids and rejects are not replicated)
TABLES = ("games", "deals", "declarations", "tricks", "violations")
WARM_TARGET_MS = 300.0


# ------------------------------------------------------------------ dataset


def base_dataset() -> Path:
    """Simulate and ingest the base corpus once."""
    from ingest.bgn.writer import write_game
    from ingest.pipeline import ingest_paths
    from replay.simulate import simulate_games

    folder = OUT / "analytics-base"
    ds = folder / "ds"
    if (folder / "DONE").exists():
        return ds
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    t = time.perf_counter()
    for i, variant in enumerate(VARIANTS):
        made = 0
        g = 0
        with open(folder / f"{variant}.bgn", "w", encoding="utf-8") as fh:
            while made < BASE_DEALS_PER_VARIANT:
                for game in simulate_games(variant, 1, 1000 * i + g, violation_rate=0.02):
                    fh.write(write_game(game) + "\n")
                    made += len(game.deals)
                g += 1
    s = ingest_paths([str(folder)], ds, progress=False)
    print(f"base corpus: {s.games:,} games, {s.deals:,} deals, ingested in "
          f"{time.perf_counter() - t:.0f} s -> {ds}", file=sys.stderr)
    (folder / "DONE").write_text("ok")
    return ds


def replicated_dataset(min_tricks: int) -> Path:
    """Replicate the base dataset's tables until ``tricks`` has ``min_tricks`` rows."""
    import duckdb

    from ingest.dataset import connect

    folder = OUT / f"analytics-{min_tricks}"
    if (folder / "DONE").exists():
        return folder
    base = base_dataset()
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    t = time.perf_counter()
    con = connect(base, duckdb.connect())
    con.execute("SET preserve_insertion_order = false")
    base_tricks = con.execute("SELECT count(*) FROM tricks").fetchone()[0]
    reps = -(-min_tricks // base_tricks)
    per_batch = max(1, -(-reps // 8))
    con.execute("CREATE TEMP TABLE ids AS SELECT g.game_id, r.k, "
                "sha256(g.game_id || '#' || r.k::VARCHAR) AS new_id "
                "FROM (SELECT DISTINCT game_id FROM games) g, range(?) r(k)", [reps])
    for table in TABLES:
        cols = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]
        out = []
        for c in cols:
            if c == "game_id":
                out.append("ids.new_id AS game_id")
            elif c == "batch":
                out.append(f"printf('r%02d', ids.k // {per_batch}) AS batch")
            elif c == "source_file":
                out.append("'replica-' || ids.k::VARCHAR || '/' || t.source_file AS source_file")
            elif c == "played_on":
                out.append("(t.played_on + 3 * ids.k::INTEGER) AS played_on")
            elif c == "tag_date":
                out.append("CASE WHEN t.played_on IS NULL THEN t.tag_date ELSE "
                           "strftime(t.played_on + 3 * ids.k::INTEGER, '%Y.%m.%d') END "
                           "AS tag_date")
            else:
                out.append(f"t.{c}")
        target = folder / table
        con.execute(f"COPY (SELECT {', '.join(out)} FROM {table} t JOIN ids USING (game_id)) "
                    f"TO '{target}' (FORMAT parquet, PARTITION_BY (variant, batch), "
                    "COMPRESSION zstd, FILENAME_PATTERN 'part-{i}', ROW_GROUP_SIZE 262144)")
    rows = {tb: con.execute(f"SELECT count(*) FROM read_parquet('{folder}/{tb}/**/*.parquet')"
                            ).fetchone()[0] for tb in TABLES}
    (folder / "ROWS.json").write_text(json.dumps({"replicas": reps, **rows}))
    print(f"replicated x{reps} in {time.perf_counter() - t:.0f} s -> {folder}: "
          + ", ".join(f"{k} {v:,}" for k, v in rows.items()), file=sys.stderr)
    (folder / "DONE").write_text("ok")
    return folder


def dataset_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.glob("*/**/*.parquet"))


# ------------------------------------------------------------------ queries


def queries(filtered: bool):
    """(name, callable on an Analytics) for every query the dashboard runs."""
    from analytics import Filters

    f = Filters(variants=["yu4"]) if filtered else None
    yield "filter_options", lambda a: a.filter_options()
    yield "overview", lambda a: a.overview(f)
    yield "trend (month)", lambda a: a.trend(f, freq="month")
    yield "bid_success overall", lambda a: a.query("bid_success", [], f)
    yield "bid_success by variant", lambda a: a.query("bid_success", ["variant"], f)
    yield "bid_success by contract", lambda a: a.query("bid_success", ["variant", "contract"], f)
    yield "bid_success by player", lambda a: a.query("bid_success", ["player"], f)
    yield "bid_success by partnership", lambda a: a.query("bid_success", ["partnership"], f)
    yield "bid_success by trumps_held", lambda a: a.query(
        "bid_success", ["variant", "trumps_held", "trump_jack"], f)
    yield "declaration_frequency by type", lambda a: a.query(
        "declaration_frequency", ["variant", "type"], f)
    yield "declaration_frequency by player", lambda a: a.query(
        "declaration_frequency", ["player"], f)
    yield "declaration_points by role", lambda a: a.query(
        "declaration_points", ["variant", "role"], f)
    yield "declaration_effect", lambda a: a.query(
        "declaration_effect", ["variant", "decl_counted"], f)
    yield "bela_frequency", lambda a: a.query("bela_frequency", ["variant"], f)
    yield "violations by code", lambda a: a.query("violations", ["variant", "code"], f)
    yield "violations by player", lambda a: a.query("violations", ["player"], f)
    yield "violations by trick", lambda a: a.query("violations", ["trick"], f)
    yield "players", lambda a: a.query("players", ["player"], f)
    yield "elo", lambda a: a.query("elo", ["player"], f)
    yield "tricks by trick", lambda a: a.query("tricks", ["variant", "trick"], f)
    yield "last_trick", lambda a: a.query("last_trick", ["variant"], f)
    yield "capot", lambda a: a.query("capot", ["variant", "contract"], f)
    yield "violation_rows", lambda a: a.violation_rows(f, limit=500)
    yield "violation_rows C401", lambda a: a.violation_rows(f, code="C401", limit=500)
    yield "game_list", lambda a: a.game_list(f, limit=200)
    yield "game_list search", lambda a: a.game_list(f, search="ana", limit=200)
    yield "head_to_head", lambda a: a.head_to_head("Ana", "Marko", f)


def measure(folder: str, filtered: bool, cache: str | None) -> list[dict]:
    """In this process: for each query, a fresh open (cold) then 5 repeats (warm)."""
    from analytics import open_dataset

    out = []
    for name, fn in queries(filtered):
        t = time.perf_counter()
        a = open_dataset(folder, cache=cache)
        t_open = time.perf_counter() - t
        t = time.perf_counter()
        res = fn(a)
        cold = time.perf_counter() - t
        warm = []
        for _ in range(5):
            t = time.perf_counter()
            fn(a)
            warm.append(time.perf_counter() - t)
        rows = len(res) if hasattr(res, "__len__") else 1
        out.append({"query": name, "open_ms": t_open * 1e3, "cold_ms": cold * 1e3,
                    "warm_ms": statistics.median(warm) * 1e3, "rows": rows})
        a.close()
    return out


def measure_builds(folder: str) -> list[dict]:
    """Time to build each fact table once, in order, on a fresh connection."""
    from analytics import open_dataset
    from analytics.facts import ORDER

    t = time.perf_counter()
    a = open_dataset(folder)
    out = [{"table": "open (views over the files)", "ms": (time.perf_counter() - t) * 1e3}]
    for name in ORDER:
        if name in a._built:
            continue
        t = time.perf_counter()
        a._ensure((name,))
        out.append({"table": name, "ms": (time.perf_counter() - t) * 1e3})
    rows = a.con.execute("SELECT table_name, estimated_size FROM duckdb_tables() "
                         "WHERE starts_with(table_name, 'f_')").fetchall()
    sizes = dict(rows)
    for r in out:
        r["rows"] = sizes.get(r["table"])
    a.close()
    return out


def run_child(folder: Path, filtered: bool, cache: str | None) -> list[dict]:
    cmd = [sys.executable, __file__, "--child", str(folder)]
    if filtered:
        cmd.append("--filtered")
    if cache:
        cmd += ["--cache", cache]
    p = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tricks", type=int, default=10_000_000, help="trick rows, at least")
    ap.add_argument("--quick", action="store_true", help="300,000 trick rows")
    ap.add_argument("--persist", action="store_true",
                    help="also time with the fact tables in a persistent .duckdb file")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--filtered", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--cache", help=argparse.SUPPRESS)
    ap.add_argument("--builds", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        if args.builds:
            print(json.dumps(measure_builds(args.child)))
        else:
            print(json.dumps(measure(args.child, args.filtered, args.cache)))
        return
    folder = replicated_dataset(300_000 if args.quick else args.tricks)
    rows = json.loads((folder / "ROWS.json").read_text())
    size = dataset_bytes(folder)
    print(f"dataset: {folder}  ({size / 1e6:,.0f} MB Parquet, "
          f"{sum(1 for _ in folder.glob('*/**/*.parquet'))} files, {os.cpu_count()} CPUs)")
    print("  " + ", ".join(f"{k} {v:,}" for k, v in rows.items()))
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    p = subprocess.run([sys.executable, __file__, "--child", str(folder), "--builds"],
                       capture_output=True, text=True, check=True)
    builds = json.loads(p.stdout.strip().splitlines()[-1])
    print("\nfact tables, built on first use (fresh connection, each once):")
    for b in builds:
        rows = f"{b['rows']:>12,}" if b["rows"] is not None else " " * 12
        print(f"  {b['table']:30} {b['ms']:9.0f} ms {rows} rows")
    modes = [("parquet", None)]
    if args.persist:
        cache = OUT / f"{folder.name}.duckdb"
        cache.unlink(missing_ok=True)
        from analytics import open_dataset

        t = time.perf_counter()
        open_dataset(folder, cache=str(cache)).build_all()
        print(f"persistent cache built in {time.perf_counter() - t:.1f} s -> {cache} "
              f"({cache.stat().st_size / 1e6:,.0f} MB)")
        modes.append(("duckdb file", str(cache)))
    report = {"dataset": str(folder), "bytes": size, "rows": rows, "cpus": os.cpu_count(),
              "builds": builds, "results": []}
    for mode, cache in modes:
        for filtered in (False, True):
            res = run_child(folder, filtered, cache)
            label = f"{mode}, " + ("variant=yu4" if filtered else "no filter")
            print(f"\n{label}")
            print(f"  {'query':34} {'open':>7} {'cold':>8} {'warm':>8} {'rows':>7}  <300ms warm")
            for r in res:
                ok = "yes" if r["warm_ms"] < WARM_TARGET_MS else "NO"
                print(f"  {r['query']:34} {r['open_ms']:7.0f} {r['cold_ms']:8.0f} "
                      f"{r['warm_ms']:8.1f} {r['rows']:7}  {ok}")
                report["results"].append({"mode": mode, "filtered": filtered, **r})
    print(f"\nload average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"(other work on the machine slows every number)")
    report["loadavg"] = os.getloadavg()
    (OUT / "bench_analytics.json").write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
