"""``belot validate``: replay every record and report each rule violation."""

from __future__ import annotations

import argparse
import sys

from belot.commands.encoding import add_encoding
from belot.options import add_jobs, jobs

DESCRIPTION = """\
Replay every game card by card against the rules of its variant ([Variant] tag),
report each violation with its code and place, and recompute every score.

Output, one line per finding, like a compiler:
  club.bgn:14:22: C401 seat 2 did not follow hearts while holding QH (game 1, deal 3, trick 5)
then a summary on stderr: the files, games and deals read, and "clean" only
when at least one game was read and every one is.  Exit status (belot --help):
0 when every game is clean, 1 when any violation or parse error was found, 2 on
a usage error (e.g. a missing file), when no game was found (an empty file, a
folder without record files: a folder's other files are named as skipped), or
when a file cannot be read to its end (not gzip, cut short, corrupt data: named
on stderr with the line where its text stops, the other files and the whole
games before the fault still checked).

Findings that follow from an earlier one (later cards credited to the wrong seat
after a changed card, the score lines it changes) are counted in one indented
line under it; --all-findings lists them too.

Every core is used by default: files are cut into chunks of whole games, checked
by worker processes and written in input order, so the output is the same byte
for byte as with -j 1, in this process (docs/performance.md).

Codes (docs/codes.md): P1xx notation, D2xx deal layout, B3xx bidding, C4xx card play,
A5xx declarations/bela/claims, S6xx score sheet.  W7xx are warnings, printed in
their place like the others: a date written in another form (2025-03-14,
14.03.2025), read as that date, or one that cannot be read.  A game with
warnings only is clean: they are counted apart and do not change the exit status.

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
  belot validate -j 1 big.bgn              one process (default: every core)
  zcat old.bgn.gz | belot validate -       standard input
  belot validate --encoding cp1251 old/    files written in Windows Cyrillic
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check records against their variant's rules",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="files, folders or globs; '-' for BGN on stdin")
    p.add_argument("--json", action="store_true",
                   help="print the validation report (docs/bgn/report.md), one JSON object per game")
    p.add_argument("--summary", action="store_true", help="print only the counts per code")
    p.add_argument("--all-findings", action="store_true",
                   help="a line for every finding, also those that follow from an earlier "
                        "one (by default one line counts them)")
    add_jobs(p, note=". The output is the same, in input order, whatever N")
    add_encoding(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from belot.exits import Exit
    from belot.inputs import files_to_read, say
    from ingest.executors import default_workers
    from ingest.runs.validate import validate_paths
    from ingest.validation import expand_paths

    files = files_to_read("validate", args.paths, expand_paths, "nothing checked")
    if files is None:
        return Exit.NOT_CHECKED
    mode = ("json" if args.json else "summary" if args.summary
            else "all" if args.all_findings else "text")
    workers = jobs(args, "validate") or default_workers()
    tally = validate_paths(files, sys.stdout, mode, workers, encoding=args.encoding)
    for problem in tally.unreadable:
        say("validate", problem)
    if files and not tally.checked and not tally.unreadable:
        say("validate", f"nothing checked: no game in {' '.join(map(str, files))}")
    print(tally.summary(), file=sys.stderr if not args.summary else sys.stdout)
    if tally.unreadable or not tally.checked:
        return Exit.NOT_CHECKED
    return Exit.FINDINGS if tally.findings else Exit.OK
