"""The cookbook's scripts (docs/cookbook/, included in docs/cookbook.md) run as written
on a real dataset ingested from the bundled samples and the BGN examples."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ingest.pipeline import ingest_paths

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "docs" / "cookbook"


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> str:
    into = tmp_path_factory.mktemp("cookbook") / "ds"
    summary = ingest_paths([str(ROOT / "data" / "samples"), str(ROOT / "docs" / "bgn" / "examples")],
                           into, workers=0, progress=False)
    assert (summary.games, summary.violations) == (27, 20)
    return str(into)


def _run(script: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BOOK / script), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_polars(dataset):
    out = _run("read_polars.py", dataset)
    assert out.returncode == 0, out.stderr
    assert "│ yu4     ┆ H        ┆ 9     ┆ 0.889 │" in out.stdout
    assert "│ bg4     ┆ NT       ┆ 1     ┆ 0.0   │" in out.stdout


def test_duckdb(dataset):
    out = _run("read_duckdb.py", dataset)
    assert out.returncode == 0, out.stderr
    assert "│ yu4     │ A505    │        2 │" in out.stdout
    assert "│ mk4     │ C401    │        1 │" in out.stdout


def test_pandas(dataset):
    out = _run("read_pandas.py", dataset)
    assert out.returncode == 0, out.stderr
    rows = {line.split()[0]: line.split()[1:] for line in out.stdout.splitlines()[2:]}
    assert rows["Elena"] == ["0", "4", "0", "0"]


def test_daily_logs_script():
    dirty = _run("check_daily_logs.py", "data/samples")
    assert dirty.returncode == 1
    assert "data/samples/mk4-rules.bgn:37:13: C401 seat 1 did not follow diamonds" in dirty.stdout
    assert dirty.stderr.strip().startswith("21 game(s), 20 finding(s), A501 x1")
    clean = _run("check_daily_logs.py", "docs/bgn/examples")
    assert (clean.returncode, clean.stdout, clean.stderr.strip()) == (0, "", "6 game(s), 0 finding(s)")


def test_daily_logs_script_says_nothing_was_checked(tmp_path):
    """No log that day, or a log cut short: exit 2 (belot.exits), never 0."""
    empty = _run("check_daily_logs.py", str(tmp_path))
    assert (empty.returncode, empty.stdout, empty.stderr) == (2, "", "0 game(s), 0 finding(s)\n")
    (tmp_path / "night.bgn.gz").write_bytes(b"not gzip at all")
    damaged = _run("check_daily_logs.py", str(tmp_path))
    assert (damaged.returncode, damaged.stderr.splitlines()) == (2, [
        f"{tmp_path / 'night.bgn.gz'}: cannot read: Not a gzipped file (b'no')",
        "0 game(s), 0 finding(s)"])


def test_dask_script(tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  protocol="tcp", dashboard_address=None) as cluster:
        out = _run("ingest_dask.py", cluster.scheduler_address, str(tmp_path / "ds"),
                   "docs/bgn/examples/*.bgn")
    assert out.returncode == 0, out.stderr
    assert "files=6," in out.stdout and "games=6," in out.stdout and "rejects=0," in out.stdout
