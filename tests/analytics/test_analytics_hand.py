"""Analytics on a hand-made dataset: every number below is worked out by hand.

Every played deal is the same layout (data/samples/yu4-rules.bgn, "a clean
deal"): hearts trump, dealer 4, eight tricks in a fixed order.  Trick by trick
(points with the last-trick 10; winner; side):

    1:  6 seat 4 B    2: 24 seat 4 B    3: 34 seat 3 A    4: 28 seat 2 B
    5:  6 seat 4 B    6: 24 seat 4 B    7: 16 seat 2 B    8: 24 seat 4 B

so side A (seats 1, 3) takes 34 card points and B (seats 2, 4) 128; no ruffs.
Who bids and who declares changes from deal to deal:

    file a.bgn
    G1 yu4 "Club A" 2026.01.10  Ana Boris Cveta Dejan, Target 100
       d1: pass H -> Boris (seat 2, B) 128 v 34: made; B reaches 100: result B
    G2 yu4 "Club A" 2026.01.17  Ana Boris Cveta Dejan
       d1: H -> Ana (seat 1, A) 34 v 128: fell
       d2..d4: everyone passes
       d5: pass pass H -> Cveta (seat 3, A); declare 2: carre:9 3: carre:J: the
           jacks (200) win the contest, so A 234 v B 128: made; result *
    file b.bgn
    G3 yu4 "Club B" 2026.02.03  Ana Elena Boris Filip
       d1: pass pass pass H -> Filip (seat 4, B); declare 1: run3:9S, which Ana
           does not hold (A501, left out); score written 30 128 (S601): made
    G4 mk4 "Club B" 2026.02.10  Goran Boris Hana Filip
       d1: pass H -> Boris (seat 2, B): made

Trumps the bidder held while bidding (first delivery): Boris 9H TH, Ana 7H 8H,
Cveta JH QH, Filip KH AH: two each; the jack only Cveta's, the nine only Boris's.
The dealer is seat 4 in every played deal, so bidder_position = the bidder's seat.
"""

from __future__ import annotations

import datetime as dt
import json
import math

import polars as pl
import pytest
from support.club_files import FILE_A, FILE_B

from analytics import METRICS, Filters, open_dataset
from ingest.pipeline import ingest_paths


@pytest.fixture(scope="module")
def hand(tmp_path_factory):
    root = tmp_path_factory.mktemp("hand")
    a, b = root / "a.bgn", root / "b.bgn"
    a.write_text(FILE_A, encoding="utf-8")
    b.write_text(FILE_B, encoding="utf-8")
    summary = ingest_paths([str(a), str(b)], root / "ds", workers=0, progress=False)
    assert (summary.games, summary.deals, summary.rejects) == (4, 8, 0)
    an = open_dataset(root / "ds")
    yield an, str(a), str(b)
    an.close()


def rows(df: pl.DataFrame) -> list[dict]:
    return df.to_dicts()


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The textbook Wilson score interval, written out independently of the SQL."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def test_wilson_reference_values():
    # worked by hand (z = 1.959964): 3/4, 1/1, 4/5, 0/1
    assert [round(x, 4) for x in wilson(3, 4)] == [0.3006, 0.9544]
    assert [round(x, 4) for x in wilson(1, 1)] == [0.2065, 1.0]
    assert [round(x, 4) for x in wilson(4, 5)] == [0.3755, 0.9638]
    assert [round(x, 4) for x in wilson(0, 1)] == [0.0, 0.7935]


def test_bid_success_by_variant(hand):
    a, _, _ = hand
    df = a.query("bid_success", ["variant"])
    assert df.columns == ["variant", "contracts", "made", "hanging", "rate", "ci_low",
                          "ci_high", "small_n"]
    got = {r["variant"]: r for r in rows(df)}
    assert [got["yu4"][k] for k in ("contracts", "made", "hanging")] == [4, 3, 0]
    assert got["yu4"]["rate"] == 0.75
    assert round(got["yu4"]["ci_low"], 4) == 0.3006
    assert round(got["yu4"]["ci_high"], 4) == 0.9544
    assert [got["mk4"][k] for k in ("contracts", "made", "rate")] == [1, 1, 1.0]
    assert round(got["mk4"]["ci_low"], 4) == 0.2065 and got["mk4"]["ci_high"] == 1.0
    assert got["yu4"]["small_n"] and got["mk4"]["small_n"]  # < 30 contracts
    assert not a.query("bid_success", ["variant"], min_n=4).filter(
        pl.col("variant") == "yu4")["small_n"][0]
    assert a.query("bid_success", ["variant"], min_n=4, hide_small=True)["variant"].to_list() \
        == ["yu4"]
    total = rows(a.query("bid_success", []))
    assert len(total) == 1 and (total[0]["contracts"], total[0]["made"]) == (5, 4)
    assert (round(total[0]["ci_low"], 4), round(total[0]["ci_high"], 4)) == (0.3755, 0.9638)


@pytest.mark.parametrize("dim, expected", [
    ("player", {"Ana": (1, 0), "Boris": (2, 2), "Cveta": (1, 1), "Filip": (1, 1)}),
    ("partnership", {"Ana & Cveta": (2, 1), "Boris & Dejan": (1, 1),
                     "Boris & Filip": (1, 1), "Elena & Filip": (1, 1)}),
    ("bidder_position", {1: (1, 0), 2: (2, 2), 3: (1, 1), 4: (1, 1)}),
    ("trumps_held", {2: (5, 4)}),
    ("trump_jack", {True: (1, 1), False: (4, 3)}),
    ("trump_nine", {True: (2, 2), False: (3, 2)}),
    ("contract", {"H": (5, 4)}),
    ("contra", {1: (5, 4)}),
    ("bidding_round", {1: (5, 4)}),
    ("level", {None: (5, 4)}),
])
def test_bid_success_dimensions(hand, dim, expected):
    a, _, _ = hand
    got = {r[dim]: (r["contracts"], r["made"]) for r in rows(a.query("bid_success", [dim]))}
    assert got == expected


def test_bid_success_filters(hand):
    a, file_a, _ = hand
    one = lambda f: [(r["contracts"], r["made"]) for r in rows(a.query("bid_success", [], f))]  # noqa: E731
    assert one(Filters(players=["Elena"])) == [(1, 1)]  # G3 only
    assert one(Filters(players=["Elena", "Goran"])) == [(2, 2)]  # G3, G4
    assert one(Filters(date_from=dt.date(2026, 2, 1))) == [(2, 2)]  # G3, G4
    assert one(Filters(date_to=dt.date(2026, 1, 10))) == [(1, 1)]  # G1
    assert one(Filters(events=["Club A"])) == [(3, 2)]  # G1, G2
    assert one(Filters(sources=[file_a])) == [(3, 2)]
    assert one(Filters(variants=["mk4"])) == [(1, 1)]
    assert one(Filters(variants=["yu4"], events=["Club B"])) == [(1, 1)]  # G3
    assert one(Filters(players=["Nobody"])) == [(0, 0)]
    empty = a.query("bid_success", ["variant"], Filters(players=["Nobody"]))
    assert empty.is_empty()
    zero = rows(a.query("bid_success", [], Filters(players=["Nobody"])))[0]
    assert zero["rate"] is None and zero["ci_low"] is None and zero["ci_high"] is None


def test_declaration_frequency(hand):
    a, _, _ = hand
    df = a.query("declaration_frequency", ["variant"])
    assert df.columns == ["variant", "deals", "declarations", "per_deal"]
    assert rows(df) == [
        {"variant": "mk4", "deals": 1, "declarations": 0, "per_deal": 0.0},
        {"variant": "yu4", "deals": 4, "declarations": 3, "per_deal": 0.75}]
    by_type = {r["type"]: (r["deals"], r["declarations"])
               for r in rows(a.query("declaration_frequency", ["type"]))}
    assert by_type == {"carre:9": (5, 1), "carre:J": (5, 1), "run3": (5, 1)}
    by_player = {r["player"]: (r["deals"], r["declarations"])
                 for r in rows(a.query("declaration_frequency", ["player"]))}
    assert by_player == {"Ana": (4, 1), "Boris": (5, 1), "Cveta": (3, 1), "Dejan": (3, 0),
                         "Elena": (1, 0), "Filip": (2, 0), "Goran": (1, 0), "Hana": (1, 0)}
    by_role = {r["role"]: r["declarations"]
               for r in rows(a.query("declaration_frequency", ["role"]))}
    assert by_role == {"bidder": 1, "defenders": 2}
    held = {r["held"]: r["declarations"]
            for r in rows(a.query("declaration_frequency", ["held"]))}
    assert held == {True: 2, False: 1}
    counted = {r["counted"]: r["declarations"]
               for r in rows(a.query("declaration_frequency", ["counted"]))}
    assert counted == {True: 1, False: 2}


def test_declaration_points_effect_bela(hand):
    a, _, _ = hand
    pts = {(r["variant"], r["role"]): (r["deals"], r["declared"], r["counted"], r["points"])
           for r in rows(a.query("declaration_points", ["variant"]))}
    assert pts == {("mk4", "bidder"): (1, 0, 0, 0), ("mk4", "defenders"): (1, 0, 0, 0),
                   ("yu4", "bidder"): (4, 1, 1, 200), ("yu4", "defenders"): (4, 2, 0, 0)}
    eff = {r["decl_counted"]: (r["contracts"], r["made"])
           for r in rows(a.query("declaration_effect", ["decl_counted"]))}
    assert eff == {"bidder": (1, 1), "none": (4, 3)}
    bela = rows(a.query("bela_frequency", []))[0]
    assert (bela["deals"], bela["bela_deals"], bela["rate"]) == (5, 0, 0.0)


def test_violations(hand):
    a, _, _ = hand
    by_code = rows(a.query("violations", ["code"]))
    assert by_code == [{"code": "A501", "deals": 8, "violations": 1, "per_1000": 125.0},
                       {"code": "S601", "deals": 8, "violations": 1, "per_1000": 125.0}]
    by_variant = {r["variant"]: (r["deals"], r["violations"])
                  for r in rows(a.query("violations", ["variant"]))}
    assert by_variant == {"mk4": (1, 0), "yu4": (7, 2)}
    by_player = {r["player"]: (r["deals"], r["violations"], r["per_1000"])
                 for r in rows(a.query("violations", ["player"]))}
    assert by_player["Ana"] == (7, 1, pytest.approx(1000 / 7))
    assert by_player["Boris"] == (8, 0, 0.0)
    assert by_player[None] == (0, 1, None)  # S601 has no seat
    assert rows(a.query("violations", ["trick"])) == [
        {"trick": None, "deals": 8, "violations": 2, "per_1000": 250.0}]
    assert rows(a.query("violations", ["family"])) == [
        {"family": "A", "deals": 8, "violations": 1, "per_1000": 125.0},
        {"family": "S", "deals": 8, "violations": 1, "per_1000": 125.0}]


def test_violation_rows(hand):
    a, _, file_b = hand
    df = a.violation_rows()
    assert df.columns == ["game_id", "source_file", "game_index", "deal", "trick", "seat",
                          "code", "message", "line", "col", "variant"]
    lines = FILE_B.splitlines()
    decl_line = next(i for i, t in enumerate(lines, 1) if t.startswith("declare 1:"))
    score_line = next(i for i, t in enumerate(lines, 1) if t.startswith("score 30"))
    got = [(r["source_file"], r["game_index"], r["deal"], r["trick"], r["seat"], r["code"],
            r["line"]) for r in rows(df)]
    assert got == [(file_b, 1, 1, None, 1, "A501", decl_line),
                   (file_b, 1, 1, None, None, "S601", score_line)]
    assert rows(df)[0]["col"] == len("declare 1: ") + 1
    assert a.violation_rows(code="S601")["code"].to_list() == ["S601"]
    assert a.violation_rows(code=["S601", "A501"]).height == 2
    assert a.violation_rows(limit=1).height == 1
    assert a.violation_rows(Filters(variants=["mk4"])).is_empty()


def test_players_and_elo(hand):
    a, _, _ = hand
    got = {r["player"]: r for r in rows(a.query("players", ["player"]))}
    assert list(got) == ["Ana", "Boris", "Cveta", "Dejan", "Elena", "Filip", "Goran", "Hana"]
    fields = ("games", "games_finished", "games_won", "deals", "contracts", "made",
              "declarations", "violations")
    assert tuple(got["Ana"][k] for k in fields) == (3, 1, 0, 7, 1, 0, 1, 1)
    assert tuple(got["Boris"][k] for k in fields) == (4, 1, 1, 8, 2, 2, 1, 0)
    assert tuple(got["Cveta"][k] for k in fields) == (2, 1, 0, 6, 1, 1, 1, 0)
    assert tuple(got["Dejan"][k] for k in fields) == (2, 1, 1, 6, 0, 0, 0, 0)
    assert tuple(got["Filip"][k] for k in fields) == (2, 0, 0, 2, 1, 1, 0, 0)
    # raw points of the player's side per played deal: A 34 (234 with the jacks), B 128
    assert got["Ana"]["avg_points"] == (34 + 34 + 234 + 34) / 4
    assert got["Boris"]["avg_points"] == (128 * 4 + 34) / 5
    assert got["Cveta"]["avg_points"] == pytest.approx((34 + 34 + 234) / 3)
    assert got["Dejan"]["avg_points"] == 128.0
    assert got["Goran"]["avg_points"] == 34.0
    assert got["Boris"]["win_rate"] == 1.0 and got["Elena"]["win_rate"] is None
    # one finished game (G1): Boris and Dejan beat Ana and Cveta, 1500 each: +-K/2
    elo = {r["player"]: (r["games"], r["games_won"], r["elo"])
           for r in rows(a.query("elo", []))}
    assert elo == {"Ana": (1, 0, 1490.0), "Boris": (1, 1, 1510.0), "Cveta": (1, 0, 1490.0),
                   "Dejan": (1, 1, 1510.0)}
    per_variant = a.query("elo", ["variant"])
    assert per_variant.columns == ["variant", "player", "games", "games_won", "elo"]
    assert set(per_variant["variant"]) == {"yu4"}


def test_tricks_last_trick_capot(hand):
    a, _, _ = hand
    df = a.query("tricks", ["trick"])
    assert df["trick"].to_list() == list(range(1, 9))
    assert df["tricks"].to_list() == [5] * 8
    assert df["avg_points"].to_list() == [6.0, 24.0, 34.0, 28.0, 6.0, 24.0, 16.0, 24.0]
    # B bid in 3 of the 5 deals (G1, G3, G4) and won every trick but the third
    assert df["bidder_won_rate"].to_list() == [0.6, 0.6, 0.4, 0.6, 0.6, 0.6, 0.6, 0.6]
    assert df["ruff_rate"].to_list() == [0.0] * 8
    last = {r["variant"]: (r["deals"], r["decided"], r["bidder_last"], r["excluded"])
            for r in rows(a.query("last_trick", ["variant"]))}
    # margins 94 or more, the last trick is 24: it never decides
    assert last == {"mk4": (1, 0, 1, 0), "yu4": (4, 0, 2, 0)}
    capot = rows(a.query("capot", []))[0]
    assert (capot["deals"], capot["capot"], capot["rate"]) == (5, 0, 0.0)


def test_overview_trend_options(hand):
    a, file_a, file_b = hand
    ov = a.overview()
    assert {k: ov[k] for k in ("games", "deals", "players", "variants", "contracts", "made",
                               "deals_with_contract", "declarations", "violations")} == {
        "games": 4, "deals": 8, "players": 8, "variants": 2, "contracts": 5, "made": 4,
        "deals_with_contract": 5, "declarations": 3, "violations": 2}
    assert ov["bid_success"] == 0.8
    assert (round(ov["bid_success_ci_low"], 4), round(ov["bid_success_ci_high"], 4)) == \
        (0.3755, 0.9638)
    assert ov["declarations_per_deal"] == 0.6
    assert ov["violations_per_1000_deals"] == 250.0
    assert a.overview(Filters(players=["Hana"]))["games"] == 1
    tr = a.trend()
    assert tr.columns == ["period", "games", "deals", "contracts", "made", "bid_success",
                          "violations", "violations_per_1000_deals"]
    assert rows(tr.select("period", "games", "deals", "contracts", "made", "violations")) == [
        {"period": dt.date(2026, 1, 1), "games": 2, "deals": 6, "contracts": 3, "made": 2,
         "violations": 0},
        {"period": dt.date(2026, 2, 1), "games": 2, "deals": 2, "contracts": 2, "made": 2,
         "violations": 2}]
    assert a.trend(freq="year")["games"].to_list() == [4]
    with pytest.raises(ValueError):
        a.trend(freq="fortnight")
    opts = a.filter_options()
    assert opts == {"variants": ["mk4", "yu4"], "events": ["Club A", "Club B"],
                    "players": ["Ana", "Boris", "Cveta", "Dejan", "Elena", "Filip", "Goran",
                                "Hana"],
                    "sources": sorted([file_a, file_b]),
                    "date_min": dt.date(2026, 1, 10), "date_max": dt.date(2026, 2, 10)}


def test_game_list_and_head_to_head(hand):
    a, file_a, file_b = hand
    gl = a.game_list()
    assert gl.columns == ["game_id", "source_file", "game_index", "line", "event", "date",
                          "players", "variant", "result", "deals", "violations"]
    assert [(r["source_file"], r["game_index"]) for r in rows(gl)] == [
        (file_b, 2), (file_b, 1), (file_a, 2), (file_a, 1)]  # newest first
    g3 = rows(gl)[1]
    assert (g3["players"], g3["variant"], g3["result"], g3["deals"], g3["violations"],
            g3["line"]) == ("Ana, Elena, Boris, Filip", "yu4", "*", 1, 2, 1)
    assert a.game_list(search="ELENA")["game_index"].to_list() == [1]
    assert a.game_list(search="club a").height == 2
    assert a.game_list(search="100%").is_empty()  # a literal, not a pattern
    assert a.game_list(limit=1).height == 1
    h2h = rows(a.head_to_head("Ana", "Boris"))
    assert h2h == [
        {"variant": "yu4", "relation": "opponents", "games": 2, "deals": 6, "a_won": 0,
         "b_won": 1, "unfinished": 1, "a_contracts": 1, "a_made": 0, "a_rate": 0.0,
         "b_contracts": 1, "b_made": 1, "b_rate": 1.0},
        {"variant": "yu4", "relation": "partners", "games": 1, "deals": 1, "a_won": 0,
         "b_won": 0, "unfinished": 1, "a_contracts": 0, "a_made": 0, "a_rate": None,
         "b_contracts": 0, "b_made": 0, "b_rate": None}]
    assert a.head_to_head("Ana", "Nobody").is_empty()


def test_metric_contract(hand):
    a, _, _ = hand
    for name, m in METRICS.items():
        assert m.name == name and m.doc and m.by and m.fields
        df = a.query(name, list(m.default_by))
        dims = m.check_by(m.default_by)
        assert df.columns == [*dims, *m.fields], name
    with pytest.raises(ValueError, match="cannot be split by"):
        a.query("bid_success", ["variant; DROP TABLE games"])
    with pytest.raises(ValueError, match="unknown metric"):
        a.query("nope")
    # a name with a quote is a value, never SQL
    assert a.query("bid_success", [], Filters(players=["O'Brien"]))["contracts"][0] == 0


def test_duckdb_file(hand, tmp_path):
    import duckdb

    a, _, _ = hand
    path = a.to_duckdb_file(tmp_path / "belot.duckdb")
    con = duckdb.connect(str(path), read_only=True)
    try:
        got = con.execute("SELECT variant::VARCHAR, contracts, made FROM metric_bid_success "
                          "ORDER BY 1").fetchall()
        assert got == [("mk4", 1, 1), ("yu4", 4, 3)]
        assert con.execute("SELECT count(*) FROM tricks").fetchone()[0] == 40
    finally:
        con.close()


def test_persistent_cache(hand, tmp_path):
    _, _, _ = hand
    root = hand[0].root
    cache = tmp_path / "cache.duckdb"
    first = open_dataset(root, cache=cache)
    expect = first.query("bid_success", ["variant"])
    first.build_all()
    first.close()
    again = open_dataset(root, cache=cache)
    assert again._built >= {"f_games", "f_deals", "f_tricks"}  # reused, not rebuilt
    assert again.query("bid_success", ["variant"]).equals(expect)
    assert json.dumps(again.overview(), default=str) == json.dumps(hand[0].overview(),
                                                                   default=str)
    again.close()


def test_reads_only_committed_parts(hand, tmp_path):
    """A part in a table folder that no commit names (a writer mid-commit, or debris) is
    not read; without a commit log (a plain copy), every Parquet file is."""
    import shutil

    import pyarrow.parquet as pq

    root = tmp_path / "ds"
    shutil.copytree(hand[0].root, root)
    part = next((root / "games").glob("variant=yu4/*/*.parquet"))
    shutil.copy(part, part.with_name("part-999999.parquet"))
    a = open_dataset(root)
    assert a.overview()["games"] == 4
    a.close()
    shutil.rmtree(root / "_belot")
    b = open_dataset(root)
    assert b.overview()["games"] == 4 + pq.read_metadata(part).num_rows  # read twice

    b.close()
