"""DuckDB analytics over the Parquet event dataset.

    from analytics import open_dataset, Filters, METRICS
    a = open_dataset("data/dataset")
    a.query("bid_success", ["variant", "contract"], Filters(variants=["yu4"]))
    a.overview(Filters(players=["Ana"]))

Every metric is defined once in :mod:`analytics.metrics` (SQL + a doc that says
exactly what it counts); the fact tables it reads are in :mod:`analytics.facts`.
The dashboard and ``belot stats`` only call this API, never write SQL.
"""

from analytics.core import Analytics, Filters, committed_files, open_dataset, to_json_rows
from analytics.metrics import METRICS, MIN_N, Metric

__all__ = ["Analytics", "Filters", "METRICS", "MIN_N", "Metric", "committed_files",
           "open_dataset", "to_json_rows"]
