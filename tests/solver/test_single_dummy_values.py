"""Single-dummy values (replay/singledummy/values.py).

- With the real layout as the only layout, every card's single-dummy values are
  its double-dummy ones (``replay.solver.analysis``), on real records of every
  variant family and a Betl deal (hu3-19).
- Over several layouts, the values are the plain means of every legal card's
  exact double-dummy value (each solved by itself), whatever the bounds the
  search uses to leave the far cards out.
- Bad input: an illegal card ends the analysis where the double-dummy one
  ends; a position without a consistent layout is noted and skipped; a deal the
  solver cannot take gives None.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest
from support.dd_corpus import betl_record
from support.ingest_util import REPO

from ingest.bgn.reader import parse_games, read_games
from replay.engine.report import DealReport
from replay.engine.walk import replay_game
from replay.model.cards import CARD_TEXT, cards_in
from replay.rules.ruleset import Ruleset
from replay.singledummy.knowledge import past_is_legal, seat_view
from replay.singledummy.sampler import NoLayout
from replay.singledummy.values import (
    BETL_TOLERANCE,
    TOLERANCE,
    Layout,
    SampledLayouts,
    advance,
    fits,
    position_values,
    single_dummy_deal,
)
from replay.solver.analysis import analyse_deal, deal_game, game_ruleset
from replay.solver.search import Position

#: bundled simulated records: partnership, soloist and one-against-one variants
VARIANTS = ("yu4", "bg4", "contree", "mk4", "ru3", "hu3", "bg2")


def deals_of(games) -> list[tuple[DealReport, Ruleset]]:
    out = []
    for g in games:
        rs = game_ruleset(g)
        assert rs is not None
        out += [(dr, rs) for dr in replay_game(g).deals if analyse_deal(dr, rs) is not None]
    return out


def sim_deals(variant: str, count: int) -> list[tuple[DealReport, Ruleset]]:
    games = itertools.islice(read_games(REPO / "data" / "sim" / f"{variant}.bgn.gz"), 2)
    return deals_of(games)[:count]


def real_layout(rs: Ruleset):
    def source(index: int, pos: Position) -> tuple[list[Layout], bool]:
        return [{s: pos.hands[s] for s in range(1, rs.players + 1)}], True
    return source


def check_equals_double_dummy(dr: DealReport, rs: Ruleset) -> int:
    dd = analyse_deal(dr, rs)
    sd = single_dummy_deal(dr, rs, samples=1, layouts=real_layout(rs))
    assert dd is not None and sd is not None
    assert [c.idx for c in sd.cards] == list(range(1, len(dd.cards) + 1))
    for d, s in zip(dd.cards, sd.cards, strict=True):
        assert (s.trick, s.seat, s.card) == (d.trick, d.seat, d.card)
        assert (s.sd_before, s.sd_after, s.sd_loss, s.sd_best, s.sd_se) == (
            d.before, d.after, d.loss, d.best, 0.0)
    assert (sd.stopped, sd.notes) == (None, [])
    return len(sd.cards)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_real_layout_alone_gives_the_double_dummy_values(variant):
    deals = sim_deals(variant, 2)
    assert len(deals) == 2
    cards = sum(check_equals_double_dummy(dr, rs) for dr, rs in deals)
    assert cards == 2 * {4: 32, 3: 27, 2: 18}[deals[0][1].players]


@pytest.mark.rule("hu3-19")
def test_betl_real_layout_gives_the_double_dummy_values():
    """hu3-19: Betl plays until the soloist's first trick; values 1/0."""
    (dr, rs), = deals_of(parse_games(betl_record()))
    assert "betl" in dr.figures
    assert check_equals_double_dummy(dr, rs) > 0
    assert single_dummy_deal(dr, rs, 1, layouts=real_layout(rs)).betl


def shuffled_layouts(pos: Position, rs: Ruleset, count: int, rng: random.Random) -> list[Layout]:
    """``count`` layouts that keep the hand of the seat to play and deal the other
    seats' cards at random among them, each keeping its number of cards."""
    seat = pos.turn
    others = [s for s in range(1, rs.players + 1) if s != seat]
    out = []
    for _ in range(count):
        pool = [c for s in others for c in cards_in(pos.hands[s])]
        rng.shuffle(pool)
        layout = {seat: pos.hands[seat]}
        for s in others:
            k = pos.hands[s].bit_count()
            layout[s] = sum(1 << c for c in pool[:k])
            pool = pool[k:]
        out.append(layout)
    return out


@pytest.mark.parametrize("variant", ("yu4", "bg4", "ru3"))
def test_values_over_layouts_are_the_plain_means(variant):
    """Every position of a deal from its trick 5 on, 6 layouts with repeats: before,
    after, best and the standard error from every legal card solved exactly."""
    (dr, rs), = sim_deals(variant, 1)
    game, betl = deal_game(dr, rs)
    tol = BETL_TOLERANCE if betl else TOLERANCE
    rng = random.Random(5)
    pos = game.start(dr.hands, dr.tricks[0].leader)
    checked = 0
    for seat, card, trick, _legal, _bela in dr.plays:
        if trick >= 5:
            layouts = shuffled_layouts(pos, rs, 4, rng)
            layouts += layouts[:2]  # identical layouts count with their multiplicity
            v = position_values(game, pos, layouts, card, tol)
            camp = game.camp[seat]
            legal = cards_in(game.legal(pos))
            table = {c: [game.value(Position((0,) + tuple(lay[s] for s in range(1, rs.players + 1)),
                                            pos.trick, pos.leader, pos.won), camp, card=c)
                         for lay in layouts] for c in legal}
            means = {c: sum(vs) / len(vs) for c, vs in table.items()}
            before = max(means.values())
            top = min(c for c in legal if means[c] == before)
            assert v.before == pytest.approx(before, abs=1e-9)
            assert v.mean(card) == pytest.approx(means[card], abs=1e-9)
            assert v.best(tol) == [c for c in legal if means[c] >= before - tol]
            assert v.se == pytest.approx(statistics.stdev(table[top]) / math.sqrt(6), abs=1e-9)
            checked += 1
        pos = game.after(pos, card)
    assert checked == rs.players * (rs.tricks - 4)


def sample_deal(file: str, game: int) -> tuple[DealReport, Ruleset]:
    g = list(read_games(REPO / "data" / "samples" / file))[game]
    rs = game_ruleset(g)
    assert rs is not None
    return replay_game(g).deals[0], rs


@pytest.mark.parametrize(("game", "cards", "where"), [
    (3, 1, "trick 1, card 2 (9S by seat 2)"),
    (4, 3, "trick 1, card 4 (KS by seat 4)"),
])
def test_an_illegal_card_ends_the_analysis_where_the_double_dummy_one_ends(game, cards, where):
    """data/samples/yu4-rules.bgn: a C405 and a C404 card (docs/codes.md)."""
    dr, rs = sample_deal("yu4-rules.bgn", game)
    dd = analyse_deal(dr, rs)
    sd = single_dummy_deal(dr, rs, 1, layouts=real_layout(rs))
    assert dd is not None and sd is not None
    assert len(sd.cards) == len(dd.cards) == cards
    assert sd.stopped == f"deal 1, {where}: not a legal card, the analysis stops there"


@pytest.mark.parametrize(("file", "game"), [
    ("mk4-rules.bgn", 1),  # a penalty ended the deal
    ("yu4-rules.bgn", 12),  # no contract
    ("yu4-rules.bgn", 14),  # the hands are not all known
])
def test_a_deal_the_solver_cannot_take_has_no_values(file, game):
    dr, rs = sample_deal(file, game)
    assert analyse_deal(dr, rs) is None
    assert single_dummy_deal(dr, rs, 4) is None


def test_a_position_without_a_layout_is_noted_and_skipped():
    (dr, rs), = sim_deals("yu4", 1)
    real = real_layout(rs)

    def source(index: int, pos: Position) -> tuple[list[Layout], bool]:
        if index == 5:
            raise NoLayout("deal 1, card 6 (trick 2), seat 3 to play: no layout fits: test")
        return real(index, pos)

    sd = single_dummy_deal(dr, rs, 1, layouts=source)
    assert sd is not None
    assert [c.idx for c in sd.cards] == [i for i in range(1, 33) if i != 6]
    assert sd.notes == ["deal 1, card 6 (trick 2), seat 3 to play: no layout fits: test"]
    assert sd.stopped is None


def test_a_view_that_cannot_be_built_stops_the_analysis():
    (dr, rs), = sim_deals("yu4", 1)
    real = real_layout(rs)
    seat, card, trick, *_ = dr.plays[7]

    def source(index: int, pos: Position) -> tuple[list[Layout], bool] | None:
        return None if index == 7 else real(index, pos)

    sd = single_dummy_deal(dr, rs, 1, layouts=source)
    assert sd is not None and len(sd.cards) == 7
    assert sd.stopped == (f"deal 1, trick {trick}, card 8 ({CARD_TEXT[card]} by seat {seat}): "
                          "the seat's view cannot be built, the analysis stops there")


@pytest.mark.parametrize("variant", ("yu4", "bg4", "ru3"))
def test_kept_and_drawn_layouts_fit_the_view_and_every_duty(variant):
    """SampledLayouts: at every position, each layout (kept from the seat's previous
    turn or drawn afresh) gives every seat its number of cards from the live or
    hidden ones (ru3's talon may hold live cards in a layout), matches the seat's
    view and makes
    every card played so far legal by the validator's own judge (past_is_legal);
    layouts are kept where they still fit, and the last card is determined."""
    (dr, rs), = sim_deals(variant, 1)
    source = SampledLayouts(dr, rs, 8, 0)
    game, _ = deal_game(dr, rs)
    pos = game.start(dr.hands, dr.tricks[0].leader)
    kept = 0
    for index, (seat, card, _trick, _legal, _bela) in enumerate(dr.plays):
        previous = source.kept.get(seat)
        got = source(index, pos)
        assert got is not None
        layouts, determined = got
        view = seat_view(dr, rs, index)
        assert view is not None and len(layouts) == 8
        live = 0
        for h in pos.hands:
            live |= h
        for layout in layouts:
            assert [layout[s].bit_count() for s in range(1, rs.players + 1)] == [
                pos.hands[s].bit_count() for s in range(1, rs.players + 1)]
            for h in layout.values():
                assert not h & ~(live | view.hidden)
            assert fits(layout, view)
            assert past_is_legal(dr, rs, index, layout)
        if previous is not None:
            since = [(s, c) for s, c, *_ in dr.plays[previous[0]:index]]
            carried = [advance(layout, since) for layout in previous[1]]
            kept += sum(1 for a, b in zip(carried, layouts, strict=False) if a == b)
        pos = game.after(pos, card)
    assert determined
    assert kept > 0
