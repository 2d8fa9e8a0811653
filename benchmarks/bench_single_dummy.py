"""Single-dummy analysis of whole deals: speed, and the accuracy of its estimate.

Speed (the default): deals of the bundled simulated records (``data/sim``), by
contract kind (a trump suit, No trumps, All trumps), each analysed single-dummy
(``replay.singledummy.values.single_dummy_deal``: every card, ``--samples``
layouts per position, one core).  Prints per deal the time, the double-dummy
solves and the kernel's nodes; per kind the median and 95th percentile of the
time; then, on the first ``--baseline`` deals of each kind, the same layouts
solved from scratch: every (layout, legal card) pair by a fresh game (a fresh
transposition table key space, no equivalent cards shared, identical layouts
solved again), and the ratio of the two in CPU seconds (the wall clock moves with
the machine's load) and in nodes.  ``--no-keep`` draws every
position's layouts afresh instead of keeping a seat's still-consistent ones.

Accuracy (``--accuracy``): the standard error of ``sd_before`` over every card
of a few deals of each bundled variant, for K = 8, 16, 32, 64 layouts: median
and 95th percentile (over the cards whose layout is not determined, and over
all), and how they fall with K (1/sqrt(K) would halve them from K to 4K).

    .venv/bin/python benchmarks/bench_single_dummy.py --deals 8 --baseline 1
    .venv/bin/python benchmarks/bench_single_dummy.py --accuracy --deals 3
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.bgn.reader import read_games  # noqa: E402
from replay.engine.report import DealReport  # noqa: E402
from replay.engine.walk import replay_game  # noqa: E402
from replay.model.cards import NO_TRUMPS, cards_in  # noqa: E402
from replay.rules.ruleset import Ruleset  # noqa: E402
from replay.singledummy.values import (  # noqa: E402
    Layout,
    SampledLayouts,
    single_dummy_deal,
)
from replay.solver.analysis import deal_game, game_ruleset, playable  # noqa: E402
from replay.solver.search import Position, warm  # noqa: E402

#: contract kinds as the goals group them, and the bundled records each is taken from
#: (yu4 plays trump suits only; bg4 also No trumps and All trumps)
KINDS = ("suit", "NT", "AT")
KIND_VARIANTS = {"suit": "yu4", "NT": "bg4", "AT": "bg4"}
#: the variants of the accuracy table (the bundled simulated records)
ACCURACY_VARIANTS = ("yu4", "bg4", "contree", "ru3", "hu3")


def kind_of(dr: DealReport) -> str:
    if "betl" in dr.figures or dr.contract == NO_TRUMPS:
        return "NT"
    return "AT" if dr.contract == 5 else "suit"


def deals_of(variant: str) -> Iterator[tuple[DealReport, Ruleset]]:
    """The deals of ``data/sim/<variant>.bgn.gz`` the analysis can take, in order."""
    for g in read_games(ROOT / "data" / "sim" / f"{variant}.bgn.gz"):
        rs = game_ruleset(g)
        if rs is None:
            continue
        for dr in replay_game(g).deals:
            if playable(dr, rs) and not dr.penalty:
                yield dr, rs


def pick(kind: str, variant: str, count: int) -> list[tuple[DealReport, Ruleset]]:
    """The first ``count`` deals of that contract kind in ``data/sim/<variant>``."""
    return list(itertools.islice(((dr, rs) for dr, rs in deals_of(variant)
                                  if kind_of(dr) == kind), count))


class Recording:
    """The layouts each position was given, kept for the from-scratch baseline."""

    def __init__(self, source: SampledLayouts) -> None:
        self.source = source
        self.seen: list[tuple[Position, list[Layout]]] = []

    def __call__(self, index: int, pos: Position) -> tuple[list[Layout], bool] | None:
        got = self.source(index, pos)
        if got is not None:
            self.seen.append((pos, got[0]))
        return got


def from_scratch(dr: DealReport, rs: Ruleset, seen: list[tuple[Position, list[Layout]]]
                 ) -> tuple[float, int, int]:
    """Every (layout, legal card) pair of the recorded positions solved by a fresh game:
    seconds, solves, nodes."""
    solves = nodes = 0
    t0 = time.perf_counter()
    for pos, layouts in seen:
        for layout in layouts:
            game, _ = deal_game(dr, rs)
            p = Position((0,) + tuple(layout.get(s, 0) for s in range(1, rs.players + 1)),
                         pos.trick, pos.leader, pos.won)
            for c in cards_in(game.legal(p)):
                fresh, _ = deal_game(dr, rs)
                fresh.value(p, fresh.camp[p.turn], card=c)
                nodes += fresh.nodes()
                solves += 1
    return time.perf_counter() - t0, solves, nodes


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def speed(args: argparse.Namespace) -> None:
    variants = {k: args.variant or v for k, v in KIND_VARIANTS.items()}
    print(f"{args.samples} layouts a position, seed {args.seed}, one core, keep layouts: "
          f"{'no' if args.no_keep else 'yes'}; deals: "
          + ", ".join(f"{k} from data/sim/{v}" for k, v in variants.items()))
    print(f"{'kind':<5} {'deal':>5} {'cards':>5} {'solves':>7} {'nodes':>10} {'s':>7} "
          f"{'cpu s':>7}")
    times: dict[str, list[float]] = {k: [] for k in KINDS}
    cpus: dict[str, list[float]] = {k: [] for k in KINDS}
    ratios: dict[str, list[float]] = {k: [] for k in KINDS}
    for kind in KINDS:
        for i, (dr, rs) in enumerate(pick(kind, variants[kind], args.deals)):
            source = SampledLayouts(dr, rs, args.samples, args.seed, keep=not args.no_keep)
            rec = Recording(source)
            t0, c0 = time.perf_counter(), time.process_time()
            sd = single_dummy_deal(dr, rs, args.samples, args.seed, layouts=rec)
            dt, cpu = time.perf_counter() - t0, time.process_time() - c0
            assert sd is not None
            times[kind].append(dt)
            cpus[kind].append(cpu)
            print(f"{kind:<5} {dr.deal:>5} {len(sd.cards):>5} {sd.solves:>7,} "
                  f"{sd.nodes:>10,} {dt:>7.3f} {cpu:>7.3f}")
            if i < args.baseline:
                c0 = time.process_time()
                base, solves, nodes = from_scratch(dr, rs, rec.seen)
                base_cpu = time.process_time() - c0
                ratios[kind].append(base_cpu / cpu)
                print(f"{'':<5} {'from scratch:':>19} {solves:>7,} {nodes:>10,} {base:>7.3f} "
                      f"{base_cpu:>7.3f}   ratio {base_cpu / cpu:.1f}x (CPU), "
                      f"{nodes / sd.nodes:.1f}x (nodes)")
    print()
    print(f"{'kind':<5} {'deals':>5} {'median s':>9} {'p95 s':>7} {'median cpu':>10} "
          f"{'p95 cpu':>8} {'vs scratch':>10}")
    for kind in KINDS:
        ts, cs = times[kind], cpus[kind]
        if not ts:
            print(f"{kind:<5} {0:>5}  (no deal of this kind in data/sim/{variants[kind]})")
            continue
        r = f"{statistics.median(ratios[kind]):.1f}x" if ratios[kind] else "-"
        print(f"{kind:<5} {len(ts):>5} {statistics.median(ts):>9.3f} "
              f"{percentile(ts, 0.95):>7.3f} {statistics.median(cs):>10.3f} "
              f"{percentile(cs, 0.95):>8.3f} {r:>10}")


def accuracy(args: argparse.Namespace) -> None:
    ks = (8, 16, 32, 64)
    deals = [d for v in ACCURACY_VARIANTS
             for d in itertools.islice(deals_of(v), args.deals)]
    print(f"standard error of sd_before over {len(deals)} deals "
          f"({', '.join(ACCURACY_VARIANTS)}; {args.deals} each), seed {args.seed}")
    print(f"{'K':>3} {'cards':>6} {'sampled':>7} {'median':>7} {'p95':>7} "
          f"{'all median':>10} {'all p95':>8} {'s/deal':>7}")
    first: tuple[float, float] | None = None
    for k in ks:
        sampled: list[float] = []
        every: list[float] = []
        t0 = time.perf_counter()
        for dr, rs in deals:
            sd = single_dummy_deal(dr, rs, k, args.seed)
            assert sd is not None
            for c in sd.cards:
                every.append(c.sd_se)
                if not c.determined:
                    sampled.append(c.sd_se)
        dt = (time.perf_counter() - t0) / max(1, len(deals))
        med, p95 = statistics.median(sampled), percentile(sampled, 0.95)
        first = first or (med, p95)
        print(f"{k:>3} {len(every):>6} {len(sampled):>7} {med:>7.2f} {p95:>7.2f} "
              f"{statistics.median(every):>10.2f} {percentile(every, 0.95):>8.2f} {dt:>7.2f}"
              f"   (x{med / first[0]:.2f}, x{p95 / first[1]:.2f} of K=8)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default=None,
                    help="take every kind from data/sim/VARIANT (default: suit contracts "
                         "from yu4, No trumps and All trumps from bg4)")
    ap.add_argument("--deals", type=int, default=8, help="deals per contract kind")
    ap.add_argument("--samples", type=int, default=32)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--baseline", type=int, default=1,
                    help="deals per kind also solved from scratch (slow)")
    ap.add_argument("--no-keep", action="store_true",
                    help="draw every position's layouts afresh")
    ap.add_argument("--accuracy", action="store_true",
                    help="the standard error of sd_before for K = 8, 16, 32, 64")
    args = ap.parse_args()
    warm(threads=False)
    if args.accuracy:
        accuracy(args)
    else:
        speed(args)


if __name__ == "__main__":
    main()
