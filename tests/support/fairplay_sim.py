"""A dataset analysed single-dummy: the first games of the bundled simulated yu4 club
night (data/sim/yu4.bgn.gz), ingested and analysed with the real commands."""

from __future__ import annotations

import gzip
from pathlib import Path

from belot.cli import main

SIM = Path(__file__).resolve().parents[2] / "data" / "sim" / "yu4.bgn.gz"


def write_sim(root: Path, games: int = 2) -> Path:
    """``root/sim.bgn``: the first ``games`` games of the bundled club night."""
    with gzip.open(SIM, "rt", encoding="utf-8") as f:
        text = f.read()
    head = '[Variant "yu4"]'
    (root / "sim.bgn").write_text("".join(head + g for g in text.split(head)[1:games + 1]),
                                  encoding="utf-8")
    return root / "sim.bgn"


def analysed_sim_dataset(root: Path, games: int = 2, samples: int = 2, seed: int = 1) -> Path:
    """``root/ds``: the first ``games`` games, ingested, then analysed by
    ``belot analyze --single-dummy --samples SAMPLES --seed SEED --into``."""
    assert main(["ingest", str(write_sim(root, games)), "--into", str(root / "ds")]) == 0
    assert main(["analyze", "--single-dummy", "--samples", str(samples), "--seed", str(seed),
                 "--quiet", "--into", str(root / "ds")]) == 0
    return root / "ds"
