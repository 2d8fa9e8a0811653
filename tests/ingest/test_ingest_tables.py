"""Table contents for hand-worked records: every figure below is worked out by hand.

The deals are the engine tests' base deal (tests/support/engine_util.py): hearts named by
seat 2 (side B) after seat 1 passed, dealer 4; the tricks, in order of play:

    1. leader 1: 7S 9S JS KS   seat 4 wins   0+0+2+4      =  6 B
    2. leader 4: AS 8S TS QS   seat 4 wins   11+0+10+3    = 24 B
    3. leader 4: KH 7H TH JH   seat 3 wins   4+0+10+20    = 34 A
    4. leader 3: QH AH 8H 9H   seat 2 wins   3+11+0+14    = 28 B
    5. leader 2: 9D JD KD 7D   seat 4 wins   0+2+4+0      =  6 B
    6. leader 4: AD 8D TD QD   seat 4 wins   11+0+10+3    = 24 B
    7. leader 4: KC 7C TC JC   seat 2 wins   4+0+10+2     = 16 B
    8. leader 2: 9C QC AC 8C   seat 4 wins   0+3+11+0 +10 = 24 B

Card points A 34, B 128.  Seat 2 held 9S TS 9H TH 9D TD while bidding: two
trumps (9H TH), the nine but not the jack, and under hearts 0+10+14+10+0+10 =
44 high-card points; its whole hand adds 9C TC: still two trumps.
"""

from __future__ import annotations

import datetime as dt

import pytest
from support.ingest_records import FILE, GAME3, GAME4_BROKEN, GAME5_UNKNOWN
from support.ingest_util import table

from ingest.pipeline import ingest_paths


def where(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    at = -1
    for _ in range(occurrence):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


@pytest.fixture(scope="module")
def ds(tmp_path_factory):
    root = tmp_path_factory.mktemp("hand")
    src = root / "club.bgn"
    src.write_text(FILE, encoding="utf-8")
    summary = ingest_paths([str(src)], root / "ds", workers=0)
    assert (summary.games, summary.rejects, summary.deals) == (3, 2, 4)
    return root / "ds"


def by_event(ds):
    return {g["tag_event"]: g for g in table(ds, "games")}


def test_files_are_hive_partitioned(ds):
    assert sorted(p.name for p in (ds / "deals").iterdir()) == ["variant=mk4", "variant=yu4"]
    assert [p.name for p in (ds / "rejects").iterdir()][0].startswith("batch=")
    assert not list((ds / "deals").glob("**/*.tmp*"))


def test_games_row(ds):
    g = by_event(ds)["Club night"]
    assert g["source_file"].endswith("club.bgn")
    assert (g["game_index"], g["line"]) == (1, 1)
    assert (g["tag_site"], g["tag_date"], g["tag_round"]) == ("Skopje", "2026.11.27", "3")
    assert [g[f"tag_seat{i}"] for i in range(1, 5)] == ["Marko", "Ana", "Ivan", "Jelena"]
    assert (g["tag_gameid"], g["tag_source"], g["tag_result"]) == ("club-17", "paper", None)
    assert g["other_tags"] == {"Table": "5"}
    assert g["played_on"] == dt.date(2026, 11, 27)
    assert (g["players"], g["target"], g["variant"]) == (4, 1001, "yu4")
    assert (g["result"], g["recorded_result"], g["deals"]) == ("*", "*", 2)
    assert g["final_total"] == [362, 0]
    assert g["recorded_final_total"] == [362.0, 0.0]
    assert (g["violations"], g["comments"]) == (0, ["Table five"])
    assert g["ingest_batch"] == g["batch"]
    assert g["ingested_at"].tzinfo is not None
    assert by_event(ds)["Bela"]["played_on"] is None  # 2026.??.?? is not a date
    assert len(g["game_id"]) == 64


def test_deals_rows(ds):
    gid = by_event(ds)["Club night"]["game_id"]
    d1, d2 = [d for d in table(ds, "deals") if d["game_id"] == gid]
    expect1 = {
        "deal": 1, "deal_number": 1, "line": 15, "dealer": 4, "bidder": 2, "bidder_side": "B",
        "bidder_position": 2, "bidding_round": 1, "contract": "H", "contra": 1,
        "made": False, "outcome": "fell", "bidder_points": 128, "opponents_points": 234,
        "card_points": [34, 128], "decl_side": "A", "decl_points": 200,
        "decl_points_by_side": [200, 0], "bid_points": None,
        "bela_points": [0, 0], "capot_side": None, "penalty": False,
        "score": [362, 0], "total": [362, 0], "hang": 0,
        "recorded_score": [362.0, None], "recorded_total": [362.0, 0.0],
        "tricks": 8, "violations": 0, "claim": None, "claim_seat": None,
        "bidder_trumps": 2, "bidder_trump_jack": False, "bidder_trump_nine": True,
        "bidder_hcp": 44, "bidder_trumps_total": 2,
    }
    assert {k: d1[k] for k in expect1} == expect1
    assert len(d1["deal_id"]) == 64
    expect2 = {
        "deal": 2, "dealer": 1, "bidder": None, "contract": None, "contra": None, "made": None,
        "outcome": "passed", "bidder_points": None, "score": [0, 0], "total": [362, 0],
        "tricks": 0, "deal_id": None, "bidder_trumps": None, "recorded_score": None,
    }
    assert {k: d2[k] for k in expect2} == expect2


def test_bids_rows(ds):
    gid = by_event(ds)["Club night"]["game_id"]
    rows = [(b["deal"], b["idx"], b["seat"], b["call"], b["round"], b["legal"], b["comment"])
            for b in table(ds, "bids") if b["game_id"] == gid]
    assert rows == [
        (1, 1, 1, "pass", 1, True, "thinking"), (1, 2, 2, "H", 1, True, None),
        (2, 1, 2, "pass", 1, True, None), (2, 2, 3, "pass", 1, True, None),
        (2, 3, 4, "pass", 1, True, None), (2, 4, 1, "pass", 1, True, None),
    ]


def test_declarations_rows(ds):
    gid = by_event(ds)["Club night"]["game_id"]
    cols = ("deal", "idx", "seat", "side", "text", "type", "length", "rank", "suit",
            "top_card", "points", "held", "counted")
    rows = [tuple(r[c] for c in cols) for r in table(ds, "declarations") if r["game_id"] == gid]
    assert rows == [
        (1, 1, 2, "B", "carre:9", "carre", 4, "9", None, None, 150, True, False),
        (1, 2, 3, "A", "carre:J", "carre", 4, "J", None, None, 200, True, True),
    ]


def test_tricks_rows(ds):
    gid = by_event(ds)["Club night"]["game_id"]
    cols = ("trick", "leader", "card1", "card2", "card3", "card4", "seat1", "seat2", "seat3",
            "seat4", "led_suit", "winner", "winner_side", "points", "trumped", "last_trick")
    rows = [tuple(r[c] for c in cols) for r in table(ds, "tricks") if r["game_id"] == gid]
    assert rows == [
        (1, 1, "7S", "9S", "JS", "KS", 1, 2, 3, 4, "S", 4, "B", 6, False, False),
        (2, 4, "AS", "8S", "TS", "QS", 4, 1, 2, 3, "S", 4, "B", 24, False, False),
        (3, 4, "KH", "7H", "TH", "JH", 4, 1, 2, 3, "H", 3, "A", 34, False, False),
        (4, 3, "QH", "AH", "8H", "9H", 3, 4, 1, 2, "H", 2, "B", 28, False, False),
        (5, 2, "9D", "JD", "KD", "7D", 2, 3, 4, 1, "D", 4, "B", 6, False, False),
        (6, 4, "AD", "8D", "TD", "QD", 4, 1, 2, 3, "D", 4, "B", 24, False, False),
        (7, 4, "KC", "7C", "TC", "JC", 4, 1, 2, 3, "C", 2, "B", 16, False, False),
        (8, 2, "9C", "QC", "AC", "8C", 2, 3, 4, 1, "C", 4, "B", 24, False, True),
    ]


def test_plays_rows(ds):
    gid = by_event(ds)["Club night"]["game_id"]
    rows = [p for p in table(ds, "plays") if p["game_id"] == gid]
    assert len(rows) == 32
    cols = ("idx", "trick", "position", "seat", "card", "legal", "bela")
    assert tuple(rows[0][c] for c in cols) == (1, 1, 1, 1, "7S", True, None)
    assert tuple(rows[8][c] for c in cols) == (9, 3, 1, 4, "KH", True, None)
    assert tuple(rows[31][c] for c in cols) == (32, 8, 4, 1, "8C", True, None)


def test_bela_annotation_and_comment(ds):
    gid = by_event(ds)["Bela"]["game_id"]
    (d,) = [d for d in table(ds, "deals") if d["game_id"] == gid]
    assert (d["made"], d["score"], d["bela_points"]) == (True, [34, 148], [0, 20])
    assert (d["bidder_points"], d["opponents_points"]) == (148, 34)
    assert (d["decl_side"], d["decl_points"], d["recorded_total"]) == (None, 0, None)
    p = [p for p in table(ds, "plays") if p["game_id"] == gid][8]
    assert (p["card"], p["seat"], p["bela"], p["annotation"], p["comment"]) == (
        "KH", 4, "bela", "!", "nice")


def test_mk4_penalty_and_violation(ds):
    g = by_event(ds)["Penalty"]
    gid = g["game_id"]
    assert (g["variant"], g["violations"], g["game_index"]) == ("mk4", 1, 3)
    (d,) = [d for d in table(ds, "deals") if d["game_id"] == gid]
    assert (d["made"], d["penalty"], d["outcome"], d["score"]) == (True, True, "made", [0, 162])
    # the cards were not counted: the deal ended at the breach
    assert (d["bidder_points"], d["opponents_points"], d["tricks"]) == (None, None, 4)
    plays = [p for p in table(ds, "plays") if p["game_id"] == gid]
    assert len(plays) == 20  # the deal ends at the revoking card
    assert (plays[-1]["card"], plays[-1]["seat"], plays[-1]["legal"]) == ("7C", 1, False)
    (v,) = [v for v in table(ds, "violations") if v["game_id"] == gid]
    line, col = where(FILE, "7C", FILE.count("7C", 0, FILE.index(GAME3)) + 2)
    assert (v["code"], v["line"], v["col"], v["deal"], v["trick"], v["seat"]) == (
        "C401", line, col, 1, 5, 1)
    assert v["source_file"].endswith("club.bgn") and v["game_index"] == 3
    assert v["message"] == "seat 1 did not follow diamonds while holding 7D 8D"


def test_rejects_keep_the_raw_text(ds):
    rows = table(ds, "rejects")
    rows.sort(key=lambda r: r["game_index"])
    assert [(r["game_index"], r["code"], r["tag_variant"]) for r in rows] == [
        (4, "P101", "yu4"), (5, "P102", "xx9")]
    broken, unknown = rows
    assert broken["raw_text"] == GAME4_BROKEN
    assert unknown["raw_text"] == GAME5_UNKNOWN
    start = FILE.count("\n", 0, FILE.index(GAME4_BROKEN)) + 1
    assert (broken["game_line"], broken["line"], broken["col"]) == (start, start + 4, 11)
    assert broken["message"] == "expected a call, found 'ZZ'"
    assert unknown["line"] == FILE.count("\n", 0, FILE.index(GAME5_UNKNOWN)) + 1
    assert len({r["game_id"] for r in rows}) == 2


@pytest.mark.rule("yu4-42", "mk4-25")
def test_invariants_on_simulated_games(tmp_path):
    """Figures that must agree with the engine's scoring and with the cards."""
    import duckdb
    from support.ingest_util import write_corpus

    for i, v in enumerate(["yu4", "mk4", "bg4", "contree"]):
        write_corpus(tmp_path / "in" / f"{v}.bgn", v, games=8, seed=60 + i, violation_rate=0.1)
    ingest_paths([str(tmp_path / "in")], tmp_path / "ds", workers=0)
    con = duckdb.connect()
    ds = tmp_path / "ds"
    for t in ("deals", "tricks", "plays"):
        con.execute(f"CREATE VIEW {t} AS SELECT * FROM read_parquet('{ds}/{t}/**/*.parquet', "
                    "hive_partitioning = true)")
    side = "(CASE bidder_side WHEN 'A' THEN 1 ELSE 2 END)"
    # yu4/mk4 score what each side collected when the contract is made (no capot bonus)
    # and give the sum to the opponents when it falls (yu4-42, mk4-25)
    bad = con.execute(f"""
        SELECT count(*) FROM deals WHERE variant IN ('yu4', 'mk4') AND capot_side IS NULL
          AND NOT penalty AND made IS NOT NULL AND NOT (
            (made AND score[{side}] = bidder_points AND score[3 - {side}] = opponents_points)
            OR (NOT made AND score[{side}] = 0
                AND score[3 - {side}] = bidder_points + opponents_points))""").fetchone()[0]
    checked = con.execute("SELECT count(*) FROM deals WHERE variant IN ('yu4', 'mk4') "
                          "AND made IS NOT NULL").fetchone()[0]
    assert bad == 0 and checked > 50
    # a ruff: a trump on a lead of another suit, in a suit contract
    bad = con.execute("""
        SELECT count(*) FROM tricks t JOIN deals d USING (game_id, deal)
        WHERE t.trumped <> coalesce(d.contract IN ('S', 'H', 'D', 'C')
              AND t.led_suit <> d.contract
              AND d.contract IN (right(t.card2, 1), right(t.card3, 1), right(t.card4, 1)),
              false)""").fetchone()[0]
    assert bad == 0
    assert con.execute("SELECT count(*) FROM tricks WHERE trumped").fetchone()[0] > 10
    # every card of a trick is a play of that trick, in order
    bad = con.execute("""
        SELECT count(*) FROM tricks t JOIN plays p USING (game_id, deal, trick)
        WHERE p.card <> [t.card1, t.card2, t.card3, t.card4][p.position]
           OR p.seat <> [t.seat1, t.seat2, t.seat3, t.seat4][p.position]""").fetchone()[0]
    assert bad == 0
    # card points of a deal's tricks add up to the deal's card points (no claims here)
    bad = con.execute("""
        SELECT count(*) FROM (SELECT game_id, deal, sum(points) AS p FROM tricks
                              GROUP BY ALL) t JOIN deals d USING (game_id, deal)
        WHERE d.tricks = 8 AND t.p <> list_sum(d.card_points)""").fetchone()[0]
    assert bad == 0


def test_claim_columns(tmp_path):
    # the base deal stopped after trick 6 with seat 4 claiming the rest: 6 tricks and
    # 24 cards replayed, the claim on the deal's row
    from support.engine_util import TRICKS, record

    src = tmp_path / "claim.bgn"
    src.write_text(record("yu4", tricks=TRICKS[:6], claim="4: claim rest"))
    ingest_paths([str(src)], tmp_path / "ds", workers=0)
    (d,) = table(tmp_path / "ds", "deals")
    assert (d["claim"], d["claim_seat"], d["tricks"]) == ("rest", 4, 6)
    assert len(table(tmp_path / "ds", "plays")) == 24


def test_sheet_numbers_as_floats_halves_dashes_and_a_bounded_cache():
    """A written sheet line's numbers as floats: whole numbers, halves (yu3, ru3), a
    ``-`` as None, a ``-0`` as -0.0; the floats of numbers met before are looked up,
    and that look-up table never grows past its bound however many numbers a run
    meets."""
    import math
    from decimal import Decimal

    from ingest import events
    from replay.model.record import ScoreLine

    line = ScoreLine([Decimal("81"), None, Decimal("40.5"), Decimal("-10")])
    assert events._sheet(line) == [81.0, None, 40.5, -10.0]
    assert events._sheet(ScoreLine([])) == []
    for _ in range(2):  # a written -0 keeps its sign, met before or after a 0
        zeros = events._sheet(ScoreLine([Decimal("0"), Decimal("-0"), Decimal("0")]))
        assert [math.copysign(1, z) for z in zeros] == [1, -1, 1]
    assert events._sheet(None) is None
    for k in range(events._FLOATS_MAX + 10):
        assert events._sheet(ScoreLine([Decimal(k) / 2])) == [k / 2]
    assert 0 < len(events._FLOATS) <= events._FLOATS_MAX
    assert events._sheet(line) == [81.0, None, 40.5, -10.0]
