"""The import page's work: check uploaded files, validate them, add them to the dataset.

A file is **rejected** (not added) when it is not ``.bgn``/``.bgn.gz``, is
larger than the limit, is not gzip data although named ``.gz``, is not UTF-8
text, holds no game, or holds no record that can be read.  Otherwise its
validation report (``ingest.validation.validate_file``, as ``belot validate``
prints it) is shown, and the file can be added with the same ingest as
``belot ingest`` (records that do not parse go to the ``rejects`` table there,
as with any ingest).  Accepted files are kept under ``DATASET/_uploads/`` as
provenance (the dataset keeps each game's text; the replay viewer reads it there).

Pure: no Streamlit.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import tempfile
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ACCEPTED_SUFFIXES = (".bgn", ".bgn.gz")
#: the default per-file limit (``belot dashboard --max-upload-mb``)
DEFAULT_LIMIT_MB = 50
#: a .bgn.gz may not expand past this many times the limit (a gzip bomb)
MAX_EXPANSION = 20
UPLOADS = "_uploads"


def limit_mb() -> int:
    try:
        return max(1, int(os.environ.get("BELOT_UPLOAD_MB", DEFAULT_LIMIT_MB)))
    except ValueError:
        return DEFAULT_LIMIT_MB


@dataclass
class UploadCheck:
    """What the import page shows about one uploaded file."""

    name: str
    size: int
    sha256: str
    accepted: bool = False
    reason: str | None = None
    games: int = 0
    deals: int = 0
    #: records that cannot be replayed (P1xx: they do not parse, or name no known
    #: variant): the ingest keeps them in the ``rejects`` table
    unreadable: int = 0
    #: violations, one dict per finding (game, deal, trick, seat, code, line, col,
    #: message, report: the line ``belot validate`` prints)
    findings: list[dict] = field(default_factory=list)

    @property
    def codes(self) -> Counter:
        return Counter(f["code"] for f in self.findings)

    def summary(self) -> str:
        if not self.accepted:
            return f"{self.name}: rejected: {self.reason}"
        found = len(self.findings)
        return (f"{self.name}: {self.games} game(s), {self.deals} deal(s), "
                + ("clean" if not found else f"{found} finding(s)")
                + (f", {self.unreadable} record(s) that cannot be read" if self.unreadable
                   else ""))


def _reject(check: UploadCheck, reason: str) -> UploadCheck:
    check.accepted = False
    check.reason = reason
    return check


def decode(name: str, data: bytes, limit_bytes: int) -> str:
    """The text of an upload (gunzipped when named .gz); ValueError says why not."""
    if name.lower().endswith(".gz"):
        try:
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            raw = d.decompress(data, limit_bytes * MAX_EXPANSION + 1)
            if len(raw) > limit_bytes * MAX_EXPANSION:
                raise ValueError(f"it expands to more than {MAX_EXPANSION} times the size "
                                 f"limit when unpacked")
            if not d.eof:
                raise ValueError("the gzip data is truncated")
        except zlib.error as exc:
            raise ValueError(f"it is not gzip data ({exc})") from None
    else:
        raw = data
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"it is not UTF-8 text (byte {exc.start})") from None


def check_upload(name: str, data: bytes, limit_bytes: int | None = None) -> UploadCheck:
    """Check and validate one uploaded file (name as uploaded, its bytes)."""
    from ingest.validation import format_violation, validate_file

    limit_bytes = limit_bytes or limit_mb() << 20
    check = UploadCheck(name, len(data), hashlib.sha256(data).hexdigest())
    if not name.lower().endswith(ACCEPTED_SUFFIXES):
        return _reject(check, "only .bgn and .bgn.gz files can be imported")
    if len(data) > limit_bytes:
        return _reject(check, f"{len(data) / 2**20:.1f} MB is over the limit of "
                              f"{limit_bytes / 2**20:.0f} MB")
    try:
        decode(name, data, limit_bytes)
    except ValueError as exc:
        return _reject(check, str(exc))
    with tempfile.TemporaryDirectory(prefix="belot-upload-") as tmp:
        # the bytes as uploaded, read the way `belot validate` reads a file
        path = Path(tmp) / ("upload.bgn.gz" if name.lower().endswith(".gz") else "upload.bgn")
        path.write_bytes(data)
        for report in validate_file(path, display=name):
            check.games += 1
            check.deals += len(report.deals)
            if report.parse_failed:
                check.unreadable += 1
            for v in report.violations:
                check.findings.append({
                    "game": report.game, "deal": v.deal, "trick": v.trick, "seat": v.seat,
                    "code": v.code, "line": v.line, "col": v.col, "message": v.message,
                    "report": format_violation(report, v)})
    if check.games == 0:
        return _reject(check, "no game found in it (is it a BGN file?)")
    if check.unreadable == check.games:
        first = next((f for f in check.findings if f["code"].startswith("P")), None)
        why = f": {first['report']}" if first else ""
        return _reject(check, f"none of its {check.games} record(s) can be read{why}")
    check.accepted = True
    return check


def safe_name(name: str) -> str:
    """A file name without folders or odd characters (the upload's own name, cleaned)."""
    base = os.path.basename(name.replace("\\", "/"))
    base = re.sub(r"[^A-Za-z0-9._-]+", "_", base).strip("._") or "upload.bgn"
    return base[:120]


def store(dataset: str | os.PathLike, name: str, data: bytes) -> Path:
    """Keep an accepted upload under ``DATASET/_uploads/`` (named by time and content hash,
    so the same bytes uploaded twice are one file)."""
    folder = Path(dataset) / UPLOADS
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(data).hexdigest()[:12]
    for existing in folder.glob(f"*-{digest}-*"):
        return existing.resolve()
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    path = folder / f"{stamp}-{digest}-{safe_name(name)}"
    tmp = path.with_suffix(path.suffix + ".part")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return path.resolve()


def add_to_dataset(dataset: str | os.PathLike, files: list[tuple[str, bytes]]):
    """Store the files and ingest them into ``dataset`` (the ingest of ``belot ingest``,
    in this process); returns the :class:`ingest.pipeline.IngestSummary`."""
    from ingest.pipeline import ingest_paths

    paths = [str(store(dataset, name, data)) for name, data in files]
    # workers=0: in this process (the server is multi-threaded; no fork of it)
    return ingest_paths(paths, dataset, workers=0, progress=False, recheck=True)
