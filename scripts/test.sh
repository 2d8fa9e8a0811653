#!/usr/bin/env bash
# Set up (scripts/setup.sh), then lint, type-check (mypy, configured in pyproject.toml),
# run the whole test suite and build the docs site with --strict (a broken link or a
# missing page fails).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
site="$(mktemp -d "${TMPDIR:-/tmp}/belot-site.XXXXXX")"
trap 'rm -rf "$site"' EXIT
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --quiet --site-dir "$site"
