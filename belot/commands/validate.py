"""``belot validate``: replay every record and report each rule violation."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

DESCRIPTION = """\
Replay every game card by card against the rules of its variant ([Variant] tag),
report each violation with its code and place, and recompute every score.

Output, one line per finding, like a compiler:
  club.bgn:14:22: C401 seat 2 did not follow hearts while holding QH (game 1, deal 3, trick 5)
then a summary on stderr.  Exit status: 0 when every game is clean, 1 when any
violation or parse error was found, 2 on a usage error (e.g. a missing file).

Codes (docs/codes.md): P1xx notation, D2xx deal layout, B3xx bidding, C4xx card play,
A5xx declarations/bela/claims, S6xx score sheet.

Variants: yu4 mk4 bg4 fr4 contree yu3 ru3 hu3 hu2 (full rules), bg3 bg2 (deal,
bidding and play from the books; their scoring is the default of reading A27
(docs/rules/readings.md) -- bg4-q2 against the other players combined -- not a rule-book
fact), ru-pair (deal, play and totals; club conventions the book never defines
are refused).  mk2, mk3 and hu4 are refused: the books give no rules for them.
House rules come from the [Rules] tag, e.g. [Rules "iber-partner=off"].
"""

EPILOG = """\
examples:
  belot validate data/                     every .bgn/.bgn.gz file below data/
  belot validate 'logs/2026-*.bgn.gz'      a glob (quote it)
  belot validate --json club.bgn | jq .    the JSON report of docs/bgn/report.md, one game per line
  belot validate --summary data/           counts per code only
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check records against their variant's rules",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="PATH", help="files, folders or globs")
    p.add_argument("--json", action="store_true",
                   help="print the validation report (docs/bgn/report.md), one JSON object per game")
    p.add_argument("--summary", action="store_true", help="print only the counts per code")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ingest.validate import expand_paths, format_violation, validate_file

    try:
        files = list(expand_paths(args.paths))
    except FileNotFoundError as exc:
        print(f"belot validate: {exc}", file=sys.stderr)
        return 2
    out = sys.stdout
    games = deals = 0
    codes: Counter[str] = Counter()
    for path in files:
        for report in validate_file(path, ids=args.json):
            games += 1
            deals += len(report.deals)
            codes.update(v.code for v in report.violations)
            if args.json:
                out.write(json.dumps(report.to_json(), ensure_ascii=False) + "\n")
            elif not args.summary:
                for v in report.violations:
                    out.write(format_violation(report, v) + "\n")
    found = sum(codes.values())
    summary = f"{len(files)} file(s), {games} game(s), {deals} deal(s): "
    summary += "clean" if not found else f"{found} finding(s): " + ", ".join(
        f"{c} x{k}" for c, k in sorted(codes.items()))
    print(summary, file=sys.stderr if not args.summary else out)
    return 1 if found else 0
