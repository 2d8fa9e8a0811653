"""Text that is not UTF-8, ``--encoding``, ``-`` for standard input and a folder where a
file is expected, through the real commands (docs/troubleshooting.md).

A file written in latin-1 holds ``Renée`` as the one byte 0xE9, which is not UTF-8:
every command that reads it reports P104 at that byte (docs/codes.md) and reads its
other games; ``--encoding cp1252`` reads it right; nothing is ever replaced by
U+FFFD, on disk or in a dataset.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from support.ingest_records import HANDS, TRICK_LINES

from belot.cli import main

ROOT = Path(__file__).resolve().parents[2]

GAME = ('[Variant "yu4"]\n[Event "E"]\n[Seat1 "{name}"]\n[Seat2 "Bob"]\n\n'
        "deal 1 dealer 4\nbids pass H\nplay 1. JH 7D QH 8C\nresult *\n")
ANN = GAME.format(name="Ann")
RENEE = GAME.format(name="Renée")
#: a clean game, then Renée's game in latin-1: its byte 0xE9 is on line 13, column 12
LATIN1 = ANN.encode() + b"\n" + RENEE.encode("latin-1")
P104_LATIN1 = ("13:12: P104 byte 0xE9 is not UTF-8 text; it looks like cp1252 (latin-1, Western "
               "European): read the file with --encoding cp1252 (game 2)")
CLEAN_2 = "1 file(s), 2 game(s), 2 deal(s): clean"


def run(argv: list[str], capfd) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capfd.readouterr()
    return code, out, err


def belot(*args: str, stdin: bytes = b"", cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "belot", *args], input=stdin, cwd=cwd,
                          capture_output=True, timeout=300)


@pytest.fixture
def latin1(tmp_path: Path) -> Path:
    path = tmp_path / "club.bgn"
    path.write_bytes(LATIN1)
    return path


# ---------------------------------------------------------------- validate


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_validate_reports_the_first_byte_that_is_not_utf8_and_reads_the_other_games(
        latin1: Path, capfd, jobs: str):
    code, out, err = run(["validate", "-j", jobs, str(latin1)], capfd)
    assert (code, out) == (1, f"{latin1}:{P104_LATIN1}\n")
    assert err == "1 file(s), 2 game(s), 1 deal(s): 1 finding(s): P104 x1\n"


@pytest.mark.parametrize(("name", "codec", "place", "looks"), [
    ("Иван", "cp1251", "13:9: P104 byte 0xC8", "cp1251 (Cyrillic)"),
    ("Petrović", "cp1250", "13:16: P104 byte 0xE6", "cp1250 (Central European)"),
    ("Michèle", "cp1252", "13:13: P104 byte 0xE8",
     "cp1252 (latin-1, Western European) or cp1250 (Central European)"),
])
def test_validate_names_the_encoding_the_text_looks_like(tmp_path: Path, capfd, name, codec,
                                                         place, looks):
    path = tmp_path / "old.bgn"
    path.write_bytes(ANN.encode() + b"\n" + GAME.format(name=name).encode(codec))
    code, out, _ = run(["validate", str(path)], capfd)
    guess = looks.split(" ")[0]
    assert (code, out) == (1, f"{path}:{place} is not UTF-8 text; it looks like {looks}: read "
                              f"the file with --encoding {guess} (game 2)\n")
    assert run(["validate", "--encoding", codec, str(path)], capfd) == (0, "", CLEAN_2 + "\n")


def test_validate_with_encoding_reads_the_file_clean(latin1: Path, capfd):
    assert run(["validate", "--encoding", "latin-1", str(latin1)], capfd) == (0, "", CLEAN_2 + "\n")


def test_an_unknown_encoding_is_a_usage_error(latin1: Path, capfd):
    code, out, err = run_usage(["validate", "--encoding", "latin-9x", str(latin1)], capfd)
    assert (code, out) == (2, "")
    assert err.endswith("belot validate: error: argument --encoding: unknown encoding "
                        "'latin-9x' (latin-1, cp1252, cp1250, cp1251, or any other name "
                        "Python's codecs know)\n")


def run_usage(argv: list[str], capfd) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    out, err = capfd.readouterr()
    return int(exc.value.code or 0), out, err


def test_validate_gzip_and_json_lines_say_p104_too(tmp_path: Path, capfd):
    gz = tmp_path / "club.bgn.gz"
    gz.write_bytes(gzip.compress(LATIN1))
    jsonl = tmp_path / "club.jsonl"
    jsonl.write_bytes(b'{"tags": {"Variant": "yu4", "Seat1": "Ren\xe9e"}, "deals": []}\n')
    code, out, _ = run(["validate", "-j", "1", str(gz), str(jsonl)], capfd)
    assert code == 1
    assert out.splitlines() == [
        f"{gz}:{P104_LATIN1}",
        f"{jsonl}:1:42: P104 byte 0xE9 is not UTF-8 text; it looks like cp1252 (latin-1, "
        "Western European): read the file with --encoding cp1252 (game 1)"]


def test_validate_reads_standard_input(capfd):
    proc = belot("validate", "-", stdin=LATIN1)
    assert proc.returncode == 1
    assert proc.stdout.decode() == f"-:{P104_LATIN1}\n"
    proc = belot("validate", "--encoding", "cp1252", "-", stdin=LATIN1)
    assert (proc.returncode, proc.stdout, proc.stderr.decode()) == (0, b"", CLEAN_2 + "\n")


# ---------------------------------------------------------------- fmt


def test_fmt_in_place_leaves_a_file_it_cannot_read_exactly(latin1: Path, capfd):
    code, out, err = run(["fmt", "-i", str(latin1)], capfd)
    assert (code, out) == (1, "")
    assert err == (f"{latin1}:{P104_LATIN1}\n"
                   f"belot fmt: {latin1} left as it is: it holds bytes that are not UTF-8 (P104 "
                   "above), and rewriting it would change them; read it in its encoding with "
                   "--encoding NAME (cp1252, cp1250, cp1251...)\n")
    assert latin1.read_bytes() == LATIN1
    assert [p.name for p in latin1.parent.iterdir()] == ["club.bgn"]


def test_fmt_in_place_with_encoding_rewrites_the_file_in_utf8(latin1: Path, capfd):
    assert run(["fmt", "-i", "--encoding", "latin-1", str(latin1)], capfd) == (0, "", "")
    assert latin1.read_bytes() == (ANN + "\n" + RENEE).encode("utf-8")


def test_fmt_to_stdout_writes_the_game_it_cannot_read_through_byte_for_byte(latin1: Path):
    proc = belot("fmt", str(latin1))
    assert proc.returncode == 1
    assert proc.stdout == LATIN1
    assert b"\xef\xbf\xbd" not in proc.stdout  # U+FFFD
    assert proc.stderr.decode() == f"{latin1}:{P104_LATIN1}\n"


def test_fmt_reads_standard_input_in_the_encoding_given():
    proc = belot("fmt", "--encoding", "latin-1", "-", stdin=LATIN1)
    assert (proc.returncode, proc.stdout.decode()) == (0, ANN + "\n" + RENEE)


# ---------------------------------------------------------------- convert


def test_convert_writes_no_output_file_from_a_file_it_cannot_read_exactly(latin1: Path, capfd):
    target = latin1.parent / "club.jsonl"
    code, out, err = run(["convert", "--to", "json", str(latin1), "-o", str(target)], capfd)
    assert (code, out) == (1, "")
    assert err == (f"{latin1}:{P104_LATIN1}\n"
                   f"belot convert: {target} not written: {latin1} holds bytes that are not "
                   "UTF-8 (P104 above); read it in its encoding with --encoding NAME (cp1252, "
                   "cp1250, cp1251...)\n")
    assert sorted(p.name for p in latin1.parent.iterdir()) == ["club.bgn"]


def test_convert_with_encoding_keeps_the_name(latin1: Path, capfd):
    target = latin1.parent / "club.jsonl"
    assert run(["convert", "--to", "json", "--encoding", "cp1252", str(latin1), "-o",
                str(target)], capfd) == (0, "", "")
    names = [json.loads(line)["tags"]["Seat1"] for line in target.read_text("utf-8").splitlines()]
    assert names == ["Ann", "Renée"]


def test_convert_to_stdout_skips_the_game_and_says_why(latin1: Path, capfd):
    code, out, err = run(["convert", "--to", "bgn", str(latin1)], capfd)
    assert (code, out, err) == (1, ANN, f"{latin1}:{P104_LATIN1}\n")


# ---------------------------------------------------------------- a folder for a file


@pytest.mark.parametrize("command", [["fmt"], ["fmt", "-i"], ["convert", "--to", "json"]])
def test_a_folder_where_a_file_is_expected_says_so(tmp_path: Path, capfd, command):
    code, out, err = run([*command, str(tmp_path)], capfd)
    assert (code, out) == (2, "")
    assert err == (f"belot {command[0]}: {tmp_path} is a folder, not a file (give its files: "
                   f"{tmp_path}/*.bgn)\n")


def test_convert_output_that_is_a_folder_says_so(latin1: Path, capfd):
    code, out, err = run(["convert", "--to", "json", str(latin1), "-o", str(latin1.parent)],
                         capfd)
    assert (code, out, err) == (2, "", f"belot convert: {latin1.parent} is a folder; -o names "
                                       "the file to write\n")


# ---------------------------------------------------------------- ingest and stats


def _column(ds: Path, table: str, column: str) -> list:
    return [v for f in sorted((ds / table).rglob("*.parquet"))
            for v in pq.read_table(f, columns=[column]).column(column).to_pylist()]


def _players_named(ds: Path, capfd, name: str) -> list[str]:
    code, out, err = run(["stats", str(ds), "--metric", "players", "--where",
                          f"player={name}", "--format", "csv"], capfd)
    assert (code, err) == (0, "")
    return [line.split(",")[0] for line in out.splitlines()[1:]]


def test_ingest_keeps_the_game_as_a_reject_and_reads_it_right_with_encoding(latin1: Path, capfd):
    ds = latin1.parent / "ds"
    code, out, err = run(["ingest", str(latin1), "--into", str(ds), "--quiet", "-j", "1"],
                         capfd)
    assert (code, out) == (0, "")
    assert err.splitlines()[1] == (f"belot ingest: {latin1}:13:12: P104 byte 0xE9 is not UTF-8 "
                                   "text; it looks like cp1252 (latin-1, Western European): read "
                                   "the file with --encoding cp1252; kept in rejects, ingest the "
                                   "file again with --encoding NAME")
    assert _column(ds, "rejects", "code") == ["P104"]
    assert _column(ds, "rejects", "raw_text") == [RENEE.replace("é", "\\xE9")]
    assert _players_named(ds, capfd, "Renée") == []
    # the file was not marked as read: the same command with --encoding reads it again
    code, out, err = run(["ingest", str(latin1), "--into", str(ds), "--quiet", "-j", "1",
                          "--encoding", "latin-1"], capfd)
    assert (code, out) == (0, "")
    assert "1 game(s), 1 deal(s), 0 violation(s), 0 reject(s), 1 already present" in err
    assert _players_named(ds, capfd, "Renée") == ["Bob", "Renée"]
    texts = _column(ds, "records", "text") + _column(ds, "rejects", "raw_text")
    assert not any("\ufffd" in t for t in texts)
    assert sorted(_column(ds, "games", "tag_seat1")) == ["Ann", "Renée"]


def test_ingest_reads_standard_input(tmp_path: Path, capfd):
    ds = tmp_path / "ds"
    proc = belot("ingest", "-", "--into", str(ds), "--quiet", "--encoding", "cp1252",
                 stdin=LATIN1)
    assert proc.returncode == 0, proc.stderr
    assert sorted(_column(ds, "games", "tag_seat1")) == ["Ann", "Renée"]


# ---------------------------------------------------------------- analyze


#: a whole deal (hands, contract, eight tricks) for the double-dummy analysis
DEAL = f"{HANDS}\nbids pass H\n{TRICK_LINES}\n"


def test_analyze_says_which_games_it_could_not_read(tmp_path: Path):
    whole = GAME.replace("bids pass H\nplay 1. JH 7D QH 8C\n", DEAL)
    text = whole.format(name="Ann").encode() + b"\n" + whole.format(name="Renée").encode("latin-1")
    proc = belot("analyze", "-j", "1", "--quiet", "--summary", "-", stdin=text)
    assert proc.returncode == 1
    lines = proc.stderr.decode().splitlines()
    assert lines[0] == ("-:24:12: P104 byte 0xE9 is not UTF-8 text; it looks like cp1252 "
                        "(latin-1, Western European): read the file with --encoding cp1252 "
                        "(game 2)")
    assert lines[-1].startswith("2 game(s), 1 deal(s) analysed in ")
    assert lines[-1].endswith(" deals/s); 1 game(s) did not parse")
    assert "Renée" not in proc.stdout.decode() and "Ann" in proc.stdout.decode()
    path = tmp_path / "whole.bgn"
    path.write_bytes(text)
    proc = belot("analyze", "-j", "1", "--quiet", "--summary", "--encoding", "latin-1",
                 str(path))
    assert proc.returncode == 0
    assert "Renée" in proc.stdout.decode()
