"""Contracts made per variant and contract kind, with Polars."""

import sys

import polars as pl

from analytics import committed_files

dataset = sys.argv[1] if len(sys.argv) > 1 else "data/dataset"
# the committed parts only: never a file of an ingest still running
deals = pl.scan_parquet(committed_files(dataset)["deals"], hive_partitioning=True)
table = (deals.filter(pl.col("made").is_not_null())
         .group_by("variant", "contract")
         .agg(pl.len().alias("deals"), pl.col("made").mean().round(3).alias("made"))
         .sort("variant", "contract")
         .collect())
print(table)
