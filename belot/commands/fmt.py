"""``belot fmt``: rewrite BGN records in canonical form (docs/bgn/canonical.md)."""

from __future__ import annotations

import argparse
import sys

from belot.commands.encoding import add_encoding

DESCRIPTION = """\
Rewrite records in canonical BGN form (a JSON Lines file is read as such and
printed as BGN): tags in the standard order, one section
per line, one trick per line with its number, sorted hands, canonical card and
call spellings (TH, AS, pass, 90H), comments as {...}.  Reading the output again
and rewriting it changes nothing.

A game that does not parse is reported on stderr as
  file:line:col: P101 message (game N)
and written through verbatim, so nothing is lost.  Bytes that are not UTF-8
(P104) are written through as they were read on stdout; --in-place leaves
such a file as it is (read it with --encoding NAME to rewrite it in UTF-8).
A date written in another form (2025-03-14, 14.03.2025) is written YYYY.MM.DD
and noted on stderr as a W701 warning; a date that cannot be read is kept as
written, with a W702.  A damaged .gz is read up to the fault: its whole games
are written, the line where its text stops is named on stderr (--in-place
leaves such a file as it was).  Exit status 1 when any game had a parse error
or a file was left as it is, 2 on a usage error or a file not read to its end,
else 0 (warnings leave it 0).
"""

EPILOG = """\
examples:
  belot fmt club.bgn                  canonical text on stdout
  belot fmt --in-place data/*.bgn     rewrite the files (atomically, via a temp file)
  belot fmt logs/night.bgn.gz > a.bgn a gzip file is read as text
  cat club.bgn | belot fmt -          read stdin
  belot fmt -i --encoding cp1250 old.bgn   rewrite a Central European file as UTF-8
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fmt", help="rewrite BGN files in canonical form",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", metavar="FILE", help=".bgn or .bgn.gz files, '-' for stdin")
    p.add_argument("-i", "--in-place", action="store_true",
                   help="rewrite each file instead of printing (a .gz stays gzip-compressed); "
                        "a file with bytes that are not UTF-8 is left as it is")
    add_encoding(p)
    p.set_defaults(func=run)


class NotReadExactly(Exception):  # noqa: N818 - a refusal, said to the user
    """A file that holds bytes its encoding cannot read: rewriting it would change them."""


def _format(name: str, games, out, err, exact: bool = False) -> bool:
    """Write games to out; returns True when any had a parse error.  ``exact``: a
    game with undecodable bytes (P104) raises :class:`NotReadExactly` after its
    report, so that an in-place rewrite is abandoned."""
    from ingest.bgn.files import format_error, format_warnings
    from ingest.bgn.writer import write_game

    bad = False
    first = True
    for game in games:
        for line in format_warnings(name, game):
            err.write(line + "\n")
        if game.errors:
            bad = True
            for line in format_error(name, game):
                err.write(line + "\n")
            if exact and game.errors[0].code == "P104":
                raise NotReadExactly(name)
            text = game.source_text
        else:
            text = write_game(game)
        if not text:
            continue
        if not first:
            out.write("\n")
        out.write(text)
        first = False
    return bad


def run(args: argparse.Namespace) -> int:
    from belot.exits import Exit
    from belot.inputs import read_until_fault, say
    from ingest.bgn.encoding import codec_title
    from ingest.bgn.files import (
        STDIN,
        FileKind,
        atomic_writer,
        file_kind,
        not_a_file,
        read_records,
        stdout_text,
    )
    from ingest.bgn.inflate import ReadFault
    from ingest.chunks import fault_place

    if args.in_place and STDIN in args.files:
        print("belot fmt: --in-place cannot rewrite stdin", file=sys.stderr)
        return 2
    problems = [p for f in args.files if f != STDIN and (p := not_a_file(f)) is not None]
    if problems:
        print(f"belot fmt: {problems[0]}", file=sys.stderr)
        return 2
    if args.in_place:
        jsonl = [f for f in args.files if file_kind(f, args.encoding) is FileKind.JSONL]
        if jsonl:
            print(f"belot fmt: {jsonl[0]} holds JSON Lines; --in-place rewrites BGN files "
                  "only (belot convert --to bgn turns JSON Lines into BGN)", file=sys.stderr)
            return 2
    bad = False
    faults: list[str] = []
    if args.in_place:
        for name in args.files:
            try:
                with atomic_writer(name) as out:
                    bad |= _format(name, read_records(name, args.encoding), out, sys.stderr,
                                   exact=True)
            except ReadFault as exc:  # a damaged file is left as it is, never cut short
                faults.append(name)
                say("fmt", f"{fault_place(name, exc)}: cannot read: {exc}; left as it was")
            except NotReadExactly:
                bad = True
                print(f"belot fmt: {name} left as it is: it holds bytes that are not "
                      f"{codec_title(args.encoding)} (P104 above), and rewriting it would "
                      "change them; read it in its encoding with --encoding NAME "
                      "(cp1252, cp1250, cp1251...)", file=sys.stderr)
        return Exit.NOT_CHECKED if faults else Exit.FINDINGS if bad else Exit.OK
    with stdout_text() as out:
        wrote = False
        for name in args.files:
            games = read_until_fault("fmt", name, read_records(name, args.encoding), faults)
            # one empty line between the games of consecutive files
            buffer = _Joiner(out, wrote)
            bad |= _format(name, games, buffer, sys.stderr)
            wrote = buffer.wrote
    return Exit.NOT_CHECKED if faults else Exit.FINDINGS if bad else Exit.OK


class _Joiner:
    """Writes through to ``out``, adding the empty line that separates this file's
    first game from the previous file's last one."""

    def __init__(self, out, need_gap: bool) -> None:
        self.out = out
        self.need_gap = need_gap
        self.wrote = need_gap

    def write(self, text: str) -> None:
        if self.need_gap:
            self.out.write("\n")
            self.need_gap = False
        self.out.write(text)
        self.wrote = True
