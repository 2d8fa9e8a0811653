"""Validation throughput on one core, beside python-chess replaying PGN in the same run.

    python benchmarks/bench_validate.py             # >= 100,000 simulated deals (yu4 + mk4)
    python benchmarks/bench_validate.py --quick     # 5,000 deals, for a smoke run
    python benchmarks/bench_validate.py --all-variants   # all 12 playable variants in turn
    python benchmarks/bench_validate.py --variant hu2    # one variant in process, best of --rounds
    python benchmarks/bench_validate.py --json-ab        # validate -j 1 against --json, --rounds
    python benchmarks/bench_validate.py --wheel          # the installed wheel against this checkout

What it measures (one process, one core, unless said otherwise):
- full validation, as ``belot validate`` does it: read BGN text, replay every
  card, compare the sheet, write the report (the text report, and the JSON
  report which also hashes each game's canonical text for its id): deals/s
  and card plays/s;
- the parts: reading alone, and the engine alone on games already parsed;
- the baseline: python-chess reading a PGN file of random legal games with
  ``chess.pgn.read_game`` (which parses and plays every SAN move): plies/s;
- whole ``belot validate`` commands as a user runs them (start-up included):
  ``-j 1`` against ``-j 2`` (text and JSON report), wall clock and CPU;
- start-up: ``belot --help``, best of ten fresh processes;
- memory: peak RSS validating the corpus and a file ten times larger, each in
  a fresh subprocess (streaming: the two should be about the same).

``--wheel`` measures what a user gets from ``pip install``: it builds the wheel
(``python -m build --wheel``, the reader and the engine compiled by mypyc),
installs it into a fresh virtual environment under benchmarks/out/, and times
whole ``belot validate -j 1`` commands there (text and JSON report) beside the
same commands run from this checkout's compiled build and beside python-chess,
taking turns, on the all-variants corpus and on a corpus of yu4 games alone.
The goal: the installed wheel within 5% of the checkout's build.

The corpora are generated once into benchmarks/out/ (git-ignored) and reused.
Seconds drift with the machine's load; whether one change helped is decided by
instruction counts (``benchmarks/count_instructions.py``, docs/dev/measuring.md).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "benchmarks" / "out"


def corpus(deals: int, seed: int = 2026, variants: tuple[str, ...] = ("yu4", "mk4"),
           tag: str = "") -> tuple[Path, int]:
    """A BGN file of simulated games (taking turns among ``variants``) holding at
    least ``deals`` deals."""
    from ingest.bgn.writer import write_game
    from replay.simulate import simulate_games

    path = OUT / f"validate-{tag}{deals}.bgn"
    if path.exists():
        return path, deals
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    made = 0
    with tmp.open("w", encoding="utf-8") as f:
        g = 0
        while made < deals:
            variant = variants[g % len(variants)]
            for game in simulate_games(variant, 1, seed + g):
                f.write(write_game(game) + "\n")
                made += len(game.deals)
            g += 1
    tmp.replace(path)
    return path, deals


def pgn_corpus(games: int, seed: int = 7) -> Path:
    """A PGN file of random legal chess games (up to 120 plies each)."""
    import chess
    import chess.pgn

    path = OUT / f"random-{games}.pgn"
    if path.exists():
        return path
    rng = random.Random(seed)
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        for i in range(games):
            board = chess.Board()
            for _ in range(120):
                moves = list(board.legal_moves)
                if not moves or board.is_game_over():
                    break
                board.push(rng.choice(moves))
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"random {i}"
            print(game, file=f, end="\n\n")
    tmp.replace(path)
    return path


def bench_full(path: Path, json_report: bool = False) -> dict:
    """``belot validate`` on one file, output included (to a null stream): the
    text report (compiler-style lines) or, with ``json_report``, the JSON report
    of docs/bgn/report.md, which also needs each game's canonical id."""
    import io

    from ingest.validation import format_violation, validate_file

    out = io.StringIO()
    t = time.perf_counter()
    games = deals = plays = findings = 0
    for report in validate_file(path, ids=json_report):
        games += 1
        deals += len(report.deals)
        plays += sum(d.play_count for d in report.deals)
        findings += len(report.violations)
        if json_report:
            out.write(report.json_line() + "\n")  # as `belot validate --json` writes it
        else:
            for v in report.violations:
                out.write(format_violation(report, v) + "\n")
        if out.tell() > 1 << 20:
            out.seek(0)
            out.truncate()
    dt = time.perf_counter() - t
    return {"games": games, "deals": deals, "plays": plays, "findings": findings, "seconds": dt}


def split_by_variant(path: Path) -> dict[str, Path]:
    """The corpus's games, one file per variant (cached beside it)."""
    import re

    out: dict[str, Path] = {}
    text = path.read_text(encoding="utf-8")
    games = re.split(r"\n(?=\[Variant )", text)
    by: dict[str, list[str]] = {}
    for g in games:
        m = re.match(r'\[Variant "([^"]+)"\]', g)
        if m:
            by.setdefault(m.group(1), []).append(g.rstrip("\n") + "\n")
    for variant, texts in sorted(by.items()):
        f = OUT / f"{path.stem}-{variant}.bgn"
        if not f.exists():
            f.write_text("\n".join(texts), encoding="utf-8")
        out[variant] = f
    return out


def bench_read(path: Path) -> float:
    from ingest.bgn.reader import read_games

    t = time.perf_counter()
    for _ in read_games(path):
        pass
    return time.perf_counter() - t


def bench_engine(path: Path, limit_deals: int) -> dict:
    from ingest.bgn.reader import read_games
    from replay.engine.walk import replay_game

    games = []
    deals = 0
    for g in read_games(path):
        games.append(g)
        deals += len(g.deals)
        if deals >= limit_deals:
            break
    t = time.perf_counter()
    plays = 0
    for g in games:
        plays += sum(d.play_count for d in replay_game(g).deals)
    return {"deals": deals, "plays": plays, "seconds": time.perf_counter() - t}


def bench_chess(path: Path) -> dict:
    import chess.pgn

    t = time.perf_counter()
    games = plies = 0
    with path.open(encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            plies += sum(1 for _ in game.mainline_moves())
    return {"games": games, "plies": plies, "seconds": time.perf_counter() - t}


def peak_rss_validating(path: Path) -> float:
    """Peak RSS (MB) of a fresh process that validates ``path``."""
    # VmHWM, not ru_maxrss: a child started from this (large) process inherits its
    # ru_maxrss high-water mark across exec, VmHWM starts afresh.
    code = ("import sys; sys.path.insert(0, %r)\n"
            "from ingest.validation import validate_file\n"
            "for _ in validate_file(%r): pass\n"
            "print([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1])")
    out = subprocess.run([sys.executable, "-c", code % (str(ROOT), str(path))],
                         capture_output=True, text=True, check=True).stdout
    return int(out.split()[-1]) / 1024


def run_timed(cmd: list[str], check: bool = False, cwd: Path = ROOT) -> tuple[float, float]:
    """(wall-clock seconds, CPU seconds of it and every process it started) of ``cmd``
    run from ``cwd`` (the project's root), output thrown away.  ``check``: a non-zero
    exit is an error (``belot validate`` exits 1 when it finds violations, so not by
    default)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=check, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run_command(argv: list[str], repeat: int = 1) -> tuple[float, float]:
    """(best wall-clock seconds, CPU seconds of that run and its worker processes) of
    ``python -m belot ARGV``, output thrown away."""
    return min(run_timed([sys.executable, "-m", "belot", *argv]) for _ in range(repeat))


def chess_rate_in_subprocess(pgn: Path) -> float:
    """python-chess's plies/s over ``pgn``, timed in a fresh process (as
    ``bench_chess`` times it), so that it can take turns with the commands."""
    code = ("import sys, json; sys.path.insert(0, %r); sys.path.insert(0, %r)\n"
            "from bench_validate import bench_chess\n"
            "r = bench_chess(__import__('pathlib').Path(%r))\n"
            "print(r['plies'] / r['seconds'])")
    out = subprocess.run([sys.executable, "-c", code % (str(ROOT), str(ROOT / "benchmarks"), str(pgn))],
                         capture_output=True, text=True, check=True).stdout
    return float(out.split()[-1])


def bench_jobs(path: Path, plays: int, pgn: Path, rounds: int) -> None:
    """Whole ``belot validate`` commands, one worker against two (start-up included),
    and python-chess beside them. The four commands and python-chess take turns,
    round after round, and each keeps its best round: a shared machine's speed drifts
    by a fifth within minutes, so figures measured one after the other compare
    the minutes as much as the programs."""
    print(f"\nwhole commands (python -m belot ..., start-up included; {rounds} rounds taking "
          "turns, best of each; wall clock, and CPU of all processes):")
    configs = (["-j", "1"], ["-j", "2"], ["-j", "1", "--json"], ["-j", "2", "--json"])
    best = {" ".join(a): (float("inf"), 0.0) for a in configs}
    chess_pps = 0.0
    for _ in range(rounds):
        for args in configs:
            key = " ".join(args)
            best[key] = min(best[key], run_command(["validate", *args, str(path)]))
        chess_pps = max(chess_pps, chess_rate_in_subprocess(pgn))
    print(f"  python-chess read_game, best round: {chess_pps:,.0f} plies/s")
    rates = {}
    for key, (wall, cpu) in best.items():
        rates[key] = plays / wall
        print(f"  belot validate {key:10s} {wall:6.2f}s wall {cpu:6.2f}s CPU  "
              f"{plays / wall:>9,.0f} plays/s  {plays / wall / chess_pps:5.1f}x python-chess")
    print(f"  -j 2 / -j 1: {rates['-j 2'] / rates['-j 1']:.2f}x text, "
          f"{rates['-j 2 --json'] / rates['-j 1 --json']:.2f}x JSON "
          f"(target >= 1.8x on two cores; {os.cpu_count()} CPUs here)")
    print(f"  JSON / text, one worker: {rates['-j 1 --json'] / rates['-j 1']:.2f} "
          "(target: within 10%)")
    print(f"  whole -j 1 text against python-chess: {rates['-j 1'] / chess_pps:.1f}x (target >= 10x)")


def bench_json_ab(path: Path, rounds: int) -> None:
    """Whole ``belot validate -j 1`` with the text report against the same with
    ``--json``, taking turns for ``rounds`` rounds (start-up and output included):
    the best and the median of each, and JSON's CPU seconds over text's (the
    target: the JSON report within 10% of the text report)."""
    import statistics

    configs = (("text", ["validate", "-j", "1", str(path)]),
               ("json", ["validate", "-j", "1", "--json", str(path)]))
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in configs}
    for k in range(rounds):
        for name, argv in configs:
            runs[name].append(run_command(argv))
        print(f"  round {k + 1}: " + ", ".join(
            f"{name} {runs[name][-1][0]:.2f}s wall {runs[name][-1][1]:.2f}s CPU"
            for name, _ in configs), flush=True)
    cpu = {name: [c for _, c in runs[name]] for name, _ in configs}
    for name, _ in configs:
        print(f"  {name}: CPU best {min(cpu[name]):.2f}s, median "
              f"{statistics.median(cpu[name]):.2f}s; wall best {min(w for w, _ in runs[name]):.2f}s")
    print(f"  JSON / text CPU seconds: best {min(cpu['json']) / min(cpu['text']):.3f}, median "
          f"{statistics.median(cpu['json']) / statistics.median(cpu['text']):.3f}, per round "
          + " ".join(f"{j / t:.3f}" for j, t in zip(cpu["json"], cpu["text"], strict=True)))


def install_wheel() -> Path:
    """The project's wheel, built now, installed into a fresh virtual environment
    (benchmarks/out/wheel-venv); returns the environment.  Its ``belot --version``
    is printed: the reader and the engine must be the compiled modules."""
    import shutil

    dist, venv = OUT / "wheel-dist", OUT / "wheel-venv"
    for old in (dist, venv):
        shutil.rmtree(old, ignore_errors=True)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)],
                   check=True, stdout=subprocess.DEVNULL)
    wheel = next(dist.glob("*.whl"))
    print(f"built {wheel.name} in {time.perf_counter() - t:.0f}s", flush=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                   check=True)
    version = subprocess.run([str(venv / "bin" / "belot"), "--version"], cwd=OUT, check=True,
                             capture_output=True, text=True).stdout
    print("installed into a fresh virtual environment; its belot --version:")
    print("".join(f"  {line}\n" for line in version.splitlines()), end="")
    if "interpreted" in version:
        raise SystemExit("the installed wheel runs the reader or the engine interpreted")
    return venv


def bench_wheel(deals: int, rounds: int) -> None:
    """Whole ``belot validate -j 1`` commands (text and JSON report) from the
    installed wheel and from this checkout's compiled build, and python-chess,
    taking turns round after round, on the all-variants corpus and on a corpus of
    yu4 games alone.  Rates by the CPU seconds of each command (start-up included):
    on a shared machine they move far less than the wall clock; the best round of
    each, and the median."""
    import statistics

    sys.path.insert(0, str(ROOT / "scripts"))
    import build_compiled

    from replay.simulate import SUPPORTED

    if not all(p.exists() for p in build_compiled.built_files()) or build_compiled.stale():
        raise SystemExit("no up-to-date compiled build in the checkout: run "
                         "python scripts/build_compiled.py first")
    files = {"all variants": corpus(deals, variants=SUPPORTED, tag="all-")[0],
             "yu4 only": corpus(deals, variants=("yu4",), tag="yu4-")[0]}
    pgn = pgn_corpus(2_000)
    venv = install_wheel()
    plays = {name: bench_full(f)["plays"] for name, f in files.items()}
    commands = {"wheel": ([str(venv / "bin" / "belot")], OUT),
                "checkout": ([sys.executable, "-m", "belot"], ROOT)}
    runs: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
    chess_pps = 0.0
    for r in range(rounds):
        for corpus_name, f in files.items():
            for report in ("text", "JSON"):
                for who, (argv, cwd) in commands.items():
                    cmd = [*argv, "validate", "-j", "1", *(["--json"] if report == "JSON" else []),
                           str(f)]
                    runs.setdefault((corpus_name, report, who), []).append(run_timed(cmd, cwd=cwd))
        chess_pps = max(chess_pps, chess_rate_in_subprocess(pgn))
        print(f"  round {r + 1} of {rounds} done", flush=True)
    print(f"\nwhole belot validate -j 1 (start-up included), {rounds} rounds taking turns; "
          f"rates by CPU seconds; python-chess read_game {chess_pps:,.0f} plies/s (best round)")
    for corpus_name, f in files.items():
        print(f"{corpus_name}: {f.name}, {plays[corpus_name]:,} card plays")
        for report in ("text", "JSON"):
            best, median = {}, {}
            for who in commands:
                got = runs[(corpus_name, report, who)]
                cpu = [c for _, c in got]
                best[who], median[who] = min(cpu), statistics.median(cpu)
                rate = plays[corpus_name] / best[who]
                print(f"  {report:4s} {who:8s} CPU best {best[who]:6.2f}s median "
                      f"{median[who]:6.2f}s, wall best {min(w for w, _ in got):6.2f}s  "
                      f"{rate:>10,.0f} plays/s  {rate / chess_pps:5.1f}x python-chess")
            ratio = best["checkout"] / best["wheel"]
            print(f"  {report:4s} wheel / checkout: {ratio:.3f} by the best rounds, "
                  f"{median['checkout'] / median['wheel']:.3f} by the medians (goal >= 0.95: "
                  f"{'met' if ratio >= 0.95 else 'NOT met'})")


def bench_startup(repeat: int = 10) -> None:
    """``belot --help`` and ``belot validate --help``: the best wall-clock time of fresh
    processes (the bytecode compiled by scripts/setup.sh, as installed)."""
    for argv in (["--help"], ["validate", "--help"]):
        wall, _ = run_command(argv, repeat)
        print(f"start-up: belot {' '.join(argv):16s} {wall * 1000:5.0f} ms "
              f"(best of {repeat}; target < 150 ms for --help)")


def bench_variant(variant: str, deals: int, rounds: int) -> None:
    """The text report of one variant's games in process (what ``--all-variants``
    prints per variant), best of ``rounds``: CPU seconds move less than the wall
    clock on a shared machine."""
    from replay.simulate import SUPPORTED

    if variant not in SUPPORTED:
        raise SystemExit(f"--variant: one of {', '.join(SUPPORTED)}")
    path, _ = corpus(deals, variants=SUPPORTED, tag="all-")
    f = split_by_variant(path)[variant]
    bench_full(f)  # warm: the auctions, templates and tables a long run has in its caches
    best_cpu = best_wall = float("inf")
    for _ in range(rounds):
        cpu = time.process_time()
        r = bench_full(f)
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, r["seconds"])
    print(f"{variant}: {r['deals']:,} deals, {r['plays']:,} card plays, text report in process, "
          f"best of {rounds}: {r['plays'] / best_cpu:,.0f} card plays/s by CPU time, "
          f"{r['plays'] / best_wall:,.0f} by the wall clock")


def main() -> None:
    from belot.cli import tune_gc

    tune_gc()  # as the belot command does
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--quick", action="store_true", help="5,000 deals, no memory check")
    ap.add_argument("--all-variants", action="store_true",
                    help="every playable variant in turn instead of yu4 and mk4")
    ap.add_argument("--variant", help="only one variant's games of the all-variants corpus: "
                    "the text report in process, best of --rounds runs (CPU and wall seconds)")
    ap.add_argument("--json-ab", action="store_true",
                    help="only whole `belot validate -j 1` against `-j 1 --json` on the "
                    "all-variants corpus, taking turns for --rounds rounds")
    ap.add_argument("--wheel", action="store_true",
                    help="only the installed wheel against this checkout's compiled build "
                    "and python-chess: whole `belot validate -j 1`, text and JSON, on the "
                    "all-variants corpus and a yu4 corpus, taking turns for --rounds rounds")
    ap.add_argument("--rounds", type=int, default=5,
                    help="runs for --variant, --json-ab and --wheel (default 5)")
    args = ap.parse_args()
    deals = 5_000 if args.quick else args.deals
    if args.variant:
        bench_variant(args.variant, deals, args.rounds)
        return
    if args.wheel:
        bench_wheel(deals, args.rounds)
        return
    if args.json_ab:
        from replay.simulate import SUPPORTED

        path, _ = corpus(deals, variants=SUPPORTED, tag="all-")
        print(f"whole commands on {path.name}, {args.rounds} rounds taking turns:")
        bench_json_ab(path, args.rounds)
        return

    t = time.perf_counter()
    if args.all_variants:
        from replay.simulate import SUPPORTED

        path, _ = corpus(deals, variants=SUPPORTED, tag="all-")
    else:
        path, _ = corpus(deals)
    pgn = pgn_corpus(200 if args.quick else 2_000)
    print(f"corpora ready in {time.perf_counter() - t:.1f}s: {path.name} "
          f"({path.stat().st_size / 1e6:.1f} MB), {pgn.name}")

    full = bench_full(path)
    full_json = bench_full(path, json_report=True)
    read_s = bench_read(path)
    engine = bench_engine(path, min(deals, 20_000))
    chess_r = bench_chess(pgn)

    mb = path.stat().st_size / 1e6
    full_pps = full["plays"] / full["seconds"]
    chess_pps = chess_r["plies"] / chess_r["seconds"]
    json_pps = full_json["plays"] / full_json["seconds"]
    print("\nfull validation, one core: read + replay every card + sheet + violations + report")
    print(f"  {full['games']:,} games, {full['deals']:,} deals, {full['plays']:,} card plays, "
          f"{full['findings']:,} findings")
    print(f"  text report (belot validate):   {full['seconds']:.2f}s  "
          f"{full['deals'] / full['seconds']:,.0f} deals/s  {full_pps:,.0f} card plays/s  "
          f"{mb / full['seconds']:.1f} MB/s")
    print(f"  JSON report (+ game ids, --json): {full_json['seconds']:.2f}s  "
          f"{full_json['deals'] / full_json['seconds']:,.0f} deals/s  {json_pps:,.0f} card plays/s")
    print(f"reading alone:  {full['plays'] / read_s:,.0f} card plays/s ({mb / read_s:.1f} MB/s)")
    print(f"engine alone:   {engine['plays'] / engine['seconds']:,.0f} card plays/s "
          f"({engine['deals'] / engine['seconds']:,.0f} deals/s on {engine['deals']:,} deals)")
    print(f"python-chess read_game (parse + play SAN): {chess_r['games']:,} games, "
          f"{chess_r['plies']:,} plies, {chess_pps:,.0f} plies/s")
    print(f"ratio: our card plays/s / chess plies/s = {full_pps / chess_pps:.1f}x text, "
          f"{json_pps / chess_pps:.1f}x JSON")
    print(f"targets: text report >= 10x python-chess: "
          f"{'met' if full_pps >= 10 * chess_pps else 'NOT met'}; JSON within 10% of text "
          f"({json_pps / full_pps:.0%} of it): {'met' if json_pps >= 0.9 * full_pps else 'NOT met'}; "
          f">= 500,000 card plays/s in process: {'met' if full_pps >= 500_000 else 'NOT met'}")

    bench_startup(3 if args.quick else 10)
    bench_jobs(path, full["plays"], pgn, 1 if args.quick else 5)

    if args.all_variants:
        print("\nper variant (text report, one core, best of two passes; target >= 500,000 "
              "card plays/s each):")
        print(f"  {'variant':8s} {'deals':>7s} {'cards/deal':>10s} {'deals/s':>8s} "
              f"{'card plays/s':>13s} {'x chess':>7s}")
        for variant, f in split_by_variant(path).items():
            # the best of two: one pass of a short corpus (bg2: 2,950 deals, 0.1 s) is at
            # the mercy of one collection or one busy moment of the machine; the first
            # variant timed can come out at half its rate
            r = min((bench_full(f) for _ in range(2)), key=lambda x: x["seconds"])
            pps = r["plays"] / r["seconds"]
            print(f"  {variant:8s} {r['deals']:7,d} {r['plays'] / r['deals']:10.1f} "
                  f"{r['deals'] / r['seconds']:8,.0f} {pps:13,.0f} {pps / chess_pps:7.1f}")
    if not args.quick:
        big = OUT / f"{path.stem}-x10.bgn"
        if not big.exists():
            tmp = big.with_suffix(".tmp")
            with tmp.open("w", encoding="utf-8") as f:
                text = path.read_text(encoding="utf-8")
                for _ in range(10):
                    f.write(text)
            tmp.replace(big)
        small_rss = peak_rss_validating(path)
        big_rss = peak_rss_validating(big)
        print(f"peak RSS validating {mb:.0f} MB: {small_rss:.0f} MB; "
              f"{big.stat().st_size / 1e6:.0f} MB (x10): {big_rss:.0f} MB "
              f"(ratio {big_rss / small_rss:.2f})")
    print(f"this process peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
