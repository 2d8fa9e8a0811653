"""Variant names in any letters, as cards and keywords are: ``[Variant "YU4"]``,
``[Variant "Bg4"]``, ``simulate --variant YU4`` and ``stats --where variant=YU4`` name
the ids ``yu4`` and ``bg4``.  The canonical writer writes the id; a record that differs
from another only in the letters of its variant is the same game (the same game_id).
A name that is no id in any letters is still a P102, named as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belot.cli import main

CLEAN = """\
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
result *
"""


def run(capfd, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capfd.readouterr()
    return status, out, err


def record(tmp_path: Path, name: str, variant: str, seat1: str = "Ana") -> Path:
    path = tmp_path / name
    path.write_text(f'[Variant "{variant}"]\n[Seat1 "{seat1}"]\n\n{CLEAN}', encoding="utf-8")
    return path


@pytest.mark.rule("yu4-41")
def test_the_variant_tag_in_capitals_is_read_as_the_id(tmp_path, capfd):
    """The clean yu4 deal of the code reference: A 34, B 128 (yu4-41)."""
    upper, lower = record(tmp_path, "upper.bgn", "YU4"), record(tmp_path, "lower.bgn", "yu4")
    assert run(capfd, "validate", "-j", "1", str(upper)) == (
        0, "", "1 file(s), 1 game(s), 1 deal(s): clean\n")
    _, out, _ = run(capfd, "validate", "-j", "1", "--json", str(upper), str(lower))
    first, second = (json.loads(line) for line in out.splitlines())
    assert (first["variant"], first["deals"][0]["total"], first["violations"]) == (
        "yu4", [34, 128], [])
    assert first["game_id"] == second["game_id"]


def test_fmt_writes_the_lower_case_id_without_a_word(tmp_path, capfd):
    upper = record(tmp_path, "upper.bgn", "Yu4")
    status, out, err = run(capfd, "fmt", str(upper))
    assert (status, out.splitlines()[0], err) == (0, '[Variant "yu4"]', "")


def test_a_bg4_game_in_mixed_letters_validates_as_bg4(tmp_path, capfd):
    status, text, _ = run(capfd, "simulate", "--variant", "BG4", "--games", "2", "--seed", "1")
    assert (status, text.splitlines()[0]) == (0, '[Variant "bg4"]')
    assert run(capfd, "simulate", "--variant", "bg4", "--games", "2", "--seed", "1")[1] == text
    mixed = tmp_path / "mixed.bgn"
    mixed.write_text(text.replace('[Variant "bg4"]', '[Variant "Bg4"]'), encoding="utf-8")
    assert run(capfd, "validate", "-j", "1", str(mixed)) == (
        0, "", "1 file(s), 2 game(s), 20 deal(s): clean\n")


def test_json_lines_read_the_variant_in_any_letters(tmp_path, capfd):
    jsonl = tmp_path / "club.jsonl"
    assert run(capfd, "convert", "--to", "json", "-o", str(jsonl),
               str(record(tmp_path, "a.bgn", "yu4")))[0] == 0
    obj = json.loads(jsonl.read_text(encoding="utf-8"))
    obj["tags"]["Variant"] = "YU4"
    jsonl.write_text(json.dumps(obj) + "\n", encoding="utf-8")
    assert run(capfd, "validate", "-j", "1", str(jsonl)) == (
        0, "", "1 file(s), 1 game(s), 1 deal(s): clean\n")


def test_a_name_that_is_no_id_is_still_refused_as_written(tmp_path, capfd):
    path = record(tmp_path, "yu5.bgn", "YU5")
    status, out, _ = run(capfd, "validate", "-j", "1", str(path))
    assert (status, out) == (1, f"{path}:1:1: P102 unknown or unsupported variant 'YU5' "
                                "(supported: bg2, bg3, bg4, contree, fr4, hu2, hu3, mk4, "
                                "ru-pair, ru3, yu3, yu4) (game 1)\n")


def test_stats_where_variant_in_capitals_chooses_the_games_of_that_id(tmp_path, capfd):
    ds = tmp_path / "ds"
    lower = record(tmp_path, "lower.bgn", "yu4", "Ana")
    upper = record(tmp_path, "upper.bgn", "YU4", "Bea")
    assert main(["ingest", "--quiet", "--workers", "1", "--into", str(ds), str(lower),
                 str(upper)]) == 0
    capfd.readouterr()
    for where in ("variant=YU4", "variant=yu4", "variant=Yu4"):
        status, out, _ = run(capfd, "stats", str(ds), "--metric", "players", "--where", where,
                             "--format", "csv")
        assert status == 0
        assert [line.split(",")[:2] for line in out.splitlines()] == [
            ["player", "games"], ["Ana", "1"], ["Bea", "1"]]
