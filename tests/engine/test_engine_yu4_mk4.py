"""Whole records through reader and engine: scores worked by hand, every code with its place.

The base deal (tests/support/engine_util.py) is worked trick by trick in its comment:
side A takes 34 card points, side B (the callers, hearts) 128.  The variations
below change one thing each; the expected figures are derived from the base
by the rule named beside each test.
"""

from __future__ import annotations

import pytest
from support.engine_util import TRICKS, found, record, replay_text, where

from replay.model.cards import CARD_INDEX


def deal0(report):
    d = report.deals[0]
    return d.made, d.score, d.total


# ---------------------------------------------------------------- scoring
@pytest.mark.rule("yu4-04", "yu4-05", "yu4-30", "yu4-32", "yu4-37", "yu4-39", "yu4-41")
def test_base_deal_made_yu4():
    r = replay_text(record(score="score 34 128", total="total 34 128"))
    assert found(r) == []
    assert deal0(r) == (True, [34, 128], [34, 128])
    assert r.result == "*"
    assert [t.winner for t in r.deals[0].tricks] == [4, 4, 3, 2, 4, 4, 2, 4]


@pytest.mark.rule("mk4-03", "mk4-18", "mk4-23", "mk4-24", "mk4-25")
def test_base_deal_made_mk4():
    r = replay_text(record("mk4", score="score 34 128", total="total 34 128"))
    assert found(r) == []
    assert deal0(r) == (True, [34, 128], [34, 128])


def test_wrong_score_and_total_s601_s602():
    text = record(score="score 34 120", total="total 34 120")
    r = replay_text(text)
    assert found(r) == [
        ("S601", *where(text, "120", 1), 1, None, None),
        ("S602", *where(text, "120", 2), 1, None, None),
    ]


def test_dash_for_a_fallen_side_reads_as_zero():
    # '-' on the sheet is 0 (docs/bgn/replay.md §8): writing '-' for side A, which made 34, is S601
    # at the dash; writing '-' where the engine has 0 is no finding (next test).
    text = record(score="score - 128")
    r = replay_text(text)
    assert found(r) == [("S601", *where(text, "-"), 1, None, None)]


@pytest.mark.rule("yu4-18", "yu4-42")
def test_declarations_contest_and_count_yu4():
    # seat 3 holds four jacks (200, side A), seat 2 four nines (150, side B):
    # the best single declaration is A's, so only A's count (yu4-18): A 34 + 200 = 234
    # against B 128: the callers fail (yu4-42): A records 362, B '-'.
    text = record(declare="declare 2: carre:9 3: carre:J", score="score 362 -")
    r = replay_text(text)
    assert found(r) == []
    assert deal0(r) == (False, [362, 0], [362, 0])
    assert r.deals[0].decl_side == 0 and r.deals[0].decl_points == 200


@pytest.mark.rule("yu4-18")
def test_callers_declaration_counts_when_best():
    # only seat 2's four nines: B 128 + 150 = 278 against 34 (yu4-18)
    r = replay_text(record(declare="declare 2: carre:9"))
    assert deal0(r) == (True, [34, 278], [34, 278])


@pytest.mark.rule("yu4-23")
def test_declaration_not_held_a501_and_not_allowed_a502():
    text = record(declare="declare 1: carre:7 run3:9S 2: carre:9")
    r = replay_text(text)
    assert found(r) == [
        ("A502", *where(text, "carre:7"), 1, None, 1),  # four 7s are no declaration (yu4-23)
        ("A501", *where(text, "run3:9S"), 1, None, 1),
    ]
    assert deal0(r) == (True, [34, 278], [34, 278])  # the bad ones left out (§9.4)


@pytest.mark.rule("A1")
def test_carre_tens_switch():
    text = record(tags='[Rules "carre-tens=off"]', declare="declare 2: carre:T")
    r = replay_text(text)
    assert found(r) == [("A502", *where(text, "carre:T"), 1, None, 2)]
    assert deal0(r) == (True, [34, 128], [34, 128])
    r = replay_text(record(declare="declare 2: carre:T"))  # default on: 100 (A1)
    assert deal0(r) == (True, [34, 228], [34, 228])


def test_unknown_switch_is_p102_at_the_tag():
    text = record(tags='[Rules "iber-partner=maybe"]')
    r = replay_text(text)
    assert found(r) == [("P102", 2, 1, None, None, None)]
    assert r.deals == [] and r.game_id is None


def test_missing_variant_is_p102_at_first_movetext():
    text = '[Event "x"]\n\ndeal 1 dealer 4\nbids pass pass pass pass\nresult *\n'
    r = replay_text(text)
    assert found(r) == [("P102", 3, 1, None, None, None)]


# ------------------------------------------------------------- card play
def test_seat_prefix_out_of_turn_c405():
    tricks = list(TRICKS)
    tricks[0] = "7S 3:9S JS KS"
    text = record(tricks=tricks)
    r = replay_text(text)
    assert found(r) == [("C405", *where(text, "3:9S"), 1, 1, 2)]
    assert deal0(r) == (True, [34, 128], [34, 128])  # counted for seat 2, as played


def test_wrong_trick_number_c405():
    text = record().replace("2. AS 8S", "3. AS 8S")
    r = replay_text(text)
    assert found(r) == [("C405", *where(text, "AS", 2), 1, 2, 4)]


@pytest.mark.rule("yu4-28")
def test_bela_on_a_card_that_is_not_a_trump_king_or_queen_a503():
    tricks = list(TRICKS)
    tricks[0] = "7S 9S JS KS bela"
    text = record(tricks=tricks)
    r = replay_text(text)
    assert found(r) == [("A503", *where(text, "bela"), 1, 1, 4)]


@pytest.mark.rule("mk4-22")
def test_revoke_in_mk4_ends_the_deal_with_162():
    # trick 5: seat 1 (side A, defenders) plays 7C holding 7D 8D: C401, and in mk4
    # the deal ends there: the callers B score 162, A '-' (mk4-22, docs/bgn/replay.md §7).
    tricks = list(TRICKS)
    tricks[4] = "9D JD KD 7C"
    text = record("mk4", tricks=tricks, score="score - 162", total="total 0 162")
    r = replay_text(text)
    assert found(r) == [("C401", *where(text, "7C", 2), 1, 5, 1)]
    assert deal0(r) == (True, [0, 162], [0, 162])
    assert r.deals[0].penalty


@pytest.mark.rule("mk4-22")
def test_card_not_held_in_mk4_by_a_caller():
    # seat 2 (side B, callers) plays AS, which seat 4 holds: D203, the deal ends,
    # A scores 162 and the callers' contract is not made.
    tricks = list(TRICKS)
    tricks[0] = "7S AS JS KS"
    text = record("mk4", tricks=tricks)
    r = replay_text(text)
    assert found(r) == [("D203", *where(text, "AS", 2), 1, 1, 2)]
    assert deal0(r) == (False, [162, 0], [162, 0])


@pytest.mark.rule("yu4-33")
def test_iber_missed_is_c404_and_play_goes_on_in_yu4():
    # trick 1: 7S, seat 2 plays TS (beats 7S), seat 3 holds JS QS, neither beats TS
    # (plain order A T K Q J), so JS is legal; seat 4 holds KS AS and plays KS, which
    # does not beat TS while AS does: C404 (yu4-33).  An unfinished game (result *)
    # may stop after any card without D204.
    text = record(tricks=["7S TS JS KS"], result="*")
    r = replay_text(text)
    assert found(r) == [("C404", *where(text, "KS", 2), 1, 1, 4)]
    assert r.deals[0].tricks[0].winner == 2  # TS still wins the trick as played (§9.7)


# ---------------------------------------------------------------- claims
def test_true_claim_rest():
    text = record(tricks=TRICKS[:4], claim="2: claim rest")
    r = replay_text(text)
    assert found(r) == []
    assert deal0(r) == (True, [34, 128], [34, 128])


@pytest.mark.rule("yu4-38")
def test_false_claim_rest_a505_scored_as_claimed():
    # after trick 2 seat 3 still holds JH, the top trump: B cannot take every
    # trick.  A505 at the claim; the deal is scored as claimed: B takes all
    # tricks, 162 + 90 for the capot (yu4-38), A 0.
    text = record(tricks=TRICKS[:2], claim="4: claim rest")
    r = replay_text(text)
    assert found(r) == [("A505", *where(text, "claim"), 1, 3, 4)]
    assert deal0(r) == (True, [0, 252], [0, 252])


@pytest.mark.rule("yu4-38", "C19", "T12")
def test_capot_takes_the_contest_winners_declarations_in_yu4_only():
    # A wins the contest (four jacks, 200) but takes no trick.  yu4-38: the capot
    # side B also takes A's 200: 252 + 200 = 452.  mk4 (C19, T12): A's 200 is
    # void and passes to no one; B's nines lost the contest: B 252.
    decl = "declare 2: carre:9 3: carre:J"
    r = replay_text(record(tricks=TRICKS[:2], claim="4: claim rest", declare=decl))
    assert deal0(r) == (True, [0, 452], [0, 452])
    r = replay_text(record("mk4", tricks=TRICKS[:2], claim="4: claim rest", declare=decl))
    assert deal0(r) == (True, [0, 252], [0, 252])


@pytest.mark.rule("yu4-43")
def test_claim_game_yu4_true_and_false():
    # after trick 4: A has 34, B 58 card points.  Target 50: B's claim is true, the
    # game ends, the deal is scored as those figures (docs/bgn/replay.md §14).
    text = record(tags='[Target "50"]', tricks=TRICKS[:4], claim="2: claim game", result="B")
    r = replay_text(text)
    assert found(r) == []
    assert deal0(r) == (None, [34, 58], [34, 58]) and r.result == "B"
    text = record(tags='[Target "100"]', tricks=TRICKS[:4], claim="2: claim game")
    r = replay_text(text)
    assert found(r) == [("A505", *where(text, "claim"), 1, 5, 2)]
    assert r.result == "*"


@pytest.mark.rule("mk4-26")
def test_mk4_ends_by_itself_at_the_trick_that_reaches_the_target():
    # Target 50: after trick 4 side B has 6 + 24 + 28 = 58 >= 50 (mk4-26): the game
    # ends there; the deal is the card points so far; later cards are S603.
    text = record("mk4", tags='[Target "50"]', result="B")
    r = replay_text(text)
    assert found(r) == [("S603", *where(text, "9D", 2), 1, 5, None)]
    assert deal0(r) == (None, [34, 58], [34, 58]) and r.result == "B"
    text = record("mk4", tags='[Target "50"]', tricks=TRICKS[:4], claim="2: claim game",
                  result="B")
    assert found(replay_text(text)) == []


def test_wrong_result_s603_at_the_result_token():
    text = record(result="A")
    r = replay_text(text)
    assert found(r) == [("S603", *where(text, "A", 1), None, None, None)]


# ---------------------------------------------------------- the auction
@pytest.mark.rule("yu4-12")
def test_call_after_the_bidding_ended_b301():
    text = record(bids="bids pass H pass")
    r = replay_text(text)
    line, col = where(text, "pass", 2)
    assert found(r) == [("B301", line, col, 1, None, None)]


@pytest.mark.rule("yu4-11")
def test_call_prefix_out_of_turn_b301():
    text = record(bids="bids 2:pass H")
    r = replay_text(text)
    assert found(r) == [("B301", *where(text, "2:pass"), 1, None, 2)]


@pytest.mark.rule("yu4-11")
def test_call_not_in_the_variant_b302_counts_as_pass():
    text = record(bids="bids NT H")
    r = replay_text(text)
    assert found(r) == [("B302", *where(text, "NT"), 1, None, 1)]
    assert deal0(r) == (True, [34, 128], [34, 128])


@pytest.mark.rule("mk4-06")
def test_mk4_dealer_must_call():
    text = record("mk4", hands=None, bids="bids pass pass pass", tricks=[])
    r = replay_text(text)
    assert found(r) == [("B302", *where(text, "pass", 3), 1, None, 4)]


@pytest.mark.rule("yu4-13")
def test_all_pass_deal_scores_nothing():
    text = record(hands=None, bids="bids pass pass pass pass", tricks=[], score="score 0 0")
    r = replay_text(text)
    assert found(r) == []
    assert deal0(r) == (None, [0, 0], [0, 0])


# ---------------------------------------------------------- deal layout
@pytest.mark.rule("yu4-03", "yu4-09")
def test_duplicate_and_wrong_count_in_hands():
    # an all-pass deal: the pre-bid count (6) is checked (docs/bgn/game.md);
    # 7S is written twice (D201 at the second), seat 3 holds 5 cards (D202 at its "3:")
    hands = ("hands 1: 7S 8S 7H 8H 7D 8D 2: 7S TS 9H TH 9D TD "
             "3: JS QS JH QH JD 4: KS AS KH AH KD AD")
    text = record(hands=hands, bids="bids pass pass pass pass", tricks=[])
    r = replay_text(text)
    assert found(r) == [
        ("D201", *where(text, "7S", 2), 1, None, 2),
        ("D202", *where(text, "3:"), 1, None, 3),
    ]


def test_wrong_deal_number_d204():
    text = record(deal_header="deal 2 dealer 4")
    r = replay_text(text)
    assert found(r) == [("D204", *where(text, "2", 1), 1, None, None)]
    assert deal0(r) == (None, [0, 0], [0, 0])


def test_play_that_stops_early_d204():
    text = record(tricks=TRICKS[:3], result="A")
    r = replay_text(text)
    codes = [v[0] for v in found(r)]
    assert codes[0] == "D204"
    assert deal0(r)[0] is None


@pytest.mark.rule("yu4-22")
def test_eight_card_run_wins_the_game_yu4():
    hands = ("hands 1: 7S 8S 9S TS JS QS / KS AS 2: 7H 8H 9H TH JH QH / KH AH "
             "3: 7D 8D 9D TD JD QD / KD AD 4: 7C 8C 9C TC JC QC / KC AC")
    text = record(hands=hands, declare="declare 1: run8:AS", tricks=[], result="A")
    r = replay_text(text)
    assert found(r) == []
    assert deal0(r) == (None, [0, 0], [0, 0]) and r.result == "A"


# ------------------------------------------------------------------ bela
BELA_HANDS = """hands 1: 7S 8S 7H 8H 7D 8D / 7C 8C
      2: 9S TS 9H TH 9D TD / 9C TC
      3: JS QS JH AH JD QD / JC QC
      4: KS AS KH QH KD AD / KC AC"""
# Seat 4 now holds KH and QH (bela), seat 3 AH instead of QH.  Hearts are trump.
#   3. KH bela 7H TH JH   seat 3 wins  4+0+10+20 = 34 A
#   4. AH QH 8H 9H        seat 2 wins  11+3+0+14 = 28 B  (seat 4 plays QH: the 20 counts)
# The card points are the base deal's (the same cards fall in the same tricks):
# A 34, B 128 + 20 bela = 148.
BELA_TRICKS = list(TRICKS)
BELA_TRICKS[2] = "KH bela 7H TH JH"
BELA_TRICKS[3] = "AH QH 8H 9H"


@pytest.mark.rule("yu4-27", "yu4-28")
def test_bela_counts_20_for_its_side():
    text = record(hands=BELA_HANDS, tricks=BELA_TRICKS)
    r = replay_text(text)
    assert found(r) == []
    assert deal0(r) == (True, [34, 148], [34, 148])
    assert r.deals[0].bela == {4: 20}


@pytest.mark.rule("yu4-28")
def test_unannounced_bela_scores_nothing():
    tricks = list(BELA_TRICKS)
    tricks[2] = "KH 7H TH JH"
    r = replay_text(record(hands=BELA_HANDS, tricks=tricks))
    assert found(r) == [] and deal0(r) == (True, [34, 128], [34, 128])


@pytest.mark.rule("yu4-28")
def test_bela_on_the_second_card_is_a503_and_scores_nothing():
    tricks = list(BELA_TRICKS)
    tricks[2] = "KH 7H TH JH"
    tricks[3] = "AH QH bela 8H 9H"
    text = record(hands=BELA_HANDS, tricks=tricks)
    r = replay_text(text)
    assert found(r) == [("A503", *where(text, "bela"), 1, 4, 4)]
    assert deal0(r) == (True, [34, 128], [34, 128])


@pytest.mark.rule("yu4-28")
def test_rebela_on_the_second_card_is_fine_and_bela_rebela_on_one_is_not():
    tricks = list(BELA_TRICKS)
    tricks[3] = "AH QH rebela 8H 9H"
    r = replay_text(record(hands=BELA_HANDS, tricks=tricks))
    assert found(r) == [] and deal0(r) == (True, [34, 148], [34, 148])
    tricks = list(BELA_TRICKS)
    tricks[2] = "KH bela rebela 7H TH JH"
    text = record(hands=BELA_HANDS, tricks=tricks)
    r = replay_text(text)
    assert found(r) == [("A503", *where(text, "rebela"), 1, 3, 4)]
    assert deal0(r) == (True, [34, 148], [34, 148])  # the bela itself stands


def test_plays_of_a_trick_cut_short_belong_to_the_last_winner_and_the_seats_after():
    """The plays are listed when asked, from the cards and the tricks: the cards of
    a trick the record stops in are played by the last trick's winner and the seats
    after him, each from its own hand."""
    text = record(tricks=TRICKS[:3] + ["QH AH"], result="*")
    (dr,) = replay_text(text).deals
    assert dr.play_count == 14 and len(dr.tricks) == 3
    leader = dr.tricks[2].winner
    assert [p[:3] for p in dr.plays[12:]] == [
        (leader, CARD_INDEX["QH"], 4), (leader % 4 + 1, CARD_INDEX["AH"], 4)]
    assert all(dr.hands[seat] >> card & 1 for seat, card, *_ in dr.plays)
