"""Every command says what it checked: no record found, files skipped (by name, with
the reason) and files that could not be read are each a message, and "clean" is said
only when at least one game was read and checked (exit codes of ``belot.exits``).

The records are the mk4 sample's games (``data/samples/mk4-rules.bgn``): its first
game is clean, the others each break one rule.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from analytics import METRICS
from analytics.facts import ANALYSIS_FACTS
from belot.cli import main

ROOT = Path(__file__).resolve().parents[2]
MK4 = ROOT / "data" / "samples" / "mk4-rules.bgn"
SAMPLE = MK4.read_text(encoding="utf-8")
CLEAN = SAMPLE[:SAMPLE.index("\n\n[") + 1]  # the sample's first game: no finding
#: a game whose movetext does not begin with a deal: P101 on its line 3
UNPARSED = '[Variant "mk4"]\n\n1. garbage\n'
UNPARSED_P101 = "P101 expected 'deal' to begin the movetext, found '1.'"
NAMES = "a record file's name ends in .bgn, .jsonl, .ndjson or .json, each optionally .gz"
NOT_GZIP = "cannot read: Not a gzipped file (b'no')"


def belot(capsys, *argv: str) -> tuple[int, list[str], list[str]]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


# ---------------------------------------------------------------- belot validate


def test_an_empty_folder_is_nothing_checked_not_clean(capsys, tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    assert belot(capsys, "validate", str(folder)) == (2, [], [
        f"belot validate: nothing checked: no record file in {folder} ({NAMES})",
        "0 file(s), 0 game(s), 0 deal(s): nothing checked"])


def test_a_folder_of_text_files_names_each_file_skipped(capsys, tmp_path):
    for name in ("b.txt", "a.txt"):
        (tmp_path / name).write_text(CLEAN, encoding="utf-8")
    assert belot(capsys, "validate", str(tmp_path)) == (2, [], [
        f"belot validate: {tmp_path / 'a.txt'}: skipped, not a record file ({NAMES})",
        f"belot validate: {tmp_path / 'b.txt'}: skipped, not a record file ({NAMES})",
        f"belot validate: nothing checked: no record file in {tmp_path} ({NAMES})",
        "0 file(s), 0 game(s), 0 deal(s): nothing checked"])


def test_an_empty_file_is_nothing_checked(capsys, tmp_path):
    empty = tmp_path / "club.bgn"
    empty.write_text("\n", encoding="utf-8")
    assert belot(capsys, "validate", "--summary", str(empty)) == (2, [
        "1 file(s), 0 game(s), 0 deal(s): nothing checked"], [
        f"belot validate: nothing checked: no game in {empty}"])


def test_a_mixed_folder_names_what_it_skipped_and_checks_the_records(capsys, tmp_path):
    """A file not named as records, and a dataset folder as a whole (its commit log
    ends in .json, which a folder search would otherwise take for JSON Lines)."""
    (tmp_path / "club.bgn").write_text(CLEAN, encoding="utf-8")
    (tmp_path / "notes.md").write_text("# notes\n", encoding="utf-8")
    assert main(["ingest", "--quiet", str(tmp_path / "club.bgn"),
                 "--into", str(tmp_path / "ds")]) == 0
    capsys.readouterr()
    assert belot(capsys, "validate", str(tmp_path)) == (0, [], [
        f"belot validate: {tmp_path / 'notes.md'}: skipped, not a record file ({NAMES})",
        f"belot validate: {tmp_path / 'ds'}: skipped, a dataset folder, not records (belot "
        "stats and belot dashboard read it)",
        "1 file(s), 1 game(s), 1 deal(s): clean"])


def cut_short() -> bytes:
    whole = gzip.compress(("\n".join([CLEAN] * 40)).encode(), mtime=0)
    return whole[:len(whole) // 2]


@pytest.mark.parametrize("data, why", [
    (b"not gzip at all", NOT_GZIP),
    (cut_short(), "cannot read: Compressed file ended before the end-of-stream marker was "
                  "reached")], ids=["not-gzip", "cut-short"])
def test_a_file_that_cannot_be_read_is_never_followed_by_clean(capsys, tmp_path, data, why):
    (tmp_path / "a.bgn.gz").write_bytes(data)
    assert belot(capsys, "validate", str(tmp_path / "a.bgn.gz")) == (2, [], [
        f"belot validate: {tmp_path / 'a.bgn.gz'}: {why}",
        "1 file(s) (1 could not be read to its end), 0 game(s), 0 deal(s): nothing checked"])
    (tmp_path / "b.bgn").write_text(CLEAN, encoding="utf-8")
    for jobs in ("1", "2"):
        assert belot(capsys, "validate", "-j", jobs, str(tmp_path)) == (2, [], [
            f"belot validate: {tmp_path / 'a.bgn.gz'}: {why}",
            "2 file(s) (1 could not be read to its end), 1 game(s), 1 deal(s): no finding in "
            "the games read"])


# ---------------------------------------------------------------- belot analyze


def test_analyze_shows_where_a_record_does_not_parse_and_exits_1(capsys, tmp_path):
    bad = tmp_path / "bad.bgn"
    bad.write_text(UNPARSED, encoding="utf-8")
    status, out, err = belot(capsys, "analyze", "--quiet", str(bad))
    assert (status, out) == (1, [
        "no deal could be analysed: 1 game(s) did not parse (the P1xx lines on stderr say "
        "where)"])
    assert err[0] == f"{bad}:3:1: {UNPARSED_P101} (game 1)"
    assert err[1].startswith("1 game(s), 0 deal(s) analysed in ")
    assert err[1].endswith("; 1 game(s) did not parse")
    assert len(err) == 2


def test_analyze_places_a_parse_error_in_a_later_chunk_as_validate_does(capsys, tmp_path):
    """Small units of work: the broken game is read from a chunk that starts far into
    the file, and its line is the file's, as ``belot validate`` gives it."""
    records = tmp_path / "club.bgn"
    records.write_text("\n".join([CLEAN] * 6 + [UNPARSED] + [CLEAN]), encoding="utf-8")
    p101 = f"{records}:{6 * CLEAN.count(chr(10)) + 6 + 3}:1: {UNPARSED_P101} (game 7)"
    assert belot(capsys, "validate", "-j", "1", str(records))[1] == [p101]
    status, out, err = belot(capsys, "analyze", "--quiet", "--summary", "--chunk-kb", "1",
                             str(records))
    assert status == 1
    assert err[0] == p101
    assert err[1].startswith("8 game(s), 7 deal(s) analysed in ")
    assert out[0].split() == ["player", "cards", "avg", "loss", "lost", ">=", "10"]


def test_analyze_with_no_record_says_so(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text(CLEAN, encoding="utf-8")
    assert belot(capsys, "analyze", "--quiet", str(tmp_path)) == (2, [], [
        f"belot analyze: {tmp_path / 'notes.txt'}: skipped, not a record file ({NAMES})",
        f"belot analyze: nothing analysed: no record file in {tmp_path} ({NAMES})"])


def test_analyze_names_a_file_it_cannot_read_and_exits_2(capsys, tmp_path):
    (tmp_path / "a.bgn.gz").write_text("not gzip at all", encoding="utf-8")
    status, out, err = belot(capsys, "analyze", "--quiet", str(tmp_path))
    assert (status, out) == (2, [])
    assert err[0] == (f"belot analyze: {tmp_path / 'a.bgn.gz'}: cannot read to its end (Not "
                      "a gzipped file (b'no'))")
    assert err[1].startswith("0 game(s), 0 deal(s) analysed in ")


# ---------------------------------------------------------------- belot ingest


def test_ingest_with_no_record_says_so_and_makes_no_dataset(capsys, tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "scores.csv").write_text("a,b\n", encoding="utf-8")
    assert belot(capsys, "ingest", str(tmp_path / "in"), "--into", str(tmp_path / "ds")) == (
        2, [], [
            f"belot ingest: {tmp_path / 'in' / 'scores.csv'}: skipped, not a record file "
            f"({NAMES})",
            f"belot ingest: nothing ingested: no record file in {tmp_path / 'in'} ({NAMES})"])
    assert not (tmp_path / "ds").exists()


def test_ingest_of_a_file_with_no_game_says_so(capsys, tmp_path):
    empty = tmp_path / "club.bgn"
    empty.write_text("{an export that stopped before its first game}\n", encoding="utf-8")
    status, out, err = belot(capsys, "ingest", "--quiet", str(empty), "--into",
                             str(tmp_path / "ds"))
    assert (status, out) == (2, [])
    assert err[0].startswith(f"{tmp_path / 'ds'}: batch ")
    assert err[0].split(": ", 2)[2].startswith("0 game(s), 0 deal(s), 0 violation(s), 0 "
                                               "reject(s), 0 already present; 1 file(s); ")
    assert err[1:] == [f"belot ingest: nothing ingested: no game in {empty}"]


# ---------------------------------------------------------------- belot stats


def test_stats_on_a_folder_that_is_not_a_dataset_says_so(capsys, tmp_path):
    (tmp_path / "club.bgn").write_text(CLEAN, encoding="utf-8")
    assert belot(capsys, "stats", str(tmp_path)) == (2, [], [
        f"belot stats: {tmp_path}: not a dataset (a dataset folder holds _belot/, its commit "
        "log, and a folder of Parquet files per table: games/, deals/, ...); make one with: "
        f"belot ingest PATH... --into {tmp_path}"])


@pytest.fixture(scope="module")
def not_analysed(tmp_path_factory) -> Path:
    """A dataset of the mk4 sample, never analysed double-dummy."""
    root = tmp_path_factory.mktemp("stats")
    assert main(["ingest", "--quiet", str(MK4), "--into", str(root / "ds")]) == 0
    return root / "ds"


def test_the_metrics_of_the_analysis_are_accuracy_dd_contracts_and_bid_quality():
    assert [name for name, m in METRICS.items()
            if any(t in ANALYSIS_FACTS for t in m.needs_for(m.by))] == [
        "accuracy", "dd_contracts", "bid_quality"]


@pytest.mark.parametrize("metric, table", [
    ("accuracy", "card_analysis"), ("dd_contracts", "deal_analysis"),
    ("bid_quality", "deal_analysis")])
def test_a_metric_of_the_analysis_on_a_dataset_never_analysed_says_what_to_run(
        capsys, not_analysed, metric, table):
    assert belot(capsys, "stats", str(not_analysed), "--metric", metric) == (2, [], [
        f"belot stats: {not_analysed}: no double-dummy analysis (no {table} rows), which "
        f"--metric {metric} reads; run 'belot analyze --into {not_analysed}' to add it"])


def test_a_metric_of_the_records_on_the_same_dataset_answers(capsys, not_analysed):
    status, out, err = belot(capsys, "stats", str(not_analysed), "--metric", "violations",
                             "--by", "code")
    assert (status, err) == (0, [])
    assert [line.split() for line in out[2:]] == [
        ["A505", "6", "1", "166.6667"], ["B302", "6", "1", "166.6667"],
        ["C401", "6", "1", "166.6667"], ["D203", "6", "1", "166.6667"],
        ["S603", "6", "1", "166.6667"]]
