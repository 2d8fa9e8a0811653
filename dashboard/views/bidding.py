"""Bidding: how often contracts are made, split by any dimension of the analytics."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import charts, common
from dashboard.format import number, pct

data = common.Data()
common.header("Bidding", "Contracts made out of contracts judged, with 95% Wilson intervals. "
              "Faded bars rest on fewer than 30 contracts.", data)
if not common.need_dataset(data):
    st.stop()

metric = data.metrics()["bid_success"]
DIMS = list(metric.by)

with st.container(border=True):
    c1, c2, c3 = st.columns([3, 1, 1])
    dims = c1.multiselect(
        "Split by", DIMS, default=["variant"], key="bd_dims", persist_state="session",
        max_selections=3,
        help="The first goes on the axis, the second colours the bars, a third joins the "
             "first on the axis. " + metric.doc)
    min_n = c2.number_input("At least n contracts", 0, 10_000, 0, step=10, key="bd_min",
                            persist_state="session")
    top = c3.number_input("At most groups", 5, 500, 40, step=5, key="bd_top",
                          persist_state="session")

frame = data.query("bid_success", dims)
if frame.is_empty():
    st.info("No contract in the chosen games.")
    st.stop()
shown = frame.filter(pl.col("contracts") >= min_n).sort("contracts", descending=True).head(top)
overall = data.query("bid_success", [])
row = overall.row(0, named=True) if not overall.is_empty() else {}
st.caption(f"All chosen games: {pct(row.get('rate'))} of {number(row.get('contracts'), 0)} "
           f"contracts made (95% interval {pct(row.get('ci_low'))} – {pct(row.get('ci_high'))})."
           f" Showing {shown.height} of {frame.height} group(s).")

if not dims:
    plot = charts.label_column(shown, [])
    st.altair_chart(charts.rate_bars(plot, "group", title="Bid success"), key="bd_bars")
else:
    x_dims = [dims[0], *dims[2:]]
    colour = dims[1] if len(dims) > 1 else None
    plot = charts.label_column(shown, x_dims, name="axis") if len(x_dims) > 1 else shown
    x = "axis" if len(x_dims) > 1 else dims[0]
    plot = plot.sort([x] + ([colour] if colour else []), nulls_last=True)
    st.altair_chart(charts.rate_bars(plot, x, colour, title="Bid success by "
                                     + ", ".join(d.replace("_", " ") for d in dims)),
                    key="bd_bars")

st.subheader("Heatmap")
h1, h2 = st.columns(2)
rows_dim = h1.selectbox("Rows", DIMS, index=DIMS.index("contract"), key="bd_hrow",
                        persist_state="session")
cols_dim = h2.selectbox("Columns", DIMS, index=DIMS.index("bidder_position"), key="bd_hcol",
                        persist_state="session",
                        help="bidder_position: the bidder's place after the dealer "
                             "(1 = first to call)")
if rows_dim == cols_dim:
    st.caption("Pick two different dimensions.")
else:
    heat = data.query("bid_success", [rows_dim, cols_dim]).filter(pl.col("contracts") >= min_n)
    if heat.is_empty():
        st.caption("Nothing to draw.")
    else:
        st.altair_chart(charts.heatmap(heat, cols_dim, rows_dim, "rate",
                                       title=f"Bid success: {rows_dim} × {cols_dim}",
                                       tooltip=("contracts", "made", "ci_low", "ci_high")),
                        key="bd_heat")

st.subheader("The bidder's hand")
hand = data.query("bid_success", ["trumps_held", "trump_jack"]).drop_nulls(
    ["trumps_held", "trump_jack"])
if hand.is_empty():
    st.caption("No record gives the bidder's hand at bidding time.")
else:
    st.altair_chart(charts.rate_bars(hand.sort("trumps_held", "trump_jack"), "trumps_held",
                                     "trump_jack", title="Bid success by trumps held while "
                                     "bidding, with and without the jack of trump"),
                    key="bd_hand")

with st.expander("The numbers"):
    st.dataframe(frame, hide_index=True, key="bd_table")
    st.caption(metric.doc)
