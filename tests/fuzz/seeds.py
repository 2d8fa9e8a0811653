"""The seed corpus: the bundled records, one game per input.

Every game of ``data/samples`` and, of each simulated file in ``data/sim`` (one
per variant), its shortest games, cut after the deal that brings a game past
``MAX_SEED`` characters: the fuzzer starts from every variant's notation and
rules, and a short input runs many times faster than a 30-deal game (the
harness cuts them to its ``-max_len``).  The JSON
Lines target starts from the JSON form of the same games.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ingest.bgn import read_games
from ingest.bgn.jsonform import dumps_game

ROOT = Path(__file__).resolve().parent.parent.parent
#: an input longer than this is cut at a deal
MAX_SEED = 4096
#: the shortest games taken from each simulated file
PER_VARIANT = 2


def _cut(text: str, limit: int) -> str:
    """``text`` up to the last deal that starts before ``limit`` bytes of UTF-8 (the
    whole text when it is short enough)."""
    if len(text.encode("utf-8")) <= limit:
        return text
    at = text.rfind("\ndeal ", 0, limit // 2)
    while at > 0 and len(text[:at + 1].encode("utf-8")) > limit:
        at = text.rfind("\ndeal ", 0, at)
    return text[:at + 1] if at > 0 else text.encode("utf-8")[:limit].decode("utf-8", "ignore")


def seed_games(limit: int = MAX_SEED) -> list[str]:
    """The texts of the seed games, in a fixed order, each at most ``limit`` bytes."""
    out = []
    for path in sorted((ROOT / "data" / "samples").glob("*.bgn")):
        out += [_cut(g.source_text, limit) for g in read_games(str(path))]
    for path in sorted((ROOT / "data" / "sim").glob("*.bgn.gz")):
        games = sorted(read_games(str(path)), key=lambda g: (len(g.source_text), g.index))
        out += [_cut(g.source_text, limit) for g in games[:PER_VARIANT]]
    return out


def write_seeds(target: str, into: Path, limit: int = MAX_SEED) -> int:
    """Write the seed inputs of ``target`` (``bgn`` or ``jsonl``), each at most
    ``limit`` bytes, into the folder ``into``, named by their hash as libFuzzer
    names its inputs; returns how many."""
    into.mkdir(parents=True, exist_ok=True)
    texts = seed_games(limit)
    if target == "jsonl":
        # the JSON form is about twice as long as the text: cut from shorter games
        texts = [dumps_game(g) + "\n" for t in seed_games(limit // 2)
                 for g in read_games(t.encode()) if not g.errors]
    for text in texts:
        data = text.encode("utf-8")
        (into / hashlib.sha1(data).hexdigest()).write_bytes(data)
    return len(texts)
