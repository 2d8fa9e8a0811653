"""Replay: one deal, trick by trick, exactly as validation saw it.

The game is read back from the record text the dataset keeps (or, for a dataset
written before it kept them, from its source file) through the reader and
replayed by the engine (dashboard.viewer), so the hands, the auction, the
declarations, every trick and every violation are the ones ``belot validate``
reports.
Each deal is analysed double-dummy (dashboard.ddview): the callers' best value
from the first lead beside the result, and for every card what it lost and the
cards that would have lost nothing; read from the dataset's analysis tables, or
solved on the spot (cached) for a deal they do not hold.  Beside it, where the
dataset holds the single-dummy analysis (``belot analyze --single-dummy --into``;
dashboard.sdview), what each card lost by what its player could know; where it
does not, the page says so and names the command.
Deep links: ``?game=<game_id>&deal=<n>&trick=<k>`` (the Violations page opens
deals this way).
"""

from __future__ import annotations

from typing import Any, overload

import polars as pl
import streamlit as st

from belot.warmup import kernel_ready, prepare_solver
from dashboard import charts, common, sdview
from dashboard.ddview import DealDD, NoAnalysis, card_line, card_rows, headline, seat_rows
from dashboard.format import card_label, contract_label, seat_label, short_id
from dashboard.tableview import table_html
from dashboard.viewer import (
    SourceMissing,
    auction_rows,
    deal_view,
    declaration_rows,
    trick_rows,
    violation_rows,
)

data = common.Data()
common.header("Replay", "Pick a game and a deal, then step through it trick by trick. "
              "The record is read from the dataset and replayed by the engine, so what you "
              "see is what validation saw.", data)
if not common.need_dataset(data):
    st.stop()


@overload
def _int(value: Any, default: int) -> int: ...
@overload
def _int(value: Any, default: None = None) -> int | None: ...
def _int(value: Any, default: int | None = None) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


# ------------------------------------------------------- deep link -> state
qp = st.query_params
target = (qp.get("game"), qp.get("deal"), qp.get("trick"))
if target[0] and target != st.session_state.get("rp_target"):
    st.session_state["rp_target"] = target
    st.session_state["rp_game"] = target[0]
    st.session_state["rp_deal"] = _int(target[1], 1)
    st.session_state["rp_step"] = _int(target[2], 0)

# ------------------------------------------------------------ game picker
search = st.text_input("Search games", key="rp_search", persist_state="session",
                       placeholder="a player, an event, or a game id (prefix)",
                       help="Matches player names, the event and the game id; the sidebar "
                            "filters apply too.")
games = data.game_list(search=search.strip() or None, limit=200)
chosen = st.session_state.get("rp_game")
if chosen and not search.strip() and (games.is_empty()
                                      or chosen not in games["game_id"].to_list()):
    # a deep link (or a game picked before the filters changed) stays at hand
    extra = data.game_list(search=chosen, limit=5, key=common.FilterKey())
    extra = extra.filter(pl.col("game_id") == chosen) if not extra.is_empty() else extra
    if not extra.is_empty():
        games = pl.concat([extra, games], how="diagonal_relaxed")
if games.is_empty():
    st.info("No game matches. Clear the search or the sidebar filters.")
    st.stop()

rows = {r["game_id"]: r for r in games.iter_rows(named=True)}


def _game_label(gid: str) -> str:
    r = rows[gid]
    bits = [str(r[k]) for k in ("date", "variant", "event", "players") if r.get(k)]
    return " · ".join(bits + [short_id(gid)])


ids = list(rows)
if st.session_state.get("rp_game") not in rows:
    st.session_state["rp_game"] = ids[0]


def _new_game() -> None:
    st.session_state["rp_deal"] = 1
    st.session_state["rp_step"] = 0


st.selectbox(f"Game ({len(ids)} shown)", ids, key="rp_game", format_func=_game_label,
             on_change=_new_game, persist_state="session")
row = rows[st.session_state["rp_game"]]
try:
    loaded = data.replay(row["game_id"])
except SourceMissing as exc:
    st.error(f"Cannot replay this game: {exc}.")
    st.stop()
except LookupError as exc:
    st.error(f"Cannot replay this game: {exc}.")
    st.stop()

game, report = loaded.game, loaded.report
if not loaded.matches and loaded.stored:
    st.warning(f"The dataset's copy of this record now reads as another game than "
               f"{short_id(row['game_id'])} (this version of belot writes its canonical "
               f"form differently). Showing what the record holds.")
elif not loaded.matches:
    st.warning(f"`{loaded.source_file}` changed since it was ingested: game "
               f"{game.index} there is no longer game {short_id(row['game_id'])}. Showing "
               f"what the file holds now.")
names = loaded.names
tags = game.tags
st.markdown(f"**{tags.get('Event', 'Untitled game')}** · {tags.get('Date', 'date unknown')} · "
            f"variant `{game.variant}` · "
            + ", ".join(seat_label(s, names) for s in range(1, loaded.players + 1)))
st.caption(f"`{loaded.source_file}` line {game.line}, game {game.index} of the file"
           f"{' (the copy kept in the dataset)' if loaded.stored else ''} · "
           f"game id `{report.game_id or '—'}` · result {report.result} · "
           f"{len(report.violations)} violation(s)")
game_level = [v for v in report.violations if v.deal is None]
for v in game_level:
    st.error(f"**{v.code}** line {v.line}: {v.message}", icon=":material/error:")
for w in report.warnings:  # read, but not in the canonical form: no violation
    st.info(f"**{w.code}** line {w.line}: {w.message}", icon=":material/info:")
if not report.deals:
    st.warning("This record could not be replayed (see the findings above).")
    st.stop()

# ------------------------------------------------------------ deal picker
n_deals = len(report.deals)
deal_no = st.session_state.get("rp_deal")
if not isinstance(deal_no, int) or not 1 <= deal_no <= n_deals:
    st.session_state["rp_deal"] = 1


def _deal_label(n: int) -> str:
    d = report.deals[n - 1]
    bad = sum(1 for v in report.violations if v.deal == n)
    what = ("passed" if d.contract is None else
            f"{contract_label(d.contract)} by seat {d.caller}"
            f" · {'made' if d.made else 'fell' if d.made is False else 'not judged'}")
    return f"deal {n} · {what}" + (f" · ⚠ {bad}" if bad else "")


def _new_deal() -> None:
    st.session_state["rp_step"] = 0


st.selectbox("Deal", list(range(1, n_deals + 1)), key="rp_deal", format_func=_deal_label,
             on_change=_new_deal, persist_state="session")
view = deal_view(loaded, st.session_state["rp_deal"])

# -------------------------------------------------------------- summary
c1, c2, c3, c4 = st.columns(4)
c1.metric("Contract", contract_label(view.contract),
          help="Trump suit, no trumps or all trumps; 'passed' when everyone passed")
c2.metric("Called by", seat_label(view.caller, names) if view.caller else "—")
verdict = {True: "made", False: "fell", None: "—"}[view.made]
c3.metric("Result", verdict)
c4.metric("Score (engine)", " : ".join(str(p) for p in view.score),
          help="The deal's score per side as the engine recomputed it; total "
               + " : ".join(str(t) for t in view.total))

# the double-dummy line goes here, filled at the end of the run: a deal the dataset has
# not analysed is solved then, after the replay itself is on screen
dd_slot = st.container()

left, right = st.columns([2, 3], gap="large")
with left:
    st.subheader("Auction")
    if view.turn:
        st.caption(f"Turned card: {view.turn}" + (f" · talon {' '.join(view.talon)}"
                                                    if view.talon else ""))
    auction = auction_rows(view)
    if auction:
        st.dataframe(pl.DataFrame(auction), hide_index=True, key="rp_auction")
    for v in view.violations_in("auction"):
        st.error(f"**{v.code}** {v.message}", icon=":material/gavel:")
    st.subheader("Declarations")
    decl = declaration_rows(view)
    if decl:
        st.dataframe(pl.DataFrame(decl), hide_index=True, key="rp_decl")
        side = view.side_label(view.decl_side) if view.decl_side is not None else None
        st.caption(f"Counted: {view.decl_points} point(s) for {side}" if side else
                   "No declaration counted.")
    else:
        st.caption("No declarations.")
    for v in view.violations_in("declarations"):
        st.error(f"**{v.code}** {v.message}", icon=":material/style:")
    if view.bela:
        st.caption("Bela credited: " + ", ".join(f"{seat_label(s, names)} {p}"
                                                  for s, p in sorted(view.bela.items())))
    for phase in ("layout", "score", "record"):
        for v in view.violations_in(phase):
            st.error(f"**{v.code}** {v.message}", icon=":material/error:")

with right:
    st.subheader("Play")
    steps = view.steps
    st.session_state["rp_step"] = min(max(_int(st.session_state.get("rp_step"), 0), 0), steps)

    def _move(delta: int | None = None, to: int | None = None) -> None:
        cur = st.session_state.get("rp_step", 0)
        target = to if to is not None else cur + (delta or 0)
        st.session_state["rp_step"] = min(max(target, 0), steps)

    b1, b2, b3, b4 = st.columns(4)
    at_start, at_end = st.session_state["rp_step"] == 0, st.session_state["rp_step"] >= steps
    b1.button("Start", key="rp_first", on_click=_move, kwargs={"to": 0}, disabled=at_start,
              icon=":material/first_page:", width="stretch")
    b2.button("Previous", key="rp_prev", on_click=_move, kwargs={"delta": -1},
              disabled=at_start, icon=":material/chevron_left:", width="stretch")
    b3.button("Next", key="rp_next", on_click=_move, kwargs={"delta": 1}, disabled=at_end,
              icon=":material/chevron_right:", width="stretch")
    b4.button("End", key="rp_last", on_click=_move, kwargs={"to": steps}, disabled=at_end,
              icon=":material/last_page:", width="stretch")
    if steps:
        st.slider("Trick", 0, steps, key="rp_step", persist_state="session",
                  help="0 shows the hands before the first lead")
    step = st.session_state["rp_step"]
    trick = view.trick_at(step)
    running = view.running_at(step)
    points = ", ".join(f"{view.side_label(s)} {p}" for s, p in enumerate(running))
    if trick is None:
        st.markdown(f"**Before the first lead** · {steps} trick(s) to play")
    else:
        won = (f"won by {seat_label(trick.winner, names)}, {trick.points} points"
               if trick.winner is not None else "the play stopped inside this trick")
        st.markdown(f"**Trick {trick.number} of {steps}** · led by "
                    f"{seat_label(trick.leader, names)} · {won} · card points so far: {points}")
    table_slot = st.empty()
    table_slot.html(table_html(view, step))
    cost_slot = st.container()
    for v in view.violations_at(step):
        st.error(f"**{v.code}** at line {v.line}, column {v.col}: {v.message}",
                 icon=":material/warning:")
    st.query_params.update({"game": row["game_id"], "deal": str(view.number),
                            "trick": str(step)})
    st.session_state["rp_target"] = (row["game_id"], str(view.number), str(step))

# ---------------------------------------------------- double-dummy analysis
dd: DealDD | None = None
sd: sdview.DealSD | None = None
with dd_slot:
    try:
        if not kernel_ready(threads=True):
            with st.spinner("Compiling the double-dummy solver for this computer, once "
                            "(about a minute)…", show_time=True):
                prepare_solver(say=lambda _: None, threads=True)
        with st.spinner(f"Solving deal {view.number} double dummy…", show_time=True):
            found = data.deal_dd(row["game_id"], view.number)
    except Exception as exc:  # noqa: BLE001 - the replay stays usable whatever the solver does
        st.error(f"The double-dummy analysis of this deal failed ({type(exc).__name__}: "
                 f"{exc}). The replay is unaffected.", icon=":material/error:")
    else:
        if isinstance(found, NoAnalysis):
            st.info(f"No double-dummy analysis for this deal: {found.reason}.",
                    icon=":material/info:")
        else:
            dd = found
            st.markdown(headline(dd, view))
            source = ("from the dataset's analysis" if dd.stored else
                      "solved just now (the dataset holds no analysis of this deal; "
                      "`belot analyze --into DATASET` stores it)")
            took = f" in {dd.seconds:.2f} s" if dd.seconds is not None else ""
            st.caption(f"Best play by everyone, every hand known: see docs/analysis.md. "
                       f"{len(dd.cards)} card(s) analysed, {dd.total_loss} "
                       f"{'(Betl: 0/1 values)' if dd.betl else 'points'} lost in all; "
                       f"{source}{took}.")
            found_sd = data.deal_sd(row["game_id"], view.number)
            if isinstance(found_sd, sdview.NoSingleDummy):
                # a caption, as the source line above: most datasets never have it
                st.caption(f"No single-dummy values for this deal: {found_sd.reason}.")
            else:
                sd = found_sd
                st.caption(sdview.headline(sd))

if dd is not None and trick is not None:
    costs = dd.at_trick(trick.number)
    sd_costs = sd.at_trick(trick.number) if sd is not None else {}
    table_slot.html(table_html(view, step, costs, sd_costs))
    lines = [card_line(costs[c.seat], names, dd.betl)
             + (f" · {sdview.card_text(sd_costs[c.seat], dd.betl)}"
                if c.seat in sd_costs and sd_costs[c.seat].card == c.card else "")
             for c in trick.cards if c.seat in costs and costs[c.seat].card == c.card]
    with cost_slot:
        for line in lines:
            st.markdown(line)
        if len(lines) < len(trick.cards):
            st.caption(f"No double-dummy value for {len(trick.cards) - len(lines)} card(s) "
                       "of this trick: the analysis of a deal ends at its first illegal "
                       "card (the position after it is not one the rules lead to), and in "
                       "Betl once the soloist has taken a trick.")
elif dd is not None and dd.cards:
    first = dd.cards[0]
    sd_first = sd.by_idx().get(1) if sd is not None else None
    cost_slot.markdown(f"Best first leads for {seat_label(first.seat, names)}: "
                       + " ".join(card_label(b) for b in first.best)
                       + (" · single dummy: " + " ".join(card_label(b) for b in sd_first.best)
                          if sd_first is not None else ""))

if dd is not None and dd.cards:
    with st.expander(f"Double-dummy analysis of deal {view.number}: every card"
                     + (" (single dummy beside it)" if sd is not None else "")):
        per_card = card_rows(dd, names)
        if sd is not None:  # the single-dummy loss beside the double-dummy one
            sd_cols = sdview.card_columns(sd, [(c.trick, c.seat, c.card) for c in dd.cards])
            per_card = [r | extra for r, extra in zip(per_card, sd_cols, strict=True)]
        cards = pl.DataFrame(per_card)
        order = [str(i) for i in cards["#"].to_list()]
        chart_data = cards.with_columns(
            pl.concat_str(pl.col("seat").cast(pl.String), pl.col("player"),
                          separator=" ").str.strip_chars().alias("who"))
        st.altair_chart(charts.bars(chart_data, "#", "loss", color="who", group=False,
                                    sort=order, tooltip=("trick", "card", "best"),
                                    title="Points lost by each card, in playing order"),
                        key="rp_dd_chart")
        seats = seat_rows(dd, names)
        if sd is not None:
            seats = [r | extra for r, extra in
                     zip(seats, sdview.seat_columns(sd, [r["seat"] for r in seats]), strict=True)]
        st.dataframe(pl.DataFrame(seats), hide_index=True, key="rp_dd_seats",
                     column_config={"sd lost": st.column_config.NumberColumn(format="%.2f")})
        st.dataframe(cards, hide_index=True, key="rp_dd_cards",
                     column_config={k: st.column_config.NumberColumn(format="%.2f")
                                    for k in ("sd loss", "sd ±")})
with st.expander(f"Every trick of deal {view.number}"):
    st.dataframe(pl.DataFrame(trick_rows(view)), hide_index=True, key="rp_tricks")
with st.expander(f"Every violation of this game ({len(report.violations)})"):
    if report.violations:
        st.dataframe(pl.DataFrame(violation_rows(report.violations)), hide_index=True,
                     key="rp_violations")
    else:
        st.caption("The engine found nothing wrong with this record.")
