"""Double-dummy solver speed: one full solve from the first lead, and a whole deal
analysed card by card, per contract kind, with baselines measured in the same run.

    python benchmarks/bench_solver.py                # 500 random bg4 deals per kind
    python benchmarks/bench_solver.py --deals 50     # a shorter run
    python benchmarks/bench_solver.py --quick        # 20 deals per kind, small baselines

What it measures (one process, numba cache warm; one thread, and again with
``--threads`` threads per solve, ``replay.solver.threads``):
- solve: ``DoubleDummy.value`` of the callers' camp from the first lead of a random
  deal (bg4 rules: suit = hearts trump, No trumps, All trumps), median and
  95th percentile;
- deal: the same deal played out and analysed card by card as ``belot
  analyze`` does (before/after/best for every card; the play follows a best
  card 70% of the time, a random legal card otherwise), median and p95;
- threads: both measures again with the solves of big positions spread over
  ``--threads`` threads (default: every core; ``replay.solver.threads``), taking turns
  with one thread deal by deal, so that the ratio is fair on a busy machine;
- baseline 1: the same kernel with ``NUMBA_DISABLE_JIT=1`` (plain Python), full
  solves of the first ``--baseline`` deals, in a subprocess;
- baseline 2: the same compiled kernel and table driven by MTD(f) (null-window
  probes from a guess) on the first ``--mtd`` deals,
  taking its turn deal by deal with the solver;
- baseline 3: the plain minimax of tests/support/dd_brute.py against the solver on
  4-trick endings (the minimax cannot finish a whole deal in reasonable time).

Every baseline is printed with its ratio to the solver on the same deals, all
measured in this run: the machine's load changes wall clock from run to run,
ratios much less.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

KINDS = {"suit": 1, "No trumps": 4, "All trumps": 5}


def deals(count: int, seed: int) -> list[dict[int, int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = list(range(32))
        rng.shuffle(cards)
        out.append({s: sum(1 << c for c in cards[(s - 1) * 8:s * 8]) for s in range(1, 5)})
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def solve_times(kind: int, hands_list, nodes: list[int] | None = None,
                threads: int = 1) -> list[float]:
    from replay.rules.rulesets import load_ruleset
    from replay.solver.search import DoubleDummy

    rs = load_ruleset("bg4")
    times = []
    for hands in hands_list:
        game = DoubleDummy(rs, kind, 1, threads=threads)
        pos = game.start(hands, 1)
        t0 = time.perf_counter()
        game.value(pos, 0)
        times.append(time.perf_counter() - t0)
        if nodes is not None:
            nodes.append(game.nodes())
    return times


def mtd_times(kind: int, hands_list) -> list[float]:
    """The same kernel driven by MTD(f) instead of one principal variation
    search: null-window probes, steps from a guess (half the points) taking
    turns with bisection between the proven bounds)."""

    from replay.rules.rulesets import load_ruleset
    from replay.solver import kernel as k
    from replay.solver.search import DoubleDummy

    rs = load_ruleset("bg4")
    times = []
    for hands in hands_list:
        game = DoubleDummy(rs, kind, 1)
        pos = game.start(hands, 1)
        h, tcards, _ = game._arrays(pos)
        rem = game._rem(pos)
        t0 = time.perf_counter()
        lower, upper, g, step = 0, int(k.top(game.ctx, rem)), rem // 2, 0
        while lower < upper:
            beta = min(max(g, lower + 1), upper) if step % 2 == 0 else (lower + upper + 1) // 2
            g = int(k.window(game.ctx, game.tt, game.buf, h, tcards, 0, 0, 1, 0, rem, 0,
                             game.gen, beta - 1, beta, -1))
            lower, upper = (lower, min(upper, g)) if g < beta else (max(lower, g), upper)
            step += 1
        times.append(time.perf_counter() - t0)
    return times


def deal_times(kind: int, hands_list, seed: int, threads: int = 1,
               rng: random.Random | None = None) -> list[float]:
    """A deal played out (mostly best cards) and analysed card by card."""
    from replay.model.cards import cards_in
    from replay.rules.rulesets import load_ruleset
    from replay.solver.analysis import best_cards
    from replay.solver.search import DoubleDummy

    rs = load_ruleset("bg4")
    rng = rng or random.Random(seed)
    times = []
    for hands in hands_list:
        game = DoubleDummy(rs, kind, 1, threads=threads)
        pos = game.start(hands, 1)
        t0 = time.perf_counter()
        known = (0, game.value(pos, 0))
        while not pos.is_over():
            camp = game.camp[pos.turn]
            before = known[1] if known[0] == camp else game.value(pos, camp)
            best = best_cards(game, pos, camp, before)
            card = (rng.choice(best) if rng.random() < 0.7
                    else rng.choice(cards_in(game.legal(pos))))
            after = before if card in best else game.value(pos, camp, card=card)
            gained = game.gain(pos, card, camp)
            pos = game.after(pos, card)
            known = (camp, after - gained)
        times.append(time.perf_counter() - t0)
    return times


def plain_python(kind: int, count: int, seed: int) -> list[float]:
    """Full solves with NUMBA_DISABLE_JIT=1, in a subprocess (times in seconds)."""
    code = ("import json, sys; sys.path.insert(0, 'benchmarks');"
            "from bench_solver import deals, solve_times;"
            f"print(json.dumps(solve_times({kind}, deals({count}, {seed}))))")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def endings(kind: int, count: int, seed: int) -> tuple[list[float], list[float]]:
    """Solver vs plain minimax on 4-trick endings (seconds each)."""
    from support.dd_brute import brute_value, random_position

    from replay.rules.rulesets import load_ruleset
    from replay.solver.search import DoubleDummy

    rs = load_ruleset("bg4")
    rng = random.Random(seed)
    fast, slow = [], []
    for _ in range(count):
        pos, _ = random_position(rs, rng, 4, in_trick=0)
        game = DoubleDummy(rs, kind, pos.leader)
        t0 = time.perf_counter()
        a = game.value(pos, 0)
        t1 = time.perf_counter()
        b = brute_value(game, pos, 0)
        t2 = time.perf_counter()
        assert a == b, (pos, a, b)
        fast.append(t1 - t0)
        slow.append(t2 - t1)
    return fast, slow


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--baseline", type=int, default=5,
                    help="deals per kind solved by the plain-Python kernel (default 5)")
    ap.add_argument("--mtd", type=int, default=50,
                    help="deals per kind solved by the MTD(f) driver (default 50)")
    ap.add_argument("--endings", type=int, default=20,
                    help="4-trick endings per kind for the minimax baseline (default 20)")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                    help="threads per solve for the second set of figures (default: every "
                         "core; 1 skips it)")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    if args.quick:
        args.deals, args.baseline, args.mtd, args.endings = 20, 2, 10, 5

    from replay.solver.search import warm

    t0 = time.perf_counter()
    warm()
    print(f"numba kernel ready in {time.perf_counter() - t0:.1f} s (cache load or compile)")
    print(f"{args.deals} random bg4 deals per kind; times in ms (median / p95)\n")
    print(f"{'kind':<11} {'threads':>7} {'solve':>15} {'nodes (med)':>12} {'deal analysed':>15} "
          f"{'deal/solve':>10}")
    ratios = []
    for name, kind in KINDS.items():
        hands = deals(args.deals, args.seed + kind)
        counts = sorted({1, args.threads})
        runs: dict[int, tuple[list[float], list[float], list[int]]] = {
            t: ([], [], []) for t in counts}
        rngs = {t: random.Random(args.seed) for t in counts}  # the same play for each count
        mtd: list[float] = []
        for i, deal in enumerate(hands):  # thread counts take turns deal by deal: a fair ratio
            for threads in counts if i % 2 == 0 else counts[::-1]:
                st, dt, nodes = runs[threads]
                st += solve_times(kind, [deal], nodes, threads)
                dt += deal_times(kind, [deal], args.seed, threads, rngs[threads])
            if i < args.mtd:  # the MTD(f) baseline takes its turn on the same deal too
                mtd += mtd_times(kind, [deal])
        for threads in counts:
            st, dt, nodes = runs[threads]
            print(f"{name:<11} {threads:>7} {_ms(st):>15} {int(statistics.median(nodes)):>12,} "
                  f"{_ms(dt):>15} {statistics.median(dt) / statistics.median(st):>9.1f}x")
        sys.stdout.flush()
        st, dt, _ = runs[1]
        line = []
        if args.threads > 1:
            line.append((f"{args.threads} threads: one solve", st, runs[args.threads][0]))
            line.append((f"{args.threads} threads: deal analysed", dt, runs[args.threads][1]))
        if args.mtd:
            line.append(("MTD(f) driver", mtd, st[:args.mtd]))
        if args.baseline:
            py = plain_python(kind, args.baseline, args.seed + kind)
            line.append(("plain Python (NUMBA_DISABLE_JIT=1)", py, st[:args.baseline]))
        if args.endings:
            fast, slow = endings(kind, args.endings, args.seed + kind)
            line.append(("4-trick endings, plain minimax", slow, fast))
        ratios.append((name, line))
    print("\nbaselines on the same deals, this run (median ms, and baseline / solver; the\n"
          "threads lines: one thread, beside the solver on --threads threads):")
    for name, line in ratios:
        for what, base, ours in line:
            ratio = statistics.median(base) / statistics.median(ours)
            print(f"  {name:<11} {what:<36} {_ms(base):>17}  solver {_ms(ours):>15}"
                  f"  {ratio:>8.1f}x  (n={len(base)})")


def _ms(xs: list[float]) -> str:
    """Median / 95th percentile in milliseconds."""
    return f"{statistics.median(xs) * 1000:,.1f} / {pct(xs, .95) * 1000:,.0f}"


if __name__ == "__main__":
    main()
