"""Ingest throughput end to end, beside the engine-only validation rate of the same run.

    python benchmarks/bench_ingest.py                   # >= 1,000,000 simulated deals
    python benchmarks/bench_ingest.py --deals 200000    # smaller
    python benchmarks/bench_ingest.py --quick           # 20,000 deals, a smoke run

For each worker count (``--workers 1,2``), in fresh subprocesses:

- **validate**: the same chunks of the same files read, identified (canonical
  game id) and replayed by the same number of worker processes, nothing written:
  the engine-only rate (deals/s);
- **ingest**: ``belot ingest`` into an empty dataset: deals/s end to end (read,
  replay, rows, Parquet parts, commit log, fsyncs);
- the I/O overhead ratio: validate rate / ingest rate (1.0 = writing is free), in
  wall-clock time and in CPU time of all processes (robust to a busy machine);
- peak RSS of the driver and of the largest worker;
- bytes on disk per deal (every table, Parquet zstd), before and after
  ``belot compact``;
- one file of about 7 MB, whole commands: ``belot ingest -j N`` against
  ``belot validate -j N`` (N = 1, 2), wall clock and CPU.

The corpus (yu4, mk4, bg4 and contree games from ``simulate_games``, 2% of deals
with an injected violation, written by the canonical writer) is generated once
into benchmarks/out/ (git-ignored), in shards, in parallel, and reused.
Results are printed and written to benchmarks/out/bench_ingest.json.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import gc
import json
import multiprocessing
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "benchmarks" / "out"
VARIANTS = ("yu4", "mk4", "bg4", "contree")


# ------------------------------------------------------------------ corpus


def _shard(args: tuple[Path, int, int]) -> int:
    from ingest.bgn.writer import write_game
    from replay.simulate import simulate_games

    path, deals, seed = args
    made = 0
    g = 0
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        while made < deals:
            variant = VARIANTS[g % len(VARIANTS)]
            for game in simulate_games(variant, 1, seed * 100_003 + g, violation_rate=0.02):
                f.write(write_game(game) + "\n")
                made += len(game.deals)
            g += 1
    tmp.replace(path)
    return made


def corpus(deals: int) -> tuple[Path, int]:
    """A folder of BGN shards holding at least ``deals`` deals (generated once)."""
    folder = OUT / f"ingest-corpus-{deals}"
    done = folder / "DEALS"
    if done.exists():
        return folder, int(done.read_text())
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    shards = max(2, min(16, deals // 60_000))
    per = -(-deals // shards)
    jobs = [(folder / f"shard-{i:02d}.bgn", per, i + 1) for i in range(shards)]
    t = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        made = sum(pool.map(_shard, jobs))
    print(f"corpus: {made:,} deals in {shards} shards, generated in "
          f"{time.perf_counter() - t:.0f} s -> {folder}", file=sys.stderr)
    done.write_text(str(made))
    return folder, made


# ------------------------------------------------------------- measurements


def _validate_chunk(args: tuple[str, str, str]) -> tuple[int, int]:
    """Read + identify + replay one chunk, nothing written: (games, deals)."""
    from ingest.bgn.writer import read_game_id
    from ingest.pipeline import UnitTask, read_chunk_games
    from replay.engine.walk import replay_game

    source, kind, text = args
    task = UnitTask("", "", 0, source, kind, text, 1, 0, 0, "", ())
    games = deals = 0
    gc.disable()  # as ingest's workers do: the same conditions on both sides
    try:
        for game in read_chunk_games(task):
            if game.errors:
                continue
            report = replay_game(game, file=source, game_id=read_game_id(game))
            games += 1
            deals += len(report.deals)
    finally:
        gc.enable()
    return games, deals


def measure_validate(folder: Path, workers: int, chunk_mb: float) -> dict:
    from ingest.chunks import iter_chunks
    from ingest.pipeline import expand_inputs

    t = time.perf_counter()
    games = deals = 0
    ctx = multiprocessing.get_context("fork")
    with cf.ProcessPoolExecutor(workers, mp_context=ctx) as pool:
        pending: set[cf.Future] = set()
        for path in expand_inputs([str(folder)]):
            for ch in iter_chunks(path, target_chars=int(chunk_mb * (1 << 20))):
                pending.add(pool.submit(_validate_chunk, (ch.source, ch.kind, ch.text)))
                while len(pending) >= 2 * workers + 1:
                    done, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                    for f in done:
                        g, d = f.result()
                        games, deals = games + g, deals + d
        for f in cf.as_completed(pending):
            g, d = f.result()
            games, deals = games + g, deals + d
    return {"seconds": time.perf_counter() - t, "games": games, "deals": deals}


def measure_ingest(folder: Path, workers: int, chunk_mb: float, dataset: Path) -> dict:
    from ingest.pipeline import ingest_paths

    shutil.rmtree(dataset, ignore_errors=True)
    t = time.perf_counter()
    s = ingest_paths([str(folder)], dataset, workers=workers,
                     chunk_chars=int(chunk_mb * (1 << 20)), progress=False)
    return {"seconds": time.perf_counter() - t, "games": s.games, "deals": s.deals,
            "violations": s.violations, "units": s.units}


def tables_bytes(dataset: Path) -> int:
    return sum(p.stat().st_size for p in dataset.glob("*/**/*.parquet")
               if not p.relative_to(dataset).parts[0].startswith("_"))


def vm_hwm_mb() -> float | None:
    """This process's own peak RSS (ru_maxrss can carry the parent's across exec)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def child(args: argparse.Namespace) -> None:
    """One measurement in this (fresh) process; prints one JSON line."""
    folder = Path(args.corpus)
    if args.measure == "validate":
        out = measure_validate(folder, args.workers, args.chunk_mb)
    elif args.measure == "ingest":
        out = measure_ingest(folder, args.workers, args.chunk_mb, Path(args.dataset))
        out["bytes"] = tables_bytes(Path(args.dataset))
    else:  # compact the dataset the ingest left
        from ingest.dataset import compact

        t = time.perf_counter()
        compact(args.dataset)
        out = {"seconds": time.perf_counter() - t, "bytes": tables_bytes(Path(args.dataset))}
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    out["rss_driver_mb"] = vm_hwm_mb() or me.ru_maxrss / 1024
    out["rss_worker_mb"] = kids.ru_maxrss / 1024
    out["cpu_seconds"] = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
    out["cpu_driver_seconds"] = me.ru_utime + me.ru_stime
    out["loadavg"] = os.getloadavg()[0]
    print(json.dumps(out))


def run_child(measure: str, folder: Path, workers: int, chunk_mb: float) -> dict:
    dataset = OUT / f"bench-dataset-w{workers}"
    cmd = [sys.executable, __file__, "--child", "--measure", measure, "--corpus", str(folder),
           "--workers", str(workers), "--chunk-mb", str(chunk_mb), "--dataset", str(dataset)]
    p = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def single_file(deals: int, repeat: int) -> dict:
    """Whole commands on one file (``deals`` yu4/mk4 deals: 21,000 are about 7 MB), as a
    user runs them: ``belot ingest -j N`` against ``belot validate -j N`` (text
    report, and JSON, which also computes each game's id as ingest does)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_validate import corpus as validate_corpus
    from bench_validate import run_command

    path, _ = validate_corpus(deals)
    mb = path.stat().st_size / 1e6
    print(f"\none file, whole commands: {path.name} ({mb:.1f} MB, {deals:,} deals); best of "
          f"{repeat}, wall clock and CPU of all processes")
    out: dict = {"file": path.name, "mb": mb, "runs": {}}
    for n in (1, 2):
        dataset = OUT / "bench-dataset-single"
        runs = {
            "validate": (["validate", "-j", str(n), str(path)], None),
            "validate --json": (["validate", "--json", "-j", str(n), str(path)], None),
            "ingest": (["ingest", "--quiet", "-j", str(n), str(path), "--into",
                        str(dataset)], dataset),
        }
        got = {}
        for name, (argv, ds) in runs.items():
            best = (float("inf"), 0.0)
            for _ in range(repeat):
                if ds is not None:
                    shutil.rmtree(ds, ignore_errors=True)
                best = min(best, run_command(argv))
            got[name] = best
            print(f"  {n} worker(s)  {name:16s} {best[0]:6.2f}s wall {best[1]:6.2f}s CPU  "
                  f"{deals / best[0]:>7,.0f} deals/s")
        shutil.rmtree(dataset, ignore_errors=True)
        v, vj, i = got["validate"], got["validate --json"], got["ingest"]
        print(f"  {n} worker(s)  ingest rate / validate rate: {v[0] / i[0]:.2f} (text), "
              f"{vj[0] / i[0]:.2f} (JSON); in CPU: {v[1] / i[1]:.2f}, {vj[1] / i[1]:.2f} "
              "(target >= 0.8)")
        out["runs"][n] = got
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1_000_000)
    ap.add_argument("--quick", action="store_true", help="20,000 deals")
    ap.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    ap.add_argument("--chunk-mb", type=float, default=4.0,
                    help="unit size for the corpus runs (belot ingest sizes its own by default)")
    ap.add_argument("--keep", action="store_true", help="keep the datasets in benchmarks/out")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    ap.add_argument("--corpus", help=argparse.SUPPRESS)
    ap.add_argument("--dataset", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        args.workers = int(args.workers)
        child(args)
        return
    deals = 20_000 if args.quick else args.deals
    folder, made = corpus(deals)
    size = sum(p.stat().st_size for p in folder.glob("*.bgn"))
    results = {"deals_in_corpus": made, "corpus_bytes": size, "cpus": os.cpu_count(),
               "chunk_mb": args.chunk_mb, "runs": []}
    print(f"corpus: {made:,} deals, {size / 1e6:,.0f} MB of BGN, {os.cpu_count()} CPUs")
    head = (f"{'workers':>7} {'validate d/s':>12} {'ingest d/s':>10} {'ratio':>5} "
            f"{'CPU us/deal v':>13} {'i':>5} {'ratio':>5} {'RSS drv MB':>10} "
            f"{'RSS wrk MB':>10} {'B/deal':>6} {'compacted':>9} {'load':>4}")
    rows = []
    for w in [int(x) for x in args.workers.split(",")]:
        v = run_child("validate", folder, w, args.chunk_mb)
        i = run_child("ingest", folder, w, args.chunk_mb)
        c = run_child("compact", folder, w, args.chunk_mb)
        vr, ir = v["deals"] / v["seconds"], i["deals"] / i["seconds"]
        vc, ic = v["cpu_seconds"] / v["deals"] * 1e6, i["cpu_seconds"] / i["deals"] * 1e6
        run = {"workers": w, "validate": v, "ingest": i, "compact": c,
               "validate_deals_per_s": vr, "ingest_deals_per_s": ir,
               "io_overhead_ratio": vr / ir, "validate_cpu_us_per_deal": vc,
               "ingest_cpu_us_per_deal": ic, "cpu_overhead_ratio": ic / vc,
               "bytes_per_deal": i["bytes"] / i["deals"],
               "bytes_per_deal_compacted": c["bytes"] / i["deals"]}
        results["runs"].append(run)
        rows.append(f"{w:>7} {vr:>12,.0f} {ir:>10,.0f} {vr / ir:>5.2f} {vc:>13.0f} {ic:>5.0f} "
                    f"{ic / vc:>5.2f} {max(v['rss_driver_mb'], i['rss_driver_mb']):>10,.0f} "
                    f"{max(v['rss_worker_mb'], i['rss_worker_mb']):>10,.0f} "
                    f"{run['bytes_per_deal']:>6.0f} {run['bytes_per_deal_compacted']:>9.0f} "
                    f"{max(v['loadavg'], i['loadavg']):>4.1f}")
        assert i["deals"] == v["deals"] == made, (i["deals"], v["deals"], made)
        if not args.keep:
            shutil.rmtree(OUT / f"bench-dataset-w{w}", ignore_errors=True)
    print(head)
    print("\n".join(rows))
    print("ratio = validate rate / ingest rate (wall clock) and ingest CPU / validate CPU "
          "(all processes); load = 1-minute load average during the run (others' work "
          "on the machine slows the wall clock, not the CPU figures)")
    results["single_file"] = single_file(5_000 if args.quick else 21_000, 1 if args.quick else 3)
    (OUT / "bench_ingest.json").write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
