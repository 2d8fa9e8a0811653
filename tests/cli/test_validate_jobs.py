"""``belot validate -j N``: the same output, summary and exit status byte for byte on
one worker and on many, and units of work sized from the input and the workers.

The input mixes every way a chunk boundary can meet a file: several files (BGN,
.gz, JSON Lines), games with violations, records that do not parse, games
without tags and comments between tag lines (where the chunker's estimate of the
games before a chunk is off and the driver re-numbers the chunk's lines).
"""

from __future__ import annotations

import gzip
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from belot.cli import main
from ingest.bgn.files import read_records
from ingest.chunks import (
    MAX_UNIT_CHARS,
    input_chars,
    iter_chunks,
    read_chunk_games,
    unit_chars,
)
from ingest.runs.validate import MIN_UNIT_CHARS, UNITS_PER_WORKER, renumber, validate_paths

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = (ROOT / "data" / "samples" / "mk4-rules.bgn").read_text(encoding="utf-8")
FIRST = SAMPLE[:SAMPLE.index("\n\n[") + 1]  # the sample's first game (clean)

#: records that break in different ways, each after a clean game
BROKEN = [
    FIRST.replace("9S JS KS", "9S XS KS"),  # a card that is no card
    FIRST.replace('"mk4"', '"zz9"'),  # a variant no one plays
    FIRST.replace("hands 1: 7S 8S", "hands 1: 7S 7S"),  # a card dealt twice
    FIRST.replace("result *\n", "result *\ndeal 1 dealer 4\nbids pass pass\n"),  # a tagless game
    FIRST.replace('[Event', '{a comment between tags}\n[Event'),  # two tag blocks, one game
    FIRST.replace("score 34 128", "score 34 12"),  # a wrong sheet
    '[Variant "mk4"]\n[Event "truncated"\n\ndeal 1 dealer 4\nhands 1: 7S\n',
    FIRST.replace("[Event", '[Date "14.03.2025"]\n[Event'),  # a date in another form: W701
    FIRST.replace("[Event", '[Date "March 14"]\n[Event'),  # a date not read: W702
]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """Several files: simulated games of four variants (two gzipped), the samples,
    a file of broken records long enough for many chunks, and JSON Lines."""
    root = tmp_path_factory.mktemp("jobs")
    for name in ("yu4", "hu2", "contree", "bg4"):
        shutil.copy(ROOT / "data" / "sim" / f"{name}.bgn.gz", root / f"{name}.bgn.gz")
    with gzip.open(ROOT / "data" / "sim" / "yu3.bgn.gz", "rt", encoding="utf-8") as fh:
        (root / "yu3.bgn").write_text(fh.read(), encoding="utf-8")
    shutil.copy(ROOT / "data" / "samples" / "mk4-rules.bgn", root / "mk4-rules.bgn")
    (root / "broken.bgn").write_text("\n".join(FIRST + "\n" + b for b in BROKEN * 12),
                                     encoding="utf-8")
    (root / "mixed.jsonl").write_text(
        '{"tags": {"Variant": "mk4"}, "deals": []}\nnot json\n\n{"tags": 3}\n',
        encoding="utf-8")
    return root


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["validate", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("mode", [[], ["--json"], ["--summary"]])
def test_one_worker_and_two_write_the_same_bytes(capsys, corpus, mode):
    one = run(capsys, "-j", "1", *mode, str(corpus))
    two = run(capsys, "-j", "2", *mode, str(corpus))
    assert one == two
    status, out, err = one
    assert status == 1
    summary = (out if mode == ["--summary"] else err).splitlines()[-1]
    assert summary.startswith("8 file(s), ")
    for code in ("P101", "P102", "D201", "D203", "S601", "C401", "W701", "W702"):
        assert f" {code} x" in summary


def test_a_clean_input_is_clean_on_two_workers(tmp_path):
    clean = tmp_path / "clean.bgn"
    clean.write_text("\n".join([FIRST] * 30), encoding="utf-8")
    out = io.StringIO()
    tally = validate_paths([clean], out, "text", workers=2, chunk_chars=2000)
    assert out.getvalue() == ""
    assert tally.summary() == "1 file(s), 30 game(s), 30 deal(s): clean"


@pytest.mark.parametrize("mode", ["text", "json", "summary"])
def test_small_units_cut_between_every_kind_of_game_give_the_same_output(corpus, mode):
    files = sorted(p for p in corpus.iterdir())
    files.append(corpus / "broken.bgn")  # a file named twice is read (and numbered) twice
    one, two = io.StringIO(), io.StringIO()
    t1 = validate_paths(files, one, mode, workers=1)
    t2 = validate_paths(files, two, mode, workers=2, chunk_chars=3000)
    assert one.getvalue() == two.getvalue()
    assert (t1.files, t1.games, t1.deals, t1.codes, t1.warned) == (
        t2.files, t2.games, t2.deals, t2.codes, t2.warned)
    assert t1.warned == {"W701": 24, "W702": 24}  # twelve of each in broken.bgn, read twice
    assert t1.summary() == t2.summary()


def test_the_chunkers_estimate_is_off_on_the_broken_file_so_renumbering_is_exercised(corpus):
    chunks = list(iter_chunks(corpus / "broken.bgn", target_chars=3000))
    assert len(chunks) > 10
    exact, wrong = 0, 0
    for chunk in chunks:
        wrong += chunk.index_offset != exact
        exact += sum(1 for _ in read_chunk_games(chunk))
    assert wrong > 0


def test_renumber_changes_only_the_game_number():
    text = "a.bgn:12:3: C401 seat 1 (game 9) did not follow (game 7, deal 2, trick 5)"
    assert renumber(text, "text", 31) == (
        "a.bgn:12:3: C401 seat 1 (game 9) did not follow (game 31, deal 2, trick 5)")
    assert renumber("f:4:0: P101 bad (game 12)", "text", 3) == "f:4:0: P101 bad (game 3)"
    line = '{"file": "é.bgn", "game": 7, "game_id": null, "deals": [{"score": [97.5, 64]}]}'
    assert renumber(line, "json", 8) == line.replace('"game": 7', '"game": 8')


def test_units_are_sized_from_the_input_and_the_workers():
    mb = 1 << 20
    # a 7 MB file: four units per worker, so 16 cores all have work
    assert -(-7 * mb // unit_chars(7 * mb, 16, MIN_UNIT_CHARS)) == 64
    assert -(-7 * mb // unit_chars(7 * mb, 2, MIN_UNIT_CHARS)) == 8
    # a large input keeps the memory bound: never more than MAX_UNIT_CHARS per unit
    assert unit_chars(10_000 * mb, 2, MIN_UNIT_CHARS) == MAX_UNIT_CHARS == 4 * mb
    # a tiny one is not cut below the floor; an unknown size (a URL) takes the largest
    assert unit_chars(10_000, 8, MIN_UNIT_CHARS) == MIN_UNIT_CHARS
    assert unit_chars(None, 8, MIN_UNIT_CHARS) == MAX_UNIT_CHARS
    # validate cuts sixteen units per worker (the last units end together): the
    # 34 MB benchmark corpus on two workers is 32 units, not nine
    assert -(-34 * mb // unit_chars(34 * mb, 2, MIN_UNIT_CHARS, UNITS_PER_WORKER)) == 32


def test_input_chars_counts_gzip_files_uncompressed(tmp_path):
    text = "[Variant \"yu4\"]\n" * 5000
    (tmp_path / "a.bgn").write_text(text, encoding="utf-8")
    with gzip.open(tmp_path / "b.bgn.gz", "wt", encoding="utf-8") as fh:
        fh.write(text)
    assert (tmp_path / "b.bgn.gz").stat().st_size < len(text) // 10
    assert input_chars([tmp_path / "a.bgn", tmp_path / "b.bgn.gz"]) == 2 * len(text)
    assert input_chars(["s3://bucket/x.bgn"]) is None


def test_a_damaged_file_is_named_and_the_other_files_are_still_checked(tmp_path):
    """The one place where -j 1 and -j N may differ: how many games of a file are
    reported before its compressed data turns out damaged (the reader and the
    chunker read ahead by different amounts).  Both name the file; every other
    file's output is the same."""
    good = ROOT / "data" / "sim" / "yu4.bgn.gz"
    data = bytearray(good.read_bytes())
    data[len(data) // 2: len(data) // 2 + 64] = bytes(64)  # damaged mid-file: a CRC error
    (tmp_path / "a-corrupt.bgn.gz").write_bytes(bytes(data))
    (tmp_path / "b-fake.bgn.gz").write_text("not gzip at all", encoding="utf-8")
    shutil.copy(good, tmp_path / "c-good.bgn.gz")
    files = sorted(tmp_path.iterdir())
    outputs, tallies = [], []
    for workers, size in ((1, None), (2, 3000)):
        out = io.StringIO()
        tallies.append(validate_paths(files, out, "json", workers=workers, chunk_chars=size))
        outputs.append([json.loads(x) for x in out.getvalue().splitlines()])
    assert tallies[0].unreadable == tallies[1].unreadable == [
        f"{tmp_path / 'a-corrupt.bgn.gz'}: cannot read: " + tallies[0].unreadable[0].split(
            ": cannot read: ")[1], f"{tmp_path / 'b-fake.bgn.gz'}: cannot read: Not a gzipped "
        "file (b'no')"]
    assert "CRC check failed" in tallies[0].unreadable[0]
    games_good = sum(1 for _ in read_records(good))
    tails = [[r for r in reports if r["file"].endswith("c-good.bgn.gz")] for reports in outputs]
    assert tails[0] == tails[1]
    assert [r["game"] for r in tails[0]] == list(range(1, games_good + 1))


def test_the_command_exits_2_naming_a_file_it_cannot_read(capsys, tmp_path):
    (tmp_path / "fake.bgn.gz").write_text("not gzip at all", encoding="utf-8")
    status, out, err = run(capsys, "-j", "2", str(tmp_path))
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        f"belot validate: {tmp_path / 'fake.bgn.gz'}: cannot read: Not a gzipped file (b'no')",
        "1 file(s) (1 could not be read to its end), 0 game(s), 0 deal(s): nothing checked"]


def test_a_reader_that_stops_early_ends_the_run_quietly(corpus):
    """``belot validate -j 2 --json DIR | head -1``: a closed pipe is no unreadable file."""
    proc = subprocess.Popen([sys.executable, "-m", "belot", "validate", "-j", "2", "--json",
                             str(corpus)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = json.loads(proc.stdout.readline())
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert first["game"] == 1 and "cannot read" not in err
