"""A dataset carries each game's record text: moved to another folder with its source
files deleted, every game still replays in the replay page's code path, with every
violation at the line and column the ingest recorded; a dataset written before the
texts were kept reads the source file, and says clearly when it is gone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from support.dashboard_util import APP, HAND_TEXT
from support.ingest_util import write_corpus

import analytics
from dashboard.viewer import SourceMissing, deal_view, replay_from_dataset
from ingest.bgn.jsonform import dumps_game
from ingest.bgn.reader import parse_game
from ingest.bgn.writer import game_id
from ingest.dataset import Dataset, connect
from ingest.pipeline import ingest_paths
from replay.simulate import simulate_games

HAND_ID = game_id(parse_game(HAND_TEXT))
#: hand-written text the writer would lay out otherwise: a file comment before the
#: first game, blank lines, stray spaces; places must survive the trip
MESSY = "{a file comment\nover two lines}\n\n\n" + HAND_TEXT.replace("bids pass H",
                                                                     "bids   pass  H")


def _sources(folder: Path) -> list[Path]:
    folder.mkdir(parents=True)
    messy = folder / "messy.bgn"
    messy.write_text(MESSY, encoding="utf-8")
    sim = write_corpus(folder / "sim.bgn.gz", "mk4", games=5, seed=11, violation_rate=0.2)
    jsonl = folder / "sim.jsonl"
    jsonl.write_text("\n" + "".join(dumps_game(g) + "\n" for g in
                                    simulate_games("bg4", 3, 5, violation_rate=0.3)),
                     encoding="utf-8")
    return [messy, sim, jsonl]


def _violations(ds: Path) -> dict[str, list[tuple]]:
    """Every game's violations as the ingest recorded them (code and place)."""
    rows = connect(ds).execute("SELECT game_id, code, line, col, deal, trick, seat "
                               "FROM violations ORDER BY game_id, idx").fetchall()
    out: dict[str, list[tuple]] = {}
    for gid, *rest in rows:
        out.setdefault(gid, []).append(tuple(rest))
    return out


def _places(loaded) -> list[tuple]:
    return [(v.code, v.line, v.col, v.deal, v.trick, v.seat) for v in loaded.report.violations]


@pytest.fixture(scope="module")
def moved(tmp_path_factory):
    """(the dataset moved to a new folder, its game ids, the violations recorded)."""
    root = tmp_path_factory.mktemp("travel")
    files = _sources(root / "src")
    ingest_paths([str(f) for f in files], root / "here" / "ds", workers=0, progress=False)
    recorded = _violations(root / "here" / "ds")
    ids = [r[0] for r in connect(root / "here" / "ds").execute(
        "SELECT game_id FROM games ORDER BY source_file, game_index").fetchall()]
    shutil.move(root / "here" / "ds", root / "elsewhere")
    shutil.rmtree(root / "src")
    shutil.rmtree(root / "here")
    return root / "elsewhere", ids, recorded


def test_a_moved_dataset_replays_every_game_without_its_sources(moved, monkeypatch, tmp_path):
    ds, ids, recorded = moved
    monkeypatch.chdir(tmp_path)
    assert len(ids) == 1 + 5 + 3 and HAND_ID in ids
    assert sum(len(v) for v in recorded.values()) >= 4  # the hand's two C401 and more
    with analytics.open_dataset(ds) as a:
        for gid in ids:
            loaded = replay_from_dataset(a, gid, roots=[str(ds.parent)])
            assert loaded.stored and loaded.matches and loaded.game_id == gid
            assert _places(loaded) == recorded.get(gid, []), gid
        hand = replay_from_dataset(a, HAND_ID)
    # the messy file's game starts at line 5, after the file comment and blank lines
    assert hand.game.line == 5 and hand.source_file.endswith("messy.bgn")
    assert [(v.code, v.line, v.col, v.trick) for v in hand.report.violations] == [
        ("C401", 40, 13, 5), ("C401", 42, 7, 7)]
    view = deal_view(hand, 2)
    assert [c.codes for c in view.tricks[4].cards] == [[], [], [], ["C401"]]


def test_the_replay_page_serves_a_moved_dataset(moved, monkeypatch, tmp_path):
    ds, _, _ = moved
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BELOT_DATASET", str(ds))
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.query_params.update(game=HAND_ID, deal="2", trick="5")
    at.switch_page("views/replay.py").run()
    assert not at.exception, [e.message for e in at.exception]
    assert [e.value.split("**")[1] for e in at.error] == ["C401"]
    assert any("(the copy kept in the dataset)" in c.value for c in at.caption)
    assert any(m.value.startswith("**Trick 5 of 8** · led by 3 Cveta · won by 1 Ana")
               for m in at.markdown)
    assert at.html[0].value.count('class="bcard') == 16  # 3 left in each hand, 4 on the table


def _forget_texts(ds: Path) -> None:
    """Make ``ds`` what an ingest before the ``records`` table wrote."""
    ck = ds / "_belot" / "checkpoint.json"
    state = json.loads(ck.read_text())
    state["files"].pop("records")
    ck.write_text(json.dumps(state))
    shutil.rmtree(ds / "records")


def test_an_old_dataset_reads_the_source_file_and_says_when_it_is_gone(tmp_path,
                                                                       monkeypatch):
    src = tmp_path / "hand.bgn"
    src.write_text(HAND_TEXT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    ingest_paths(["hand.bgn"], tmp_path / "ds", workers=0, progress=False)
    _forget_texts(tmp_path / "ds")
    assert Dataset(tmp_path / "ds").read_state().files["records"] == {}
    monkeypatch.chdir("/")
    with analytics.open_dataset(tmp_path / "ds") as a:
        assert a.game_record(HAND_ID)["text"] is None
        loaded = replay_from_dataset(a, HAND_ID, roots=[str(tmp_path)])
        assert not loaded.stored and loaded.path == str(src) and loaded.matches
        assert [v.code for v in loaded.report.violations] == ["C401", "C401"]
        src.unlink()
        with pytest.raises(SourceMissing, match="ingested before datasets kept each "
                                                "record's text"):
            replay_from_dataset(a, HAND_ID, roots=[str(tmp_path)])
        with pytest.raises(LookupError, match="no game"):
            replay_from_dataset(a, "0" * 64)
