"""The dataset on disk: staging, an atomic commit log, recovery, snapshots and compaction.

Layout::

    DATASET/<table>/variant=<v>/batch=<b>/part-<unit>.parquet   committed data
    DATASET/rejects/batch=<b>/part-<unit>.parquet
    DATASET/_belot/checkpoint.json      state folded up to a log sequence number
    DATASET/_belot/log/<seq>.json       one record per commit after the checkpoint
    DATASET/_belot/staging/<b>/<unit>/  parts written by workers, not yet committed
    DATASET/_belot/lock                 held (flock) by the one writer

Protocol (a redo log):

1. Workers write a unit's parts under ``staging`` (fsynced), outside the table
   folders: globbing readers never see them.
2. The driver writes the unit's log record atomically (temporary file, fsync,
   ``os.replace``, fsync of the folder).  **This is the commit point.**
3. The driver renames each staged part to its place (``os.rename``, the
   parent table ``games`` last) and fsyncs the folders.

A SIGKILL before 2 leaves staged files that no record names: the next writer
deletes them and the games are read again (they are not in the game_id index).
A SIGKILL between 2 and 3 leaves a record whose renames are incomplete: every
writer first *recovers*, finishing the renames (roll forward), so every table
then agrees on which game_ids are present.  Readers that go through
:func:`snapshot` / :func:`connect` see exactly the committed records even in
that window (they read a part from staging when its rename has not happened
yet).  Readers that glob the table folders see each part appear atomically
(one part = whole games of one unit, of one table); across tables they may
briefly see one table's part before another's while step 3 runs.

The game_id index is the committed ``games`` and ``rejects`` tables themselves:
their ``game_id`` column is what a new ingest skips.  A file fully ingested is
also recorded (path, size, mtime) so that a re-run skips it without reading.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import fcntl
import json
import os
import secrets
import shutil
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import pyarrow as pa
import pyarrow.parquet as pq

from ingest.bgn.files import DATASET_MARK
from ingest.schema import FORMAT_VERSION, TABLES
from replay.model.jsontext import dumps

META = DATASET_MARK
#: tables whose game_id column is the index of known records
INDEX_TABLES = ("games", "rejects")
#: Parquet writer options for every part: zstd level 1 was both faster and smaller than
#: level 3 on simulated records (11.5 vs 12.3 us and 168 vs 173 bytes per deal).
#: Statistics are chosen per column by :func:`parquet_options`.
PARQUET_OPTIONS = {"compression": "zstd", "compression_level": 1, "use_dictionary": True,
                   "write_statistics": True}


#: columns that count (a card's place in its deal and trick, a trick's number, a line
#: number) written without a dictionary: measured on 20,000 deals, the dictionary made
#: ``plays.idx`` and ``plays.position`` three times slower to write and larger, and
#: ``line`` ten times larger than delta encoding
COLUMN_ENCODING = {"idx": "PLAIN", "position": "PLAIN", "trick": "DELTA_BINARY_PACKED",
                   "line": "DELTA_BINARY_PACKED"}


#: the identities (SHA-256 in hex: ``game_id``, ``deal_id``) are spread evenly over all
#: their values, so a part of a few hundred games spans nearly all of them: their min/max
#: statistics skip no row group, and cost a tenth of the plays table's writing (a 64-byte
#: comparison per row)
NO_STATISTICS = frozenset({"game_id", "deal_id"})
#: the seats and counters of a deal's cards and tricks run through their whole range
#: (seats 1..n, tricks 1..8, places 1..32) in every deal, so every part of every size
#: holds all their values and their statistics skip nothing either; computing them was
#: a min/max pass over most of the plays' and tricks' numbers
FULL_RANGE = frozenset({"idx", "trick", "position", "seat", "leader", "winner",
                        "seat1", "seat2", "seat3", "seat4"})


#: :func:`parquet_options` already worked out, with their schemas: a unit's fourteen
#: parts find theirs here (comparing schemas is a fraction of a microsecond; working
#: the options out again a tenth of a millisecond)
_OPTIONS: list[tuple[pa.Schema, dict]] = []


def parquet_options(schema: pa.Schema) -> dict:
    """:func:`_parquet_options` of ``schema``, worked out once per schema."""
    for known, options in _OPTIONS:
        if known.equals(schema, check_metadata=True):
            return options
    if len(_OPTIONS) >= 64:  # (every table's schema, and a few rewritten at commit)
        _OPTIONS.clear()
    options = _parquet_options(schema)
    _OPTIONS.append((schema, options))
    return options


def _parquet_options(schema: pa.Schema) -> dict:
    """:data:`PARQUET_OPTIONS` for a table of ``schema``.

    - min/max statistics only on the plain columns (numbers, flags, dates, texts),
      where a reader can skip a row group by them.  A dictionary column (cards,
      sides, codes) or a list holds a few values spread over every row group, so its
      statistics never skip anything; they cost a fifth of the plays table's writing;
      nor do the identities' (:data:`NO_STATISTICS`) and the seats and counters
      of :data:`FULL_RANGE`;
    - the counting columns of :data:`COLUMN_ENCODING` in their own encoding, every
      other column (each leaf of a list or map) dictionary-encoded.
    """
    plain = [f.name for f in schema if f.name not in NO_STATISTICS
             and f.name not in FULL_RANGE
             and not pa.types.is_dictionary(f.type) and not pa.types.is_nested(f.type)]
    encoding = {f.name: COLUMN_ENCODING[f.name] for f in schema
                if f.name in COLUMN_ENCODING and pa.types.is_integer(f.type)}
    leaves = [leaf for f in schema for leaf in _leaf_paths(f.name, f.type)]
    return {**PARQUET_OPTIONS, "write_statistics": plain, "column_encoding": encoding,
            "use_dictionary": [leaf for leaf in leaves if leaf not in encoding]}


def _leaf_paths(name: str, typ: pa.DataType) -> list[str]:
    """The Parquet paths of a column's leaves (``score.list.element`` for a list),
    as the writer's per-column options name them."""
    if pa.types.is_map(typ):
        return (_leaf_paths(f"{name}.key_value.key", typ.key_type)
                + _leaf_paths(f"{name}.key_value.value", typ.item_type))
    if pa.types.is_list(typ):
        return _leaf_paths(f"{name}.list.element", typ.value_type)
    if pa.types.is_struct(typ):
        return [leaf for i in range(typ.num_fields)
                for leaf in _leaf_paths(f"{name}.{typ.field(i).name}", typ.field(i).type)]
    return [name]


class DatasetError(RuntimeError):
    """The dataset is locked, damaged, or not a dataset."""


def new_batch_id(now: dt.datetime | None = None) -> str:
    """``YYYYMMDDTHHMMSSZ-xxxxxx``: sorts by time; never reads as a number in hive paths."""
    now = now or dt.datetime.now(dt.UTC)
    return now.strftime("%Y%m%dT%H%M%SZ") + "-" + secrets.token_hex(3)


def part_path(table: str, variant: str | None, batch: str, name: str) -> str:
    """Relative path of a committed part."""
    if TABLES[table].partitions == ("batch",):
        return f"{table}/batch={batch}/{name}"
    return f"{table}/variant={variant}/batch={batch}/{name}"


# ---------------------------------------------------------------- durability


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_json_atomic(path: Path, obj) -> None:
    """Write temp, fsync, os.replace, fsync the folder: readers see the old or the new file."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    data = dumps(obj, separators=(",", ":")).encode("utf-8")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    fsync_dir(path.parent)


def write_parquet_durable(table: pa.Table, path: Path) -> int:
    """Write one Parquet file (fsynced; temp name then rename) and return its size."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    pq.write_table(table, tmp, **parquet_options(table.schema))
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    fsync_dir(path.parent)
    return path.stat().st_size


def write_parquet_staged(table: pa.Table, path: Path) -> int:
    """Write one staged part (fsynced; temporary name then rename) and return its size.

    As :func:`write_parquet_durable`, but the caller fsyncs each folder of the
    unit's staging area once, for all the parts it holds, instead of once per part
    (no log record names a staged part before the whole unit is synced).  The
    rename keeps a rerun of the unit (dask, after a worker was lost) replacing a
    part whole, never writing into one another process is still writing.
    """
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "wb") as fh:
        pq.write_table(table, fh, **parquet_options(table.schema))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    return path.stat().st_size


# --------------------------------------------------------------------- state


@dataclass
class State:
    """The committed dataset: every part per table, fully ingested files, batches."""

    seq: int = 0
    #: table -> relative path -> rows
    files: dict[str, dict[str, int]] = field(default_factory=lambda: {t: {} for t in TABLES})
    #: file key (resolved path) -> {"size", "mtime_ns", "name"}
    done_files: dict[str, dict] = field(default_factory=dict)
    #: batch id -> summary counts
    batches: dict[str, dict] = field(default_factory=dict)
    #: log records after the checkpoint (for recovery)
    pending: list[dict] = field(default_factory=list)

    def apply(self, rec: dict) -> None:
        op = rec["op"]
        if op == "add":
            for f in rec["files"]:
                self.files.setdefault(f["table"], {})[f["path"]] = f["rows"]
            b = self.batches.setdefault(rec["batch"], {"units": 0, "games": 0, "deals": 0,
                                                       "violations": 0, "rejects": 0})
            b["units"] += 1
            for k in ("games", "deals", "violations", "rejects"):
                b[k] += rec.get("counts", {}).get(k, 0)
        elif op == "compact":
            for f in rec["removed"]:
                self.files.get(f["table"], {}).pop(f["path"], None)
            for f in rec["added"]:
                self.files.setdefault(f["table"], {})[f["path"]] = f["rows"]
        elif op == "file":
            self.done_files[rec["key"]] = {"size": rec["size"], "mtime_ns": rec["mtime_ns"],
                                           "name": rec["name"]}
        elif op == "batch":
            b = self.batches.setdefault(rec["batch"], {"units": 0, "games": 0, "deals": 0,
                                                       "violations": 0, "rejects": 0})
            b.update({k: v for k, v in rec.items() if k in ("started", "finished", "args")})
        else:
            raise DatasetError(f"unknown log record op {op!r}")
        self.seq = max(self.seq, rec["seq"])

    def to_checkpoint(self) -> dict:
        return {"format": FORMAT_VERSION, "seq": self.seq, "files": self.files,
                "done_files": self.done_files, "batches": self.batches}

    @classmethod
    def from_checkpoint(cls, obj: dict) -> State:
        st = cls(seq=obj["seq"], done_files=obj.get("done_files", {}),
                 batches=obj.get("batches", {}))
        for t, files in obj.get("files", {}).items():
            st.files[t] = dict(files)
        return st

    @property
    def games(self) -> int:
        return sum(self.files.get("games", {}).values())


class Dataset:
    """One dataset folder.  Reading needs nothing; writing needs :meth:`writer`."""

    def __init__(self, root: str | os.PathLike) -> None:
        self.root = Path(root)
        self.meta = self.root / META
        self.log_dir = self.meta / "log"
        self.staging_root = self.meta / "staging"
        self.checkpoint_path = self.meta / "checkpoint.json"
        self._lock_fh: IO[str] | None = None
        self.state_: State | None = None

    # ------------------------------------------------------------ reading
    def exists(self) -> bool:
        return self.meta.is_dir()

    def read_state(self) -> State:
        """The committed state, consistent even while a writer works (retries on a race
        with a checkpoint that prunes the log)."""
        for _ in range(50):
            ck = self._read_checkpoint()
            st = State.from_checkpoint(ck) if ck else State()
            base = st.seq
            records = []
            torn = False
            for seq, path in self._log_files():
                if seq <= base:
                    continue
                try:
                    records.append(json.loads(path.read_bytes()))
                except FileNotFoundError:
                    torn = True
                    break
            seqs = [r["seq"] for r in records]
            if torn or (seqs and seqs[0] != base + 1) or seqs != list(range(base + 1,
                                                                          base + 1 + len(seqs))):
                time.sleep(0.01)
                continue
            ck2 = self._read_checkpoint()
            if (ck2 or {}).get("seq", 0) != base:
                continue
            for rec in records:
                st.apply(rec)
            st.pending = records
            return st
        raise DatasetError(f"{self.root}: the commit log keeps changing or has a gap")

    def _read_checkpoint(self) -> dict | None:
        try:
            return json.loads(self.checkpoint_path.read_bytes())
        except FileNotFoundError:
            return None

    def _log_files(self) -> list[tuple[int, Path]]:
        try:
            names = os.listdir(self.log_dir)
        except FileNotFoundError:
            return []
        out = []
        for n in names:
            if n.endswith(".json") and n[:-5].isdigit():
                out.append((int(n[:-5]), self.log_dir / n))
        out.sort()
        return out

    def resolve(self, rel: str, staged: str | None = None) -> Path:
        """Where a committed part is now: its place, or (mid-commit) its staged copy."""
        p = self.root / rel
        if staged and not p.exists():
            s = self.root / staged
            if s.exists():
                return s
        return p

    # ------------------------------------------------------------ writing
    @contextlib.contextmanager
    def writer(self) -> Iterator[Dataset]:
        """Take the writer lock, create the layout if needed, recover, then yield."""
        self.root.mkdir(parents=True, exist_ok=True)
        self.meta.mkdir(exist_ok=True)
        self.log_dir.mkdir(exist_ok=True)
        self.staging_root.mkdir(exist_ok=True)
        fh = open(self.meta / "lock", "a+")  # noqa: SIM115 - held for the context
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            fh.close()
            if exc.errno in (errno.EAGAIN, errno.EACCES):
                raise DatasetError(f"{self.root} is being written by another ingest or "
                                   "compaction (lock held)") from None
            raise
        self._lock_fh = fh
        try:
            self.recover()
            yield self
        finally:
            self._lock_fh = None
            fcntl.flock(fh, fcntl.LOCK_UN)
            fh.close()

    def recover(self) -> None:
        """Finish the renames of committed records, drop everything uncommitted."""
        st = self.read_state()
        for rec in st.pending:
            self._roll_forward(rec)
        # staged parts that no record names, and temporaries, are uncommitted work
        for child in list(self.staging_root.iterdir()) if self.staging_root.exists() else []:
            shutil.rmtree(child, ignore_errors=True)
        for folder in (self.meta, self.log_dir):
            for p in folder.iterdir():
                if p.name.startswith(".") and ".tmp-" in p.name:
                    p.unlink(missing_ok=True)
        self.state_ = st
        if st.pending:
            self.checkpoint()

    def _roll_forward(self, rec: dict) -> None:
        op = rec["op"]
        if op == "add":
            self._place(rec["files"])
        elif op == "compact":
            self._place(rec["added"])
            self._remove(rec["removed"])

    def _place(self, files: list[dict], after_first: Callable[[], None] | None = None) -> None:
        """Rename staged parts into place (idempotent), parents last, then fsync folders."""
        order = sorted(files, key=lambda f: f["table"] == "games")
        dirs = set()
        for k, f in enumerate(order):
            if k == 1 and after_first is not None:
                after_first()
            final = self.root / f["path"]
            if final.exists():
                continue
            staged = self.root / f["staged"]
            if not staged.exists():
                raise DatasetError(f"committed part {f['path']} is missing (and not staged)")
            final.parent.mkdir(parents=True, exist_ok=True)
            os.rename(staged, final)
            dirs.add(final.parent)
        for d in dirs:
            fsync_dir(d)

    def _remove(self, files: list[dict]) -> None:
        dirs = set()
        for f in files:
            p = self.root / f["path"]
            if p.exists():
                p.unlink()
                dirs.add(p.parent)
        for d in dirs:
            fsync_dir(d)
            with contextlib.suppress(OSError):
                d.rmdir()  # only when empty

    def _append(self, rec: dict) -> dict:
        assert self._lock_fh is not None, "write only inside Dataset.writer()"
        st = self.state
        rec = {"seq": st.seq + 1, **rec}
        write_json_atomic(self.log_dir / f"{rec['seq']:012d}.json", rec)
        st.apply(rec)
        st.pending.append(rec)
        return rec

    def staging(self, batch: str, unit: int | str) -> Path:
        return self.staging_root / batch / (f"{unit:06d}" if isinstance(unit, int) else unit)

    def commit_add(self, batch: str, unit: int, files: list[dict], counts: dict,
                   source: dict, after_log: Callable[[], None] | None = None,
                   after_first: Callable[[], None] | None = None) -> dict:
        """Commit one unit's staged parts: the log record, then the renames."""
        now = dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")
        rec = self._append({"op": "add", "batch": batch, "unit": unit, "time": now,
                            "files": files, "counts": counts, "source": source})
        if after_log is not None:
            after_log()
        self._place(files, after_first=after_first)
        shutil.rmtree(self.staging(batch, unit), ignore_errors=True)
        return rec

    def commit_file_done(self, key: str, size: int, mtime_ns: int, name: str) -> None:
        self._append({"op": "file", "key": key, "size": size, "mtime_ns": mtime_ns,
                      "name": name})

    def commit_batch_info(self, batch: str, **info) -> None:
        self._append({"op": "batch", "batch": batch, **info})

    def checkpoint(self) -> None:
        """Fold the log into checkpoint.json and prune the folded records."""
        st = self.state
        write_json_atomic(self.checkpoint_path, st.to_checkpoint())
        for seq, path in self._log_files():
            if seq <= st.seq:
                path.unlink(missing_ok=True)
        st.pending = []

    @property
    def state(self) -> State:
        if self.state_ is None:
            self.state_ = self.read_state()
        return self.state_

    # ------------------------------------------------------------ index
    def index_files(self, state: State | None = None) -> list[str]:
        st = state or self.state
        return sorted(p for t in INDEX_TABLES for p in st.files.get(t, {}))

    def known_ids(self, state: State | None = None) -> set[str]:
        """Every game_id (and reject id) committed: the index new ingests skip."""
        return load_ids(self.root, self.index_files(state))


def load_ids(root: str | os.PathLike, rel_paths: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for rel in rel_paths:
        t = pq.read_table(Path(root) / rel, columns=["game_id"])
        out.update(t.column("game_id").to_pylist())
    return out


# ------------------------------------------------------------------ readers


def snapshot(root: str | os.PathLike) -> dict[str, list[str]]:
    """Absolute paths of the committed parts of every table, one consistent snapshot."""
    ds = Dataset(root)
    st = ds.read_state()
    staged = {}
    for rec in st.pending:
        for f in rec.get("files", []) + rec.get("added", []):
            staged[f["path"]] = f["staged"]
    return {t: [str(ds.resolve(p, staged.get(p))) for p in sorted(files)]
            for t, files in st.files.items()}


def connect(root: str | os.PathLike, con=None):
    """A DuckDB connection with one view per table over one committed snapshot.

    Unlike a glob over the folders, the views never show a part whose commit is
    not complete, and every table agrees on which game_ids are present.
    """
    import duckdb

    con = con or duckdb.connect()
    for attempt in range(20):
        try:
            _create_views(con, snapshot(root))
            return con
        except duckdb.IOException:
            # A writer renamed a staged part between the snapshot and DuckDB's look at
            # the files (mid-commit): the next snapshot names it at its final place.
            if attempt == 19:
                raise
            time.sleep(0.01 * (attempt + 1))
    return con


def _create_views(con, tables: dict[str, list[str]]) -> None:
    for name, paths in tables.items():
        if paths:
            files = "[" + ", ".join("'" + p.replace("'", "''") + "'" for p in paths) + "]"
            con.execute(f"CREATE OR REPLACE VIEW {name} AS SELECT * FROM read_parquet("
                        f"{files}, hive_partitioning = true, union_by_name = true)")
        else:
            empty = empty_table(name)  # noqa: F841 - referenced by name in the SQL
            con.execute(f"CREATE OR REPLACE TABLE {name} AS SELECT * FROM empty")


def empty_table(name: str) -> pa.Table:
    """An empty table with the file columns and the partition keys (as strings)."""
    t = TABLES[name]
    fields = list(t.arrow_schema) + [pa.field(p, pa.string()) for p in t.partitions]
    return pa.schema(fields).empty_table()


# --------------------------------------------------------------- compaction


def compact(root: str | os.PathLike, target_rows: int = 4_000_000,
            small_bytes: int = 64 << 20, tables: Iterable[str] | None = None) -> dict:
    """Merge the small parts of each partition folder into larger files, atomically.

    Within each ``<table>/variant=…/batch=…`` folder, parts smaller than
    ``small_bytes`` are merged (streaming, row group by row group, in part order)
    into files of at most ``target_rows`` rows.  Batches stay separate, so the
    ``batch`` key keeps meaning the ingest run.  One log record replaces the old
    parts by the new ones (the commit point); renames and deletions follow.
    """
    ds = Dataset(root)
    merged = {"files_before": 0, "files_after": 0, "groups": 0}
    with ds.writer():
        st = ds.state
        stage_name = "compact-" + new_batch_id()
        for table in (tables or TABLES):
            groups: dict[str, list[str]] = {}
            for rel in sorted(st.files.get(table, {})):
                groups.setdefault(rel.rsplit("/", 1)[0], []).append(rel)
            for folder, rels in sorted(groups.items()):
                small = [r for r in rels if (ds.root / r).stat().st_size < small_bytes]
                if len(small) < 2:
                    continue
                stage = ds.staging_root / stage_name
                added = _merge(ds, table, folder, small, stage, target_rows, st.seq + 1)
                removed = [{"table": table, "path": r, "rows": st.files[table][r]}
                           for r in small]
                ds._append({"op": "compact", "table": table, "removed": removed,
                            "added": added})
                ds._place(added)
                ds._remove(removed)
                merged["groups"] += 1
                merged["files_before"] += len(small)
                merged["files_after"] += len(added)
        shutil.rmtree(ds.staging_root / stage_name, ignore_errors=True)
        ds.checkpoint()
    return merged


def _merge(ds: Dataset, table: str, folder: str, rels: list[str], stage: Path,
           target_rows: int, seq: int) -> list[dict]:
    schema = TABLES[table].arrow_schema
    added: list[dict] = []
    writer = None
    rows = 0
    k = 0
    cur: dict | None = None

    def close() -> None:
        nonlocal writer, cur
        if writer is not None:
            writer.close()
            staged = ds.root / cur["staged"]
            with open(staged, "rb") as fh:
                os.fsync(fh.fileno())
            fsync_dir(staged.parent)
            added.append(cur)
        writer, cur = None, None

    for rel in rels:
        pf = pq.ParquetFile(ds.root / rel)
        for batch in pf.iter_batches(batch_size=256_000):
            batch = batch.cast(schema) if batch.schema != schema else batch
            if writer is None or rows >= target_rows:
                close()
                k += 1
                name = f"part-c{seq:08d}-{k:03d}.parquet"
                path = f"{folder}/{name}"
                staged = stage / path
                staged.parent.mkdir(parents=True, exist_ok=True)
                writer = pq.ParquetWriter(staged, schema, **parquet_options(schema))
                cur = {"table": table, "path": path,
                       "staged": str(staged.relative_to(ds.root)), "rows": 0}
                rows = 0
            writer.write_batch(batch, row_group_size=1 << 20)
            rows += batch.num_rows
            assert cur is not None  # opened with the writer
            cur["rows"] += batch.num_rows
    close()
    return added
