"""Time of the fair-play report (``belot fairplay``, the dashboard's Fair play page).

    python benchmarks/bench_fairplay.py                  # about 4,000,000 analysed cards
    python benchmarks/bench_fairplay.py --cards 400000   # smaller

The dataset (built once, cached under benchmarks/out/, git-ignored): the bundled
simulated yu4 club night (data/sim/yu4.bgn.gz, 120 games) ingested with the real
pipeline, then its ``games``, ``deals`` and ``plays`` **replicated** with DuckDB
``COPY`` (replica *k* of a game gets a new ``game_id``, the SHA-256 of the old one
and *k*) until the plays reach the requested cards, with one ``card_analysis`` and
one ``card_single_dummy`` row per card whose D and S sets are drawn from a hash of
the card's key (a quarter each of: S = D, agreeing with x outside S, seen-only with
x in D, seen-only with x in S; the last trick determined).  The values are not a
solver's: what is timed is the report's SQL over a table of that size, and the
statistics after it.

Timed, median of 3 each: the report over the whole dataset and with a filter (one
date range), cold (a fresh :func:`analytics.open_dataset`: the fact tables ``f_games``
and ``f_deals`` built first) and warm (the same query again on the same connection);
the baseline is the double-dummy ``accuracy`` metric over the same cards, the
analytics' nearest query (one join of ``card_analysis`` with the games).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
OUT = REPO / "benchmarks" / "out"
SIM = REPO / "data" / "sim" / "yu4.bgn.gz"


def base() -> Path:
    from ingest.pipeline import ingest_paths

    root = OUT / "fairplay-base"
    if not (root / "_belot").is_dir():
        ingest_paths([str(SIM)], root, workers=0, progress=False)
    return root


def replicated(cards: int) -> Path:
    import duckdb

    src = base()
    con = duckdb.connect()

    def rel(table: str) -> str:
        return (f"read_parquet('{src}/{table}/**/*.parquet', hive_partitioning = true, "
                "union_by_name = true)")

    per_copy = con.sql(f"SELECT count(*) FROM {rel('plays')}").fetchall()[0][0]
    copies = max(1, -(-cards // per_copy))
    root = OUT / f"fairplay-{copies}"
    if (root / "card_single_dummy").is_dir():
        return root
    root.mkdir(parents=True, exist_ok=True)
    con.execute(f"CREATE TEMP TABLE k AS SELECT range AS k FROM range({copies})")
    new_id = "sha256(t.game_id || '-' || k.k::VARCHAR)"
    for table in ("games", "deals"):
        con.execute(f"""COPY (SELECT t.* REPLACE ({new_id} AS game_id, 'r' || (k.k % 8)::VARCHAR
                                              AS batch)
                              FROM {rel(table)} t, k)
                        TO '{root}/{table}' (FORMAT parquet, PARTITION_BY (variant, batch))""")
    place = "hash(t.game_id, t.deal, t.idx, k.k) % 4"
    common = (f"{new_id} AS game_id, t.deal, t.idx, t.trick, t.seat, t.card::VARCHAR AS card, "
              "false AS betl, t.variant, 'r' || (k.k % 8)::VARCHAR AS batch")
    con.execute(f"""COPY (SELECT {common}, 80::SMALLINT AS before,
                                 (80 - CASE WHEN {place} = 3 THEN 5 ELSE 0 END)::SMALLINT AS after,
                                 (CASE WHEN {place} = 3 THEN 5 ELSE 0 END)::SMALLINT AS loss,
                                 CASE {place} WHEN 1 THEN [t.card::VARCHAR, 'AS']
                                      WHEN 3 THEN ['AS'] ELSE [t.card::VARCHAR] END AS best
                          FROM {rel('plays')} t, k)
                    TO '{root}/card_analysis' (FORMAT parquet, PARTITION_BY (variant, batch))""")
    con.execute(f"""COPY (SELECT {common}, 8::SMALLINT AS samples, t.trick = 8 AS determined,
                                 60.0::FLOAT AS sd_before,
                                 (60.0 - CASE {place} WHEN 1 THEN 2 WHEN 2 THEN 4 ELSE 0 END)::FLOAT
                                   AS sd_after,
                                 (CASE {place} WHEN 1 THEN 2 WHEN 2 THEN 4 ELSE 0 END)::FLOAT
                                   AS sd_loss,
                                 CASE WHEN {place} IN (1, 2) THEN ['AS'] ELSE [t.card::VARCHAR] END
                                   AS sd_best, 1.0::FLOAT AS sd_se
                          FROM {rel('plays')} t, k)
                    TO '{root}/card_single_dummy' (FORMAT parquet, PARTITION_BY (variant, batch))""")
    return root


def timed(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cards", type=int, default=4_000_000)
    args = ap.parse_args()
    from analytics import Filters, open_dataset
    from analytics.fairplay import report_frame

    t0 = time.perf_counter()
    root = replicated(args.cards)
    built = time.perf_counter() - t0
    with open_dataset(root) as a:
        n = a.con.sql("SELECT count(*) FROM read_parquet("
                      f"'{root}/card_single_dummy/**/*.parquet')").fetchall()[0][0]
        lo, hi = a.filter_options()["date_min"], a.filter_options()["date_max"]
    narrow = Filters(date_from=lo, date_to=lo + (hi - lo) / 4 if hi and lo else None)
    print(f"dataset: {root} ({n:,} analysed cards; built or found in {built:.1f} s)")
    rows = []
    for name, call in (
            ("fairplay report", lambda a, f: report_frame(a, f)),
            ("accuracy (baseline)", lambda a, f: a.query("accuracy", ["player"], f))):
        for label, f in (("all games", None), ("a quarter of the dates", narrow)):
            def cold(call=call, f=f):
                with open_dataset(root) as a:
                    call(a, f)
            with open_dataset(root) as a:
                call(a, f)
                warm = timed(lambda a=a, call=call, f=f: call(a, f))
            rows.append((name, label, timed(cold), warm))
    print(f"{'query':<22} {'games':<24} {'cold ms':>9} {'warm ms':>9}")
    for name, label, cold_ms, warm_ms in rows:
        print(f"{name:<22} {label:<24} {cold_ms:>9.0f} {warm_ms:>9.0f}")
    for label_i in range(2):
        fp, acc = rows[label_i], rows[2 + label_i]
        print(f"ratio fairplay / accuracy ({fp[1]}): cold {fp[2] / acc[2]:.2f}, "
              f"warm {fp[3] / acc[3]:.2f}")


if __name__ == "__main__":
    main()
