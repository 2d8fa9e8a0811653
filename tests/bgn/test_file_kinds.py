"""One answer to "which reader does this file need", in every command, and a
mistyped path is an error, never a parse error of the path's spelling."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from belot.cli import main
from ingest.bgn.files import FileKind, file_kind, read_records, record_files
from ingest.bgn.jsonform import dumps_game
from ingest.bgn.reader import parse_games, read_games
from ingest.bgn.writer import game_id
from ingest.chunks import iter_chunks

ROOT = Path(__file__).resolve().parents[2]
MK4 = ROOT / "data" / "samples" / "mk4-rules.bgn"


@pytest.mark.parametrize("name, kind", [
    ("a.bgn", FileKind.BGN), ("a.BGN.gz", FileKind.BGN), ("a.jsonl", FileKind.JSONL),
    ("a.jsonl.gz", FileKind.JSONL), ("a.ndjson", FileKind.JSONL), ("a.json.gz", FileKind.JSONL),
])
def test_kind_by_suffix(name, kind):
    assert file_kind(name) is kind  # the file need not exist: the name decides


@pytest.fixture
def same_games(tmp_path: Path) -> dict[str, Path]:
    """The two mk4 sample games as BGN and as JSON Lines under several names."""
    games = list(read_games(MK4))
    jsonl = "".join(dumps_game(g) + "\n" for g in games)
    out = {"x.bgn": MK4.read_text(encoding="utf-8"), "x.ndjson": jsonl, "x.jsonl": jsonl,
           "x.log": jsonl, "y.log": MK4.read_text(encoding="utf-8")}
    paths = {}
    for name, text in out.items():
        paths[name] = tmp_path / name
        paths[name].write_text(text, encoding="utf-8")
    paths["x.dat"] = tmp_path / "x.dat"  # gzip JSON Lines with no telling suffix
    paths["x.dat"].write_bytes(gzip.compress(jsonl.encode()))
    return paths


def test_content_decides_when_the_suffix_does_not(same_games):
    assert file_kind(same_games["x.log"]) is FileKind.JSONL
    assert file_kind(same_games["x.dat"]) is FileKind.JSONL
    assert file_kind(same_games["y.log"]) is FileKind.BGN


def test_every_reader_reads_the_same_games(same_games):
    want = [game_id(g) for g in read_games(MK4)]
    for name, path in same_games.items():
        assert [game_id(g) for g in read_records(path)] == want, name
        chunks = list(iter_chunks(path))
        assert {c.kind for c in chunks} == {str(file_kind(path))}, name


def test_validate_reads_ndjson_as_json_and_reports_the_same(same_games, capsys):
    reports = {}
    for name in ("x.bgn", "x.ndjson", "x.log"):
        assert main(["validate", "--json", str(same_games[name])]) == 1
        out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
        reports[name] = [(r["game_id"], [v["code"] for v in r["violations"]]) for r in out]
    assert reports["x.bgn"] == reports["x.ndjson"] == reports["x.log"]
    assert reports["x.bgn"][0] == (reports["x.bgn"][0][0], [])  # game 1 is clean
    assert reports["x.bgn"][1][1] == ["C401"]


def test_fmt_and_convert_agree_on_ndjson(same_games, capsys):
    assert main(["fmt", str(same_games["x.bgn"])]) == 0
    canonical = capsys.readouterr().out
    assert main(["fmt", str(same_games["x.ndjson"])]) == 0
    assert capsys.readouterr().out == canonical
    assert main(["convert", "--to", "bgn", str(same_games["x.ndjson"])]) == 0
    assert capsys.readouterr().out == canonical


def test_fmt_in_place_refuses_json_lines(same_games, capsys):
    before = same_games["x.ndjson"].read_bytes()
    assert main(["fmt", "--in-place", str(same_games["x.ndjson"])]) == 2
    assert "holds JSON Lines" in capsys.readouterr().err
    assert same_games["x.ndjson"].read_bytes() == before


def test_a_mistyped_path_is_an_error_not_a_p101(tmp_path: Path, capsys):
    missing = tmp_path / "clbu.bgn"
    with pytest.raises(FileNotFoundError):
        read_games(str(missing))
    with pytest.raises(FileNotFoundError):
        read_records(missing)
    with pytest.raises(FileNotFoundError):
        list(record_files([str(missing)]))
    for command in (["validate"], ["fmt"], ["convert", "--to", "json"]):
        assert main([*command, str(missing)]) == 2
        assert "no such file" in capsys.readouterr().err


def test_text_goes_through_parse_games():
    (game,) = parse_games('[Variant "yu4"]\n\ndeal 1 dealer 4\nbids pass H\nresult *\n')
    assert game.errors == [] and game.deals[0].number == 1
