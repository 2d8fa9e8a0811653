"""The double-dummy analysis written into a dataset, beside the analysis alone.

    python benchmarks/bench_analyze_dataset.py                      # bg2 and bg3 of data/sim
    python benchmarks/bench_analyze_dataset.py --files data/sim/yu4.bgn.gz --workers 1,2

For each worker count, on the same record files:

- **analysis alone**: ``belot analyze PATH`` (``ingest.runs.analyze.analyse_paths``):
  read, replay and solve every deal, nothing written: deals/s;
- **analyze --into**: the files ingested first (timed apart), then
  ``belot analyze --into`` (``analyse_dataset``): read each game's text from
  ``records``, replay, solve, stage Parquet parts, commit: deals/s, and the
  overhead ratio alone / into (1.0 = writing is free);
- **ingest --analyze**: an empty dataset, ``ingest_paths(analyze=True)``: its
  time against plain ingest + analysis alone;
- bytes on disk per analysed deal of the three analysis tables.

The solver dominates every figure (docs/analysis.md#speed); what this measures is
what the dataset adds to it.  Results are printed and written to
benchmarks/out/bench_analyze_dataset.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "benchmarks" / "out"
DEFAULT_FILES = tuple(str(ROOT / "data" / "sim" / f"{v}.bgn.gz") for v in ("bg2", "bg3"))
ANALYSIS_TABLES = ("card_analysis", "deal_analysis", "game_analysis")


def analysis_alone(files: list[str], workers: int) -> tuple[int, float]:
    from ingest.runs.analyze import analyse_paths

    t0 = time.perf_counter()
    deals = sum(len(r.deals) for r in analyse_paths(files, workers=workers))
    return deals, time.perf_counter() - t0


def disk_bytes(ds: Path) -> int:
    return sum(p.stat().st_size for t in ANALYSIS_TABLES for p in (ds / t).glob("**/*.parquet"))


def measure(files: list[str], workers: int, scratch: Path, repeat: int) -> dict:
    """Each timing's best of ``repeat`` runs (on a shared machine the minimum is the
    figure least disturbed by other work)."""
    runs = [measure_once(files, workers, scratch) for _ in range(repeat)]
    t = {k: min(r[k] for r in runs) for k in ("alone", "added", "plain_ingest", "together")}
    deals = runs[0]["deals"]
    return {
        "workers": workers, "deals_analysed": deals, "repeat": repeat,
        "alone_s": round(t["alone"], 2), "alone_deals_per_s": round(deals / t["alone"], 1),
        "into_s": round(t["added"], 2), "into_deals_per_s": round(deals / t["added"], 1),
        "into_overhead": round(t["added"] / t["alone"], 3),
        "plain_ingest_s": round(t["plain_ingest"], 2),
        "ingest_analyze_s": round(t["together"], 2),
        "ingest_analyze_vs_ingest_plus_alone": round(
            t["together"] / (t["plain_ingest"] + t["alone"]), 3),
        "bytes_per_deal": runs[0]["bytes_per_deal"],
    }


def measure_once(files: list[str], workers: int, scratch: Path) -> dict:
    from ingest.pipeline import ingest_paths
    from ingest.runs.analyze import analyse_dataset

    deals, alone = analysis_alone(files, workers)
    into = scratch / f"into-{workers}"
    t0 = time.perf_counter()
    ingest_paths(files, into, workers=workers, progress=False)
    plain_ingest = time.perf_counter() - t0
    t0 = time.perf_counter()
    s = analyse_dataset(into, workers=workers, progress=False)
    added = time.perf_counter() - t0
    assert s.deals == deals, (s.deals, deals)
    both = scratch / f"both-{workers}"
    t0 = time.perf_counter()
    b = ingest_paths(files, both, workers=workers, progress=False, analyze=True)
    together = time.perf_counter() - t0
    assert b.analysed == deals, (b.analysed, deals)
    out = {"deals": deals, "alone": alone, "added": added, "plain_ingest": plain_ingest,
           "together": together, "bytes_per_deal": round(disk_bytes(into) / deals, 1)}
    shutil.rmtree(into)
    shutil.rmtree(both)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", nargs="+", default=list(DEFAULT_FILES))
    ap.add_argument("--workers", default="1,2", help="worker counts, comma-separated")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (the best counts)")
    args = ap.parse_args(argv)
    import replay.solver.search

    replay.solver.search.warm()  # numba's cache loaded once, before the workers fork
    runs = []
    with tempfile.TemporaryDirectory(prefix="bench-dd-") as tmp:
        for w in (int(x) for x in args.workers.split(",")):
            r = measure(args.files, w, Path(tmp), args.repeat)
            print(json.dumps(r), flush=True)
            runs.append(r)
    OUT.mkdir(parents=True, exist_ok=True)
    result = {"files": [Path(f).name for f in args.files], "runs": runs}
    (OUT / "bench_analyze_dataset.json").write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
