"""The sampler: its exact count against a brute-force enumeration checked by the
validator's own legality, uniform draws (a chi-square test with a fixed seed),
the one layout of a determined position, and NoLayout on an inconsistent record."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

import numpy as np
import pytest
from support.sd_records import ROOT, SIM, deals_of

from replay.model.cards import CARD_TEXT, cards_in, popcount
from replay.singledummy.knowledge import (
    OUT_OF_PLAY,
    SeatView,
    past_is_legal,
    seat_view,
    seat_views,
)
from replay.singledummy.sampler import NoLayout, sample_layouts


def brute_layouts(dr, rs, view) -> list[tuple[int, ...]]:
    """Every deal of the view's hidden cards to the other holders with their sizes
    (itertools, nothing of the sampler), kept when every past card is legal by the
    validator; each as the masks of the holders in ``sorted(view.sizes)`` order."""
    holders = sorted(view.sizes)
    out = []

    def deal(i: int, left: list[int], taken: list[int]) -> None:
        if i == len(holders):
            hands = {s: m for s, m in zip(holders, taken, strict=True) if s != OUT_OF_PLAY}
            for s, m in view.known.items():
                if s != OUT_OF_PLAY:
                    hands[s] |= m
            hands[view.seat] = view.own
            if past_is_legal(dr, rs, view.index, hands):
                out.append(tuple(taken))
            return
        for pick in combinations(left, view.sizes[holders[i]]):
            deal(i + 1, [c for c in left if c not in pick], [*taken, sum(1 << c for c in pick)])

    deal(0, cards_in(view.hidden), [])
    return out


def chi_square_tail(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom (closed form:
    the regularized upper incomplete gamma of a whole or half-whole order)."""
    h = x / 2
    if df % 2 == 0:
        return math.exp(-h) * sum(h ** i / math.factorial(i) for i in range(df // 2))
    tail = math.erfc(math.sqrt(h))
    for i in range(1, (df - 1) // 2 + 1):
        tail += math.exp(-h + (i - 0.5) * math.log(h) - math.lgamma(i + 0.5))
    return tail


def test_chi_square_tail_is_the_known_one():
    # the chi-square table: 3.841 at df 1 and 5.991 at df 2 are the 5% points
    assert chi_square_tail(3.841458820694124, 1) == pytest.approx(0.05, abs=1e-12)
    assert chi_square_tail(5.991464547107979, 2) == pytest.approx(0.05, abs=1e-12)
    assert chi_square_tail(124.342113404, 100) == pytest.approx(0.05, abs=1e-9)


def small_position(variant: str, most: int):
    """The first view of the variant's first simulated game with at most ``most``
    hidden cards and some card excluded by the duties."""
    path = next(p for p in SIM if p.name.startswith(variant + "."))
    for dr, rs, _codes in deals_of(path, games=1):
        for view in seat_views(dr, rs):
            if popcount(view.hidden) <= most and any(view.excluded.values()):
                return dr, rs, view
    raise AssertionError(f"no small position in {path.name}")


@pytest.mark.rule("yu4-31", "yu4-33", "yu4-34", "yu3-06", "hu3-09")
@pytest.mark.parametrize(("variant", "most"),
                         [("yu4", 9), ("yu3", 8), ("hu3", 8)])
def test_draws_are_uniform_over_the_brute_force_layouts(variant, most):
    dr, rs, view = small_position(variant, most)
    every = brute_layouts(dr, rs, view)
    assert view.layouts_exact() == len(every) >= 2
    unconstrained = math.factorial(popcount(view.hidden)) // math.prod(
        math.factorial(n) for n in view.sizes.values())
    assert len(every) < unconstrained  # the duties bite
    per = 40
    draws = sample_layouts(view, per * len(every), np.random.default_rng(2024))
    holders = sorted(view.sizes)
    seen = Counter()
    for hands in draws:
        out = view.hidden & ~sum(hands.values())
        seen[tuple(out if h == OUT_OF_PLAY else hands[h] & view.hidden for h in holders)] += 1
    assert set(seen) == set(every)
    chi = sum((seen[lay] - per) ** 2 / per for lay in every)
    assert chi_square_tail(chi, len(every) - 1) > 0.001, (chi, len(every))


def test_the_same_seed_draws_the_same_layouts():
    dr, rs, view = small_position("yu4", 12)
    a = sample_layouts(view, 50, np.random.default_rng(5))
    b = sample_layouts(view, 50, np.random.default_rng(5))
    c = sample_layouts(view, 50, np.random.default_rng(6))
    assert a == b and a != c


@pytest.mark.rule("yu4-31", "yu4-34")
def test_a_determined_position_returns_its_one_layout():
    """Where what the seat saw leaves one layout, every draw is that layout: the
    seats' real hands at that position."""
    found = 0
    for path in SIM:
        for dr, rs, _codes in deals_of(path, games=1):
            for view in seat_views(dr, rs):
                if view.hidden and view.layouts_exact() == 1:
                    now = dict(dr.hands)
                    for seat, card, *_ in dr.plays[:view.index]:
                        now[seat] &= ~(1 << card)
                    assert sample_layouts(view, 5, np.random.default_rng(0)) == [now] * 5
                    found += 1
    assert found >= 10


@pytest.mark.rule("yu4-28")
def test_an_untrue_bela_leaves_no_layout_and_says_where():
    """bela-tokens.bgn: seat 4 says bela on the king of hearts (trumps) while seat 3
    holds the queen; when seat 3 is to play, nothing fits what it was told."""
    path = ROOT / "tests" / "records" / "audit" / "bela-tokens.bgn"
    dr, rs, codes = next(deals_of(path))
    assert "A503" in codes
    view = seat_view(dr, rs, 11)
    assert view.layouts_exact() == 0
    with pytest.raises(NoLayout) as err:
        sample_layouts(view, 1, np.random.default_rng(0))
    assert str(err.value) == ("deal 1, card 12 (trick 3), seat 3 to play: no layout fits: "
                              "seat 4 said bela on KH, but QH is in the hand of seat 3")
    # seat 1, earlier in that trick, heard the same word and holds neither card: it fits
    assert seat_view(dr, rs, 9).known[4] == 1 << 13


def test_no_layout_names_the_card_no_holder_may_take_or_the_counts():
    bits = {t: 1 << i for i, t in enumerate(CARD_TEXT)}
    homeless = SeatView(seat=1, own=bits["7H"], known={2: 0, 3: 0, OUT_OF_PLAY: 0},
                        hidden=bits["AS"] | bits["KS"], sizes={2: 1, 3: 1, OUT_OF_PLAY: 0},
                        excluded={2: bits["KS"], 3: bits["KS"], OUT_OF_PLAY: 0},
                        deal=3, index=20, trick=6)
    assert homeless.layouts_exact() == 0
    with pytest.raises(NoLayout, match=r"^deal 3, card 21 \(trick 6\), seat 1 to play: no "
                                       r"layout fits: no holder may hold KS "):
        sample_layouts(homeless, 1, np.random.default_rng(0))
    crowded = SeatView(seat=1, own=bits["7H"], known={2: 0, 3: 0, OUT_OF_PLAY: 0},
                       hidden=bits["AS"] | bits["KS"] | bits["QS"],
                       sizes={2: 1, 3: 2, OUT_OF_PLAY: 0},
                       excluded={2: 0, 3: bits["AS"] | bits["KS"], OUT_OF_PLAY: 0},
                       deal=3, index=20, trick=6)
    assert crowded.layouts_exact() == 0
    with pytest.raises(NoLayout) as err:
        sample_layouts(crowded, 1, np.random.default_rng(0))
    assert str(err.value) == (
        "deal 3, card 21 (trick 6), seat 1 to play: no layout fits: the hidden cards "
        "cannot be shared out (out of play 0, seat 2 1, seat 3 2 hidden cards) without a "
        "seat holding a card its play excluded")
