#!/usr/bin/env bash
# Create .venv and install the project into it in editable mode with its test, cluster
# and docs extras, by the wheel's own build: the reader and the engine compiled with
# mypyc beside their sources (BELOT_PURE=1: not compiled); as root, also Debian's
# chromium and chromium-driver for the dashboard's browser test when missing.
# Safe to run again: pip and apt only install what is missing, the mypyc build is redone
# only when a compiled source changed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
# The build's own requirements (pyproject.toml, [build-system]) go into .venv, and the
# editable install builds there (--no-build-isolation): the mypy that compiled the
# extensions is then the one the test suite's stale-build check compares with.
.venv/bin/python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]))' \
  | .venv/bin/python -m pip install --quiet -r /dev/stdin
# The editable install runs setup.py, which compiles the reader and the engine with
# mypyc in place (docs/install.md; about a minute and a half when a compiled source
# changed, else "up to date").  BELOT_PURE=1 builds nothing and removes a build in
# place, so that the .py sources run.
if [ "${BELOT_PURE:-0}" = 1 ]; then
  .venv/bin/python scripts/build_compiled.py --clean
elif ! .venv/bin/python scripts/build_compiled.py --check >/dev/null 2>&1 \
     || [ ! -e build/mypyc/sources.json ]; then
  echo "setup: compiling the reader and the engine with mypyc (about a minute and a half)"
fi
.venv/bin/python -m pip install --quiet --no-build-isolation -e '.[test,dask,docs]' \
  || { echo "setup: the install failed; if the mypyc build did, BELOT_PURE=1 bash scripts/setup.sh sets up without it" >&2; exit 1; }
if [ "${BELOT_PURE:-0}" != 1 ] && .venv/bin/belot --version | grep -q interpreted; then
  echo "setup: no working C compiler, so nothing was compiled: the .py sources run (validation about half as fast)" >&2
fi
# Bytecode for our own sources: an editable install is not compiled by pip, and with
# PYTHONDONTWRITEBYTECODE set Python would compile every module on
# every run -- 0.05 s of 'belot --help' and 0.15 s of each 'belot validate'.  A source
# edited later simply has a stale .pyc, which Python ignores (it checks the mtime).
.venv/bin/python -m compileall -q belot ingest replay analytics dashboard >/dev/null
# compile the double-dummy kernel once into the user's cache (later runs load it)
.venv/bin/python -c 'from belot.warmup import prepare_solver; prepare_solver(threads=True)'
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
   && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null \
    || echo "setup: could not install chromium; the dashboard's browser test will be skipped" >&2
fi
