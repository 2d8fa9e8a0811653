"""Every dashboard page under ``streamlit.testing.v1.AppTest``, on a small known dataset
built with the real ingest: the widgets are there, the numbers are the analytics', the
sidebar filters follow the pages, the replay viewer steps, the import page reports,
rejects and adds."""

from __future__ import annotations

import platform
import shutil
from importlib import metadata

import polars as pl
import pytest
from streamlit.testing.v1 import AppTest
from support.dashboard_util import APP, BROKEN_TEXT, HAND_TEXT, build_dataset
from support.pure_python import is_compiled

import analytics
import belot
from analytics import Filters
from belot.cli import main as cli_main
from dashboard.format import number, pct
from ingest.bgn import reader
from ingest.bgn.reader import parse_game
from ingest.bgn.writer import game_id
from replay.engine import walk as engine

HAND_ID = game_id(parse_game(HAND_TEXT))
TIMEOUT = 60


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    ds, _ = build_dataset(tmp_path_factory.mktemp("dashboard"))
    return ds


@pytest.fixture(scope="module")
def stats(dataset):
    a = analytics.open_dataset(dataset)
    yield a
    a.close()


def start(ds, monkeypatch, page: str | None = None, **query) -> AppTest:
    monkeypatch.setenv("BELOT_DATASET", str(ds))
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.run()
    _ok(at)
    if page:
        at.query_params.update(query)
        at.switch_page(f"views/{page}.py").run()
        _ok(at)
    return at


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def frame(at: AppTest, *cols: str) -> pl.DataFrame:
    """The first table on the page that has all of ``cols``."""
    for d in at.dataframe:
        value = d.value
        if all(c in value.columns for c in cols):
            return pl.from_pandas(value)
    raise AssertionError(f"no table with {cols}: {[list(d.value.columns) for d in at.dataframe]}")


def texts(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


def same(got: pl.DataFrame, want: pl.DataFrame, cols: list[str]) -> None:
    """Equal rows (order ignored) on ``cols``; floats compared rounded."""
    def norm(f: pl.DataFrame) -> list:
        rows = f.select(cols).rows()
        return sorted(tuple(round(v, 9) if isinstance(v, float) else v for v in r)
                      for r in rows) if rows else []
    assert norm(got) == norm(want)


# ------------------------------------------------------------------ overview


def test_overview_numbers_and_sidebar(dataset, stats, monkeypatch):
    at = start(dataset, monkeypatch)
    assert at.title[0].value == "Belot records"
    ov = stats.overview()
    assert metric(at, "Games") == number(ov["games"], 0)
    assert metric(at, "Deals") == number(ov["deals"], 0)
    assert metric(at, "Players") == number(ov["players"], 0)
    assert metric(at, "Variants") == number(ov["variants"], 0) == "2"
    assert metric(at, "Bid success") == pct(ov["bid_success"])
    assert metric(at, "Declarations per deal") == number(ov["declarations_per_deal"], 2)
    assert metric(at, "Violations per 1,000 deals") == number(
        ov["violations_per_1000_deals"], 1)
    # trends and by-variant charts
    assert len(at.get("vega_lite_chart")) >= 6
    assert at.segmented_control(key="ov_freq").value == "month"
    labels = [w.label for w in at.sidebar.multiselect]
    assert labels == ["Variant", "Event", "Player", "Source file"]
    assert at.sidebar.date_input(key="f_dates").value == (
        stats.filter_options()["date_min"], stats.filter_options()["date_max"])
    assert set(at.sidebar.multiselect(key="f_variants").options) == {"yu4", "mk4"}
    # the footer: the version and the build that serves (compiled or interpreted)
    forms = {is_compiled(reader), is_compiled(engine)}
    how = ("reader and engine compiled (mypyc)" if forms == {True} else
           "reader and engine interpreted")
    assert at.sidebar.caption[-1].value == (
        f"belot-replay {belot.__version__} · {how} · numba {metadata.version('numba')} · "
        f"Python {platform.python_version()}")


def test_filters_follow_every_page(dataset, stats, monkeypatch):
    at = start(dataset, monkeypatch)
    at.sidebar.multiselect(key="f_variants").set_value(["mk4"]).run()
    _ok(at)
    only = Filters(variants=["mk4"])
    assert metric(at, "Games") == number(stats.overview(only)["games"], 0)
    assert any("Sidebar filters apply: variant mk4" in i.value for i in at.info)
    at.switch_page("views/bidding.py").run()
    _ok(at)
    assert at.sidebar.multiselect(key="f_variants").value == ["mk4"]
    table = frame(at, "contracts", "ci_low")
    assert table["variant"].to_list() == ["mk4"]
    same(table, stats.query("bid_success", ["variant"], only), ["variant", "contracts", "made",
                                                                "rate"])
    at.sidebar.button(key="f_clear").click().run()
    _ok(at)
    assert set(frame(at, "contracts", "ci_low")["variant"]) == {"yu4", "mk4"}


# ------------------------------------------------------------------ bidding


def test_bidding(dataset, stats, monkeypatch):
    at = start(dataset, monkeypatch, "bidding")
    assert at.title[0].value == "Bidding"
    dims = at.multiselect(key="bd_dims")
    assert set(dims.options) == set(analytics.METRICS["bid_success"].by)
    assert at.selectbox(key="bd_hrow").value == "contract"
    assert at.selectbox(key="bd_hcol").value == "bidder_position"
    assert len(at.get("vega_lite_chart")) == 3  # bars, heatmap, the bidder's hand
    cols = ["contracts", "made", "hanging", "rate", "ci_low", "ci_high"]
    same(frame(at, "contracts", "ci_low"), stats.query("bid_success", ["variant"]), ["variant", *cols])
    dims.set_value(["contract", "bidder_position"]).run()
    _ok(at)
    same(frame(at, "contracts", "ci_low"), stats.query("bid_success", ["contract", "bidder_position"]),
         ["contract", "bidder_position", *cols])
    overall = stats.query("bid_success", []).row(0, named=True)
    assert any(f"{pct(overall['rate'])} of {number(overall['contracts'], 0)} contracts" in c.value
               for c in at.caption)


# ------------------------------------------------------------------ declarations


def test_declarations(dataset, stats, monkeypatch):
    at = start(dataset, monkeypatch, "declarations")
    assert at.title[0].value == "Declarations"
    assert len(at.get("vega_lite_chart")) >= 5
    assert at.segmented_control(key="dc_pts_by").value == "variant"
    same(frame(at, "role", "declared", "points_per_deal"),
         stats.query("declaration_points", ["variant", "role"]),
         ["variant", "role", "deals", "declared", "counted", "points"])
    same(frame(at, "decl_counted", "rate"),
         stats.query("declaration_effect", ["decl_counted"]),
         ["decl_counted", "contracts", "made", "rate"])
    same(frame(at, "bela_deals"), stats.query("bela_frequency", ["variant"]),
         ["variant", "deals", "bela_deals", "bela_points"])


# ------------------------------------------------------------------ violations


def test_violations_table_and_open_in_replay(dataset, stats, monkeypatch):
    at = start(dataset, monkeypatch, "violations")
    assert at.title[0].value == "Violations"
    rows = stats.violation_rows(limit=500)
    table = frame(at, "code", "message", "game_id")
    same(table, rows, ["game_id", "code", "deal", "trick", "seat", "line", "col", "message"])
    assert at.selectbox(key="vi_by").value == "code"
    at.selectbox(key="vi_by").set_value("player").run()
    _ok(at)
    assert len(at.get("vega_lite_chart")) == 2
    at.multiselect(key="vi_codes_sel").set_value(["C401"]).run()
    _ok(at)
    c401 = frame(at, "code", "message", "game_id")
    assert set(c401["code"]) == {"C401"}
    assert c401.height == stats.violation_rows(code="C401").height
    # pick the hand-written revoke (deal 2, trick 5) and open it
    table = stats.violation_rows(code="C401")
    index = next(i for i, r in enumerate(table.iter_rows(named=True))
                 if r["game_id"] == HAND_ID and r["trick"] == 5)
    at.selectbox(key="vi_pick").set_value(index).run()
    at.button(key="vi_open").click().run()
    _ok(at)
    assert at.title[0].value == "Replay"
    assert at.session_state["rp_game"] == HAND_ID
    assert any(t.startswith("**Trick 5 of 8**") for t in texts(at))
    assert any("C401" in e.value and "line 36, column 13" in e.value for e in at.error)


# ------------------------------------------------------------------ players


def test_players_and_head_to_head(dataset, stats, monkeypatch):
    at = start(dataset, monkeypatch, "players")
    assert at.title[0].value == "Players"
    same(frame(at, "player", "games_won"), stats.query("players", ["player"]),
         ["player", "games", "games_won", "deals", "contracts", "made", "violations"])
    a, b = at.selectbox(key="pl_a").value, at.selectbox(key="pl_b").value
    h2h = stats.head_to_head(a, b)
    if h2h.is_empty():
        assert any("never sat at the same table" in i.value for i in at.info)
    else:
        assert metric(at, "Games together") == str(h2h["games"].sum())
        assert metric(at, f"{a} won") == str(h2h["a_won"].sum())
    assert at.toggle(key="pl_per_variant").value is False
    at.toggle(key="pl_per_variant").set_value(True).run()
    _ok(at)
    assert "variant" in frame(at, "player", "games_won").columns


# ------------------------------------------------------------------ replay


def _trick_line(at: AppTest) -> str:
    return next(t for t in texts(at) if t.startswith(("**Trick", "**Before")))


def test_replay_steps_forward_and_back(dataset, monkeypatch):
    at = start(dataset, monkeypatch, "replay", game=HAND_ID, deal="2", trick="0")
    assert at.title[0].value == "Replay"
    assert at.selectbox(key="rp_game").value == HAND_ID
    assert at.selectbox(key="rp_deal").value == 2
    assert _trick_line(at).startswith("**Before the first lead**")
    table = at.html[0].value
    assert table.count('class="bcard') == 32 and "&lt;b&gt;Dragan&lt;/b&gt;" in table
    # the auction and the hands as the record has them
    assert frame(at, "call", "round")["call"].to_list() == ["pass", "♥"]
    seen = []
    for key in ("rp_next", "rp_next", "rp_prev"):
        at.button(key=key).click().run()
        _ok(at)
        seen.append(_trick_line(at).split("**")[1])
    assert seen == ["Trick 1 of 8", "Trick 2 of 8", "Trick 1 of 8"]
    assert at.html[0].value != table
    at.slider(key="rp_step").set_value(5).run()
    _ok(at)
    assert _trick_line(at).startswith("**Trick 5 of 8** · led by 3 Cveta · won by 1 Ana")
    assert "bcard black bad" in at.html[0].value
    assert [e.value.split("**")[1] for e in at.error] == ["C401"]
    assert at.query_params["trick"] == "5"
    at.button(key="rp_last").click().run()
    assert _trick_line(at).startswith("**Trick 8 of 8**")
    assert at.button(key="rp_next").disabled
    at.button(key="rp_first").click().run()
    assert _trick_line(at).startswith("**Before the first lead**")
    assert at.button(key="rp_prev").disabled
    # another deal starts at its beginning
    at.selectbox(key="rp_deal").set_value(1).run()
    _ok(at)
    assert _trick_line(at).startswith("**Before the first lead**")
    assert not at.error


def test_replay_search(dataset, monkeypatch):
    at = start(dataset, monkeypatch, "replay")
    n_all = len(at.selectbox(key="rp_game").options)
    assert n_all > 1
    at.text_input(key="rp_search").set_value("dashboard test").run()
    _ok(at)
    assert at.selectbox(key="rp_game").options == [
        at.selectbox(key="rp_game").format_func(HAND_ID)]
    at.text_input(key="rp_search").set_value(HAND_ID[:12]).run()
    assert at.selectbox(key="rp_game").value == HAND_ID


# ------------------------------------------------------------------ import


@pytest.fixture
def own_dataset(dataset, tmp_path):
    """A copy: the import test adds games to it."""
    return shutil.copytree(dataset, tmp_path / "ds")


def test_import_good_and_bad_files(own_dataset, monkeypatch):
    at = start(own_dataset, monkeypatch, "import_records")
    assert at.title[0].value == "Import"
    up = at.file_uploader[0]
    assert set(up.allowed_type) >= {".bgn", ".gz"} and up.accept_multiple_files
    new_game = HAND_TEXT.replace("Dashboard test", "Imported game")
    up.set_value([("club.bgn", new_game.encode(), "application/octet-stream"),
                  ("junk.bgn", BROKEN_TEXT.encode(), "application/octet-stream")]).run()
    _ok(at)
    assert metric(at, "Files accepted") == "1" and metric(at, "Files rejected") == "1"
    assert metric(at, "Findings") == "2"
    assert any("junk.bgn** is rejected: none of its 1 record(s) can be read" in e.value
               for e in at.error)
    assert any("club.bgn** · 1 game(s), 2 deal(s) · 2 finding(s)" in w.value for w in at.warning)
    assert frame(at, "code", "message", "col")["code"].to_list() == ["C401", "C401"]
    before = analytics.open_dataset(own_dataset).overview()["games"]
    at.button(key="imp_add").click().run()
    _ok(at)
    assert any("Added 1 game(s) and 2 deal(s) with 2 violation(s)" in s.value
               for s in at.success)
    assert analytics.open_dataset(own_dataset).overview()["games"] == before + 1
    # the pages see the new game at once (the cache follows the dataset's version)
    at.switch_page("views/overview.py").run()
    assert metric(at, "Games") == number(before + 1, 0)
    # and the replay viewer replays it from the text the dataset keeps
    at.switch_page("views/replay.py").run()
    at.text_input(key="rp_search").set_value("imported game").run()
    _ok(at)
    assert any(t.startswith("**Imported game**") for t in texts(at))


def test_import_rejects_a_bad_file_only(own_dataset, monkeypatch):
    at = start(own_dataset, monkeypatch, "import_records")
    at.file_uploader[0].set_value(("bad.bgn.gz", b"not gzip", "application/gzip")).run()
    _ok(at)
    assert metric(at, "Files accepted") == "0"
    assert any("bad.bgn.gz** is rejected: it is not gzip data" in e.value for e in at.error)
    assert at.button(key="imp_add").disabled


def test_replay_shows_a_date_warning_apart_from_the_violations(tmp_path, monkeypatch):
    """A game dated in another form: the viewer shows its W701 as a note, not an error,
    and counts no violation for it."""
    src = tmp_path / "dated.bgn"
    src.write_text(HAND_TEXT.replace('[Date "2026.03.14"]', '[Date "14.03.2026"]'),
                   encoding="utf-8")
    ds = tmp_path / "ds"
    assert cli_main(["ingest", "--quiet", "--workers", "0", "--into", str(ds),
                     str(src)]) == 0
    at = start(ds, monkeypatch, "replay", game=HAND_ID, deal="1")
    assert [i.value for i in at.info] == [
        "**W701** line 3: date '14.03.2026' read as 2026.03.14 (the canonical form is "
        "YYYY.MM.DD)"]
    assert not at.error
