"""The ``belot`` command: one entry point, one module per subcommand.

Each subcommand lives in ``belot/commands/<name>.py`` and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a
function taking the parsed arguments and returning the exit status.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys

from belot.exits import Exit, table_text

#: subcommand modules, in the order ``belot --help`` lists them
COMMANDS = ["fmt", "convert", "validate", "explain", "simulate", "ingest", "compact", "stats", "analyze",
            "fairplay", "dashboard"]


class VersionAction(argparse.Action):
    """``--version``: what this installation is (belot/about.py), worked out only
    when asked, since it imports the reader and the engine."""

    def __call__(self, parser, namespace, values, option_string=None):
        from belot.about import version_lines

        print("\n".join(version_lines()))
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="belot",
        description="Read, check, store and explore recorded games of Belot (BGN notation).",
        epilog="Run 'belot COMMAND --help' for the options and an example of each command.\n\n"
               + table_text(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=VersionAction, nargs=0,
                        help="the version, whether the reader and the engine run compiled, "
                             "the numba and Python versions")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"belot.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"belot.commands.{name}":
                raise
            continue  # not built yet
        module.register(sub)
    return parser


def tune_gc() -> None:
    """The reader and the engine make many short-lived, acyclic objects; with the
    default thresholds the cyclic collector scans them thousands of times a second
    (about a quarter of the engine's time).  Freed by reference counting anyway."""
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)


def main(argv: list[str] | None = None) -> int:
    tune_gc()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return Exit.NOT_CHECKED
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # `belot fmt big.bgn | head`
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return Exit.INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
