"""A ``.bgn.gz`` cut short: every command reads it up to the fault.

The file is a bundled one cut at a fixed byte.  The test finds what it holds on its
own (zlib's decompressor fed the cut bytes gives the text before the fault): the
games whose next game's tag line is in that text are whole, the last one is cut.
``validate`` (one worker and two), ``ingest``, ``analyze``, ``fmt`` and ``convert`` must
each read, check, keep, analyse or write exactly the whole games, name the line where
the text stops, count the file as not read to its end and exit 2
(docs/troubleshooting.md).
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import pytest
from support.ingest_util import ids_of, run_cli, table

ROOT = Path(__file__).resolve().parents[2]
YU4 = ROOT / "data" / "sim" / "yu4.bgn.gz"
#: the stream's end-of-stream marker and trailer are gone from here on
HALF = len(YU4.read_bytes()) // 2
#: a cut a few games in: few deals to solve double-dummy
EARLY = 6000
#: the line that begins each game of the simulated files (its first tag)
GAME_START = re.compile(r'^\[Variant "', re.M)
FAULT = "Compressed file ended before the end-of-stream marker was reached"


def cut_file(folder: Path, size: int) -> tuple[Path, str, int]:
    """``yu4.bgn.gz``'s first ``size`` bytes as ``cut.bgn.gz``; the text of its whole
    games, and the line where its readable text stops."""
    folder.mkdir(parents=True, exist_ok=True)
    cut = folder / "cut.bgn.gz"
    cut.write_bytes(YU4.read_bytes()[:size])
    text = zlib.decompressobj(31).decompress(cut.read_bytes()).decode("utf-8")
    starts = [m.start() for m in GAME_START.finditer(text)]
    # the fault falls in a game's movetext, on a line it cuts short
    assert not text.endswith("\n") and text[text.rindex("\n") + 1] != "["
    return cut, text[:starts[-1]], text.count("\n") + 1


def whole_copy(folder: Path, whole: str) -> Path:
    """The whole games as a plain file: what the damaged file's reading must match."""
    plain = folder / "whole.bgn"
    plain.write_text(whole, encoding="utf-8")
    return plain


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_validate_checks_the_whole_games_before_the_fault(tmp_path, jobs):
    cut, whole, stop = cut_file(tmp_path / "in", HALF)
    games = len(GAME_START.findall(whole))
    assert (games, stop) == (59, 9107)
    plain = whole_copy(tmp_path, whole)

    damaged = run_cli("validate", "-j", jobs, str(cut))
    expected = run_cli("validate", "-j", jobs, str(plain))
    assert expected.returncode == 1  # the simulated games break rules on purpose
    assert damaged.returncode == 2
    # the same findings, game by game, as the whole games read from a plain file
    assert damaged.stdout == expected.stdout.replace(str(plain), str(cut))
    summary = expected.stderr.splitlines()[-1]
    assert summary.startswith(f"1 file(s), {games} game(s), ")
    assert damaged.stderr.splitlines() == [
        f"belot validate: {cut}:{stop}: cannot read: {FAULT}; the text stops on this line, "
        "and its game was not read to its end",
        summary.replace("1 file(s)", "1 file(s) (1 could not be read to its end)")]


def test_ingest_keeps_the_whole_games_and_adds_the_rest_once_repaired(tmp_path):
    cut, whole, stop = cut_file(tmp_path / "in", HALF)
    games = len(GAME_START.findall(whole))
    kept = ids_of(whole_copy(tmp_path, whole))
    assert len(kept) == games == 59
    ds = tmp_path / "ds"

    first = run_cli("ingest", "--quiet", "-j", "1", str(cut), "--into", str(ds))
    assert first.returncode == 2
    assert first.stderr.splitlines()[1:] == [
        f"belot ingest: {cut}:{stop}: cannot read to its end ({FAULT}; the text stops on "
        "this line, and its game was not read to its end); the games before the fault "
        "are in, and a re-run reads the file again"]
    assert f": {games} game(s), " in first.stderr.splitlines()[0]
    assert [r["game_id"] for r in table(ds, "games", order=False,
                                        where="ORDER BY game_index")] == kept

    cut.write_bytes(YU4.read_bytes())  # repaired
    everything = ids_of(YU4)
    again = run_cli("ingest", "--quiet", "-j", "1", str(cut), "--into", str(ds))
    assert again.returncode == 0, again.stderr
    line = again.stderr.splitlines()[0]
    assert f": {len(everything) - games} game(s), " in line
    assert f", {games} already present; 1 file(s);" in line
    rows = table(ds, "games", order=False, where="ORDER BY game_index")
    assert [r["game_id"] for r in rows] == everything


def test_analyze_reports_on_the_whole_games_before_the_fault(tmp_path):
    cut, whole, stop = cut_file(tmp_path / "in", EARLY)
    games = len(GAME_START.findall(whole))
    assert (games, stop) == (5, 795)
    plain = whole_copy(tmp_path, whole)

    damaged = run_cli("analyze", "--summary", "-j", "1", str(cut), timeout=600)
    expected = run_cli("analyze", "--summary", "-j", "1", str(plain), timeout=600)
    assert (damaged.returncode, expected.returncode) == (2, 0), damaged.stderr
    assert damaged.stdout == expected.stdout  # the per-player table
    err = [x for x in damaged.stderr.splitlines() if not x.startswith("belot: ")]
    assert err[0] == (f"belot analyze: {cut}:{stop}: cannot read to its end ({FAULT}; the "
                      "text stops on this line, and its game was not read to its end)")
    assert len(err) == 2
    # deals without a contract are not analysed: the plain file's count, game for game
    analysed = [x for x in expected.stderr.splitlines() if not x.startswith("belot: ")]
    assert analysed[0].startswith(f"{games} game(s), 47 deal(s) analysed in ")
    assert err[1].split(" in ")[0] == analysed[0].split(" in ")[0]


def test_fmt_and_convert_write_the_whole_games_and_name_the_fault(tmp_path):
    cut, whole, stop = cut_file(tmp_path / "in", EARLY)
    plain = whole_copy(tmp_path, whole)
    said = (f"{cut}:{stop}: cannot read: {FAULT}; the text stops on this line, and its "
            "game was not read to its end")
    for command in (["fmt"], ["convert", "--to", "json"]):
        damaged = run_cli(*command, str(cut))
        expected = run_cli(*command, str(plain))
        assert (damaged.returncode, expected.returncode) == (2, 0)
        assert damaged.stdout == expected.stdout
        assert damaged.stderr.splitlines() == [f"belot {command[0]}: {said}"]
    assert len(run_cli("convert", "--to", "json", str(cut)).stdout.splitlines()) == 5


def test_fmt_in_place_leaves_a_damaged_file_as_it_was(tmp_path):
    cut, _, stop = cut_file(tmp_path / "in", EARLY)
    before = cut.read_bytes()
    done = run_cli("fmt", "--in-place", str(cut))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"belot fmt: {cut}:{stop}: cannot read: {FAULT}; the text stops on this line, and "
        "its game was not read to its end; left as it was"]
    assert cut.read_bytes() == before
    assert sorted(p.name for p in cut.parent.iterdir()) == ["cut.bgn.gz"]
