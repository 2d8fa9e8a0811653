"""Detection power of the fair-play report on simulated leagues (docs/fairplay.md).

For each variant and peeking rate q, a league is simulated (``belot simulate
--league``): ``--members`` players, the last ``--peekers`` of whom play a
double-dummy best card (every hand seen) on a share q of their cards; the honest
members play by what their seat may know (the single-dummy player, or with
``--honest heuristic`` the simple heuristic).  The league is ingested and
analysed single-dummy (``belot analyze --single-dummy --into``), then the report
(``analytics.fairplay.report_frame``, the report's own thresholds) is read over
the league's first games, up to each number of deals per player of ``--deals``
(the league's games are dated a day apart, so a prefix is a date range).

Printed per (variant, q, deals per player): the share of peeking members flagged
(power), the share of honest members flagged (false flags), the number of tests
and the flag threshold.  The baseline of the same run is a league with no
peeker (q = 0, the first row of each variant): every flag there is a false one.

    .venv/bin/python benchmarks/bench_fairplay_power.py --quick
    .venv/bin/python benchmarks/bench_fairplay_power.py --members 40 --peekers 4 \\
        --deals 100,200,500,1000 --rates 0.1,0.25,0.5 --variants yu4,bg4
"""

from __future__ import annotations

import argparse
import datetime as dt
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analytics import open_dataset  # noqa: E402
from analytics.core import Filters  # noqa: E402
from analytics.fairplay import report_frame  # noqa: E402
from ingest.bgn.reader import read_games  # noqa: E402
from replay.league import FIRST_DAY  # noqa: E402


def belot(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "belot", *args], cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"belot {args[0]} failed:\n{done.stderr}")


def prefix_days(record: Path, deals: list[int]) -> dict[int, int]:
    """Deals per player -> the number of the league's first games (= days) after
    which every member has played at least that many deals."""
    played: dict[str, int] = {}
    out: dict[int, int] = {}
    for number, game in enumerate(read_games(str(record)), start=1):
        for key, name in game.tags.items():
            if key.startswith("Seat"):
                played[name] = played.get(name, 0) + len(game.deals)
        for d in deals:
            if d not in out and min(played.values()) >= d:
                out[d] = number
    return out


def league(variant: str, rate: float, args: argparse.Namespace, work: Path) -> list[str]:
    """Simulate, ingest and analyse one league; the report's lines by prefix."""
    peekers = args.peekers if rate > 0 else 0
    record = work / f"{variant}-{rate}.bgn"
    dataset = work / f"{variant}-{rate}"
    t0 = time.perf_counter()
    belot("simulate", "--variant", variant, "--league", str(args.members), "--peekers",
          str(peekers), "--peek-rate", str(rate), "--deals-per-player", str(max(args.deals)),
          "--honest", args.honest, "--samples", str(args.player_samples), "--seed",
          str(args.seed), "-o", str(record))
    t1 = time.perf_counter()
    belot("ingest", str(record), "--into", str(dataset))
    belot("analyze", "--single-dummy", "--samples", str(args.samples), "--into", str(dataset))
    t2 = time.perf_counter()
    honest = {f"P{i:0{len(str(args.members))}d}" for i in range(1, args.members - peekers + 1)}
    lines = []
    days = prefix_days(record, args.deals)
    with open_dataset(str(dataset)) as a:
        for d in args.deals:
            if d not in days:
                continue
            until = FIRST_DAY + dt.timedelta(days=days[d] - 1)
            df = report_frame(a, Filters(date_to=until), min_cards=args.min_cards)
            players = df.filter(df["kind"] == "player").to_dicts()
            flagged = {r["player"] for r in players if r["flagged"]}
            n_peek = args.members - len(honest)
            power = len(flagged - honest) / n_peek if n_peek else None
            false = len(flagged & honest) / len(honest)
            tests = players[0]["tests"] if players else 0
            z = players[0]["z_threshold"] if players else None
            lines.append(f"{variant:6} {rate:5.2f} {d:6} {len(players):7} "
                         f"{'-' if power is None else f'{power:5.2f}':>6} {false:6.3f} "
                         f"{tests:6} {z if z is None else round(z, 2)!s:>6}")
    print(f"# {variant} q={rate}: simulate {t1 - t0:.0f} s, ingest and analyse {t2 - t1:.0f} s",
          file=sys.stderr)
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default="yu4,bg4")
    ap.add_argument("--rates", default="0.1,0.25,0.5", help="peeking rates q (0 is added)")
    ap.add_argument("--members", type=int, default=40)
    ap.add_argument("--peekers", type=int, default=4)
    ap.add_argument("--deals", default="100,200,500,1000", help="deals per player")
    ap.add_argument("--samples", type=int, default=32, help="layouts of the analysis")
    ap.add_argument("--player-samples", type=int, default=8,
                    help="layouts of the single-dummy player")
    ap.add_argument("--honest", choices=("single-dummy", "heuristic"), default="single-dummy")
    ap.add_argument("--min-cards", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true",
                    help="12 members (2 peeking), 40 and 80 deals, q 0.25 and 0.5, yu4, "
                         "8 layouts")
    args = ap.parse_args()
    if args.quick:
        args.variants, args.rates, args.members, args.peekers = "yu4", "0.25,0.5", 12, 2
        args.deals, args.samples, args.min_cards = "40,80", 8, 100
    args.deals = sorted(int(x) for x in args.deals.split(","))
    rates = [0.0] + [float(x) for x in args.rates.split(",")]
    print(f"# {args.members} members, {args.peekers} peeking; honest play: {args.honest}; "
          f"analysis with {args.samples} layouts; players with {args.min_cards}+ cards")
    print("variant     q  deals players  power  false  tests z_flag")
    with tempfile.TemporaryDirectory() as tmp:
        for variant in args.variants.split(","):
            for rate in rates:
                for line in league(variant, rate, args, Path(tmp)):
                    print(line, flush=True)


if __name__ == "__main__":
    main()
