#!/usr/bin/env bash
# Create .venv and install the project with its test, cluster and docs extras, compile the
# reader and the engine with mypyc (BELOT_PURE=1: don't); as root, also Debian's chromium
# and chromium-driver for the dashboard's browser test when missing.
# Safe to run again: pip and apt only install what is missing, the mypyc build is redone
# only when a compiled source changed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,dask,docs]'
# Bytecode for our own sources: an editable install is not compiled by pip, and with
# PYTHONDONTWRITEBYTECODE set Python would compile every module on
# every run -- 0.05 s of 'belot --help' and 0.15 s of each 'belot validate'.  A source
# edited later simply has a stale .pyc, which Python ignores (it checks the mtime).
.venv/bin/python -m compileall -q belot ingest replay analytics dashboard >/dev/null
# Compile the reader and the engine with mypyc (docs/performance.md#compiled-with-mypyc);
# rebuilt only when one of their sources changed.  BELOT_PURE=1 skips the
# build and removes one in place, so that the .py sources run.
if [ "${BELOT_PURE:-0}" = 1 ]; then
  .venv/bin/python scripts/build_compiled.py --clean
else
  .venv/bin/python scripts/build_compiled.py \
    || { echo "setup: the mypyc build failed; BELOT_PURE=1 bash scripts/setup.sh sets up without it" >&2; exit 1; }
fi
# compile the double-dummy kernel once (numba caches it; later runs load it in a second)
.venv/bin/python -c 'import replay.solver.search as s; s.warm()'
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
   && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null \
    || echo "setup: could not install chromium; the dashboard's browser test will be skipped" >&2
fi
