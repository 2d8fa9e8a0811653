"""Fair play: who plays better than what he could know (docs/fairplay.md)."""

from __future__ import annotations

import altair as alt
import polars as pl
import streamlit as st

from dashboard import common

data = common.Data()
common.header("Fair play", "Each card judged by what its player could know (single dummy) "
              "beside what the real layout allowed (double dummy). A flag means unusual, "
              "worth a review: never proof of anything.", data)
if not common.need_dataset(data):
    st.stop()

#: the report's tests: (field prefix, name on the page, positions counted)
TESTS = (("seen_only", "seen-only rate", "critical"), ("lead_dd", "opening leads", "leads"),
         ("gap", "defence minus declaring", "cards"))

min_cards = st.number_input(
    "Fewest cards analysed", min_value=1, value=200, step=50, key="fp_min_cards",
    help="Players and partnerships with fewer analysed cards in a variant are left out: "
         "below about 200 cards (25 deals) every rate is mostly noise.")
report = data.fairplay(int(min_cards))
if report is None:
    st.info("No card of this dataset has been analysed single-dummy yet. Run "
            f"`belot analyze --single-dummy --into {data.path}` to add the analysis, "
            "then come back.", icon=":material/info:")
    st.stop()
if report.is_empty():
    st.info(f"No player or partnership has {int(min_cards)} or more analysed cards in the "
            "chosen games. Lower the number above, or widen the filters.")
    st.stop()

head = report.row(0, named=True)
flagged = report.filter(pl.col("flagged"))
m = st.columns(4)
m[0].metric("Players", report.filter(pl.col("kind") == "player").height)
m[1].metric("Partnerships", report.filter(pl.col("kind") == "partnership").height)
m[2].metric("Tests run", head["tests"])
m[3].metric("Unusual, worth a review", flagged.height)
if head["alpha"] is not None:
    st.caption(f"A test is flagged when its one-sided p-value is at most "
               f"{head['alpha']:.3g} (z ≥ {head['z_threshold']:.2f}): 0.001 divided by the "
               f"{head['tests']} tests, so a report of honest players shows a false flag "
               "about once in a thousand.")
for r in flagged.iter_rows(named=True):
    tests = [name for key, name, _ in TESTS if r[f"{key}_flag"]]
    st.warning(f"**{r['player']}** ({r['kind']}, {r['variant']}): unusual, worth a review "
               f"({', '.join(tests)}).", icon=":material/flag:")

shown = report.select(
    "kind", "player", "variant", "cards", "defence_sd_best", "caller_sd_best", "critical",
    "seen_only_rate", "seen_only_pop", "seen_only_expected", "seen_only_z", "leads",
    "lead_dd_rate", "lead_dd_pop", "lead_dd_z", "gap", "gap_pop", "gap_z", "flagged")
pct = {c: st.column_config.NumberColumn(label, format="percent", help=help_) for c, label, help_
       in (("defence_sd_best", "single-dummy best, defence",
            "Share of the cards on defence that were among the single-dummy best"),
           ("caller_sd_best", "single-dummy best, callers",
            "Share of the cards in the callers' camp that were among the single-dummy best"),
           ("seen_only_rate", "seen-only rate",
            "At positions where no single-dummy best card is best in the real layout: the "
            "share played to a card that is"),
           ("seen_only_pop", "population", "The seen-only rate of every player together"),
           ("seen_only_expected", "expected",
            "The seen-only rate expected of this player without seeing: the population's, "
            "scaled by how often he leaves the single-dummy best"),
           ("lead_dd_rate", "leads losing nothing",
            "Share of first leads that lose nothing double-dummy"),
           ("lead_dd_pop", "population", "The same share over every player"))}
zs = {c: st.column_config.NumberColumn("z", format="%.2f") for c in
      ("seen_only_z", "lead_dd_z", "gap_z")}
st.dataframe(shown, hide_index=True, key="fp_table", column_config={
    **pct, **zs,
    "critical": st.column_config.NumberColumn("seen-only positions"),
    "gap": st.column_config.NumberColumn("gap", format="%+.3f", help=(
        "Share of double-dummy best cards on defence minus as callers")),
    "gap_pop": st.column_config.NumberColumn("population gap", format="%+.3f"),
    "flagged": st.column_config.CheckboxColumn("unusual")})

# ---------------------------------------------------------------- z against n
points = pl.concat([
    report.select(pl.col("player"), pl.col("kind"), pl.col("variant"),
                  pl.lit(name).alias("test"), pl.col(n).alias("n"),
                  pl.col(f"{key}_z").alias("z"), pl.col(f"{key}_flag").alias("flag"))
    for key, name, n in TESTS]).drop_nulls("z")
if not points.is_empty() and head["z_threshold"] is not None:
    base = alt.Chart(points)
    dots = base.mark_circle(size=80, opacity=0.8).encode(
        x=alt.X("n:Q", title="positions tested (n)", scale=alt.Scale(type="log")),
        y=alt.Y("z:Q", title="z (above the expectation)"),
        color=alt.Color("test:N", title="test"),
        shape=alt.Shape("kind:N", title=None),
        tooltip=["player", "kind", "variant", "test", "n", alt.Tooltip("z:Q", format=".2f"),
                 "flag"])
    line = alt.Chart(pl.DataFrame({"z": [head["z_threshold"]]})).mark_rule(
        color="#d62728", strokeDash=[6, 4]).encode(y="z:Q")
    label = alt.Chart(pl.DataFrame({"z": [head["z_threshold"]],
                                    "text": [f"flag line z = {head['z_threshold']:.2f}"]})
                      ).mark_text(align="left", dx=4, dy=-6, color="#d62728").encode(
        y="z:Q", text="text:N", x=alt.value(0))
    st.altair_chart((dots + line + label).properties(
        title="Every test: z against the number of positions, and the flag line",
        height=420), key="fp_chart")

st.subheader("What this page can and cannot say")
st.markdown("""
- **Single dummy** judges a card by the mean, over every layout of the hidden cards that
  fits what the player could know, of the best result with that card. **Double dummy**
  judges it in the real layout, as if every hand were seen.
- A **seen-only position** is one where the cards that are best in the real layout all
  look worse from the player's seat. Choosing one there, again and again, is what a
  player who sees the hidden cards would do. The expectation is fitted to each player:
  someone who often leaves the single-dummy best (a style, or a weaker game) is expected
  to land on such cards more often, and is not flagged for it.
- A flag means **unusual, worth a review**. It is not proof: about one report in a
  thousand flags someone by chance, reading the bidding well beats the model's uniform
  layouts honestly, and the cards of one deal are not independent. Look at the games.
- The single-dummy values take the layout as known from the next card on, so they
  favour cards that pay off only with later knowledge; few cards mean wide swings. The
  documentation's fair-play page (docs/fairplay.md) gives the tests and their limits.
""")
