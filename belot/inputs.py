"""The record files a command reads, and what it says about the ones it does not.

``belot validate``, ``analyze`` and ``ingest`` search their PATHs the same way
(``ingest.bgn.files.record_files``): each names on stderr the files and folders
a folder search passed over, with the reason, and says so when no record file
was found at all, so that nothing is skipped without a word.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from ingest.bgn.files import Skipped, no_record_file

T = TypeVar("T")


def say(command: str, message: object) -> None:
    """One line on stderr, prefixed with the command's name."""
    print(f"belot {command}: {message}", file=sys.stderr)


def files_to_read(command: str, paths: list[str],
                  expand: Callable[[Iterable[str], list[Skipped]], Iterator[T]],
                  nothing: str) -> list[T] | None:
    """The files ``expand`` finds in ``paths``, after naming each one it skipped.

    None, after saying why, when a PATH does not exist; an empty list, after
    saying ``nothing: no record file in PATH (...)``, when no record file was found
    (``nothing`` is what the command then did not do: "nothing checked").
    """
    skipped: list[Skipped] = []
    try:
        files = list(expand(paths, skipped))
    except FileNotFoundError as exc:
        say(command, exc)
        return None
    for s in skipped:
        say(command, s)
    if not files:
        say(command, f"{nothing}: {no_record_file(paths)}")
    return files
