"""Every JSON text the project writes is one line for every reader of JSON Lines
(docs/bgn/json.md, "One line for every reader"): no character that
``str.splitlines`` ends a line at stands raw in it, through the real commands
and the dataset.

``json.dumps`` escapes the control characters; U+0085 (NEL), U+2028 and U+2029
are written as ``\\u0085``, ``\\u2028`` and ``\\u2029`` by ``replay.model.jsontext``.
A record's tag, a player's name, a file name and a message that quotes the input
carry them here, as they can in any record.
"""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from belot.cli import main
from ingest.bgn import read_games, read_jsonl
from ingest.bgn.jsonform import dumps_game
from ingest.validation import validate_game
from replay.model.jsontext import dumps

ROOT = Path(__file__).resolve().parents[2]
#: every character ``str.splitlines`` ends a line at (its documentation's table)
LINE_ENDS = "\n\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029"


def one_line_each(out: str) -> list[str]:
    """The LF-ended lines of ``out``, checked to be the lines ``splitlines`` finds."""
    assert out.endswith("\n")
    lines = out[:-1].split("\n")
    assert out.splitlines() == lines
    return lines


def test_the_line_ends_are_those_splitlines_knows():
    assert [c for c in map(chr, range(0x110000)) if len(f"a{c}b".splitlines()) == 2] == list(
        LINE_ENDS)


@pytest.mark.parametrize("char", list(LINE_ENDS), ids=[f"U+{ord(c):04X}" for c in LINE_ENDS])
def test_dumps_escapes_every_line_end_and_keeps_the_value(char):
    text = dumps({"s": f"a{char}b"})
    assert text.splitlines() == [text]
    assert json.loads(text) == {"s": f"a{char}b"}


def test_dumps_writes_the_three_unicode_breaks_as_json_escapes_and_the_rest_as_is():
    assert dumps({"s": "Mar\u2028ko \x85 \u2029 \u00e9\u2665"}) == (
        '{"s": "Mar\\u2028ko \\u0085 \\u2029 \u00e9\u2665"}')
    assert dumps(["plain"], separators=(",", ":")) == '["plain"]'


RECORD = ('[Variant "yu4"]\n[Event "Club\u2028night"]\n[Seat1 "Mar\u2029ko"]\n\n'
          "deal 1 dealer 4\nresult *\n")


def test_convert_to_json_escapes_the_breaks_and_reads_back(tmp_path, capfd):
    src = tmp_path / "club.bgn"
    src.write_text(RECORD, encoding="utf-8")
    assert main(["convert", "--to", "json", str(src)]) == 0
    out, err = capfd.readouterr()
    assert err == ""
    assert one_line_each(out) == [
        '{"tags":{"Variant":"yu4","Event":"Club\\u2028night","Seat1":"Mar\\u2029ko"},'
        '"deals":[{"deal":1,"dealer":4}],"result":"*"}']
    (back,) = read_jsonl(out.encode("utf-8"))
    assert back.tags == {"Variant": "yu4", "Event": "Club\u2028night", "Seat1": "Mar\u2029ko"}


def test_validate_json_escapes_a_nel_the_message_quotes_from_the_input(tmp_path, capfd,
                                                                      monkeypatch):
    """The P101 message quotes the malformed tag line as read, NEL and all."""
    (tmp_path / "club.bgn").write_text(
        '[Variant "yu4"]\n[Event "Club" \x85night]\n\ndeal 1 dealer 4\nresult *\n',
        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "-j", "1", "--json", "club.bgn"]) == 1
    out, _ = capfd.readouterr()
    assert one_line_each(out) == [
        '{"file": "club.bgn", "game": 1, "game_id": null, "variant": "yu4", "deals": [], '
        '"result": "*", "violations": [{"code": "P101", "line": 2, "col": 1, "deal": null, '
        '"trick": null, "seat": null, "message": "malformed tag: expected [Name \\"value\\"], '
        "found '[Event \\\"Club\\\" \\u0085night]'\"}], \"warnings\": []}"]
    message = json.loads(out)["violations"][0]["message"]
    assert message == "malformed tag: expected [Name \"value\"], found '[Event \"Club\" \x85night]'"


@pytest.mark.parametrize("char", list(LINE_ENDS), ids=[f"U+{ord(c):04X}" for c in LINE_ENDS])
def test_the_report_line_and_the_json_form_of_a_game_with_a_break_in_a_tag(char):
    """Any line end in a tag value (the reader keeps all but LF in a value) stays out of
    the JSON form's line and the report's line."""
    if char == "\n":
        return  # a tag value never holds LF: the line ends there
    text = RECORD.replace("Club\u2028night", f"Club{char}night")
    (game,) = read_games(text.encode("utf-8"))
    assert game.errors == [] and game.tags["Event"] == f"Club{char}night"
    line = dumps_game(game)
    assert line.splitlines() == [line]
    report = validate_game(game, f"a{char}b.bgn").json_line()
    assert report.splitlines() == [report]
    assert json.loads(report)["file"] == f"a{char}b.bgn"


def test_analyze_json_escapes_a_break_in_the_file_name(tmp_path, capfd, monkeypatch):
    src = tmp_path / "club\u2029night.bgn"
    src.write_bytes((ROOT / "data" / "samples" / "mk4-rules.bgn").read_bytes())
    monkeypatch.chdir(tmp_path)
    assert main(["analyze", "--json", "--workers", "1", src.name]) == 0
    out, _ = capfd.readouterr()
    lines = one_line_each(out)
    assert len(lines) == 3  # one object per analysed deal (games 1, 4 and 6 of the file)
    assert all(line.startswith('{"file": "club\\u2029night.bgn", "game": ') for line in lines)
    assert {json.loads(line)["file"] for line in lines} == {src.name}


def test_the_dataset_keeps_jsonl_records_escaped_and_stats_json_is_one_line(tmp_path, capfd):
    """A JSON Lines file whose strings hold U+2028 raw (valid JSON): the records table
    keeps each line escaped, reading it gives the same game, and ``belot stats
    --format json`` writes the player's name escaped."""
    games = list(read_games(str(ROOT / "data" / "samples" / "mk4-rules.bgn")))
    for g in games:
        g.tags.update({f"Seat{n}": f"Seat\u2028{n}" for n in range(1, 5)})
    raw = "".join(dumps_game(g).replace("\\u2028", "\u2028") + "\n" for g in games)
    assert raw.count("\u2028") == 4 * len(games)
    src = tmp_path / "club.jsonl"
    src.write_text(raw, encoding="utf-8")
    ds = tmp_path / "ds"
    assert main(["ingest", "--quiet", "--workers", "1", "--into", str(ds), str(src)]) == 0
    texts = pq.read_table(ds / "records", columns=["form", "text"]).to_pylist()
    assert len(texts) == len(games)
    assert {r["form"] for r in texts} == {"jsonl"}
    assert sorted(r["text"] for r in texts) == sorted(
        dumps_game(g) + "\n" for g in games)
    for r in texts:
        (back,) = read_jsonl(r["text"].encode("utf-8"))
        assert back.errors == [] and back.tags["Seat1"] == "Seat\u20281"
    capfd.readouterr()
    assert main(["stats", str(ds), "--metric", "bid_success", "--by", "player",
                 "--format", "json"]) == 0
    out, _ = capfd.readouterr()
    (line,) = one_line_each(out)
    assert "\\u2028" in line and "\u2028" not in line
    assert [row["player"] for row in json.loads(line)] == ["Seat\u20282"]  # the bidder
