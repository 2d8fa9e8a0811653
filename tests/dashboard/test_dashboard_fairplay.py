"""The Fair play page under ``streamlit.testing.v1.AppTest``: on a dataset analysed
single-dummy (two bundled simulated games), the table is the analytics' report, the
metrics count it, the chart is drawn, the sidebar's variant and date filters apply;
on a dataset without the analysis, the page says which command adds it."""

from __future__ import annotations

import polars as pl
import pytest
from streamlit.testing.v1 import AppTest
from support.dashboard_util import APP, build_dataset
from support.fairplay_sim import analysed_sim_dataset

import analytics
from analytics import Filters
from analytics.fairplay import report_frame

TIMEOUT = 60


@pytest.fixture(scope="module")
def sd_dataset(tmp_path_factory):
    return analysed_sim_dataset(tmp_path_factory.mktemp("dashboard-fairplay"))


def page(ds, monkeypatch, **state) -> AppTest:
    monkeypatch.setenv("BELOT_DATASET", str(ds))
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    for k, v in state.items():
        at.session_state[k] = v
    at.run()
    at.switch_page("views/fairplay.py").run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.title[0].value == "Fair play"
    return at


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def test_the_report_as_the_analytics_give_it(sd_dataset, monkeypatch):
    at = page(sd_dataset, monkeypatch)
    # the default (200 cards): two games give no one that many
    assert [i.value for i in at.info] == [
        "No player or partnership has 200 or more analysed cards in the chosen games. "
        "Lower the number above, or widen the filters."]
    at.number_input(key="fp_min_cards").set_value(100).run()
    assert not at.exception
    with analytics.open_dataset(sd_dataset) as a:
        want = report_frame(a, min_cards=100)
    table = pl.from_pandas(at.dataframe[0].value)
    assert table.select("kind", "player", "cards", "critical", "flagged").rows() == \
        want.select("kind", "player", "cards", "critical", "flagged").rows()
    assert table["seen_only_z"].round(9).to_list() == want["seen_only_z"].round(9).to_list()
    players = want.filter(pl.col("kind") == "player").height
    assert metric(at, "Players") == str(players)
    assert metric(at, "Partnerships") == str(want.height - players)
    assert metric(at, "Tests run") == str(want["tests"][0])
    assert metric(at, "Unusual, worth a review") == str(want["flagged"].sum())
    assert len(at.get("vega_lite_chart")) == 1
    assert any("once in a thousand" in c.value for c in at.caption)


def test_sidebar_filters_apply(sd_dataset, monkeypatch):
    at = page(sd_dataset, monkeypatch, fp_min_cards=100, f_variants=["yu4"])
    assert at.info[0].value == "Sidebar filters apply: variant yu4"
    with analytics.open_dataset(sd_dataset) as a:
        dates = a.filter_options()
        day = dates["date_min"]
        want = report_frame(a, Filters(date_from=day, date_to=day), min_cards=50)
    assert dates["date_min"] < dates["date_max"]  # two club nights: a filter that cuts
    at = page(sd_dataset, monkeypatch, fp_min_cards=50, f_dates=(day, day))
    table = pl.from_pandas(at.dataframe[0].value)
    assert table.select("kind", "player", "cards").rows() == \
        want.select("kind", "player", "cards").rows()
    assert not want.is_empty()
    assert at.info[0].value == f"Sidebar filters apply: dates {day} to {day}"


def test_a_dataset_without_the_analysis(tmp_path, monkeypatch):
    ds, _ = build_dataset(tmp_path)
    at = page(ds, monkeypatch)
    assert [i.value for i in at.info] == [
        "No card of this dataset has been analysed single-dummy yet. Run "
        f"`belot analyze --single-dummy --into {ds}` to add the analysis, then come back."]
    assert not at.dataframe

