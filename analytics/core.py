"""The analytics entry point: :func:`open_dataset` and the :class:`Analytics` it returns."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path

import duckdb
import polars as pl

import analytics.facts as F
from analytics.elo import elo_ratings
from analytics.metrics import METRICS, MIN_N, Metric, render
from replay.model.jsontext import dumps
from replay.model.variants import variant_id

#: the dataset tables the fact tables read
READ_TABLES = ("games", "deals", "declarations", "tricks", "violations", "card_analysis",
               "deal_analysis")
#: every dataset table (views in the .duckdb file for the CLI)
BASE_TABLES = (*READ_TABLES, "bids", "plays", "records", "rejects")
#: the single-dummy analysis' tables (read by analytics.fairplay, only when present)
SD_TABLES = ("card_single_dummy", "game_single_dummy")
#: trend periods (date_trunc parts)
FREQS = ("day", "week", "month", "quarter", "year")


@dataclass
class Filters:
    """Which games a metric counts; every field optional (None or empty: no filter).

    ``variants`` are variant ids, in any letters (``YU4`` is ``yu4``, as in a record);
    ``players`` matches a game where any of Seat1..Seat4 is one of the names;
    ``sources`` are input files (``source_file``, as named to ``belot ingest``);
    ``date_from`` / ``date_to`` (inclusive) compare the ``Date`` tag, so games
    without a full date are left out when either is set.
    """

    variants: list[str] | None = None
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    events: list[str] | None = None
    players: list[str] | None = None
    sources: list[str] | None = None

    def is_empty(self) -> bool:
        return not any(getattr(self, f.name) for f in fields(self))


def _scope(filters: Filters | None, needs: tuple[str, ...]) -> tuple[str, dict]:
    """``WITH`` clause of the filtered relations the query needs, and its parameters."""
    f = filters or Filters()
    params: dict = {}
    game_conds: list[str] = []
    if f.variants:
        params["f_variants"] = [variant_id(v) for v in f.variants]
    if f.events:
        params["f_events"] = list(f.events)
        game_conds.append("list_contains($f_events, event)")
    if f.players:
        params["f_players"] = list(f.players)
        game_conds.append("list_has_any([s1, s2, s3, s4], $f_players)")
    if f.sources:
        params["f_sources"] = list(f.sources)
        game_conds.append("list_contains($f_sources, source_file)")
    if f.date_from:
        params["f_date_from"] = f.date_from
        game_conds.append("played_on >= $f_date_from")
    if f.date_to:
        params["f_date_to"] = f.date_to
        game_conds.append("played_on <= $f_date_to")
    vcond = "list_contains($f_variants, variant)" if f.variants else "TRUE"
    gcond = " AND ".join([vcond, *game_conds])
    sub = f"{vcond} AND gkey IN (SELECT gkey FROM fg)" if game_conds else vcond
    rel = {"fg": ("f_games", gcond), "fgs": ("f_game_stats", sub), "fd": ("f_deals", sub),
           "fgp": ("f_players", sub), "fl": ("f_lineups", sub), "fdc": ("f_decl", sub),
           "fv": ("f_viol", sub),
           "ft": ("f_tricks", sub), "fca": ("f_card_acc", sub), "fdd": ("f_dd", sub)}
    ctes = [f"{name} AS NOT MATERIALIZED (SELECT * FROM {table} WHERE {cond})"
            for name, (table, cond) in rel.items() if table in needs or name == "fg"]
    return "WITH " + ",\n     ".join(ctes) + "\n", params


def _compose(scope: str, body: str) -> str:
    """Prefix a SELECT with the filter CTEs (merging its own WITH list, if any)."""
    text = body.lstrip()
    if text[:5].upper() == "WITH ":
        return scope.rstrip() + ",\n" + text[5:]
    return scope + text


def _facts_version() -> str:
    """A hash of the fact tables' SQL: a cache built by other code is rebuilt."""
    h = hashlib.sha256(F.MACROS.encode())
    for name in F.ORDER:
        for step in F.FACTS[name][1]:
            h.update(step.encode() if isinstance(step, str) else step.__name__.encode())
    h.update(F.tricks_sql(F.MIN_TRICK_COLUMNS).encode())
    return h.hexdigest()


def _fingerprint(files: dict[str, list[str]]) -> str:
    """The committed files (paths, sizes, mtimes) and the fact tables' code."""
    h = hashlib.sha256(_facts_version().encode())
    for table in sorted(files):
        for p in files[table]:
            st = os.stat(p)
            h.update(f"{table}\0{p}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def committed_files(root: str | os.PathLike) -> dict[str, list[str]]:
    """Absolute paths of each table's Parquet files that a reader may see.

    A dataset written by ``belot ingest`` (it has ``_belot/``): the committed parts
    of one consistent snapshot of the commit log (:func:`ingest.dataset.snapshot`),
    never a part whose commit is unfinished.  A plain folder of hive-partitioned
    Parquet files (no commit log): every ``<table>/**/*.parquet`` file.  A folder
    with neither a commit log nor a table's folder is not a dataset: a
    FileNotFoundError that says so, rather than a dataset of no games.
    """
    root = Path(root)
    if (root / "_belot").is_dir():
        from ingest.dataset import snapshot

        staging = str(root / "_belot" / "staging")
        for attempt in range(50):
            snap = snapshot(root)
            # mid-commit a part is still at its staged place; views over that path
            # would break once the writer renames it, so wait for the renames
            if not any(p.startswith(staging) for paths in snap.values() for p in paths):
                break
            time.sleep(0.01 * (attempt + 1))
        return {t: list(snap.get(t, [])) for t in (*BASE_TABLES, *SD_TABLES)}
    if not root.is_dir():
        raise FileNotFoundError(f"{root}: no such dataset folder")
    if not any((root / t).is_dir() for t in BASE_TABLES):
        raise FileNotFoundError(
            f"{root}: not a dataset (a dataset folder holds _belot/, its commit log, and a "
            f"folder of Parquet files per table: games/, deals/, ...); make one with: "
            f"belot ingest PATH... --into {root}")
    return {t: sorted(str(p) for p in (root / t).glob("**/*.parquet")
                      if not any(part.startswith((".", "_")) for part in
                                 p.relative_to(root / t).parts))
            for t in (*BASE_TABLES, *SD_TABLES)}


def _sql_str(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def base_view_sql(table: str, paths: list[str]) -> str | None:
    """``CREATE VIEW`` of one dataset table over the given files (None when there are none)."""
    if not paths:
        return None
    files = "[" + ", ".join(_sql_str(p) for p in paths) + "]"
    return (f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet({files}, "
            "hive_partitioning = true, union_by_name = true)")


def create_base_views(con, files: dict[str, list[str]],
                      tables: tuple[str, ...] = READ_TABLES) -> None:
    """One view per dataset table over its files (an empty table when it has none)."""
    from ingest.dataset import empty_table

    existing = {r[0] for r in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main'").fetchall()}
    views = {r[0] for r in con.execute(
        "SELECT view_name FROM duckdb_views() WHERE schema_name = 'main'").fetchall()}
    for table in tables:
        view = base_view_sql(table, files.get(table, []))
        if view is not None:
            if table in existing:
                con.execute(f"DROP TABLE {table}")
            con.execute(view)
        else:
            empty = empty_table(table)  # noqa: F841 - read by name in the SQL
            if table in views:
                con.execute(f"DROP VIEW {table}")
            con.execute(f"CREATE OR REPLACE TABLE {table} AS SELECT * FROM empty")


class Analytics:
    """Read-only analytics over one dataset snapshot (see :func:`open_dataset`).

    Safe to share between threads (calls are serialised on one DuckDB connection).
    """

    def __init__(self, root: str | os.PathLike, con: duckdb.DuckDBPyConnection,
                 files: dict[str, list[str]], persistent: bool = False) -> None:
        self.root = Path(root)
        self.con = con
        self.files = files
        self.persistent = persistent
        self._lock = threading.RLock()
        self._built: set[str] = set()
        self._records_view = False
        self._sd_views = False
        self._names: list[str] | None = None
        self.trick_columns = F.MIN_TRICK_COLUMNS
        self._setup()

    # ----------------------------------------------------------------- setup
    def _setup(self) -> None:
        con = self.con
        con.execute("SET enable_progress_bar = false")
        con.execute(F.MACROS)
        create_base_views(con, self.files)
        if self.persistent:
            fp = _fingerprint(self.files)
            con.execute("CREATE TABLE IF NOT EXISTS analytics_meta (key VARCHAR PRIMARY KEY, "
                        "value VARCHAR)")
            meta = dict(con.execute("SELECT key, value FROM analytics_meta").fetchall())
            if meta.get("fingerprint") == fp:
                # only what was recorded as built completely (a crash mid-build is redone)
                self._built = {k.removeprefix("built:") for k in meta if k.startswith("built:")}
                self.trick_columns = int(meta.get("trick_columns", self.trick_columns))
            else:
                existing = [r[0] for r in con.execute(
                    "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' AND "
                    "starts_with(table_name, 'f_')").fetchall()]
                for t in existing:
                    con.execute(f"DROP TABLE {t}")
                con.execute("DELETE FROM analytics_meta")
                con.execute("INSERT INTO analytics_meta VALUES ('fingerprint', ?)", [fp])

    def _trick_k(self) -> int:
        k = self.con.execute("SELECT coalesce(max(trick), 0) FROM tricks").fetchall()[0][0]
        return max(F.MIN_TRICK_COLUMNS, int(k))

    def _ensure(self, needs: tuple[str, ...]) -> None:
        """Build the fact tables ``needs`` (and what they need) that are not built yet."""
        with self._lock:
            for name in needs:
                self._build(name)

    def _build(self, name: str) -> None:
        if name in self._built:
            return
        deps, steps = F.FACTS[name]
        for d in deps:
            self._build(d)
        if name == "f_tricks":
            self.trick_columns = self._trick_k()
            steps = (F.tricks_sql(self.trick_columns),)
        for step in steps:
            if callable(step):
                step(self.con)
            else:
                self.con.execute(step)
        done = [name, *F.ALSO_BUILDS.get(name, ())]
        self._built.update(done)
        if self.persistent:
            for d in done:
                self.con.execute("INSERT OR REPLACE INTO analytics_meta VALUES (?, 'yes')",
                                 [f"built:{d}"])
            if name == "f_tricks":
                self.con.execute("INSERT OR REPLACE INTO analytics_meta VALUES "
                                 "('trick_columns', ?)", [str(self.trick_columns)])

    def _player_names(self) -> list[str]:
        """Names by player number (pid - 1), fixed for this snapshot."""
        if self._names is None:
            self._ensure(("f_players",))
            self._names = [r[0] for r in self.con.execute(
                "SELECT player FROM (SELECT DISTINCT pid, player FROM f_players "
                "WHERE pid IS NOT NULL) ORDER BY pid").fetchall()]
        return self._names

    def build_all(self) -> Analytics:
        """Build every fact table now (e.g. to fill a persistent cache)."""
        self._ensure(F.ORDER)
        return self

    def _run(self, sql: str, params: dict | None = None) -> pl.DataFrame:
        with self._lock:
            df = self.con.sql(sql, params=params or None).pl()
        # ENUM columns arrive as Categorical: plain strings for the callers
        cats = [c for c, t in df.schema.items() if isinstance(t, pl.Categorical | pl.Enum)]
        return df.with_columns(pl.col(cats).cast(pl.String)) if cats else df

    def _one(self, sql: str, params: dict | None = None) -> dict:
        with self._lock:
            rel = self.con.sql(sql, params=params or None)
            names = rel.columns
            rows = rel.fetchall()
        return dict(zip(names, rows[0], strict=True))

    def filtered(self, select: str, filters: Filters | None, needs: tuple[str, ...]
                 ) -> tuple[str, dict]:
        """``select`` with the filtered fact relations ``needs`` before it (built first),
        and its parameters: for the modules that compute a metric in steps of their own."""
        self._ensure(needs)
        scope, params = _scope(filters, needs)
        return _compose(scope, select), params

    def table_view(self, table: str) -> bool:
        """Make the view of a dataset table that is not always there (the single-dummy
        analysis' tables) over this snapshot's files; False when it has none."""
        view = base_view_sql(table, self.files.get(table, []))
        if view is None:
            return False
        with self._lock:
            self.con.execute(view)
        return True

    # --------------------------------------------------------------- metrics
    def query(self, metric: str, by: list[str] | tuple[str, ...] = (),
              filters: Filters | None = None, *, min_n: int = MIN_N,
              hide_small: bool = False) -> pl.DataFrame:
        """One metric split by the dimensions ``by`` (see ``METRICS[metric].by``).

        ``min_n``: rows of success-rate metrics with fewer contracts are flagged
        ``small_n``; ``hide_small=True`` leaves them out.
        """
        m = self.metric(metric)
        dims = m.check_by(by)
        if isinstance(min_n, bool) or int(min_n) != min_n or min_n < 0:
            raise ValueError("min_n must be a whole number >= 0")
        needs = m.needs_for(dims)
        self._ensure(needs)
        if m.compute is not None:
            return m.compute(self, m, dims, filters)
        scope, params = _scope(filters, needs)
        sql = _compose(scope, render(m, dims, self.trick_columns))
        if "$min_n" in m.sql:
            params["min_n"] = int(min_n)
        df = self._run(sql, params)
        if hide_small and "small_n" in df.columns:
            df = df.filter(~pl.col("small_n"))
        return df

    def missing_analysis(self, metric: str, by: Sequence[str] = ()) -> list[str]:
        """The double-dummy analysis tables ``metric`` reads (split by ``by``) of which
        the dataset has no rows: it was never analysed, and the metric would be empty."""
        m = self.metric(metric)
        tables = (F.ANALYSIS_FACTS.get(t) for t in m.needs_for(m.check_by(by)))
        return [t for t in tables if t is not None and not self.files.get(t)]

    @staticmethod
    def metric(name: str) -> Metric:
        try:
            return METRICS[name]
        except KeyError:
            raise ValueError(f"unknown metric {name!r}; known: {', '.join(METRICS)}") from None

    # ------------------------------------------------------------- the pages
    def filter_options(self) -> dict:
        """What the filters can choose from: variants, events, players, sources (sorted
        lists) and the first and last ``Date`` (date_min, date_max; None when no game
        has one)."""
        self._ensure(("f_games",))
        row = self._one("""
SELECT (SELECT coalesce(list(DISTINCT variant ORDER BY variant), []) FROM f_games) AS variants,
       (SELECT coalesce(list(DISTINCT event ORDER BY event), []) FROM f_games
        WHERE event IS NOT NULL) AS events,
       (SELECT coalesce(list(DISTINCT p ORDER BY p), []) FROM
          (SELECT unnest([s1, s2, s3, s4]) AS p FROM f_games) WHERE p IS NOT NULL) AS players,
       (SELECT coalesce(list(DISTINCT source_file ORDER BY source_file), []) FROM f_games)
         AS sources,
       (SELECT min(played_on) FROM f_games) AS date_min,
       (SELECT max(played_on) FROM f_games) AS date_max
""")
        return row

    def overview(self, filters: Filters | None = None) -> dict:
        """Headline figures for the chosen games: games, deals, players (distinct names),
        variants (distinct), contracts / made / bid_success (made/contracts) with its Wilson
        interval, declarations and declarations_per_deal (per deal with a contract),
        violations and violations_per_1000_deals (per deal, passed ones included)."""
        needs = ("f_games", "f_deals", "f_decl", "f_game_stats")
        self._ensure(needs)
        scope, params = _scope(filters, needs)
        return self._one(scope + """
SELECT count(*)::BIGINT AS games,
       coalesce(sum(g.n_deals), 0)::BIGINT AS deals,
       (SELECT count(DISTINCT p)::BIGINT FROM (SELECT unnest([s1, s2, s3, s4]) AS p FROM fg))
         AS players,
       count(DISTINCT g.variant)::BIGINT AS variants,
       coalesce(sum(s.contracts), 0)::BIGINT AS contracts,
       coalesce(sum(s.made), 0)::BIGINT AS made,
       ratio(sum(s.made), sum(s.contracts)) AS bid_success,
       wilson_low(sum(s.made), sum(s.contracts)) AS bid_success_ci_low,
       wilson_high(sum(s.made), sum(s.contracts)) AS bid_success_ci_high,
       coalesce(sum(s.scope_deals), 0)::BIGINT AS deals_with_contract,
       coalesce(sum(s.declarations), 0)::BIGINT AS declarations,
       ratio(sum(s.declarations), sum(s.scope_deals)) AS declarations_per_deal,
       coalesce(sum(g.n_violations), 0)::BIGINT AS violations,
       1000 * ratio(sum(g.n_violations), sum(g.n_deals)) AS violations_per_1000_deals
FROM fg AS g JOIN f_game_stats AS s USING (gkey)
""", params)

    def trend(self, filters: Filters | None = None, freq: str = "month") -> pl.DataFrame:
        """Per period of the ``Date`` tag (``freq``: day, week, month, quarter, year; games
        without a date are left out): games, deals, contracts, made, bid_success,
        violations, violations_per_1000_deals."""
        if freq not in FREQS:
            raise ValueError(f"freq must be one of {', '.join(FREQS)}")
        needs = ("f_games", "f_deals", "f_decl", "f_game_stats")
        self._ensure(needs)
        scope, params = _scope(filters, needs)
        params["freq"] = freq
        return self._run(scope + """
SELECT date_trunc($freq, g.played_on)::DATE AS period,
       count(*)::BIGINT AS games, sum(g.n_deals)::BIGINT AS deals,
       sum(s.contracts)::BIGINT AS contracts, sum(s.made)::BIGINT AS made,
       ratio(sum(s.made), sum(s.contracts)) AS bid_success,
       sum(g.n_violations)::BIGINT AS violations,
       1000 * ratio(sum(g.n_violations), sum(g.n_deals)) AS violations_per_1000_deals
FROM fg AS g JOIN f_game_stats AS s USING (gkey)
WHERE g.played_on IS NOT NULL
GROUP BY ALL ORDER BY period
""", params)

    def violation_rows(self, filters: Filters | None = None,
                       code: str | Sequence[str] | None = None, limit: int = 500
                       ) -> pl.DataFrame:
        """The violations themselves, in file order (file, game, position in the report):
        game_id, source_file, game_index, deal, trick, seat, code, message, line, col,
        variant; ``code``: one code or a list; at most ``limit`` rows."""
        needs = ("f_games", "f_viol")
        self._ensure(needs)
        scope, params = _scope(filters, needs)
        params["limit"] = _limit(limit)
        cond = "TRUE"
        if code:
            params["codes"] = [code] if isinstance(code, str) else list(code)
            cond = "list_contains($codes, code)"
        return self._run(scope + f"""
SELECT game_id, source_file, game_index, deal, trick, seat, code, message, line, col, variant
FROM fv WHERE {cond}
ORDER BY source_file, game_index, idx
LIMIT $limit
""", params)

    def game_list(self, filters: Filters | None = None, search: str | None = None,
                  limit: int = 200) -> pl.DataFrame:
        """Games, newest first (then file order): game_id, source_file, game_index, line,
        event, date, players (names in seat order, ", "-separated), variant, result
        (the engine's), deals, violations.  ``search``: a case-insensitive substring of
        the event, site, a player's name, the file or the game_id."""
        needs = ("f_games",)
        self._ensure(needs)
        scope, params = _scope(filters, needs)
        params["limit"] = _limit(limit)
        cond = "TRUE"
        if search:
            params["search"] = search.lower()
            cond = "contains(search_text, $search)"
        return self._run(scope + f"""
SELECT game_id, source_file, game_index, line, event, played_on AS date,
       array_to_string(list_filter([s1, s2, s3, s4], lambda x: x IS NOT NULL), ', ')
         AS players,
       variant, result, n_deals AS deals, n_violations AS violations
FROM fg WHERE {cond}
ORDER BY played_on DESC NULLS LAST, source_file, game_index
LIMIT $limit
""", params)

    def head_to_head(self, player_a: str, player_b: str,
                     filters: Filters | None = None) -> pl.DataFrame:
        """Games in which both players sat, per variant and relation (``partners``: same
        side, ``opponents``): games, deals, a_won / b_won (games the player's side won),
        unfinished, and each one's contracts (as bidder, judged), made and rate."""
        needs = ("f_games", "f_players")
        self._ensure(needs)
        scope, params = _scope(filters, needs)
        params.update({"a": player_a, "b": player_b})
        return self._run(scope + """
SELECT a.variant, CASE WHEN a.side = b.side THEN 'partners' ELSE 'opponents' END
         AS relation,
       count(*)::BIGINT AS games, sum(a.n_deals)::BIGINT AS deals,
       (count(*) FILTER (WHERE a.won))::BIGINT AS a_won,
       (count(*) FILTER (WHERE b.won))::BIGINT AS b_won,
       (count(*) FILTER (WHERE NOT a.finished))::BIGINT AS unfinished,
       sum(a.contracts)::BIGINT AS a_contracts, sum(a.made)::BIGINT AS a_made,
       ratio(sum(a.made), sum(a.contracts)) AS a_rate,
       sum(b.contracts)::BIGINT AS b_contracts, sum(b.made)::BIGINT AS b_made,
       ratio(sum(b.made), sum(b.contracts)) AS b_rate
FROM fgp AS a JOIN fgp AS b ON a.gkey = b.gkey AND a.seat <> b.seat
WHERE a.player = $a AND b.player = $b
GROUP BY ALL ORDER BY a.variant, relation
""", params)

    # ---------------------------------------------------------------- records
    def game_record(self, game_id: str) -> dict | None:
        """Where one game was read and its record text: ``source_file``, ``game_index``,
        ``line``, ``variant``, and ``form`` and ``text`` from ``records`` (both None for
        a game ingested before datasets kept record texts); None when there is no such
        game.  The text is looked up in the game's own partition (variant, batch), so
        one lookup reads the parts of one ingest run, not the whole table."""
        with self._lock:
            if not self._records_view:  # made on first use: most callers never read texts
                create_base_views(self.con, self.files, ("records",))
                self._records_view = True
            games = self._run("SELECT source_file, game_index, line, variant, batch "
                              "FROM games WHERE game_id = $id LIMIT 1", {"id": game_id})
            if games.is_empty():
                return None
            row = games.row(0, named=True)
            text = self._run("SELECT form, text FROM records WHERE variant = $variant AND "
                             "batch = $batch AND game_id = $id LIMIT 1",
                             {"variant": row["variant"], "batch": str(row.pop("batch")),
                              "id": game_id})
        stored = text.row(0, named=True) if not text.is_empty() else {"form": None,
                                                                       "text": None}
        return {**row, **stored}

    def deal_analysis(self, game_id: str, deal: int) -> dict | None:
        """One deal's double-dummy analysis as the dataset holds it: ``{"deal": its
        deal_analysis row, "cards": its card_analysis rows in playing order (idx)}``;
        None when the deal has not been analysed (or the dataset has no analysis
        tables).  Looked up in the game's variant partition only (the rows of an
        ``analyze --into`` run sit in a batch of their own, not the game's)."""
        if not self.files.get("deal_analysis"):
            return None
        params = {"id": game_id, "deal": deal}
        with self._lock:
            variant = self._run("SELECT variant FROM games WHERE game_id = $id LIMIT 1",
                                {"id": game_id})
            if variant.is_empty():
                return None
            params["variant"] = variant.item()
            where = "variant = $variant AND game_id = $id AND deal = $deal"
            head = self._run("SELECT deal, caller, contract, betl, value, made_dd, made, "
                             "cards, total_loss, solver_ms FROM deal_analysis "
                             f"WHERE {where} LIMIT 1", params)
            if head.is_empty():
                return None
            cards = self._run("SELECT idx, trick, seat, card, before, after, loss, best "
                              f"FROM card_analysis WHERE {where} ORDER BY idx", params)
        return {"deal": head.row(0, named=True), "cards": cards.to_dicts()}

    def deal_single_dummy(self, game_id: str, deal: int) -> dict | None:
        """One deal's single-dummy analysis as the dataset holds it: ``{"game": the game's
        game_single_dummy row (samples, seed, variant), "cards": the deal's
        card_single_dummy rows in playing order (idx)}``.  The cards are empty where the
        analysis read the game but holds no value for the deal (the solver cannot take
        it, or no layout fits the record at any position); None when the game has not
        been analysed single-dummy (``belot analyze --single-dummy --into``)."""
        if not self.files.get("game_single_dummy"):
            return None
        with self._lock:
            if not self._sd_views:  # made on first use, as only the replay viewer reads them
                create_base_views(self.con, self.files, SD_TABLES)
                self._sd_views = True
            marker = self._run("SELECT samples, seed, variant FROM game_single_dummy "
                               "WHERE game_id = $id LIMIT 1", {"id": game_id})
            if marker.is_empty():
                return None
            game = marker.row(0, named=True)
            cards = self._run(
                "SELECT idx, trick, seat, card, samples, determined, sd_before, sd_after, "
                "sd_loss, sd_best, sd_se, betl FROM card_single_dummy WHERE variant = "
                "$variant AND game_id = $id AND deal = $deal ORDER BY idx",
                {"variant": game["variant"], "id": game_id, "deal": deal})
        return {"game": game, "cards": cards.to_dicts()}

    # ----------------------------------------------------------------- export
    def to_duckdb_file(self, path: str | os.PathLike, materialize: bool = False) -> Path:
        """Write a ``.duckdb`` file for the DuckDB CLI: the dataset tables as views over
        this snapshot's Parquet files (absolute paths), the macros, the fact relations
        (views, or tables with ``materialize=True``) and one view per SQL metric
        (``metric_<name>``: its default dimensions, no filter, min_n = MIN_N)."""
        path = Path(path)
        if path.exists():
            path.unlink()
        con = duckdb.connect(str(path))
        try:
            con.execute("SET enable_progress_bar = false")
            con.execute(F.MACROS)
            create_base_views(con, self.files, BASE_TABLES)
            kind = "TABLE" if materialize else "VIEW"
            k = self._trick_k()
            for name in F.ORDER:
                _, steps = F.FACTS[name]
                if name == "f_tricks":
                    steps = (F.tricks_sql(k),)
                for step in steps:
                    if callable(step):
                        step(con)
                    elif step.startswith("DROP"):
                        if materialize:
                            con.execute(step)
                    else:
                        con.execute(step.replace("CREATE OR REPLACE TABLE",
                                                 f"CREATE OR REPLACE {kind}", 1))
            for m in METRICS.values():
                if m.compute is not None:
                    continue
                dims = m.check_by(m.default_by)
                scope, _ = _scope(None, m.needs_for(dims))
                body = _compose(scope, render(m, dims, k))
                body = body.replace("$min_n", str(int(MIN_N)))
                con.execute(f"CREATE OR REPLACE VIEW metric_{m.name} AS {body}")
        finally:
            con.close()
        return path

    def close(self) -> None:
        with self._lock:
            self.con.close()

    def __enter__(self) -> Analytics:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _limit(limit: int) -> int:
    if isinstance(limit, bool) or int(limit) != limit or limit < 0:
        raise ValueError("limit must be a whole number >= 0")
    return int(limit)


def _elo(a: Analytics, m: Metric, dims: list[str], filters: Filters | None) -> pl.DataFrame:
    per_variant = "variant" in dims
    scope, params = _scope(filters, m.needs_for(dims))
    params["per_variant"] = per_variant
    with a._lock:
        cols = a.con.sql(_compose(scope, m.sql), params=params).fetchnumpy()
        names = a._player_names()
        variants = a.con.sql("SELECT enum_range(NULL::variant_t)").fetchall()[0][0]
    vid, partnership, seats, winner, p1, p2, p3, p4 = (
        cols[c].tolist() for c in ("vid", "partnership", "seats", "winner", "p1", "p2", "p3", "p4"))
    rows = elo_ratings(vid, partnership, seats, winner, p1, p2, p3, p4,
                       n_players=len(names), n_pools=len(variants) if per_variant else 1)
    df = pl.DataFrame(
        {"variant": [variants[v] if per_variant else None for v, *_ in rows],
         "player": [names[p - 1] for _, p, *_ in rows],
         "games": [r[2] for r in rows], "games_won": [r[3] for r in rows],
         "elo": [round(r[4], 1) for r in rows]},
        schema={"variant": pl.String, "player": pl.String, "games": pl.Int64,
                "games_won": pl.Int64, "elo": pl.Float64})
    return df.select(*dims, "games", "games_won", "elo").sort(dims, nulls_last=True)


def _attach_compute() -> None:
    import dataclasses

    METRICS["elo"] = dataclasses.replace(METRICS["elo"], compute=_elo)


_attach_compute()


def open_dataset(path: str | os.PathLike, cache: str | os.PathLike | None = None) -> Analytics:
    """Open a dataset folder for analytics (read-only).

    The dataset's tables become DuckDB views over the committed Parquet files
    (:func:`committed_files`); the fact tables the metrics read are built on first
    use, in memory.  ``cache``: a ``.duckdb`` file to keep them in instead; it is
    reused while the dataset's committed files are unchanged (a fingerprint of
    their paths, sizes and mtimes, and the fact tables' code) and rebuilt otherwise.
    DuckDB lets one process at a time write a database file: give each process
    its own cache file.
    """
    files = committed_files(path)
    if cache is None:
        con = duckdb.connect(":memory:")
        return Analytics(path, con, files)
    con = duckdb.connect(str(cache))
    return Analytics(path, con, files, persistent=True)


def to_json_rows(df: pl.DataFrame) -> str:
    """A JSON array of row objects (columns in order; dates as ISO text)."""
    return dumps(df.to_dicts(), default=_json_default)


def _json_default(v):
    if isinstance(v, dt.date | dt.datetime):
        return v.isoformat()
    raise TypeError(f"not JSON serialisable: {type(v).__name__}")
