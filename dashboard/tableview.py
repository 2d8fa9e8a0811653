"""The card table of the replay viewer as HTML (pure; the page passes it to ``st.html``).

Seats sit around a square: seat 1 at the bottom, then the turn order goes
round counter-clockwise (seat 2 on the right, 3 at the top, 4 on the left;
three players use bottom, right and left, two bottom and top).  Each seat
shows its name, side, what it still holds; the middle shows the trick of the
current step with the winning card framed and a flagged card in red.  With the
deal's double-dummy analysis (:mod:`dashboard.ddview`) each played card says what
it lost (``−14``, or ``best``) and, where the dataset holds the single-dummy
analysis (:mod:`dashboard.sdview`), what it lost single dummy (``sd −2.50``, or
``sd best``); a card that lost points double dummy is framed in orange, and the
best cards each seat had for that trick are framed in green in its hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from dashboard import sdview
from dashboard.ddview import CardCost, card_note
from dashboard.format import card_html, contract_label, esc, seat_label, side_of
from dashboard.viewer import DealView

POSITIONS = {
    4: {1: "bottom", 2: "right", 3: "top", 4: "left"},
    3: {1: "bottom", 2: "right", 3: "left"},
    2: {1: "bottom", 2: "top"},
}

CSS = """
<style>
.bt-table{display:grid;grid-template-columns:1fr 1.3fr 1fr;grid-template-rows:auto auto auto;
 gap:8px;background:#0b6e3a;border-radius:14px;padding:12px;color:#fff;font-family:sans-serif}
.bt-top{grid-column:2;grid-row:1}.bt-left{grid-column:1;grid-row:2}
.bt-right{grid-column:3;grid-row:2}.bt-bottom{grid-column:2;grid-row:3}
.bt-center{grid-column:2;grid-row:2;display:grid;grid-template-columns:1fr 1fr 1fr;
 grid-template-rows:1fr 1fr 1fr;min-height:170px;background:#0e8047;border-radius:50%;
 align-items:center;justify-items:center;padding:6px}
.bt-corner{font-size:0.85em;opacity:0.95}
.bt-tl{grid-column:1;grid-row:1}.bt-tr{grid-column:3;grid-row:1;text-align:right}
.bt-bl{grid-column:1;grid-row:3}.bt-br{grid-column:3;grid-row:3;text-align:right}
.bt-seat{background:rgba(0,0,0,0.22);border-radius:10px;padding:6px 8px}
.bt-seat.lead{outline:2px solid #ffd54a}.bt-seat.won{box-shadow:0 0 0 3px #ffd54a inset}
.bt-name{font-weight:600;margin-bottom:4px}
.bt-badge{display:inline-block;font-size:0.75em;background:#ffd54a;color:#222;border-radius:6px;
 padding:0 5px;margin-left:4px}
.bt-hand{display:flex;flex-wrap:wrap;gap:3px}
.bcard{display:inline-block;background:#fff;border-radius:5px;padding:2px 5px;min-width:2.1em;
 text-align:center;font-weight:600;border:1px solid #999}
.bcard.red{color:#c62828}.bcard.black{color:#111}
.bcard.win{outline:3px solid #ffd54a}
.bcard.bad{background:#ffcdd2;outline:3px solid #e53935}
.bcard.lost{outline:3px solid #fb8c00}.bcard.best{outline:3px solid #66bb6a}
.bt-played{display:flex;flex-direction:column;align-items:center;font-size:1.15em}
.bt-played small{font-size:0.7em;color:#fff}
.bt-c-top{grid-column:2;grid-row:1}.bt-c-bottom{grid-column:2;grid-row:3}
.bt-c-left{grid-column:1;grid-row:2}.bt-c-right{grid-column:3;grid-row:2}
.bt-c-mid{grid-column:2;grid-row:2;font-size:0.8em;text-align:center}
</style>
"""


def positions(players: int) -> dict[int, str]:
    """Seat -> side of the square it sits on."""
    return POSITIONS.get(players, {s: p for s, p in zip(range(1, players + 1),
                                                        ("bottom", "right", "top", "left"),
                                                        strict=False)})


def table_html(view: DealView, step: int, costs: Mapping[int, CardCost] | None = None,
               sd_costs: Mapping[int, sdview.CardSD] | None = None) -> str:
    """The table after ``step`` tricks (0: the hands before the first lead); ``costs``:
    seat -> the double-dummy cost of the card it played to this trick; ``sd_costs``: the
    same, single dummy (its note follows the double-dummy one: ``−14 sd −2.50``)."""
    costs = costs or {}
    sd_costs = sd_costs or {}
    trick = view.trick_at(step)
    hands = view.hands_at(step)
    if trick is not None:  # the cards of this trick lie on the table, not in the hands
        on_table = {c.card for c in trick.cards}
        hands = view.hands_at(step - 1)
        hands = {s: [c for c in cards if c not in on_table] for s, cards in hands.items()}
    pos = positions(view.players)
    parts = [CSS, '<div class="bt-table">']
    for seat in range(1, view.players + 1):
        classes = ["bt-seat", f"bt-{pos[seat]}"]
        if trick is not None and trick.leader == seat:
            classes.append("lead")
        if trick is not None and trick.winner == seat:
            classes.append("won")
        badges = []
        if seat == view.dealer:
            badges.append("dealer")
        if seat == view.caller and view.contract:
            badges.append(f"bid {contract_label(view.contract).split()[0]}")
        if trick is not None and trick.winner == seat:
            badges.append("wins the trick")
        side = view.side_label(side_of(seat, view.partnership))
        name = esc(seat_label(seat, view.names))
        badge_html = "".join(f'<span class="bt-badge">{esc(b)}</span>' for b in badges)
        best = set(costs[seat].best) if seat in costs else set()
        cards = "".join(card_html(c, "best" if c in best else "")
                        for c in hands.get(seat, [])) or "<i>no cards</i>"
        side_text = f" · {side}" if view.partnership else ""
        parts.append(f'<div class="{" ".join(classes)}" data-seat="{seat}">'
                     f'<div class="bt-name">{name}{esc(side_text)}{badge_html}</div>'
                     f'<div class="bt-hand">{cards}</div></div>')
    parts.append('<div class="bt-center">')
    if trick is not None:
        for c in trick.cards:
            cls = "win" if c.seat == trick.winner else ""
            if not c.legal or c.codes:
                cls = (cls + " bad").strip()
            cost = costs.get(c.seat)
            if cost is not None and cost.card == c.card and cost.loss:
                cls = (cls + " lost").strip()
            dd_note = card_note(cost) if cost is not None and cost.card == c.card else ""
            sd = sd_costs.get(c.seat)
            sd_note = sdview.card_note(sd) if sd is not None and sd.card == c.card else ""
            note = " ".join([c.bela or ""] + c.codes + [dd_note]).strip()
            # the single-dummy note on a line of its own, under the double-dummy one
            note_html = "".join(f"<small>{esc(n)}</small>" for n in (note, sd_note) if n)
            parts.append(f'<div class="bt-played bt-c-{pos.get(c.seat, "bottom")}" '
                         f'data-seat="{c.seat}">{card_html(c.card, cls)}{note_html}</div>')
        won = (f"won by {esc(seat_label(trick.winner, view.names))}<br>{trick.points} points"
               if trick.winner is not None else "play stopped here")
        parts.append(f'<div class="bt-c-mid">trick {trick.number}<br>{won}</div>')
    else:
        parts.append(f'<div class="bt-c-mid">{esc(contract_label(view.contract))}<br>'
                     f'before the first lead</div>')
    parts.append("</div>")
    running = view.running_at(step)
    points = " · ".join(f"{esc(view.side_label(s))} {p}" for s, p in enumerate(running))
    parts.append(f'<div class="bt-corner bt-tl">trick {step} of {view.steps}<br>'
                 f'{esc(contract_label(view.contract))}</div>')
    parts.append(f'<div class="bt-corner bt-tr">card points<br>{points}</div>')
    bela = view.bela_until(step)
    if bela:
        text = ", ".join(f"{esc(seat_label(c.seat, view.names))}: {esc(c.bela)}" for c in bela)
        parts.append(f'<div class="bt-corner bt-br">{text}</div>')
    parts.append("</div>")
    return "".join(parts)
