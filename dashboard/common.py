"""What every page shares: the dataset, cached analytics calls, the sidebar filters.

Data access goes through :mod:`analytics` only (no SQL here).  The dataset is
opened read-only, once per process and dataset version
(``st.cache_resource``); each query result is cached per (dataset version,
query, filters) with ``st.cache_data``, so moving between pages or back to a
filter already seen costs nothing, and an import (a new version) is picked up
at the next rerun.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import polars as pl
import streamlit as st

#: the project checkout, or the installation's site-packages (dashboard/common.py -> ..)
PROJECT_ROOT = Path(__file__).resolve().parents[1]
#: session-state keys of the sidebar filters
FILTER_KEYS = ("f_variants", "f_events", "f_players", "f_sources", "f_dates")
CACHE_TTL = 3600


# ------------------------------------------------------------------ dataset


def dataset_path() -> str:
    """The dataset served: ``--dataset PATH`` after ``--`` on the streamlit command line,
    else ``BELOT_DATASET``, else the demo dataset of the bundled records
    (:func:`belot.bundled.demo_dataset`, in the user's data folder)."""
    argv = sys.argv[1:]
    for i, a in enumerate(argv):
        if a == "--dataset" and i + 1 < len(argv):
            return str(Path(argv[i + 1]).resolve())
        if a.startswith("--dataset="):
            return str(Path(a.split("=", 1)[1]).resolve())
    env = os.environ.get("BELOT_DATASET")
    if env:
        return str(Path(env).resolve())
    from belot.bundled import demo_dataset

    return str(demo_dataset())


def dataset_version(path: str) -> str:
    """A token that changes whenever a commit lands (the commit log's newest record or
    checkpoint); cheap: two ``stat`` calls and one folder listing."""
    meta = Path(path) / "_belot"
    parts = []
    for p in (meta / "checkpoint.json", meta / "log"):
        try:
            parts.append(str(p.stat().st_mtime_ns))
        except FileNotFoundError:
            parts.append("-")
    try:
        logs = [n for n in os.listdir(meta / "log") if n.endswith(".json")]
        parts.append(max(logs) if logs else "")
    except FileNotFoundError:
        parts.append("")
    return ":".join(parts)


def source_roots(path: str) -> list[str]:
    """Folders a relative ``source_file`` may be relative to: the dataset's parents
    (an ingest is usually run next to its dataset) and the project root."""
    p = Path(path).resolve()
    roots = [p.parent, p.parent.parent, PROJECT_ROOT]
    return [str(r) for r in dict.fromkeys(roots)]


@st.cache_resource(max_entries=4, show_spinner=False)
def _open(path: str, version: str):
    """One read-only Analytics per dataset snapshot (``version`` is only the cache key)."""
    import analytics

    return analytics.open_dataset(path)


# ------------------------------------------------------------------ filters


@dataclass(frozen=True)
class FilterKey:
    """The sidebar's filters as plain hashable values (the cache key)."""

    variants: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    date_from: dt.date | None = None
    date_to: dt.date | None = None

    def to_filters(self):
        import analytics

        return analytics.Filters(
            variants=list(self.variants) or None, date_from=self.date_from,
            date_to=self.date_to, events=list(self.events) or None,
            players=list(self.players) or None, sources=list(self.sources) or None)

    @property
    def active(self) -> bool:
        return any((self.variants, self.events, self.players, self.sources, self.date_from,
                    self.date_to))


def filter_key() -> FilterKey:
    """The filters set in the sidebar (session state), as a cache key."""
    s = st.session_state
    dates = s.get("f_dates") or ()
    bounds = s.get("_f_date_bounds")
    date_from = date_to = None
    if isinstance(dates, tuple | list) and len(dates) == 2 and tuple(dates) != bounds:
        date_from, date_to = dates
    return FilterKey(tuple(s.get("f_variants") or ()), tuple(s.get("f_events") or ()),
                     tuple(s.get("f_players") or ()), tuple(s.get("f_sources") or ()),
                     date_from, date_to)


# ------------------------------------------------------------ cached calls


@st.cache_data(ttl=CACHE_TTL, max_entries=512, show_spinner=False)
def _query(path: str, version: str, metric: str, by: tuple[str, ...], key: FilterKey
           ) -> pl.DataFrame:
    return _open(path, version).query(metric, by=list(by), filters=key.to_filters())


@st.cache_data(ttl=CACHE_TTL, max_entries=64, show_spinner=False)
def _filter_options(path: str, version: str) -> dict:
    return _open(path, version).filter_options()


@st.cache_data(ttl=CACHE_TTL, max_entries=128, show_spinner=False)
def _overview(path: str, version: str, key: FilterKey) -> dict:
    return _open(path, version).overview(key.to_filters())


@st.cache_data(ttl=CACHE_TTL, max_entries=128, show_spinner=False)
def _trend(path: str, version: str, key: FilterKey, freq: str) -> pl.DataFrame:
    return _open(path, version).trend(key.to_filters(), freq=freq)


@st.cache_data(ttl=CACHE_TTL, max_entries=128, show_spinner=False)
def _violation_rows(path: str, version: str, key: FilterKey, code: str | tuple[str, ...] | None,
                    limit: int) -> pl.DataFrame:
    return _open(path, version).violation_rows(key.to_filters(), code=code, limit=limit)


@st.cache_data(ttl=CACHE_TTL, max_entries=128, show_spinner=False)
def _game_list(path: str, version: str, key: FilterKey, search: str | None, limit: int
               ) -> pl.DataFrame:
    return _open(path, version).game_list(key.to_filters(), search=search, limit=limit)


@st.cache_data(ttl=CACHE_TTL, max_entries=128, show_spinner=False)
def _head_to_head(path: str, version: str, a: str, b: str, key: FilterKey):
    return _open(path, version).head_to_head(a, b, key.to_filters())


@st.cache_data(ttl=CACHE_TTL, max_entries=64, show_spinner="Working out the fair-play report…")
def _fairplay(path: str, version: str, key: FilterKey, min_cards: int) -> pl.DataFrame | None:
    from analytics.fairplay import has_single_dummy, report_frame

    a = _open(path, version)
    if not has_single_dummy(a):
        return None
    return report_frame(a, key.to_filters(), min_cards=min_cards)


@st.cache_data(max_entries=64, show_spinner="Reading the game…")
def _replay(path: str, version: str, game_id: str, roots: tuple[str, ...]):
    from dashboard.viewer import replay_from_dataset

    return replay_from_dataset(_open(path, version), game_id, roots)


@st.cache_data(max_entries=256, show_spinner=False)
def _deal_dd(path: str, version: str, game_id: str, deal: int, roots: tuple[str, ...]):
    """A deal's double-dummy analysis (:mod:`dashboard.ddview`): the dataset's own
    (``deal_analysis``, ``card_analysis``) when it has analysed the deal, else solved
    now on the replayed record; cached, as solving takes milliseconds to seconds."""
    from dashboard.ddview import analyse_loaded, from_rows

    loaded = _replay(path, version, game_id, roots)
    if loaded.matches:  # else the record no longer reads as the game analysed
        stored = _open(path, version).deal_analysis(game_id, deal)
        if stored is not None:
            return from_rows(stored["deal"], stored["cards"])
    return analyse_loaded(loaded, deal)


@st.cache_data(max_entries=256, show_spinner=False)
def _deal_sd(path: str, version: str, game_id: str, deal: int, roots: tuple[str, ...]):
    """A deal's single-dummy analysis (:mod:`dashboard.sdview`) as the dataset holds it
    (``game_single_dummy``, ``card_single_dummy``), or why there is none."""
    from dashboard.sdview import from_sd_rows, missing

    stored = None
    if _replay(path, version, game_id, roots).matches:  # else not the game analysed
        stored = _open(path, version).deal_single_dummy(game_id, deal)
    if stored is None or not stored["cards"]:
        return missing(stored, deal)
    return from_sd_rows(deal, stored["game"], stored["cards"])


class Data:
    """The dataset as the pages see it: cached analytics calls under the current filters."""

    def __init__(self, path: str | None = None, key: FilterKey | None = None) -> None:
        self.path = path or dataset_path()
        self.version = dataset_version(self.path)
        self.key = key if key is not None else filter_key()

    @property
    def exists(self) -> bool:
        return (Path(self.path) / "_belot").is_dir()

    def metrics(self) -> dict:
        import analytics

        return analytics.METRICS

    def query(self, metric: str, by=(), key: FilterKey | None = None) -> pl.DataFrame:
        return _query(self.path, self.version, metric, tuple(by),
                      self.key if key is None else key)

    def filter_options(self) -> dict:
        return _filter_options(self.path, self.version)

    def overview(self) -> dict:
        return _overview(self.path, self.version, self.key)

    def trend(self, freq: str = "month") -> pl.DataFrame:
        return _trend(self.path, self.version, self.key, freq)

    def violation_rows(self, code: str | tuple[str, ...] | None = None, limit: int = 500
                       ) -> pl.DataFrame:
        return _violation_rows(self.path, self.version, self.key, code, limit)

    def game_list(self, search: str | None = None, limit: int = 200,
                  key: FilterKey | None = None) -> pl.DataFrame:
        return _game_list(self.path, self.version, self.key if key is None else key,
                          search or None, limit)

    def head_to_head(self, a: str, b: str):
        return _head_to_head(self.path, self.version, a, b, self.key)

    def fairplay(self, min_cards: int) -> pl.DataFrame | None:
        """The fair-play report (:func:`analytics.fairplay.report_frame`) of the chosen
        games; None when the dataset has no single-dummy analysis."""
        return _fairplay(self.path, self.version, self.key, min_cards)

    def roots(self) -> list[str]:
        return source_roots(self.path)

    def replay(self, game_id: str):
        """The game re-read (from the record text the dataset keeps) and replayed:
        a :class:`dashboard.viewer.LoadedGame`."""
        return _replay(self.path, self.version, game_id, tuple(self.roots()))

    def deal_dd(self, game_id: str, deal: int):
        """Deal ``deal`` of game ``game_id`` analysed double-dummy: a
        :class:`dashboard.ddview.DealDD`, or a :class:`~dashboard.ddview.NoAnalysis`
        saying why the solver cannot take it."""
        return _deal_dd(self.path, self.version, game_id, deal, tuple(self.roots()))

    def deal_sd(self, game_id: str, deal: int):
        """Deal ``deal`` of game ``game_id`` analysed single-dummy, from the dataset: a
        :class:`dashboard.sdview.DealSD`, or a :class:`~dashboard.sdview.NoSingleDummy`
        saying why there is none and how to add it."""
        return _deal_sd(self.path, self.version, game_id, deal, tuple(self.roots()))


def clear_caches() -> None:
    """After an import: drop every cached result and the open dataset."""
    st.cache_data.clear()
    st.cache_resource.clear()


# ------------------------------------------------------------------ layout


def header(title: str, blurb: str, data: Data | None = None) -> None:
    st.title(title)
    st.caption(blurb)
    if data is not None and data.key.active:
        st.info("Sidebar filters apply: " + describe(data.key), icon=":material/filter_alt:")


def describe(key: FilterKey) -> str:
    parts = []
    for name, values in (("variant", key.variants), ("event", key.events),
                         ("player", key.players), ("file", key.sources)):
        if values:
            parts.append(f"{name} {', '.join(values)}")
    if key.date_from or key.date_to:
        parts.append(f"dates {key.date_from or '…'} to {key.date_to or '…'}")
    return "; ".join(parts)


def need_dataset(data: Data) -> bool:
    """Show a message and return False when there is nothing to read yet."""
    if data.exists:
        return True
    st.warning(f"No dataset at `{data.path}` yet. Build one with `belot ingest FILES --into "
               f"{data.path}`, or add files on the **Import** page.")
    return False
