"""Start-up: commands load only what they use.

``belot --help``, ``fmt``, ``convert``, ``explain`` and ``validate`` of records
without claims never import the heavy packages (numba and its compiler, numpy,
pyarrow, pandas, polars, duckdb, streamlit): each costs from a tenth of a second
to several seconds before the first line of output.  A claim to check loads the
double-dummy solver, and with it numba, only when a record holds one.

Each command runs in a fresh interpreter (what is imported is the point, so the
test process's own imports must not count); no timing is asserted here, the
start-up time is measured by ``benchmarks/bench_validate.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("numba", "llvmlite", "numpy", "pyarrow", "pandas", "polars", "duckdb", "streamlit")
NO_CLAIMS = str(ROOT / "data" / "sim" / "yu4.bgn.gz")
WITH_CLAIMS = str(ROOT / "data" / "samples" / "yu4-rules.bgn")

PROBE = """
import contextlib, io, json, sys
from belot.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules})))
"""


def heavy_imports(*argv: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    loaded = set(json.loads(out.splitlines()[-1]))
    assert "belot" in loaded and "argparse" in loaded  # the probe saw the command's imports
    return sorted(loaded & set(HEAVY))


@pytest.mark.parametrize("argv", [
    ["--help"],
    ["validate", "--help"],
    ["fmt", NO_CLAIMS],
    ["convert", "--to", "json", NO_CLAIMS],
    ["explain", "C401"],
    ["validate", "-j", "1", NO_CLAIMS],
    ["validate", "-j", "2", "--json", NO_CLAIMS],
], ids=lambda a: " ".join(Path(x).name for x in a))
def test_light_commands_import_no_heavy_package(argv):
    assert heavy_imports(*argv) == []


def test_a_claim_to_check_is_what_loads_numba():
    assert "numba" in heavy_imports("validate", "-j", "1", WITH_CLAIMS)
