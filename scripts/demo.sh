#!/usr/bin/env bash
# Set up (scripts/setup.sh), then run the main job on the bundled records in data/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/belot validate data/ || true   # a report; the samples contain violations on purpose
