"""What a dashboard user waits for the double-dummy analysis of a deal in the replay viewer.

    python benchmarks/bench_dashboard_dd.py                  # 8 games per variant
    python benchmarks/bench_dashboard_dd.py --games 3 --variants yu4 hu3

The bundled simulated records (data/sim) are ingested into a temporary dataset
(without analysis tables, so every deal is solved on demand), then:

- solve: per variant, every deal of the first ``--games`` games is analysed as the
  viewer does when the dataset holds no analysis (``dashboard.ddview.analyse_loaded``
  on the game replayed from the dataset's record text): median, 95th percentile and
  the slowest deal, in ms, and how many deals the solver cannot take (no contract,
  penalty);
- page: the Replay page under Streamlit's AppTest at one deal of each variant, the
  first view (replay + solve) and the same page run again (both cached), in ms.

Then, with ``--sd-games N`` (default 2; 0 leaves it out), the single-dummy values
the viewer shows beside the double-dummy ones: the first N bundled yu4 games are
ingested and analysed by ``belot analyze --single-dummy --samples K --into`` (K =
``--samples``, default 32 as the command's), and per deal:

- read: the viewer's lookup of the deal's ``card_single_dummy`` rows
  (``Analytics.deal_single_dummy``), in ms;
- solve: the same deal valued single-dummy now
  (``replay.singledummy.values.single_dummy_deal`` at K layouts), in ms, and its
  ratio to the read: what a page solving on demand would make its user wait;
- page: the Replay page at the first deal, first view and again, in ms.

One process, one core; the numba kernel is loaded (or compiled) first and not timed.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VARIANTS = ("yu4", "mk4", "bg4", "fr4", "contree", "ru-pair", "yu3", "ru3", "hu3", "bg3",
            "hu2", "bg2")


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def build(dataset: Path, variants: list[str]) -> None:
    from ingest.pipeline import ingest_paths

    files = [str(ROOT / "data" / "sim" / f"{v}.bgn.gz") for v in variants]
    ingest_paths(files, dataset, workers=0, progress=False)


def warm() -> float:
    """Load (or compile) the numba kernel once: one small solve."""
    from replay.rules.rulesets import load_ruleset
    from replay.solver.search import DoubleDummy

    t0 = time.perf_counter()
    rs = load_ruleset("bg4")
    g = DoubleDummy(rs, 1, 1)
    hands = {s: sum(1 << c for c in range((s - 1) * 8, s * 8)) for s in range(1, 5)}
    g.value(g.start(hands, 1), 0)
    return time.perf_counter() - t0


def solve_times(a, game_ids: list[str]) -> tuple[list[float], int]:
    from dashboard.ddview import NoAnalysis, analyse_loaded
    from dashboard.viewer import replay_from_dataset

    times, skipped = [], 0
    for gid in game_ids:
        loaded = replay_from_dataset(a, gid)
        for deal in range(1, len(loaded.report.deals) + 1):
            t0 = time.perf_counter()
            got = analyse_loaded(loaded, deal)
            if isinstance(got, NoAnalysis):
                skipped += 1
            else:
                times.append(time.perf_counter() - t0)
    return times, skipped


def page_times(dataset: Path, game_id: str) -> tuple[float, float]:
    from streamlit.testing.v1 import AppTest

    os.environ["BELOT_DATASET"] = str(dataset)
    at = AppTest.from_file(str(ROOT / "dashboard" / "app.py"), default_timeout=300)
    at.run()
    at.query_params.update(game=game_id, deal="1", trick="0")
    t0 = time.perf_counter()
    at.switch_page("views/replay.py").run()
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    at.run()
    again = time.perf_counter() - t0
    if at.exception:
        raise SystemExit(f"the page failed: {[e.message for e in at.exception]}")
    return first, again


def single_dummy_section(games: int, samples: int) -> None:
    """The viewer's single-dummy lookup against solving the deal on demand."""
    import analytics
    from belot.cli import main as belot
    from dashboard.viewer import replay_from_dataset
    from replay.singledummy.values import single_dummy_deal
    from replay.solver.analysis import game_ruleset

    with tempfile.TemporaryDirectory() as tmp:
        src, dataset = Path(tmp) / "sim.bgn", Path(tmp) / "ds"
        with gzip.open(ROOT / "data" / "sim" / "yu4.bgn.gz", "rt", encoding="utf-8") as f:
            head = '[Variant "yu4"]'
            src.write_text("".join(head + g for g in f.read().split(head)[1:games + 1]),
                           encoding="utf-8")
        t0 = time.perf_counter()
        if belot(["ingest", str(src), "--into", str(dataset), "--quiet"]) != 0 or belot(
                ["analyze", "--single-dummy", "--samples", str(samples), "--quiet",
                 "--into", str(dataset), "-j", "0"]) != 0:
            raise SystemExit("the single-dummy dataset could not be made")
        print(f"\nsingle dummy: {games} yu4 game(s) ingested and analysed at K = {samples} in "
              f"{time.perf_counter() - t0:.1f} s; times in ms")
        reads, solves = [], []
        with analytics.open_dataset(dataset) as a:
            ids = a.game_list(limit=games)["game_id"].to_list()
            for gid in ids:
                loaded = replay_from_dataset(a, gid)
                rs = game_ruleset(loaded.game)
                for deal, dr in enumerate(loaded.report.deals, start=1):
                    t0 = time.perf_counter()
                    stored = a.deal_single_dummy(gid, deal)
                    read = time.perf_counter() - t0
                    if stored is None or not stored["cards"] or rs is None:
                        continue
                    t0 = time.perf_counter()
                    single_dummy_deal(dr, rs, samples, 0)
                    solves.append(time.perf_counter() - t0)
                    reads.append(read)
        first, again = page_times(dataset, ids[0])
        r, sv = [t * 1000 for t in reads], [t * 1000 for t in solves]
        print(f"{'deals':>6} {'read median':>12} {'read p95':>9} {'solve median':>13} "
              f"{'solve p95':>10} {'solve/read':>11}   {'page first':>10} {'page again':>10}")
        print(f"{len(r):>6} {statistics.median(r):>12.1f} {pct(r, .95):>9.1f} "
              f"{statistics.median(sv):>13.0f} {pct(sv, .95):>10.0f} "
              f"{statistics.median(sv) / statistics.median(r):>10.0f}x   {first * 1000:>10.0f} "
              f"{again * 1000:>10.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=8, help="games per variant (default 8)")
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    ap.add_argument("--sd-games", type=int, default=2,
                    help="yu4 games analysed single-dummy for the viewer's lookup (default 2; "
                         "0: none)")
    ap.add_argument("--samples", type=int, default=32,
                    help="layouts per position of the single-dummy analysis (default 32)")
    args = ap.parse_args()

    import analytics

    print(f"numba kernel ready in {warm():.1f} s (cache load or compile)")
    with tempfile.TemporaryDirectory() as tmp:
        dataset = Path(tmp) / "ds"
        t0 = time.perf_counter()
        build(dataset, args.variants)
        print(f"dataset of {', '.join(args.variants)} built in {time.perf_counter() - t0:.1f} s"
              f"; {args.games} game(s) per variant; times in ms\n")
        print(f"{'variant':<9} {'deals':>6} {'skipped':>8} {'median':>8} {'p95':>8} "
              f"{'slowest':>8}   {'page first':>10} {'page again':>10}")
        with analytics.open_dataset(dataset) as a:
            for v in args.variants:
                from analytics import Filters

                ids = a.game_list(Filters(variants=[v]), limit=args.games)["game_id"].to_list()
                times, skipped = solve_times(a, ids)
                first, again = page_times(dataset, ids[0]) if ids else (float("nan"),) * 2
                ms = [t * 1000 for t in times] or [float("nan")]
                print(f"{v:<9} {len(times):>6} {skipped:>8} {statistics.median(ms):>8.1f} "
                      f"{pct(ms, .95):>8.1f} {max(ms):>8.1f}   {first * 1000:>10.0f} "
                      f"{again * 1000:>10.0f}")
    if args.sd_games:
        single_dummy_section(args.sd_games, args.samples)


if __name__ == "__main__":
    main()
