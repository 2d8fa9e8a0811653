"""bg4, fr4 and contrée: play duties, auctions, and scores worked by hand.

Rounding cases are the seed's published examples (002_4ad2490839f395cb.txt:
324–328, 605–614; bg4-46, bg4-50, T17–T19 (docs/rules/readings.md)); contrée's
figures are the examples of contree convention 6 (docs/rules/contree.md).
"""

from __future__ import annotations

import pytest
from support.engine_util import HANDS, TRICKS, found, record, replay_text, where
from support.positions import legal

from replay.model.cards import ALL_TRUMPS, NO_TRUMPS
from replay.rules.bidding import Contract
from replay.rules.rulesets import load_ruleset
from replay.rules.scoring import contree, match_points, round_one, round_pair
from replay.rules.tally import Tally

H, S, D, C = 1, 0, 2, 3


# ------------------------------------------------------------ play duties
@pytest.mark.rule("T01", "bg4-25")
def test_t01_no_plain_overbeat_in_bg4_fr4_contree():
    for v in ("bg4", "fr4", "contree"):
        assert legal(v, H, "KS 7S", "AS 8S 9D") == {"AS", "8S"}, v


@pytest.mark.rule("T02", "bg4-22")
def test_t02_trump_raise_over_partner_by_profile():
    assert legal("bg4", H, "9H 8H", "JH 7H") == {"JH"}  # o, q2
    assert legal("bg4", H, "9H 8H", "JH 7H", "profile=q1") == {"JH", "7H"}
    assert legal("fr4", H, "9H 8H", "JH 7H") == {"JH", "7H"}
    assert legal("contree", H, "9H 8H", "JH 7H") == {"JH"}  # contree convention 4 (docs/rules/contree.md)


@pytest.mark.rule("bg4-23", "C1")
def test_t03_void_with_partner_winning():
    assert legal("bg4", H, "AS 7S", "7H KC") == {"7H", "KC"}  # o (bg4-23)
    assert legal("bg4", H, "AS 7S", "7H KC", "profile=q2") == {"7H"}
    assert legal("fr4", H, "AS 7S", "7H KC") == {"7H"}
    assert legal("contree", H, "AS 7S", "7H KC") == {"7H", "KC"}  # §4 C1


@pytest.mark.rule("C4")
def test_t04_underruff_not_forced_in_o_and_contree():
    assert legal("bg4", H, "AS TH", "7H 8C") == {"7H", "8C"}
    assert legal("bg4", H, "AS TH", "7H 8C", "underruff=on") == {"7H"}
    assert legal("contree", H, "AS TH", "7H 8C") == {"7H", "8C"}  # §4 C4


@pytest.mark.rule("T05", "bg4-24")
def test_t05_partner_ruffed():
    assert legal("bg4", H, "TS 8H AS", "9H 7H AD") == {"9H", "7H", "AD"}  # o
    assert legal("contree", H, "TS 8H AS", "9H 7H AD") == {"9H", "7H", "AD"}
    assert legal("fr4", H, "TS 8H AS", "9H 7H AD") == {"9H", "7H"}  # must ruff, any trump


@pytest.mark.rule("bg4-24")
def test_opponent_ruffed_must_overruff():
    # seat 1 leads TS, seat 2 (an opponent of seat 3) ruffs 8H; seat 3 holds 9H 7H AD
    assert legal("bg4", H, "TS 8H", "9H 7H AD") == {"9H"}
    assert legal("contree", H, "TS 8H", "9H 7H AD") == {"9H"}


@pytest.mark.rule("bg4-26", "bg4-27")
def test_no_trumps_and_all_trumps():
    # No trumps: follow suit only, no raise (bg4-26)
    assert legal("bg4", NO_TRUMPS, "9S", "7S AS 8D") == {"7S", "AS"}
    assert legal("bg4", NO_TRUMPS, "9S", "8D KC") == {"8D", "KC"}
    # All trumps: raise whoever is winning (bg4-27), partner included; void → any
    assert legal("bg4", ALL_TRUMPS, "9S 8S", "JS 7S") == {"JS"}
    assert legal("bg4", ALL_TRUMPS, "9S", "8D KC") == {"8D", "KC"}


# ---------------------------------------------------------- match points
@pytest.mark.rule("bg4-46")
@pytest.mark.parametrize("x, limit, mp", [
    (35, 6, 3), (125, 6, 12), (125, 4, 13), (162, 6, 16), (258, 4, 26), (260, 5, 26),
    (108, 5, 11),  # 54 in No trumps, doubled (the seed's example: 54 → 11)
])
def test_round_one(x, limit, mp):
    assert round_one(x, limit) == mp


@pytest.mark.rule("T17")
@pytest.mark.parametrize("a, b, limit, pair", [
    (56, 106, 6, (6, 10)), (6, 156, 6, (1, 15)),  # 002:611
    (34, 224, 4, (4, 22)), (164, 194, 4, (17, 19)),  # 002:607
    (97, 65, 6, (10, 6)), (135, 123, 4, (14, 12)),  # T17 (c), (e)
])
def test_round_pair(a, b, limit, pair):
    assert round_pair(a, b, limit) == pair


def tally(kind, points, caller=0, double=1, tricks=(4, 4), decl=(0, 0), bela=(0, 0), capot=None):
    return Tally(Contract(1 if caller == 0 else 2, kind, double=double), caller, list(points),
                 list(tricks), list(decl), sum(decl), list(bela), capot)


def mp(kind, points, rules=None, pot=0, **kw):
    rs = load_ruleset("bg4", rules)
    r = match_points(rs, tally(kind, points, **kw), pot)
    return r.scores, r.made, r.hang


@pytest.mark.rule("T17", "T13", "bg4-50")
def test_bg4_made_failed_and_hanging():
    assert mp(C, (106, 56)) == ([10, 6], True, 0)  # T17 (a)
    assert mp(S, (72, 90)) == ([0, 16], False, 0)  # T17 (d)
    assert mp(H, (81, 81)) == ([0, 8], False, 8)  # T13: defenders 8, 8 hang
    assert mp(H, (106, 106)) == ([0, 10], False, 11)  # bg4-50: 10 and 11 hang
    assert mp(ALL_TRUMPS, (154, 154)) == ([0, 15], False, 16)  # bg4-50: 15 and 16 hang
    assert mp(ALL_TRUMPS, (94, 64), decl=(100, 0)) == ([19, 7], True, 0)  # 194 - 64


@pytest.mark.rule("A22")
def test_bg4_hanging_points_go_to_the_next_deals_positive_side():
    assert mp(H, (100, 62), pot=8) == ([10 + 8, 6], True, 0)
    assert mp(H, (62, 100), pot=8) == ([0, 16 + 8], False, 0)  # defenders collect it (A22)
    assert mp(H, (81, 81), pot=8) == ([0, 8], False, 16)  # it hangs again: it adds up


@pytest.mark.rule("T18")
def test_bg4_contra_and_recontra():
    assert mp(H, (110, 72), double=2) == ([36, 0], True, 0)  # T18 (a)
    assert mp(H, (72, 90), double=2) == ([0, 32], False, 0)  # T18 (b)
    assert mp(H, (110, 72), double=4) == ([72, 0], True, 0)  # T18 (c)
    assert mp(H, (72, 90), double=4) == ([0, 64], False, 0)
    assert mp(H, (81, 81), double=2) == ([0, 0], False, 32)  # T18 (d)


@pytest.mark.rule("T19")
def test_bg4_no_trumps_valat_by_profile():
    valat = dict(tricks=(8, 0), capot=0)
    assert mp(NO_TRUMPS, (130, 0), **valat) == ([35, 0], True, 0)  # T19 (o)
    assert mp(NO_TRUMPS, (130, 0), "profile=q1", **valat) == ([44, 0], True, 0)
    assert mp(NO_TRUMPS, (130, 0), "profile=q2", **valat) == ([35, 0], True, 0)
    assert mp(NO_TRUMPS, (130, 0), double=2, **valat) == ([70, 0], True, 0)
    assert mp(NO_TRUMPS, (130, 0), "profile=q2", double=2, **valat) == ([61, 0], True, 0)


@pytest.mark.rule("bg4-37", "bg4-38")
def test_bg4_declarations_need_a_trick_belote_does_not():
    # B takes no trick: its 50 is void; its belote counts (belote-needs-trick=off)
    assert mp(H, (162, 0), tricks=(8, 0), capot=0, decl=(0, 50), bela=(0, 20)) == (
        [25, 2], True, 0)  # A 162 + 90 = 252 → 25; B 20 → 2
    assert mp(H, (162, 0), "belote-needs-trick=on", tricks=(8, 0), capot=0, bela=(0, 20)) == (
        [25, 0], True, 0)


@pytest.mark.rule("bg4-48")
def test_bg4_kirtik():
    assert mp(S, (72, 90), "kirtik=on") == ([-10, 16], False, 0)


# --------------------------------------------------------------- contrée
def ct(points, value, double=1, tricks=(4, 4), bela=(0, 0), capot=None, capot_bid=False):
    rs = load_ruleset("contree")
    points = list(points)
    if capot is not None:
        points[capot] += 90  # the engine's tally: the last trick is worth 100 (§1)
    t = tally(H, points, tricks=tricks, bela=bela, capot=capot)
    t.contract = Contract(1, H, value=value, double=double, capot=capot_bid)
    r = contree(rs, t)
    return r.scores, r.made


def test_contree_scoring_examples():
    assert ct((81, 81), 80, bela=(0, 20)) == ([161, 101], True)  # §6: 81 vs 81 + 20 makes 80
    assert ct((162, 0), 250, tricks=(8, 0), capot=0, bela=(0, 20), capot_bid=True) == (
        [502, 20], True)  # §6: capot made, belote in defence
    assert ct((162, 0), 250, 3, tricks=(8, 0), capot=0, bela=(20, 0), capot_bid=True) == (
        [1022, 0], True)  # §6: the largest deal score
    assert ct((100, 62), 90, 2) == ([162 + 180, 0], True)
    assert ct((70, 92), 80) == ([0, 162 + 80], False)
    assert ct((70, 92), 80, 3, bela=(0, 20)) == ([0, 162 + 240 + 20], False)
    assert ct((70, 92), 80, bela=(20, 0)) == ([70 + 80 + 20, 92], True)  # belote counts
    assert ct((160, 2), 250, tricks=(7, 1), capot_bid=True) == ([0, 162 + 250], False)


# ----------------------------------------------------------- whole records
@pytest.mark.rule("bg4-46")
def test_bg4_base_deal_in_match_points():
    # hand-worked base deal (A 34, B 128): 128 → 13, 34 → 3 (bg4-46, limit 6)
    r = replay_text(record("bg4", score="score 3 13", total="total 3 13"))
    assert found(r) == []
    assert (r.deals[0].made, r.deals[0].score) == (True, [3, 13])


@pytest.mark.rule("bg4-10", "bg4-45")
def test_bg4_contra_and_recontra_on_the_base_deal():
    r = replay_text(record("bg4", bids="bids pass H X"))
    assert found(r) == [] and r.deals[0].score == [0, 32]
    r = replay_text(record("bg4", bids="bids pass H X XX"))
    assert found(r) == [] and r.deals[0].score == [0, 64]


@pytest.mark.rule("T22")
@pytest.mark.parametrize("bids, code_at, seat", [
    ("bids S pass X", "X", 3),  # T22 (b): contra of one's own side
    ("bids H D", "D", 2),  # T22 (c): not higher
    ("bids XX", "XX", 1),  # recontra without contra
])
def test_bg4_auction_errors(bids, code_at, seat):
    text = record("bg4", hands=None, bids=bids, tricks=[], result="*")
    r = replay_text(text)
    assert ("B302", *where(text, code_at), 1, None, seat) in found(r)


@pytest.mark.rule("T22")
def test_bg4_auction_ends_on_redoubled_all_trumps_and_higher_bid_cancels_contra():
    text = record("bg4", hands=None, bids="bids AT X XX pass", tricks=[], result="*")
    r = replay_text(text)
    assert ("B301", *where(text, "pass"), 1, None, None) in found(r)  # T22 (a)
    assert r.deals[0].contract == ALL_TRUMPS and r.deals[0].double == 4
    r = replay_text(record("bg4", hands=None, bids="bids C X H", tricks=[], result="*"))
    assert r.deals[0].contract == H and r.deals[0].double == 1 and r.deals[0].caller == 3


@pytest.mark.rule("bg4-13", "bg4-44")
def test_bg4_hang_then_collected():
    # deal 1: all pass; no hang.  A deal that hangs carries its pot into the next deal.
    text = record("bg4", hands=None, bids="bids pass pass pass pass", tricks=[],
                  score="score 0 0", total="total 0 0")
    r = replay_text(text)
    assert found(r) == [] and r.deals[0].made is None


@pytest.mark.rule("fr4-03", "fr4-06")
def test_fr4_base_deal():
    hands = """hands 1: 7S 8S 7H 8H 7D / 8D 7C 8C
      2: 9S TS 9H 9D TD / TH 9C TC
      3: JS QS JH QH JD / QD JC QC
      4: KS AS KH AH KD / AD KC AC"""
    text = record("fr4", tags='[Target "1000"]', hands=hands, bids="bids pass take",
                  more="", score="score 34 128")
    text = text.replace("bids pass take", "turn TH\nbids pass take")
    r = replay_text(text)
    assert found(r) == []
    assert (r.deals[0].made, r.deals[0].score) == (True, [34, 128])


@pytest.mark.rule("fr4-08")
def test_fr4_needs_a_target():
    r = replay_text(record("fr4"))
    assert [v.code for v in r.violations] == ["P102"]


def test_contree_base_deal():
    r = replay_text(record("contree", bids="bids pass 80H", score="score 34 208"))
    assert found(r) == []
    assert (r.deals[0].made, r.deals[0].score) == (True, [34, 208])
    r = replay_text(record("contree", bids="bids pass 80H X"))
    assert found(r) == [] and r.deals[0].score == [0, 322]
    r = replay_text(record("contree", bids="bids pass 140H"))
    assert r.deals[0].made is False and r.deals[0].score == [302, 0]


def test_contree_declarations_are_a502():
    text = record("contree", bids="bids pass 80H", declare="declare 2: carre:9")
    r = replay_text(text)
    assert found(r) == [("A502", *where(text, "carre:9"), 1, None, 2)]


def test_contree_coinche_rules():
    text = record("contree", hands=None, bids="bids 80H X 90S", tricks=[], result="*")
    r = replay_text(text)
    assert ("B302", *where(text, "90S"), 1, None, 3) in found(r)


_ = (HANDS, TRICKS)
