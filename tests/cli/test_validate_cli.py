"""``belot validate``: the compiler-style report, the JSON report of docs/bgn/report.md
and the exit status, run through the real command on the bundled samples.

The mk4 sample file is hand-written: game 1 is a clean deal (side A 34, side
B 128, worked out by hand in ``tests/engine/test_engine_yu4_mk4.py``); game 2 is the
same deal with seat 1 playing 7C on a diamond lead while holding 7D 8D in
trick 5, which ends the deal with 162 to the callers (mk4-22, docs/bgn/replay.md §7).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from belot.cli import main
from ingest.bgn.reader import read_games
from ingest.bgn.writer import game_id

ROOT = Path(__file__).resolve().parents[2]
MK4 = ROOT / "data" / "samples" / "mk4-rules.bgn"

C401 = ("data/samples/mk4-rules.bgn:37:13: C401 seat 1 did not follow diamonds while holding "
        "7D 8D (game 2, deal 1, trick 5)")


def run(capsys, *args: str) -> tuple[int, list[str], str]:
    status = main(["validate", *args])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_text_report_lines_are_compiler_style_and_the_status_says_findings(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status, lines, err = run(capsys, "data/samples/mk4-rules.bgn")
    assert status == 1
    assert C401 in lines
    assert all(re.match(r"data/samples/mk4-rules\.bgn:\d+:\d+: [PDBCAS]\d{3} .+ \(game \d+", x)
               for x in lines)
    assert not any("(game 1," in x for x in lines)  # the clean deal
    assert err.startswith("1 file(s), ") and "C401 x1" in err


def test_text_report_of_json_lines_input_names_the_json_line_without_a_column(capsys, tmp_path):
    """A game read from JSON Lines has no token places: its findings stand at the
    game's JSON line with no column (docs/bgn/json.md), written ``file:line: CODE``."""
    jsonl = tmp_path / "mk4.jsonl"
    assert main(["convert", "--to", "json", "-o", str(jsonl), str(MK4)]) == 0
    capsys.readouterr()
    status, lines, err = run(capsys, str(jsonl))
    assert status == 1
    assert f"{jsonl}:2: C401 seat 1 did not follow diamonds while holding 7D 8D " \
           "(game 2, deal 1, trick 5)" in lines
    assert not any("(game 1," in x for x in lines)  # the clean deal
    assert all(re.match(re.escape(str(jsonl)) + r":(\d+): [PDBCAS]\d{3} .+ \(game \1[,)]", x)
               for x in lines), lines


def test_json_report_has_the_fields_of_section_8_with_the_engine_figures(capsys):
    status, lines, _ = run(capsys, "--json", str(MK4))
    assert status == 1
    reports = [json.loads(x) for x in lines]
    games = list(read_games(MK4))
    assert len(reports) == len(games)
    first, second = reports[0], reports[1]
    assert list(first) == ["file", "game", "game_id", "variant", "deals", "result", "violations",
                           "warnings"]
    assert first == {"file": str(MK4), "game": 1, "game_id": game_id(games[0]), "variant": "mk4",
                     "deals": [{"deal": 1, "made": True, "score": [34, 128], "total": [34, 128],
                                "hang": 0}],
                     "result": "*", "violations": [], "warnings": []}
    assert re.fullmatch(r"[0-9a-f]{64}", first["game_id"])
    assert second["deals"] == [{"deal": 1, "made": True, "score": [0, 162], "total": [0, 162],
                                "hang": 0}]
    assert second["violations"] == [{
        "code": "C401", "line": 37, "col": 13, "deal": 1, "trick": 5, "seat": 1,
        "message": "seat 1 did not follow diamonds while holding 7D 8D"}]


def test_a_clean_file_exits_0_and_a_missing_one_2(capsys, tmp_path: Path):
    clean = tmp_path / "clean.bgn"
    clean.write_text(MK4.read_text(encoding="utf-8").split("\n\n[Variant")[0], encoding="utf-8")
    status, lines, err = run(capsys, str(clean))
    assert (status, lines) == (0, [])
    assert err.strip() == "1 file(s), 1 game(s), 1 deal(s): clean"
    status, lines, err = run(capsys, str(tmp_path / "nope.bgn"))
    assert status == 2 and lines == [] and "no such file" in err


def test_text_and_json_reports_find_the_same_violations(capsys, monkeypatch):
    """The text report skips game ids (validate_file(ids=False)); nothing else differs."""
    monkeypatch.chdir(ROOT)
    _, text, _ = run(capsys, "data/samples/")
    _, js, _ = run(capsys, "--json", "data/samples/")
    from_json = []
    for line in js:
        r = json.loads(line)
        for v in r["violations"]:
            where = ", ".join([f"game {r['game']}"] + [f"{k} {v[k]}" for k in ("deal", "trick")
                                                         if v[k] is not None])
            from_json.append(f"{r['file']}:{v['line']}:{v['col'] or 0}: {v['code']} "
                             f"{v['message']} ({where})")
    assert text == from_json and len(text) == 20  # every code of the two sample files
