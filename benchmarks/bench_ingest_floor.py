"""Where ``belot ingest``'s time goes, beside ``belot validate``, and the best ratio
of the two that the dataset's writing allows.

    python benchmarks/bench_ingest_floor.py FILE                # 5 rounds
    python benchmarks/bench_ingest_floor.py FILE --rounds 9
    python benchmarks/bench_ingest_floor.py FILE --writers      # also polars and DuckDB

Whole commands, in fresh processes, taking turns, each keeping its best CPU
time (user + system of every process it starts):

- ``belot validate -j 1 FILE`` and ``belot validate -j 1 --json FILE``: the
  yardsticks (one core);
- ``belot ingest -j 1 --into TMP FILE``: in one process, end to end;
- the interpreter started with ``belot``'s own modules, and with the modules
  ingest loads besides (pyarrow with its Parquet writer, numpy, the row
  builders): their difference is ingest's fixed cost of loading the writer.

Then ingest's work on the same file, stage by stage, in a fresh process taking its
turn with the commands in every round: it cuts the file into the units
``-j 1`` cuts and times each stage of each unit once, as a one-shot command
meets it (CPU time; each stage's best round): reading, the game identity, the
replay, the rows (``RowSink.add_game``), the Arrow tables (``RowSink.tables``) and
the Parquet parts (written and fsynced as ingest stages them).

The **floor** is ingest with its rows and Arrow tables free (their CPU taken off
the whole command): what no change to the row builders can go below while the
dataset writes the same tables through pyarrow.  ``ceiling`` is the validate rate
over that floor's rate: the best ratio ingest could reach.  The **bare stages**
are reading, the identity, the replay and pyarrow's writing alone: no driver, no
rows, no Arrow, no start-up, no loading of the writer (docs/performance.md#ingest).

``--writers`` also writes the same Arrow tables through the two other Parquet
writers the project depends on, polars (``write_parquet``, zstd level 1, no
statistics) and DuckDB (``COPY ... (FORMAT parquet, COMPRESSION zstd)``), beside
pyarrow with ingest's options, taking turns, best of the rounds; and loads each
library in a fresh process.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_validate import run_timed  # noqa: E402 - beside this script

#: what ``belot ingest`` loads beyond ``belot`` itself (a worker is forked from the
#: driver, so the driver's imports are all there are)
INGEST_IMPORTS = ("belot.commands.ingest", "ingest.pipeline", "ingest.dataset", "ingest.events",
                  "ingest.playcols", "ingest.arrowrows", "ingest.identity", "pyarrow.parquet",
                  "numpy", "replay.engine.walk", "ingest.bgn.reader")
BARE_IMPORTS = ("belot.cli",)
STAGES = ("read", "identity", "replay", "rows", "arrow", "write")


def whole_commands(path: str, rounds: int) -> tuple[dict[str, float], dict]:
    """The best CPU of each command, and the best of each stage, over ``rounds``
    rounds in which every command and a stage-timing child take turns."""
    py = sys.executable
    commands = {
        "validate": [py, "-m", "belot", "validate", "-j", "1", path],
        "validate --json": [py, "-m", "belot", "validate", "-j", "1", "--json", path],
        "ingest": [py, "-m", "belot", "ingest", "-j", "1", "--quiet", "--into", "DS", path],
        "start-up": [py, "-c", "import " + ", ".join(BARE_IMPORTS)],
        "start-up with ingest's modules": [py, "-c", "import " + ", ".join(INGEST_IMPORTS)],
    }
    best = {k: float("inf") for k in commands}
    staged: dict = {}
    for r in range(rounds):
        out = subprocess.run([py, __file__, path, "--stages-child"], check=True,
                             capture_output=True, text=True, cwd=ROOT)
        st = json.loads(out.stdout)
        if not staged:
            staged = st
        else:
            for k, v in st["stages"].items():
                staged["stages"][k] = min(staged["stages"][k], v)
        for name, cmd in commands.items():
            tmp = tempfile.mkdtemp(prefix="belot-floor-")
            try:
                # (validate exits 1 on a file with findings: not an error here)
                _, cpu = run_timed([c.replace("DS", os.path.join(tmp, "ds")) for c in cmd])
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
            best[name] = min(best[name], cpu)
        print(f"  round {r + 1}/{rounds}: " + ", ".join(f"{k} {v:.3f}" for k, v in best.items()),
              file=sys.stderr, flush=True)
    return best, staged


def stages(path: str) -> dict:
    """Ingest's stages on ``path``, cut as ``-j 1`` cuts it, once (in a child)."""
    import datetime as dt

    from ingest.chunks import input_chars, iter_chunks, read_chunk_games, unit_chars
    from ingest.dataset import write_parquet_staged
    from ingest.events import Context, RowSink
    from ingest.identity import read_identity
    from ingest.pipeline import MIN_UNIT_CHARS, UNITS_PER_WORKER
    from replay.engine.walk import replay_game

    chars = unit_chars(input_chars([path]), 1, MIN_UNIT_CHARS, UNITS_PER_WORKER)
    chunks = list(iter_chunks(path, target_chars=chars))
    spent = dict.fromkeys(STAGES, 0.0)
    deals = plays = 0
    clock = time.process_time
    gc.disable()  # as a worker runs a unit (ingest.pipeline.process_unit)
    for chunk in chunks:
        t = clock()
        # (a record that does not parse is a reject: no identity, no replay)
        games = [g for g in read_chunk_games(chunk) if not g.errors]
        spent["read"] += clock() - t
        t = clock()
        ids = [read_identity(g) for g in games]
        spent["identity"] += clock() - t
        t = clock()
        reports = [replay_game(g, file=path, game_id=gid)
                   for g, (gid, _) in zip(games, ids, strict=True)]
        spent["replay"] += clock() - t
        deals += sum(len(r.deals) for r in reports)
        plays += sum(len(d.plays or ()) for g in games for d in g.deals)
        sink = RowSink(Context(path, "floor", dt.datetime.now(dt.UTC)))
        t = clock()
        for g, rep, (gid, canonical) in zip(games, reports, ids, strict=True):
            sink.add_game(g, rep, gid, canonical)
        spent["rows"] += clock() - t
        t = clock()
        tables = sink.tables()
        spent["arrow"] += clock() - t
        tmp = Path(tempfile.mkdtemp(prefix="belot-floor-"))
        try:
            t = clock()
            for k, ((name, variant), arrow) in enumerate(sorted(tables.items(), key=str)):
                write_parquet_staged(arrow, tmp / f"{name}-{variant}-{k}.parquet")
            spent["write"] += clock() - t
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        del games, ids, reports, sink, tables
    return {"stages": spent, "deals": deals, "plays": plays, "units": len(chunks)}


def writers(path: str, rounds: int) -> dict[str, float]:
    """CPU seconds to write ``path``'s tables (built as ingest builds them, one unit)
    through pyarrow with ingest's options, polars and DuckDB: each writer's best round."""
    import datetime as dt
    import io

    import duckdb
    import polars as pl
    import pyarrow.parquet as pq

    from ingest.chunks import iter_chunks, read_chunk_games
    from ingest.dataset import parquet_options
    from ingest.events import Context, RowSink
    from ingest.identity import read_identity
    from replay.engine.walk import replay_game

    sink = RowSink(Context(path, "floor", dt.datetime.now(dt.UTC)))
    for chunk in iter_chunks(path, target_chars=os.path.getsize(path) + 1):
        for g in read_chunk_games(chunk):
            if not g.errors:
                gid, canonical = read_identity(g)
                sink.add_game(g, replay_game(g, file=path, game_id=gid), gid, canonical)
    tables = list(sink.tables().values())
    tmp = Path(tempfile.mkdtemp(prefix="belot-floor-"))
    con = duckdb.connect()

    def with_pyarrow() -> None:
        for t in tables:
            pq.write_table(t, io.BytesIO(), **parquet_options(t.schema))

    def with_polars() -> None:
        for t in tables:
            pl.from_arrow(t).write_parquet(io.BytesIO(), compression="zstd",
                                           compression_level=1, statistics=False)

    def with_duckdb() -> None:
        for k, t in enumerate(tables):
            con.register("part", t)
            con.execute(f"COPY part TO '{tmp / f'{k}.parquet'}' "
                        "(FORMAT parquet, COMPRESSION zstd)")
            con.unregister("part")

    best = {"pyarrow": float("inf"), "polars": float("inf"), "duckdb": float("inf")}
    try:
        for _ in range(rounds):
            for name, write in (("pyarrow", with_pyarrow), ("polars", with_polars),
                                ("duckdb", with_duckdb)):
                t = time.process_time()
                write()
                best[name] = min(best[name], time.process_time() - t)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", help="a BGN file (canonical records are the usual case)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--writers", action="store_true",
                    help="also write the tables through polars and DuckDB")
    ap.add_argument("--stages-child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--writers-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    path = os.path.abspath(args.file)
    if args.stages_child:
        print(json.dumps(stages(path)))
        return 0
    if args.writers_child:
        print(json.dumps(writers(path, args.rounds)))
        return 0

    print(f"whole commands, {args.rounds} rounds (best CPU of each):", file=sys.stderr)
    whole, st = whole_commands(path, args.rounds)
    deals, plays, spent = st["deals"], st["plays"], st["stages"]

    def per_deal(seconds: float) -> str:
        return f"{seconds * 1e6 / deals:6.1f} us"

    loading = whole["start-up with ingest's modules"] - whole["start-up"]
    ingest = whole["ingest"]
    floor = ingest - spent["rows"] - spent["arrow"]
    bare = sum(spent[k] for k in ("read", "identity", "replay", "write"))
    print(f"\n{path}: {deals:,} deals, {plays:,} card plays; {st['units']} unit(s) of work\n")
    print(f"{'':38s} {'CPU s':>7s} {'a deal':>9s}")
    for name in ("validate", "validate --json", "ingest"):
        print(f"{name:38s} {whole[name]:7.3f} {per_deal(whole[name])}")
    print(f"{'  of which loading the writer':38s} {loading:7.3f} {per_deal(loading)}")
    for name in STAGES:
        print(f"{'  stage: ' + name:38s} {spent[name]:7.3f} {per_deal(spent[name])}")
    print(f"{'ingest with rows and Arrow free':38s} {floor:7.3f} {per_deal(floor)}")
    print(f"{'bare stages (read, id, replay, write)':38s} {bare:7.3f} {per_deal(bare)}")
    print()
    for yard in ("validate", "validate --json"):
        print(f"ingest rate / {yard} rate: now {whole[yard] / ingest:.2f}, "
              f"ceiling {whole[yard] / floor:.2f} (rows and Arrow free), "
              f"{whole[yard] / (floor - loading):.2f} (and the writer loaded for free); "
              f"bare stages {whole[yard] / bare:.2f}")
    if args.writers:
        out = subprocess.run([sys.executable, __file__, path, "--rounds", str(args.rounds),
                              "--writers-child"], check=True, capture_output=True, text=True,
                             cwd=ROOT)
        wrote = json.loads(out.stdout)
        loads = {}
        for name, module in (("pyarrow", "pyarrow.parquet"), ("polars", "polars"),
                             ("duckdb", "duckdb")):
            loads[name] = min(run_timed([sys.executable, "-c", f"import {module}"],
                                        check=True)[1] for _ in range(3))
        print(f"\nthe same tables through each Parquet writer (CPU s, best of {args.rounds}; "
              "loading the library in a fresh process, best of 3):")
        for name, seconds in wrote.items():
            print(f"  {name:8s} write {seconds:6.3f} ({per_deal(seconds)} a deal)   "
                  f"load {loads[name]:6.3f}")
    result = {"file": path, "deals": deals, "plays": plays, "whole": whole, "stages": spent,
              "loading": loading, "floor": floor, "bare": bare}
    out_dir = ROOT / "benchmarks" / "out"
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "bench_ingest_floor.json").write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
