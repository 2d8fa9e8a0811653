"""``belot dashboard``: serve the Streamlit dashboard over a dataset."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

DESCRIPTION = """\
Serve the Streamlit dashboard over a Parquet dataset written by 'belot ingest':
an overview with trends, bidding success with confidence intervals, declarations,
violations (each opens its deal in the replay viewer), players and head-to-head,
a replay viewer that steps through any deal trick by trick, and an import page
that validates uploaded .bgn/.bgn.gz files and adds them to the dataset.

Without DATASET it serves data/dataset, the dataset of the bundled records
under data/; when that is missing it is built first with the same ingest as
'belot ingest data/ --into data/dataset'.

The server runs headless (no browser is opened) until Ctrl-C; open the URL it
prints.
"""

EPILOG = """\
examples:
  belot dashboard                          the bundled records (data/dataset)
  belot dashboard ds --port 8600           another dataset, another port
  belot dashboard ds --address 127.0.0.1   listen on this machine only
"""

#: the project checkout (belot/commands/dashboard.py -> ../..)
PROJECT_ROOT = Path(__file__).resolve().parents[2]
DATA_DIR = PROJECT_ROOT / "data"
DEFAULT_DATASET = DATA_DIR / "dataset"
APP = PROJECT_ROOT / "dashboard" / "app.py"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("dashboard", help="serve the Streamlit dashboard over a dataset",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dataset", nargs="?", metavar="DATASET",
                   help="dataset folder (default: data/dataset, built from data/ if missing)")
    p.add_argument("--port", type=int, default=8501, help="port to listen on (default 8501)")
    p.add_argument("--address", default=None,
                   help="address to listen on (default: Streamlit's, every interface)")
    p.add_argument("--max-upload-mb", type=int, default=50, metavar="MB",
                   help="largest file the import page accepts, in MB (default 50)")
    p.set_defaults(func=run)


def bundled_files(data_dir: Path = DATA_DIR, dataset: Path = DEFAULT_DATASET) -> list[str]:
    """Every .bgn/.bgn.gz under ``data_dir`` except inside the dataset folder, sorted,
    as paths relative to the project root."""
    from ingest.bgn.files import is_record_file

    out = []
    skip = dataset.resolve()
    for root, dirs, files in os.walk(data_dir):
        here = Path(root).resolve()
        dirs[:] = sorted(d for d in dirs if (here / d) != skip)
        for f in sorted(files):
            if is_record_file(f):
                out.append(os.path.relpath(Path(root) / f, PROJECT_ROOT))
    return out


def build_bundled(dataset: Path = DEFAULT_DATASET, quiet: bool = False) -> None:
    """Ingest the bundled records into ``dataset`` with the ingest of 'belot ingest'.

    Paths are named relative to the project root (as 'belot ingest data/' from
    there would name them), so the replay viewer finds them from anywhere."""
    from ingest.pipeline import ingest_paths

    files = bundled_files(DATA_DIR, dataset)
    if not files:
        raise FileNotFoundError(f"no .bgn/.bgn.gz records under {DATA_DIR}")
    cwd = os.getcwd()
    os.chdir(PROJECT_ROOT)
    try:
        s = ingest_paths(files, dataset, progress=not quiet)
    finally:
        os.chdir(cwd)
    if not quiet:
        print(f"{dataset}: {s.games:,} game(s), {s.deals:,} deal(s), {s.violations:,} "
              f"violation(s), {s.rejects:,} reject(s) from {s.files} file(s)", file=sys.stderr)


def streamlit_argv(dataset: Path, port: int, address: str | None, max_upload_mb: int
                   ) -> list[str]:
    """The command line that serves the app (``python -m streamlit run ...``)."""
    argv = [sys.executable, "-m", "streamlit", "run", str(APP),
            "--server.port", str(port), "--server.headless", "true",
            "--server.maxUploadSize", str(max_upload_mb),
            "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"]
    if address:
        argv += ["--server.address", address]
    return argv + ["--", "--dataset", str(dataset)]


def run(args: argparse.Namespace) -> int:
    from ingest.dataset import Dataset

    if args.dataset:
        dataset = Path(args.dataset).resolve()
        if not Dataset(dataset).exists():
            print(f"belot dashboard: {args.dataset} is not a dataset (run 'belot ingest "
                  f"FILES --into {args.dataset}' first)", file=sys.stderr)
            return 2
    else:
        dataset = DEFAULT_DATASET
        if not Dataset(dataset).exists():
            print(f"belot dashboard: building {dataset} from the records under {DATA_DIR}",
                  file=sys.stderr)
            try:
                build_bundled(dataset)
            except FileNotFoundError as exc:
                print(f"belot dashboard: {exc}", file=sys.stderr)
                return 2
    if not 0 < args.port < 65536:
        print("belot dashboard: --port must be 1..65535", file=sys.stderr)
        return 2
    env = dict(os.environ, BELOT_DATASET=str(dataset),
               BELOT_UPLOAD_MB=str(args.max_upload_mb))
    argv = streamlit_argv(dataset, args.port, args.address, args.max_upload_mb)
    sys.stdout.flush()
    sys.stderr.flush()
    # Replace this process with the server: Ctrl-C and signals reach Streamlit directly.
    os.execve(argv[0], argv, env)
    return 0  # pragma: no cover - execve does not return
