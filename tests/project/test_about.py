"""What an installation says it is: ``belot --version`` and ``belot.__version__``,
the version's one place, the changelog that goes with it, and the solver compiled
once into the user's cache with a word before and after."""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata

from support.pure_python import ROOT, is_compiled

import belot
from belot.about import footer
from ingest.bgn import reader
from replay.engine import walk as engine


def _belot(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "belot", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_version_says_what_runs():
    """The version, each part compiled or interpreted with the file it came from, numba
    and Python; on stdout, exit 0."""
    p = _belot("--version")
    assert p.returncode == 0 and p.stderr == ""
    lines = [f"belot-replay {belot.__version__}"]
    for part, module in (("reader", reader), ("engine", engine)):
        how = "compiled (mypyc)" if is_compiled(module) else "interpreted"
        lines.append(f"{part}: {how} {module.__file__}")
    lines += [f"numba {metadata.version('numba')}",
              f"Python {platform.python_version()} ({platform.python_implementation()})"]
    if not (is_compiled(reader) and is_compiled(engine)):
        lines.append("the compiled reader and engine validate about twice as fast: a "
                     "wheel built with a C compiler has them (docs/install.md)")
    assert p.stdout.splitlines() == lines
    assert footer() == (f"belot-replay {belot.__version__} · reader and engine "
                        f"{'compiled (mypyc)' if is_compiled(engine) else 'interpreted'} · "
                        f"numba {metadata.version('numba')} · Python {platform.python_version()}")


def test_the_version_lives_in_one_place():
    """pyproject.toml reads it from belot/__init__.py; the installed metadata agrees;
    it is semantic versioning; the changelog's newest version is this one."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "belot.__version__"}
    assert metadata.version("belot-replay") == belot.__version__
    assert re.fullmatch(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)", belot.__version__)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", changelog, re.M)
    assert versions[0] == belot.__version__
    assert versions == ["0.2.0", "0.1.0"]
    assert "## [Unreleased]" in changelog.split("## [0.2.0]")[0]


def test_the_solver_is_compiled_once_into_the_cache_and_says_so(tmp_path):
    """With the kernel not marked in the cache, ``prepare_solver`` says it compiles,
    compiles (here numba finds the machine code of the cache copied from the user's,
    so it only loads it) and marks the cache; the next time it says nothing."""
    from belot.warmup import cache_dir, prepare_solver

    prepare_solver(say=lambda _: None)  # the user's cache holds this kernel
    cache = tmp_path / "numba"
    shutil.copytree(cache_dir(), cache, ignore=shutil.ignore_patterns("belot-kernel-*"))
    code = ("from belot.warmup import prepare_solver\n"
            "said = []\n"
            "prepare_solver(say=said.append)\n"
            "prepare_solver(say=said.append)\n"
            "print('\\n'.join(said))\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, NUMBA_CACHE_DIR=str(cache)), timeout=600,
                       check=False)
    assert p.returncode == 0, p.stderr
    said = p.stdout.splitlines()
    assert said[0] == ("belot: compiling the double-dummy solver for this computer, once "
                       f"(about a minute); kept in {cache}")
    assert re.fullmatch(r"belot: solver compiled in \d+ s", said[1])
    assert len(said) == 2  # the second call found the mark
    assert len(list(cache.glob("belot-kernel-*"))) == 1
    assert not list((ROOT / "replay").rglob("__pycache__/kernel*.nbi"))
