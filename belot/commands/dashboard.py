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

Without DATASET it serves the demo dataset: the records that ship with the
package (the project's data/ folder), ingested into your data folder (on Linux
$XDG_DATA_HOME/belot-replay/demo-dataset, by default
~/.local/share/belot-replay/demo-dataset), built there the first time with the
same ingest as 'belot ingest'.  Nothing is written inside the installation.

The server runs headless (no browser is opened) until Ctrl-C; open the URL it
prints.
"""

EPILOG = """\
examples:
  belot dashboard                          the bundled records (the demo dataset)
  belot dashboard ds --port 8600           another dataset, another port
  belot dashboard ds --address 127.0.0.1   listen on the loopback address only
"""

#: the Streamlit app, inside the installed ``dashboard`` package
APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("dashboard", help="serve the Streamlit dashboard over a dataset",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dataset", nargs="?", metavar="DATASET",
                   help="dataset folder (default: the demo dataset of the bundled records, "
                        "built in your data folder if missing)")
    p.add_argument("--port", type=int, default=8501, help="port to listen on (default 8501)")
    p.add_argument("--address", default=None,
                   help="address to listen on (default: Streamlit's, every interface)")
    p.add_argument("--max-upload-mb", type=int, default=50, metavar="MB",
                   help="largest file the import page accepts, in MB (default 50)")
    p.set_defaults(func=run)


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


def ensure_demo(dataset: Path) -> bool:
    """Build the demo dataset, or top it up (a build cut short, records added by a newer
    version): the ingest skips files it has fully read, so this costs little once done."""
    from belot import bundled
    from ingest.dataset import Dataset, DatasetError

    exists = Dataset(dataset).exists()
    if exists and bundled.demo_up_to_date(dataset):
        return True
    if not exists:
        print(f"belot dashboard: building the demo dataset {dataset} from the records "
              f"that ship with belot", file=sys.stderr)
    try:
        bundled.build_demo(dataset, quiet=exists)
    except DatasetError as exc:  # another dashboard is building it right now
        print(f"belot dashboard: {exc}", file=sys.stderr)
        return exists
    except OSError as exc:  # no records shipped, the data folder not writable
        print(f"belot dashboard: cannot build the demo dataset: {exc}", file=sys.stderr)
        return False
    return True


def run(args: argparse.Namespace) -> int:
    from belot import bundled
    from ingest.dataset import Dataset

    if not 0 < args.port < 65536:
        print("belot dashboard: --port must be 1..65535", file=sys.stderr)
        return 2
    if args.dataset:
        dataset = Path(args.dataset).resolve()
        if not Dataset(dataset).exists():
            print(f"belot dashboard: {args.dataset} is not a dataset (run 'belot ingest "
                  f"FILES --into {args.dataset}' first)", file=sys.stderr)
            return 2
    else:
        dataset = bundled.demo_dataset()
        if not ensure_demo(dataset):
            return 2
    env = dict(os.environ, BELOT_DATASET=str(dataset),
               BELOT_UPLOAD_MB=str(args.max_upload_mb))
    argv = streamlit_argv(dataset, args.port, args.address, args.max_upload_mb)
    sys.stdout.flush()
    sys.stderr.flush()
    # Replace this process with the server: Ctrl-C and signals reach Streamlit directly.
    os.execve(argv[0], argv, env)
    return 0  # pragma: no cover - execve does not return
