"""Speed of the single-dummy sampler (``replay.singledummy.sampler``) per variant.

    python benchmarks/bench_sampler.py              # 12 deals per variant
    python benchmarks/bench_sampler.py --deals 40   # more deals
    python benchmarks/bench_sampler.py --quick      # 3 deals per variant, a smoke run

For the first deals of each simulated file in ``data/sim``, at two positions of
each deal (the first lead, and the lead of trick 4, where the duties of three
tricks restrict the layouts), the seat's view is taken (``seat_view``) and
layouts are drawn from it:

- **sampler**: ``sample_layouts(view, K)`` with K = 1,000 (a long run) and K = 32
  (what the single-dummy values draw per card), view and card classes made
  afresh for each K = 32 run, as the values do per position;
- **rejection**: the plain baseline, in the same run: the hidden cards shuffled
  and dealt to the holders by their sizes, the layout kept when every card played
  so far is legal in it (``past_is_legal``, the validator's ``judge``).

Printed per variant and position: consistent layouts per second of each method,
their ratio, the baseline's acceptance rate, and the time to take a view.  One
core (numpy's own threads are not used).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
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


def rejection(dr: DealReport, rs: Ruleset, view: SeatView, count: int,
              rng: np.random.Generator) -> tuple[int, int]:
    """Draw until ``count`` consistent layouts: (draws made, layouts kept)."""
    hidden = np.array(cards_in(view.hidden))
    holders = sorted(view.sizes)
    cuts = np.cumsum([view.sizes[h] for h in holders])[:-1]
    kept = tries = 0
    while kept < count:
        tries += 1
        hands = {s: m for s, m in view.known.items() if s != OUT_OF_PLAY}
        hands[view.seat] = view.own
        for h, part in zip(holders, np.split(rng.permutation(hidden), cuts), strict=True):
            if h != OUT_OF_PLAY:
                hands[h] = hands.get(h, 0) | sum(1 << int(c) for c in part)
        if past_is_legal(dr, rs, view.index, hands):
            kept += 1
    return tries, kept


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
                t = time.perf_counter()
                view = seat_view(dr, rs, index)
                view_ms.append((time.perf_counter() - t) * 1000)
                if view is None:
                    continue
                t = time.perf_counter()
                sample_layouts(view, 1000, rng)
                long_rates.append(1000 / (time.perf_counter() - t))
                t = time.perf_counter()
                for _ in range(10):
                    fresh = seat_view(dr, rs, index)
                    assert fresh is not None
                    sample_layouts(fresh, 32, rng)
                short_rates.append(320 / (time.perf_counter() - t))
                t = time.perf_counter()
                tries, kept = rejection(dr, rs, view, 200, rng)
                base_rates.append(kept / (time.perf_counter() - t))
                accepts.append(kept / tries)
            if not long_rates:
                continue
            long_rate = statistics.median(long_rates)
            base = statistics.median(base_rates)
            if trick == 0:
                lows.append((variant, min(long_rates)))
            print(f"{variant:9} {label:13} {long_rate:10,.0f} {statistics.median(short_rates):9,.0f} "
                  f"{base:9,.0f} {long_rate / base:6.1f} {statistics.median(accepts):7.1%} "
                  f"{statistics.median(view_ms):8.2f}")
    worst = min(lows, key=lambda x: x[1])
    print(f"\nslowest first-lead draw of any deal: {worst[1]:,.0f} layouts/s ({worst[0]}); "
          "goal 10,000")


if __name__ == "__main__":
    main()
