"""Double-dummy solver speed: one full solve from the first lead, and a whole deal
analysed card by card, per contract kind, with baselines measured in the same run.

    python benchmarks/bench_solver.py                # 500 random bg4 deals per kind
    python benchmarks/bench_solver.py --deals 50     # a shorter run
    python benchmarks/bench_solver.py --quick        # 20 deals per kind, small baselines

What it measures (one process, one core, numba cache warm):
- solve: ``Game.value`` of the callers' camp from the first lead of a random
  deal (bg4 rules: suit = hearts trump, No trumps, All trumps), median and
  95th percentile;
- deal: the same deal played out and analysed card by card as ``belot
  analyze`` does (before/after/best for every card; the play follows a best
  card 70% of the time, a random legal card otherwise), median and p95;
- baseline 1: the same kernel with ``NUMBA_DISABLE_JIT=1`` (plain Python), full
  solves of the first ``--baseline`` deals, in a subprocess;
- baseline 2: the plain minimax of tests/dd_brute.py against the solver on
  4-trick endings (the minimax cannot finish a whole deal in reasonable time).
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


def solve_times(kind: int, hands_list, nodes: list[int] | None = None) -> list[float]:
    from replay.rulesets import load_ruleset
    from replay.solver import Game

    rs = load_ruleset("bg4")
    times = []
    for hands in hands_list:
        game = Game(rs, kind, 1)
        pos = game.start(hands, 1)
        t0 = time.perf_counter()
        game.value(pos, 0)
        times.append(time.perf_counter() - t0)
        if nodes is not None:
            nodes.append(int(game.buf[-1, -1]))
    return times


def deal_times(kind: int, hands_list, seed: int) -> list[float]:
    """A deal played out (mostly best cards) and analysed card by card."""
    from replay.analysis import best_cards
    from replay.cards import cards_in
    from replay.rulesets import load_ruleset
    from replay.solver import Game

    rs = load_ruleset("bg4")
    rng = random.Random(seed)
    times = []
    for hands in hands_list:
        game = Game(rs, kind, 1)
        pos = game.start(hands, 1)
        t0 = time.perf_counter()
        known = (0, game.value(pos, 0))
        while not pos.is_over():
            camp = game.camp[pos.turn]
            before = known[1] if known[0] == camp else game.value(pos, camp)
            best = best_cards(game, pos, camp, before)
            card = (rng.choice(best) if rng.random() < 0.7
                    else rng.choice(cards_in(game.legal(pos))))
            after = before if card in best else game.value(pos, camp, guess=before, card=card)
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
    from dd_brute import brute_value, random_position

    from replay.rulesets import load_ruleset
    from replay.solver import Game

    rs = load_ruleset("bg4")
    rng = random.Random(seed)
    fast, slow = [], []
    for _ in range(count):
        pos, _ = random_position(rs, rng, 4, in_trick=0)
        game = Game(rs, kind, pos.leader)
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
    ap.add_argument("--endings", type=int, default=20,
                    help="4-trick endings per kind for the minimax baseline (default 20)")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    if args.quick:
        args.deals, args.baseline, args.endings = 20, 2, 5

    from replay.solver import warm

    t0 = time.perf_counter()
    warm()
    print(f"numba kernel ready in {time.perf_counter() - t0:.1f} s (cache load or compile)")
    print(f"{args.deals} random bg4 deals per kind, one core; times in ms (median / p95)\n")
    print(f"{'kind':<11} {'solve':>15} {'nodes (med)':>12} {'deal analysed':>15} "
          f"{'plain Python solve':>20} {'4-trick ending: solver / minimax':>34}")
    for name, kind in KINDS.items():
        hands = deals(args.deals, args.seed + kind)
        nodes: list[int] = []
        st = solve_times(kind, hands, nodes)
        dt = deal_times(kind, hands, args.seed)
        py = plain_python(kind, args.baseline, args.seed + kind) if args.baseline else []
        fast, slow = endings(kind, args.endings, args.seed + kind) if args.endings else ([], [])
        ms = 1000
        py_text = (f"{statistics.median(py) * ms:,.0f} / {pct(py, .95) * ms:,.0f} "
                   f"(n={len(py)})" if py else "-")
        end_text = (f"{statistics.median(fast) * ms:.2f} / {statistics.median(slow) * ms:,.0f}"
                    if fast else "-")
        print(f"{name:<11} {statistics.median(st) * ms:>7.1f} / {pct(st, .95) * ms:<6.0f} "
              f"{int(statistics.median(nodes)):>12,} "
              f"{statistics.median(dt) * ms:>7.1f} / {pct(dt, .95) * ms:<6.0f} "
              f"{py_text:>20} {end_text:>34}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
