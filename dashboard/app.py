"""The Streamlit app: navigation, the sidebar filters shared by every page, then the page.

Run it with ``belot dashboard [DATASET]`` (or ``streamlit run dashboard/app.py --
--dataset DATASET``).  The pages live in ``dashboard/views/``; each reads the
dataset through :class:`dashboard.common.Data` (the analytics, cached).
"""

from __future__ import annotations

import sys
from pathlib import Path

try:
    import dashboard  # noqa: F401
except ImportError:  # `streamlit run dashboard/app.py` from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import streamlit as st  # noqa: E402

from belot.about import footer  # noqa: E402
from dashboard import common  # noqa: E402

st.set_page_config(page_title="Belot records", page_icon="🃏", layout="wide")

VIEWS = Path(__file__).parent / "views"
PAGES = [
    st.Page(VIEWS / "overview.py", title="Overview", icon=":material/dashboard:",
            url_path="overview", default=True),
    st.Page(VIEWS / "bidding.py", title="Bidding", icon=":material/gavel:", url_path="bidding"),
    st.Page(VIEWS / "declarations.py", title="Declarations", icon=":material/style:",
            url_path="declarations"),
    st.Page(VIEWS / "violations.py", title="Violations", icon=":material/report:",
            url_path="violations"),
    st.Page(VIEWS / "players.py", title="Players", icon=":material/groups:",
            url_path="players"),
    st.Page(VIEWS / "fairplay.py", title="Fair play", icon=":material/policy:",
            url_path="fairplay"),
    st.Page(VIEWS / "replay.py", title="Replay", icon=":material/replay:", url_path="replay"),
    st.Page(VIEWS / "import_records.py", title="Import", icon=":material/upload_file:",
            url_path="import"),
]

page = st.navigation(PAGES)


def sidebar(data: common.Data) -> None:
    """Filters in the sidebar; their values live in session state, so every page sees them."""
    st.sidebar.header("Filters")
    if not data.exists:
        st.sidebar.caption("No dataset yet.")
        return
    opts = data.filter_options()

    def choices(key: str, values) -> list:
        values = list(values or [])
        kept = [v for v in st.session_state.get(key, []) if v in values]
        if kept != st.session_state.get(key, kept):
            st.session_state[key] = kept  # an import may have changed the options
        return values

    st.sidebar.multiselect("Variant", choices("f_variants", opts.get("variants")),
                           key="f_variants", placeholder="every variant")
    lo, hi = opts.get("date_min"), opts.get("date_max")
    if lo and hi:
        st.session_state["_f_date_bounds"] = (lo, hi)
        value = st.session_state.get("f_dates")
        if not (isinstance(value, tuple | list) and all(lo <= d <= hi for d in value)):
            st.session_state["f_dates"] = (lo, hi)
        st.sidebar.date_input("Played between", min_value=lo, max_value=hi, key="f_dates",
                              help="Games without a known date are left out once you narrow "
                                   "the range.")
    st.sidebar.multiselect("Event", choices("f_events", opts.get("events")), key="f_events",
                           placeholder="every event")
    st.sidebar.multiselect("Player", choices("f_players", opts.get("players")),
                           key="f_players", placeholder="every player")
    st.sidebar.multiselect("Source file", choices("f_sources", opts.get("sources")),
                           key="f_sources", placeholder="every file")

    def reset() -> None:
        for k in common.FILTER_KEYS:
            st.session_state.pop(k, None)

    st.sidebar.button("Clear filters", on_click=reset, key="f_clear",
                      disabled=not common.filter_key().active)
    st.sidebar.divider()
    st.sidebar.caption(f"Dataset: `{data.path}`")


sidebar(common.Data())
# the footer: which build serves (the version, compiled or interpreted, numba, Python)
st.sidebar.caption(footer())
page.run()
