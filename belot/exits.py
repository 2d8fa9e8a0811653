"""The exit status of every ``belot`` command: one table, one meaning per code.

The codes grow with how much was left unanswered: 0 everything asked for was read
and is fine, 1 everything was read and some records are not (the findings say
which), 2 not everything asked for was read or checked, so no verdict on the whole
input is given.  ``belot --help`` prints :data:`TABLE`; docs/troubleshooting.md
shows the same rows.
"""

from __future__ import annotations

from enum import IntEnum


class Exit(IntEnum):
    """An exit status of the ``belot`` command."""

    OK = 0
    FINDINGS = 1
    NOT_CHECKED = 2
    INTERRUPTED = 130


#: (code, what it means, the cases that give it), in the order of the codes
TABLE: tuple[tuple[Exit, str, str], ...] = (
    (Exit.OK, "done: everything asked for was read, and nothing is wrong",
     "validate: at least one game read, and every game clean (a W7xx warning leaves it "
     "clean); fmt, convert, analyze: every "
     "game parsed; ingest: every record stored (rule violations and records that do not "
     "parse are kept in the dataset, and counted); analyze --into: every game analysed; "
     "stats, fairplay, explain, simulate, compact: the answer printed or the file "
     "written"),
    (Exit.FINDINGS, "findings: everything was read, and some records are wrong or could "
     "not be used",
     "validate: a record breaks a rule or does not parse; fmt, convert, analyze: a record "
     "does not parse (shown as file:line:col: P1xx); analyze --into: a game could not be "
     "analysed"),
    (Exit.NOT_CHECKED, "not everything was checked: a usage error or input that could not "
     "be read",
     "an unknown option, metric or topic; no such file; a file that cannot be read to its "
     "end (a damaged .gz); no record found (an empty file, a folder without record files); "
     "a folder that is not a dataset; a metric that needs the double-dummy analysis of a "
     "dataset never analysed; fairplay on a dataset without the single-dummy analysis. "
     "Said on stderr; wins over 1"),
    (Exit.INTERRUPTED, "interrupted (Ctrl-C)", "what was committed or written before stays"),
)


def table_text() -> str:
    """:data:`TABLE` as ``belot --help`` prints it, in 79 columns: a code and its
    meaning, then its cases indented below."""
    import textwrap

    lines = ["exit status (the same in every command):"]
    for code, meaning, cases in TABLE:
        lines += textwrap.wrap(meaning, 79, initial_indent=f"  {int(code):<4} ",
                               subsequent_indent=" " * 7)
        lines += textwrap.wrap(cases, 79, initial_indent=" " * 9, subsequent_indent=" " * 9)
    return "\n".join(lines)
