"""``--encoding``: the one option of every command that reads files of records."""

from __future__ import annotations

import argparse

HELP = ("read the files in this encoding instead of UTF-8: latin-1, cp1252, cp1250, "
        "cp1251, or any codec name Python knows (a byte that is not UTF-8 is finding "
        "P104, which names the encoding the text looks like)")


def encoding_name(text: str) -> str:
    """``--encoding``'s value, checked: a codec Python knows."""
    from ingest.bgn.encoding import codec

    try:
        return codec(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_encoding(p: argparse.ArgumentParser) -> None:
    p.add_argument("--encoding", type=encoding_name, default=None, metavar="NAME", help=HELP)
