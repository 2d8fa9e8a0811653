"""The dashboard's double-dummy analysis: the replay viewer's losses, best cards and the
deal's double-dummy line, checked against ``replay.solver.analysis`` run on the same records
read straight from their files (not through the dataset); deals the solver cannot take
are said, not crashed on.  The real ingest, the real dataset and Streamlit's AppTest."""

from __future__ import annotations

import dataclasses
import shutil

import duckdb
import pytest
from streamlit.testing.v1 import AppTest
from support.dashboard_util import APP, HAND_TEXT, replay_page
from support.dd_corpus import write_dd_corpus
from support.ingest_util import REPO, write_corpus

import analytics
from dashboard.ddview import (
    DealDD,
    NoAnalysis,
    analyse_loaded,
    card_line,
    card_rows,
    from_rows,
    headline,
    seat_rows,
)
from dashboard.format import card_label, seat_label, sort_key
from dashboard.tableview import table_html
from dashboard.viewer import LoadedGame, deal_view, load_game, replay_from_dataset
from ingest.bgn.reader import parse_game, read_games
from ingest.bgn.writer import game_id
from ingest.pipeline import ingest_paths
from ingest.validation import validate_game
from replay.model.cards import CARD_TEXT
from replay.solver.analysis import analyse_game

TIMEOUT = 120
MK4_SAMPLE = REPO / "data" / "samples" / "mk4-rules.bgn"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The hand-written game, a simulated yu4 corpus and the bundled mk4 sample."""
    folder = tmp_path_factory.mktemp("dd")
    hand = folder / "hand.bgn"
    hand.write_text(HAND_TEXT, encoding="utf-8")
    sim = write_corpus(folder / "sim-yu4.bgn", "yu4", games=2, seed=3, violation_rate=0.0)
    mk4 = folder / "mk4-rules.bgn"
    shutil.copy(MK4_SAMPLE, mk4)
    return {"hand": hand, "sim": sim, "mk4": mk4}


@pytest.fixture(scope="module")
def dataset(files):
    ds = files["hand"].parent / "ds"
    ingest_paths([str(p) for p in files.values()], ds, workers=0, progress=False)
    return ds


def solved(path, index: int):
    """(game_id, the solver's analyses by deal) of game ``index`` of a file, read and
    analysed by replay.solver.analysis directly."""
    game = next(g for g in read_games(path) if g.index == index)
    _, deals = analyse_game(game)
    return game_id(game), game, {a.deal: a for a in deals}


def lossy(analyses) -> tuple[int, object]:
    """The first deal with a card that lost points, and that card."""
    for deal, a in sorted(analyses.items()):
        for c in a.cards:
            if c.loss > 0:
                return deal, c
    raise AssertionError("no card lost anything")


# ---------------------------------------------------------------- pure model


def test_analyse_loaded_is_the_solvers(files):
    gid, game, analyses = solved(files["sim"], 1)
    loaded = load_game(str(files["sim"]), 1)
    assert loaded.game_id == gid
    deal, card = lossy(analyses)
    dd = analyse_loaded(loaded, deal)
    assert isinstance(dd, DealDD) and not dd.stored and dd.seconds is not None
    a = analyses[deal]
    assert (dd.value, dd.made_dd, dd.made, dd.caller) == (a.value, a.made_dd, a.made, a.caller)
    assert [(c.trick, c.seat, c.loss) for c in dd.cards] == [
        (c.trick, c.seat, c.loss) for c in a.cards]
    got = dd.at_trick(card.trick)[card.seat]
    assert got.loss == card.loss > 0 and got.before - got.after == card.loss
    assert sorted(got.best) == sorted(CARD_TEXT[b] for b in card.best)
    assert got.card not in got.best
    # per seat sums are the cards' own
    rows = seat_rows(dd, loaded.names)
    assert sum(r["lost"] for r in rows) == dd.total_loss == sum(c.loss for c in a.cards)
    assert sum(r["cards"] for r in rows) == len(a.cards)
    assert [r["loss"] for r in card_rows(dd, loaded.names)] == [c.loss for c in a.cards]


def test_deals_the_solver_cannot_take(files):
    loaded = load_game(str(files["mk4"]), 2)  # "Violations: C401 penalty"
    assert loaded.game.tags["Event"] == "Violations: C401 penalty"
    got = analyse_loaded(loaded, 1)
    assert got == NoAnalysis("a penalty ended the deal, so its play is not one the rules "
                             "lead to")
    passed = parse_game("[Variant \"yu4\"]\n\ndeal 1 dealer 4\nbids pass pass pass pass\n"
                        "result *\n")
    lg = LoadedGame(passed, validate_game(passed, "x.bgn"), "x.bgn", "", None)
    assert analyse_loaded(lg, 1) == NoAnalysis(
        "no contract was played (everyone passed, or the auction broke off)")


def test_lines_and_table_marks(files):
    _, _, analyses = solved(files["sim"], 1)
    loaded = load_game(str(files["sim"]), 1)
    deal, card = lossy(analyses)
    dd = analyse_loaded(loaded, deal)
    assert isinstance(dd, DealDD)
    view = deal_view(loaded, deal)
    cost = dd.at_trick(card.trick)[card.seat]
    best = " ".join(card_label(b) for b in cost.best)
    assert card_line(cost, loaded.names) == (
        f"**{seat_label(card.seat, loaded.names)}** {card_label(cost.card)}: lost "
        f"**{card.loss}** points · best: {best}")
    html = table_html(view, card.trick, dd.at_trick(card.trick))
    assert f"<small>−{card.loss}</small>" in html or f" −{card.loss}</small>" in html
    assert f'lost" title="{cost.card}"' in html
    # the best cards still in that seat's hand are framed green, and nothing else
    costs = dd.at_trick(card.trick)
    assert html.count(' best" title=') == sum(len(set(c.best) - {c.card})
                                              for c in costs.values())
    side = "side A" if dd.caller % 2 else "side B"
    yes = {True: "yes", False: "no", None: "not judged"}
    assert headline(dd, view) == (
        f"**Double dummy** · with best play from the first lead the callers ({side}) "
        f"secure **{dd.value}** card points · made double-dummy: **{yes[dd.made_dd]}** · "
        f"made at the table: **{yes[dd.made]}**")


# ---------------------------------------------------------------- the page


def test_replay_shows_each_cards_loss(dataset, files, monkeypatch):
    gid, game, analyses = solved(files["sim"], 2)
    deal, card = lossy(analyses)
    a = analyses[deal]
    at = replay_page(dataset, monkeypatch, game=gid, deal=str(deal), trick=str(card.trick))
    md = [m.value for m in at.markdown]
    names = {s: game.tags[f"Seat{s}"] for s in range(1, 5) if game.tags.get(f"Seat{s}")}
    line = next(m for m in md if m.startswith(f"**{seat_label(card.seat, names)}**"))
    assert f"lost **{card.loss}** points" in line
    dd_line = next(m for m in md if m.startswith("**Double dummy**"))
    assert f"secure **{a.value}** card points" in dd_line
    assert "solved just now" in " ".join(c.value for c in at.caption)
    # the whole deal, card by card, as the solver has it
    table = next(d.value for d in at.dataframe if "loss" in d.value.columns
                 and "before" in d.value.columns)
    assert table["loss"].tolist() == [c.loss for c in a.cards]
    assert table["before"].tolist() == [c.before for c in a.cards]
    assert table["best"].tolist() == [" ".join(card_label(CARD_TEXT[b]) for b in
                                               sorted(c.best, key=sort_key))
                                      for c in a.cards]
    # the table marks the card that lost points
    assert f"<small>−{card.loss}</small>" in at.html[0].value


def test_replay_says_why_a_deal_is_not_analysed(dataset, files, monkeypatch):
    penalty = next(g for g in read_games(files["mk4"]) if g.index == 2)
    at = replay_page(dataset, monkeypatch, game=game_id(penalty), deal="1", trick="0")
    assert [i.value for i in at.info] == [
        "No double-dummy analysis for this deal: a penalty ended the deal, so its play is "
        "not one the rules lead to."]
    assert not any(m.value.startswith("**Double dummy**") for m in at.markdown)
    # the replay itself still steps
    at.button(key="rp_next").click().run()
    assert not at.exception


# ------------------------------------------------- a dataset with analysis tables


@pytest.fixture(scope="module")
def analysed(tmp_path_factory):
    """tests/support/dd_corpus.py's records (samples, simulated deals with losses, a Betl deal)
    ingested with ``--analyze``."""
    root = tmp_path_factory.mktemp("dd-tables")
    write_dd_corpus(root / "in")
    ds = root / "ds"
    ingest_paths([str(root / "in")], ds, workers=0, progress=False, analyze=True)
    return ds


def sql(ds, query: str) -> list[dict]:
    """A query over the dataset's Parquet files, read directly (not through analytics)."""
    con = duckdb.connect()
    for t in ("games", "deal_analysis", "card_analysis"):
        con.execute(f"CREATE VIEW {t} AS SELECT * FROM read_parquet('{ds}/{t}/**/*.parquet', "
                    "hive_partitioning = true)")
    cur = con.execute(query)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]


def test_stored_analysis_is_what_the_viewer_solves(analysed):
    """from_rows over the dataset's rows equals the analysis the viewer makes on demand,
    for every analysed deal of the dataset (the Betl deal too)."""
    rows = sql(analysed, "SELECT * FROM deal_analysis ORDER BY game_id, deal")
    assert any(r["betl"] for r in rows) and any(r["total_loss"] for r in rows)
    with analytics.open_dataset(analysed) as a:
        for r in rows:
            stored = a.deal_analysis(r["game_id"], r["deal"])
            assert stored is not None and stored["deal"]["value"] == r["value"]
            got = from_rows(stored["deal"], stored["cards"])
            assert got.stored and len(got.cards) == r["cards"]
            assert got.total_loss == r["total_loss"]
            solved = analyse_loaded(replay_from_dataset(a, r["game_id"]), r["deal"])
            assert isinstance(solved, DealDD)
            assert dataclasses.replace(got, stored=False, seconds=None) == \
                dataclasses.replace(solved, seconds=None)
        assert a.deal_analysis(rows[0]["game_id"], 99) is None
        assert a.deal_analysis("no-such-game", 1) is None


def test_replay_reads_the_datasets_analysis(analysed, monkeypatch):
    card = sql(analysed, """
        SELECT c.game_id, c.deal, c.trick, c.seat, c.card, c.loss, c.best
        FROM card_analysis c JOIN games g USING (game_id)
        WHERE g.variant = 'yu4' AND c.loss > 0 ORDER BY c.game_id, c.deal, c.idx LIMIT 1""")[0]
    every = [r["loss"] for r in sql(analysed, f"""
        SELECT loss FROM card_analysis WHERE game_id = '{card["game_id"]}'
        AND deal = {card["deal"]} ORDER BY idx""")]
    at = replay_page(analysed, monkeypatch, game=card["game_id"], deal=str(card["deal"]),
               trick=str(card["trick"]))
    assert "from the dataset's analysis" in " ".join(c.value for c in at.caption)
    played = next(m.value for m in at.markdown if f"{card_label(card['card'])}: lost" in m.value)
    best = " ".join(card_label(b) for b in sorted(card["best"], key=sort_key))
    assert played.endswith(f"{card_label(card['card'])}: lost **{card['loss']}** points · "
                           f"best: {best}")
    table = next(d.value for d in at.dataframe if "before" in d.value.columns)
    assert table["loss"].tolist() == every


def test_replay_betl_line(analysed, monkeypatch):
    d = sql(analysed, "SELECT game_id, deal, value, made_dd, made FROM deal_analysis "
                      "WHERE betl")[0]
    at = replay_page(analysed, monkeypatch, game=d["game_id"], deal=str(d["deal"]), trick="0")
    line = next(m.value for m in at.markdown if m.value.startswith("**Double dummy**"))
    yes = {True: "yes", False: "no", None: "not judged"}
    can = "can" if d["value"] else "cannot"
    assert line == (f"**Double dummy** · the soloist {can} avoid every trick with best play "
                    f"by everyone · made double-dummy: **{yes[d['made_dd']]}** · made at the "
                    f"table: **{yes[d['made']]}**")


def players_page(ds, monkeypatch) -> AppTest:
    monkeypatch.setenv("BELOT_DATASET", str(ds))
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.run()
    at.switch_page("views/players.py").run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_players_accuracy_is_the_datasets(analysed, monkeypatch):
    want = sql(analysed, """
        SELECT nullif(trim(CASE c.seat WHEN 1 THEN g.tag_seat1 WHEN 2 THEN g.tag_seat2
                                       WHEN 3 THEN g.tag_seat3 WHEN 4 THEN g.tag_seat4 END),
                      '') AS player,
               count(*) AS cards, avg(c.loss) AS avg_loss,
               avg(CASE WHEN c.loss = 0 THEN 1.0 ELSE 0.0 END) AS best_rate,
               count(*) FILTER (WHERE c.loss >= 10) AS big_losses
        FROM card_analysis c JOIN games g USING (game_id)
        WHERE NOT c.betl GROUP BY ALL HAVING player IS NOT NULL ORDER BY player""")
    assert len(want) >= 5
    at = players_page(analysed, monkeypatch)
    got = next(d.value for d in at.dataframe if "avg_loss" in d.value.columns)
    got = got.sort_values("player")
    assert got["player"].tolist() == [w["player"] for w in want]
    assert got["cards"].tolist() == [w["cards"] for w in want]
    assert got["big_losses"].tolist() == [w["big_losses"] for w in want]
    assert [round(v, 9) for v in got["avg_loss"]] == [round(w["avg_loss"], 9) for w in want]
    assert [round(v, 9) for v in got["best_rate"]] == [round(w["best_rate"], 9) for w in want]
    assert not any(i.value.startswith("No card of the chosen games") for i in at.info)


def test_players_without_analysis_say_how_to_get_it(dataset, monkeypatch):
    at = players_page(dataset, monkeypatch)
    assert any(i.value.startswith("No card of the chosen games has been analysed") and
               "belot analyze --into DATASET" in i.value for i in at.info)
    assert not any("avg_loss" in d.value.columns for d in at.dataframe)


def test_replay_says_where_the_analysis_stops(dataset, files, monkeypatch):
    """The hand-written game's deal 2: a revoke in trick 5 (C401); the analysis has the
    cards of that trick up to the revoke and none after."""
    gid, _, analyses = solved(files["hand"], 1)
    a = analyses[2]
    in_trick = [c for c in a.cards if c.trick == 5]
    assert 0 < len(in_trick) < 4 and max(c.trick for c in a.cards) == 5
    at = replay_page(dataset, monkeypatch, game=gid, deal="2", trick="5")
    lines = [m.value for m in at.markdown if ": best" in m.value or ": lost" in m.value]
    assert len(lines) == len(in_trick)
    assert any(c.value.startswith(f"No double-dummy value for {4 - len(in_trick)} card(s) "
                                  "of this trick") for c in at.caption)
    at.button(key="rp_next").click().run()  # trick 6: nothing analysed
    assert not any(": best" in m.value or ": lost" in m.value for m in at.markdown)
    assert any(c.value.startswith("No double-dummy value for 4 card(s) of this trick")
               for c in at.caption)
