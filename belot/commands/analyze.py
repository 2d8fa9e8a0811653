"""``belot analyze``: double-dummy analysis of every card of every deal."""

from __future__ import annotations

import argparse
import json
import sys
import time

from belot.commands.encoding import add_encoding
from belot.options import add_jobs, add_quiet, jobs, pipeline_workers

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

A game that does not parse has no deal to analyse: it is reported on stderr as
  club.bgn:14:1: P101 message (game N)
as 'belot validate' reports it.  Exit status (belot --help): 1 when any game
did not parse, 2 when nothing could be read (no record found; a file that
cannot be read to its end is named and the other files analysed), else 0.

Per player (the SeatN tags, else "seat N"): cards analysed, average points lost
per card and the cards that lost 10 points or more.

Work is spread over every core (-j N), or a dask.distributed cluster
(--scheduler) as with 'belot ingest'.

With --single-dummy, each card is also judged from what its player could
know: the hands it could not see are laid out --samples times (default 32) at
random among the layouts consistent with the play so far (its own hand, the
cards shown, the voids and other duties the play revealed), every legal card is
solved double-dummy in each, and the card is compared with the best mean:
sd_loss beside the double-dummy loss, sd_best beside best.  --seed makes the
layouts reproducible (the same record, samples and seed give the same values).
docs/fairplay.md explains the values and their limits.

With --into DATASET, no PATH: the games already in a dataset (made by 'belot
ingest') are analysed from the text the dataset keeps of each, and the results
are added to it as tables card_analysis (one row per card, keyed like plays),
deal_analysis (one row per deal) and game_analysis (one row per game read);
docs/dataset.md lists their columns.  Like an ingest, this is atomic (each unit
of games commits whole), idempotent (a game analysed before is skipped: a
second run adds nothing) and resumable (re-run a killed command to finish it).
'belot ingest --analyze' analyses new games while ingesting them.  With
--single-dummy, the tables are card_single_dummy and game_single_dummy (the
games skipped on a re-run), and games without their double-dummy rows get them
too.
"""

EPILOG = """\
examples:
  belot analyze club.bgn                        deals with the cards that lost points
  belot analyze --json data/ > analysis.jsonl   one JSON object per deal
  belot analyze --summary 'logs/*.bgn.gz'       the per-player table only
  belot analyze big/ --scheduler tcp://10.0.0.5:8786
  belot analyze --into data/dataset             add the analysis to an ingested dataset
  belot analyze --single-dummy club.bgn         each card judged from what its player knew
  belot analyze --single-dummy --into data/dataset --samples 64 --seed 7

--json prints per deal: file, game, deal, variant, contract (S H D C NT AT, or
betl), caller, value, made_dd, made, and cards: [{trick, seat, card, loss,
best}] in playing order (best: the cards that lose nothing there).  With
--single-dummy each card also has sd_before, sd_after, sd_loss, sd_best, sd_se
(the standard error of sd_before), samples and determined (only one layout
fitted: the values are the double-dummy ones), null where no layout fits the
record; the deal has sd_stopped (why the analysis stopped early, or null) and
sd_notes (positions skipped).
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyze", help="double-dummy analysis: the points each card lost",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="files, folders or globs (.bgn, .bgn.gz, .jsonl, .jsonl.gz), '-' for "
                        "BGN on stdin; none with --into")
    p.add_argument("--into", metavar="DATASET",
                   help="analyse the games of this dataset not analysed yet and add the "
                        "results to it (tables card_analysis, deal_analysis, game_analysis)")
    p.add_argument("--json", action="store_true", help="one JSON object per deal on stdout")
    p.add_argument("--summary", action="store_true", help="print only the per-player table")
    add_jobs(p, old_workers=True)
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the workers on a dask.distributed cluster (tcp://host:8786)")
    p.add_argument("--chunk-kb", type=float, default=16.0, metavar="KB",
                   help="text per unit of work, in KB (default 16, a few games: solving "
                        "costs far more than reading); with --into, also what one commit adds")
    p.add_argument("--single-dummy", action="store_true",
                   help="also judge each card from what its player could know (sampled "
                        "layouts of the hidden hands)")
    p.add_argument("--samples", type=positive, default=32, metavar="K",
                   help="--single-dummy: layouts per position (default 32)")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="--single-dummy: the seed of the layouts (default 0)")
    add_quiet(p)
    add_encoding(p)
    p.set_defaults(func=run)


def positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {n}")
    return n


def single_dummy(args: argparse.Namespace) -> tuple[int, int] | None:
    """``--single-dummy``'s (samples, seed), or None without it."""
    return (args.samples, args.seed) if args.single_dummy else None


def run(args: argparse.Namespace) -> int:
    from belot.exits import Exit
    from belot.inputs import files_to_read, say
    from ingest.chunks import input_chars
    from ingest.pipeline import expand_inputs, job_failed
    from ingest.progress import Progress
    from ingest.runs.analyze import PlayerTally, analyse_paths
    from replay.model.jsontext import dumps

    workers = pipeline_workers(jobs(args, "analyze"))
    if args.into is not None or not args.paths:
        return run_into(args, workers)

    files = files_to_read("analyze", args.paths, expand_inputs, "nothing analysed")
    if not files:
        return Exit.NOT_CHECKED
    files = list(dict.fromkeys(files))  # a file named twice is analysed once
    prepare(args)
    out = sys.stdout
    progress = Progress(not args.quiet)
    players: dict[str, PlayerTally] = {}
    games = deals = chars = unparsed = 0
    unreadable: list[str] = []
    started = time.monotonic()
    try:
        progress.begin("analyze", input_chars(files), "B")
        for result in analyse_paths(files, workers=workers, scheduler=args.scheduler,
                                    chunk_chars=chunk_chars(args), unreadable=unreadable,
                                    single_dummy=single_dummy(args), encoding=args.encoding):
            games += result.games
            deals += len(result.deals)
            chars += result.chars
            for name, t in result.players.items():
                players.setdefault(name, PlayerTally()).merge(t)
            for line in result.errors:
                progress.say(line)
            unparsed += result.unparsed
            for d in result.deals:
                if args.json:
                    out.write(dumps(d) + "\n")
                elif not args.summary:
                    out.write(deal_text(d))
            progress.advance(chars, f"{games:,} games · {deals:,} deals")
    except (FileNotFoundError, ImportError) as exc:
        return job_failed(exc, "analyze", args.scheduler, (FileNotFoundError,))
    finally:
        progress.close(f"{games:,} games · {deals:,} deals")
    elapsed = time.monotonic() - started
    if games and not args.json:
        out.write(players_text(players, unparsed, args.single_dummy))
    out.flush()
    for line in unreadable:
        say("analyze", line)
    rate = deals / elapsed if elapsed > 0 else 0.0
    print(f"{games:,} game(s), {deals:,} deal(s) analysed in {elapsed:.1f} s ({rate:,.1f} deals/s)"
          + (f"; {unparsed:,} game(s) did not parse" if unparsed else ""), file=sys.stderr)
    if not games and not unreadable:
        say("analyze", f"nothing analysed: no game in {' '.join(files)}")
    if unreadable or not games:
        return Exit.NOT_CHECKED
    return Exit.FINDINGS if unparsed else Exit.OK


def prepare(args: argparse.Namespace) -> None:
    """The solver compiled into the user's cache before the workers start (once per
    machine, said on stderr unless --quiet): workers here then load it.
    A dask cluster's workers compile on their own machines."""
    if args.scheduler is None:
        from belot.warmup import prepare_solver

        prepare_solver(say=(lambda _: None) if args.quiet else print_err)


def print_err(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def deal_text(d: dict) -> str:
    """A deal's headline, then each card that lost something (double-dummy, or
    single-dummy beyond the tolerance of its best cards)."""
    yes = {True: "yes", False: "no", None: "-"}
    lines = [f"{d['file']} game {d['game']} deal {d['deal']} ({d['variant']}, {d['contract']} "
             f"by seat {d['caller']}): value {d['value']}, made double-dummy "
             f"{yes[d['made_dd']]}, made {yes[d['made']]}"]
    for c in d["cards"]:
        sd_lost = "sd_best" in c and c["sd_best"] is not None and c["card"] not in c["sd_best"]
        if c["loss"] > 0 or sd_lost:
            line = (f"  trick {c['trick']} seat {c['seat']} {c['card']} lost {c['loss']}"
                    f" (best: {' '.join(c['best'])})")
            if "sd_loss" in c:
                line += "; " + single_dummy_text(c)
            lines.append(line)
    for note in d.get("sd_notes", ()):
        lines.append(f"  single-dummy: {note}")
    if d.get("sd_stopped"):
        lines.append(f"  single-dummy: {d['sd_stopped']}")
    return "\n".join(lines) + "\n"


def single_dummy_text(c: dict) -> str:
    """A card's single-dummy loss, its standard error and best cards."""
    if c["sd_loss"] is None:
        return "single-dummy: no layout fits"
    return (f"single-dummy lost {c['sd_loss']:.2f} ± {c['sd_se']:.2f} "
            f"(best: {' '.join(c['sd_best'])})")


def players_text(players: dict, unparsed: int = 0, single_dummy: bool = False) -> str:
    """The per-player table, by average loss per card (best first); with
    ``single_dummy``, the average single-dummy loss beside it."""
    if not players and unparsed:
        return (f"no deal could be analysed: {unparsed:,} game(s) did not parse (the P1xx "
                "lines on stderr say where)\n")
    if not players:
        return "no deal could be analysed (hands, contract and play are needed)\n"
    width = max(6, *(len(n) for n in players))
    head = f"{'player':<{width}}  {'cards':>6}  {'avg loss':>8}  {'lost >= 10':>10}"
    rows = [head + (f"  {'sd cards':>8}  {'avg sd loss':>11}" if single_dummy else "")]
    for name, t in sorted(players.items(), key=lambda kv: (kv[1].loss / max(kv[1].cards, 1),
                                                            kv[0])):
        row = (f"{name:<{width}}  {t.cards:>6}  {t.loss / max(t.cards, 1):>8.2f}  "
               f"{t.blunders:>10}")
        if single_dummy:
            row += f"  {t.sd_cards:>8}  {t.sd_loss / max(t.sd_cards, 1):>11.2f}"
        rows.append(row)
    return "\n".join(rows) + "\n"


def chunk_chars(args: argparse.Namespace) -> int:
    return max(1, int(args.chunk_kb * 1024))


def run_into(args: argparse.Namespace, workers: int | None) -> int:
    """``--into DATASET``: analyse the dataset's games not analysed yet, add the rows."""
    from ingest.dataset import DatasetError
    from ingest.pipeline import job_failed
    from ingest.progress import Progress
    from ingest.runs.analyze import analyse_dataset

    if args.into is None:
        print("belot analyze: give record files (PATH...) or a dataset (--into DATASET)",
              file=sys.stderr)
        return 2
    if args.paths:
        print("belot analyze: --into analyses the games already in the dataset and takes "
              "no PATH; to add and analyse new files: belot ingest PATH... --into "
              f"{args.into} --analyze", file=sys.stderr)
        return 2
    if args.summary:
        print("belot analyze: --summary prints a table of records read from PATHs; with "
              "--into, query the dataset (python -m analytics, belot stats)", file=sys.stderr)
        return 2
    progress = Progress(not args.quiet)
    prepare(args)
    try:
        s = analyse_dataset(args.into, workers=workers, scheduler=args.scheduler,
                            chunk_chars=chunk_chars(args), progress=progress,
                            single_dummy=single_dummy(args))
    except (DatasetError, ImportError) as exc:
        return job_failed(exc, "analyze", args.scheduler, (DatasetError,))
    if args.json:
        print(json.dumps(s.to_json()))
    else:
        rate = s.deals / s.elapsed if s.elapsed > 0 else 0.0
        how = "" if s.single_dummy is None else (
            f" single-dummy ({s.single_dummy[0]} layouts, seed {s.single_dummy[1]}; "
            f"{s.double_dummy_too:,} also double-dummy)")
        print(f"{s.dataset}: batch {s.batch}: {s.games:,} game(s) analysed{how}, {s.deals:,} "
              f"deal(s), {s.cards:,} card(s); {s.already:,} analysed before; "
              f"{s.elapsed:.1f} s ({rate:,.1f} deals/s)",
              file=sys.stderr if args.quiet else sys.stdout)
    if s.no_text:
        print(f"belot analyze: {s.no_text:,} game(s) have no text in the dataset's records "
              "table (ingested by an older version) and were not analysed; ingest their "
              "files again into a new dataset to analyse them", file=sys.stderr)
    for line in s.notes:
        print(f"belot analyze: single-dummy position skipped: {line}", file=sys.stderr)
    for line in s.failures:
        print(f"belot analyze: not analysed: {line}", file=sys.stderr)
    return 1 if s.failures else 0
