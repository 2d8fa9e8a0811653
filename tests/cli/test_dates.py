"""The ``Date`` tag through the command line: a date in another common form is read as
that date with a W701 warning, written ``YYYY.MM.DD`` by ``fmt`` and ``convert``, stored
by ``ingest`` and found by the date filters of ``stats``; one that cannot be read is
kept as written with a W702.  Warnings leave a game clean and the exit status 0, and
stand apart from the violations of the JSON report (docs/bgn/report.md).

Every game is the clean yu4 deal of the code reference (side A 34, side B 128).
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl

from belot.cli import main

DEAL = """\
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


def game(date: str, seat1: str = "Ana") -> str:
    """The clean deal, dated ``date``, Ana in seat 1."""
    return (f'[Variant "yu4"]\n[Date "{date}"]\n[Seat1 "{seat1}"]\n[Seat2 "Bo"]\n'
            f'[Seat3 "Cy"]\n[Seat4 "Di"]\n\n{DEAL}')


def run(capfd, *argv: str) -> tuple[int, list[str], list[str]]:
    status = main(list(argv))
    out, err = capfd.readouterr()
    return status, out.splitlines(), err.splitlines()


def write(tmp_path: Path, *games: str) -> Path:
    path = tmp_path / "club.bgn"
    path.write_text("\n".join(games), encoding="utf-8")
    return path


def w701(path: Path, line: int, written: str, read: str, game_no: int) -> str:
    return (f"{path}:{line}:1: W701 date '{written}' read as {read} (the canonical form is "
            f"YYYY.MM.DD) (game {game_no})")


def test_a_date_in_another_form_is_a_warning_and_the_game_stays_clean(tmp_path, capfd):
    path = write(tmp_path, game("2025-03-14"), game("14.03.2025"), game("2025.03.14"))
    status, out, err = run(capfd, "validate", "-j", "1", str(path))
    assert (status, out) == (0, [w701(path, 2, "2025-03-14", "2025.03.14", 1),
                                 w701(path, 25, "14.03.2025", "2025.03.14", 2)])
    assert err == ["1 file(s), 3 game(s), 3 deal(s): clean; 2 warning(s): W701 x2"]


def test_the_common_forms_each_read_as_one_date(tmp_path, capfd):
    forms = ["2025/03/14", "20250314", "2025.3.14", "2025. 03. 14.", "14.3.2025.",
             "14. 03. 2025.", "2025-03-??"]
    path = write(tmp_path, *(game(f) for f in forms))
    status, out, err = run(capfd, "validate", "-j", "1", str(path))
    read = ["2025.03.14"] * 6 + ["2025.03.??"]
    assert (status, out) == (0, [w701(path, 2 + 23 * k, f, r, k + 1)
                                 for k, (f, r) in enumerate(zip(forms, read, strict=True))])
    assert err == ["1 file(s), 7 game(s), 7 deal(s): clean; 7 warning(s): W701 x7"]


def test_an_unreadable_date_is_a_warning_not_a_silent_null(tmp_path, capfd):
    path = write(tmp_path, game("March 14"), game("2025.13.45"), game("14/03/2025"),
                 game("2023-02-29"), game("14.03.25"))
    status, out, err = run(capfd, "validate", "-j", "1", str(path))
    form = "write YYYY.MM.DD (?? for an unknown part)"
    assert (status, out) == (0, [
        f"{path}:2:1: W702 date 'March 14' cannot be read; {form} (game 1)",
        f"{path}:25:1: W702 date '2025.13.45' cannot be read: there is no month 13; {form} "
        "(game 2)",
        f"{path}:48:1: W702 date '14/03/2025' cannot be read: the day and the month could "
        f"stand either way; {form} (game 3)",
        f"{path}:71:1: W702 date '2023-02-29' cannot be read: there is no day 29 in month 2; "
        f"{form} (game 4)",
        f"{path}:94:1: W702 date '14.03.25' cannot be read: a year of two digits leaves the "
        f"century unsaid; {form} (game 5)",
    ])
    assert err == ["1 file(s), 5 game(s), 5 deal(s): clean; 5 warning(s): W702 x5"]


def test_warnings_sit_beside_the_violations_in_the_text_and_apart_in_json(tmp_path, capfd):
    path = write(tmp_path, game("2025-03-14").replace("result *", "result A"))
    status, out, err = run(capfd, "validate", "-j", "1", str(path))
    assert (status, out) == (1, [w701(path, 2, "2025-03-14", "2025.03.14", 1),
                                 f"{path}:22:8: S603 the result is *, not A (game 1)"])
    assert err == ["1 file(s), 1 game(s), 1 deal(s): 1 finding(s): S603 x1; "
                   "1 warning(s): W701 x1"]
    status, out, _ = run(capfd, "validate", "-j", "1", "--json", str(path))
    report = json.loads(out[0])
    assert status == 1
    assert [v["code"] for v in report["violations"]] == ["S603"]
    assert report["warnings"] == [{
        "code": "W701", "line": 2, "col": 1, "deal": None, "trick": None, "seat": None,
        "message": "date '2025-03-14' read as 2025.03.14 (the canonical form is YYYY.MM.DD)"}]


def test_fmt_writes_the_date_canonically_and_says_so(tmp_path, capfd):
    path = write(tmp_path, game("14.03.2025"), game("March 14"))
    status, out, err = run(capfd, "fmt", str(path))
    assert status == 0
    assert [x for x in out if x.startswith("[Date")] == ['[Date "2025.03.14"]',
                                                         '[Date "March 14"]']
    assert err == [w701(path, 2, "14.03.2025", "2025.03.14", 1),
                   f"{path}:25:1: W702 date 'March 14' cannot be read; write YYYY.MM.DD "
                   "(?? for an unknown part) (game 2)"]
    # read again, the canonical date says nothing (the hands on one line: game 2 starts
    # at line 21)
    again = tmp_path / "again.bgn"
    again.write_text("\n".join(out) + "\n", encoding="utf-8")
    assert run(capfd, "fmt", str(again))[0::2] == (0, [
        f"{again}:22:1: W702 date 'March 14' cannot be read; write YYYY.MM.DD "
        "(?? for an unknown part) (game 2)"])


def test_convert_writes_the_date_canonically_both_ways(tmp_path, capfd):
    path = write(tmp_path, game("2025-03-14"))
    jsonl = tmp_path / "club.jsonl"
    status, out, err = run(capfd, "convert", "--to", "json", "-o", str(jsonl), str(path))
    assert (status, out, err) == (0, [], [w701(path, 2, "2025-03-14", "2025.03.14", 1)])
    assert json.loads(jsonl.read_text(encoding="utf-8"))["tags"]["Date"] == "2025.03.14"
    # a JSON Lines record in another form: the warning stands at its JSON line
    record = json.loads(jsonl.read_text(encoding="utf-8"))
    record["tags"]["Date"] = "14.03.2025"
    jsonl.write_text("\n" + json.dumps(record) + "\n", encoding="utf-8")
    status, out, err = run(capfd, "convert", "--to", "bgn", str(jsonl))
    assert (status, out[1], err) == (0, '[Date "2025.03.14"]', [
        f"{jsonl}:2: W701 date '14.03.2025' read as 2025.03.14 (the canonical form is "
        "YYYY.MM.DD) (game 1)"])


def test_ingest_stores_the_date_read_and_the_date_filters_find_it(tmp_path, capfd):
    path = write(tmp_path, game("2025-03-14"), game("14.03.2025", "Ana2"),
                 game("2025.03.14", "Ana3"), game("March 14", "Ana4"), game("2025.03.15", "Ana5"))
    ds = tmp_path / "ds"
    assert main(["ingest", "--quiet", "--workers", "1", "--into", str(ds), str(path)]) == 0
    games = pl.read_parquet(ds / "games" / "**" / "*.parquet", hive_partitioning=True)
    rows = games.sort("game_index").select("tag_date", "played_on", "violations").rows()
    assert [(d, str(p), v) for d, p, v in rows] == [
        ("2025.03.14", "2025-03-14", 0), ("2025.03.14", "2025-03-14", 0),
        ("2025.03.14", "2025-03-14", 0), ("March 14", "None", 0),
        ("2025.03.15", "2025-03-15", 0)]
    capfd.readouterr()
    status, out, _ = run(capfd, "stats", str(ds), "--metric", "players", "--by", "player",
                         "--where", "date_from=2025-03-14", "--where", "date_to=14.03.2025",
                         "--format", "csv")
    assert status == 0
    players = [line.split(",")[:2] for line in out[1:]]
    assert out[0].startswith("player,games,")
    assert players == [["Ana", "1"], ["Ana2", "1"], ["Ana3", "1"], ["Bo", "3"], ["Cy", "3"],
                       ["Di", "3"]]
