"""Players: per-player figures, a rating, and two players head to head."""

from __future__ import annotations

import altair as alt
import polars as pl
import streamlit as st

from dashboard import charts, common

data = common.Data()
common.header("Players", "Players are the names in the Seat tags, as written. A rate rests "
              "on few games early on: look at the counts beside it.", data)
if not common.need_dataset(data):
    st.stop()

metrics = data.metrics()
per_variant = st.toggle("One row per player and variant", key="pl_per_variant",
                        persist_state="session")
by = ["player", "variant"] if per_variant else ["player"]
players = data.query("players", by)
if players.is_empty():
    st.info("No named player in the chosen games.")
    st.stop()
elo = data.query("elo", by)
if not elo.is_empty():
    players = players.join(elo.select(*by, "elo"), on=by, how="left", nulls_equal=True)

st.dataframe(
    players.sort("games", descending=True), hide_index=True, key="pl_table",
    column_config={
        "win_rate": st.column_config.ProgressColumn("win rate", format="percent", min_value=0,
                                                    max_value=1),
        "rate": st.column_config.ProgressColumn("bid success", format="percent", min_value=0,
                                                max_value=1),
        "avg_points": st.column_config.NumberColumn("avg points", format="%.1f"),
        "elo": st.column_config.NumberColumn("Elo", format="%.0f"),
    })
st.caption(metrics["players"].doc)

left, right = st.columns(2)
if not elo.is_empty():
    top = elo.sort("elo", descending=True).head(20)
    label = (pl.col("player") + " (" + pl.col("variant") + ")") if per_variant else pl.col(
        "player")
    top = charts.as_text(top, by).with_columns(label.alias("who"))
    left.altair_chart(
        alt.Chart(top).mark_point(filled=True, size=90).encode(
            x=alt.X("elo:Q", title="Elo (everyone starts at 1500)",
                    scale=alt.Scale(zero=False)),
            y=alt.Y("who:N", sort="-x", title=None),
            color=alt.Color("variant:N") if per_variant else alt.value("#4c78a8"),
            tooltip=[*by, "games", "games_won", alt.Tooltip("elo:Q", format=".0f")],
        ).properties(title="Elo rating (top 20)", height=22 * top.height + 40), key="pl_elo")
scatter = players.filter(pl.col("contracts") > 0)
if not scatter.is_empty():
    right.altair_chart(
        alt.Chart(charts.as_text(scatter, by)).mark_circle(opacity=0.75).encode(
            x=alt.X("rate:Q", title="bid success", axis=alt.Axis(format="%"),
                    scale=alt.Scale(zero=False)),
            y=alt.Y("win_rate:Q", title="games won", axis=alt.Axis(format="%"),
                    scale=alt.Scale(zero=False)),
            size=alt.Size("games:Q", title="games"),
            color=alt.Color("variant:N") if per_variant else alt.value("#e45756"),
            tooltip=[*by, "games", alt.Tooltip("win_rate:Q", format=".0%"), "contracts",
                     alt.Tooltip("rate:Q", format=".0%"),
                     alt.Tooltip("avg_points:Q", format=".1f")],
        ).properties(title="Bid success against games won", height=420), key="pl_scatter")

# ------------------------------------------------------------ accuracy
st.subheader("Card play, double dummy")
accuracy = data.query("accuracy", by)
if not accuracy.is_empty():
    accuracy = accuracy.filter(pl.col("player").is_not_null() & (pl.col("cards") > 0))
if accuracy.is_empty():
    st.info("No card of the chosen games has been analysed double-dummy yet. "
            "`belot analyze --into DATASET` adds the analysis to this dataset (or ingest "
            "with `belot ingest --analyze`); the Replay page solves a deal when you open "
            "it.", icon=":material/info:")
else:
    accuracy = accuracy.sort(["avg_loss", *by])
    st.dataframe(
        accuracy, hide_index=True, key="pl_accuracy",
        column_config={
            "avg_loss": st.column_config.NumberColumn(
                "avg points lost", format="%.2f",
                help="Mean points a card lost its camp against best play"),
            "best_rate": st.column_config.ProgressColumn(
                "best cards", format="percent", min_value=0, max_value=1,
                help="Share of cards that lost nothing"),
            "big_losses": st.column_config.NumberColumn(
                "cards losing ≥ 10", help="Cards that lost 10 points or more"),
            "big_loss_rate": st.column_config.NumberColumn("losing ≥ 10", format="percent"),
        })
    st.caption(metrics["accuracy"].doc)
    shown = accuracy.sort("cards", descending=True).head(30)
    st.altair_chart(charts.bars(shown, "player", "avg_loss", color="variant" if per_variant
                                else None, horizontal=True, sort="x",
                                tooltip=("cards", "best_rate", "big_losses"),
                                title="Average points lost per card (most cards analysed, "
                                      "top 30)"),
                    key="pl_accuracy_chart")

# ---------------------------------------------------------------- head to head
st.subheader("Head to head")
names = sorted(players["player"].unique().drop_nulls().to_list())
h1, h2 = st.columns(2)
a = h1.selectbox("Player", names, index=0, key="pl_a", persist_state="session")
b = h2.selectbox("Against or with", [n for n in names if n != a], index=0 if len(names) > 1
                 else None, key="pl_b", persist_state="session")
if a and b:
    h2h = data.head_to_head(a, b)
    if h2h.is_empty():
        st.info(f"{a} and {b} never sat at the same table in the chosen games.")
    else:
        tot = h2h.select(pl.col("games", "a_won", "b_won", "unfinished").sum()).row(0,
                                                                                  named=True)
        m = st.columns(4)
        m[0].metric("Games together", tot["games"])
        m[1].metric(f"{a} won", tot["a_won"])
        m[2].metric(f"{b} won", tot["b_won"])
        m[3].metric("Unfinished", tot["unfinished"])
        long = h2h.unpivot(index=["variant", "relation"], on=["a_won", "b_won"],
                           variable_name="who", value_name="games_won").with_columns(
            pl.col("who").replace_strict({"a_won": a, "b_won": b}),
            (pl.col("variant") + " · " + pl.col("relation")).alias("table"))
        st.altair_chart(charts.bars(long, "table", "games_won", color="who",
                                    title=f"Games won: {a} and {b}, as partners or opponents"),
                        key="pl_h2h_chart")
        st.dataframe(h2h, hide_index=True, key="pl_h2h",
                     column_config={"a_rate": st.column_config.NumberColumn(
                         f"{a} bid success", format="percent"),
                         "b_rate": st.column_config.NumberColumn(
                         f"{b} bid success", format="percent")})
