"""``belot analyze``: double-dummy analysis of every card of every deal."""

from __future__ import annotations

import argparse
import json
import sys
import time

DESCRIPTION = """\
Replay every game, then solve each deal double-dummy (all hands known, best
play by both camps) and say what every card cost: the points its camp could
still secure before the card, minus what it can secure after it.  A card that
loses nothing is one of the best cards of its position.  docs/analysis.md
explains the values.

Per deal: the callers' double-dummy value from the first lead (card points,
last-trick and capot bonus as the variant scores them), whether the contract
is then made (made_dd) beside whether it was made at the table.  Betl deals
count 1/0: can the soloist avoid every trick?  A deal is skipped without a
contract, when a penalty ended it, or when its hands are not all known
(written, or shown whole by a complete play); its analysis stops at its first
illegal card.

Per player (the SeatN tags, else "seat N"): cards analysed, average points lost
per card and the cards that lost 10 points or more.

Work is spread over every core (--workers), or a dask.distributed cluster
(--scheduler) as with 'belot ingest'.
"""

EPILOG = """\
examples:
  belot analyze club.bgn                        deals with the cards that lost points
  belot analyze --json data/ > analysis.jsonl   one JSON object per deal
  belot analyze --summary 'logs/*.bgn.gz'       the per-player table only
  belot analyze big/ --scheduler tcp://10.0.0.5:8786

--json prints per deal: file, game, deal, variant, contract (S H D C NT AT, or
betl), caller, value, made_dd, made, and cards: [{trick, seat, card, loss,
best}] in playing order (best: the cards that lose nothing there).
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyze", help="double-dummy analysis: the points each card lost",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="files, folders or globs (.bgn, .bgn.gz, .jsonl, .jsonl.gz)")
    p.add_argument("--json", action="store_true", help="one JSON object per deal on stdout")
    p.add_argument("--summary", action="store_true", help="print only the per-player table")
    p.add_argument("-j", "--workers", type=int, default=None, metavar="N",
                   help="worker processes (default: every core; 0 = in this process)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the workers on a dask.distributed cluster (tcp://host:8786)")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ingest.analyze import PlayerTally, analyse_paths
    from ingest.pipeline import missing_dask

    out = sys.stdout
    show_progress = not args.quiet and sys.stderr.isatty()
    players: dict[str, PlayerTally] = {}
    games = deals = 0
    started = last = time.monotonic()
    try:
        for result in analyse_paths(args.paths, workers=args.workers, scheduler=args.scheduler):
            games += result.games
            deals += len(result.deals)
            for name, t in result.players.items():
                players.setdefault(name, PlayerTally()).merge(t)
            for d in result.deals:
                if args.json:
                    out.write(json.dumps(d, ensure_ascii=False) + "\n")
                elif not args.summary:
                    out.write(deal_text(d))
            now = time.monotonic()
            if show_progress and now - last > 0.25:
                last = now
                sys.stderr.write(f"\r\x1b[Kanalyze: {games:,} games · {deals:,} deals "
                                 f"({deals / (now - started):,.1f}/s)")
                sys.stderr.flush()
    except FileNotFoundError as exc:
        print(f"belot analyze: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:
        message = missing_dask(exc, args.scheduler, "analyze")
        if message is None:
            raise
        print(message, file=sys.stderr)
        return 2
    if show_progress:
        sys.stderr.write("\n")
    elapsed = time.monotonic() - started
    if not args.json:
        out.write(players_text(players))
    out.flush()
    rate = deals / elapsed if elapsed > 0 else 0.0
    print(f"{games:,} game(s), {deals:,} deal(s) analysed in {elapsed:.1f} s ({rate:,.1f} deals/s)",
          file=sys.stderr)
    return 0


def deal_text(d: dict) -> str:
    """A deal's headline, then each card that lost something."""
    yes = {True: "yes", False: "no", None: "-"}
    lines = [f"{d['file']} game {d['game']} deal {d['deal']} ({d['variant']}, {d['contract']} "
             f"by seat {d['caller']}): value {d['value']}, made double-dummy "
             f"{yes[d['made_dd']]}, made {yes[d['made']]}"]
    for c in d["cards"]:
        if c["loss"] > 0:
            lines.append(f"  trick {c['trick']} seat {c['seat']} {c['card']} lost {c['loss']}"
                         f" (best: {' '.join(c['best'])})")
    return "\n".join(lines) + "\n"


def players_text(players: dict) -> str:
    """The per-player table, by average loss per card (best first)."""
    if not players:
        return "no deal could be analysed (hands, contract and play are needed)\n"
    width = max(6, *(len(n) for n in players))
    rows = [f"{'player':<{width}}  {'cards':>6}  {'avg loss':>8}  {'lost >= 10':>10}"]
    for name, t in sorted(players.items(), key=lambda kv: (kv[1].loss / max(kv[1].cards, 1),
                                                            kv[0])):
        rows.append(f"{name:<{width}}  {t.cards:>6}  {t.loss / max(t.cards, 1):>8.2f}  "
                    f"{t.blunders:>10}")
    return "\n".join(rows) + "\n"
