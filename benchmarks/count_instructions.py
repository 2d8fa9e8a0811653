"""Instructions per deal, counted with callgrind (docs/dev/measuring.md).

    python benchmarks/count_instructions.py                 # yu4/mk4, text report
    python benchmarks/count_instructions.py --mix           # all twelve variants mixed
    python benchmarks/count_instructions.py --variant hu2   # one variant's records alone
    python benchmarks/count_instructions.py --stage read    # reading alone
    python benchmarks/count_instructions.py --stage json    # validation, JSON report

Wall clock on a shared machine drifts by tens of percent; callgrind gives the
same count for the same code and input whatever else runs.  The script writes a
warm-up file and a measured file of simulated games (benchmarks/out/, reused),
then runs ``valgrind --tool=callgrind`` twice with ``PYTHONHASHSEED=0``: once on
the warm-up alone, once on the warm-up then the measured file.  The difference,
divided by the measured file's deals, is the cost of one deal once the caches
are warm.  The garbage collector runs with the ``belot`` command's settings
(``belot.cli.tune_gc``), as in ``bench_validate.py``.  ``--stage engine`` reads
each file whole before replaying it, and subtracts the same count for reading
alone.  ``--profile FILE`` keeps the measured run's callgrind output, to see
with ``callgrind_annotate --inclusive=yes FILE`` where the instructions go.  It needs valgrind (``apt-get
install valgrind``); it takes a few minutes, because the program runs about
fifty times slower under callgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

def run_stage(stage: str, paths: list[Path]) -> int:
    """Do one stage over the files (inside callgrind); returns the deals seen."""
    from belot.cli import tune_gc
    from ingest.bgn.reader import read_games
    from ingest.runs.validate import report_lines
    from ingest.validation import validate_file
    from replay.engine.walk import replay_game

    tune_gc()  # the collector's settings of the belot command and bench_validate.py
    deals = 0
    for path in paths:
        if stage == "read":
            for game in read_games(path):
                deals += len(game.deals)
        elif stage == "engine":  # the games are read first, then replayed
            games = list(read_games(path))
            for game in games:
                deals += len(replay_game(game).deals)
        else:
            for report in validate_file(path, ids=stage == "json"):
                deals += len(report.deals)
                if stage == "json":  # the line `belot validate --json` prints
                    report_lines(report, "json")
    return deals


def count(stage: str, paths: list[Path], keep: str | None = None) -> int:
    """Total instructions callgrind counts for a process that runs the stage
    (its callgrind output copied to ``keep`` when given)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(keep) if keep else Path(tmp) / "callgrind.out"
        env = dict(os.environ, PYTHONHASHSEED="0")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               sys.executable, __file__, "--inner", stage, *map(str, paths)]
        subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        text = out.read_text(encoding="utf-8", errors="replace")
    m = re.search(r"^(?:summary|totals): (\d+)", text, re.MULTILINE)
    if m is None:
        raise SystemExit(f"no instruction total in callgrind's output for {stage}")
    return int(m.group(1))


def main() -> None:
    head, _, rest = __doc__.partition("\n\n")
    ap = argparse.ArgumentParser(description=head, epilog=rest,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--stage", choices=("read", "engine", "text", "json"), default="text",
                    help="what to count: reading, the engine on games already read, or "
                         "validation with the text or the JSON report (default: text)")
    ap.add_argument("--mix", action="store_true", help="all twelve variants instead of yu4/mk4")
    ap.add_argument("--variant", help="one variant alone instead of yu4/mk4 (e.g. hu2)")
    ap.add_argument("--profile", metavar="FILE",
                    help="also keep the callgrind output of the measured run in FILE "
                         "(for callgrind_annotate: where the instructions go)")
    ap.add_argument("--deals", type=int, default=1000, help="deals measured (default 1000)")
    ap.add_argument("--inner", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner:
        run_stage(args.inner[0], [Path(p) for p in args.inner[1:]])
        return
    from bench_validate import corpus  # beside this script: the same simulated records

    from replay.simulate import SUPPORTED

    if args.variant and args.variant not in SUPPORTED:
        ap.error(f"--variant: one of {', '.join(SUPPORTED)}")
    variants = SUPPORTED if args.mix else (args.variant,) if args.variant else ("yu4", "mk4")
    tag = "mix" if args.mix else args.variant or "yu4mk4"
    label = "all variants" if args.mix else args.variant or "yu4/mk4"
    warm, _ = corpus(args.deals * 3 // 2, 11, variants, f"count-{tag}-warm-")
    measured, _ = corpus(args.deals, 2026, variants, f"count-{tag}-")
    deals = run_stage("read", [measured])
    per_deal = (count(args.stage, [warm, measured], args.profile)
                - count(args.stage, [warm])) / deals
    if args.stage == "engine":  # that stage reads its games first: take the reading away
        per_deal -= (count("read", [warm, measured]) - count("read", [warm])) / deals
    print(f"{args.stage}, {label}: {deals} deals, "
          f"{per_deal / 1000:.0f}k instructions per deal")


if __name__ == "__main__":
    main()
