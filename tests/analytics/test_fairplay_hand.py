"""The fair-play statistics on a hand-made table: every number below is worked by hand.

The games are the hand-made club dataset (tests/support/club_files.py: one yu4
layout played in four deals, G1 d1, G2 d1, G2 d5 and G3 d1, and in one mk4 deal,
G4 d1).  Its tricks are led by seats 1, 4, 4, 3, 2, 4, 4, 2.  The analysis
tables are written here: one ``card_analysis`` and one ``card_single_dummy`` row
per card (the SD-contract schema), whose values depend only on the card's place
in its trick (p = 0 for the lead .. 3), with D the double-dummy best cards, S the
single-dummy best cards, x the card played:

    p = 0  D = S = {x}                 x in S and D       sd_loss 0
    p = 1  D = {x, AS}, S = {AS}       agree; x in D only   sd_loss 2
    p = 2  D = {x}, S = {AS}           seen-only; x in D    sd_loss 4
    p = 3  D = {AS}, S = {x}           seen-only; x in S    sd_loss 0 (loss 5)

(x is never AS at those places.)  The eighth trick is marked determined (left out).
Over tricks 1..7 each seat plays one place four times and the others once per deal:
seat 1 p1 x4, seat 2 p2 x4, seat 3 p3 x4, seat 4 p0 x4.  Callers' camps: G1 d1 and
G3 d1 seats 2 and 4, G2 d1 and G2 d5 seats 1 and 3.  So in yu4 (112 positions):
every place 28 times, 56 on defence and 56 as callers, each camp 14 of every place:
agree 56 (left_sd 28: d_pop 1/2), seen-only 56 (seen 28: rate 1/2), defence and
callers alike: mean sd_loss (14*2 + 14*4)/56 = 1.5, mean square (14*4 + 14*16)/56 = 5
(variance 2.75), S share 1/2, D share 3/4 (gap 0); leads: 4, every one in D.
"""

from __future__ import annotations

import math

import pytest
from support.fairplay_hand import PEEKER, POPULATION, hand_dataset

from analytics import Filters, open_dataset
from analytics.fairplay import (
    REPORT_FIELDS,
    TALLY_FIELDS,
    Tally,
    binomial_tail,
    calibrated_rate,
    report,
    report_frame,
    tallies,
)


@pytest.fixture(scope="module")
def hand(tmp_path_factory):
    a = open_dataset(hand_dataset(tmp_path_factory.mktemp("fairplay")))
    yield a
    a.close()


def by_name(tallied: list[Tally]) -> dict[tuple[str, str | None, str], Tally]:
    return {(t.kind, t.player, t.variant): t for t in tallied}


def test_tallies_count_each_kind_of_position(hand):
    got = by_name(tallies(hand))
    # the population of yu4: see the module's docstring
    assert got["population", None, "yu4"] == Tally(
        "population", None, "yu4", def_n=56, def_sd_loss=84.0, def_sd_loss_sq=280.0,
        def_sd_best=28, def_dd_best=42, call_n=56, call_sd_loss=84.0, call_sd_loss_sq=280.0,
        call_sd_best=28, call_dd_best=42, agree_n=56, left_sd=28, critical_n=56, seen=28,
        lead_n=4, lead_dd_best=4, lead_sd_loss=0.0, lead_sd_best=4)
    # Ana: seat 1 in all four yu4 deals (p1 x4, p0 p2 p3 once each), defending in G1
    # d1 and G3 d1, calling in G2 d1 and d5; she leads every deal (p0)
    per_deal = dict(n=7, loss=4 * 2 + 4, sq=4 * 4 + 16, sd_best=2, dd_best=6)
    assert got["player", "Ana", "yu4"] == Tally(
        "player", "Ana", "yu4", def_n=14, def_sd_loss=2 * per_deal["loss"],
        def_sd_loss_sq=2 * per_deal["sq"], def_sd_best=4, def_dd_best=12, call_n=14,
        call_sd_loss=24.0, call_sd_loss_sq=64.0, call_sd_best=4, call_dd_best=12,
        agree_n=20, left_sd=16, critical_n=8, seen=4, lead_n=4, lead_dd_best=4,
        lead_sd_loss=0.0, lead_sd_best=4)
    # Boris: seat 2 in G1 d1 (calling), G2 d1 and d5 (defending): p2 x4, others once;
    # seat 3 in G3 d1 (defending: callers 2 and 4): p3 x4, others once
    assert got["player", "Boris", "yu4"] == Tally(
        "player", "Boris", "yu4", def_n=21, def_sd_loss=2 * (1 * 2 + 4 * 4) + (2 + 4),
        def_sd_loss_sq=2 * (4 + 4 * 16) + (4 + 16), def_sd_best=2 * 2 + 5,
        def_dd_best=2 * 6 + 3, call_n=7, call_sd_loss=18.0, call_sd_loss_sq=68.0,
        call_sd_best=2, call_dd_best=6, agree_n=8, left_sd=4, critical_n=20, seen=13,
        lead_n=0, lead_dd_best=0, lead_sd_loss=0.0, lead_sd_best=0)
    # the pair Ana & Cveta (seats 1 and 3 of G1 and G2): p1 x4 + p3 x4 + two of each
    # other place a deal, three deals
    pair = got["partnership", "Ana & Cveta", "yu4"]
    assert (pair.cards, pair.agree_n, pair.left_sd, pair.critical_n, pair.seen) == \
        (42, 3 * 7, 3 * 5, 3 * 7, 3 * 2)
    # mk4 is a population of its own
    assert got["population", None, "mk4"].cards == 28
    assert {k for k in got if k[0] == "player" and k[2] == "mk4"} == {
        ("player", n, "mk4") for n in ("Goran", "Boris", "Hana", "Filip")}


def test_binomial_tail_by_hand():
    # P(X >= 13), X ~ B(20, 1/2): (C(20,13) + ... + C(20,20)) / 2^20
    assert binomial_tail(13, 20, 0.5) == pytest.approx(
        (77520 + 38760 + 15504 + 4845 + 1140 + 190 + 20 + 1) / 2 ** 20, rel=1e-12)
    assert binomial_tail(0, 5, 0.3) == 1.0 and binomial_tail(6, 5, 0.3) == 0.0
    assert binomial_tail(2, 2, 0.1) == pytest.approx(0.01, rel=1e-12)
    assert binomial_tail(1, 3, 0.0) == 0.0 and binomial_tail(3, 3, 1.0) == 1.0
    # above the mode (the upper tail summed) and at or below it (one minus the lower)
    for k, n, p in ((30, 30, 0.1), (9, 40, 0.1), (3, 40, 0.1), (1, 7, 0.5), (150, 300, 0.37),
                    (90, 300, 0.37), (299, 300, 0.99)):
        want = math.fsum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))
        assert binomial_tail(k, n, p) == pytest.approx(want, rel=1e-11), (k, n, p)


def test_calibration_follows_the_players_own_rate_of_leaving_the_sd_best(hand):
    got = by_name(tallies(hand))
    pop = got["population", None, "yu4"]
    # Ana leaves S at 16 of her 20 agree positions; with 20 positions at d_pop = 1/2:
    # d = (16 + 10) / 40 = 0.65, expected = 1/2 * 0.65 / (1/2)
    assert calibrated_rate(got["player", "Ana", "yu4"], pop) == pytest.approx(0.65)
    # Boris: (4 + 10) / 28 = 1/2: the population's rate
    assert calibrated_rate(got["player", "Boris", "yu4"], pop) == pytest.approx(0.5)
    # Dejan (seat 4, p0 x4): left S at 1 of 5 agree positions a deal, three deals
    assert calibrated_rate(got["player", "Dejan", "yu4"], pop) == pytest.approx(
        0.5 * ((3 + 10) / (15 + 20)) / 0.5)


def test_report_rows_worked_by_hand(hand):
    rows = {(r["kind"], r["player"]): r for r in report(tallies(hand), min_cards=15,
                                                          min_test_n=5)}
    # kept: four players with 21 or 28 positions and the two pairs of G1/G2 (42);
    # Elena, Filip, Ana & Boris, Elena & Filip (7 or 14) and all of mk4 are left out
    assert list(rows) == [("player", "Ana"), ("player", "Boris"), ("player", "Cveta"),
                          ("player", "Dejan"), ("partnership", "Ana & Cveta"),
                          ("partnership", "Boris & Dejan")]
    ana, boris = rows["player", "Ana"], rows["player", "Boris"]
    sd = math.sqrt(2.75)
    assert ana["defence_sd_loss"] == pytest.approx(24 / 14)
    assert ana["defence_sd_loss_pop"] == pytest.approx(1.5)
    assert ana["defence_sd_loss_z"] == pytest.approx((1.5 - 24 / 14) / (sd / math.sqrt(14)))
    assert ana["defence_sd_best"] == pytest.approx(4 / 14)
    assert ana["defence_sd_best_z"] == pytest.approx((4 - 7) / math.sqrt(14 * 0.25))
    assert (ana["critical"], ana["seen_only"], ana["seen_only_rate"]) == (8, 4, 0.5)
    assert ana["seen_only_expected"] == pytest.approx(0.65)
    assert ana["seen_only_z"] == pytest.approx((4 - 8 * 0.65) / math.sqrt(8 * 0.65 * 0.35))
    assert ana["seen_only_z_pop"] == pytest.approx(0.0)
    # leads: 4 < 5 (the test's minimum): shown, not tested; the population's rate is 1
    assert (ana["leads"], ana["lead_dd_rate"], ana["lead_dd_pop"], ana["lead_dd_z"],
            ana["lead_dd_p"]) == (4, 1.0, 1.0, None, None)
    # defence and calling alike for Ana, and in the population: gap 0, z 0
    assert (ana["gap"], ana["gap_pop"], ana["gap_z"]) == (0.0, 0.0, 0.0)
    assert ana["gap_p"] == pytest.approx(0.5)
    # Boris: 13 of 20 seen-only positions in D, expected 1/2
    assert boris["seen_only_p"] == pytest.approx(137980 / 2 ** 20)
    assert boris["seen_only_z"] == pytest.approx(3 / math.sqrt(5))
    # Boris's gap: D share 15/21 on defence, 6/7 calling, against 3/4 and 3/4
    se = math.sqrt(0.75 * 0.25 / 21 + 0.75 * 0.25 / 7)
    assert boris["gap"] == pytest.approx(15 / 21 - 6 / 7)
    assert boris["gap_z"] == pytest.approx((15 / 21 - 6 / 7) / se)
    # tests run: a seen-only and a gap test for each of the six rows (no lead test)
    assert {r["tests"] for r in rows.values()} == {12}
    assert ana["alpha"] == pytest.approx(0.001 / 12)
    assert not any(r["flagged"] for r in rows.values())
    assert list(ana) == list(REPORT_FIELDS)


def test_flag_at_the_bonferroni_threshold():
    """One player who reaches D at 30 of 30 seen-only positions where the population
    reaches 1 in 10, with the same rate of leaving S: p = 0.1^30, far below 0.001/T."""
    pop, peeker = POPULATION, PEEKER
    honest = Tally("player", "H", "yu4", 100, 100.0, 200.0, 50, 75, 100, 100.0, 200.0,
                   50, 75, 150, 75, 30, 3, 10, 8, 0.0, 10)
    rows = {r["player"]: r for r in report([pop, peeker, honest], min_cards=100,
                                           min_test_n=10)}
    p = rows["P"]
    assert p["seen_only_expected"] == pytest.approx(0.1)
    assert p["seen_only_p"] == pytest.approx(0.1 ** 30)
    # tests: seen-only, leads and gap for both players
    assert p["tests"] == 6 and p["alpha"] == pytest.approx(0.001 / 6)
    assert p["seen_only_flag"] and p["flagged"]
    assert (p["lead_dd_flag"], p["gap_flag"]) == (False, False)
    assert not rows["H"]["flagged"] and rows["H"]["seen_only_p"] == pytest.approx(
        binomial_tail(3, 30, 0.1))


def test_filters_and_the_frame(hand):
    df = report_frame(hand, Filters(variants=["mk4"]), min_cards=1)
    assert df.columns == list(REPORT_FIELDS)
    assert df.filter(df["kind"] == "player")["player"].to_list() == [
        "Boris", "Filip", "Goran", "Hana"]
    assert set(df["variant"]) == {"mk4"}
    # a date range without games: nothing to report
    import datetime as dt

    assert report_frame(hand, Filters(date_from=dt.date(2030, 1, 1))).height == 0


def test_metrics_read_the_same_positions(hand):
    acc = hand.query("sd_accuracy", ["player", "role"], Filters(variants=["yu4"]))
    ana = {r["role"]: r for r in acc.to_dicts() if r["player"] == "Ana"}
    assert ana["defence"] == {"player": "Ana", "role": "defence", "cards": 14,
                              "avg_sd_loss": pytest.approx(24 / 14),
                              "sd_best_rate": pytest.approx(4 / 14),
                              "dd_best_rate": pytest.approx(12 / 14)}
    fp = hand.query("fairplay", ["variant"])
    assert fp.columns[:3] == ["variant", "kind", "player"]


def _league_member(name: str, left: int, seen: int) -> Tally:
    """A player with 1,000 agreeing positions (``left`` of them played outside S) and
    300 seen-only ones (``seen`` of them played to a D card); 1,300 positions split
    evenly between the camps, every one a D card half the time."""
    return Tally("player", name, "yu4", 650, 650.0, 1300.0, 325, 325, 650, 650.0, 1300.0,
                 325, 325, 1000, left, 300, seen, 0, 0, 0.0, 0)


def test_calibration_spares_an_unusual_honest_style():
    """A league worked by hand: 38 players who leave S at 3 agreeing positions in 10 and,
    honestly, reach D at 0.3 * 0.4 = 12% of seen-only positions (36 of 300); one honest
    player of an unusual style who leaves S twice as often and so reaches D twice as often
    (600 and 72); one who plays like the 38 but sees the hands at a quarter of the seen-only
    positions (36 * 0.75 + 75 = 102).  Against the population's rate the unusual honest
    player stands out far beyond the flag line; the calibrated expectation leaves him alone and
    flags the one who sees."""
    members = [_league_member(f"P{i:02}", 300, 36) for i in range(38)]
    members += [_league_member("Style", 600, 72), _league_member("Sees", 300, 102)]
    pop = Tally("population", None, "yu4", *(
        sum(getattr(t, f) for t in members) for f in TALLY_FIELDS[3:]))
    rows = {r["player"]: r for r in report([pop, *members], min_cards=1300)}
    seen_pop = (38 * 36 + 72 + 102) / (40 * 300)
    d_pop = (39 * 300 + 600) / 40_000
    style, sees = rows["Style"], rows["Sees"]
    assert style["seen_only_pop"] == pytest.approx(seen_pop)
    # against the population alone: z = (72 - 300 p) / sqrt(300 p (1 - p)), about 5.4
    assert style["seen_only_z_pop"] == pytest.approx(
        (72 - 300 * seen_pop) / math.sqrt(300 * seen_pop * (1 - seen_pop)))
    assert style["seen_only_z_pop"] > style["z_threshold"]
    # calibrated: d = (600 + 20 d_pop) / 1020, expected = seen_pop * d / d_pop
    expected = seen_pop * ((600 + 20 * d_pop) / 1020) / d_pop
    assert style["seen_only_expected"] == pytest.approx(expected)
    assert not style["seen_only_flag"] and not style["flagged"]
    assert sees["seen_only_flag"] and sees["flagged"]
    assert [r["player"] for r in rows.values() if r["flagged"]] == ["Sees"]
    # 40 players, one seen-only test and one gap test each (no leads)
    assert style["tests"] == 80
