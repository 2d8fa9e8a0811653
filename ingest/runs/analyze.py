"""``belot analyze``'s runs: games → units of whole games → workers that solve
every deal double-dummy (``replay.solver.analysis``) → results in input order.

- :func:`analyse_paths` reads record files and yields what each chunk found
  (``belot analyze PATH...``);
- :func:`analyse_dataset` reads the game texts kept in a dataset's ``records``
  table and adds the analysis to the dataset (``belot analyze --into``): each
  unit's rows (``card_analysis``, ``deal_analysis``, ``game_analysis``) are
  staged and committed through the dataset's commit log like an ingest unit,
  so a killed run leaves whole games analysed and a re-run skips them.

The chunking, the input expansion, the executors (processes on every core,
in-process, or a dask.distributed cluster), the staging and the commit are
ingest's own (``ingest.chunks``, ``ingest.pipeline``, ``ingest.dataset``);
only the work per unit differs.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow.parquet as pq

from ingest.chunks import fault_place, iter_chunks, until_fault
from ingest.dataset import Dataset, DatasetError, State, load_ids, new_batch_id
from ingest.events import Context, RowSink
from ingest.pipeline import (
    RunSummary,
    commit_unit,
    expand_inputs,
    in_order,
    make_executor,
    read_chunk_games,
    stage_parts,
    worker_name,
)
from ingest.progress import Progress
from ingest.schema import ANALYSIS_TABLES, SINGLE_DUMMY_TABLES

if TYPE_CHECKING:
    from replay.engine.report import DealReport
    from replay.rules.ruleset import Ruleset


@dataclass(slots=True)
class ChunkTask:
    """A chunk of whole games (read by ingest's ``read_chunk_games``)."""

    source: str
    kind: str
    text: str
    index_offset: int
    first_line: int = 1  # the line of the file the text starts on
    #: also the single-dummy analysis: (layouts per position, seed)
    single_dummy: tuple[int, int] | None = None
    encoding: str | None = None  # the file's encoding (None: UTF-8; ``--encoding``)
    undecoded: bool = True  # the text may hold a byte that could not be decoded


@dataclass(slots=True)
class PlayerTally:
    """One player's cards analysed (Betl deals apart: their values are 0/1, not points)."""

    cards: int = 0
    loss: int = 0
    blunders: int = 0  # cards that lost 10 points or more
    #: cards with a single-dummy value, and their single-dummy loss
    sd_cards: int = 0
    sd_loss: float = 0.0

    def add(self, loss: int) -> None:
        self.cards += 1
        self.loss += loss
        if loss >= 10:
            self.blunders += 1

    def add_single_dummy(self, loss: float) -> None:
        self.sd_cards += 1
        self.sd_loss += loss

    def merge(self, other: PlayerTally) -> None:
        self.cards += other.cards
        self.loss += other.loss
        self.blunders += other.blunders
        self.sd_cards += other.sd_cards
        self.sd_loss += other.sd_loss


@dataclass(slots=True)
class ChunkResult:
    #: one JSON-ready object per analysed deal, in order
    deals: list[dict] = field(default_factory=list)
    players: dict[str, PlayerTally] = field(default_factory=dict)
    games: int = 0
    seconds: float = 0.0
    #: characters of text in the chunk (what the progress counts)
    chars: int = 0
    #: ``file:line:col: P1xx message (game N)`` for each parse error: a game that does
    #: not parse has no deal to analyse
    errors: list[str] = field(default_factory=list)
    #: the games of ``games`` that did not parse
    unparsed: int = 0


def player_name(tags: dict, seat: int) -> str:
    """The ``SeatN`` tag, else "seat N"."""
    return tags.get(f"Seat{seat}") or f"seat {seat}"


def analyse_chunk(task: ChunkTask) -> ChunkResult:
    """Read a chunk's games, replay and solve each deal; runs in a worker."""
    from ingest.bgn.files import format_error
    from replay.solver.analysis import analyse_game, contract_text, game_ruleset

    t0 = time.perf_counter()
    out = ChunkResult(chars=len(task.text))
    for i, game in enumerate(read_chunk_games(task)):
        out.games += 1
        number = task.index_offset + i + 1
        if game.errors:
            out.unparsed += 1
            out.errors += format_error(task.source, game, task.first_line, number)
        report, deals = analyse_game(game)
        rs = game_ruleset(game) if task.single_dummy is not None and deals else None
        by_number = {dr.deal: dr for dr in report.deals}
        for a in deals:
            obj = {"file": task.source, "game": number, "deal": a.deal,
                   "variant": report.variant, "contract": contract_text(a), "caller": a.caller,
                   "value": a.value, "made_dd": a.made_dd, "made": a.made,
                   "cards": [c.to_json() for c in a.cards]}
            sd_losses: dict[int, float] = {}
            if rs is not None and task.single_dummy is not None:
                sd_losses = add_single_dummy(obj, by_number[a.deal], rs, *task.single_dummy)
            out.deals.append(obj)
            if a.betl:
                continue
            for idx, c in enumerate(a.cards, 1):
                t = out.players.setdefault(player_name(game.tags, c.seat), PlayerTally())
                t.add(c.loss)
                if idx in sd_losses:
                    t.add_single_dummy(sd_losses[idx])
    out.seconds = time.perf_counter() - t0
    return out


#: a card's single-dummy fields where no layout fits the record at its position
_NO_LAYOUT = dict.fromkeys(("sd_before", "sd_after", "sd_loss", "sd_best", "sd_se",
                            "samples", "determined"))


def add_single_dummy(obj: dict, dr: DealReport, rs: Ruleset, samples: int,
                     seed: int) -> dict[int, float]:
    """A deal's JSON object (``belot analyze --json``) with each card's single-dummy
    fields beside the double-dummy ones; returns the single-dummy loss by card
    position (``idx``)."""
    from replay.singledummy.values import single_dummy_deal

    failed = None
    try:
        sd = single_dummy_deal(dr, rs, samples, seed)
    except Exception as exc:  # noqa: BLE001 - one deal's failure must not end the run
        sd, failed = None, f"the single-dummy analysis failed: {type(exc).__name__}: {exc}"
    by_idx = {} if sd is None else {c.idx: c for c in sd.cards}
    for idx, card in enumerate(obj["cards"], 1):
        c = by_idx.get(idx)
        card.update(_NO_LAYOUT if c is None else c.to_json())
    obj["sd_stopped"] = failed if sd is None else sd.stopped
    obj["sd_notes"] = [] if sd is None else sd.notes
    return {idx: c.sd_loss for idx, c in by_idx.items()}


def analyse_paths(paths: Iterable[str], *, workers: int | None = None,
                  scheduler: str | None = None, chunk_chars: int = 16 << 10,
                  unreadable: list[str] | None = None,
                  single_dummy: tuple[int, int] | None = None,
                  encoding: str | None = None) -> Iterator[ChunkResult]:
    """Analyse files, folders and globs; yields each chunk's result in input order.

    ``single_dummy`` (layouts per position, seed): each card's single-dummy values too;
    ``workers``: processes (default every core; 0 = in this process);
    ``scheduler``: a dask.distributed scheduler address.  Small chunks (16 KB of
    text, a few games) keep every core busy: solving costs far more than reading.
    A file that cannot be read to its end (a damaged ``.gz``) ends its own chunks:
    ``PATH: cannot read to its end (why)`` goes to ``unreadable``, and the other
    files are analysed.
    ``encoding``: the files' encoding (a Python codec name; default UTF-8).
    """
    files = list(dict.fromkeys(expand_inputs(paths)))
    executor, in_flight, close = make_executor(workers, scheduler)

    def noted(path: str) -> Callable[[Exception], None]:
        def note(exc: Exception) -> None:
            if unreadable is None:
                raise exc
            unreadable.append(f"{fault_place(path, exc)}: cannot read to its end ({exc})")
        return note

    def tasks() -> Iterator[ChunkTask]:
        for path in files:
            chunks = iter_chunks(path, source=path, target_chars=chunk_chars,
                                 encoding=encoding)
            for chunk in until_fault(chunks, noted(path)):
                yield ChunkTask(chunk.source, chunk.kind, chunk.text, chunk.index_offset,
                                chunk.first_line, single_dummy, encoding, chunk.undecoded)

    try:
        yield from in_order(executor, analyse_chunk, tasks(), in_flight)
    finally:
        close()


# ------------------------------------------------------- into a dataset


@dataclass(slots=True)
class RecordText:
    """One game's text from the ``records`` table (what ``read_chunk_games`` reads)."""

    kind: str
    text: str
    source: str
    encoding: str | None = None  # the text of a dataset's records was UTF-8 when kept
    undecoded: bool = False  # and holds no byte that could not be decoded


@dataclass(slots=True)
class RecordsTask:
    """A unit of games to analyse from a dataset, picklable (processes or dask)."""

    root: str
    batch: str
    unit: int
    #: (game_id, variant, form, text) per game, from ``records``
    games: list[tuple[str, str, str, str]]
    #: the single-dummy analysis (layouts per position, seed) instead of the double-dummy one
    single_dummy: tuple[int, int] | None = None
    #: games of the unit that have their double-dummy rows already (single-dummy runs
    #: add them to the others)
    dd_done: frozenset[str] = frozenset()


@dataclass(slots=True)
class RecordsResult:
    unit: int
    #: staged parts, as :func:`ingest.pipeline.stage_parts` returns them
    files: list[dict]
    #: one line per game that could not be analysed (it gets no rows; a re-run retries it)
    failures: list[str]
    seconds: float
    worker: str
    #: single-dummy runs: deals analysed, and one line per position skipped (no layout
    #: fits the record)
    deals: int = 0
    notes: list[str] = field(default_factory=list)


def analyse_records(task: RecordsTask) -> RecordsResult:
    """Read, replay and solve a unit's games; stage their analysis rows.  Runs in a worker."""
    from ingest.ddrows import analyse_game_rows
    from ingest.sdrows import single_dummy_game_rows
    from replay.engine.walk import replay_game

    t0 = time.perf_counter()
    # the analysis tables carry no source file nor timestamp: the context only names the batch
    sink = RowSink(Context("", task.batch, dt.datetime.now(dt.UTC)))
    failures = []
    deals = 0
    notes: list[str] = []
    for gid, variant, form, text in task.games:
        try:
            game = next(iter(read_chunk_games(RecordText(form, text, gid))), None)
            if game is None or game.errors:
                why = game.errors[0].message if game is not None else "no game in it"
                failures.append(f"{gid[:12]}: its record text does not read: {why}")
                continue
            report = replay_game(game, game_id=gid)
            if task.single_dummy is None:
                analyse_game_rows(sink, game, report, gid, variant)
                continue
            samples, seed = task.single_dummy
            sd = single_dummy_game_rows(sink, game, report, gid, variant, samples, seed,
                                        double_dummy=gid not in task.dd_done)
            deals += sd.deals
            notes += sd.notes
        except Exception as exc:  # noqa: BLE001 - one game's failure must not end the run
            failures.append(f"{gid[:12]}: {type(exc).__name__}: {exc}")
    files = stage_parts(task.root, task.batch, task.unit, sink)
    return RecordsResult(task.unit, files, failures, time.perf_counter() - t0, worker_name(),
                         deals, notes)


@dataclass
class AnalyzeSummary(RunSummary):
    """What ``belot analyze --into`` did."""

    #: games analysed by this run, and their deals and cards with rows
    games: int = 0
    deals: int = 0
    cards: int = 0
    #: games skipped because an earlier run (or ``ingest --analyze``) analysed them
    already: int = 0
    #: games of ``games`` with no text in ``records`` (ingested before it was kept)
    no_text: int = 0
    failures: list[str] = field(default_factory=list)
    #: single-dummy runs: the layouts per position and their seed, the games that got
    #: their double-dummy rows along, and the positions skipped (no layout fits)
    single_dummy: tuple[int, int] | None = None
    double_dummy_too: int = 0
    notes: list[str] = field(default_factory=list)

    def detail(self) -> str:
        """What the progress says besides the games analysed."""
        return f"{self.deals:,} deals · {self.cards:,} cards · {self.already:,} analysed before"


#: the variant of a part, from its path (``records/variant=<v>/batch=<b>/part-*.parquet``,
#: ``ingest.dataset.part_path``): the partition key is not inside the file
_VARIANT_DIR = re.compile(r"/variant=([^/]*)/")


def record_units(ds: Dataset, st: State, done: set[str], batch: str, chunk_chars: int,
                 summary: AnalyzeSummary, dd_done: set[str] | None = None
                 ) -> Iterator[RecordsTask]:
    """The games of ``records`` not in ``done``, in units of about ``chunk_chars``
    characters of text, streaming (a part's rows are read in batches).  Single-dummy
    runs (``summary.single_dummy``) name in each unit the games of ``dd_done``
    (analysed double-dummy before)."""
    root = str(ds.root.resolve())
    unit = 0
    games: list[tuple[str, str, str, str]] = []
    size = 0
    for rel in sorted(st.files.get("records", {})):
        m = _VARIANT_DIR.search("/" + rel)
        variant = m.group(1) if m else ""
        pf = pq.ParquetFile(ds.root / rel)
        for b in pf.iter_batches(batch_size=4096, columns=["game_id", "form", "text"]):
            ids, forms, texts = (b.column(i).to_pylist() for i in range(3))
            for gid, form, text in zip(ids, forms, texts, strict=True):
                if gid in done:
                    summary.already += 1
                    continue
                done.add(gid)  # a game kept twice (never written so) is analysed once
                games.append((gid, variant, form, text))
                size += len(text)
                if size >= chunk_chars:
                    yield unit_task(root, batch, unit, games, summary.single_dummy, dd_done)
                    unit += 1
                    games, size = [], 0
    if games:
        yield unit_task(root, batch, unit, games, summary.single_dummy, dd_done)


def unit_task(root: str, batch: str, unit: int, games: list[tuple[str, str, str, str]],
              single_dummy: tuple[int, int] | None, dd_done: set[str] | None) -> RecordsTask:
    if single_dummy is None:
        return RecordsTask(root, batch, unit, games)
    ids = frozenset(g[0] for g in games if dd_done is not None and g[0] in dd_done)
    return RecordsTask(root, batch, unit, games, single_dummy, ids)


def analyse_dataset(root: str | Path, *, workers: int | None = None,
                    scheduler: str | None = None, chunk_chars: int = 16 << 10,
                    progress: Progress | bool | None = None,
                    single_dummy: tuple[int, int] | None = None) -> AnalyzeSummary:
    """Add the double-dummy analysis of every game not yet analysed to the dataset.

    Reads each game's text from ``records``; a game already in ``game_analysis``
    is skipped, so a second run adds nothing and a run after a crash finishes the
    job.  ``single_dummy`` (layouts per position, seed): the single-dummy analysis
    instead (``card_single_dummy``; ``game_single_dummy`` names the games done),
    with the double-dummy rows of the games that have none yet.  Holds the dataset's writer lock (an ingest cannot run meanwhile).
    ``workers``/``scheduler`` as :func:`ingest.pipeline.ingest_paths`;
    ``chunk_chars``: text per unit of work (small: solving costs far more than
    reading, and small units keep every core busy and commit often).
    """
    ds = Dataset(root)
    if not ds.exists():
        raise DatasetError(f"{root}: not a dataset (no {ds.meta.name}/ folder); "
                           "make one with: belot ingest PATH --into DATASET [--analyze]")
    if not isinstance(progress, Progress):
        progress = Progress(progress)
    with ds.writer():
        st = ds.state
        batch = new_batch_id()
        s = AnalyzeSummary(dataset=str(ds.root), batch=batch, single_dummy=single_dummy)
        s.no_text = max(0, st.games - sum(st.files.get("records", {}).values()))
        dd_done = load_ids(ds.root, sorted(st.files.get("game_analysis", {})))
        done = dd_done if single_dummy is None else load_ids(
            ds.root, sorted(st.files.get("game_single_dummy", {})))
        records = sum(st.files.get("records", {}).values())
        progress.begin("analyze", max(0, records - len(done)), "games")
        started_ms = int(time.time() * 1000)
        executor, in_flight, close = make_executor(workers, scheduler)
        try:
            units = record_units(ds, st, done, batch, chunk_chars, s, dd_done)
            for r in in_order(executor, analyse_records, units, in_flight):
                counts = dict.fromkeys(ANALYSIS_TABLES + SINGLE_DUMMY_TABLES, 0)
                for f in r.files:
                    counts[f["table"]] += f["rows"]
                if r.files:
                    commit_unit(ds, batch, r.unit, r.files, {},
                                {"analyze": counts, "worker": r.worker})
                s.units += 1
                if single_dummy is None:
                    s.games += counts["game_analysis"]
                    s.deals += counts["deal_analysis"]
                    s.cards += counts["card_analysis"]
                else:
                    s.games += counts["game_single_dummy"]
                    s.deals += r.deals
                    s.cards += counts["card_single_dummy"]
                    s.double_dummy_too += counts["game_analysis"]
                    s.notes += r.notes
                s.failures += r.failures
                s.worker_seconds += r.seconds
                s.tick()
                progress.advance(s.games, s.detail())
        finally:
            s.tick()
            progress.close(s.detail())
            close()
        shutil.rmtree(ds.staging_root / batch, ignore_errors=True)
        args: dict[str, object] = {"analyze": True, "units": s.units}
        if single_dummy is not None:
            args["single_dummy"] = {"samples": single_dummy[0], "seed": single_dummy[1]}
        ds.commit_batch_info(batch, started=started_ms, finished=int(time.time() * 1000),
                             args=args)
        ds.checkpoint()
    return s
