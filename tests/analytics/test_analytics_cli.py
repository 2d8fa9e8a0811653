"""``belot stats`` end to end on the hand-made dataset of test_analytics_hand: formats,
the exact JSON field order, --where, --by checks, --list, --help, errors."""

from __future__ import annotations

import csv
import io
import json

import pytest
from support.club_files import FILE_A, FILE_B

from analytics import METRICS
from belot.cli import main
from ingest.pipeline import ingest_paths


@pytest.fixture(scope="module")
def ds(tmp_path_factory):
    root = tmp_path_factory.mktemp("cli")
    (root / "a.bgn").write_text(FILE_A, encoding="utf-8")
    (root / "b.bgn").write_text(FILE_B, encoding="utf-8")
    ingest_paths([str(root / "a.bgn"), str(root / "b.bgn")], root / "ds", workers=0,
                 progress=False)
    return str(root / "ds")


def run(argv: list[str], capfd) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capfd.readouterr()
    return code, out, err


def test_bid_success_json_field_order(ds, capfd):
    code, out, err = run(["stats", ds, "--metric", "bid_success", "--by", "variant",
                          "--format", "json"], capfd)
    assert code == 0, err
    rows = json.loads(out, object_pairs_hook=list)  # keep the order of the keys
    assert [k for k, _ in rows[0]] == ["variant", "contracts", "made", "hanging", "rate",
                                       "ci_low", "ci_high", "small_n"]
    data = [dict(r) for r in rows]
    assert [(r["variant"], r["contracts"], r["made"], r["hanging"], r["rate"], r["small_n"])
            for r in data] == [("mk4", 1, 1, 0, 1.0, True), ("yu4", 4, 3, 0, 0.75, True)]
    assert round(data[1]["ci_low"], 4) == 0.3006 and round(data[1]["ci_high"], 4) == 0.9544


def test_declaration_frequency_json_field_order(ds, capfd):
    code, out, _ = run(["stats", ds, "--metric", "declaration_frequency", "--by", "variant",
                        "--format", "json"], capfd)
    assert code == 0
    rows = json.loads(out, object_pairs_hook=list)
    assert [k for k, _ in rows[0]] == ["variant", "deals", "declarations", "per_deal"]
    assert [dict(r) for r in rows] == [
        {"variant": "mk4", "deals": 1, "declarations": 0, "per_deal": 0.0},
        {"variant": "yu4", "deals": 4, "declarations": 3, "per_deal": 0.75}]


def test_null_rate_is_json_null(ds, capfd):
    code, out, _ = run(["stats", ds, "--metric", "bid_success", "--by", "--where",
                        "player=Nobody", "--format", "json"], capfd)
    assert code == 0
    assert json.loads(out) == [{"contracts": 0, "made": 0, "hanging": 0, "rate": None,
                                "ci_low": None, "ci_high": None, "small_n": True}]


def test_table_and_csv(ds, capfd):
    code, out, _ = run(["stats", ds, "--metric", "bid_success", "--by", "variant"], capfd)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["variant", "contracts", "made", "hanging", "rate", "ci_low",
                                "ci_high", "small_n"]
    assert set(lines[1]) <= {"-", " "}
    assert lines[3].split() == ["yu4", "4", "3", "0", "0.7500", "0.3006", "0.9544", "true"]
    code, out, _ = run(["stats", ds, "--metric", "violations", "--by", "code",
                        "--format", "csv"], capfd)
    assert code == 0
    assert list(csv.reader(io.StringIO(out))) == [
        ["code", "deals", "violations", "per_1000"], ["A501", "8", "1", "125.0"],
        ["S601", "8", "1", "125.0"]]


def test_where_and_default_by(ds, capfd):
    code, out, _ = run(["stats", ds, "--metric", "bid_success", "--where", "variant=yu4",
                        "--where", "date_from=2026-01-15", "--format", "json"], capfd)
    assert code == 0
    # default --by variant; G2 and G3: Ana fell, Cveta and Filip made
    assert [(r["variant"], r["contracts"], r["made"]) for r in json.loads(out)] == [
        ("yu4", 3, 2)]
    code, out, _ = run(["stats", ds, "--metric", "players", "--where", "player=Elena",
                        "--where", "player=Goran", "--format", "json"], capfd)
    assert code == 0
    assert [r["player"] for r in json.loads(out)] == ["Ana", "Boris", "Elena", "Filip",
                                                      "Goran", "Hana"]
    code, out, _ = run(["stats", ds, "--metric", "bid_success", "--by", "player",
                        "--where", "event=Club A", "--min-n", "2", "--hide-small",
                        "--format", "json"], capfd)
    assert code == 0
    assert json.loads(out) == []  # every bidder in Club A has one contract


def test_overview(ds, capfd):
    code, out, _ = run(["stats", ds, "--format", "json"], capfd)
    assert code == 0
    ov = json.loads(out)
    assert (ov["games"], ov["deals"], ov["contracts"], ov["made"], ov["violations"]) == \
        (4, 8, 5, 4, 2)
    code, out, _ = run(["stats", ds], capfd)
    assert code == 0 and out.splitlines()[0].split() == ["games", "4"]


def test_list_and_help(capfd):
    code, out, _ = run(["stats", "--list"], capfd)
    assert code == 0
    for name, m in METRICS.items():
        assert f"\n{name}\n" in "\n" + out
        assert "--by: " + " ".join(m.by) in out
    with pytest.raises(SystemExit) as exc:
        main(["stats", "--help"])
    assert exc.value.code == 0
    out, _ = capfd.readouterr()
    assert "examples:" in out and "--where" in out and "--metric bid_success" in out


@pytest.mark.parametrize("argv, message", [
    (["--metric", "bid_success", "--by", "variant;drop"], "cannot be split by"),
    (["--metric", "nope"], "unknown metric"),
    (["--where", "colour=red"], "KEY one of"),
    (["--where", "variant"], "KEY=VALUE"),
    (["--where", "date_from=yesterday"], "YYYY-MM-DD"),
    (["--by", "variant"], "need --metric"),
])
def test_usage_errors(ds, capfd, argv, message):
    code, out, err = run(["stats", ds, *argv], capfd)
    assert code == 2 and out == "" and message in err


def test_cache_file(ds, tmp_path, capfd):
    cache = str(tmp_path / "c.duckdb")
    first = run(["stats", ds, "--cache", cache, "--metric", "tricks", "--format", "json"],
                capfd)
    again = run(["stats", ds, "--cache", cache, "--metric", "tricks", "--format", "json"],
                capfd)
    plain = run(["stats", ds, "--metric", "tricks", "--format", "json"], capfd)
    assert first == again == plain and first[0] == 0


def test_missing_dataset(tmp_path, capfd):
    code, _, err = run(["stats", str(tmp_path / "none")], capfd)
    assert code == 2 and "no such dataset" in err


def test_to_duckdb(ds, tmp_path, capfd):
    import duckdb

    path = tmp_path / "b.duckdb"
    code, _, err = run(["stats", ds, "--to-duckdb", str(path)], capfd)
    assert code == 0 and "duckdb" in err
    con = duckdb.connect(str(path), read_only=True)
    try:
        assert con.execute("SELECT sum(violations) FROM metric_violations").fetchone()[0] == 2
    finally:
        con.close()


def test_metrics_doc_is_generated():
    from pathlib import Path

    from analytics.metrics import render_markdown

    doc = Path(__file__).resolve().parents[2] / "docs" / "metrics.md"
    assert doc.read_text(encoding="utf-8") == render_markdown(), \
        "run: python -m analytics > docs/metrics.md"
