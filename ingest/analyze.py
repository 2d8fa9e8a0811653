"""``belot analyze``'s run: records → chunks of whole games → workers that solve
every deal double-dummy (``replay.analysis``) → results in input order.

The chunking, the input expansion and the executors (processes on every core,
in-process, or a dask.distributed cluster) are ingest's own
(``ingest.chunks``, ``ingest.pipeline``); only the work per chunk differs.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ingest.chunks import iter_chunks
from ingest.pipeline import expand_inputs, make_executor, read_chunk_games


@dataclass(slots=True)
class ChunkTask:
    """A chunk of whole games (read by ingest's ``read_chunk_games``)."""

    source: str
    kind: str
    text: str
    index_offset: int


@dataclass(slots=True)
class PlayerTally:
    """One player's cards analysed (Betl deals apart: their values are 0/1, not points)."""

    cards: int = 0
    loss: int = 0
    blunders: int = 0  # cards that lost 10 points or more

    def add(self, loss: int) -> None:
        self.cards += 1
        self.loss += loss
        if loss >= 10:
            self.blunders += 1

    def merge(self, other: PlayerTally) -> None:
        self.cards += other.cards
        self.loss += other.loss
        self.blunders += other.blunders


@dataclass(slots=True)
class ChunkResult:
    #: one JSON-ready object per analysed deal, in order
    deals: list[dict] = field(default_factory=list)
    players: dict[str, PlayerTally] = field(default_factory=dict)
    games: int = 0
    seconds: float = 0.0


def player_name(tags: dict, seat: int) -> str:
    """The ``SeatN`` tag, else "seat N"."""
    return tags.get(f"Seat{seat}") or f"seat {seat}"


def analyse_chunk(task: ChunkTask) -> ChunkResult:
    """Read a chunk's games, replay and solve each deal; runs in a worker."""
    from replay.analysis import analyse_game, contract_text

    t0 = time.perf_counter()
    out = ChunkResult()
    for i, game in enumerate(read_chunk_games(task)):
        out.games += 1
        number = task.index_offset + i + 1
        report, deals = analyse_game(game)
        for a in deals:
            out.deals.append({
                "file": task.source, "game": number, "deal": a.deal,
                "variant": report.variant, "contract": contract_text(a), "caller": a.caller,
                "value": a.value, "made_dd": a.made_dd, "made": a.made,
                "cards": [c.to_json() for c in a.cards]})
            if a.betl:
                continue
            for c in a.cards:
                name = player_name(game.tags, c.seat)
                out.players.setdefault(name, PlayerTally()).add(c.loss)
    out.seconds = time.perf_counter() - t0
    return out


def analyse_paths(paths: Iterable[str], *, workers: int | None = None,
                  scheduler: str | None = None, chunk_chars: int = 16 << 10
                  ) -> Iterator[ChunkResult]:
    """Analyse files, folders and globs; yields each chunk's result in input order.

    ``workers``: processes (default every core; 0 = in this process);
    ``scheduler``: a dask.distributed scheduler address.  Small chunks (16 KB of
    text, a few games) keep every core busy: solving costs far more than reading.
    """
    files = list(dict.fromkeys(expand_inputs(paths)))
    executor, in_flight, close = make_executor(workers, scheduler)
    pending: deque = deque()
    try:
        for path in files:
            for chunk in iter_chunks(path, source=path, target_chars=chunk_chars):
                task = ChunkTask(chunk.source, chunk.kind, chunk.text, chunk.index_offset)
                pending.append(executor.submit(analyse_chunk, task))
                while len(pending) >= in_flight:
                    yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for f in pending:
            f.cancel()
        close()
