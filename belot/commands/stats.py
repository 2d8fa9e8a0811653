"""``belot stats``: the analytics' metrics over an ingested dataset, as a table, CSV or JSON."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import textwrap
from typing import Any

DESCRIPTION = """\
Compute a metric over a dataset written by 'belot ingest' (DuckDB over its
committed Parquet files; nothing is written).  Without --metric, print the
overview: games, deals, players, variants, bid success, declarations per deal,
violations per 1,000 deals.

--by splits a metric by dimensions (each metric lists the ones it allows: see
--list); without --by a metric uses its default split, and '--by' with no name
gives one total row.  --where chooses games (repeat a key to allow several
values): variant, event, player (any seat), source (the input file), date_from
and date_to (the Date tag, inclusive, YYYY-MM-DD).  Values are passed to DuckDB
as bound parameters, never pasted into SQL.

Success rates (bid_success, declaration_effect, bid_quality) carry a Wilson 95%
interval and a small_n flag: true when a row has fewer than --min-n contracts
(default 30); --hide-small leaves such rows out.

accuracy, dd_contracts and bid_quality read the double-dummy analysis that
'belot ingest --analyze' or 'belot analyze --into DATASET' adds: the points each
card lost, and whether each contract was makeable with best play; sd_accuracy
and fairplay read the single-dummy analysis of 'belot analyze --single-dummy
--into DATASET' (see 'belot fairplay').
"""

EPILOG = """\
examples:
  belot stats data/dataset                              the overview
  belot stats data/dataset --list                       every metric, what it counts, its --by
  belot stats data/dataset --metric bid_success --by variant contract
  belot stats data/dataset --metric bid_success --by trumps_held trump_jack \\
        --where variant=yu4 --where variant=mk4 --hide-small
  belot stats data/dataset --metric declaration_frequency --by variant --format json
  belot stats data/dataset --metric violations --by code --where player=Ana --format csv
  belot stats data/dataset --metric players --where date_from=2026-01-01
  belot stats data/dataset --metric accuracy --by player variant   points lost per card
  belot stats data/dataset --metric dd_contracts       makeable vs made, per contract
  belot stats data/dataset --to-duckdb belot.duckdb     views for the DuckDB CLI
  belot stats big/ --cache big-stats.duckdb --metric tricks   fast when run again
"""

#: --where keys -> Filters fields
WHERE_KEYS = {"variant": "variants", "event": "events", "player": "players",
              "source": "sources", "date_from": "date_from", "date_to": "date_to"}


class UsageError(ValueError):
    pass


class NotAnalysed(ValueError):
    """A metric of the double- or single-dummy analysis asked of a dataset never
    analysed so."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("stats", help="metrics over an ingested dataset (DuckDB)",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dataset", nargs="?", metavar="DATASET",
                   help="dataset folder written by 'belot ingest'")
    p.add_argument("--metric", metavar="NAME", help="metric to compute (see --list)")
    p.add_argument("--by", nargs="*", metavar="COL",
                   help="dimensions to split by (default: the metric's own)")
    p.add_argument("--where", action="append", default=[], metavar="KEY=VALUE",
                   help="choose games: " + ", ".join(WHERE_KEYS) + " (repeatable; a variant "
                        "in any letters, a date as YYYY-MM-DD or a form a Date tag is read in)")
    p.add_argument("--format", choices=("table", "csv", "json"), default="table",
                   help="output format (default table)")
    p.add_argument("--min-n", type=int, default=None, metavar="N",
                   help="contracts below which a rate is flagged small_n (default 30)")
    p.add_argument("--hide-small", action="store_true", help="leave out small_n rows")
    p.add_argument("--list", action="store_true", help="list the metrics and exit")
    p.add_argument("--to-duckdb", metavar="FILE",
                   help="write a .duckdb file with views for the DuckDB CLI and exit")
    p.add_argument("--cache", metavar="FILE",
                   help="keep the fact tables in this .duckdb file between runs (rebuilt "
                        "when the dataset changes): fast repeated runs on a large dataset")
    p.set_defaults(func=run)


def parse_where(items: list[str]):
    """``KEY=VALUE`` items to :class:`analytics.Filters` (values as typed, never SQL)."""
    from analytics import Filters
    from ingest.bgn.dates import date_of
    from replay.model.variants import variant_id

    values: dict[str, Any] = {}  # Filters' fields: dates and lists of names
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or key not in WHERE_KEYS:
            raise UsageError(f"--where {item!r}: expected KEY=VALUE with KEY one of "
                             f"{', '.join(WHERE_KEYS)}")
        field = WHERE_KEYS[key]
        if field.startswith("date"):
            day = date_of(value)
            if day is None:
                raise UsageError(f"--where {item!r}: a date is YYYY-MM-DD (or YYYY.MM.DD, "
                                 "DD.MM.YYYY, the forms a Date tag is read in)")
            values[field] = day
        else:
            if field == "variants":  # ids are lower-case; YU4 names yu4, as in a record
                value = variant_id(value.strip())
            values.setdefault(field, []).append(value)
    return Filters(**values)


def list_metrics(out) -> None:
    from analytics import METRICS

    for m in METRICS.values():
        out.write(f"{m.name}\n")
        out.write(textwrap.fill(m.doc, 88, initial_indent="    ", subsequent_indent="    "))
        out.write(f"\n    --by: {' '.join(m.by)}\n    default: {' '.join(m.default_by) or '-'}"
                  f"\n    fields: {' '.join(m.fields)}\n\n")


def _cell(v) -> str:
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:.4f}"
    return str(v)


def format_table(columns: list[str], rows: list[tuple]) -> str:
    """Aligned plain text: numbers to the right, text to the left, floats to 4 places."""
    cells = [[_cell(v) for v in r] for r in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    numeric = [all(isinstance(r[i], int | float) and not isinstance(r[i], bool)
                   for r in rows if r[i] is not None) and rows for i in range(len(columns))]

    def line(vals):
        return "  ".join(v.rjust(w) if num else v.ljust(w)
                         for v, w, num in zip(vals, widths, numeric, strict=True)).rstrip()

    out = [line(columns), line(["-" * w for w in widths])]
    out += [line(r) for r in cells]
    return "\n".join(out) + "\n"


def _json_default(v):
    if isinstance(v, dt.date | dt.datetime):
        return v.isoformat()
    raise TypeError(type(v).__name__)


def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    if args.list:
        list_metrics(out)
        return 0
    if not args.dataset:
        print("belot stats: DATASET is required (or --list)", file=sys.stderr)
        return 2
    try:
        return _run(args, out)
    except (UsageError, ValueError) as exc:
        print(f"belot stats: {exc}", file=sys.stderr)
        return 2
    except FileNotFoundError as exc:
        print(f"belot stats: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, out) -> int:
    import polars as pl

    from analytics import METRICS, MIN_N, open_dataset, to_json_rows
    from replay.model.jsontext import dumps

    filters = parse_where(args.where)
    if args.metric is not None and args.metric not in METRICS:
        raise UsageError(f"unknown metric {args.metric!r}; known: {', '.join(METRICS)}")
    if args.metric is None and (args.by is not None or args.hide_small
                                or args.min_n is not None):
        raise UsageError("--by, --min-n and --hide-small need --metric")
    if args.min_n is not None and args.min_n < 0:
        raise UsageError("--min-n must be >= 0")
    if args.metric is not None:
        m = METRICS[args.metric]
        by = list(m.default_by) if args.by is None else args.by
        m.check_by(by)  # fails before the dataset is opened
    a = open_dataset(args.dataset, cache=args.cache)
    try:
        if args.to_duckdb:
            path = a.to_duckdb_file(args.to_duckdb)
            print(f"wrote {path}: views games, deals, ..., f_* and metric_*; "
                  f"open it with: duckdb {path}", file=sys.stderr)
            return 0
        if args.metric is None:
            ov = a.overview(filters)
            if args.format == "json":
                out.write(dumps(ov, default=_json_default) + "\n")
            elif args.format == "csv":
                out.write(pl.DataFrame([ov]).write_csv())
            else:
                w = max(len(k) for k in ov)
                for k, v in ov.items():
                    out.write(f"{k.ljust(w)}  {_cell(v)}\n")
            return 0
        missing_sd = [t for t in METRICS[args.metric].single_dummy if not a.files.get(t)]
        if missing_sd:
            raise NotAnalysed(f"{args.dataset}: no single-dummy analysis (no "
                              f"{' or '.join(missing_sd)} rows), which --metric {args.metric} "
                              f"reads; run 'belot analyze --single-dummy --into "
                              f"{args.dataset}' to add it")
        missing = a.missing_analysis(args.metric, by)
        if missing:
            raise NotAnalysed(f"{args.dataset}: no double-dummy analysis (no {' or '.join(missing)} "
                              f"rows), which --metric {args.metric} reads; run 'belot analyze "
                              f"--into {args.dataset}' to add it")
        df = a.query(args.metric, by, filters,
                     min_n=MIN_N if args.min_n is None else args.min_n,
                     hide_small=args.hide_small)
    finally:
        a.close()
    if args.format == "json":
        out.write(to_json_rows(df) + "\n")
    elif args.format == "csv":
        out.write(df.write_csv())
    else:
        out.write(format_table(df.columns, df.rows()))
    return 0
