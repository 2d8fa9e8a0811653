"""A short coverage-guided fuzzing run (atheris, ``tests/fuzz/harness.py``) on each
build: the interpreted sources (a copy without the extensions) and the compiled
one, where a value that breaks a type annotation raises ``TypeError``.

Each run starts from the seed corpus of the bundled records, with a fixed seed,
a fixed number of inputs and Python's hashing fixed, so that it tries the same
inputs every time; it must end with every input checked (``Done N runs``) and no
crash saved.  A long campaign is ``scripts/fuzz.py`` (docs/dev/fuzzing.md).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.pure_python import ROOT, build_script

pytest.importorskip("atheris")

BUILT = all(p.exists() for p in build_script().built_files())
#: inputs per run, by build and target: a few thousand on each build in some seconds of
#: CPU each (instrumented interpreted code runs about twenty times slower)
RUNS = {("interpreted", "bgn"): 400, ("interpreted", "jsonl"): 300,
        ("compiled", "bgn"): 3000, ("compiled", "jsonl"): 1500}


def fuzz(tree: Path, target: str, runs: int, into: Path) -> subprocess.CompletedProcess[str]:
    corpus = into / "corpus"
    corpus.mkdir()
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    argv = [sys.executable, "tests/fuzz/harness.py", target, f"-runs={runs}",
            "-seed=1", "-max_len=1024", f"-artifact_prefix={into}/", str(corpus)]
    return subprocess.run(argv, cwd=tree, env=env, capture_output=True, text=True,
                          check=False, timeout=600)


@pytest.mark.parametrize(("build", "target"), sorted(RUNS))
def test_a_short_fuzzing_run_finds_no_crash(build, target, pure_tree, tmp_path):
    if build == "compiled" and not BUILT:
        pytest.skip("no compiled build in place (BELOT_PURE=1)")
    runs = RUNS[build, target]
    done = fuzz(pure_tree if build == "interpreted" else ROOT, target, runs, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"Done {runs} runs" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus"]  # no crash-* saved
