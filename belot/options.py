"""Options that several commands share, spelt and read the same way in each.

``-j N`` / ``--jobs N``: worker processes for ``validate``, ``ingest`` and
``analyze``: 0 is every core (the default), 1 runs in this process (no worker
processes: the simplest to debug), N starts N processes.  A negative N is a usage
error.  ``ingest --workers`` and ``analyze --workers`` counted the other way
(0 = in this process); they still work for one release, with a warning.

``--quiet``: no progress on stderr (ingest.progress: a bar on a terminal, a plain
line every few seconds elsewhere).
"""

from __future__ import annotations

import argparse
import sys

JOBS_HELP = ("worker processes: 0 = every core (the default), 1 = in this process, "
             "N = N processes")
QUIET_HELP = ("no progress on stderr (shown otherwise: a bar on a terminal, else a line "
              "every 10 s, or every BELOT_PROGRESS_SECONDS)")


def job_count(text: str) -> int:
    """A ``-j`` value: a whole number of workers, 0 or more."""
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(
            f"expected a number of worker processes, 0 (every core) or more, not {text!r}")
    return n


def add_jobs(p: argparse.ArgumentParser, old_workers: bool = False, note: str = "") -> None:
    """``-j/--jobs`` (its help followed by ``note``); with ``old_workers`` also the
    deprecated ``--workers``."""
    p.add_argument("-j", "--jobs", type=job_count, default=None, metavar="N",
                   help=JOBS_HELP + note)
    if old_workers:
        p.add_argument("--workers", type=job_count, default=None, metavar="N",
                       help="deprecated, use -j: worker processes with 0 = in this process "
                            "(--workers 0 is -j 1)")


def add_quiet(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quiet", action="store_true", help=QUIET_HELP)


def jobs(args: argparse.Namespace, command: str) -> int:
    """The ``-j`` count the command line asks for (0: every core), reading the
    deprecated ``--workers`` (0 = in this process) with a warning on stderr; both
    given is a usage error (exit 2)."""
    old = getattr(args, "workers", None)
    if old is None:
        return args.jobs or 0
    if args.jobs is not None:
        print(f"belot {command}: -j and --workers are one option (--workers is the old "
              "spelling): give -j only", file=sys.stderr)
        raise SystemExit(2)
    n = old or 1
    print(f"belot {command}: --workers is deprecated and goes in the next release; use "
          f"-j {n} (-j counts worker processes: 1 = in this process, 0 = every core)",
          file=sys.stderr)
    return n


def pipeline_workers(n: int) -> int | None:
    """A ``-j`` count as ``ingest_paths`` and the analysis functions take ``workers``:
    None for every core, 0 for this process, else the processes."""
    return None if n == 0 else 0 if n == 1 else n
