"""Compiled (mypyc) against interpreted, whole ``belot validate -j 1`` commands side by
side, beside python-chess, in CPU seconds (docs/performance.md#compiled-with-mypyc).

    python benchmarks/bench_compiled.py                  # 100,000 yu4/mk4 deals
    python benchmarks/bench_compiled.py --all-variants   # every playable variant
    python benchmarks/bench_compiled.py --deals 20000 --rounds 2
    python benchmarks/bench_compiled.py --write-docs     # and the figures the pages quote

The interpreted side runs in a copy of the project without the build
(``scripts/build_compiled.py``'s ``pure_copy``), so it is the ``.py`` sources.
Each round runs, in turn: python-chess reading and replaying a PGN file, the
compiled command and the interpreted one, each with the text and the JSON
report, each in a fresh process; the best of the rounds is kept.  CPU seconds
(user + system, of the process) rather than wall clock: on a shared 2-core
machine the wall clock of one process doubles when other work takes the other
core, its CPU time barely moves.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "scripts"))

CHESS = """
import sys, chess.pgn
plies = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        plies += sum(1 for _ in game.mainline_moves())
print(plies)
"""


def timed(argv: list[str], tree: Path) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, stdout) of ``python ARGV`` run from ``tree``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    run = subprocess.run([sys.executable, *argv], cwd=tree, capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(tree)), check=False)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode not in (0, 1):
        raise SystemExit(f"{argv} failed in {tree}:\n{run.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, run.stdout


def main() -> None:
    head, _, rest = (__doc__ or "").partition("\n\n")
    ap = argparse.ArgumentParser(description=head, epilog=rest,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--all-variants", action="store_true",
                    help="every playable variant in turn instead of yu4 and mk4")
    ap.add_argument("--write-docs", action="store_true",
                    help="write the ratios and the table into docs/snippets/numbers.md, "
                         "where the pages include them (benchmarks/docnumbers.py)")
    args = ap.parse_args()
    import build_compiled as build
    from bench_validate import corpus, pgn_corpus

    if not all(p.exists() for p in build.built_files()) or build.stale():
        raise SystemExit("no up-to-date build: run python scripts/build_compiled.py first")
    if args.all_variants:
        from replay.simulate import SUPPORTED

        path, _ = corpus(args.deals, variants=SUPPORTED, tag="all-")
    else:
        path, _ = corpus(args.deals)
    pgn = pgn_corpus(2_000)
    with tempfile.TemporaryDirectory() as tmp:
        pure = build.pure_copy(Path(tmp) / "pure")
        trees = {"compiled": ROOT, "interpreted": pure}
        best: dict[str, tuple[float, float]] = {}
        for r in range(args.rounds):
            cpu, wall, out = timed(["-c", CHESS, str(pgn)], ROOT)
            plies = int(out)
            best["chess"] = min(best.get("chess", (1e9, 0.0)), (cpu, wall))
            for name, tree in trees.items():
                for report in ([], ["--json"]):
                    key = f"{name} {'JSON' if report else 'text'}"
                    cpu, wall, out = timed(["-m", "belot", "validate", "-j", "1", *report,
                                            str(path)], tree)
                    best[key] = min(best.get(key, (1e9, 0.0)), (cpu, wall))
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    from ingest.bgn.reader import read_games
    from replay.engine.walk import replay_game

    plays = sum(d.play_count for g in read_games(path) for d in replay_game(g).deals)
    chess_rate = plies / best["chess"][0]
    print(f"{path.name}: {plays:,} card plays; {pgn.name}: {plies:,} plies; "
          f"best of {args.rounds}, CPU seconds of each process (wall clock beside)")
    print(f"  python-chess read_game    {best['chess'][0]:6.2f}s CPU {best['chess'][1]:6.2f}s "
          f"wall {chess_rate:>10,.0f} plies/s")
    for key, (cpu, wall) in best.items():
        if key == "chess":
            continue
        print(f"  belot validate, {key:16s} {cpu:6.2f}s CPU {wall:6.2f}s wall "
              f"{plays / cpu:>10,.0f} plays/s {plays / cpu / chess_rate:5.1f}x python-chess")
    ratios = {report: best[f"interpreted {report}"][0] / best[f"compiled {report}"][0]
              for report in ("text", "JSON")}
    for report, ratio in ratios.items():
        print(f"  compiled / interpreted, {report} report: {ratio:.2f}x")
    if args.write_docs:
        from docnumbers import write_sections

        write_sections(doc_figures(best, ratios, plays, plies, chess_rate, path.name,
                                   args.rounds))


def doc_figures(best: dict[str, tuple[float, float]], ratios: dict[str, float], plays: int,
                plies: int, chess_rate: float, corpus: str, rounds: int) -> dict[str, str]:
    """The sections of docs/snippets/numbers.md this run measured: the ratio the install
    pages quote (``2.1 times as fast``, text report) and the table of the performance
    page."""
    def row(name: str) -> str:
        text, json_ = best[f"{name} text"][0], best[f"{name} JSON"][0]
        return (f"| `belot validate`, {name}, text / `--json` | {text:.2f} / {json_:.2f} | "
                f"{plays / text:,.0f} / {plays / json_:,.0f} | "
                f"{plays / text / chess_rate:.1f} / {plays / json_ / chess_rate:.1f} |")

    table = "\n".join([
        f"On `{corpus}` ({plays:,} card plays), best of {rounds}, CPU seconds of each process:",
        "",
        "| | CPU s | card plays/s | × python-chess |",
        "|---|---|---|---|",
        f"| python-chess `read_game` | {best['chess'][0]:.2f} | {chess_rate:,.0f} plies/s "
        f"({plies:,} plies) | 1 |",
        row("interpreted"),
        row("compiled"),
        "",
        f"Compiled, a run takes {ratios['text']:.2f} times less CPU with the text report and "
        f"{ratios['JSON']:.2f} times less with the JSON report.",
    ])
    return {"compiled-speed": f"{ratios['text']:.1f} times as fast", "compiled-table": table}


if __name__ == "__main__":
    main()
