"""A damaged compressed file in an ingest: named on stderr, exit status 2, the other
files ingested whole, and the damaged file read again by the next run (it is not
marked as ingested). Bad input never ends the run with a traceback."""

from __future__ import annotations

import gzip

from support.ingest_util import ids_of, run_cli, table, write_corpus


def test_a_truncated_and_a_fake_gzip_are_named_and_the_good_file_goes_in(tmp_path):
    good = write_corpus(tmp_path / "in" / "a-good.bgn", "yu4", games=6, seed=3)
    whole = gzip.compress(write_corpus(tmp_path / "src.bgn", "bg4", games=30, seed=4)
                          .read_bytes())
    (tmp_path / "in" / "b-cut.bgn.gz").write_bytes(whole[: len(whole) * 2 // 3])
    (tmp_path / "in" / "c-fake.bgn.gz").write_text("not gzip at all", encoding="utf-8")
    ds = tmp_path / "ds"

    run = run_cli("ingest", str(tmp_path / "in"), "--into", str(ds), "-j", "1")
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    damaged = [line for line in run.stderr.splitlines() if "cannot read to its end" in line]
    assert len(damaged) == 2
    assert damaged[0].startswith(f"belot ingest: {tmp_path / 'in' / 'b-cut.bgn.gz'}:")  # :LINE
    assert "Compressed file ended before the end-of-stream marker" in damaged[0]
    assert damaged[1].startswith(f"belot ingest: {tmp_path / 'in' / 'c-fake.bgn.gz'}: ")
    present = {r["game_id"] for r in table(ds, "games")}
    assert set(ids_of(good)) <= present

    again = run_cli("ingest", str(tmp_path / "in"), "--into", str(ds), "-j", "1")
    assert again.returncode == 2
    # the good file is unchanged since ingested; both damaged files are read again
    assert "1 unchanged since ingested" in again.stdout
    assert again.stderr.count("cannot read to its end") == 2


def test_json_lines_findings_stand_at_their_json_line_in_every_unit(tmp_path):
    """JSON Lines records carry no token places: a finding's line is its game's JSON
    line and its col is null (docs/bgn/json.md), and the dataset keeps the file's
    line in every unit of work (a unit's line offset is added once)."""
    bgn = write_corpus(tmp_path / "x.bgn", "yu4", games=40, seed=5, violation_rate=0.5)
    jsonl = tmp_path / "in" / "x.jsonl"
    jsonl.parent.mkdir()
    done = run_cli("convert", "--to", "json", "-o", str(jsonl), str(bgn))
    assert done.returncode == 0, done.stderr
    ds = tmp_path / "ds"
    run = run_cli("ingest", str(jsonl), "--into", str(ds), "-j", "1",
                  "--chunk-mb", "0.02")
    assert run.returncode == 0, run.stderr
    rows = table(ds, "violations")
    assert len(rows) == 151
    # one game per line, no blank line: game N stands on line N of the file
    assert all(r["line"] == r["game_index"] and r["col"] is None for r in rows)
    assert len({r["game_index"] for r in rows}) > 1
