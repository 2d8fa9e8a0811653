"""Installed the way users install it: ``python -m build`` makes an sdist and, from
it, a wheel with the reader and the engine compiled by mypyc; the wheel goes into a
fresh virtual environment (no system site-packages, no checkout on the path) and
every command works from another folder, with the compiled modules loaded from the
installation.  The dashboard without a dataset builds its demo dataset under
``$XDG_DATA_HOME`` and serves it; the first ``belot analyze`` compiles the solver
into ``$XDG_CACHE_HOME``; nothing is written inside the installation.  Without a C
compiler the same sdist builds a pure-Python wheel, says so, and installs and runs
interpreted.

Slow by nature (the mypyc build, pip installing every dependency from the local
cache or mirror, numba compiling the solver: a few minutes): marked ``install``;
``pytest -m 'not install'`` leaves it out.
"""

from __future__ import annotations

import os
import platform
import re
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from support.dashboard_util import REPO, serving
from support.pure_python import build_script

import belot
from ingest.bgn.reader import read_games
from ingest.bgn.writer import game_id
from ingest.dataset import connect

pytestmark = pytest.mark.install

PACKAGES = ("belot", "replay", "ingest", "analytics", "dashboard")
STEP = 900  # seconds: a bound on each step (pip on a cold cache, mypyc), not a speed check
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
#: the compiled modules a wheel built with a C compiler holds, beside their sources
COMPILED = {str(p.relative_to(REPO)) for p in build_script().built_files()}
#: what ``belot --version`` says of the reader and the engine, by module
PARTS = (("reader", "ingest/bgn/reader"), ("engine", "replay/engine/walk"))


def _run(argv: list, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True,
                          timeout=STEP, **kw)


def _ok(p: subprocess.CompletedProcess) -> str:
    assert p.returncode == 0, f"{p.args}: exit {p.returncode}\n{p.stdout}\n{p.stderr}"
    return p.stdout


def _listing(root: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``root``: size and modification time."""
    out = {}
    for folder, _, files in os.walk(root):
        for f in files:
            p = Path(folder, f)
            st = p.lstat()
            out[str(p.relative_to(root))] = (st.st_size, st.st_mtime_ns)
    return out


def _shipped() -> set[str]:
    """What the wheel must hold: every module of the project's packages, every
    bundled record (``data/`` as ``belot/data/``) and the typed packages' markers."""
    want = {str(p.relative_to(REPO)) for pkg in PACKAGES for p in (REPO / pkg).rglob("*.py")
            if "__pycache__" not in p.parts and not p.is_relative_to(REPO / "belot" / "data")}
    for pattern in ("samples/*.bgn", "sim/*.bgn.gz"):
        want |= {f"belot/data/{p.relative_to(REPO / 'data')}" for p in (REPO / "data").glob(
            pattern)}
    return want | {"replay/py.typed", "ingest/py.typed"}  # typed packages (PEP 561)


def _wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def _version_lines(site: Path, how: str) -> list[str]:
    """``belot --version`` of an installation in ``site``: ``how`` is "compiled
    (mypyc)" or "interpreted"."""
    lines = [f"belot-replay {belot.__version__}"]
    for part, module in PARTS:
        file = module + (".py" if how == "interpreted" else SUFFIX)
        lines.append(f"{part}: {how} {site / file}")
    lines += [f"numba {metadata.version('numba')}",
              f"Python {platform.python_version()} ({platform.python_implementation()})"]
    if how == "interpreted":
        lines.append("the compiled reader and engine validate about twice as fast: a "
                     "wheel built with a C compiler has them (docs/install.md)")
    return lines


def _venv(where: Path) -> tuple[Path, Path]:
    """A fresh virtual environment: (its folder, its site-packages)."""
    _ok(_run([sys.executable, "-m", "venv", where]))
    site = Path(_ok(_run([where / "bin" / "python", "-c",
                          "import sysconfig; print(sysconfig.get_path('purelib'))"])).strip())
    assert site.is_relative_to(where)
    return where, site


def _env(tmp: Path, venv: Path) -> dict[str, str]:
    """The environment of a user of ``venv``: its bin on PATH, a home, data and cache
    folders of its own."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP",
                        "NUMBA_CACHE_DIR", "XDG_CACHE_HOME", "BELOT_PURE")}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               XDG_DATA_HOME=str(tmp / "xdg"), XDG_CACHE_HOME=str(tmp / "cache"),
               HOME=str(tmp / "home"))
    (tmp / "home").mkdir(exist_ok=True)
    return env


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(the sdist, the wheel built from it, the build's output)."""
    dist = tmp_path_factory.mktemp("dist")
    env = {k: v for k, v in os.environ.items() if k not in ("BELOT_PURE", "CC")}
    out = _ok(_run([sys.executable, "-m", "build", "--outdir", dist, REPO], env=env))
    wheels, sdists = sorted(dist.glob("*.whl")), sorted(dist.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1
    return sdists[0], wheels[0], out


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory):
    """(venv, its site-packages, env for the commands, a working folder elsewhere)."""
    sdist, wheel, out = built
    tmp = tmp_path_factory.mktemp("install")
    names = _wheel_names(wheel)
    with zipfile.ZipFile(wheel) as z:
        meta = next(z.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    assert _shipped() <= names, sorted(_shipped() - names)
    assert "License-Expression: MIT" in meta.splitlines()
    assert f"Version: {belot.__version__}" in meta.splitlines()
    # a platform wheel with every compiled module, and no word of a pure build
    assert not wheel.name.endswith("-py3-none-any.whl"), wheel.name
    assert COMPILED <= names, sorted(COMPILED - names)
    assert "pure-Python wheel" not in out
    with tarfile.open(sdist) as t:
        in_sdist = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    assert _shipped() <= in_sdist, sorted(_shipped() - in_sdist)
    # what a build from the sdist needs beside the packages, and no compiled file
    assert {"setup.py", "pyproject.toml", "scripts/build_compiled.py",
            "scripts/mypyc_docstrings.py", "CHANGELOG.md"} <= in_sdist
    assert not {n for n in in_sdist if n.endswith(SUFFIX)}

    venv, site = _venv(tmp / "venv")
    _ok(_run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", wheel]))
    work = tmp / "work"
    work.mkdir()
    return venv, site, _env(tmp, venv), work


def test_every_command_works_from_the_installed_wheel(installed):
    venv, site, env, work = installed
    before = _listing(venv)

    def belot(*args) -> subprocess.CompletedProcess:
        return _run([venv / "bin" / "belot", *args], cwd=work, env=env)

    # the package that answers is the installed one, not the checkout, and its reader
    # and engine are the compiled modules
    where = _ok(_run([venv / "bin" / "python", "-c", "import belot, dashboard; "
                      "import ingest.bgn.reader as r, replay.engine.walk as e; "
                      "print(belot.__file__, dashboard.__file__, r.__file__, e.__file__)"],
                     cwd=work, env=env)).split()
    assert all(Path(p).is_relative_to(site) for p in where)
    assert where[2:] == [str(site / f"{m}{SUFFIX}") for _, m in PARTS]

    assert "dashboard" in _ok(belot("--help"))
    assert _ok(belot("--version")).splitlines() == _version_lines(site, "compiled (mypyc)")

    sample = work / "yu4-rules.bgn"
    sample.write_bytes((REPO / "data" / "samples" / "yu4-rules.bgn").read_bytes())
    got = belot("validate", sample.name)
    want = _run([sys.executable, "-m", "belot", "validate", sample.name], cwd=work,
                env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert got.returncode == want.returncode == 1  # the sample's records break rules
    assert got.stdout == want.stdout and got.stdout.count(": ") >= 15

    _ok(belot("ingest", sample.name, "--into", "ds"))
    stats = _ok(belot("stats", "ds", "--format", "json"))
    assert stats == _ok(_run([sys.executable, "-m", "belot", "stats", "ds", "--format", "json"],
                             cwd=work, env=dict(os.environ, PYTHONPATH=str(REPO))))
    games = {game_id(g) for g in read_games(sample) if not g.errors}
    ingested = {r[0] for r in connect(work / "ds").execute("SELECT game_id FROM games")
                .fetchall()}
    assert ingested == games

    demo = Path(env["XDG_DATA_HOME"]) / "belot-replay" / "demo-dataset"
    with serving([venv / "bin" / "belot", "dashboard"], work, env, wait=STEP) as url:
        assert url.startswith("http://127.0.0.1:")
    log = (work / "server.log").read_text()
    assert f"building the demo dataset {demo}" in log
    bundled = [p for pattern in ("samples/*.bgn", "sim/*.bgn.gz")
               for p in sorted((REPO / "data").glob(pattern))]
    con = connect(demo)
    assert {r[0] for r in con.execute("SELECT DISTINCT source_file FROM games").fetchall()} \
        == {f"data/{p.relative_to(REPO / 'data')}" for p in bundled}
    assert con.execute("SELECT count(*) FROM games").fetchone()[0] == len(
        {game_id(g) for p in bundled for g in read_games(p) if not g.errors})
    assert con.execute("SELECT count(*) FROM records").fetchone()[0] == con.execute(
        "SELECT count(*) FROM games").fetchone()[0]

    # the first analysis compiles the solver once, into the user's cache, and says so
    cache = Path(env["XDG_CACHE_HOME"]) / "belot-replay" / "numba"
    assert not list(cache.glob("belot-kernel-*"))  # not compiled for analysis yet
    first = belot("analyze", sample.name)
    assert first.returncode == 0, first.stderr
    said = first.stderr.splitlines()
    assert said[0] == ("belot: compiling the double-dummy solver for this computer, once "
                       f"(about a minute); kept in {cache}")
    assert re.fullmatch(r"belot: solver compiled in \d+ s", said[1]), said
    assert list(cache.rglob("kernel.*.nbi"))
    again = belot("analyze", sample.name)
    assert not [line for line in again.stderr.splitlines() if "compil" in line]
    want = _run([sys.executable, "-m", "belot", "analyze", sample.name], cwd=work,
                env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert first.stdout == again.stdout == want.stdout
    assert first.stdout.count(" lost ") >= 1

    after = _listing(venv)
    assert after == before, {k: (before.get(k), after.get(k))
                             for k in set(before) | set(after) if before.get(k) != after.get(k)}


def test_without_a_c_compiler_the_wheel_is_pure_and_says_so(built, installed, tmp_path):
    """The same sdist built where no C compiler works (``CC`` names a missing one):
    one line says the wheel is pure, the wheel holds no compiled module and fits any
    platform, and installed it runs interpreted, with the same findings."""
    sdist, _, _ = built
    with tarfile.open(sdist) as t:
        t.extractall(tmp_path / "src", filter="data")
    src = next((tmp_path / "src").iterdir())
    env = {k: v for k, v in os.environ.items() if k != "BELOT_PURE"}
    env["CC"] = str(tmp_path / "no-such-cc")
    # in this environment (--no-isolation: a pure build needs only setuptools), which
    # saves pip setting up another one
    out = _ok(_run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    tmp_path / "dist", src], env=env))
    said = [line for line in out.splitlines() if "pure-Python wheel" in line]
    assert said == [
        "belot-replay: building a pure-Python wheel (no C compiler could build an extension: "
        f"[Errno 2] No such file or directory: '{env['CC']}'); the reader and the "
        "engine run interpreted, validation about half as fast"]
    wheel = next((tmp_path / "dist").glob("*.whl"))
    assert wheel.name == f"belot_replay-{belot.__version__}-py3-none-any.whl"
    assert not {n for n in _wheel_names(wheel) if n.endswith(SUFFIX)}
    assert _shipped() <= _wheel_names(wheel)

    # installed beside the dependencies of the compiled installation (a line in a
    # .pth file puts them after this environment's own site-packages)
    deps_venv, deps_site, _, _ = installed
    venv, site = _venv(tmp_path / "venv")
    _ok(_run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-deps", wheel]))
    (site / "deps.pth").write_text(f"{deps_site}\n", encoding="utf-8")
    env = _env(tmp_path, venv)
    work = tmp_path / "work"
    work.mkdir()
    assert _ok(_run([venv / "bin" / "belot", "--version"], cwd=work, env=env)).splitlines() \
        == _version_lines(site, "interpreted")
    sample = work / "yu4-rules.bgn"
    sample.write_bytes((REPO / "data" / "samples" / "yu4-rules.bgn").read_bytes())
    pure = _run([venv / "bin" / "belot", "validate", sample], cwd=work, env=env)
    compiled = _run([deps_venv / "bin" / "belot", "validate", sample], cwd=work, env=env)
    assert pure.returncode == compiled.returncode == 1
    assert pure.stdout == compiled.stdout and pure.stdout.count(": ") >= 15


def test_belot_pure_asks_for_the_pure_wheel(built, tmp_path):
    """``BELOT_PURE=1`` builds the pure wheel even with a compiler, and says why."""
    sdist, _, _ = built
    with tarfile.open(sdist) as t:
        t.extractall(tmp_path / "src", filter="data")
    src = next((tmp_path / "src").iterdir())
    out = _ok(_run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    tmp_path / "dist", src], env=dict(os.environ, BELOT_PURE="1")))
    assert [line for line in out.splitlines() if "pure-Python wheel" in line] == [
        "belot-replay: building a pure-Python wheel (BELOT_PURE=1); the reader and the "
        "engine run interpreted, validation about half as fast"]
    wheel = next((tmp_path / "dist").glob("*.whl"))
    assert wheel.name == f"belot_replay-{belot.__version__}-py3-none-any.whl"
    assert not {n for n in _wheel_names(wheel) if n.endswith(SUFFIX)}
