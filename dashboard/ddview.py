"""The replay viewer's double-dummy analysis: what every card of a deal cost.

A deal's analysis reaches the viewer one of two ways, both turned into the same
:class:`DealDD`:

- from the dataset's ``deal_analysis`` and ``card_analysis`` tables (written by
  ``belot ingest --analyze`` or ``belot analyze --into``): :func:`from_rows`;
- solved now, on the record the viewer replayed (:func:`analyse_loaded`, which
  runs :func:`replay.solver.analysis.analyse_deal`, the same code as ``belot analyze``),
  for a deal the dataset has not analysed.

The values (docs/analysis.md): a card's ``before`` is what its camp could still
secure with best play by everyone, ``after`` what it can secure once the card is
down; ``loss = before - after`` and the ``best`` cards lose nothing.  A deal's
``value`` is the callers' camp's card points from the first lead, ``made_dd``
whether the contract is made with them.  In Betl the values are 1 or 0 (can the
soloist avoid every trick?), not points.

Pure: no Streamlit; every function here has unit tests.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from dashboard.format import CONTRACT_TEXT, card_label, seat_label, side_of, sorted_hand
from dashboard.viewer import DealView, LoadedGame
from replay.model.cards import CARD_TEXT
from replay.solver.analysis import (
    DealAnalysis,
    analyse_deal,
    game_ruleset,
    unplayable_reason,
)

#: a card that lost this much or more counts as a blunder (as ``belot analyze`` counts)
BLUNDER = 10


@dataclass(frozen=True, slots=True)
class CardCost:
    """One card of the play and what it cost its camp."""

    trick: int
    seat: int
    card: str
    before: int
    after: int
    #: the cards of that position that lose nothing (the played card among them when
    #: it lost nothing), sorted for display
    best: tuple[str, ...]

    @property
    def loss(self) -> int:
        return self.before - self.after


@dataclass(slots=True)
class DealDD:
    """A deal's double-dummy analysis as the viewer shows it."""

    deal: int
    caller: int
    #: the contract: S H D C NT AT (a Betl deal: see ``betl``)
    contract: str
    betl: bool
    #: the callers' camp's value from the first lead (card points; 1/0 in Betl)
    value: int
    made_dd: bool | None
    made: bool | None
    #: the cards analysed, in playing order (up to the first illegal card)
    cards: list[CardCost] = field(default_factory=list)
    #: True: read from the dataset's tables; False: solved by the viewer just now
    stored: bool = False
    #: the solver's wall time for the whole deal
    seconds: float | None = None

    def at_trick(self, trick: int) -> dict[int, CardCost]:
        """Seat -> the analysed card it played to trick ``trick``."""
        return {c.seat: c for c in self.cards if c.trick == trick}

    @property
    def total_loss(self) -> int:
        return sum(c.loss for c in self.cards)


@dataclass(frozen=True, slots=True)
class NoAnalysis:
    """A deal the solver cannot take, and why (said on the page instead)."""

    reason: str


# ---------------------------------------------------------------- building


def from_analysis(a: DealAnalysis, contract: str, seconds: float | None = None) -> DealDD:
    """The view of :func:`replay.solver.analysis.analyse_deal`'s result for a deal played in
    ``contract`` (the deal's own, as ``deal_analysis`` has it: S H D C NT AT)."""
    cards = [CardCost(c.trick, c.seat, CARD_TEXT[c.card], c.before, c.after,
                      tuple(sorted_hand(c.best))) for c in a.cards]
    return DealDD(a.deal, a.caller, contract, a.betl, a.value, a.made_dd, a.made, cards,
                  stored=False, seconds=seconds)


def from_rows(deal_row: Mapping, card_rows: Iterable[Mapping]) -> DealDD:
    """The view of one ``deal_analysis`` row and its ``card_analysis`` rows (any order:
    they are put in playing order by ``idx``)."""
    cards = [CardCost(int(r["trick"]), int(r["seat"]), r["card"], int(r["before"]),
                      int(r["after"]), tuple(sorted_hand(r["best"] or ())))
             for r in sorted(card_rows, key=lambda r: r["idx"])]
    ms = deal_row.get("solver_ms")
    return DealDD(int(deal_row["deal"]), int(deal_row["caller"]), deal_row["contract"],
                  bool(deal_row["betl"]), int(deal_row["value"]), deal_row["made_dd"],
                  deal_row["made"], cards, stored=True,
                  seconds=None if ms is None else float(ms) / 1000)


def analyse_loaded(loaded: LoadedGame, deal: int) -> DealDD | NoAnalysis:
    """Solve deal ``deal`` (from 1) of a replayed game now, or say why it cannot be."""
    rs = game_ruleset(loaded.game)
    if rs is None:
        return NoAnalysis(f"the rules of variant {loaded.game.variant!r} could not be loaded")
    dr = loaded.report.deals[deal - 1]
    reason = unplayable_reason(dr, rs)
    if reason is not None:
        return NoAnalysis(reason)
    t0 = time.perf_counter()
    a = analyse_deal(dr, rs, threads=os.cpu_count() or 1)  # one deal, wanted now: every core
    if a is None or dr.contract is None:  # unplayable_reason said it could: keep standing
        return NoAnalysis("the solver could not take this deal")
    return from_analysis(a, CONTRACT_TEXT[dr.contract], time.perf_counter() - t0)


# ---------------------------------------------------------------- wording


def callers(dd: DealDD, view: DealView) -> str:
    """The callers' camp: ``side A`` with a partner, else the caller's seat."""
    if view.partnership:
        return f"the callers ({view.side_label(side_of(dd.caller, True))})"
    return f"the caller ({seat_label(dd.caller, view.names)})"


def yes_no(value: bool | None) -> str:
    return {True: "yes", False: "no", None: "not judged"}[value]


def headline(dd: DealDD, view: DealView) -> str:
    """The deal's double-dummy result in one line (markdown)."""
    who = callers(dd, view)
    if dd.betl:
        can = "can" if dd.value else "cannot"
        what = f"the soloist {can} avoid every trick with best play by everyone"
    else:
        what = (f"with best play from the first lead {who} secure **{dd.value}** card "
                "points")
    return (f"**Double dummy** · {what} · made double-dummy: **{yes_no(dd.made_dd)}** · "
            f"made at the table: **{yes_no(dd.made)}**")


def card_note(c: CardCost) -> str:
    """Under a played card on the table: ``−14`` for a loss, ``best`` for none."""
    return f"−{c.loss}" if c.loss else "best"


def card_line(c: CardCost, names: Mapping[int, str], betl: bool = False) -> str:
    """One played card and its cost (markdown), for the list under the table."""
    who = seat_label(c.seat, dict(names))
    others = [card_label(b) for b in c.best if b != c.card]
    if c.loss == 0:
        alt = f" (as good: {' '.join(others)})" if others else " (the only best card)"
        return f"**{who}** {card_label(c.card)}: best{alt}"
    lost = "cost its camp the Betl (1 → 0)" if betl else f"lost **{c.loss}** points"
    return f"**{who}** {card_label(c.card)}: {lost} · best: {' '.join(others)}"


def card_rows(dd: DealDD, names: Mapping[int, str]) -> list[dict]:
    """The whole deal, one row per analysed card in playing order."""
    return [{"#": i, "trick": c.trick, "seat": c.seat, "player": names.get(c.seat, ""),
             "card": card_label(c.card), "before": c.before, "after": c.after,
             "loss": c.loss, "best": " ".join(card_label(b) for b in c.best)}
            for i, c in enumerate(dd.cards, start=1)]


def seat_rows(dd: DealDD, names: Mapping[int, str]) -> list[dict]:
    """Per seat: cards analysed, points lost in all, cards losing ``BLUNDER`` or more."""
    out: dict[int, dict] = {}
    for c in dd.cards:
        r = out.setdefault(c.seat, {"seat": c.seat, "player": names.get(c.seat, ""),
                                    "cards": 0, "lost": 0, "best cards": 0,
                                    f"lost ≥ {BLUNDER}": 0})
        r["cards"] += 1
        r["lost"] += c.loss
        r["best cards"] += c.loss == 0
        r[f"lost ≥ {BLUNDER}"] += c.loss >= BLUNDER
    return [out[s] for s in sorted(out)]
