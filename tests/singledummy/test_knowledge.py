"""What a seat knows (replay/singledummy/knowledge.py), item by item: the duties'
exclusions on a written deal, what the table saw before the play (A47), the
declarations shown (A48), and positions the analysis does not take."""

from __future__ import annotations

import math

import pytest
from support.sd_records import SIM, deals_of

from ingest.bgn import parse_game
from replay.engine.walk import replay_game
from replay.model.cards import CARD_BIT
from replay.singledummy.knowledge import OUT_OF_PLAY, seat_view
from replay.solver.analysis import game_ruleset

#: seat 1 leads the ace of spades in hearts: seat 2 ruffs (yu4-31), seat 3 over-ruffs
#: (yu4-34), seat 4 follows; seat 3 leads the ace of trumps: seat 4 and seat 1 have
#: none, seat 2 raises with the nine (yu4-33)
RUFFS = """[Variant "yu4"]

deal 1 dealer 4
hands 1: AS KS QS 7C 8C 9C / 7D 8D
      2: 7H 8H 9H AC KC QC / JC TC
      3: TH JH QH KH AH 9D / TD JD
      4: JS TS 9S 8S 7S QD / KD AD
bids H
play 1. AS 7H JH 7S
2. AH QD 7C 9H
3. AC
"""


def cards(text: str) -> int:
    return sum(CARD_BIT[t] for t in text.split())


def replayed(text: str):
    game = parse_game(text)
    return replay_game(game).deals[0], game_ruleset(game)


@pytest.mark.rule("yu4-31", "yu4-33", "yu4-34")
def test_the_duties_exclude_what_the_seats_did_not_play():
    dr, rs = replayed(RUFFS)
    view = seat_view(dr, rs, 8)  # seat 2 leads trick 3
    assert (view.seat, view.own) == (2, cards("8H AC KC QC JC TC"))
    assert view.excluded == {1: cards("TH QH KH"),  # no trump on the trump lead
                             3: cards("KS QS JS TS 9S 8S"),  # ruffed the spade lead
                             4: cards("TH QH KH"),
                             OUT_OF_PLAY: 0}
    assert view.sizes == {1: 6, 3: 6, 4: 6, OUT_OF_PLAY: 0}
    assert view.known == {1: 0, 3: 0, 4: 0, OUT_OF_PLAY: 0}
    # the three trumps go to seat 3 with three of the nine other cards; seats 1 and 4
    # share the six spades and the six cards left
    assert view.layouts_exact() == math.comb(9, 3) * math.comb(12, 6) == 77616
    # at the first lead nothing is excluded: 24 cards in three hands of eight
    first = seat_view(dr, rs, 0)
    assert not any(first.excluded.values())
    assert first.layouts_exact() == math.factorial(24) // math.factorial(8) ** 3


def test_positions_the_analysis_does_not_take_have_no_view():
    dr, rs = replayed(RUFFS)
    assert seat_view(dr, rs, 9) is None  # no such card
    assert seat_view(dr, rs, -1) is None
    without = "\n".join(line for line in RUFFS.splitlines()
                        if not line.startswith(("hands", "      ")))
    dr, rs = replayed(without)
    assert seat_view(dr, rs, 0) is None  # not every hand is known (unplayable_reason)
    # seat 2 does not raise (C404): the analysis stops at that card, and so do the views
    revoke = RUFFS.replace("2. AH QD 7C 9H", "2. AH QD 7C 8H")
    dr, rs = replayed(revoke)
    assert seat_view(dr, rs, 6) is not None and seat_view(dr, rs, 7) is None


def view_at(variant: str, deal: int, index: int):
    """The view before card ``index`` of deal ``deal`` of the variant's first
    simulated game."""
    path = next(p for p in SIM if p.name.startswith(variant + "."))
    for dr, rs, _codes in deals_of(path, games=1):
        if dr.deal == deal:
            return seat_view(dr, rs, index)
    raise AssertionError((variant, deal))


@pytest.mark.rule("A47", "fr4-05")
def test_every_seat_sees_the_turned_card_go_to_the_fr4_taker():
    view = view_at("fr4", 1, 1)  # seat 1 took the turned TC and led AS
    assert (view.seat, view.known) == (2, {1: CARD_BIT["TC"], 3: 0, 4: 0, OUT_OF_PLAY: 0})
    assert not view.hidden & CARD_BIT["TC"]
    assert view.sizes == {1: 6, 3: 8, 4: 8, OUT_OF_PLAY: 0}


@pytest.mark.rule("A47", "ru3-10")
def test_the_ru3_seven_swap_shows_both_cards():
    # seat 3 swapped 7C for the turned 8C; the talon's four cards stay unseen
    view = view_at("ru3", 5, 0)
    assert (view.seat, view.known) == (2, {1: 0, 3: CARD_BIT["8C"], OUT_OF_PLAY: CARD_BIT["7C"]})
    assert view.sizes == {1: 9, 3: 8, OUT_OF_PLAY: 4}
    assert view.hidden & cards("JS QH 9H KH") == cards("JS QH 9H KH")


@pytest.mark.rule("A47", "hu3-09")
def test_the_hungarian_under_card_and_stock_top_lie_face_up():
    # seat 1 swapped 7S for the turned TS; 7C tops the stock
    view = view_at("hu3", 3, 0)
    assert (view.seat, view.known) == (3, {1: CARD_BIT["TS"], 2: 0,
                                           OUT_OF_PLAY: cards("7S 7C")})
    assert view.sizes == {1: 8, 2: 9, OUT_OF_PLAY: 3}


@pytest.mark.rule("A47", "yu3-06")
def test_only_the_yu3_soloist_knows_his_discards():
    path = next(p for p in SIM if p.name.startswith("yu3."))
    dr, rs, _codes = next(iter(deals_of(path, games=1)))
    laid = dr.laid_away[dr.caller]
    assert laid.bit_count() == 2
    for seat in (1, 2, 3):
        index = next(k for k, play in enumerate(dr.plays) if play[0] == seat)
        view = seat_view(dr, rs, index)
        if seat == dr.caller:
            assert (view.known[OUT_OF_PLAY], view.sizes[OUT_OF_PLAY]) == (laid, 0)
        else:
            assert (view.known[OUT_OF_PLAY], view.sizes[OUT_OF_PLAY]) == (0, 2)
            assert view.hidden & laid == laid


@pytest.mark.rule("A48", "yu4-18")
def test_yu4_declarations_that_count_are_known():
    # seat 1 declared run4:QS and seat 3 run3:QH, both counted; seat 2 leads
    view = view_at("yu4", 2, 0)
    assert (view.seat, view.known) == (2, {1: cards("QS JS TS 9S"), 3: cards("QH JH TH"),
                                           4: 0, OUT_OF_PLAY: 0})
    assert view.sizes == {1: 4, 3: 5, 4: 8, OUT_OF_PLAY: 0}


@pytest.mark.rule("A48", "mk4-16")
def test_mk4_declarations_are_shown_at_the_start_of_the_play():
    # seat 3 declared run3:KD, which counted; seat 1 leads
    view = view_at("mk4", 1, 0)
    assert (view.seat, view.known) == (1, {2: 0, 3: cards("KD QD JD"), 4: 0, OUT_OF_PLAY: 0})
    assert view.sizes == {2: 8, 3: 5, 4: 8, OUT_OF_PLAY: 0}


@pytest.mark.rule("A48", "bg4-31")
def test_bg4_declarations_stay_unknown_during_the_play():
    # seat 1 declared run3:9D and seat 3 run4:AH, both counted, shown only after the play
    view = view_at("bg4", 2, 0)
    assert (view.seat, view.known) == (2, {1: 0, 3: 0, 4: 0, OUT_OF_PLAY: 0})
    assert view.hidden & cards("9D 8D 7D AH KH QH JH") == cards("9D 8D 7D AH KH QH JH")
