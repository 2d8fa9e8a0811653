"""The double-dummy kernel compiled once per machine, where a user first meets it.

numba compiles ``replay.solver.kernel`` to machine code the first time it runs on a
machine and keeps the result in the user's cache folder (``NUMBA_CACHE_DIR``, by
default ``~/.cache/belot-replay/numba``; never inside the installation); every
later process loads it from there.  Left to itself, the first ``belot analyze``
of a fresh install would sit silent while every worker process compiled its own
copy at once.  The commands that solve (``belot analyze``, ``belot ingest
--analyze``) and the dashboard's replay viewer call :func:`prepare_solver`
first: with the kernel not yet cached it says so, compiles it once in this
process and marks the cache, so that the workers only load it.

The mark names the kernel's source (its text and where it lies), numba and
Python, as numba's own cache does: a new version of any of them, or another
installation, compiles (and says so) again.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path


def cache_dir() -> Path:
    """Where numba keeps the compiled kernel (``replay.solver.kernel`` chooses it)."""
    import replay.solver.kernel  # noqa: F401  (sets NUMBA_CACHE_DIR unless the user did)

    return Path(os.environ["NUMBA_CACHE_DIR"])


def _mark(threads: bool) -> Path:
    import replay.solver.kernel as kernel

    source = Path(str(kernel.__file__)).resolve()
    key = hashlib.sha256(source.read_bytes())
    key.update(f"{source} {importlib.metadata.version('numba')} "
               f"{platform.python_version()}".encode())
    return cache_dir() / f"belot-kernel-{key.hexdigest()[:16]}{'-threads' if threads else ''}"


def kernel_ready(threads: bool = False) -> bool:
    """Whether this kernel has been compiled into the cache here (with
    ``threads``, also its pieces for a solve shared out over threads)."""
    return _mark(threads).exists()


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def prepare_solver(say: Callable[[str], None] = _stderr, threads: bool = False) -> float:
    """Compile the kernel into the cache unless it is there: seconds spent (0.0
    when it was), with a line through ``say`` before and after.  ``threads``: also
    the pieces the replay viewer's solves shared out over threads call
    (``belot analyze`` runs one thread a process and never needs them)."""
    if kernel_ready(threads):
        return 0.0
    from replay.solver.search import warm

    say(f"belot: compiling the double-dummy solver for this computer, once (about a "
        f"minute); kept in {cache_dir()}")
    t = time.perf_counter()
    warm(threads)
    seconds = time.perf_counter() - t
    try:
        _mark(threads).touch()
    except OSError:  # a read-only cache: numba could not keep the kernel either
        pass
    say(f"belot: solver compiled in {seconds:.0f} s")
    return seconds
