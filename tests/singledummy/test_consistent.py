"""Every layout the sampler draws fits what the seat saw: over the records of every
variant, at many positions, each drawn layout keeps the seat's own hand and every
card it knows, gives each seat its number of cards, and makes every card played so
far legal by the validator's own ``judge`` (``past_is_legal``)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from support.sd_records import SIM, WRITTEN, deals_of

from replay.engine.walk import replay_game
from replay.model.cards import popcount
from replay.rules.rulesets import SWITCHES, VARIANTS
from replay.simulate import simulate_games
from replay.singledummy.knowledge import past_is_legal, seat_views
from replay.singledummy.sampler import sample_layouts
from replay.solver.analysis import game_ruleset


def check_deal(dr, rs, codes, rng, every: int, draws: int) -> Counter[str]:
    """Check the views of one deal (every ``every``-th card); counts what was checked.
    Where the validator found a false bela word (A503) the seats were told something
    untrue, and the real layout need not fit their view."""
    seen: Counter[str] = Counter()
    views = seat_views(dr, rs)
    for view in views[::every]:
        now = {s: dr.hands[s] for s in dr.hands}
        for seat, card, *_ in dr.plays[:view.index]:
            now[seat] &= ~(1 << card)
        assert past_is_legal(dr, rs, view.index, now)
        assert view.own == now[view.seat]
        if "A503" in codes:
            if view.layouts_exact() == 0:
                seen["no layout"] += 1
                continue
        else:  # the real layout fits the view
            for s, known in view.known.items():
                if s:
                    assert known & ~now[s] == 0
                    assert view.excluded[s] & now[s] == 0
            assert view.layouts_exact() >= 1
        for hands in sample_layouts(view, draws, rng):
            assert hands[view.seat] == view.own
            assert {s: popcount(h) for s, h in hands.items()} == {
                s: popcount(h) for s, h in now.items()}
            for s, known in view.known.items():
                if s:
                    assert hands[s] & known == known
            union = 0
            for h in hands.values():
                assert union & h == 0
                union |= h
            assert union == view.own | view.hidden & union | sum(
                m for s, m in view.known.items() if s)
            assert past_is_legal(dr, rs, view.index, hands), (view.where, hands)
            seen["layouts"] += 1
        seen["views"] += 1
        seen["constrained"] += any(view.excluded.values())
    return seen


@pytest.mark.rule("yu4-28", "yu4-31", "yu4-33", "yu4-34", "yu4-35", "yu4-36", "bg4-22",
                  "bg4-27", "bg4-38", "mk4-19", "mk4-20", "mk4-21", "ru3-19", "A47", "A48")
@pytest.mark.parametrize("path", SIM, ids=lambda p: p.name.split(".")[0])
def test_sampled_layouts_fit_every_past_card(path):
    rng = np.random.default_rng(7)
    seen: Counter[str] = Counter()
    for dr, rs, codes in deals_of(path, games=1):
        seen += check_deal(dr, rs, codes, rng, every=3, draws=8)
    assert seen["views"] >= 20 and seen["constrained"] >= 5, seen


@pytest.mark.rule("yu4-28", "yu4-31", "yu4-33", "yu4-34", "yu4-35", "yu4-36", "bg4-22",
                  "bg4-27", "bg4-38", "mk4-19", "mk4-20", "mk4-21", "ru3-19", "A47", "A48")
def test_sampled_layouts_fit_in_the_written_records():
    rng = np.random.default_rng(8)
    seen: Counter[str] = Counter()
    for path in WRITTEN:
        for dr, rs, codes in deals_of(path):
            seen += check_deal(dr, rs, codes, rng, every=1, draws=4)
    assert seen["views"] >= 200 and seen["constrained"] >= 50, seen


def test_the_records_cover_every_playable_variant():
    assert {p.name.split(".")[0] for p in SIM} == set(VARIANTS)


@pytest.mark.rule("yu4-36", "bg4-22", "bg4-23", "bg4-24", "A47")
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_sampled_layouts_fit_under_every_house_rule(variant):
    """Simulated deals under each value of each switch of the variant (the duties'
    partner exceptions, under-ruffing, ...)."""
    rng = np.random.default_rng(9)
    seen: Counter[str] = Counter()
    settings = [None] + [f"{name}={value}" for name, values in SWITCHES[variant].items()
                         for value in values[1:]]
    for k, rules in enumerate(settings):
        for game in simulate_games(variant, 1, 40 + k, max_deals=2, rules=rules):
            rs = game_ruleset(game)
            for dr in replay_game(game).deals:
                seen += check_deal(dr, rs, set(), rng, every=2, draws=4)
    assert seen["views"] >= 10 * len(settings), seen
