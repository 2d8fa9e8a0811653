"""Speed of the single-dummy sampler (``replay.singledummy.sampler``) per variant.

    python benchmarks/bench_sampler.py              # 12 deals per variant
    python benchmarks/bench_sampler.py --deals 40   # more deals
    python benchmarks/bench_sampler.py --quick      # 3 deals per variant, a smoke run

For the first deals of each simulated file in ``data/sim``, at two positions of
each deal (the first lead, and the lead of trick 4, where the duties of three
tricks restrict the layouts), the seat's view is taken (``seat_view``) and
layouts are drawn from it:

- **sampler**: ``sample_layouts(view, K)`` with K = 1,000 (a long run) and K = 32
  (what the single-dummy values draw per card), the view and its card classes
  made afresh for each K = 32 run, as the values do per position (each timing the
  fastest of five runs);
- **rejection**: the plain baseline, in the same run: the hidden cards shuffled
  and dealt to the holders by their sizes, the layout kept when every card played
  so far is legal in it (``past_is_legal``, the validator's ``judge``).

Printed per variant and position, medians over the deals: consistent layouts per
second of each method, the ratio of the K = 1,000 rate to the baseline's, the
baseline's acceptance rate, and the time to take a view.  One core (numpy's own
threads are not used).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.bgn.reader import read_games  # noqa: E402
from replay.engine.report import DealReport  # noqa: E402
from replay.engine.walk import replay_game  # noqa: E402
from replay.model.cards import cards_in  # noqa: E402
from replay.rules.ruleset import Ruleset  # noqa: E402
from replay.singledummy.knowledge import (  # noqa: E402
    OUT_OF_PLAY,
    SeatView,
    past_is_legal,
    seat_view,
)
from replay.singledummy.sampler import sample_layouts  # noqa: E402
from replay.solver.analysis import game_ruleset, unplayable_reason  # noqa: E402

#: the positions timed: the first lead, and the lead of trick 4
POSITIONS = (("first lead", 0), ("trick 4 lead", 3))
#: each timing is the fastest of this many runs
REPEATS = 5


def deals(path: Path, count: int) -> list[tuple[DealReport, Ruleset]]:
    out: list[tuple[DealReport, Ruleset]] = []
    for game in read_games(path):
        rs = game_ruleset(game)
        if rs is None:
            continue
        for dr in replay_game(game).deals:
            if unplayable_reason(dr, rs) is None and all(p[3] for p in dr.plays):
                out.append((dr, rs))
                if len(out) == count:
                    return out
    return out


def best_of(run: Callable[[], object], repeats: int = REPEATS) -> float:
    """The fastest of ``repeats`` runs, in seconds: the run least disturbed by other
    work on the machine."""
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        run()
        times.append(time.perf_counter() - t)
    return min(times)


def fresh_draw(dr: DealReport, rs: Ruleset, index: int, rng: np.random.Generator) -> None:
    """32 layouts from a view taken afresh, as the single-dummy values draw them."""
    view = seat_view(dr, rs, index)
    assert view is not None
    sample_layouts(view, 32, rng)


def rejection(dr: DealReport, rs: Ruleset, view: SeatView, count: int,
              rng: np.random.Generator, made: list[int]) -> None:
    """Draw until ``count`` consistent layouts; the number of draws goes to ``made``."""
    hidden = np.array(cards_in(view.hidden))
    holders = sorted(view.sizes)
    cuts = np.cumsum([view.sizes[h] for h in holders])[:-1]
    kept = draws = 0
    while kept < count:
        draws += 1
        hands = {s: m for s, m in view.known.items() if s != OUT_OF_PLAY}
        hands[view.seat] = view.own
        for h, part in zip(holders, np.split(rng.permutation(hidden), cuts), strict=True):
            if h != OUT_OF_PLAY:
                hands[h] = hands.get(h, 0) | sum(1 << int(c) for c in part)
        if past_is_legal(dr, rs, view.index, hands):
            kept += 1
    made.append(draws)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    per_variant = 3 if args.quick else args.deals
    rng = np.random.default_rng(2026)
    print(f"{'variant':9} {'position':13} {'K=1000/s':>10} {'K=32/s':>9} {'reject/s':>9} "
          f"{'ratio':>6} {'accept':>7} {'view ms':>8}")
    lows = []
    for path in sorted((ROOT / "data" / "sim").glob("*.bgn.gz")):
        variant = path.name.split(".")[0]
        chosen = deals(path, per_variant)
        for label, trick in POSITIONS:
            long_rates, short_rates, base_rates, accepts, view_ms = [], [], [], [], []
            for dr, rs in chosen:
                index = trick * rs.players
                view_ms.append(best_of(partial(seat_view, dr, rs, index)) * 1000)
                view = seat_view(dr, rs, index)
                if view is None:
                    continue
                long_rates.append(1000 / best_of(partial(sample_layouts, view, 1000, rng)))
                short_rates.append(32 / best_of(partial(fresh_draw, dr, rs, index, rng)))
                tries: list[int] = []
                base_rates.append(200 / best_of(partial(rejection, dr, rs, view, 200, rng,
                                                        tries)))
                accepts.append(200 * len(tries) / sum(tries))
            if not long_rates:
                continue
            long_rate = statistics.median(long_rates)
            base = statistics.median(base_rates)
            if trick == 0:
                lows.append((variant, long_rate))
            print(f"{variant:9} {label:13} {long_rate:10,.0f} {statistics.median(short_rates):9,.0f} "
                  f"{base:9,.0f} {long_rate / base:6.1f} {statistics.median(accepts):7.1%} "
                  f"{statistics.median(view_ms):8.2f}")
    worst = min(lows, key=lambda x: x[1])
    print(f"\nslowest variant at the first lead (median over its deals): {worst[1]:,.0f} "
          f"layouts/s ({worst[0]}); goal 10,000")


if __name__ == "__main__":
    main()
