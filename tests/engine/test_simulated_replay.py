"""Simulated games through writer, reader and engine (property tests).

- A clean simulated game replays with zero violations and exactly the scores,
  totals and result the simulator wrote.
- Every injected violation is found with its code at the card (or declaration)
  that carries the ``injected`` note, and nothing else is reported.
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ingest.bgn.reader import parse_games
from ingest.bgn.writer import write_game
from replay.engine.walk import replay_game
from replay.model.cards import CARD_TEXT
from replay.model.variants import table_facts
from replay.simulate import SUPPORTED, simulate_games

VARIANTS = st.sampled_from(SUPPORTED)
SEEDS = st.integers(min_value=0, max_value=2**31)


def through_text(game):
    text = write_game(game)
    (parsed,) = list(parse_games(text))
    assert not parsed.errors, parsed.errors
    return parsed, replay_game(parsed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=VARIANTS, seed=SEEDS)
def test_clean_games_replay_clean_with_the_written_scores(variant, seed):
    (game,) = simulate_games(variant, 1, seed)
    parsed, report = through_text(game)
    assert report.violations == []
    assert report.result == parsed.result
    for deal, dr in zip(parsed.deals, report.deals, strict=True):
        assert [v or 0 for v in deal.score.values] == dr.score
        assert list(deal.total.values) == dr.total


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=VARIANTS, seed=SEEDS)
def test_injected_violations_are_found_at_their_place(variant, seed):
    (game,) = simulate_games(variant, 1, seed, violation_rate=0.3)
    parsed, report = through_text(game)
    expected = set()
    for index, deal in enumerate(parsed.deals, start=1):
        for play in deal.plays or []:
            if play.comment and play.comment.startswith("injected "):
                expected.add((play.comment.split()[1], play.pos, index))
    for note in parsed.comments:  # "injected A501 in deal 3 seat 2" / "injected S601 in deal 4"
        words = note.split()
        code, deal_no = words[1], int(words[4])
        deal = parsed.deals[deal_no - 1]
        if code == "A501":
            seat = int(words[6])
            comb = deal.declare[seat][-1]
            expected.add(("A501", comb.pos, deal_no))
        else:
            expected.add(("S601", deal.score.value_pos[0], deal_no))
    got = {(v.code, (v.line, v.col), v.deal) for v in report.violations}
    assert got == expected


def test_injection_covers_every_kind():
    """The generator really injects each kind (so the property above is not vacuous)."""
    from collections import Counter

    kinds = Counter()
    for variant in ("yu4", "mk4"):
        for game in simulate_games(variant, 20, 11, violation_rate=0.3):
            _, report = through_text(game)
            kinds.update(v.code for v in report.violations)
    assert set(kinds) == {"C401", "C402", "C403", "A501", "S601"}


def test_simulation_is_deterministic():
    a = [write_game(g) for g in simulate_games("yu4", 3, 5, violation_rate=0.1)]
    b = [write_game(g) for g in simulate_games("yu4", 3, 5, violation_rate=0.1)]
    assert a == b


def _materialized(game):
    """The same record with every deal's plays as a plain list of Play objects and
    its hands as a plain dict of lists."""
    for deal in game.deals:
        if deal.plays is not None:
            deal.plays = list(deal.plays)
        if deal.hands is not None:
            deal.hands = {seat: [list(d) for d in dl] for seat, dl in deal.hands.items()}
    return game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=VARIANTS, seed=SEEDS, swaps=st.lists(st.integers(0, 10**6), min_size=1,
                                                     max_size=4))
def test_compact_plays_and_play_objects_replay_to_the_same_report(variant, seed, swaps):
    """The engine reads a reader's compact PlayLane without building Play objects;
    with cards swapped between trick lines (revokes, cards not held, out of turn)
    it must report exactly what it reports from the same record as Play objects:
    every code, place, deal, trick and seat, and every figure."""
    (game,) = simulate_games(variant, 1, seed, max_deals=3)
    lines = write_game(game, comments=False).split("\n")
    tricks = [i for i, x in enumerate(lines) if x[:1].isdigit() or x.startswith("play ")]
    for s in swaps:
        if len(tricks) < 2:
            break
        a, b = tricks[s % len(tricks)], tricks[(s // 7) % len(tricks)]
        ta, tb = lines[a].split(" "), lines[b].split(" ")
        i, j = len(ta) - 1 - s % 2, len(tb) - 1 - (s // 3) % 2
        ta[i], tb[j] = tb[j], ta[i]
        lines[a], lines[b] = " ".join(ta), " ".join(tb)
    text = "\n".join(lines)
    (compact,) = parse_games(text)
    (plain,) = parse_games(text)
    # (a game of passed-out deals, or swaps that moved a bela word, has no lane left)
    assume(any(type(d.plays).__name__ == "PlayLane" and d.plays.compact for d in compact.deals
               if d.plays))
    one, two = replay_game(compact), replay_game(_materialized(plain))
    assert one.to_json() == two.to_json()
    assert [(d.plays, d.tricks, d.card_points) for d in one.deals] == [
        (d.plays, d.tricks, d.card_points) for d in two.deals]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=VARIANTS, seed=SEEDS)
def test_the_plays_listed_on_demand_are_the_cards_as_the_seats_played_them(variant, seed):
    """``DealReport.plays`` is built from the cards and the tricks only when asked:
    each written card in order, by the seat whose turn it was (each seat once per
    trick, the leader being the previous trick's winner), its trick number, legal
    unless a finding names its seat and trick; a legal card comes from its seat's
    hand (the seats are checked against the cards, not against the engine's own
    bookkeeping)."""
    (game,) = simulate_games(variant, 1, seed, violation_rate=0.05)
    parsed, report = through_text(game)
    n = table_facts(variant).players
    flagged = {(v.deal, v.trick, v.seat) for v in report.violations}
    for index, (deal, dr) in enumerate(zip(parsed.deals, report.deals, strict=True), start=1):
        plays = dr.plays
        assert dr.play_count == len(plays)
        written = [p.card for p in deal.plays or []][:len(plays)]
        assert [CARD_TEXT[card] for _, card, _, _, _ in plays] == written
        for k, (seat, card, trick, legal, _bela) in enumerate(plays):
            assert trick == k // n + 1
            if legal and dr.hands:
                assert dr.hands[seat] >> card & 1, (index, k)
            if not legal:
                assert (index, trick, seat) in flagged
        for j, t in enumerate(dr.tricks):
            assert [s for s, _, tr, _, _ in plays if tr == t.number] == list(t.seats)
            assert j == 0 or t.leader == dr.tricks[j - 1].winner


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=VARIANTS, seed=SEEDS, edits=st.lists(st.integers(0, 10**6), min_size=1,
                                                    max_size=4))
def test_a_hands_line_read_whole_and_its_lists_replay_to_the_same_report(variant, seed, edits):
    """The engine reads a hands line the reader kept whole (``HandsLine``) by its
    cards' codes; with cards copied over others, within a seat, between seats and
    between deals (a card twice, cards missing, a seat's cards out of order) it must
    report exactly what it reports from the same hands as lists: every code (D201,
    D202 and all that follows), place and figure."""
    from replay.model.lanes import HandsLine

    (game,) = simulate_games(variant, 1, seed, max_deals=3)
    lines = write_game(game, comments=False).split("\n")
    hands = [i for i, x in enumerate(lines) if x.startswith("hands ")]
    for e in edits:
        a, b = hands[e % len(hands)], hands[(e // 5) % len(hands)]
        ta, tb = lines[a].split(" "), lines[b].split(" ")
        cards_a = [k for k, t in enumerate(ta) if len(t) == 2 and t[1] in "SHDC"]
        cards_b = [k for k, t in enumerate(tb) if len(t) == 2 and t[1] in "SHDC"]
        i, j = cards_a[(e // 3) % len(cards_a)], cards_b[(e // 11) % len(cards_b)]
        ta[i] = tb[j]  # a copy over another card: one twice, one missing
        lines[a] = " ".join(ta)
    text = "\n".join(lines)
    (compact,) = parse_games(text)
    (plain,) = parse_games(text)
    assert all(type(d.hands) is HandsLine and d.hands.compact
               for d in compact.deals if d.hands is not None)
    one, two = replay_game(compact), replay_game(_materialized(plain))
    assert one.to_json() == two.to_json()
    assert [(d.hands, d.card_points) for d in one.deals] == [
        (d.hands, d.card_points) for d in two.deals]
