"""ru-pair, bg3 and bg2: what the books give, and the documented defaults."""

from __future__ import annotations

import pytest
from support.engine_util import found, record, replay_text

from replay.model.cards import NO_TRUMPS
from replay.rules.bidding import Contract
from replay.rules.rulesets import load_ruleset
from replay.rules.scoring import match_points_solo, raw_partnership
from replay.rules.tally import Tally

FR_HANDS = """hands 1: 7S 8S 7H 8H 7D / 8D 7C 8C
      2: 9S TS 9H 9D TD / TH 9C TC
      3: JS QS JH QH JD / QD JC QC
      4: KS AS KH AH KD / AD KC AC"""


@pytest.mark.rule("ru-pair-13")
def test_ru_pair_base_deal():
    # The hand-worked base deal (tests/support/engine_util.py) with seat 2 taking the
    # turned TH: A 34, B 128; the callers made it; no capot bonus (ru-pair-13).
    text = record("ru-pair", tags='[Target "1001"]', hands=FR_HANDS, bids="bids pass take",
                  score="score 34 128").replace("bids pass take", "turn TH\nbids pass take")
    r = replay_text(text)
    assert found(r) == []
    assert (r.deals[0].made, r.deals[0].score) == (True, [34, 128])


@pytest.mark.rule("ru-pair-13")
def test_ru_pair_undefined_convention_is_p102_naming_it():
    text = record("ru-pair", tags='[Target "1001"]\n[Rules "mars=on"]')
    r = replay_text(text)
    assert [v.code for v in r.violations] == ["P102"]
    assert "«Марс»" in r.violations[0].message
    assert (r.violations[0].line, r.violations[0].col) == (3, 1)


@pytest.mark.rule("ru-pair-06")
def test_ru_pair_no_trumps_doubles_cards_and_combinations():
    rs = load_ruleset("ru-pair", None, "1001")
    t = Tally(Contract(1, NO_TRUMPS), 0, [80, 50], [5, 3], [50, 0], 50, [0, 0], None)
    r = raw_partnership(rs, t)
    assert (r.scores, r.made) == ([260, 100], True)  # (80 + 50) × 2, 50 × 2: total 260 + 100


@pytest.mark.rule("A27")
def test_bg3_defaults_to_profile_q2_and_needs_a_target():
    assert load_ruleset("bg3", None, "151").switches["profile"] == "q2"
    r = replay_text(record("bg3", deal_header="deal 1 dealer 3", hands=None,
                           bids="bids pass pass pass", tricks=[]))
    assert [v.code for v in r.violations] == ["P102"]


def tally3(points, tricks=(3, 3, 2), double=1):
    return Tally(Contract(1, 0, double=double), 0, list(points), list(tricks), [0, 0, 0], 0,
                 [0, 0, 0], None)


@pytest.mark.rule("A27")
def test_bg3_scoring_default_a27():
    rs = load_ruleset("bg3", None, "151")
    r = match_points_solo(rs, tally3((90, 40, 32)))  # 90 > 72: made, each his own
    assert (r.scores, r.made) == ([9, 4, 3], True)
    r = match_points_solo(rs, tally3((60, 60, 42)))  # failed: 30 each to the others
    assert (r.scores, r.made) == ([0, 9, 7], False)
    r = match_points_solo(rs, tally3((81, 41, 40)))  # equal: his 81 hang
    assert (r.scores, r.made, r.hang) == ([0, 4, 4], False, 8)
    r = match_points_solo(rs, tally3((90, 40, 32), double=2))  # contra: 16 × 2 to him
    assert r.scores == [32, 0, 0]


@pytest.mark.rule("bg2-01")
def test_bg2_deck_has_24_cards():
    rs = load_ruleset("bg2", None, "151")
    assert rs.deck.bit_count() == 24 and rs.hand_size == 9 and rs.pre_bid == 6
