"""Where units of work run: worker processes on every core, this process, or a dask cluster.

``belot ingest``, ``belot validate`` and ``belot analyze`` cut their input into
chunks of whole games (:mod:`ingest.chunks`) and hand each chunk to a
:class:`concurrent.futures.Executor` made here.  This module imports nothing
heavy (no pyarrow, no numba): ``belot validate`` starts with it.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
from collections.abc import Callable


class InlineExecutor(cf.Executor):
    """Runs each task at submit time, in this process (``--workers 0``)."""

    def submit(self, fn, /, *args, **kwargs):
        fut: cf.Future = cf.Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - delivered through the future
            fut.set_exception(exc)
        return fut


def _worker_init() -> None:
    """A local worker dies with its driver (Linux ``PR_SET_PDEATHSIG``): a killed
    run leaves no orphan writing into the staging area."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass


def default_workers() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def missing_dask(exc: ImportError, scheduler: str | None, command: str) -> str | None:
    """The error line for ``--scheduler`` when dask.distributed is not installed
    (None when ``exc`` is some other missing module)."""
    if scheduler and exc.name and exc.name.startswith(("distributed", "dask")):
        return (f"belot {command}: --scheduler needs dask.distributed: "
                "pip install 'belot-replay[dask]'")
    return None


def process_pool(workers: int) -> cf.ProcessPoolExecutor:
    """``workers`` local processes, forked where the platform allows (they inherit
    the imported modules and the driver's caches instead of loading them again)."""
    ctx = multiprocessing.get_context("fork" if "fork" in
                                      multiprocessing.get_all_start_methods() else None)
    return cf.ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_worker_init)


def make_executor(workers: int | None = None, scheduler: str | None = None
                  ) -> tuple[cf.Executor, int, Callable[[], None]]:
    """(executor, max units in flight, close function) for ``--workers N`` /
    ``--scheduler ADDRESS``: at most two units waiting per worker besides the running
    ones, so the driver holds a bounded amount of text whatever the input size."""
    if scheduler:
        from distributed import Client

        client = Client(scheduler)
        threads = sum(client.nthreads().values()) or 1
        ex = client.get_executor(pure=False)

        def close() -> None:
            client.close()

        return ex, 2 * threads + 1, close
    n = default_workers() if workers is None else workers
    if n <= 0:
        return InlineExecutor(), 1, lambda: None
    pool = process_pool(n)
    return pool, 2 * n + 1, lambda: pool.shutdown(wait=True, cancel_futures=True)
