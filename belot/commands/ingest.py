"""``belot ingest``: records into the Parquet event dataset (games, deals, bids, ... rejects)."""

from __future__ import annotations

import argparse
import json
import sys

from belot.commands.encoding import add_encoding
from belot.options import add_jobs, add_quiet, jobs, pipeline_workers

DESCRIPTION = """\
Read records (BGN files, folders, globs, .gz; JSON Lines), replay each game
through the engine, and add it to a Parquet dataset of event tables:
games, deals, bids, declarations, tricks, plays, violations, records (each
game's text, so the dataset replays without its source files), and rejects
(records that do not parse, kept verbatim).  docs/dataset.md lists every
column; docs/ingest.md explains the commit protocol and cluster runs.

The ingest is
  parallel      all cores by default (-j N), or a dask cluster (--scheduler)
  streaming     files are cut into chunks of whole games; memory stays bounded
  atomic        readers never see part of a unit; a killed run leaves whole games
  idempotent    a game already in the dataset (same canonical text, any file) is
                skipped; re-running a killed command completes it, no duplicates
  resumable     a file fully ingested before (same path, size, mtime) is skipped

With --analyze, each new game's deals are also solved double-dummy (what every
card cost; see 'belot analyze') into tables card_analysis, deal_analysis and
game_analysis, committed with the game's other rows.  Games already in the
dataset are not read again: 'belot analyze --into DATASET' analyses those.

Query it, e.g. from DuckDB:
  SELECT * FROM read_parquet('DATASET/deals/**/*.parquet', hive_partitioning = true)
"""

EPILOG = """\
examples:
  belot ingest data/ --into data/dataset
  belot ingest 'logs/2026-*.bgn.gz' more.bgn --into ds -j 4
  belot ingest s3://bucket/records/ --into /shared/ds --scheduler tcp://10.0.0.5:8786
  belot ingest data/ --into ds --analyze   with the double-dummy analysis (slower)
  belot compact ds                      merge the small part files afterwards
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ingest", help="add records to the Parquet event dataset",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="files, folders or globs (.bgn, .bgn.gz, .jsonl, .jsonl.gz); '-' "
                        "for BGN on stdin")
    p.add_argument("--into", required=True, metavar="DATASET",
                   help="dataset folder (created if missing)")
    add_jobs(p, old_workers=True)
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the workers on a dask.distributed cluster (tcp://host:8786); "
                        "the dataset must be on storage the workers share")
    p.add_argument("--chunk-mb", type=float, default=None, metavar="MB",
                   help="size of one unit of work, in MB of text (default: two units per "
                        "worker, from 0.25 to 4 MB, so every core has work on a small input; "
                        "four per worker and at most 0.0625 with --analyze, where solving "
                        "dominates)")
    p.add_argument("--recheck", action="store_true",
                   help="read files again even if already fully ingested (games still "
                        "dedupe by game_id)")
    p.add_argument("--analyze", action="store_true",
                   help="also solve every new game's deals double-dummy (the points each "
                        "card lost; tables card_analysis, deal_analysis, game_analysis)")
    add_quiet(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_encoding(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from belot.exits import Exit
    from belot.inputs import files_to_read, say
    from ingest.dataset import DatasetError
    from ingest.pipeline import expand_inputs, ingest_paths, job_failed
    from ingest.progress import Progress

    workers = pipeline_workers(jobs(args, "ingest"))
    files = files_to_read("ingest", args.paths, expand_inputs, "nothing ingested")
    if not files:  # the dataset is left as it was (not made when it did not exist)
        return Exit.NOT_CHECKED
    progress = Progress(not args.quiet)
    if args.analyze:
        from belot.commands.analyze import prepare

        prepare(args)
    try:
        s = ingest_paths(files, args.into, workers=workers, scheduler=args.scheduler,
                         chunk_chars=(None if args.chunk_mb is None
                                      else max(1, int(args.chunk_mb * (1 << 20)))),
                         recheck=args.recheck, progress=progress, analyze=args.analyze,
                         encoding=args.encoding)
    except (FileNotFoundError, DatasetError, ImportError) as exc:
        return job_failed(exc, "ingest", args.scheduler, (FileNotFoundError, DatasetError))
    if args.json:
        print(json.dumps(s.to_json()))
    else:
        rate = s.deals / s.elapsed if s.elapsed > 0 else 0.0
        unchanged = f", {s.files_unchanged} unchanged since ingested" if s.files_unchanged else ""
        analysed = f" ({s.analysed:,} analysed)" if s.analyze else ""
        print(f"{s.dataset}: batch {s.batch}: {s.games:,} game(s), {s.deals:,} deal(s)"
              f"{analysed}, {s.violations:,} violation(s), {s.rejects:,} reject(s), {s.skipped:,} already "
              f"present; {s.files} file(s){unchanged}; {s.elapsed:.1f} s ({rate:,.0f} deals/s)",
              file=sys.stderr if args.quiet else sys.stdout)
    for line in s.analysis_failures:
        print(f"belot ingest: ingested but not analysed: {line} (belot analyze --into "
              f"{args.into} tries again)", file=sys.stderr)
    for line in s.undecodable:
        print(f"belot ingest: {line}; kept in rejects, ingest the file again with "
              "--encoding NAME", file=sys.stderr)
    for line in s.unreadable:
        print(f"belot ingest: {line}; the games before the fault are in, and a re-run "
              "reads the file again", file=sys.stderr)
    if s.unreadable:
        return Exit.NOT_CHECKED
    if not (s.games or s.rejects or s.skipped or s.files_unchanged):
        say("ingest", f"nothing ingested: no game in {' '.join(files)}")
        return Exit.NOT_CHECKED
    return Exit.OK
