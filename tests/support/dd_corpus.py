"""A small corpus for the double-dummy analysis in the dataset, from the bundled
records: data/samples, a few short games of data/sim whose deals have cards
that lost points, and a Betl deal (tests/records/hu3-base.bgn announced as Betl).
Its deals solve in about two seconds in all."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

from ingest.bgn.reader import read_games
from support.ingest_util import REPO

#: (bundled file, game numbers from 0) of the simulated games in the corpus
SIM_GAMES = (("yu4", (1,)), ("bg3", (1, 2)), ("bg2", (2,)), ("ru3", (2,)))


def betl_record() -> str:
    """tests/records/hu3-base.bgn with the soloist announcing Betl (as in test_analysis)."""
    base = (REPO / "tests" / "records" / "hu3-base.bgn").read_text(encoding="utf-8")
    text = base.replace("announce 1: absolut\n", "").replace(
        "declare 1: run5:AH 2: run3:9S 3: run4:AC run3:9C",
        "declare 1: run5:AH 2: run3:9S 3: run4:AC run3:9C\nannounce 1: betl")
    return text[:text.index("2. AH")] + "result *\n"


def write_dd_corpus(root: Path) -> Path:
    """The corpus's record files in ``root`` (created); returns ``root``."""
    root.mkdir(parents=True)
    for f in (REPO / "data" / "samples").glob("*.bgn"):
        shutil.copy(f, root / f.name)
    texts = []
    for variant, picks in SIM_GAMES:
        games = read_games(REPO / "data" / "sim" / f"{variant}.bgn.gz")
        texts += [g.source_text for i, g in enumerate(itertools.islice(games, max(picks) + 1))
                  if i in picks]
    (root / "sim.bgn").write_text("\n".join(texts), encoding="utf-8")
    (root / "betl.bgn").write_text(betl_record(), encoding="utf-8")
    return root
