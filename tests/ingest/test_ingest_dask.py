"""The same ingest on a dask.distributed cluster writes the same dataset, row for row."""

from __future__ import annotations

import os

import pytest
from support.ingest_util import check_consistent, table, write_corpus

from ingest.pipeline import ingest_paths
from ingest.schema import TABLES

RUN_COLUMNS = {"batch", "ingest_batch", "ingested_at"}


def dump(root) -> dict[str, list[tuple]]:
    return {name: sorted(tuple(v for k, v in r.items() if k not in RUN_COLUMNS)
                         for r in table(root, name))
            for name in TABLES}


def test_local_cluster_equals_local_processes(tmp_path):
    distributed = pytest.importorskip("distributed")
    src = tmp_path / "in"
    write_corpus(src / "a.bgn", "yu4", games=20, seed=31, violation_rate=0.3)
    write_corpus(src / "b.bgn.gz", "bg4", games=20, seed=32, violation_rate=0.3)
    (src / "c.bgn").write_text('[Variant "yu4"]\n\ndeal 1 dealer 4\nbids pass ZZ\nresult *\n')
    local = ingest_paths([str(src)], tmp_path / "local", workers=2, chunk_chars=4000)
    workers = set()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = ingest_paths([str(src)], tmp_path / "dask", scheduler=cluster.scheduler_address,
                              chunk_chars=4000,
                              on_commit=lambda rec: workers.add(rec["source"]["worker"]))
    assert (remote.games, remote.deals, remote.rejects, remote.units) == (
        local.games, local.deals, local.rejects, local.units)
    assert local.units > 10 and local.rejects == 1
    # the parts were written by the cluster's worker processes, not by this one
    pids = {w.rsplit(":", 1)[1] for w in workers}
    assert pids and str(os.getpid()) not in pids
    assert dump(tmp_path / "dask") == dump(tmp_path / "local")
    assert check_consistent(tmp_path / "dask") == check_consistent(tmp_path / "local")
