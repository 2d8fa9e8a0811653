"""Ingest on a dask cluster: the same rows as a local run, units spread over the workers.

    python ingest_dask.py tcp://10.0.0.5:8786 /shared/ds 's3://club-logs/2026/*.bgn.gz'

Every worker needs this package installed (pip install -e '.[dask]') and must reach
both the input files and the dataset folder at the same paths as this script.
"""

import sys

from ingest.pipeline import ingest_paths

scheduler, into, *paths = sys.argv[1:]
summary = ingest_paths(paths, into, scheduler=scheduler, progress=True)
print(summary)
