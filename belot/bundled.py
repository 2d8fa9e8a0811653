"""The records that ship inside the package, and the demo dataset built from them.

The records live in the top-level ``data/`` folder of the project; ``belot/data``
is a link to it, so a wheel carries them as package data and they are found
with :mod:`importlib.resources` wherever the package is installed.  The demo
dataset that ``belot dashboard`` serves without a DATASET is built from them in
the user's data folder (``platformdirs``: ``$XDG_DATA_HOME/belot-replay`` on
Linux), never inside the installation, which may be read-only and is replaced
by the next install.
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

#: the name of the user's data folder for this tool
APP_NAME = "belot-replay"
#: the demo dataset's folder inside it
DEMO_NAME = "demo-dataset"


def package_root() -> Path:
    """The installed ``belot`` package folder (the bundled records are under ``data/``)."""
    root = resources.files("belot")
    if not isinstance(root, Path):  # pragma: no cover - a zipped install
        raise RuntimeError(f"the belot package is not installed as files ({root}); "
                           "reinstall it with pip")
    return root


def bundled_files(root: Path | None = None) -> list[str]:
    """Every record file under ``root/data`` (:func:`ingest.bgn.files.record_files`: a
    folder's own files first, then its subfolders, sorted), named relative to ``root``
    (``data/samples/mk4-rules.bgn``, as ``belot ingest data/`` names them in a checkout)."""
    from ingest.bgn.files import record_files

    root = root or package_root()
    return [p.relative_to(root).as_posix() for p in record_files([str(root / "data")])]


def demo_dataset() -> Path:
    """Where the demo dataset lives: ``<user data folder>/belot-replay/demo-dataset``."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False) / DEMO_NAME


def demo_up_to_date(dataset: Path, root: Path | None = None) -> bool:
    """Every bundled record file has been read into ``dataset`` (and not changed since)."""
    from ingest.dataset import Dataset
    from ingest.pipeline import unread_files

    root = root or package_root()
    ds = Dataset(dataset)
    return ds.exists() and not unread_files(ds, [str(root / f) for f in bundled_files(root)])


def build_demo(dataset: Path, quiet: bool = False, root: Path | None = None) -> None:
    """Ingest the bundled records into ``dataset`` with the ingest of ``belot ingest``.

    The records are named relative to the package folder (``data/sim/yu4.bgn.gz``),
    the same names whatever the installation's path; the dataset keeps each game's
    text, so the replay viewer never needs the installation's files."""
    from ingest.pipeline import ingest_paths

    root = root or package_root()
    files = bundled_files(root)
    if not files:
        raise FileNotFoundError(f"no record files under {root / 'data'}")
    dataset = Path(dataset).resolve()
    cwd = os.getcwd()
    os.chdir(root)  # the ingest names each file as given: relative to the package
    try:
        s = ingest_paths(files, dataset, progress=not quiet)
    finally:
        os.chdir(cwd)
    if not quiet:
        print(f"{dataset}: {s.games:,} game(s), {s.deals:,} deal(s), {s.violations:,} "
              f"violation(s), {s.rejects:,} reject(s) from {s.files} file(s)", file=sys.stderr)
