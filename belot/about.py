"""What this installation is: its version, whether the reader and the engine run
compiled, and the numba and Python under them (``belot --version``, the
dashboard's footer).

The reader and the engine are compiled by mypyc when the wheel was built with a
C compiler (docs/install.md); Python then loads them from extension modules
(``engine.cpython-311-x86_64-linux-gnu.so``) instead of their ``.py`` sources,
and validation runs about twice as fast.  Where they were loaded from is
the fact: nothing is recorded at build time that could disagree with it.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import platform
from functools import cache

from belot import __version__

#: the parts a user asks about, by the module whose form decides their speed
PARTS = (("reader", "ingest.bgn.reader"), ("engine", "replay.engine.walk"))


def loaded_from(module: str) -> str:
    """The file ``module`` was imported from (an extension module or a source)."""
    return str(importlib.import_module(module).__file__)


def is_compiled(path: str) -> bool:
    """Whether a module's file is an extension module rather than its source."""
    return not path.endswith(".py")


def numba_version() -> str:
    """numba's version, read from its metadata (importing numba takes a second)."""
    try:
        return importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def version_lines() -> list[str]:
    """``belot --version``: one fact a line."""
    lines = [f"belot-replay {__version__}"]
    interpreted = False
    for part, module in PARTS:
        path = loaded_from(module)
        compiled = is_compiled(path)
        interpreted |= not compiled
        lines.append(f"{part}: {'compiled (mypyc)' if compiled else 'interpreted'} {path}")
    lines.append(f"numba {numba_version()}")
    lines.append(f"Python {platform.python_version()} ({platform.python_implementation()})")
    if interpreted:
        lines.append("the compiled reader and engine validate about twice as fast: "
                     "a wheel built with a C compiler has them (docs/install.md)")
    return lines


@cache
def footer() -> str:
    """The same facts on one line (the dashboard's footer): they hold for the process."""
    forms = {part: is_compiled(loaded_from(module)) for part, module in PARTS}
    if all(forms.values()):
        how = "reader and engine compiled (mypyc)"
    elif not any(forms.values()):
        how = "reader and engine interpreted"
    else:
        how = ", ".join(f"{p} {'compiled' if c else 'interpreted'}" for p, c in forms.items())
    return (f"belot-replay {__version__} · {how} · numba {numba_version()} · "
            f"Python {platform.python_version()}")
