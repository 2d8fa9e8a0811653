"""Shared by the whole suite: the compiled build must match the sources it was built
from, and a copy of the sources without it for tests that need the ``.py`` files."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.pure_python import build_script


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to test a stale mypyc build: Python would import the extension built
    from the old source and the suite would test code that no longer exists."""
    why = build_script().stale()
    if why:
        pytest.exit("the compiled modules do not match their sources ("
                    + "; ".join(why) + "): run 'python scripts/build_compiled.py' to "
                    "rebuild them, or '--clean' to run the .py sources", returncode=4)


@pytest.fixture(scope="session")
def pure_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project where only the ``.py`` sources can be imported."""
    return build_script().pure_copy(tmp_path_factory.mktemp("pure"))
