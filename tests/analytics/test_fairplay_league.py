"""The fair-play report finds the members of a small fixed league who peek, and only
them (docs/fairplay.md).

The league is simulated (replay/league.py): six members, the last two of whom look
at every hand before each card and play a double-dummy best card; the others play
by what their seat may know, with a skill noise (the single-dummy player).  Every
step runs through the command line as a user would: simulate, ingest, analyse
single-dummy into the dataset, report.  The thresholds are the report's own
(Bonferroni over every test of the report); only the minimum numbers of cards and
positions are lowered to the league's size.
"""

from __future__ import annotations

import json

from support.ingest_util import run_cli


def test_a_small_league_flags_its_peeking_members_and_no_honest_one(tmp_path):
    record = tmp_path / "league.bgn"
    dataset = tmp_path / "ds"
    steps = [
        ("simulate", "--variant", "yu4", "--league", "6", "--peekers", "2", "--peek-rate", "1",
         "--deals-per-player", "40", "--samples", "4", "--seed", "3", "-o", str(record)),
        ("ingest", str(record), "--into", str(dataset)),
        ("analyze", "--single-dummy", "--samples", "8", "--into", str(dataset)),
    ]
    for step in steps:
        done = run_cli(*step, timeout=900)
        assert done.returncode == 0, (step[0], done.stderr)
    done = run_cli("fairplay", str(dataset), "--json", "--min-cards", "100",
                   "--min-positions", "10")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    players = {r["player"]: r for r in rows if r["kind"] == "player"}
    assert sorted(players) == ["P1", "P2", "P3", "P4", "P5", "P6"]
    flagged = sorted(p for p, r in players.items() if r["flagged"])
    assert flagged == ["P5", "P6"]
    for name in ("P5", "P6"):
        assert players[name]["seen_only_flag"] is True
        assert players[name]["seen_only_rate"] == 1.0
