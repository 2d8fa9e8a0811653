#!/usr/bin/env bash
# Regenerate the simulated corpus under data/sim/ (deterministic: same seeds, same bytes).
# About 3% of the deals carry one injected violation, noted in a comment.
set -euo pipefail
cd "$(dirname "$0")/.."
BELOT="${BELOT:-.venv/bin/belot}"
mkdir -p data/sim
while read -r variant games seed; do
  $BELOT simulate --variant "$variant" --games "$games" --seed "$seed" --violations 0.03 \
    -o "data/sim/$variant.bgn.gz"
done <<'LIST'
yu4 120 101
mk4 100 102
bg4 80 103
fr4 40 104
contree 60 105
yu3 30 106
ru3 40 107
ru-pair 30 108
bg3 30 109
bg2 30 110
hu3 12 111
hu2 12 112
LIST
# the corpus sizes the pages quote (docs/snippets/numbers.md)
"${PYTHON:-.venv/bin/python}" benchmarks/docnumbers.py
