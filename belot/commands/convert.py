"""``belot convert``: BGN ⇄ JSON Lines (docs/bgn/json.md)."""

from __future__ import annotations

import argparse
import sys

from belot.commands.encoding import add_encoding

DESCRIPTION = """\
Convert records between BGN and their lossless JSON form (docs/bgn/json.md): one JSON
object per game, one game per line (JSON Lines), or canonical BGN text.

Input files are read by name: .bgn and .bgn.gz as BGN, .jsonl/.json/.ndjson
(optionally .gz) as JSON Lines; '-' reads BGN from stdin.  A game that does not
parse has no other form: it is reported on stderr as
  file:line:col: P101 message (game N)
(col is left out for JSON input) and skipped.  A date written in another form
(2025-03-14, 14.03.2025) is written YYYY.MM.DD and noted on stderr as a W701
warning; a date that cannot be read is kept as written, with a W702.  A file
with bytes that are not UTF-8 (P104) is not converted into OUT: -o writes
nothing then (read the file with --encoding NAME).  A damaged .gz is read up
to the fault: its whole games are converted, the line where its text stops is
named on stderr.  Exit status 1 when any game was skipped or OUT was not
written, 2 on a usage error or a file not read to its end, else 0 (warnings
leave it 0).  BGN -> JSON -> BGN gives back the canonical text byte for byte.
"""

EPILOG = """\
examples:
  belot convert --to json club.bgn > club.jsonl
  belot convert --to bgn club.jsonl > club.bgn
  belot convert --to json data/*.bgn.gz -o all.jsonl.gz
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("convert", help="convert between BGN and JSON Lines",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--to", required=True, choices=("json", "bgn"), help="output form")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help=".bgn, .bgn.gz, .jsonl or .jsonl.gz files; '-' for BGN on stdin")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write to OUT (atomically; gzip when it ends in .gz) instead of stdout; "
                        "nothing is written when an input has bytes that are not UTF-8")
    add_encoding(p)
    p.set_defaults(func=run)


class NotReadExactly(Exception):  # noqa: N818 - a refusal, said to the user
    """An input holds bytes its encoding cannot read: OUT would lose them."""


def _convert(args: argparse.Namespace, out, faults: list[str]) -> bool:
    from belot.inputs import read_until_fault
    from ingest.bgn.files import format_error, format_warnings, read_records
    from ingest.bgn.jsonform import dumps_game
    from ingest.bgn.writer import write_games

    bad = False

    def parsed():
        """The games that parse, file after file; the others reported on stderr, and
        the warnings of every game, and a damaged file read up to its fault."""
        nonlocal bad
        for name in args.files:
            for game in read_until_fault("convert", name, read_records(name, args.encoding),
                                         faults):
                for line in format_warnings(name, game):
                    sys.stderr.write(line + "\n")
                if game.errors:
                    bad = True
                    for line in format_error(name, game):
                        sys.stderr.write(line + "\n")
                    if args.output and game.errors[0].code == "P104":
                        raise NotReadExactly(name)
                    continue
                yield game

    if args.to == "json":
        for game in parsed():
            out.write(dumps_game(game) + "\n")
    else:
        write_games(parsed(), out)
    return bad


def run(args: argparse.Namespace) -> int:
    import os

    from belot.exits import Exit
    from ingest.bgn.encoding import codec_title
    from ingest.bgn.files import STDIN, atomic_writer, not_a_file, stdout_text

    problems = [p for f in args.files if f != STDIN and (p := not_a_file(f)) is not None]
    if problems:
        print(f"belot convert: {problems[0]}", file=sys.stderr)
        return 2
    if args.output and os.path.isdir(args.output):
        print(f"belot convert: {args.output} is a folder; -o names the file to write",
              file=sys.stderr)
        return 2
    faults: list[str] = []
    if args.output:
        try:
            with atomic_writer(args.output) as out:
                bad = _convert(args, out, faults)
        except NotReadExactly as exc:
            print(f"belot convert: {args.output} not written: {exc} holds bytes that are not "
                  f"{codec_title(args.encoding)} (P104 above); read it in its encoding with "
                  "--encoding NAME (cp1252, cp1250, cp1251...)", file=sys.stderr)
            return Exit.FINDINGS
    else:
        with stdout_text() as out:
            bad = _convert(args, out, faults)
    return Exit.NOT_CHECKED if faults else Exit.FINDINGS if bad else Exit.OK
