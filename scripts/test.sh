#!/usr/bin/env bash
# Set up (scripts/setup.sh), then lint, type-check (mypy, configured in pyproject.toml)
# and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
