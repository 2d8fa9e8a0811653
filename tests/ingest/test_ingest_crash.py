"""SIGKILL during ``belot ingest``: only whole games remain, and a re-run completes the work.

Real subprocesses, real files, real SIGKILLs: at chosen points of a commit
(``BELOT_INGEST_CRASH``, the driver kills itself there) and at random moments.
After every kill the committed snapshot has whole games only (every table
agrees on the game_ids); the folders agree too once a writer has recovered;
and re-running the same command ends with every expected game exactly once.
"""

from __future__ import annotations

import random
import signal
import time

import pytest
from support.ingest_util import check_consistent, ids_of, popen_cli, run_cli, write_corpus

from ingest.dataset import Dataset

ARGS = ("-j", "2", "--chunk-mb", "0.01", "--quiet")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("crash")
    files = [write_corpus(root / "in" / "a.bgn", "yu4", games=30, seed=11, violation_rate=0.2),
             write_corpus(root / "in" / "b.bgn.gz", "mk4", games=30, seed=12,
                          violation_rate=0.2),
             write_corpus(root / "in" / "c.bgn", "bg4", games=15, seed=13)]
    expected = set()
    for f in files:
        expected |= set(ids_of(f))
    return root / "in", expected


def finish_and_check(src, ds, expected):
    done = run_cli("ingest", str(src), "--into", str(ds), *ARGS)
    assert done.returncode == 0, done.stderr
    assert check_consistent(ds) == expected
    assert check_consistent(ds, through_log=False) == expected  # each exactly once


@pytest.mark.parametrize("phase", ["staged", "logged", "renaming", "placed"])
def test_kill_inside_a_commit(corpus, tmp_path, phase):
    src, expected = corpus
    ds = tmp_path / "ds"
    p = run_cli("ingest", str(src), "--into", str(ds), *ARGS,
                env={"BELOT_INGEST_CRASH": f"{phase}:3"})
    assert p.returncode == -signal.SIGKILL
    present = check_consistent(ds)  # the committed snapshot, before any recovery
    assert present < expected
    # units 0-2 committed; unit 3 too once its log record is written
    assert len(Dataset(ds).read_state().files["games"]) == (3 if phase == "staged" else 4)
    if phase == "renaming":
        # a part of unit 3 is in place, its games part is not: the folders disagree
        # until a writer rolls the commit forward
        with pytest.raises(AssertionError):
            check_consistent(ds, through_log=False)
    with Dataset(ds).writer():
        pass  # recovery
    assert check_consistent(ds, through_log=False) == present
    finish_and_check(src, ds, expected)
    assert not list((ds / "_belot" / "staging").iterdir())


def test_sigkill_at_random_moments_then_rerun(corpus, tmp_path):
    src, expected = corpus
    ds = tmp_path / "ds"
    log = ds / "_belot" / "log"
    rng = random.Random(20261130)
    seen = []
    for _ in range(4):
        # kill after a random number of this run's commits, plus a random instant:
        # somewhere inside the run, wherever the driver happens to be
        goal = (Dataset(ds).read_state().seq if ds.exists() else 0) + rng.randint(1, 4)
        p = popen_cli("ingest", str(src), "--into", str(ds), *ARGS)
        deadline = time.monotonic() + 30
        while p.poll() is None and time.monotonic() < deadline:
            if log.exists() and any(int(f.stem) >= goal for f in log.glob("*.json")):
                break
            time.sleep(0.002)
        time.sleep(rng.uniform(0, 0.03))
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=30)
        present = check_consistent(ds)  # whole games only, at any moment
        assert present <= expected
        with Dataset(ds).writer():
            pass  # what every writer does first: the folders then agree as well
        assert check_consistent(ds, through_log=False) == present
        seen.append(len(present))
    assert seen == sorted(seen) and 0 < seen[-1] < len(expected)  # killed mid-run, no loss
    finish_and_check(src, ds, expected)
