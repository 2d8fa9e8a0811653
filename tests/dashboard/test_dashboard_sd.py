"""The replay viewer's single-dummy values beside the double-dummy ones: on a dataset
made with the real commands (two bundled simulated yu4 games ingested, then
``belot analyze --single-dummy --samples 4 --seed 1 --into``), every value the page
shows is the dataset's Parquet row, read here straight from the files; on a dataset
without the analysis, the page says so, names the command and keeps the double-dummy
view.  Streamlit's AppTest over the real app."""

from __future__ import annotations

import math

import duckdb
import pytest
from support.dashboard_util import replay_page
from support.fairplay_sim import analysed_sim_dataset, write_sim

import analytics
from dashboard import sdview
from dashboard.format import card_label, seat_label, sort_key

SAMPLES, SEED = 4, 1


@pytest.fixture(scope="module")
def sd_dataset(tmp_path_factory):
    return analysed_sim_dataset(tmp_path_factory.mktemp("viewer-sd"), games=2,
                                samples=SAMPLES, seed=SEED)


@pytest.fixture(scope="module")
def dd_only(tmp_path_factory):
    """The same two games, analysed double dummy only (``belot ingest --analyze``)."""
    from belot.cli import main

    root = tmp_path_factory.mktemp("viewer-dd-only")
    assert main(["ingest", str(write_sim(root, games=2)), "--into", str(root / "plain"),
                 "--analyze", "--quiet"]) == 0
    return root / "plain"


def sql(ds, query: str) -> list[dict]:
    """A query over the dataset's Parquet files, read directly (not through analytics)."""
    con = duckdb.connect()
    for t in ("games", "card_analysis", "card_single_dummy", "game_single_dummy"):
        if not (ds / t).is_dir():  # a dataset without that analysis
            continue
        con.execute(f"CREATE VIEW {t} AS SELECT * FROM read_parquet('{ds}/{t}/**/*.parquet', "
                    "hive_partitioning = true)")
    cur = con.execute(query)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]


def lossy_card(ds) -> dict:
    """The first card that lost points single dummy but not double dummy (the case the
    column is for), with its game's player names."""
    rows = sql(ds, """
        SELECT s.game_id, s.deal, s.idx, s.trick, s.seat, s.card, s.sd_loss, s.sd_se,
               s.sd_best, s.determined, c.loss, g.tag_seat1, g.tag_seat2, g.tag_seat3,
               g.tag_seat4
        FROM card_single_dummy s JOIN card_analysis c USING (game_id, deal, idx)
        JOIN games g USING (game_id)
        WHERE s.sd_loss > 0 AND NOT list_contains(s.sd_best, s.card) AND NOT s.betl
          AND NOT s.determined
        ORDER BY c.loss = 0 DESC, s.game_id, s.deal, s.idx LIMIT 1""")
    assert rows, "no card lost anything single dummy"
    return rows[0]


def test_the_analytics_give_the_parquet_rows(sd_dataset):
    card = lossy_card(sd_dataset)
    want = sql(sd_dataset, f"""
        SELECT idx, trick, seat, card, sd_before, sd_after, sd_loss, sd_best, sd_se
        FROM card_single_dummy WHERE game_id = '{card["game_id"]}'
        AND deal = {card["deal"]} ORDER BY idx""")
    with analytics.open_dataset(sd_dataset) as a:
        stored = a.deal_single_dummy(card["game_id"], card["deal"])
        assert stored is not None
        assert (stored["game"]["samples"], stored["game"]["seed"]) == (SAMPLES, SEED)
        got = sdview.from_sd_rows(card["deal"], stored["game"], stored["cards"])
        # a deal past the game's last: the game was read, the deal has no value
        empty = a.deal_single_dummy(card["game_id"], 99)
        assert empty is not None and empty["cards"] == []
        assert a.deal_single_dummy("no-such-game", 1) is None
    assert [(c.idx, c.trick, c.seat, c.card) for c in got.cards] == \
        [(w["idx"], w["trick"], w["seat"], w["card"]) for w in want]
    assert [c.loss for c in got.cards] == [w["sd_loss"] for w in want]
    assert [c.before for c in got.cards] == [w["sd_before"] for w in want]
    assert [c.se for c in got.cards] == [w["sd_se"] for w in want]
    assert [sorted(c.best) for c in got.cards] == [sorted(w["sd_best"]) for w in want]
    assert sdview.missing(empty, 99).reason == (
        "the single-dummy analysis read this game but holds no value for deal 99: the "
        "solver cannot take the deal, or no layout of the hidden cards fits the record")


def test_wording_of_a_card():
    lost = sdview.CardSD(5, 2, 3, "KS", 40.5, 38.0, 2.5, ("AS", "TS"), 0.75, False)
    assert sdview.card_note(lost) == "sd −2.50"
    assert sdview.card_text(lost) == ("single dummy: lost **2.50** points (± 0.75) · "
                                      f"sd best: {card_label('AS')} {card_label('TS')}")
    near = sdview.CardSD(5, 2, 3, "KS", 40.5, 40.25, 0.25, ("AS", "KS"), 0.5, False)
    assert sdview.card_text(near) == ("single dummy: lost **0.25** points (within the "
                                      f"tolerance of the best) (± 0.50) · sd best: "
                                      f"{card_label('AS')}")
    known = sdview.CardSD(30, 8, 1, "7H", 12.0, 12.0, 0.0, ("7H",), 0.0, True)
    assert sdview.card_note(known) == "sd best"
    assert sdview.card_text(known) == ("single dummy: best (the only best card; hands known "
                                       "to the player: the double-dummy values)")


def test_replay_shows_the_sd_loss_of_each_card(sd_dataset, monkeypatch):
    card = lossy_card(sd_dataset)
    every = sql(sd_dataset, f"""
        SELECT c.idx, c.loss, s.sd_loss, s.sd_se, s.sd_best
        FROM card_analysis c LEFT JOIN card_single_dummy s USING (game_id, deal, idx)
        WHERE c.game_id = '{card["game_id"]}' AND c.deal = {card["deal"]} ORDER BY c.idx""")
    at = replay_page(sd_dataset, monkeypatch, game=card["game_id"], deal=str(card["deal"]),
               trick=str(card["trick"]))
    captions = [c.value for c in at.caption]
    total = sum(r["sd_loss"] for r in every if r["sd_loss"] is not None)
    assert sum(1 for r in every if r["sd_loss"] is not None) == len(every)
    assert (f"Single dummy: each card judged over {SAMPLES} layout(s) of the hands its player "
            f"could not see, consistent with what it knew (seed {SEED}; see docs/fairplay.md). "
            f"{len(every)} card(s) analysed, {total:.2f} points lost in all; from the "
            "dataset's analysis.") in captions
    assert not any(c.value.startswith("No single-dummy values") for c in at.caption)
    # the played card's line: its double-dummy loss, then its single-dummy one
    names = {s: card[f"tag_seat{s}"] for s in range(1, 5) if card[f"tag_seat{s}"]}
    line = next(m.value for m in at.markdown
                if m.value.startswith(f"**{seat_label(card['seat'], names)}** "
                                      f"{card_label(card['card'])}:"))
    others = [card_label(b) for b in sorted(card["sd_best"], key=sort_key) if b != card["card"]]
    assert line.endswith(f" · single dummy: lost **{card['sd_loss']:.2f}** points "
                         f"(± {card['sd_se']:.2f}) · sd best: {' '.join(others)}")
    # the notes under the card on the table: double dummy, then single dummy
    dd_note = f"−{card['loss']}" if card["loss"] else "best"
    assert (f"<small>{dd_note}</small><small>sd −{card['sd_loss']:.2f}</small>"
            in at.html[0].value)
    # the whole deal, card by card: the exact Parquet values beside the double-dummy loss
    table = next(d.value for d in at.dataframe if "sd loss" in d.value.columns)
    assert table["loss"].tolist() == [r["loss"] for r in every]
    assert table["sd loss"].tolist() == [r["sd_loss"] for r in every]
    assert table["sd ±"].tolist() == [r["sd_se"] for r in every]
    assert table["sd best"].tolist() == [" ".join(card_label(b) for b in
                                                  sorted(r["sd_best"], key=sort_key))
                                         for r in every]
    seats = next(d.value for d in at.dataframe if "sd lost" in d.value.columns)
    for seat, lost in zip(seats["seat"], seats["sd lost"], strict=True):
        want = sql(sd_dataset, f"""
            SELECT sum(sd_loss) AS s FROM card_single_dummy WHERE game_id = '{card["game_id"]}'
            AND deal = {card["deal"]} AND seat = {seat}""")[0]["s"]
        assert math.isclose(lost, want, rel_tol=0, abs_tol=1e-9)


def test_first_lead_names_the_sd_best_leads(sd_dataset, monkeypatch):
    card = lossy_card(sd_dataset)
    first = sql(sd_dataset, f"""
        SELECT sd_best FROM card_single_dummy WHERE game_id = '{card["game_id"]}'
        AND deal = {card["deal"]} AND idx = 1""")[0]
    at = replay_page(sd_dataset, monkeypatch, game=card["game_id"], deal=str(card["deal"]),
               trick="0")
    lead = next(m.value for m in at.markdown if m.value.startswith("Best first leads"))
    assert lead.endswith(" · single dummy: " + " ".join(
        card_label(b) for b in sorted(first["sd_best"], key=sort_key)))


def test_without_the_analysis_the_page_says_how_to_add_it(dd_only, monkeypatch):
    card = sql(dd_only, """
        SELECT game_id, deal, trick FROM card_analysis WHERE loss > 0
        ORDER BY game_id, deal, idx LIMIT 1""")[0]
    every = [r["loss"] for r in sql(dd_only, f"""
        SELECT loss FROM card_analysis WHERE game_id = '{card["game_id"]}'
        AND deal = {card["deal"]} ORDER BY idx""")]
    at = replay_page(dd_only, monkeypatch, game=card["game_id"], deal=str(card["deal"]),
               trick=str(card["trick"]))
    assert [c.value for c in at.caption if c.value.startswith("No single-dummy")] == [
        "No single-dummy values for this deal: the single-dummy analysis of this game is not "
        "in the dataset, so each card shows its double-dummy loss only. To add it (every "
        "card judged by the hands its player could see, see docs/fairplay.md): "
        "`belot analyze --single-dummy --into DATASET`."]
    # the double-dummy view as it is
    assert any(m.value.startswith("**Double dummy**") for m in at.markdown)
    assert "from the dataset's analysis" in " ".join(c.value for c in at.caption)
    table = next(d.value for d in at.dataframe if "before" in d.value.columns)
    assert table["loss"].tolist() == every
    assert not any("sd loss" in d.value.columns for d in at.dataframe)
    assert "sd −" not in at.html[0].value and "sd best" not in at.html[0].value


def test_a_card_without_a_row_has_no_sd_value(sd_dataset):
    """A position where no layout fits the record has no ``card_single_dummy`` row: its
    card keeps its double-dummy values and has None in the single-dummy columns."""
    card = lossy_card(sd_dataset)
    with analytics.open_dataset(sd_dataset) as a:
        stored = a.deal_single_dummy(card["game_id"], card["deal"])
    assert stored is not None
    rows = [r for r in stored["cards"] if r["idx"] != card["idx"]]
    sd = sdview.from_sd_rows(card["deal"], stored["game"], rows)
    played = [(r["trick"], r["seat"], r["card"]) for r in stored["cards"]]
    cols = sdview.card_columns(sd, played)
    assert cols[card["idx"] - 1] == {"sd loss": None, "sd ±": None, "sd best": None}
    assert [c["sd loss"] for i, c in enumerate(cols, 1) if i != card["idx"]] == \
        [r["sd_loss"] for r in rows]
    assert card["seat"] not in sd.at_trick(card["trick"])
