"""The dashboard's pure helpers: formatting, the replay viewer's model, the table HTML,
the import checks, the chart specs and the ``belot dashboard`` command's wiring."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import polars as pl
import pytest
from support.dashboard_util import BROKEN_TEXT, HAND_TEXT

from dashboard import charts, importer
from dashboard.format import (
    call_label,
    card_html,
    card_label,
    contract_label,
    mask_cards,
    number,
    pct,
    seat_label,
    seat_names,
    side_name,
    side_of,
    sorted_hand,
)
from dashboard.tableview import positions, table_html
from dashboard.viewer import (
    SourceMissing,
    auction_rows,
    deal_view,
    declaration_rows,
    load_game,
    phase_of,
    read_game_at,
    resolve_source,
    trick_rows,
)
from ingest.validation import validate_file
from replay.engine.report import Violation
from replay.model.cards import CARD_INDEX

# ------------------------------------------------------------------ format


def test_card_labels():
    assert card_label("TH") == "10♥"
    assert card_label(CARD_INDEX["AS"]) == "A♠"
    assert card_label("7C") == "7♣"
    assert 'class="bcard red"' in card_html("QD")
    assert 'class="bcard black win"' in card_html("JC", "win")


def test_hands_sorted_by_suit_then_rank():
    assert sorted_hand(["7S", "AH", "TS", "KC", "AS"]) == ["AS", "TS", "7S", "AH", "KC"]
    mask = sum(1 << CARD_INDEX[c] for c in ("JD", "7S", "9D"))
    assert mask_cards(mask) == ["7S", "JD", "9D"]


def test_contracts_calls_sides_and_numbers():
    assert contract_label(1) == "♥ hearts"
    assert contract_label("NT") == "NT no trumps"
    assert contract_label(None) == "passed"
    assert call_label("H") == "♥" and call_label("90H") == "90♥"
    assert call_label("pass") == "pass" and call_label("NT") == "NT"
    assert [side_of(s, True) for s in (1, 2, 3, 4)] == [0, 1, 0, 1]
    assert [side_of(s, False) for s in (1, 2, 3)] == [0, 1, 2]
    assert side_name(1, True) == "B" and side_name(1, False) == "2"
    assert seat_label(2, {2: "Boris"}) == "2 Boris" and seat_label(3) == "seat 3"
    assert seat_names({"Seat1": "Ana", "Seat3": "Cveta", "Seat4": ""}, 4) == {1: "Ana",
                                                                            3: "Cveta"}
    assert pct(0.4567) == "45.7%" and pct(None) == "–" and pct(float("nan")) == "–"
    assert number(12345, 0) == "12,345" and number(1.234) == "1.23" and number(None) == "–"


# ------------------------------------------------------------------ viewer


@pytest.fixture(scope="module")
def hand_file(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("viewer")
    # a game before it, so the game of interest is game 2 and starts on a later line
    path = folder / "two.bgn"
    path.write_text(HAND_TEXT.replace("Dashboard test", "First game") + "\n" + HAND_TEXT,
                    encoding="utf-8")
    return path


def test_read_game_at_a_line_keeps_the_file_places(hand_file):
    games = list(validate_file(hand_file))
    second = games[1]
    start = HAND_TEXT.count("\n") + 2  # the second game's first line
    game = read_game_at(hand_file, 2, line=start)
    assert game.index == 2 and game.line == start
    assert game.tags["Event"] == "Dashboard test"
    loaded = load_game(str(hand_file), 2, start, expected_id=second.game_id)
    # exactly what validation saw: same codes, lines, columns, deals, tricks, seats
    assert [v.to_json() for v in loaded.report.violations] == [
        v.to_json() for v in second.violations]
    assert loaded.matches and loaded.game_id == second.game_id
    assert [d.to_json() for d in loaded.report.deals] == [d.to_json() for d in second.deals]


def test_load_game_without_a_line_and_gzip(tmp_path):
    path = tmp_path / "one.bgn.gz"
    path.write_bytes(gzip.compress(HAND_TEXT.encode()))
    loaded = load_game(str(path), 1)
    assert [v.code for v in loaded.report.violations] == ["C401", "C401"]
    assert loaded.names == {1: "Ana", 2: "Boris", 3: "Cveta", 4: "<b>Dragan</b>"}


def test_load_game_notices_a_changed_file(hand_file):
    loaded = load_game(str(hand_file), 1, expected_id="0" * 64)
    assert not loaded.matches


def test_resolve_source_relative_to_roots(tmp_path, monkeypatch):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "x.bgn").write_text(HAND_TEXT)
    monkeypatch.chdir(Path("/"))
    assert resolve_source("data/x.bgn", [tmp_path]) == tmp_path / "data" / "x.bgn"
    with pytest.raises(SourceMissing):
        resolve_source("data/missing.bgn", [tmp_path])
    with pytest.raises(SourceMissing):
        resolve_source(str(tmp_path / "nope.bgn"))
    with pytest.raises(LookupError):
        load_game(str(tmp_path / "data" / "x.bgn"), 5)


@pytest.fixture(scope="module")
def revoke_view(hand_file):
    loaded = load_game(str(hand_file), 1)
    return deal_view(loaded, 2)


def test_deal_view_steps(revoke_view):
    v = revoke_view
    assert v.steps == 8 and v.players == 4 and v.partnership
    assert v.contract == "H" and v.caller == 3 and v.dealer == 1
    assert {s: len(c) for s, c in v.hands_at(0).items()} == {1: 8, 2: 8, 3: 8, 4: 8}
    assert {s: len(c) for s, c in v.hands_at(3).items()} == {1: 5, 2: 5, 3: 5, 4: 5}
    assert all(not c for c in v.hands_at(8).values())
    assert v.running_at(0) == [0, 0]
    assert v.running_at(8) == v.card_points and sum(v.card_points) == 162
    t5 = v.trick_at(5)
    assert [c.card for c in t5.cards] == ["9D", "JD", "KD", "7C"]
    assert [c.seat for c in t5.cards] == [3, 4, 1, 2]
    bad = [c for c in t5.cards if c.codes]
    assert [(c.seat, c.card, c.codes, c.legal) for c in bad] == [(2, "7C", ["C401"], False)]
    assert [x.code for x in v.violations_at(5)] == ["C401"]
    assert v.violations_at(4) == [] and v.trick_at(0) is None and v.trick_at(9) is None


def test_deal_view_tables(revoke_view):
    v = revoke_view
    assert auction_rows(v) == [
        {"#": 1, "seat": 2, "player": "Boris", "call": "pass", "round": 1, "legal": True,
         "violation": ""},
        {"#": 2, "seat": 3, "player": "Cveta", "call": "♥", "round": 1, "legal": True,
         "violation": ""}]
    assert declaration_rows(v) == []
    rows = trick_rows(v)
    assert len(rows) == 8 and rows[4]["violations"] == "C401"
    assert rows[4]["card 4"] == "2: 7C ⚠"
    assert rows[-1]["running side A"] + rows[-1]["running side B"] == 162


AUTO_END = """\
[Variant "mk4"]
[Target "50"]

deal 1 dealer 4
hands 1: 7S 8S 7H 8H 7D 8D / 7C 8C
      2: 9S TS 9H TH 9D TD / 9C TC
      3: JS QS JH QH JD QD / JC QC
      4: KS AS KH AH KD AD / KC AC
bids pass H
play 1. 7S 9S JS KS
2. AS 8S TS QS
3. KH 7H TH JH
4. QH AH 8H 9H
5. 9D JD KD 7D
6. AD 8D TD QD
7. KC 7C TC JC
8. 9C QC AC 8C
result B
"""


def test_findings_past_the_last_trick_show_at_the_last_step(tmp_path):
    # mk4 ends the game by itself at trick 4; the cards written after it are S603
    path = tmp_path / "end.bgn"
    path.write_text(AUTO_END, encoding="utf-8")
    v = deal_view(load_game(str(path), 1), 1)
    assert v.steps == 4
    late = [x for x in v.violations if x.trick and x.trick > 4]
    assert late and all(x in v.violations_at(4) for x in late)
    assert not any(x in v.violations_at(3) for x in late)


def test_phase_of_a_violation():
    def v(code, trick=None):
        return Violation(code, 1, 1, 1, trick, 1, "")
    assert phase_of(v("B302")) == "auction"
    assert phase_of(v("A501")) == "declarations"
    assert phase_of(v("A503", 3)) == "play"
    assert phase_of(v("S601")) == "score"
    assert phase_of(v("D201")) == "layout"


def test_table_html(revoke_view):
    v = revoke_view
    start = table_html(v, 0)
    assert "before the first lead" in start and start.count('class="bcard') == 32
    assert "&lt;b&gt;Dragan&lt;/b&gt;" in start and "<b>Dragan" not in start
    five = table_html(v, 5)
    # tricks 1-4 gone, trick 5's four cards on the table, 3 x 4 still in hand
    assert five.count('class="bcard') == 4 + 12
    assert 'title="7C">7♣' in five and "bcard black bad" in five and "C401" in five
    assert "won by 1 Ana" in five and "trick 5 of 8" in five
    assert positions(4) == {1: "bottom", 2: "right", 3: "top", 4: "left"}
    assert set(positions(3).values()) == {"bottom", "right", "left"}
    assert positions(2) == {1: "bottom", 2: "top"}


# ------------------------------------------------------------------ import


def test_check_upload_good_files():
    good = importer.check_upload("club.bgn", HAND_TEXT.encode(), 1 << 20)
    assert good.accepted and good.reason is None
    assert (good.games, good.deals, good.unreadable) == (1, 2, 0)
    assert [f["code"] for f in good.findings] == ["C401", "C401"]
    assert good.findings[0]["report"] == (
        "club.bgn:36:13: C401 seat 2 did not follow diamonds while holding 7D 8D "
        "(game 1, deal 2, trick 5)")
    gz = importer.check_upload("club.bgn.gz", gzip.compress(HAND_TEXT.encode()), 1 << 20)
    assert gz.accepted and [f["message"] for f in gz.findings] == [
        f["message"] for f in good.findings]
    mixed = importer.check_upload("m.bgn", (HAND_TEXT + "\n" + BROKEN_TEXT).encode(), 1 << 20)
    assert mixed.accepted and mixed.games == 2 and mixed.unreadable == 1
    assert "1 record(s) that cannot be read" in mixed.summary()


@pytest.mark.parametrize("name,data,reason", [
    ("notes.txt", HAND_TEXT.encode(), "only .bgn and .bgn.gz"),
    ("big.bgn", b" " * 2048, "over the limit"),
    ("bad.bgn.gz", b"not gzip at all", "not gzip data"),
    ("cut.bgn.gz", gzip.compress(HAND_TEXT.encode())[:40], "truncated"),
    ("latin.bgn", "[Event \"Žaba\"]".encode("cp1250"), "not UTF-8"),
    ("empty.bgn", b"{just a comment}\n", "no game found"),
    ("broken.bgn", BROKEN_TEXT.encode(), "none of its 1 record(s) can be read"),
])
def test_check_upload_rejections(name, data, reason):
    check = importer.check_upload(name, data, 1024)
    assert not check.accepted and reason in check.reason
    assert check.summary().startswith(f"{name}: rejected")


def test_gzip_bomb_is_rejected():
    data = gzip.compress(b" " * (2 << 20))
    check = importer.check_upload("bomb.bgn.gz", data, 64 << 10)
    assert not check.accepted and "expands" in check.reason


def test_add_to_dataset_stores_and_ingests(tmp_path):
    ds = tmp_path / "ds"
    s = importer.add_to_dataset(ds, [("../../evil name.bgn", HAND_TEXT.encode())])
    assert (s.games, s.deals, s.violations) == (1, 2, 2)
    stored = list((ds / importer.UPLOADS).iterdir())
    assert len(stored) == 1 and stored[0].name.endswith("-evil_name.bgn")
    again = importer.add_to_dataset(ds, [("other.bgn", HAND_TEXT.encode())])
    assert again.games == 0 and again.skipped == 1
    assert len(list((ds / importer.UPLOADS).iterdir())) == 1  # same bytes, one file


def test_limit_from_environment(monkeypatch):
    monkeypatch.setenv("BELOT_UPLOAD_MB", "7")
    assert importer.limit_mb() == 7
    monkeypatch.setenv("BELOT_UPLOAD_MB", "lots")
    assert importer.limit_mb() == importer.DEFAULT_LIMIT_MB


# ------------------------------------------------------------------ charts


def _marks(chart) -> list[str]:
    spec = chart.to_dict()
    return [layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]
            for layer in spec.get("layer", [spec])]


def test_rate_bars_have_error_bars():
    frame = pl.DataFrame({"contract": ["H", "S", None], "contracts": [40, 10, 3],
                          "made": [30, 5, 1], "hanging": [0, 0, 0], "rate": [0.75, 0.5, 0.33],
                          "ci_low": [0.6, 0.24, 0.06], "ci_high": [0.86, 0.76, 0.79],
                          "small_n": [False, True, True]})
    chart = charts.rate_bars(frame, "contract")
    assert _marks(chart) == ["bar", "errorbar"]
    spec = chart.to_dict()
    err = spec["layer"][1]["encoding"]
    assert err["y"]["field"] == "ci_low" and err["y2"]["field"] == "ci_high"
    values = next(iter(spec["datasets"].values()))
    assert [r["contract"] for r in values] == ["H", "S", charts.NULL_LABEL]


def test_heatmap_bars_and_lines():
    frame = pl.DataFrame({"contract": ["H", "H", "S"], "bidder_position": [1, 2, 1],
                          "rate": [0.5, 0.6, 0.7], "contracts": [10, 20, 30]})
    assert _marks(charts.heatmap(frame, "bidder_position", "contract", "rate")) == ["rect",
                                                                                   "text"]
    assert _marks(charts.bars(frame, "contract", "contracts", color="bidder_position")) == [
        "bar"]
    t = pl.DataFrame({"period": ["2026-01-01", "2026-02-01"], "rate": [0.5, 0.6],
                      "lo": [0.4, 0.5], "hi": [0.6, 0.7]}).with_columns(
        pl.col("period").str.to_date())
    assert _marks(charts.trend_lines(t, "period", "rate", low="lo", high="hi")) == ["area",
                                                                                   "line"]
    labelled = charts.label_column(frame, ["contract", "bidder_position"])
    assert labelled["group"].to_list() == ["H · 1", "H · 2", "S · 1"]


# ------------------------------------------------------------------ the command


def test_dashboard_command(monkeypatch, tmp_path):
    from belot.cli import main
    from belot.commands import dashboard as cmd

    assert main(["dashboard", str(tmp_path / "nothing")]) == 2
    ds, _ = _tiny_dataset(tmp_path)
    calls = []
    monkeypatch.setattr(os, "execve", lambda exe, argv, env: calls.append((exe, argv, env)))
    assert main(["dashboard", str(ds), "--port", "8642", "--max-upload-mb", "5"]) == 0
    exe, argv, env = calls[0]
    assert argv[1:4] == ["-m", "streamlit", "run"] and argv[4] == str(cmd.APP)
    assert argv[argv.index("--server.port") + 1] == "8642"
    assert argv[argv.index("--server.headless") + 1] == "true"
    assert argv[argv.index("--server.maxUploadSize") + 1] == "5"
    assert argv[-2:] == ["--dataset", str(ds.resolve())]
    assert env["BELOT_DATASET"] == str(ds.resolve()) and env["BELOT_UPLOAD_MB"] == "5"
    assert main(["dashboard", str(ds), "--port", "0"]) == 2


def test_dashboard_command_builds_the_demo_dataset_in_the_user_data_folder(monkeypatch,
                                                                         tmp_path):
    """Without DATASET: the bundled records are ingested under $XDG_DATA_HOME, once."""
    import duckdb

    from belot.bundled import bundled_files, package_root
    from belot.cli import main
    from ingest.dataset import Dataset, connect

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    served = []
    monkeypatch.setattr(os, "execve", lambda exe, argv, env: served.append(argv))
    assert main(["dashboard", "--port", "8643"]) == 0
    demo = tmp_path / "xdg" / "belot-replay" / "demo-dataset"
    assert served[0][-2:] == ["--dataset", str(demo)]
    files = bundled_files()
    assert "data/samples/yu4-rules.bgn" in files and "data/sim/yu4.bgn.gz" in files
    con = connect(demo, duckdb.connect())
    got = con.execute("SELECT source_file, count(*) FROM games GROUP BY ALL ORDER BY 1"
                      ).fetchall()
    from ingest.bgn.reader import read_games

    assert got == [(f, sum(1 for _ in read_games(package_root() / f))) for f in files]
    seq = Dataset(demo).read_state().seq
    assert main(["dashboard"]) == 0  # up to date now: nothing read, nothing committed
    assert Dataset(demo).read_state().seq == seq and len(served) == 2


def test_bundled_files_are_the_records_under_data(tmp_path):
    from belot.bundled import bundled_files

    for rel in ("data/samples/a.bgn", "data/sim/b.bgn.gz", "data/notes.md", "data/x.jsonl",
                "other/c.bgn"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    # record files of either kind (ingest.bgn.files), a folder's own files first
    assert bundled_files(tmp_path) == ["data/x.jsonl", "data/samples/a.bgn",
                                       "data/sim/b.bgn.gz"]


def _tiny_dataset(tmp_path: Path, ds: Path | None = None):
    from ingest.pipeline import ingest_paths

    src = tmp_path / "tiny.bgn"
    src.write_text(HAND_TEXT, encoding="utf-8")
    ds = ds or tmp_path / "tiny-ds"
    ingest_paths([str(src)], ds, workers=0, progress=False)
    return ds, src
