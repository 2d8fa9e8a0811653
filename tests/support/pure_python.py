"""The two ways the same sources run: compiled by mypyc (scripts/build_compiled.py)
or interpreted from the ``.py`` files.

A test that needs the interpreted sources while the build is in place runs them
in a copy of the project made without any extension module
(``build_compiled.pure_copy``): there Python can only find the ``.py`` files.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def build_script() -> ModuleType:
    """scripts/build_compiled.py, imported as a module (it knows what a build holds)."""
    if str(ROOT / "scripts") not in sys.path:
        sys.path.append(str(ROOT / "scripts"))
    import build_compiled

    return build_compiled


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension rather than its source."""
    return not str(module.__file__).endswith(".py")


def run_in(tree: Path, argv: list[str]) -> subprocess.CompletedProcess[bytes]:
    """``python ARGV`` with ``tree`` first on the module path and as the working folder."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    return subprocess.run([sys.executable, *argv], cwd=tree, env=env, capture_output=True,
                          check=False, timeout=600)
