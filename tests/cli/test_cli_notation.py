"""``belot fmt`` and ``belot convert`` end to end (through the real entry point)."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from belot.cli import main

ROOT = Path(__file__).resolve().parents[2]

MESSY = '[Event "E"]\n[Variant "yu4"]\ndeal 1 dealer 4 bids pass h play 1.jh 7d qh bela 8c\nresult *\n'
CANON = '[Variant "yu4"]\n[Event "E"]\n\ndeal 1 dealer 4\nbids pass H\nplay 1. JH 7D QH bela 8C\nresult *\n'
BROKEN = '[Variant "yu4"]\ndeal 1 dealer 4 bids pass h play 1. jh xx\nresult *\n'


def run(argv: list[str], capfd) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capfd.readouterr()
    return code, out, err


def test_fmt_writes_canonical_text_to_stdout(tmp_path: Path, capfd):
    src = tmp_path / "a.bgn"
    src.write_text(MESSY)
    assert run(["fmt", str(src)], capfd) == (0, CANON, "")
    assert src.read_text() == MESSY


def test_fmt_reports_broken_games_and_writes_them_verbatim(tmp_path: Path, capfd):
    src = tmp_path / "b.bgn"
    src.write_text(MESSY + "\n" + BROKEN + "\n" + MESSY)
    code, out, err = run(["fmt", str(src)], capfd)
    assert code == 1
    assert out == CANON + "\n" + BROKEN + "\n" + CANON
    assert err == (f"{src}:7:40: P101 expected a card, a trick number, a seat prefix, 'bela' "
                   f"or an annotation, found 'xx' (game 2)\n")


def test_fmt_in_place_is_atomic_and_keeps_gzip(tmp_path: Path, capfd):
    plain = tmp_path / "a.bgn"
    plain.write_text(MESSY)
    os.chmod(plain, 0o640)
    gz = tmp_path / "b.bgn.gz"
    gz.write_bytes(gzip.compress(MESSY.encode()))
    assert run(["fmt", "--in-place", str(plain), str(gz)], capfd) == (0, "", "")
    assert plain.read_text() == CANON
    assert (plain.stat().st_mode & 0o777) == 0o640
    assert gzip.decompress(gz.read_bytes()).decode() == CANON
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.bgn", "b.bgn.gz"]
    assert run(["fmt", "-i", str(plain)], capfd) == (0, "", "")
    assert plain.read_text() == CANON


def test_fmt_several_files_and_usage_errors(tmp_path: Path, capfd):
    a = tmp_path / "a.bgn"
    a.write_text(MESSY)
    assert run(["fmt", str(a), str(a)], capfd) == (0, CANON + "\n" + CANON, "")
    assert run(["fmt", str(tmp_path / "missing.bgn")], capfd) == (
        2, "", f"belot fmt: no such file: {tmp_path / 'missing.bgn'}\n")


def test_convert_bgn_to_json_and_back_is_byte_identical(tmp_path: Path, capfd):
    src = tmp_path / "a.bgn"
    src.write_text(MESSY + "\n" + BROKEN + "\n" + MESSY)
    code, out, err = run(["convert", "--to", "json", str(src)], capfd)
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2
    assert json.loads(lines[0]) == {
        "tags": {"Variant": "yu4", "Event": "E"},
        "deals": [{"deal": 1, "dealer": 4, "bids": [{"call": "pass"}, {"call": "H"}],
                   "plays": [{"card": "JH", "trick": 1}, {"card": "7D"},
                             {"card": "QH", "bela": "bela"}, {"card": "8C"}]}],
        "result": "*"}
    assert "P101" in err and "(game 2)" in err
    jl = tmp_path / "a.jsonl"
    jl.write_text(out)
    assert run(["convert", "--to", "bgn", str(jl)], capfd) == (0, CANON + "\n" + CANON, "")


def test_convert_to_a_gzip_output_file(tmp_path: Path, capfd):
    src = tmp_path / "a.bgn.gz"
    src.write_bytes(gzip.compress(MESSY.encode()))
    dest = tmp_path / "out.jsonl.gz"
    assert run(["convert", "--to", "json", str(src), "-o", str(dest)], capfd) == (0, "", "")
    (line,) = gzip.decompress(dest.read_bytes()).decode().splitlines()
    assert json.loads(line)["tags"] == {"Variant": "yu4", "Event": "E"}


def test_convert_reports_bad_json_lines_without_a_column(tmp_path: Path, capfd):
    jl = tmp_path / "bad.jsonl"
    jl.write_text('{"deals": 5}\n')
    code, out, err = run(["convert", "--to", "bgn", str(jl)], capfd)
    assert (code, out) == (1, "")
    assert err == f"{jl}:1: P101 deals: expected a list, found int (game 1)\n"


@pytest.mark.parametrize("command", ["fmt", "convert"])
def test_help_has_a_description_and_examples(command):
    proc = subprocess.run([sys.executable, "-m", "belot", command, "--help"], cwd=ROOT,
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "examples:" in proc.stdout
    assert f"belot {command} " in proc.stdout.split("examples:")[1]


def test_fmt_reads_stdin(tmp_path: Path):
    proc = subprocess.run([sys.executable, "-m", "belot", "fmt", "-"], cwd=ROOT, input=MESSY,
                          capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, CANON, "")
