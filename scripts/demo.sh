#!/usr/bin/env bash
# Set up (scripts/setup.sh), validate the bundled records under data/ (counts per
# code), ingest them into data/dataset
# (only new or changed files are read again), then serve the dashboard over it in the
# foreground until Ctrl-C.
#   PORT=8600 bash scripts/demo.sh       another port (default 8501)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mapfile -t records < <(find data -path data/dataset -prune -o -type f \
  \( -name '*.bgn' -o -name '*.bgn.gz' \) -print | LC_ALL=C sort)
if [ "${#records[@]}" -eq 0 ]; then
  echo "demo: no .bgn or .bgn.gz records under data/" >&2
  exit 1
fi
# validate first: the counts per code (the samples show every code on purpose,
# so findings, exit status 1, are expected; 2 would be a real error)
echo "demo: validating the bundled records" >&2
status=0
.venv/bin/belot validate --summary "${records[@]}" || status=$?
[ "$status" -le 1 ] || exit "$status"
.venv/bin/belot ingest "${records[@]}" --into data/dataset
echo "demo: serving the dashboard on http://localhost:${PORT:-8501} (Ctrl-C to stop)" >&2
exec .venv/bin/belot dashboard data/dataset --port "${PORT:-8501}"
