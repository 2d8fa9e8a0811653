"""The canonical writer and the identities (docs/bgn/canonical.md)."""

from __future__ import annotations

import hashlib
import io
from decimal import Decimal

import pytest

from ingest.bgn.reader import parse_games
from ingest.bgn.writer import deal_id, format_number, game_id, write_game, write_games
from replay.model.elements import Call, Claim, Play
from replay.model.record import Deal, Game, ScoreLine

MESSY = """\
[Source "club log"]
; among the tags: dropped
[Zeta "z"]
[Result "*"]
[alpha "a \\"q\\" \\\\"]
[Seat2 "Ana"]
[Variant "hu3"]
[Event "Night"]
[GameId "g1"]
{ first   game
  comment }   {second}
deal 1 dealer 3
hands 3: ac 9d / 7h 1: A\u2665 7S 2: kd qd
turn 10c
talon jc qc
bids 1:take {solo}
announce 1: ABSOLUT
exchange 1: swap 7s take tc 1: discard 8s 9s 2: take jc
declare 3: run3:ac 1: - 2: CARRE:j
announce 1: betl
play 1: claim game 1.AS? 8H 9D 2.  KH bela rebela {ok} 3:QH! JH 3. 7C
score 97.50 - -16 hang 0010
total 1.0 -0 3
result 2
"""

CANONICAL = """\
[Variant "hu3"]
[Event "Night"]
[Seat2 "Ana"]
[Result "*"]
[GameId "g1"]
[Source "club log"]
[Zeta "z"]
[alpha "a \\"q\\" \\\\"]

{first game comment}
{second}
deal 1 dealer 3
hands 1: 7S AH 2: QD KD 3: 9D AC / 7H
turn TC
talon JC QC
bids 1:take {solo}
announce 1: absolut
exchange 1: swap 7S take TC discard 8S 9S 2: take JC
declare 1: - 2: carre:J 3: run3:AC
announce 1: betl
play 1: claim game 1. AS? 8H 9D
2. KH bela rebela {ok} 3:QH! JH
3. 7C
score 97.5 - -16 hang 10
total 1 0 3
result 2
"""


def test_messy_record_to_canonical_text():
    (g,) = parse_games(MESSY)
    assert g.errors == []
    assert write_game(g) == CANONICAL
    (again,) = parse_games(CANONICAL)
    assert write_game(again) == CANONICAL


def test_canonical_layout_of_a_yu4_game():
    text = ('[Variant "yu4"] [Event "E"]\ndeal 1 dealer 4 bids pass H declare 2: run3:AS '
            'play 1. JH 7D QH bela 8C 2. 9H AS TH 7C 3. KS 2: claim rest score 102 60 '
            'total 102 60 result *')
    (g,) = parse_games(text)
    assert write_game(g) == """\
[Variant "yu4"]
[Event "E"]

deal 1 dealer 4
bids pass H
declare 1: - 2: run3:AS 3: - 4: -
play 1. JH 7D QH bela 8C
2. 9H AS TH 7C
3. KS 2: claim rest
score 102 60
total 102 60
result *
"""


def test_trick_numbers_written_where_read_and_positional_elsewhere():
    (g,) = parse_games("deal 1 dealer 1 bids H play JH 7D 5. QH 8C 9H 7. AS TH 7C 9C result *")
    assert write_game(g).split("\n")[2:5] == [
        "play 1. JH 7D 5. QH 8C", "2. 9H 7. AS TH 7C", "3. 9C"]


def test_claim_on_the_line_of_the_trick_it_follows():
    (g,) = parse_games("deal 1 dealer 1 bids H play 1. JH 7D QH 8C 4: claim game 2. 9H "
                      "result *")
    assert write_game(g).split("\n")[2:4] == ["play 1. JH 7D QH 8C 4: claim game", "2. 9H"]
    (g,) = parse_games("deal 1 dealer 1 bids H play 1: claim rest result *")
    assert write_game(g).split("\n")[2] == "play 1: claim rest"


def test_comment_braces_become_parentheses_and_comments_can_be_left_out():
    (g,) = parse_games("deal 1 dealer 1 bids H ; a } b\nplay JH {x} result *")
    assert g.deals[0].bids[0].comment == "a } b"
    assert write_game(g) == "deal 1 dealer 1\nbids H {a ) b}\nplay 1. JH {x}\nresult *\n"
    assert write_game(g, comments=False) == "deal 1 dealer 1\nbids H\nplay 1. JH\nresult *\n"


def test_nothing_is_added_no_result_no_tags_and_no_inferred_passes():
    (g,) = parse_games("deal 1 dealer 2 bids pass")
    assert write_game(g) == "deal 1 dealer 2\nbids pass\n"
    assert write_game(Game()) == ""


@pytest.mark.parametrize("value, text", [
    (None, "-"), (Decimal("98"), "98"), (Decimal("98.0"), "98"), (Decimal("97.50"), "97.5"),
    (Decimal("-16"), "-16"), (Decimal("-0"), "0"), (Decimal("007"), "7"),
    (Decimal("0.25"), "0.25"), (Decimal("1E+3"), "1000"), (12, "12"), (97.5, "97.5"),
])
def test_number_formatting(value, text):
    assert format_number(value) == text


def test_write_games_separates_games_by_one_empty_line_and_ends_with_one_lf():
    games = list(parse_games('[Variant "yu4"]\nresult A\n\n\n[Variant "yu3"]\n\nresult 2\n\n\n'))
    out = io.StringIO()
    assert write_games(games, out) == 2
    assert out.getvalue() == '[Variant "yu4"]\n\nresult A\n\n[Variant "yu3"]\n\nresult 2\n'
    empty = io.StringIO()
    assert write_games([], empty) == 0 and empty.getvalue() == ""


def test_records_built_in_code_are_written_too():
    deal = Deal(3, 2, bids=[Call("90H", seat=3)],
                plays=[Play("AS", trick=1), Play("KS", seat=4, annotation="!!")],
                claim=Claim(1, "rest", 2),
                score=ScoreLine([Decimal(5), None], hang=Decimal("2.5")))
    g = Game(tags={"Variant": "contree", "Rules": "x=y"}, deals=[deal], result="B")
    assert write_game(g) == ('[Variant "contree"]\n[Rules "x=y"]\n\ndeal 3 dealer 2\n'
                             'bids 3:90H\nplay 1. AS 4:KS!! 1: claim rest\nscore 5 - hang 2.5\n'
                             'result B\n')


def test_game_id_ignores_comments_and_layout():
    a = list(parse_games('[Variant "yu4"]\n{c}\ndeal 1 dealer 1 bids H {x} play JH {y} result *'))
    b = list(parse_games('[Variant "yu4"]\ndeal 1\ndealer 1\nbids h\nplay 1. jh\nresult *\n'))
    assert game_id(a[0]) == game_id(b[0])
    expected = hashlib.sha256(b'[Variant "yu4"]\n\ndeal 1 dealer 1\nbids H\nplay 1. JH\n'
                              b'result *\n').hexdigest()
    assert game_id(a[0]) == expected
    assert game_id(a[0]) != game_id(list(parse_games('[Variant "yu4"]\nresult *'))[0])


def test_deal_id_covers_variant_dealer_layout_only():
    (g,) = parse_games('[Variant "ru3"]\ndeal 1 dealer 2 hands 2: AS 7S / 9H 1: KD turn 7C '
                      'talon 8C 9C bids take play KD result *')
    d = g.deals[0]
    want = hashlib.sha256(
        b"ru3\n2\n1: KD\n2: 7S AS / 9H\nturn 7C\ntalon 8C 9C\n").hexdigest()
    assert deal_id(g, d) == want
    (h,) = parse_games('[Variant "ru3"]\n[Event "other table"]\ndeal 5 dealer 2 hands '
                      '1: KD 2: 7S AS / 9H turn 7C talon 8C 9C bids take result *')
    assert deal_id(h, h.deals[0]) == want
    (no_hands,) = parse_games("deal 1 dealer 1 result *")
    assert deal_id(no_hands, no_hands.deals[0]) is None
