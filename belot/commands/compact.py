"""``belot compact``: merge the small part files of a dataset into larger ones, atomically."""

from __future__ import annotations

import argparse
import json
import sys

DESCRIPTION = """\
Every ingest unit writes one small Parquet part per table.  Compaction merges
the small parts of each partition folder (table / variant / batch) into files
of up to --rows rows, streaming (constant memory).  Batches are kept apart, so
the batch key still names the ingest run.  The swap is one commit-log record:
readers through the commit log see the old parts or the new ones, never both;
a killed compaction is finished (or dropped) by the next writer.
"""

EPILOG = """\
examples:
  belot compact data/dataset
  belot compact ds --table plays --rows 8000000
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compact", help="merge small Parquet parts of a dataset",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dataset", metavar="DATASET", help="dataset folder")
    p.add_argument("--rows", type=int, default=4_000_000,
                   help="most rows per merged file (default 4,000,000)")
    p.add_argument("--small-mb", type=float, default=64.0,
                   help="parts smaller than this are merged (default 64)")
    p.add_argument("--table", action="append", metavar="TABLE",
                   help="only this table (repeatable; default: all)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ingest.dataset import DatasetError, compact
    from ingest.schema import TABLES

    if not (Path(args.dataset) / "_belot").is_dir():
        print(f"belot compact: {args.dataset} is not a dataset (no _belot folder)",
              file=sys.stderr)
        return 2
    for t in args.table or []:
        if t not in TABLES:
            print(f"belot compact: unknown table {t!r} (tables: {', '.join(TABLES)})",
                  file=sys.stderr)
            return 2
    try:
        out = compact(args.dataset, target_rows=args.rows,
                      small_bytes=int(args.small_mb * (1 << 20)), tables=args.table)
    except DatasetError as exc:
        print(f"belot compact: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{args.dataset}: {out['files_before']} part(s) merged into "
              f"{out['files_after']} in {out['groups']} folder(s)")
    return 0
