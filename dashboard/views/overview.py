"""Overview: the headline figures of the chosen games and how they move over time."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import charts, common
from dashboard.format import number, pct

data = common.Data()
common.header("Belot records", "Every recorded game in the dataset, replayed card by card by "
              "the engine. Use the sidebar to narrow the games; every page follows.", data)
if not common.need_dataset(data):
    st.stop()

ov = data.overview()
if not ov.get("games"):
    st.info("No game matches the filters.")
    st.stop()

row1 = st.columns(4)
row1[0].metric("Games", number(ov["games"], 0))
row1[1].metric("Deals", number(ov["deals"], 0))
row1[2].metric("Players", number(ov["players"], 0), help="Distinct names in the Seat tags")
row1[3].metric("Variants", number(ov["variants"], 0))
row2 = st.columns(3)
ci = (f"95% interval {pct(ov.get('bid_success_ci_low'))} – {pct(ov.get('bid_success_ci_high'))}"
      f" over {number(ov.get('contracts'), 0)} contracts")
row2[0].metric("Bid success", pct(ov.get("bid_success")),
               help="Contracts made / contracts judged, with its Wilson interval")
row2[0].caption(ci)
row2[1].metric("Declarations per deal", number(ov.get("declarations_per_deal"), 2),
               help="Declared combinations per deal with a contract")
row2[1].caption(f"{number(ov.get('declarations'), 0)} declarations in "
                f"{number(ov.get('deals_with_contract'), 0)} deals with a contract")
row2[2].metric("Violations per 1,000 deals", number(ov.get("violations_per_1000_deals"), 1),
               help="Findings of the engine per 1,000 deals (passed deals included)")
row2[2].caption(f"{number(ov.get('violations'), 0)} violations")

st.subheader("Over time")
freq = st.segmented_control("Period", ["week", "month", "quarter", "year"], default="month",
                            key="ov_freq", persist_state="session") or "month"
trend = data.trend(freq)
if trend.is_empty():
    st.caption("No game has a full date (the Date tag), so there is no trend to draw.")
else:
    left, right = st.columns(2)
    left.altair_chart(charts.bars(trend.with_columns(pl.col("period").cast(pl.String)),
                                  "period", "games", title="Games played",
                                  tooltip=("deals",)), key="ov_games")
    right.altair_chart(charts.trend_lines(trend, "period", "bid_success", fmt=charts.PCT,
                                          title="Bid success", tooltip=("contracts", "made")),
                       key="ov_success")
    left, right = st.columns(2)
    left.altair_chart(charts.trend_lines(trend, "period", "violations_per_1000_deals",
                                         title="Violations per 1,000 deals",
                                         tooltip=("violations", "deals")), key="ov_viol")
    right.altair_chart(charts.trend_lines(trend, "period", "deals", title="Deals played",
                                          tooltip=("games",)), key="ov_deals")

st.subheader("By variant")
by_variant = data.query("bid_success", ["variant"])
viol = data.query("violations", ["variant"])
left, right = st.columns(2)
left.altair_chart(charts.rate_bars(by_variant, "variant", title="Bid success by variant "
                                   "(bars: rate, whiskers: 95% interval)"), key="ov_bv")
right.altair_chart(charts.bars(viol, "variant", "per_1000",
                               title="Violations per 1,000 deals by variant",
                               tooltip=("violations", "deals")), key="ov_vv")
with st.expander("The figures as a table"):
    st.dataframe(pl.DataFrame([ov]), hide_index=True)
    st.dataframe(trend, hide_index=True)
