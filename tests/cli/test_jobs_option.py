"""One option for worker counts in every command that has workers: ``-j N`` /
``--jobs N``, 0 = every core (the default), 1 = in this process; a negative N is a
usage error (exit 2); ``ingest --workers`` and ``analyze --workers`` (0 = in this
process) still work for a release, with a deprecation line on stderr."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from belot.cli import main
from belot.options import pipeline_workers
from ingest.executors import InlineExecutor, make_executor

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "samples" / "mk4-rules.bgn"
NEGATIVE = ("argument -j/--jobs: expected a number of worker processes, 0 (every core) or "
            "more, not '-1'")


def belot(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "belot", *argv], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)


@pytest.mark.parametrize("argv", [
    ["validate", "-j", "-1", str(SAMPLE)],
    ["ingest", "-j", "-1", str(SAMPLE), "--into", "DS"],
    ["analyze", "--jobs", "-1", str(SAMPLE)],
    ["analyze", "-j", "many", str(SAMPLE)],
])
def test_a_negative_or_unreadable_count_is_a_usage_error(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: belot " + argv[0])
    assert err.splitlines()[-1] == f"belot {argv[0]}: error: " + NEGATIVE.replace(
        "'-1'", repr(argv[2]))


def test_the_old_workers_option_rejects_a_negative_count_too(tmp_path):
    run = belot("ingest", "--workers", "-1", str(SAMPLE), "--into", str(tmp_path / "ds"))
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1] == (
        "belot ingest: error: argument --workers: expected a number of worker processes, "
        "0 (every core) or more, not '-1'")
    assert not (tmp_path / "ds").exists()


def test_old_workers_spelling_works_with_a_deprecation_line(tmp_path):
    run = belot("ingest", "--workers", "0", "--quiet", "--json", str(SAMPLE),
                "--into", str(tmp_path / "ds"))
    assert run.returncode == 0, run.stderr
    assert run.stderr.splitlines() == [
        "belot ingest: --workers is deprecated and goes in the next release; use -j 1 "
        "(-j counts worker processes: 1 = in this process, 0 = every core)"]
    assert json.loads(run.stdout)["games"] == 6


def test_j_and_workers_together_are_a_usage_error(tmp_path):
    run = belot("analyze", "-j", "1", "--workers", "0", str(SAMPLE))
    assert run.returncode == 2
    assert run.stderr.splitlines() == [
        "belot analyze: -j and --workers are one option (--workers is the old spelling): "
        "give -j only"]


def test_validate_j0_is_every_core_and_the_same_report_as_j1():
    one, every = belot("validate", "-j", "1", str(SAMPLE)), belot("validate", "-j", "0",
                                                                   str(SAMPLE))
    assert one.returncode == every.returncode == 1
    assert every.stdout == one.stdout and every.stderr == one.stderr
    assert len(one.stdout.splitlines()) > 0  # mk4-rules.bgn shows findings on purpose


def test_a_count_maps_to_the_pipelines_workers():
    """-j 1 runs in this process (no pool), -j 0 every core, -j N N processes."""
    assert [pipeline_workers(n) for n in (0, 1, 2, 5)] == [None, 0, 2, 5]
    executor, in_flight, close = make_executor(pipeline_workers(1))
    assert isinstance(executor, InlineExecutor) and in_flight == 1
    close()
    executor, in_flight, close = make_executor(pipeline_workers(2))
    try:
        assert not isinstance(executor, InlineExecutor) and in_flight == 5
    finally:
        close()
