"""Where ``belot validate -j N`` spends its CPU: the driver against its workers.

    python benchmarks/bench_jobs.py                  # the 100,006-deal yu4/mk4 corpus, -j 1 and -j 2
    python benchmarks/bench_jobs.py --json --rounds 5
    python benchmarks/bench_jobs.py FILE.bgn

Each run is a fresh ``belot validate`` command (output thrown away) inside a small
wrapper that reports, at its end, the wall clock, the CPU seconds of the command's
own process (the driver: reading the input, cutting it into units, handing them
over, writing the output in order) and those of its worker processes (reaped by
then).  ``-j 1`` and ``-j 2`` take turns, ``--rounds`` times; the table shows the
median of each figure.

Why CPU rather than the wall clock: on a shared 2-core machine the other core
is often busy, so the wall clock of a ``-j 2`` run says more about the neighbours
than about the code.  CPU seconds barely move.  On two free cores a ``-j 2`` run
cannot take less than half the CPU of all its processes, so

    ceiling of the -j 2 speed-up = 2 x CPU(-j 1) / CPU(-j 2, driver + workers)

and every CPU second the second process adds (the driver's own work, what each
worker does again) lowers that ceiling; the ceiling is what the code allows, the
wall clock what the machine gave.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: runs ``belot`` in this process, then prints its own CPU and its children's as JSON
WRAPPER = """
import json, os, resource, sys, time
sys.path.insert(0, {root!r})
t = time.perf_counter()
from belot.cli import main
out, sys.stdout = sys.stdout, open(os.devnull, "w")
status = main(sys.argv[1:])
sys.stdout.close()
sys.stdout = out
wall = time.perf_counter() - t
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({{"wall": wall, "driver": me.ru_utime + me.ru_stime, "driver_sys": me.ru_stime,
                  "workers": kids.ru_utime + kids.ru_stime, "status": status}}))
"""


def run(args: list[str]) -> dict[str, float]:
    """One ``belot validate`` command in the wrapper: its figures."""
    code = WRAPPER.format(root=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    head, _, rest = __doc__.partition("\n\n")
    ap = argparse.ArgumentParser(description=head, epilog=rest,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", help="records to validate (default: the bench corpus)")
    ap.add_argument("--json", action="store_true", help="the JSON report (--json) instead of text")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each (default 3)")
    args = ap.parse_args()
    if args.file:
        path = Path(args.file)
    else:
        from bench_validate import corpus  # beside this script: the same simulated records

        path, _ = corpus(100_000)
    extra = ["--json"] if args.json else []
    runs: dict[int, list[dict[str, float]]] = {1: [], 2: []}
    for _ in range(args.rounds):
        for jobs in runs:
            runs[jobs].append(run(["validate", "-j", str(jobs), *extra, str(path)]))
    print(f"{path.name}, {'JSON' if args.json else 'text'} report, median of {args.rounds} runs:")
    print(f"  {'':6s} {'wall s':>7s} {'driver CPU s':>13s} {'(system)':>9s} {'workers CPU s':>14s} "
          f"{'all CPU s':>10s}")
    med: dict[int, dict[str, float]] = {}
    for jobs, rs in runs.items():
        m = med[jobs] = {k: statistics.median(r[k] for r in rs)
                         for k in ("wall", "driver", "driver_sys", "workers")}
        print(f"  -j {jobs:<3d} {m['wall']:7.2f} {m['driver']:13.2f} {m['driver_sys']:9.2f} "
              f"{m['workers']:14.2f} {m['driver'] + m['workers']:10.2f}")
    one = med[1]["driver"] + med[1]["workers"]
    two = med[2]["driver"] + med[2]["workers"]
    print(f"  CPU of -j 2 / -j 1: {two / one:.3f}; ceiling of the -j 2 speed-up on two free "
          f"cores: {2 * one / two:.2f}x (target >= 1.8x); by the wall clock here: "
          f"{med[1]['wall'] / med[2]['wall']:.2f}x")


if __name__ == "__main__":
    main()
