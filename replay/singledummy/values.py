"""Single-dummy values of a played deal: what every card was worth from what its player knew.

The double-dummy analysis (``replay.solver.analysis``) judges a card with every
hand in view.  Here the seat that plays a card sees only its own hand and what
the play has shown (``replay.singledummy.knowledge``); the hands it cannot see
are laid out ``K`` times at random among the layouts consistent with that
knowledge (``replay.singledummy.sampler``), and every legal card is solved
double-dummy in each of them — the same layouts for every card of the position.
For the camp of the seat to play:

- the *mean* of a legal card is the average, over the layouts, of the
  double-dummy value once that card is down (the trick it completes included,
  as ``after`` in the double-dummy analysis);
- ``sd_before`` is the best mean, ``sd_after`` the mean of the card played,
  ``sd_loss = sd_before - sd_after``;
- ``sd_best`` lists the legal cards whose mean is within :data:`TOLERANCE`
  of the best (:data:`BETL_TOLERANCE` in Betl, whose values are 1 or 0);
- ``sd_se`` is the standard error of ``sd_before``: the spread of the best
  card's values over the layouts divided by the square root of ``K``.

Where the knowledge leaves a single layout (the real one), every mean is the
double-dummy value: ``sd_before``, ``sd_after`` and ``sd_best`` are then exactly
``before``, ``after`` and ``best`` of the double-dummy analysis, and ``sd_se`` is 0.

One :class:`~replay.solver.search.DoubleDummy` (one transposition table key
space) serves the whole deal; identical layouts are solved once and counted
with their multiplicity; equivalent cards share one solve.  A seat keeps the
layouts of its previous turn that are still consistent with what it now knows
(a uniform sample kept only where it falls in a subset is uniform over that
subset), so the table's entries from its earlier solves keep paying, and only
the missing ones are drawn afresh.

The analysis covers the cards the double-dummy analysis covers: a deal it cannot
take gives None; the play stops at its first illegal card (the reason is kept
in :attr:`DealSingleDummy.stopped`); a position where no layout fits the record
(an inconsistent record) is noted in :attr:`DealSingleDummy.notes` and skipped.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from replay.engine.report import DealReport
from replay.model.cards import CARD_TEXT, cards_in
from replay.rules.ruleset import Ruleset
from replay.singledummy.sampler import NoLayout
from replay.solver.analysis import deal_game, playable
from replay.solver.search import DoubleDummy, Position

if TYPE_CHECKING:
    from replay.singledummy.knowledge import SeatView

#: a legal card is among the single-dummy best when its mean is within this many card
#: points of the best mean: every value is a whole number of points, so where the
#: layout is determined this keeps exactly the double-dummy best cards, and sampled
#: means closer than half a point are not told apart
TOLERANCE = 0.5
#: the same in Betl, whose values are 1 or 0 (a mean is a share of layouts): two cards
#: whose shares of saving layouts differ by less than one in a hundred count as equal
BETL_TOLERANCE = 0.01

#: a layout: seat -> the mask of the cards it holds at the position
Layout = dict[int, int]
#: the layouts to solve at a position: (the index of the card in ``dr.plays``, the
#: position with the real hands) -> the layouts and whether they are determined, or
#: None where the seat's view cannot be built (the analysis stops there); raises
#: ``NoLayout`` where no layout fits
LayoutSource = Callable[[int, Position], "tuple[list[Layout], bool] | None"]


@dataclass(slots=True)
class CardSingleDummy:
    trick: int
    seat: int
    card: int
    #: K layouts used
    samples: int
    #: only one layout was consistent: the values are the double-dummy ones
    determined: bool
    #: the best mean over the legal cards, from the camp of ``seat``
    sd_before: float
    #: the mean after the card played
    sd_after: float
    #: the legal cards whose mean is within the tolerance of ``sd_before``
    sd_best: list[int]
    #: the standard error of ``sd_before``
    sd_se: float
    #: the card's position in the deal's play, from 1 (``plays.idx``)
    idx: int = 0

    @property
    def sd_loss(self) -> float:
        return self.sd_before - self.sd_after

    def to_json(self) -> dict[str, object]:
        return {"sd_before": round(self.sd_before, 3), "sd_after": round(self.sd_after, 3),
                "sd_loss": round(self.sd_loss, 3),
                "sd_best": [CARD_TEXT[c] for c in self.sd_best],
                "sd_se": round(self.sd_se, 3), "samples": self.samples,
                "determined": self.determined}


@dataclass(slots=True)
class DealSingleDummy:
    """A deal's single-dummy analysis and what it cost."""

    deal: int
    betl: bool
    samples: int
    seed: int
    cards: list[CardSingleDummy] = field(default_factory=list)
    #: why the analysis stopped before the end of the play (None: it did not)
    stopped: str | None = None
    #: positions skipped, one located line each (no layout fits the record)
    notes: list[str] = field(default_factory=list)
    #: double-dummy solves and kernel nodes spent
    solves: int = 0
    nodes: int = 0


@dataclass(slots=True)
class PositionValues:
    """The single-dummy values of one position."""

    #: the legal cards, in card order
    cards: list[int]
    #: the exact mean of the cards that need one: the card played, and every card
    #: that may be within the tolerance of the best
    means: dict[int, float]
    #: the best mean and its standard error
    before: float
    se: float
    #: solves spent (full and null-window searches)
    solves: int

    def mean(self, card: int) -> float:
        return self.means[card]

    def best(self, tolerance: float) -> list[int]:
        return [c for c in self.cards if c in self.means and self.means[c] >= self.before - tolerance]


def position_values(game: DoubleDummy, pos: Position, layouts: Sequence[Layout],
                    played: int, tolerance: float) -> PositionValues:
    """The mean double-dummy value over ``layouts`` of the legal cards of the seat to
    play at ``pos`` (each layout the hands of every seat; the trick, leader and
    tricks won are ``pos``'s), from that seat's camp.

    Exact where the values need it: the card ``played``, the best card and every
    card within ``tolerance`` of it.  The others are only shown to be out of reach:
    each is first tested in every layout against the played card's value there (one
    null-window search); where it does worse the search's bound stands for its
    value, and a card whose mean of bounds stays below the best mean minus the
    tolerance is left there (every value is a whole number, and the tolerance is
    below 1, so a card worse than the played one in every layout is out at once).
    The others are solved a layout at a time, inside the bounds already found,
    until they are out of reach or exact everywhere.  Identical layouts are solved
    once; equivalent cards share their solves."""
    seat = pos.turn
    camp = game.camp[seat]
    n = game.rs.players
    counts = Counter(tuple(layout.get(s, 0) for s in range(1, n + 1)) for layout in layouts)
    legal = game.legal(pos)
    cards = cards_in(legal)
    rows = [Position((0,) + hands, pos.trick, pos.leader, pos.won) for hands in counts]
    for p in rows:
        assert p.hands[seat] == pos.hands[seat], "a layout keeps the seat's own hand"
    weights = np.array(list(counts.values()), dtype=np.float64)
    total = float(weights.sum())
    reps = [game.representatives(p, legal) for p in rows]
    solves = 0
    # a card's exact value, or its bounds, in layout r (by the card that stands for it)
    exact: list[dict[int, int]] = [{} for _ in rows]
    upper: list[dict[int, int]] = [{} for _ in rows]
    lower: list[dict[int, int]] = [{} for _ in rows]

    def solve(r: int, card: int) -> int:
        """The exact value, searched inside the bounds already known."""
        nonlocal solves
        rep = reps[r][card]
        v = exact[r].get(rep)
        if v is None:
            v = exact[r][rep] = game.window(rows[r], camp, lower[r].get(rep, 0) - 1,
                                            upper[r].get(rep, game.top(rows[r])) + 1,
                                            card=rep)
            solves += 1
        return v

    def column(card: int) -> np.ndarray:
        return np.array([solve(r, card) for r in range(len(rows))], dtype=np.float64)

    target = column(played)
    bounds: dict[int, np.ndarray] = {}
    for c in cards:
        if c == played:
            continue
        col = np.empty(len(rows), dtype=np.float64)
        for r, p in enumerate(rows):
            rep = reps[r][c]
            if rep in exact[r]:
                col[r] = exact[r][rep]
                continue
            if rep not in upper[r]:
                beta = int(target[r])
                v = game.bound(p, camp, beta, card=rep)
                solves += 1
                if v < beta:
                    upper[r][rep] = v
                else:
                    lower[r][rep] = v
                    v = solve(r, c)
            col[r] = upper[r].get(rep, exact[r].get(rep, 0))
        bounds[c] = col
    means = {played: float(weights @ target) / total}
    values = {played: target}
    # refine the cards whose bound may reach the best mean, highest bound first, a
    # layout at a time until the card is out of reach or exact everywhere
    for c in sorted(bounds, key=lambda c: -float(weights @ bounds[c])):
        col = bounds[c]
        for r in range(len(rows)):
            if float(weights @ col) / total < max(means.values()) - tolerance:
                break
            col[r] = solve(r, c)
        else:
            values[c] = col
            means[c] = float(weights @ col) / total
    best_card = max(cards, key=lambda c: (means.get(c, -1.0), -c))
    before = means[best_card]
    se = 0.0
    if total > 1 and len(rows) > 1:
        spread = float(weights @ (values[best_card] - before) ** 2) / (total - 1)
        se = math.sqrt(spread / total)
    return PositionValues(cards, means, before, se, solves)


def single_dummy_deal(dr: DealReport, rs: Ruleset, samples: int = 32, seed: int = 0,
                      layouts: LayoutSource | None = None) -> DealSingleDummy | None:
    """Every card of a replayed deal valued single-dummy; None when the double-dummy
    analysis cannot take the deal (``replay.solver.analysis.unplayable_reason``).

    ``layouts``: where each position's layouts come from; by default ``samples``
    layouts drawn from the view of the seat to play (:class:`SampledLayouts`, seeded
    by ``seed`` and the deal's number, so a re-run gives the same values)."""
    if not playable(dr, rs):
        return None
    game, betl = deal_game(dr, rs)
    out = DealSingleDummy(dr.deal, betl, samples, seed)
    source = layouts if layouts is not None else SampledLayouts(dr, rs, samples, seed)
    tolerance = BETL_TOLERANCE if betl else TOLERANCE
    n = rs.players
    leader = dr.tricks[0].leader if dr.tricks else (dr.dealer % n + 1 if dr.dealer else 1)
    pos = game.start(dr.hands, leader)
    for index, (seat, card, trick, legal, _bela) in enumerate(dr.plays):
        where = f"deal {dr.deal}, trick {trick}, card {index + 1} ({CARD_TEXT[card]} by seat {seat})"
        if not legal or seat != pos.turn or not pos.hands[seat] >> card & 1:
            out.stopped = f"{where}: not a legal card, the analysis stops there"
            break
        try:
            drawn = source(index, pos)
        except NoLayout as exc:
            out.notes.append(str(exc))  # it names the position
            drawn = ([], False)
        if drawn is None:
            out.stopped = f"{where}: the seat's view cannot be built, the analysis stops there"
            break
        layouts_here, determined = drawn
        if layouts_here:
            v = position_values(game, pos, layouts_here, card, tolerance)
            out.solves += v.solves
            out.cards.append(CardSingleDummy(
                trick, seat, card, len(layouts_here), determined, v.before, v.mean(card),
                v.best(tolerance), v.se, idx=index + 1))
        if game.stops(pos, card):
            break
        pos = game.after(pos, card)
        if pos.is_over():
            break
    out.nodes = game.nodes()
    return out


def analyse_deal_single_dummy(dr: DealReport, rs: Ruleset, samples: int = 32,
                              seed: int = 0) -> list[CardSingleDummy] | None:
    """The single-dummy values of every card of a deal (:func:`single_dummy_deal`)."""
    d = single_dummy_deal(dr, rs, samples, seed)
    return None if d is None else d.cards


class SampledLayouts:
    """The layouts of each position: ``samples`` drawn uniformly from the view of the
    seat to play (``replay.singledummy.sampler``), the seat's layouts of its previous
    turn kept where they still fit.

    A layout kept from the seat's previous turn has the cards played since removed
    from the hands that played them; it still fits when it then matches the new view
    (own hand, cards known held, cards excluded, hidden counts).  Drawn uniformly and
    kept only inside the new consistent set, the kept layouts are uniform over it; the
    fresh ones drawn to make up ``samples`` are too.  ``keep=False`` draws every
    position's layouts afresh (the benchmark's comparison)."""

    def __init__(self, dr: DealReport, rs: Ruleset, samples: int, seed: int,
                 keep: bool = True) -> None:
        self.dr = dr
        self.rs = rs
        self.samples = samples
        self.keep = keep
        self.rng = np.random.default_rng([seed, dr.deal])
        #: seat -> (index of its previous card, its layouts there)
        self.kept: dict[int, tuple[int, list[Layout]]] = {}

    def __call__(self, index: int, pos: Position) -> tuple[list[Layout], bool] | None:
        from replay.singledummy.knowledge import seat_view
        from replay.singledummy.sampler import sample_layouts

        view = seat_view(self.dr, self.rs, index)
        if view is None:
            return None
        seat = pos.turn
        determined = view.layouts_exact() == 1
        kept: list[Layout] = []
        before = self.kept.get(seat)
        if before is not None and self.keep:
            since = [(s, c) for s, c, *_ in self.dr.plays[before[0]:index]]
            kept = [lay for lay in (advance(layout, since) for layout in before[1])
                    if lay is not None and fits(lay, view)]
        fresh = sample_layouts(view, self.samples - len(kept), self.rng) if (
            len(kept) < self.samples) else []
        drawn = kept + fresh
        self.kept[seat] = (index, drawn)
        return drawn, determined


def advance(layout: Layout, plays: Sequence[tuple[int, int]]) -> Layout | None:
    """``layout`` once ``plays`` (seat, card) are down; None when a seat played a card
    the layout does not give it."""
    out = dict(layout)
    for seat, card in plays:
        if not out.get(seat, 0) >> card & 1:
            return None
        out[seat] &= ~(1 << card)
    return out


def fits(layout: Layout, view: SeatView) -> bool:
    """Does ``layout`` (seat -> mask) agree with a seat's view: its own hand, the
    cards it knows others hold, how many hidden cards each holder has and the
    hidden cards a holder cannot have?  Holder 0 (talon, widow) holds the hidden
    cards no seat holds."""
    if layout.get(view.seat, 0) != view.own:
        return False
    held = {s: mask for s, mask in layout.items() if s}
    placed = 0
    for mask in held.values():
        placed |= mask
    held[0] = view.hidden & ~placed
    for holder, mask in view.known.items():
        if holder and held.get(holder, 0) & mask != mask:
            return False
    for holder, count in view.sizes.items():
        if (held.get(holder, 0) & view.hidden).bit_count() != count:
            return False
    return all(not held.get(holder, 0) & mask for holder, mask in view.excluded.items())
