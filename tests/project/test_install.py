"""Installed the way users install it: ``python -m build`` makes an sdist and a wheel;
the wheel goes into a fresh virtual environment (no system site-packages, no
checkout on the path) and every command works from another folder.  The dashboard
without a dataset builds its demo dataset under ``$XDG_DATA_HOME`` and serves it;
nothing is written inside the installation.

Slow by nature (pip installs every dependency from the local cache or mirror, about
a minute): marked ``install``; ``pytest -m 'not install'`` leaves it out.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from support.dashboard_util import REPO, serving

from ingest.bgn.reader import read_games
from ingest.bgn.writer import game_id
from ingest.dataset import connect

pytestmark = pytest.mark.install

PACKAGES = ("belot", "replay", "ingest", "analytics", "dashboard")
STEP = 600  # seconds: a bound on each step (pip on a cold cache), not a speed check


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


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv, its site-packages, env for the commands, a working folder elsewhere)."""
    tmp = tmp_path_factory.mktemp("install")
    dist = tmp / "dist"
    _ok(_run([sys.executable, "-m", "build", "--outdir", dist, REPO]))
    wheels, sdists = sorted(dist.glob("*.whl")), sorted(dist.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1
    with zipfile.ZipFile(wheels[0]) as z:
        names = set(z.namelist())
        meta = next(z.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    assert _shipped() <= names, sorted(_shipped() - names)
    assert "License-Expression: MIT" in meta.splitlines()
    with tarfile.open(sdists[0]) as t:
        in_sdist = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    assert _shipped() <= in_sdist, sorted(_shipped() - in_sdist)

    venv = tmp / "venv"
    _ok(_run([sys.executable, "-m", "venv", venv]))
    _ok(_run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", wheels[0]]))
    site = Path(_ok(_run([venv / "bin" / "python", "-c",
                          "import sysconfig; print(sysconfig.get_path('purelib'))"])).strip())
    assert site.is_relative_to(venv)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               XDG_DATA_HOME=str(tmp / "xdg"), HOME=str(tmp / "home"))
    (tmp / "home").mkdir()
    work = tmp / "work"
    work.mkdir()
    return venv, site, env, work


def test_every_command_works_from_the_installed_wheel(installed):
    venv, site, env, work = installed
    before = _listing(venv)

    def belot(*args) -> subprocess.CompletedProcess:
        return _run([venv / "bin" / "belot", *args], cwd=work, env=env)

    # the package that answers is the installed one, not the checkout
    where = _ok(_run([venv / "bin" / "python", "-c", "import belot, dashboard; "
                      "print(belot.__file__); print(dashboard.__file__)"], cwd=work, env=env))
    assert all(Path(p).is_relative_to(site) for p in where.split())

    assert "dashboard" in _ok(belot("--help"))

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

    after = _listing(venv)
    assert after == before, {k: (before.get(k), after.get(k))
                             for k in set(before) | set(after) if before.get(k) != after.get(k)}
