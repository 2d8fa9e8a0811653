"""``python -m analytics > docs/metrics.md``: every metric's definition, as Markdown."""

import sys

from analytics.metrics import render_markdown

sys.stdout.write(render_markdown())
