"""Violations: what the engine found, where, and a way into each deal."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import charts, common

REPLAY = "views/replay.py"

data = common.Data()
common.header("Violations", "Every finding of the engine (docs/codes.md). Select a row to open "
              "its deal in the replay viewer at that trick.", data)
if not common.need_dataset(data):
    st.stop()

FAMILIES = {"D": "deal layout", "B": "bidding", "C": "card play",
            "A": "declarations, bela, claims", "S": "score sheet"}

by_code = data.query("violations", ["code"])
if by_code.is_empty() or by_code["violations"].sum() == 0:
    st.success("No violation in the chosen games.")
    st.stop()
by_code = by_code.filter(pl.col("code").is_not_null()).with_columns(
    pl.col("code").str.slice(0, 1).replace_strict(FAMILIES, default="other").alias("family"))
left, right = st.columns(2)
dims = [d for d in data.metrics()["violations"].by if d != "trick"]  # trick: on the right
split = left.selectbox("Per 1,000 deals, by", dims, index=dims.index("code"), key="vi_by",
                       persist_state="session", help=data.metrics()["violations"].doc)
if split == "code":
    left.altair_chart(charts.bars(by_code, "code", "per_1000", color="family", group=False,
                                  title="Per 1,000 deals, by code", tooltip=("violations",)),
                      key="vi_codes")
else:
    other = data.query("violations", [split]).drop_nulls(split)
    if split == "family":
        other = other.with_columns(pl.col("family").replace_strict(FAMILIES, default="other"))
    left.altair_chart(charts.bars(other, split, "per_1000", title=f"Per 1,000 deals, by {split}",
                                  tooltip=("violations", "deals"), sort="-y"), key="vi_other")
by_trick = data.query("violations", ["trick"]).drop_nulls("trick")
if not by_trick.is_empty():
    right.altair_chart(charts.bars(by_trick.sort("trick"), "trick", "violations",
                                   title="On which trick (card play, bela, claims)"),
                       key="vi_tricks")

st.subheader("The findings")
f1, f2, f3 = st.columns([2, 2, 1])
codes = f1.multiselect("Code", by_code["code"].to_list(), key="vi_codes_sel",
                       persist_state="session", placeholder="every code")
text = f2.text_input("Message contains", key="vi_text", persist_state="session",
                     placeholder="e.g. hearts, seat 2")
limit = f3.number_input("Rows", 50, 5000, 500, step=50, key="vi_limit",
                        persist_state="session")
rows = data.violation_rows(code=tuple(codes) or None, limit=int(limit))
if text.strip():
    rows = rows.filter(pl.col("message").str.to_lowercase().str.contains(text.strip().lower(),
                                                                         literal=True))
st.caption(f"{rows.height} finding(s) shown" + (" (the first ones in file order; raise "
           "Rows for more)" if rows.height >= limit else ""))


def open_in_replay(r: dict) -> None:
    params = {"game": r["game_id"], "deal": str(r["deal"] or 1),
              "trick": str(r["trick"] or 0)}
    st.switch_page(REPLAY, query_params=params)


if rows.is_empty():
    st.stop()
table = rows.select("code", "message", "variant", "source_file", "game_index", "deal",
                    "trick", "seat", "line", "col", "game_id")
event = st.dataframe(table, hide_index=True, key="vi_table", on_select="rerun",
                     selection_mode="single-row",
                     column_config={"game_id": st.column_config.TextColumn("game", width=90),
                                    "message": st.column_config.TextColumn(width="large")})
selected = event.selection.rows if event is not None else []
if selected:
    open_in_replay(rows.row(selected[0], named=True))

labels = [f"{r['code']} · {r['source_file']} game {r['game_index']}, deal {r['deal']}, "
          f"trick {r['trick']} · {r['message']}" for r in rows.iter_rows(named=True)]
o1, o2 = st.columns([4, 1], vertical_alignment="bottom")
pick = o1.selectbox("Or pick one", range(rows.height), format_func=labels.__getitem__,
                    key="vi_pick")
if o2.button("Open in replay", key="vi_open", icon=":material/replay:", width="stretch"):
    open_in_replay(rows.row(pick, named=True))
