"""Helpers for the ingest tests: corpora on disk, reading tables back, running the CLI."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import duckdb

from ingest.bgn.reader import read_games
from ingest.bgn.writer import game_id, write_games
from ingest.events import side_labels, side_of_seat
from ingest.schema import TABLES
from replay.model.cards import CARD_TEXT, SUITS
from replay.simulate import simulate_games

REPO = Path(__file__).resolve().parents[2]


def write_corpus(path: Path, variant: str = "yu4", games: int = 20, seed: int = 1,
                 violation_rate: float = 0.1) -> Path:
    """Simulated games as canonical BGN (``.gz`` by suffix)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    games_iter = simulate_games(variant, games, seed, violation_rate=violation_rate)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "wt", encoding="utf-8", newline="\n") as fh:
        write_games(games_iter, fh)
    return path


def ids_of(path: Path) -> list[str]:
    """The game_ids of the games that parse in a file, in order."""
    return [game_id(g) for g in read_games(path) if not g.errors]


def table(root: Path, name: str, order: bool = True, where: str = "") -> list[dict]:
    """Rows of a table read through the folders (hive glob), sorted by its key."""
    files = list((root / name).glob("**/*.parquet"))
    if not files:
        return []
    key = ", ".join(TABLES[name].key)
    sql = (f"SELECT * FROM read_parquet('{root}/{name}/**/*.parquet', "
           f"hive_partitioning = true) {where}")
    if order:
        sql += f" ORDER BY {key}"
    con = duckdb.connect()
    cur = con.execute(sql)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]


def run_cli(*args: str, env: dict | None = None, timeout: float = 120
            ) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    return subprocess.run([sys.executable, "-m", "belot", *args], cwd=REPO, env=full_env,
                          capture_output=True, text=True, timeout=timeout)


def popen_cli(*args: str, env: dict | None = None) -> subprocess.Popen:
    full_env = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    return subprocess.Popen([sys.executable, "-m", "belot", *args], cwd=REPO, env=full_env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def check_consistent(root: Path, through_log: bool = True) -> set[str]:
    """Every table agrees on which games are present, and each game is whole.

    Reads one committed snapshot (``through_log``) or the folders (hive glob).
    Returns the game_ids present.
    """
    from ingest.dataset import connect

    con = duckdb.connect()
    if through_log:
        connect(root, con)
        src = {t: t for t in TABLES}
    else:
        src = {}
        for t in TABLES:
            if list((root / t).glob("**/*.parquet")):
                src[t] = f"read_parquet('{root}/{t}/**/*.parquet', hive_partitioning = true)"
            else:
                src[t] = None
    if src["games"] is None:
        for t, s in src.items():
            assert s is None or t == "rejects", f"{t} has rows but games has none"
        return set()
    games = con.execute(f"SELECT game_id, deals FROM {src['games']}").fetchall()
    ids = [g for g, _ in games]
    assert len(ids) == len(set(ids)), "a game is present twice"
    want = dict(games)
    if src["deals"] is not None:
        got = dict(con.execute(f"SELECT game_id, count(*) FROM {src['deals']} "
                               "GROUP BY game_id").fetchall())
    else:
        got = {}
    assert got == {g: n for g, n in want.items() if n}, "deals disagree with games"
    for t in ("bids", "declarations", "tricks", "plays", "violations"):
        if src[t] is None:
            continue
        child = {r[0] for r in con.execute(f"SELECT DISTINCT game_id FROM {src[t]}").fetchall()}
        assert child <= set(ids), f"{t} has games that games lacks"
    if src["tricks"] is not None:
        bad = con.execute(
            f"SELECT count(*) FROM (SELECT game_id, sum(tricks) AS n FROM {src['deals']} "
            f"GROUP BY game_id) d FULL JOIN (SELECT game_id, count(*) AS n FROM {src['tricks']} "
            "GROUP BY game_id) t USING (game_id) WHERE coalesce(d.n, 0) <> coalesce(t.n, 0)"
        ).fetchone()[0]
        assert bad == 0, "tricks disagree with deals"
    for t in ("plays", "tricks", "bids"):
        if src[t] is None:
            continue
        # one unit writes a game whole: its deals in the child table are all present
        n = con.execute(f"SELECT count(*) FROM (SELECT game_id, deal FROM {src[t]} "
                        f"GROUP BY ALL) x ANTI JOIN {src['deals']} d USING (game_id, deal)"
                        ).fetchone()[0]
        assert n == 0, f"{t} has deals that deals lacks"
    return set(ids)


def reference_rows(games) -> dict[tuple[str, str], list[dict]]:
    """Rows of ``plays`` and ``tricks`` from the report's records, one by one."""
    from ingest.events import cached_ruleset

    out: dict[tuple[str, str], list[dict]] = {}
    for game, report in games:
        v = report.variant
        sides, side_of = side_labels(v), side_of_seat(v)
        rs = cached_ruleset(v, game.tags.get("Rules"), game.tags.get("Target"))
        for deal, dr in zip(game.deals, report.deals, strict=False):
            written = list(deal.plays or [])
            position = 0
            for k, (seat, card, trick, legal, bela) in enumerate(dr.plays):
                position = position + 1 if k and trick == dr.plays[k - 1][2] else 1
                w = written[k] if k < len(written) else None
                out.setdefault(("plays", v), []).append({
                    "game_id": report.game_id, "deal": dr.deal, "idx": k + 1, "trick": trick,
                    "position": position, "seat": seat, "card": CARD_TEXT[card],
                    "legal": legal, "bela": bela,
                    "annotation": None if w is None else w.annotation,
                    "comment": None if w is None else w.comment})
            trump = dr.contract if dr.contract is not None and dr.contract < 4 else None
            for t in dr.tricks:
                cards = [CARD_TEXT[c] for c in t.cards] + [None] * (4 - len(t.cards))
                seats = list(t.seats) + [None] * (4 - len(t.seats))
                led = t.cards[0] >> 3
                out.setdefault(("tricks", v), []).append({
                    "game_id": report.game_id, "deal": dr.deal, "trick": t.number,
                    "leader": t.leader,
                    **{f"card{i + 1}": cards[i] for i in range(4)},
                    **{f"seat{i + 1}": seats[i] for i in range(4)},
                    "led_suit": SUITS[led], "winner": t.winner,
                    "winner_side": sides[side_of[t.winner]], "points": t.points,
                    "trumped": trump is not None and led != trump
                    and any(c >> 3 == trump for c in t.cards[1:]),
                    "last_trick": t.number == rs.tricks})
    return out
