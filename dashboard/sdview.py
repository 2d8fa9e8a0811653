"""The replay viewer's single-dummy analysis: what every card cost by what its player
could know.

Read from the dataset's ``game_single_dummy`` and ``card_single_dummy`` tables
(written by ``belot analyze --single-dummy --into DATASET``) by :func:`from_sd_rows`;
the viewer never solves it on the spot (a deal takes seconds at the stored number of
layouts, and the page would wait for it).

The values (docs/fairplay.md#single-dummy-values): for each card, the hands its
seat could not see are laid out ``samples`` times among the layouts consistent
with what it knew, and every legal card is solved double-dummy in each; ``before``
is the best mean over the legal cards, ``after`` the mean once the played card is
down, ``loss = before - after`` and ``best`` the cards within the tolerance of the
best mean; ``se`` is the standard error of ``before``.  In Betl the values are
shares of the layouts where the soloist can avoid every trick.

Pure: no Streamlit; every function here has unit tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from dashboard.format import card_label, sorted_hand

#: the command that adds the analysis, as the page says it
COMMAND = "belot analyze --single-dummy --into DATASET"


@dataclass(frozen=True, slots=True)
class CardSD:
    """One card of the play and what it cost its camp, single dummy."""

    idx: int
    trick: int
    seat: int
    card: str
    before: float
    after: float
    loss: float
    #: the legal cards within the tolerance of the best mean, sorted for display
    best: tuple[str, ...]
    se: float
    #: only one layout was consistent: the values are the double-dummy ones
    determined: bool


@dataclass(slots=True)
class DealSD:
    """A deal's single-dummy analysis as the viewer shows it."""

    deal: int
    #: layouts drawn per position and their seed (``--samples``, ``--seed``)
    samples: int
    seed: int
    #: the cards analysed, in playing order (a position where no layout fits has none)
    cards: list[CardSD] = field(default_factory=list)
    #: a Betl deal: the values are shares of layouts, not points
    betl: bool = False

    def at_trick(self, trick: int) -> dict[int, CardSD]:
        """Seat -> the analysed card it played to trick ``trick``."""
        return {c.seat: c for c in self.cards if c.trick == trick}

    def by_idx(self) -> dict[int, CardSD]:
        """``idx`` (the card's place in the play, from 1) -> the card."""
        return {c.idx: c for c in self.cards}

    @property
    def total_loss(self) -> float:
        return sum(c.loss for c in self.cards)


@dataclass(frozen=True, slots=True)
class NoSingleDummy:
    """No single-dummy values to show for a deal, and why (said on the page instead)."""

    reason: str


def from_sd_rows(deal: int, game_row: Mapping, card_rows: Iterable[Mapping]) -> DealSD:
    """The view of a game's ``game_single_dummy`` row and one deal's ``card_single_dummy``
    rows (any order: they are put in playing order by ``idx``)."""
    rows = sorted(card_rows, key=lambda r: r["idx"])
    cards = [CardSD(int(r["idx"]), int(r["trick"]), int(r["seat"]), r["card"],
                    float(r["sd_before"]), float(r["sd_after"]), float(r["sd_loss"]),
                    tuple(sorted_hand(r["sd_best"] or ())), float(r["sd_se"]),
                    bool(r["determined"]))
             for r in rows]
    return DealSD(deal, int(game_row["samples"]), int(game_row["seed"]), cards,
                  betl=any(bool(r["betl"]) for r in rows))


def missing(stored: dict | None, deal: int) -> NoSingleDummy:
    """Why a deal has no single-dummy values: ``stored`` is what
    :meth:`analytics.Analytics.deal_single_dummy` gave (None: the game was not analysed)."""
    if stored is None:
        return NoSingleDummy(
            "the single-dummy analysis of this game is not in the dataset, so each card "
            "shows its double-dummy loss only. To add it (every card judged by the hands "
            f"its player could see, see docs/fairplay.md): `{COMMAND}`")
    return NoSingleDummy(
        f"the single-dummy analysis read this game but holds no value for deal {deal}: the "
        "solver cannot take the deal, or no layout of the hidden cards fits the record")


# ---------------------------------------------------------------- wording


def amount(value: float) -> str:
    """A single-dummy value as the viewer prints it: two decimals."""
    return f"{value:.2f}"


def card_note(c: CardSD) -> str:
    """Under a played card on the table, after the double-dummy note: ``sd −2.50``, or
    ``sd best`` for a card that lost nothing."""
    return f"sd −{amount(c.loss)}" if c.loss else "sd best"


def card_text(c: CardSD, betl: bool = False) -> str:
    """A played card's single-dummy cost (markdown), appended to its double-dummy line."""
    others = [card_label(b) for b in c.best if b != c.card]
    if c.determined:
        how = "hands known to the player: the double-dummy values"
    else:
        how = f"± {amount(c.se)}"
    unit = "of the Betl's chances" if betl else "points"
    if c.loss == 0:
        alt = f"as good: {' '.join(others)}" if others else "the only best card"
        return f"single dummy: best ({alt}; {how})"
    within = " (within the tolerance of the best)" if c.card in c.best else ""
    best = f" · sd best: {' '.join(others)}" if others else ""
    return f"single dummy: lost **{amount(c.loss)}** {unit}{within} ({how}){best}"


def headline(sd: DealSD) -> str:
    """The deal's single-dummy line (a caption under the double-dummy one)."""
    what = ("shares of the layouts where the soloist avoids every trick" if sd.betl
            else "points")
    return (f"Single dummy: each card judged over {sd.samples} layout(s) of the hands its "
            f"player could not see, consistent with what it knew (seed {sd.seed}; see "
            f"docs/fairplay.md). {len(sd.cards)} card(s) analysed, "
            f"{amount(sd.total_loss)} {what} lost in all; from the dataset's analysis.")


def card_columns(sd: DealSD | None, cards: Iterable[tuple[int, int, str]]) -> list[dict]:
    """The single-dummy columns of the per-card table, one dict per double-dummy card
    (``(trick, seat, card)`` in playing order, ``idx`` from 1): ``sd loss``, ``sd ±`` and
    ``sd best``, None where the card has no single-dummy value."""
    by_idx = sd.by_idx() if sd is not None else {}
    out: list[dict] = []
    for idx, (trick, seat, card) in enumerate(cards, start=1):
        c = by_idx.get(idx)
        if c is None or (c.trick, c.seat, c.card) != (trick, seat, card):
            out.append({"sd loss": None, "sd ±": None, "sd best": None})
        else:
            out.append({"sd loss": c.loss, "sd ±": c.se,
                        "sd best": " ".join(card_label(b) for b in c.best)})
    return out


def seat_columns(sd: DealSD, seats: Iterable[int]) -> list[dict]:
    """Per seat, in ``seats``' order: single-dummy cards and loss in all."""
    out = []
    for seat in seats:
        mine = [c for c in sd.cards if c.seat == seat]
        out.append({"sd cards": len(mine), "sd lost": sum(c.loss for c in mine)})
    return out
