"""Ingest's rows from the compact forms against the rows from the plain record
(docs/dev/hot-path.md).

A canonical record reaches ingest as compact lines (``HandsLine``, ``PlayLane``):
the rows read the bidder's hand and the cards from them without building lists of
card texts or ``Play`` objects.  The general reader hands out the same record as
lists.  These tests ingest mutated records of every variant (breaches, claims,
penalties that stop play mid-trick, illegal cards, bela words, annotations and
comments) read both ways, and find every table equal; the plays and tricks tables
are also compared with rows built one by one from the report's records.
"""

from __future__ import annotations

import datetime as dt
import random

from support.ingest_util import reference_rows
from support.mutations import mutated_records

from ingest.bgn.reader import _read, parse_games
from ingest.bgn.writer import write_game
from ingest.events import Context, RowSink, bidding_cards, hand_features
from ingest.identity import read_identity
from replay.engine.walk import replay_game
from replay.model.cards import CARD_INDEX
from replay.model.lanes import HandsLine, PlayLane
from replay.simulate import SUPPORTED, simulate_games

CTX = Context("f.bgn", "b", dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def _mutated_texts(seed: int, count: int) -> list[str]:
    """Simulated records of every variant (with breaches), each edited one to four
    times: words that make claims, bela, annotations, comments, illegal cards and
    broken sheets."""
    rng = random.Random(seed)
    bases = [write_game(g) for v in SUPPORTED
             for g in simulate_games(v, 2, 17, max_deals=3, violation_rate=0.25)]
    words = ["bela", "rebela", "1:", "2:", "9.", "-", "claim", "rest", "game", "take",
             "AS", "JH", "7C", "pass", "score", "0", "/", "!", "?!", "{a note}", "!!"]
    return mutated_records(bases, rng, words, count)


TEXTS = _mutated_texts(20261202, 300)


def _sink(games) -> RowSink:
    sink = RowSink(CTX)
    for game in games:
        if game.errors:
            continue
        gid, canonical = read_identity(game)
        report = replay_game(game, game_id=gid)
        if not report.parse_failed:
            sink.add_game(game, report, gid, canonical)
    return sink


def _tables(sink: RowSink) -> dict:
    return {key: table.to_pylist() for key, table in sink.tables().items()}


def test_every_table_read_from_compact_lines_equals_the_general_readers():
    compact = compared = 0
    for text in TEXTS:
        lines = text.split("\n")
        fast = list(_read([list(lines)], fast_lines=True))
        slow = list(_read([list(lines)], fast_lines=False))
        compact += sum(isinstance(d.hands, HandsLine) and d.hands.compact
                       and type(d.plays) is PlayLane and d.plays.compact
                       for g in fast for d in g.deals)
        a, b = _tables(_sink(fast)), _tables(_sink(slow))
        assert a == b, text
        compared += sum(len(rows) for rows in a.values())
    assert compact > 250 and compared > 10_000, (compact, compared)


def test_plays_and_tricks_of_mutated_records_equal_rows_built_one_by_one():
    games = []
    for text in TEXTS:
        for game in _read([text.split("\n")], fast_lines=True):
            if not game.errors:
                report = replay_game(game, game_id=read_identity(game)[0])
                if not report.parse_failed:
                    games.append((game, report))
    sink = RowSink(CTX)
    for game, report in games:
        sink.add_game(game, report, report.game_id)
    tables = {key: table.to_pylist() for key, table in sink.tables().items()
              if key[0] in ("plays", "tricks")}
    assert tables == reference_rows(games)
    marked = [r for (name, _), rows in tables.items() if name == "plays" for r in rows
              if r["bela"] or r["annotation"] or r["comment"] or not r["legal"]]
    assert len(marked) > 50


def _plain_features(deal, dr) -> tuple:
    """The bidder's hand features from the lists of card texts, as the rule reads."""
    bidder, kind = dr.caller, dr.contract
    if bidder is None or kind is None:
        return None
    first = (deal.hands or {}).get(bidder)
    if not first:
        return None
    cards = [CARD_INDEX[c] for c in first[0]]
    return cards, hand_features(deal, dr)


def test_the_bidders_hand_read_from_the_line_equals_the_lists():
    seen = 0
    for v in SUPPORTED:
        for game in simulate_games(v, 3, 5, max_deals=4):
            text = write_game(game)
            (read,) = _read([text.split("\n")], fast_lines=True)
            report = replay_game(read)
            for deal, dr in zip(read.deals, report.deals, strict=True):
                assert isinstance(deal.hands, HandsLine) and deal.hands.compact
                from_line = None if dr.caller is None else bidding_cards(deal, dr.caller)
                features = hand_features(deal, dr)
                assert deal.hands.compact  # read without handing out the lists
                plain = _plain_features(deal, dr)
                if plain is None:
                    assert features[:4] == (None, None, None, None) or dr.caller is None
                    continue
                assert (from_line, features) == plain
                seen += 1
    assert seen > 40


def test_a_hands_lines_first_delivery_by_codes_until_the_lists_are_handed_out():
    """``HandsLine.first_delivery``: the cards as written while the line is compact,
    ``[]`` for a seat the line does not name, None once the lists are the record."""
    text = ('[Variant "yu4"]\n\ndeal 1 dealer 1\n'
            "hands 1: JH 7S AS 9D 8C / KC QD 7H 2: 9H TS QS KH AC / 8D 9C 7D\nbids H\n")
    (game,) = parse_games(text)
    hands = game.deals[0].hands
    assert isinstance(hands, HandsLine) and hands.compact
    assert hands.first_delivery(1) == [CARD_INDEX[c] for c in "JH 7S AS 9D 8C".split()]
    assert hands.first_delivery(2) == [CARD_INDEX[c] for c in "9H TS QS KH AC".split()]
    assert hands.first_delivery(3) == []
    assert hands[1][0] == ["JH", "7S", "AS", "9D", "8C"]  # the lists handed out
    assert hands.first_delivery(1) is None
