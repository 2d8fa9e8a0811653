"""Reading a ``.bgn.gz`` as text: the project's stream (bytes up to a fault, then the
fault raised after the text) beside ``gzip.open`` under a plain text wrapper.

Both read the same file to its end in blocks of lines, as the reader does
(:func:`ingest.bgn.lexer.line_blocks`), and the best of five runs is printed in
MB of text a second, with the ratio of the two.

    python benchmarks/bench_gzip_read.py            # the bundled simulated records, x40
    python benchmarks/bench_gzip_read.py --file night.bgn.gz
"""

from __future__ import annotations

import argparse
import gzip
import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.bgn.lexer import CRLFText, line_blocks, open_text  # noqa: E402

OUT = ROOT / "benchmarks" / "out"


def sample() -> Path:
    """The bundled simulated records of every variant, 40 times over (cached)."""
    path = OUT / "gzip-read.bgn.gz"
    if not path.exists():
        OUT.mkdir(parents=True, exist_ok=True)
        text = "".join(gzip.decompress(p.read_bytes()).decode()
                       for p in sorted((ROOT / "data" / "sim").glob("*.bgn.gz")))
        path.write_bytes(gzip.compress((text * 40).encode(), mtime=0))
    return path


def plain(path: Path) -> CRLFText:
    """The stream as read before: gzip.open under a text wrapper."""
    return CRLFText(io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8-sig",
                                     errors="replace", newline="\n"))


def best(opener, path: Path) -> tuple[float, int]:
    times, chars = [], 0
    for _ in range(5):
        t0 = time.perf_counter()
        chars = sum(len(x) + 1 for block in line_blocks(opener(path)) for x in block)
        times.append(time.perf_counter() - t0)
    return min(times), chars


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, help="a .gz file of records (default: a sample)")
    path = ap.parse_args().file or sample()
    base, chars = best(plain, path)
    ours, chars2 = best(open_text, path)
    assert chars == chars2, "both read the same text"
    mb = chars / 1e6
    print(f"{path}: {mb:.1f} MB of text")
    print(f"gzip.open + text wrapper (baseline): {mb / base:7.1f} MB/s")
    print(f"open_text (up to a fault)          : {mb / ours:7.1f} MB/s  ({base / ours:.2f}x)")


if __name__ == "__main__":
    main()
