#!/usr/bin/env bash
# Create .venv and install the project with its test, cluster and docs extras; as root, also
# Debian's chromium and chromium-driver for the dashboard's browser test when missing.
# Safe to run again: pip and apt only install what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,dask,docs]'
# Bytecode for our own sources: an editable install is not compiled by pip, and with
# PYTHONDONTWRITEBYTECODE set (as on this machine) Python would compile every module on
# every run -- 0.05 s of 'belot --help' and 0.15 s of each 'belot validate'.  A source
# edited later simply has a stale .pyc, which Python ignores (it checks the mtime).
.venv/bin/python -m compileall -q belot ingest replay analytics dashboard >/dev/null
# compile the double-dummy kernel once (numba caches it; later runs load it in a second)
.venv/bin/python -c 'import replay.solver as s; s.warm()'
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
   && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null \
    || echo "setup: could not install chromium; the dashboard's browser test will be skipped" >&2
fi
