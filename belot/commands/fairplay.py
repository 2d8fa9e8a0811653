"""``belot fairplay``: who plays better than what he could know (docs/fairplay.md)."""

from __future__ import annotations

import argparse
import sys

DESCRIPTION = """\
The fair-play report over a dataset analysed single-dummy ('belot analyze
--single-dummy --into DATASET'): per player and per partnership, in each
variant, the single-dummy accuracy on defence and as callers, the seen-only
rate (how often the card played was double-dummy best where no single-dummy
best card was), the opening leads that lose nothing double-dummy, and the gap
between defence and declaring; each beside the population's rate, with a z and
a one-sided test.  A test is flagged when its p-value is at most {false_flags}
divided by the number of tests in the report (Bonferroni: at most {false_flags}
false flags expected in a report of honest players).  A flag says "unusual, worth a
review", never more: docs/fairplay.md says what the tests assume.

Players and pairs with fewer than --min-cards analysed cards are left out; a
test runs only over --min-positions positions or more.  --where chooses games as in 'belot
stats': variant, event, player, source, date_from, date_to.
"""

EPILOG = """\
examples:
  belot analyze --single-dummy --samples 32 --into data/dataset
  belot fairplay data/dataset
  belot fairplay data/dataset --where variant=yu4 --where date_from=2026-01-01
  belot fairplay data/dataset --json          one object per player and partnership
  belot fairplay data/dataset --csv > fairplay.csv
"""

#: analytics.fairplay's defaults, written out so that '--help' does not load the
#: analytics (DuckDB, polars); a test holds them equal
MIN_CARDS, MIN_TEST_N, FALSE_FLAGS = 200, 30, 0.001

#: columns of the text table: (header, report field, format)
TEXT_COLUMNS = (
    ("kind", "kind", "s"), ("player", "player", "s"), ("variant", "variant", "s"),
    ("cards", "cards", "d"),
    ("def_sd", "defence_sd_best", ".3f"), ("call_sd", "caller_sd_best", ".3f"),
    ("seen", "seen_only", "d"), ("of", "critical", "d"),
    ("rate", "seen_only_rate", ".3f"), ("pop", "seen_only_pop", ".3f"),
    ("expect", "seen_only_expected", ".3f"), ("z", "seen_only_z", ".2f"),
    ("leads", "leads", "d"), ("lead_dd", "lead_dd_rate", ".3f"),
    ("pop", "lead_dd_pop", ".3f"), ("z", "lead_dd_z", ".2f"),
    ("gap", "gap", "+.3f"), ("z", "gap_z", ".2f"), ("flag", "flagged", "s"),
)

#: the tests of a row, as the text report names them
TESTS = (("seen_only", "seen-only rate", "seen_only_rate", "seen_only_expected",
          "calibrated expectation"),
         ("lead_dd", "opening leads losing nothing double-dummy", "lead_dd_rate",
          "lead_dd_pop", "population"),
         ("gap", "defence minus declaring", "gap", "gap_pop", "population"))


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fairplay", help="the fair-play report over an analysed dataset",
                       description=DESCRIPTION.format(false_flags=FALSE_FLAGS),
                       epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dataset", metavar="DATASET", help="dataset folder written by "
                   "'belot ingest' and analysed by 'belot analyze --single-dummy --into'")
    p.add_argument("--where", action="append", default=[], metavar="KEY=VALUE",
                   help="choose games, as in 'belot stats' (repeatable)")
    p.add_argument("--min-cards", type=int, default=MIN_CARDS, metavar="N",
                   help=f"fewest analysed cards for a player or pair to be reported "
                        f"(default {MIN_CARDS})")
    p.add_argument("--min-positions", type=int, default=MIN_TEST_N, metavar="N",
                   help=f"fewest positions of a kind (seen-only positions, leads, cards "
                        f"in each camp) for its test to run (default {MIN_TEST_N})")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true",
                     help="a JSON array: one object per player and per partnership")
    out.add_argument("--csv", action="store_true", help="CSV, one row per player and pair")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from belot.commands.stats import UsageError, parse_where
    from belot.exits import Exit

    if args.min_cards < 0 or args.min_positions < 1:
        print("belot fairplay: --min-cards must be >= 0 and --min-positions >= 1",
              file=sys.stderr)
        return Exit.NOT_CHECKED
    try:
        filters = parse_where(args.where)
        return _run(args, filters, sys.stdout)
    except (UsageError, ValueError, FileNotFoundError) as exc:
        print(f"belot fairplay: {exc}", file=sys.stderr)
        return Exit.NOT_CHECKED


def _run(args: argparse.Namespace, filters, out) -> int:
    from analytics import open_dataset, to_json_rows
    from analytics.fairplay import has_single_dummy, report_frame
    from belot.exits import Exit

    with open_dataset(args.dataset) as a:
        if not has_single_dummy(a):
            print(f"belot fairplay: {args.dataset} has no single-dummy analysis; run "
                  f"`belot analyze --single-dummy --into {args.dataset}` first",
                  file=sys.stderr)
            return Exit.NOT_CHECKED
        df = report_frame(a, filters, min_cards=args.min_cards,
                          min_test_n=args.min_positions)
    if args.json:
        out.write(to_json_rows(df) + "\n")
    elif args.csv:
        out.write(df.write_csv())
    else:
        out.write(format_report(df.to_dicts(), args.min_cards))
    return Exit.OK


def _fmt(v, spec: str) -> str:
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "FLAG" if v else ""
    return format(v, spec) if spec != "s" else str(v)


def format_report(rows: list[dict], min_cards: int) -> str:
    """The text report: a table, then each flagged test in words."""
    if not rows:
        return (f"no player or partnership with {min_cards} or more analysed cards "
                "in the chosen games\n")
    head = rows[0]
    cells = [tuple(_fmt(r[f], spec) for _, f, spec in TEXT_COLUMNS) for r in rows]
    out = [*_aligned([h for h, _, _ in TEXT_COLUMNS], cells), ""]
    if head["alpha"] is None:
        out.append("tests: none (too few positions of any kind)")
    else:
        out.append(f"tests: {head['tests']}, one-sided; flagged at p <= {head['alpha']:.3g} "
                   f"(z >= {head['z_threshold']:.2f}): at most {FALSE_FLAGS} false flags "
                   "expected in a report of honest players")
    flagged = [(r, t) for r in rows for t in TESTS if r[f"{t[0]}_flag"]]
    for r, (name, words, rate, expected, against) in flagged:
        out.append(f"unusual, worth a review: {r['kind']} {r['player']} ({r['variant']}): "
                   f"{words} {r[rate]:.3f} against the {against} {r[expected]:.3f}, "
                   f"z = {r[f'{name}_z']:.2f}, p = {r[f'{name}_p']:.3g}")
    if not flagged:
        out.append("nothing unusual at that threshold")
    return "\n".join(out) + "\n"


def _aligned(header: list[str], cells: list[tuple[str, ...]]) -> list[str]:
    """Columns padded to their widest cell: names to the left, numbers to the right."""
    widths = [max(len(c) for c in col) for col in zip(header, *cells, strict=True)]
    left = {i for i, (_, _, spec) in enumerate(TEXT_COLUMNS) if spec == "s"}

    def line(vals) -> str:
        return "  ".join(v.ljust(w) if i in left else v.rjust(w)
                         for i, (v, w) in enumerate(zip(vals, widths, strict=True))).rstrip()

    return [line(header), line(["-" * w for w in widths]), *(line(c) for c in cells)]
