"""The engine's lean forms against what they stand for (docs/dev/hot-path.md).

The play loop keeps a trick's winner and points instead of a row, takes cards out
of the hands through one mask, makes the bela book and the set of illegal cards
only when needed, and compares the score sheet through each number's whole
value.  These tests pin each to the plain form it replaces: the rows, plays and
tricks a report lists on demand, whole reports of both read paths on mutated
records of every variant, a card two hands hold, and the sheet comparison.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from support.mutations import mutate_lines

from ingest.bgn.reader import _read, parse_games
from ingest.bgn.writer import write_game
from replay.engine.report import NO_CARDS, SEATS_FROM
from replay.engine.sheet import _same_numbers
from replay.engine.walk import replay_game
from replay.model.lanes import CallLane, PlayLane
from replay.simulate import SUPPORTED, simulate_games


def _mutated_texts(seed: int, count: int) -> list[str]:
    """Simulated records of every variant (with breaches), each edited one to four
    times as the reader's agreement test edits them."""
    rng = random.Random(seed)
    bases = [write_game(g) for v in SUPPORTED
             for g in simulate_games(v, 1, 9, max_deals=3, violation_rate=0.2)]
    words = ["bela", "rebela", "1:", "2:", "9.", "-", "claim", "rest", "take", "swap",
             "discard", "AS", "JH", "7C", "pass", "score", "0", "/"]
    out = list(bases)
    for _ in range(count):
        lines = mutate_lines(rng.choice(bases).split("\n"), rng, words, rng.randint(1, 4))
        out.append("\n".join(lines))
    return out


TEXTS = _mutated_texts(20261202, 400)


def test_both_read_paths_give_equal_reports_on_mutated_records():
    """The compact lane (cards as ints, no Play objects) and the general reader's
    Plays lead to equal reports: every DealReport field, the rows, plays and tricks
    made on demand, the tally, and the JSON line."""
    lanes = compared = call_lanes = 0
    for text in TEXTS:
        lines = text.split("\n")
        fast = list(_read([list(lines)], fast_lines=True))
        slow = list(_read([list(lines)], fast_lines=False))
        for f, g in zip(fast, slow, strict=True):
            # calls the engine reads by their bids line's text and items
            call_lanes += sum(type(d.bids) is CallLane and d.bids.compact for d in f.deals)
            a, b = replay_game(f), replay_game(g)
            assert a.json_line() == b.json_line(), text
            assert a.deals == b.deals, text
            for x, y in zip(a.deals, b.deals, strict=True):
                assert (x.trick_rows, x.tricks, x.plays, x.hands, x.tally) == (
                    y.trick_rows, y.tricks, y.plays, y.hands, y.tally), text
                compared += 1
            if not f.errors:
                lanes += sum(type(d.plays) is PlayLane and d.plays.compact for d in f.deals)
    assert compared > 250 and lanes > 200  # most deals' cards were read as compact lanes
    assert call_lanes > 200  # and most deals' calls


def test_rows_plays_and_tricks_made_on_demand_are_the_play():
    """Each deal's trick rows, plays and TrickRecords, made from the compact form
    when asked, tell one story: trick j holds cards n*j … n*j+n-1 in turn order
    from the last trick's winner, the plays carry those seats and trick numbers,
    and a card is illegal exactly where the report says so."""
    deals = illegal = 0
    for text in TEXTS:
        for game in parse_games(text):
            for dr in replay_game(game).deals:
                played = dr.played
                if played is None:
                    assert dr.trick_rows == dr.tricks == dr.plays == [] and dr.trick_count == 0
                    continue
                n, rows, plays = played.n, dr.trick_rows, dr.plays
                assert dr.trick_count == len(rows) == len(played.winners)
                assert len(plays) == played.count and played.count >= n * len(rows)
                leader = played.first
                for j, (number, lead, seats, cards, winner, points) in enumerate(rows):
                    assert (number, lead, seats) == (j + 1, leader, SEATS_FROM[n][leader])
                    assert cards == played.cards[n * j:n * j + n]
                    assert winner in seats and points == played.points[j]
                    t = dr.tricks[j]
                    assert (t.number, t.leader, t.seats, t.cards, t.winner, t.points) == (
                        number, lead, seats, cards, winner, points)
                    leader = winner
                for k, (seat, card, trick, legal, _) in enumerate(plays):
                    j = k // n
                    lead = rows[j][1] if j < len(rows) else leader
                    assert (seat, card, trick) == (SEATS_FROM[n][lead][k % n],
                                                   played.cards[k], j + 1)
                    assert legal == (k not in played.illegal)
                begun = [row[1] for row in rows] + ([leader] if played.count > n * len(rows)
                                                    else [])
                assert played.leaders() == begun
                illegal += len(played.illegal)
                if not played.illegal:
                    assert played.illegal is NO_CARDS  # no set made for a clean play
                deals += 1
    assert deals > 250 and illegal > 30


HU2 = """[Variant "hu2"]
[Target "7"]

deal 1 dealer 2
hands 1: JS QS 7H 8H JH KH 7D 9D / 7S TD JD 7C 2: 8S QH 8D QD 8C 9C JC AC / KS 9H AH AD
turn QC
talon TC TS AS 9S TH KC KD
bids pass take
exchange 1: swap 7C take {take} discard 7S
play 1. {lead} AC
"""


def test_a_card_two_hands_hold_leaves_only_the_hand_that_plays_it():
    """A broken exchange (seat 1 takes AC, which seat 2 holds) puts a card in two
    hands.  Played, it leaves the hand that played it and only that one, as the
    record is written: seat 2 still holds its AC after seat 1 led it."""
    (game,) = parse_games(HU2.format(take="AC", lead="AC"))
    found = {(v.code, v.trick, v.seat) for v in replay_game(game).violations}
    assert ("B303", None, 1) in found  # AC is not the top of the stock
    assert not any(code == "D203" for code, _, _ in found), found
    # without the broken take seat 1 never held AC: its AC is D203 and leaves the
    # hand that holds it, so seat 2's AC is D203 too
    (game,) = parse_games(HU2.format(take="TC", lead="AC"))
    found = {(v.code, v.trick, v.seat) for v in replay_game(game).violations}
    assert {("D203", 1, 1), ("D203", 1, 2)} <= found


W = Decimal


@pytest.mark.parametrize(("written", "engine"), [
    ([W(81), W(81)], [81, 81]),
    ([W(81), W(80)], [81, 81]),
    ([W(0), W(162)], [0, 162]),
    ([W("81.0"), W("1E+1")], [81, 10]),
    ([None, W(5)], [0, 5]),
    ([W(5)], [5, 0]),
    ([W(5), W(0), W(1)], [5, 0]),
    ([W("97.5"), W(65)], [W("97.5"), 65]),
    ([W("97.5"), W(65)], [97, 65]),
    ([W(97), W(65)], [W("97.5"), 65]),
    ([W(-10), W(-2)], [-10, -2]),
    ([W(-1), W(-2)], [-2, -1]),
    ([W(10001), W(20000)], [10001, 20000]),
    ([W("Infinity")], [0]),
    ([W("NaN")], [0]),
    ([], []),
])
def test_sheet_numbers_compare_as_the_lists_do(written, engine):
    assert _same_numbers(written, engine) == (written == engine)
    assert _same_numbers(written, engine) == (written == engine)  # the remembered values


def test_sheet_numbers_compare_as_the_lists_do_at_random():
    rng = random.Random(5)
    pool: list[Decimal | None] = [None, W("0.5"), W("-2.5"), W("81.00")]
    for _ in range(3000):
        size = rng.randint(0, 4)
        engine: list[int | Decimal] = [rng.choice([rng.randint(-30, 30), W(rng.randint(-9, 9)) / 2])
                                       for _ in range(size)]
        written = [rng.choice([W(v) if type(v) is int else v for v in engine] + pool)
                   if rng.random() < 0.5 else (W(v) if type(v) is int else v) for v in engine]
        if rng.random() < 0.1:
            written.append(W(rng.randint(0, 3)))
        assert _same_numbers(written, engine) == (written == engine), (written, engine)
