"""Declarations: how often each combination is declared, what it brings, what it does to
the contract; and bela."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import charts, common

data = common.Data()
common.header("Declarations", "Runs (run3 … run8) and carrés declared in deals with a "
              "contract: how often, for which side, for how many points, and whether the "
              "contract was made.", data)
if not common.need_dataset(data):
    st.stop()

metrics = data.metrics()
#: runs by length, then carrés by rank
TYPES = [f"run{n}" for n in range(3, 9)] + [f"carre:{r}" for r in "789TJQKA"]

# ------------------------------------------------------------ frequency
st.subheader("How often")
freq_by = metrics["declaration_frequency"].by
c1, c2 = st.columns([1, 3])
split = c1.selectbox("Colour by", [d for d in freq_by if d not in ("type", "variant")],
                     index=None, key="dc_split", persist_state="session",
                     placeholder="nothing", help="role: the declarer's side (bidder or "
                     "defenders); held: false is a false declaration (A501); counted: the "
                     "combination scored")
freq = data.query("declaration_frequency", ["variant", "type"])
if freq.is_empty() or freq["declarations"].sum() == 0:
    st.info("No declaration in the chosen games.")
else:
    freq = freq.filter(pl.col("type").is_not_null())
    left, right = st.columns([3, 2])
    left.altair_chart(charts.heatmap(freq, "variant", "type", "per_deal", fmt=".2f",
                                     domain=None, scheme="blues", y_order=TYPES,
                                     title="Declarations per deal with a contract",
                                     tooltip=("declarations", "deals")), key="dc_heat")
    by_type = data.query("declaration_frequency", ["type"] + ([split] if split else []))
    by_type = by_type.filter(pl.col("type").is_not_null())
    right.altair_chart(charts.bars(by_type, "type", "declarations", color=split, sort=TYPES,
                                   horizontal=True, title="Declared, all variants",
                                   tooltip=("per_deal",)), key="dc_types")

# ------------------------------------------------------------ points
st.subheader("What they bring")
pts_by = st.segmented_control("Split by", ["variant", "contract"], default="variant",
                              required=True, key="dc_pts_by", persist_state="session")
points = data.query("declaration_points", [pts_by, "role"])
left, right = st.columns(2)
if points.is_empty():
    st.caption("No deal with a contract.")
else:
    left.altair_chart(charts.bars(points, pts_by, "points_per_deal", color="role",
                                  title="Declaration points won per deal, by side",
                                  tooltip=("points", "deals", "counted")), key="dc_pts")
    right.altair_chart(charts.bars(points, pts_by, "counted_rate", color="role",
                                   fmt=charts.PCT,
                                   title="Deals in which the side's declarations counted",
                                   tooltip=("counted", "declared", "deals")), key="dc_rate")

# ------------------------------------------------------------ effect
st.subheader("Effect on the contract")
effect_dim = st.selectbox("Also split by", [d for d in metrics["declaration_effect"].by
                                            if d != "decl_counted"],
                          index=None, key="dc_effect_by", persist_state="session",
                          placeholder="nothing")
effect = data.query("declaration_effect", ["decl_counted"] + ([effect_dim] if effect_dim else []))
if effect.is_empty():
    st.caption("No contract in the chosen games.")
else:
    order = {"bidder": 0, "none": 1, "both": 2, "defenders": 3}
    effect = effect.sort(pl.col("decl_counted").replace_strict(order, default=9))
    st.altair_chart(charts.rate_bars(effect, "decl_counted", effect_dim,
                                     title="Bid success by whose declarations counted"),
                    key="dc_effect")
    st.caption(metrics["declaration_effect"].doc)

# ------------------------------------------------------------ bela
st.subheader("Bela")
bela = data.query("bela_frequency", ["variant"])
if not bela.is_empty():
    st.altair_chart(charts.bars(bela, "variant", "rate", fmt=charts.PCT,
                                title="Deals with bela credited",
                                tooltip=("bela_deals", "deals", "bidder_bela",
                                         "defenders_bela", "bela_points")), key="dc_bela")

with st.expander("The numbers"):
    for name, frame in (("declaration_frequency", freq), ("declaration_points", points),
                        ("declaration_effect", effect), ("bela_frequency", bela)):
        st.markdown(f"**{name}** — {metrics[name].doc}")
        st.dataframe(frame, hide_index=True, key=f"dc_table_{name}")
