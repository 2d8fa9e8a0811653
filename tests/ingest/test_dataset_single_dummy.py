"""The single-dummy analysis in the dataset: ``belot analyze --single-dummy --into``
(tables card_single_dummy, game_single_dummy), with real Parquet files read back
with DuckDB.

data/samples is ingested plainly; the command writes, for every game, the rows
of ``replay.singledummy.values.single_dummy_deal`` run directly on the same
records (same samples and seed) and the double-dummy rows of a plain
``belot analyze --into``; a second run adds nothing; a game analysed
double-dummy before keeps its rows; a run killed inside a commit leaves whole
games that a re-run completes to the same rows.
"""

from __future__ import annotations

import shutil
import signal
from pathlib import Path

import numpy as np
import pytest
from support.ingest_util import REPO, check_consistent, run_cli

from ingest.bgn.reader import read_games
from ingest.bgn.writer import game_id
from ingest.dataset import Dataset, connect
from ingest.pipeline import ingest_paths
from ingest.runs.analyze import analyse_dataset
from replay.engine.walk import replay_game
from replay.model.cards import CARD_TEXT
from replay.singledummy.values import single_dummy_deal
from replay.solver.analysis import game_ruleset

SAMPLES, SEED = "3", "11"
ARGS = ("--single-dummy", "--samples", SAMPLES, "--seed", SEED, "-j", "2", "--chunk-kb", "2",
        "--quiet")
#: every column that does not depend on the run
STABLE = {"card_single_dummy": "* EXCLUDE (batch)",
          "game_single_dummy": "* EXCLUDE (batch)",
          "card_analysis": "* EXCLUDE (batch)",
          "deal_analysis": "* EXCLUDE (batch, solver_ms)",
          "game_analysis": "* EXCLUDE (batch, solver_ms)"}


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Path:
    """data/samples ingested without analysis (21 games)."""
    ds = tmp_path_factory.mktemp("sd-plain") / "ds"
    ingest_paths([str(REPO / "data" / "samples")], ds, workers=0)
    return ds


@pytest.fixture(scope="module")
def analysed(plain, tmp_path_factory) -> Path:
    ds = tmp_path_factory.mktemp("sd-into") / "ds"
    shutil.copytree(plain, ds)
    p = run_cli("analyze", "--into", str(ds), *ARGS)
    assert p.returncode == 0, p.stderr
    assert f"21 game(s) analysed single-dummy ({SAMPLES} layouts, seed {SEED}; 21 also " \
           "double-dummy), 15 deal(s), 316 card(s)" in p.stderr
    return ds


def rows(ds: Path, table: str) -> list[tuple]:
    return sorted(connect(ds).execute(f"SELECT {STABLE[table]} FROM {table}").fetchall())


def expected_cards() -> list[tuple]:
    """card_single_dummy's rows from the Python API, float columns as float32."""
    out = []
    for f in sorted((REPO / "data" / "samples").glob("*.bgn")):
        for g in read_games(f):
            rs = game_ruleset(g)
            gid = game_id(g)
            for dr in replay_game(g).deals:
                sd = single_dummy_deal(dr, rs, int(SAMPLES), int(SEED)) if rs else None
                for c in sd.cards if sd else []:
                    f32 = [float(np.float32(x)) for x in (c.sd_before, c.sd_after, c.sd_loss)]
                    out.append((gid, dr.deal, c.idx, c.trick, c.seat, CARD_TEXT[c.card],
                                int(SAMPLES), c.determined, *f32,
                                [CARD_TEXT[x] for x in c.sd_best], float(np.float32(c.sd_se)),
                                sd.betl, g.tags["Variant"]))
    return sorted(out)


def test_rows_are_the_values_of_every_deal(analysed):
    assert rows(analysed, "card_single_dummy") == expected_cards()
    con = connect(analysed)
    assert con.execute("SELECT count(*), sum(deals), min(samples), max(samples), min(seed), "
                       "max(seed) FROM game_single_dummy").fetchone() == (21, 15, 3, 3, 11, 11)
    # every card row joins its play and its double-dummy row
    assert con.execute("SELECT count(*) FROM card_single_dummy s ANTI JOIN plays p "
                       "USING (game_id, deal, idx)").fetchone() == (0,)
    assert con.execute("SELECT count(*) FROM card_single_dummy s JOIN card_analysis a "
                       "USING (game_id, deal, idx) WHERE s.card <> a.card").fetchone() == (0,)
    assert con.execute("SELECT count(*) FROM card_single_dummy").fetchone() == \
        con.execute("SELECT count(*) FROM card_analysis").fetchone()


def test_the_double_dummy_rows_are_those_of_a_plain_analyze(plain, analysed, tmp_path):
    ds = tmp_path / "ds"
    shutil.copytree(plain, ds)
    analyse_dataset(ds, workers=0)
    for table in ("card_analysis", "deal_analysis", "game_analysis"):
        assert rows(analysed, table) == rows(ds, table)
    # a game analysed double-dummy before keeps its rows: none are added twice
    p = run_cli("analyze", "--into", str(ds), *ARGS)
    assert p.returncode == 0, p.stderr
    assert "21 game(s) analysed single-dummy (3 layouts, seed 11; 0 also double-dummy)" in p.stderr
    for table in STABLE:
        assert rows(analysed, table) == rows(ds, table)


def test_a_second_run_adds_nothing(analysed, tmp_path):
    ds = tmp_path / "ds"
    shutil.copytree(analysed, ds)
    p = run_cli("analyze", "--into", str(ds), *ARGS)
    assert p.returncode == 0, p.stderr
    assert "0 game(s) analysed single-dummy (3 layouts, seed 11; 0 also double-dummy), 0 " \
           "deal(s), 0 card(s); 21 analysed before" in p.stderr
    for table in STABLE:
        assert rows(ds, table) == rows(analysed, table)


def single_dummy_ids(ds: Path) -> set[str]:
    """The games of game_single_dummy, each checked whole: its card rows are all there."""
    check_consistent(ds)
    con = connect(ds)
    assert con.execute("SELECT count(*) FROM card_single_dummy ANTI JOIN game_single_dummy "
                       "USING (game_id)").fetchone() == (0,)
    ids = {r[0] for r in con.execute("SELECT game_id FROM game_single_dummy").fetchall()}
    return ids


@pytest.mark.parametrize("phase", ["staged", "renaming"])
def test_kill_inside_a_commit_then_rerun(plain, analysed, tmp_path, phase):
    ds = tmp_path / "ds"
    shutil.copytree(plain, ds)
    p = run_cli("analyze", "--into", str(ds), *ARGS, env={"BELOT_INGEST_CRASH": f"{phase}:2"})
    assert p.returncode == -signal.SIGKILL
    with Dataset(ds).writer():
        pass  # recovery rolls a logged commit forward
    present = single_dummy_ids(ds)
    assert 0 < len(present) < 21
    whole = sorted(r for r in rows(analysed, "card_single_dummy") if r[0] in present)
    assert rows(ds, "card_single_dummy") == whole
    done = run_cli("analyze", "--into", str(ds), *ARGS)
    assert done.returncode == 0, done.stderr
    assert f"{len(present)} analysed before" in done.stderr
    for table in STABLE:
        assert rows(ds, table) == rows(analysed, table)
    assert not list((ds / "_belot" / "staging").iterdir())
