"""``belot ingest``: files → chunks → an Executor (processes or dask) → staged parts → commit.

The driver (:class:`Driver`) reads the input files and cuts them into chunks of
whole games (:mod:`ingest.chunks`); each chunk is one *unit* of work, submitted
to a :class:`concurrent.futures.Executor`:

- a ``ProcessPoolExecutor`` over all cores by default (``--workers N``),
- an :class:`InlineExecutor` (``--workers 0``: in this process, for debugging),
- or a dask.distributed cluster (``--scheduler ADDRESS``: ``Client.get_executor``).

A worker (:func:`process_unit`) reads its chunk, computes each game's identity,
skips games already in the dataset, replays the rest through the engine, and
writes one Parquet part per table (and variant) into the staging area.  It
returns only small metadata.  The driver commits units strictly in input
order (:meth:`ingest.dataset.Dataset.commit_add`), so the result does not
depend on the executor or on timing: a local run and a cluster run write the
same rows.  At most ``max_in_flight`` units exist at once, so memory stays
bounded whatever the input size.

At commit time the driver also (rarely) rewrites a unit's small tables: to
drop a game that an earlier unit of the same run already committed (the same
game twice in the input), and to correct game numbers when the chunker's
estimate of the games before a chunk was off.
"""

from __future__ import annotations

import concurrent.futures as cf
import datetime as dt
import gc
import os
import shutil
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from ingest.bgn.encoding import escape_undecoded
from ingest.bgn.files import STDIN, Skipped, is_record_file, record_files
from ingest.chunks import (
    MAX_UNIT_CHARS,
    Chunk,
    fault_place,
    input_chars,
    iter_chunks,
    read_chunk_games,
    unit_chars,
    until_fault,
)
from ingest.dataset import (
    Dataset,
    fsync_dir,
    load_ids,
    new_batch_id,
    part_path,
    write_parquet_durable,
    write_parquet_staged,
)
from ingest.events import ENGINE_FAILURE, Context, RowSink, raw_id
from ingest.executors import (
    InlineExecutor,
    default_workers,
    make_executor,
    missing_dask,
)
from ingest.progress import Progress
from replay.engine.report import GameReport
from replay.model.record import Game

#: the smallest unit of work by default: each unit writes a Parquet part per table and
#: variant, fsynced, and a commit record, about 40 ms of CPU whatever the unit's size
#: (docs/dev/hot-path.md); 256 KB of text is about 0.2 s of work
MIN_UNIT_CHARS = 256 << 10

#: units per worker (``ingest.chunks.unit_chars``): every unit writes its own Parquet
#: parts (about 30 ms of CPU a unit whatever its size), so ingest cuts two a worker
#: where validate cuts more
UNITS_PER_WORKER = 2

#: with ``--analyze`` solving costs ~0.1 s a deal (~350 characters of text): units of at
#: most 64 KB (about 180 deals) keep every core busy on a file of a few hundred games
ANALYZE_CHUNK_CHARS = 64 << 10
#: the smallest unit with ``--analyze`` (a few dozen deals, seconds of solving)
ANALYZE_MIN_UNIT_CHARS = 16 << 10
#: tables that carry ``game_index`` (corrected at commit when the estimate was off)
INDEXED_TABLES = ("games", "violations", "rejects")


# ---------------------------------------------------------------- the unit


@dataclass(slots=True)
class UnitTask:
    """Everything a worker needs, picklable (sent to processes or dask workers)."""

    root: str
    batch: str
    unit: int
    source: str
    kind: str
    text: str
    first_line: int
    index_offset: int
    ingested_at_ms: int
    known_key: str
    known_files: tuple[str, ...]
    #: also solve every deal double-dummy (``belot ingest --analyze``)
    analyze: bool = False
    #: the encoding the text was decoded from (None: UTF-8; ``--encoding``)
    encoding: str | None = None
    #: the text may hold a byte that could not be decoded (False: it holds none)
    undecoded: bool = True


@dataclass(slots=True)
class UnitResult:
    unit: int
    #: staged parts: {"table", "path", "staged", "rows", "bytes"}
    files: list[dict]
    #: (id, "game" | "reject") of every row-bearing record, in order
    ids: list[tuple[str, str]]
    #: records the reader found in the chunk (exact; games + rejects + skipped)
    records: int
    #: records skipped because their id was already in the dataset (or twice in the chunk)
    skipped: int
    seconds: float
    worker: str = ""
    #: deals analysed double-dummy (``analyze``), and the games whose analysis failed
    analysed: int = 0
    analysis_failures: list[str] = field(default_factory=list)
    #: ``FILE:LINE:COL: P104 …`` for each new reject whose text could not be decoded
    undecodable: list[str] = field(default_factory=list)


#: per-process cache of the known-id snapshot: key -> set
_KNOWN: dict[str, set[str]] = {}


def _known(task: UnitTask) -> set[str]:
    s = _KNOWN.get(task.known_key)
    if s is None:
        _KNOWN.clear()
        s = _KNOWN[task.known_key] = load_ids(task.root, task.known_files)
    return s


def process_unit(task: UnitTask) -> UnitResult:
    """Read, identify, replay and write one chunk; return what the driver commits.

    The cyclic garbage collector is paused for the unit: reading, replaying and
    building rows allocate millions of small acyclic objects, and its passes
    over them cost about a third of the time (records and reports hold no
    cycles worth collecting; the unit's memory is bounded by the chunk).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _process_unit(task)
    finally:
        if enabled:
            gc.enable()


def _process_unit(task: UnitTask) -> UnitResult:
    from ingest.bgn.writer import write_game
    from ingest.identity import read_identity
    from replay.engine.walk import replay_game

    t0 = time.perf_counter()
    known = _known(task)
    ingested_at = dt.datetime.fromtimestamp(task.ingested_at_ms / 1000, dt.UTC)
    sink = RowSink(Context(task.source, task.batch, ingested_at,
                           line_offset=task.first_line - 1, index_offset=task.index_offset,
                           form=task.kind))
    seen: set[str] = set()
    records = skipped = analysed = 0
    failures: list[str] = []
    undecodable: list[str] = []
    for game in read_chunk_games(task):
        records += 1
        if game.errors:
            e = game.errors[0]
            # a text that could not be decoded is kept with its bytes written \xE9
            raw = escape_undecoded(game.source_text)
            rid = raw_id(raw)
            if rid in known or rid in seen:
                skipped += 1
                continue
            seen.add(rid)
            sink.add_reject(game, e.code, e.line, e.col, e.message, raw=raw)
            if e.code == "P104":
                undecodable.append(f"{task.source}:{e.line + task.first_line - 1}:{e.col}: "
                                   f"P104 {e.message}")
            continue
        try:
            gid, canonical = read_identity(game)  # a canonical source text is hashed as read
            if gid in known or gid in seen:
                skipped += 1
                continue
            report = replay_game(game, file=task.source, game_id=gid)
            if not report.parse_failed:
                sink.add_game(game, report, gid, canonical)
                seen.add(gid)
                if task.analyze:
                    analysed += _analyse_rows(sink, game, report, gid, failures,
                                              game.index + task.index_offset)
                continue
            v = report.violations[0]  # P102: the ruleset cannot be built
            code, line, col, message = v.code, v.line, v.col, v.message
        except Exception as exc:  # an engine or writer bug must not lose the record
            code, line, col = ENGINE_FAILURE, game.line, None
            message = f"the engine failed on this record: {type(exc).__name__}: {exc}"
        raw = game.source_text or _safe_text(write_game, game)
        rid = raw_id(raw)  # equals the game_id when the raw text is canonical
        if rid in known or rid in seen:
            skipped += 1
            continue
        seen.add(rid)
        sink.add_reject(game, code, line, col, message, raw=raw)
    files = stage_parts(task.root, task.batch, task.unit, sink)
    return UnitResult(task.unit, files, sink.ids, records, skipped,
                      time.perf_counter() - t0, worker_name(), analysed, failures, undecodable)


def _analyse_rows(sink: RowSink, game: Game, report: GameReport, gid: str, failures: list[str],
                  number: int) -> int:
    """The game's double-dummy analysis into the sink; a solver failure keeps the game
    (its other rows are in) and is reported, and ``belot analyze --into`` retries it."""
    from ingest.ddrows import analyse_game_rows

    try:
        return analyse_game_rows(sink, game, report, gid, report.variant or "")
    except Exception as exc:  # noqa: BLE001 - a solver bug must not lose the game
        failures.append(f"game {number} ({gid[:12]}): {type(exc).__name__}: {exc}")
        return 0


def worker_name() -> str:
    """``host:pid`` of the process that ran a unit (kept in the commit log)."""
    return f"{os.uname().nodename}:{os.getpid()}"


def stage_parts(root: str, batch: str, unit: int, sink: RowSink) -> list[dict]:
    """Write one Parquet part per (table, variant) of a unit's rows into the staging area
    (fsynced); returns the parts as the commit log names them."""
    files = []
    stage = Dataset(root).staging(batch, unit)
    name = f"part-{unit:06d}.parquet"
    # A unit's parts share their partition folders (variant=…/batch=…, which readers
    # of a half-committed unit need in the path): one folder to sync per variant,
    # not one per table and variant (each cost two fsyncs and three folders to remove).
    folders = set()
    for (table, variant), arrow in sink.tables().items():
        rel = part_path(table, variant, batch, name)
        staged = stage.joinpath(*rel.split("/")[1:-1], f"{table}.parquet")
        if staged.parent not in folders:
            staged.parent.mkdir(parents=True, exist_ok=True)
            folders.add(staged.parent)
        size = write_parquet_staged(arrow, staged)
        files.append({"table": table, "path": rel,
                      "staged": str(staged.relative_to(root)),
                      "rows": arrow.num_rows, "bytes": size})
    for folder in folders:
        fsync_dir(folder)
    return files


def _safe_text(write_game, game) -> str:
    try:
        return write_game(game)
    except Exception:  # noqa: BLE001 - last resort for a reject's text
        return repr(game)


# ----------------------------------------------------------- crash testing


def crash_point(phase: str, unit: int) -> None:
    """Fault injection for the crash tests: ``BELOT_INGEST_CRASH=<phase>:<unit>`` makes
    the driver SIGKILL itself at that point of that unit's commit (``staged``: parts
    written, no log record; ``logged``: record written, parts not yet in place;
    ``renaming``: one part renamed, the others not; ``placed``: parts in place).
    Unset in normal runs: one dict lookup per commit."""
    spec = os.environ.get("BELOT_INGEST_CRASH")
    if spec and spec == f"{phase}:{unit}":
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


def commit_unit(ds: Dataset, batch: str, unit: int, files: list[dict], counts: dict,
                source: dict) -> dict:
    """Commit one unit's staged parts (:meth:`Dataset.commit_add`), with the crash
    points of :func:`crash_point` around the commit point."""
    crash_point("staged", unit)
    rec = ds.commit_add(batch, unit, files, counts, source,
                        after_log=lambda: crash_point("logged", unit),
                        after_first=lambda: crash_point("renaming", unit))
    crash_point("placed", unit)
    return rec


def in_order(executor: cf.Executor, fn: Callable, tasks: Iterable, max_in_flight: int
             ) -> Iterator:
    """``fn(task)`` for every task on the executor, at most ``max_in_flight`` at once;
    yields the results in task order (a worker's exception is raised here, and the
    tasks not yet run are cancelled)."""
    pending: deque[cf.Future] = deque()
    try:
        for task in tasks:
            pending.append(executor.submit(fn, task))
            while len(pending) >= max(1, max_in_flight):
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for f in pending:
            f.cancel()


# ------------------------------------------------------------------ driver


@dataclass
class RunSummary:
    """What a run that writes into a dataset did (``belot ingest``, ``belot analyze
    --into``): the dataset, its batch, the units committed and the time taken."""

    dataset: str = ""
    batch: str = ""
    units: int = 0
    started: float = field(default_factory=time.monotonic)
    elapsed: float = 0.0
    #: time the workers spent on the units, summed
    worker_seconds: float = 0.0

    def tick(self) -> None:
        self.elapsed = time.monotonic() - self.started

    def to_json(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "started"}


@dataclass
class IngestSummary(RunSummary):
    files: int = 0
    files_unchanged: int = 0
    records: int = 0
    games: int = 0
    deals: int = 0
    violations: int = 0
    rejects: int = 0
    skipped: int = 0
    bytes_written: int = 0
    #: ``--analyze``: deals analysed double-dummy, and games whose analysis failed
    analyze: bool = False
    analysed: int = 0
    analysis_failures: list[str] = field(default_factory=list)
    #: games kept as rejects because their text could not be decoded (P104), by place
    undecodable: list[str] = field(default_factory=list)
    #: files that could not be read to their end ("PATH: cannot read ... (why)": not gzip, cut short,
    #: corrupt data); the games read before the fault are in, the file is not marked
    #: as ingested, so a re-run reads it again
    unreadable: list[str] = field(default_factory=list)


def expand_inputs(paths: Iterable[str], skipped: list[Skipped] | None = None) -> Iterator[str]:
    """Files, folders (searched recursively for record files, as
    :func:`ingest.bgn.files.record_files`, which adds what it passes over to
    ``skipped``) and globs, sorted; fsspec URLs (``s3://bucket/dir/*.bgn.gz``) are
    expanded with fsspec."""
    for raw in paths:
        raw = str(raw)
        if "://" in raw and not raw.startswith("file://"):
            import fsspec

            fs, _, found = fsspec.get_fs_token_paths(raw)
            names = []
            for p in found:
                if fs.isdir(p):
                    names += [f for f in fs.find(p) if is_record_file(f)]
                else:
                    names.append(p)
            if not names:
                raise FileNotFoundError(f"no file matches {raw!r}")
            for p in sorted(names):
                yield fs.unstrip_protocol(p)
            continue
        raw = raw[len("file://"):] if raw.startswith("file://") else raw
        yield from (str(p) for p in record_files([raw], skipped))


def _fingerprint(path: str) -> tuple[str, int, int] | None:
    """(resolved path, size, mtime_ns) of a local file; None for URLs and standard
    input (``-``): read each time, their games deduplicated by id."""
    if "://" in path or path == STDIN:
        return None
    st = os.stat(path)
    return str(Path(path).resolve()), st.st_size, st.st_mtime_ns


def read_already(done_files: dict[str, dict], fingerprint: tuple[str, int, int] | None
                 ) -> bool:
    """The file was read to its end by an earlier ingest and has not changed since
    (same resolved path, size and mtime): a re-run skips it without reading."""
    if fingerprint is None:
        return False
    prev = done_files.get(fingerprint[0])
    return prev is not None and (prev["size"], prev["mtime_ns"]) == fingerprint[1:]


def unread_files(ds: Dataset, files: Iterable[str]) -> list[str]:
    """Those of ``files`` (local paths) that an ingest into ``ds`` would read."""
    done = ds.read_state().done_files if ds.exists() else {}
    return [f for f in files if not read_already(done, _fingerprint(f))]


@dataclass(slots=True)
class _Pending:
    task_unit: int
    source: str
    index_offset: int
    last: bool
    fingerprint: tuple[str, int, int] | None
    #: characters of text in the unit (what the progress counts)
    chars: int = 0
    future: cf.Future | None = None
    result: UnitResult | None = None


class Driver:
    """One ingest run into one dataset (hold :meth:`Dataset.writer` around :meth:`run`)."""

    def __init__(self, ds: Dataset, executor: cf.Executor, max_in_flight: int,
                 chunk_chars: int = MAX_UNIT_CHARS, recheck: bool = False,
                 progress: Progress | None = None, batch: str | None = None,
                 on_commit: Callable[[dict], None] | None = None, analyze: bool = False,
                 encoding: str | None = None) -> None:
        self.ds = ds
        self.analyze = analyze
        self.encoding = encoding
        self.executor = executor
        self.max_in_flight = max(1, max_in_flight)
        self.chunk_chars = chunk_chars
        self.recheck = recheck
        self.progress = progress or Progress(False)
        now = dt.datetime.now(dt.UTC)
        self.batch = batch or new_batch_id(now)
        self.ingested_at_ms = int(now.timestamp() * 1000)
        self.on_commit = on_commit
        st = ds.state
        #: workers (possibly on other hosts, other working folders) get an absolute path
        self.root = str(ds.root.resolve())
        self.known_files = tuple(ds.index_files(st))
        self.known_key = f"{self.root}#{st.seq}#{len(self.known_files)}"
        self.known = _KNOWN.get(self.known_key)
        if self.known is None:
            _KNOWN.clear()
            self.known = _KNOWN[self.known_key] = ds.known_ids(st)
        self.new_ids: set[str] = set()
        self.actual_before: dict[str, int] = {}
        #: files with a game whose text could not be decoded (P104)
        self.undecodable_files: set[str] = set()
        self.summary = IngestSummary(dataset=str(ds.root), batch=self.batch, analyze=analyze)
        #: characters of text committed so far
        self.chars_done = 0

    # ------------------------------------------------------------ tasks
    def tasks(self, files: Iterable[str]) -> Iterator[tuple[UnitTask, _Pending]]:
        unit = 0
        done = self.ds.state.done_files
        for path in files:
            self.summary.files += 1
            fp = _fingerprint(path)
            if not self.recheck and read_already(done, fp):
                self.summary.files_unchanged += 1
                continue
            chunk: Chunk
            chunks = iter_chunks(path, source=path, target_chars=self.chunk_chars,
                                 encoding=self.encoding)
            for chunk in until_fault(chunks, partial(self._unreadable, path)):
                task = UnitTask(self.root, self.batch, unit, chunk.source, chunk.kind,
                                chunk.text, chunk.first_line, chunk.index_offset,
                                self.ingested_at_ms, self.known_key, self.known_files,
                                self.analyze, self.encoding, chunk.undecoded)
                yield task, _Pending(unit, chunk.source, chunk.index_offset, chunk.last, fp,
                                     len(chunk.text))
                unit += 1

    def _unreadable(self, path: str, exc: Exception) -> None:
        """A damaged file: named in the summary; the run goes on with the others."""
        self.summary.unreadable.append(f"{fault_place(path, exc)}: cannot read to its end ({exc})")

    # -------------------------------------------------------------- run
    def run(self, files: Iterable[str]) -> IngestSummary:
        pending: dict[int, _Pending] = {}
        next_unit = 0
        s = self.summary
        try:
            for task, p in self.tasks(files):
                p.future = self.executor.submit(process_unit, task)
                pending[p.task_unit] = p
                del task
                while len(pending) >= self.max_in_flight:
                    next_unit = self._drain(pending, next_unit)
            while pending:
                next_unit = self._drain(pending, next_unit)
        except BaseException:
            for p in pending.values():
                if p.future is not None:
                    p.future.cancel()
            raise
        finally:
            s.tick()
            self.progress.close(self.progress_detail())
        shutil.rmtree(self.ds.staging_root / self.batch, ignore_errors=True)
        self.ds.commit_batch_info(self.batch, started=self.ingested_at_ms,
                                  finished=int(time.time() * 1000),
                                  args={"files": s.files, "units": s.units})
        self.ds.checkpoint()
        return s

    def _drain(self, pending: dict[int, _Pending], next_unit: int) -> int:
        waiting = [p.future for p in pending.values()
                   if p.result is None and p.future is not None]  # run() submits each
        if waiting:
            done, _ = cf.wait(waiting, return_when=cf.FIRST_COMPLETED)
            by_future = {id(p.future): p for p in pending.values()}
            for f in done:
                by_future[id(f)].result = f.result()  # a worker error ends the run
        while next_unit in pending and pending[next_unit].result is not None:
            self._commit(pending.pop(next_unit))
            next_unit += 1
        return next_unit

    def _commit(self, p: _Pending) -> None:
        r = p.result
        assert r is not None, "only a finished unit is committed"
        s = self.summary
        before = self.actual_before.get(p.source, 0)
        self.actual_before[p.source] = before + r.records
        delta = before - p.index_offset
        dups = {i for i, _ in r.ids if i in self.new_ids}
        files = r.files
        if delta or dups:
            files = self._rewrite(files, dups, delta)
        counts = {t: 0 for t in ("games", "deals", "violations", "rejects")}
        for f in files:
            if f["table"] in counts:
                counts[f["table"]] += f["rows"]
        if files:
            rec = commit_unit(self.ds, self.batch, r.unit, files, counts,
                              {"file": p.source, "records": r.records, "worker": r.worker})
            if self.on_commit is not None:
                self.on_commit(rec)
        self.new_ids.update(i for i, _ in r.ids)
        if r.undecodable:
            self.undecodable_files.add(p.source)
        # a file with text it could not decode is not marked as read: ingested again
        # with --encoding, it is read again (its good games are skipped by id)
        if p.last and p.fingerprint is not None and p.source not in self.undecodable_files:
            self.ds.commit_file_done(p.fingerprint[0], p.fingerprint[1], p.fingerprint[2],
                                     p.source)
        s.units += 1
        s.records += r.records
        s.games += counts["games"]
        s.deals += counts["deals"]
        s.violations += counts["violations"]
        s.rejects += counts["rejects"]
        s.skipped += r.skipped + len(dups)
        s.analysed += r.analysed
        s.analysis_failures += r.analysis_failures
        s.undecodable += r.undecodable
        s.bytes_written += sum(f["bytes"] for f in files)
        s.worker_seconds += r.seconds
        s.tick()
        self.chars_done += p.chars
        self.progress.advance(self.chars_done, self.progress_detail())

    def progress_detail(self) -> str:
        """What the progress says besides the text read: the run's counts."""
        s = self.summary
        analysed = f" · {s.analysed:,} analysed" if s.analyze else ""
        return (f"{s.games:,} games · {s.deals:,} deals{analysed} · {s.violations:,} "
                f"violations · {s.rejects:,} rejects · {s.skipped:,} known")

    def _rewrite(self, files: list[dict], dups: set[str], delta: int) -> list[dict]:
        """Drop rows of ``dups`` and shift ``game_index`` by ``delta`` in staged parts.

        The only user of ``pyarrow.compute`` in an ingest, imported here: loading it
        costs about 30 ms of CPU, and most runs never rewrite a part."""
        import pyarrow.compute as pc

        out = []
        drop = pa.array(sorted(dups), type=pa.string()) if dups else None
        for f in files:
            if not dups and f["table"] not in INDEXED_TABLES:
                out.append(f)
                continue
            path = self.ds.root / f["staged"]
            t = pq.read_table(path)
            schema = t.schema
            if drop is not None:
                t = t.filter(pc.invert(pc.is_in(t.column("game_id"), value_set=drop)))
            if delta and "game_index" in t.column_names:
                i = t.column_names.index("game_index")
                t = t.set_column(i, schema.field(i),
                                 pc.add(t.column(i), pa.scalar(delta, pa.int32())))
            if t.num_rows == 0:
                path.unlink()
                continue
            size = write_parquet_durable(t.cast(schema), path)
            out.append({**f, "rows": t.num_rows, "bytes": size})
        return out


# -------------------------------------------------------------- entry point


def job_error(exc: Exception, command: str, scheduler: str | None,
              expected: tuple[type[Exception], ...]) -> str | None:
    """The stderr line a ``belot`` command prints when its run ends with ``exc``: an
    ``expected`` error (a missing file, a locked or damaged dataset) says what is
    wrong; dask.distributed missing under ``--scheduler`` says how to install it;
    None for anything else (a bug: the caller raises it again)."""
    if isinstance(exc, expected):
        return f"belot {command}: {exc}"
    if isinstance(exc, ImportError):
        return missing_dask(exc, scheduler, command)
    return None


def job_failed(exc: Exception, command: str, scheduler: str | None,
               expected: tuple[type[Exception], ...]) -> int:
    """Print :func:`job_error`'s line and give the exit status 2; an error it has no
    line for (a bug) is raised again, with its traceback."""
    message = job_error(exc, command, scheduler, expected)
    if message is None:
        raise exc
    print(message, file=sys.stderr)
    return 2


def ingest_paths(paths: Iterable[str], into: str | os.PathLike, *, workers: int | None = None,
                 scheduler: str | None = None, executor: cf.Executor | None = None,
                 max_in_flight: int | None = None, chunk_chars: int | None = None,
                 recheck: bool = False, progress: Progress | bool | None = None,
                 on_commit: Callable[[dict], None] | None = None, analyze: bool = False,
                 encoding: str | None = None) -> IngestSummary:
    """Ingest files, folders and globs into the dataset at ``into``; returns the summary.

    ``workers``: processes (default: every core; 0 = in this process).
    ``scheduler``: a dask.distributed scheduler address (overrides ``workers``).
    ``executor``: any concurrent.futures Executor (overrides both), e.g. a
    dask ``Client.get_executor()``; then ``max_in_flight`` bounds the units in flight.
    ``chunk_chars``: the text of one unit of work; default sized from the files to
    read and the workers (:func:`ingest.chunks.unit_chars`).
    ``recheck``: read files again even if recorded as fully ingested (path, size, mtime).
    ``progress``: True/False, or a :class:`~ingest.progress.Progress`; default: on when
    stderr is a terminal.
    ``analyze``: also solve every new game's deals double-dummy (``card_analysis``,
    ``deal_analysis``, ``game_analysis``), committed with the game's other rows.
    ``encoding``: the files' encoding (a Python codec name; default UTF-8).
    With ``analyze`` the default unit is smaller (at most :data:`ANALYZE_CHUNK_CHARS`):
    solving, not reading, is then the work.
    """
    # fail early on a missing path; a file named twice (overlapping globs) is read once
    files = list(dict.fromkeys(expand_inputs(paths)))
    if not isinstance(progress, Progress):
        progress = Progress(progress)
    ds = Dataset(into)
    with ds.writer():
        # The driver loads the known-id snapshot (into _KNOWN) before any worker
        # process is forked, so local workers inherit it instead of reading it again.
        driver = Driver(ds, InlineExecutor(), 1, MAX_UNIT_CHARS, recheck, progress,
                        on_commit=on_commit, analyze=analyze, encoding=encoding)
        close: Callable[[], None] = lambda: None  # noqa: E731
        if executor is not None:
            driver.executor = executor
            driver.max_in_flight = max_in_flight or 2 * default_workers() + 1
        else:
            driver.executor, inflight, close = make_executor(workers, scheduler)
            driver.max_in_flight = max_in_flight or inflight
        done = ds.state.done_files
        to_read = [f for f in files if recheck or not read_already(done, _fingerprint(f))]
        total = input_chars(to_read)
        progress.begin("ingest", total, "B")
        if chunk_chars is None:
            busy = max(1, (driver.max_in_flight - 1) // 2)  # the workers: 2 waiting each
            if analyze:
                chunk_chars = min(ANALYZE_CHUNK_CHARS, unit_chars(
                    total, busy, ANALYZE_MIN_UNIT_CHARS))
            else:
                chunk_chars = unit_chars(total, busy, MIN_UNIT_CHARS, UNITS_PER_WORKER)
        driver.chunk_chars = chunk_chars
        try:
            return driver.run(files)
        finally:
            close()
