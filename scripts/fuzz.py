"""A fuzzing campaign on both builds: coverage-guided runs of tests/fuzz/harness.py,
then what they reached (docs/dev/fuzzing.md).

    python scripts/fuzz.py                       # 5 minutes per target and build
    python scripts/fuzz.py --minutes 60 --target bgn
    python scripts/fuzz.py --runs 3000           # a fixed number of inputs instead

For each target (``bgn``, ``jsonl``):

1. the interpreted build (a copy of the sources without the extensions) fuzzes
   with full guidance: atheris sees every branch of the reader, the writer, the
   JSON form and the engine; its corpus is ``build/fuzz/corpus-TARGET-interpreted``;
2. the compiled build fuzzes from the seeds into ``corpus-TARGET-compiled``,
   guided only by the code left interpreted (mypyc's machine code is not
   instrumented), then runs every input of the interpreted corpus once: the
   compiled code sees all that the guided search found;
3. each corpus, with the seeds, is replayed on the interpreted sources under a
   line tracer: the lines of ``ingest/bgn`` and ``replay`` its inputs reach,
   beside those the seeds alone reach.

The corpora stay in ``build/fuzz`` and grow from run to run.  A crash stops
that run; its input is saved as ``build/fuzz/crash-<sha1>`` and printed with the
traceback.  Replay it with ``python tests/fuzz/harness.py TARGET crash-<sha1>``.
Prints one line per run and a table: executions, executions per second,
libFuzzer's coverage (``cov``: edges of instrumented code; ``ft``: features),
the corpus size, the lines reached and the crashes.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT / "scripts"))
import build_compiled  # noqa: E402

OUT = ROOT / "build" / "fuzz"
TARGETS = ("bgn", "jsonl")
#: the lines counted as reached: the notation (reader, writer, JSON form) and the engine
PACKAGES = ("ingest/bgn", "replay")

_STAT = re.compile(r"^stat::(\w+):\s+(\d+)", re.M)
_COV = re.compile(r"cov: (\d+) ft: (\d+) corp: (\d+)")


def harness(tree: Path, target: str, options: list[str], corpus: list[Path]
            ) -> tuple[subprocess.CompletedProcess[str], float]:
    """One run of the harness in ``tree`` (its output, its wall seconds)."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    argv = [sys.executable, str(tree / "tests" / "fuzz" / "harness.py"), target,
            f"-artifact_prefix={OUT}/", "-print_final_stats=1", *options,
            *map(str, corpus)]
    t = time.perf_counter()
    done = subprocess.run(argv, cwd=tree, env=env, capture_output=True, text=True,
                          check=False)
    return done, time.perf_counter() - t


def figures(done: subprocess.CompletedProcess[str], seconds: float) -> dict[str, object]:
    stats = {k: int(v) for k, v in _STAT.findall(done.stderr)}
    cov = _COV.findall(done.stderr)
    crash = re.search(r"Test unit written to (\S+)", done.stderr)
    return {"execs": stats.get("number_of_executed_units", 0),
            "per_s": stats.get("average_exec_per_sec", 0),
            "cov": int(cov[-1][0]) if cov else 0, "ft": int(cov[-1][1]) if cov else 0,
            "crash": crash.group(1) if crash else (f"exit {done.returncode}"
                                                   if done.returncode else ""),
            "seconds": seconds}


def lines_reached(tree: Path, target: str, corpus: list[Path]) -> str:
    """``reached/total`` lines of each package, replaying the ``corpus`` folders on
    ``tree``."""
    folders = [str(p) for p in corpus]
    code = (
        "import sys, pathlib\n"
        "sys.path.insert(0, 'tests')\n"
        "from fuzz.reach import reached\n"
        f"print(reached({target!r}, [pathlib.Path(p) for p in {folders!r}], {PACKAGES!r}))\n")
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env,
                          capture_output=True, text=True, check=False)
    return done.stdout.strip() or "error: " + done.stderr.strip()[-300:]


def main() -> int:
    head, _, rest = (__doc__ or "").partition("\n\n")
    ap = argparse.ArgumentParser(description=head, epilog=rest,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=5.0,
                    help="time per target and build (default 5)")
    ap.add_argument("--runs", type=int, help="a number of inputs per run instead of a time")
    ap.add_argument("--target", choices=TARGETS, nargs="+", default=list(TARGETS))
    ap.add_argument("--seed", type=int, default=1, help="libFuzzer's seed (default 1)")
    ap.add_argument("--max-len", type=int, default=4096,
                    help="the longest input in bytes (default 4096)")
    args = ap.parse_args()
    budget = ([f"-runs={args.runs}"] if args.runs is not None
              else [f"-max_total_time={max(1, round(args.minutes * 60))}"])
    options = [*budget, f"-seed={args.seed}", f"-max_len={args.max_len}"]
    OUT.mkdir(parents=True, exist_ok=True)
    compiled = all(p.exists() for p in build_compiled.built_files())
    if compiled and build_compiled.stale():
        print("fuzz: the compiled build is stale: python scripts/build_compiled.py",
              file=sys.stderr)
        return 2
    pure = OUT / "pure"
    shutil.rmtree(pure, ignore_errors=True)
    build_compiled.pure_copy(pure)
    rows = []
    for target in args.target:
        guided = OUT / f"corpus-{target}-interpreted"
        guided.mkdir(exist_ok=True)
        done, secs = harness(pure, target, options, [guided])
        rows.append(("interpreted", target, figures(done, secs), guided))
        print(f"fuzz: {target} interpreted: {rows[-1][2]}", flush=True)
        if not compiled:
            print("fuzz: no compiled build in place: the compiled runs are skipped")
            continue
        own = OUT / f"corpus-{target}-compiled"
        own.mkdir(exist_ok=True)
        done, secs = harness(ROOT, target, options, [own])
        rows.append(("compiled", target, figures(done, secs), own))
        print(f"fuzz: {target} compiled: {rows[-1][2]}", flush=True)
        done, secs = harness(ROOT, target, ["-runs=0", f"-max_len={args.max_len}"],
                             [own, guided])
        rows.append(("compiled", f"{target} (interpreted corpus)", figures(done, secs), guided))
        print(f"fuzz: {target} compiled on the interpreted corpus: {rows[-1][2]}", flush=True)
    print()
    print(f"{'build':<12} {'target':<28} {'executions':>10} {'exec/s':>7} {'cov':>6} "
          f"{'ft':>6} {'corpus':>6}  crash")
    for build, target, f, corpus in rows:
        size = sum(1 for _ in corpus.iterdir())
        print(f"{build:<12} {target:<28} {f['execs']:>10,} {f['per_s']:>7} {f['cov']:>6} "
              f"{f['ft']:>6} {size:>6}  {f['crash'] or 'none'}")
    print("\nlines reached (functions' lines, the corpus replayed on the .py sources):")
    for target in args.target:
        seeds = pure / "build" / "fuzz" / f"seeds-{target}-{args.max_len}"
        print(f"  {'seeds':<12} {target:<6} {lines_reached(pure, target, [seeds])}")
        for build, name, _, corpus in rows:
            if name == target:
                print(f"  {build:<12} {target:<6} "
                      f"{lines_reached(pure, target, [seeds, corpus])}")
    return 1 if any(f["crash"] for _, _, f, _ in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
