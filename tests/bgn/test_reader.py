"""The BGN reader: every syntactic form of docs/bgn/game.md and docs/bgn/reading.md, with exact
values and places, error recovery, and the streaming sources."""

from __future__ import annotations

import gzip
import io
from decimal import Decimal
from pathlib import Path

import pytest

from ingest.bgn.reader import _read, parse_game, parse_games, read_games, scan_headers
from replay.model.elements import NOPOS
from replay.model.record import ParseError

EXAMPLE = """\
[Event "Club night"]
[Date "2026.11.27"]
[Variant "yu4"]
[Seat1 "Marko"]
[Result "*"]

{ a game   comment }
deal 1 dealer 4
hands 1: JH 9H AH 7S 8S 9S / TH KD
      2: AS TS KS 7D 8D 9D / QS JS
      3: 7H 8H QH KH AC TC / KC QC
      4: AD TD QD JD JC 9C / 8C 7C
bids pass H                         ; seat 1 passes, seat 2 names hearts
declare 1: - 2: run5:AS 3: - 4: -
play 1. JH 7D QH bela 8C {nice}
     2. 9H AS TH 7C
score 102 - hang 7.5
total 102 60
result *
"""


def one(text: str):
    games = list(parse_games(text))
    assert len(games) == 1
    return games[0]


def clean(text: str):
    g = one(text)
    assert g.errors == []
    return g


def error(text: str) -> ParseError:
    g = one(text)
    assert len(g.errors) == 1, g.errors
    return g.errors[0]


def test_example_record_every_value_and_place():
    g = clean(EXAMPLE)
    assert g.tags == {"Event": "Club night", "Date": "2026.11.27", "Variant": "yu4",
                      "Seat1": "Marko", "Result": "*"}
    assert g.tag_pos == {"Event": (1, 1), "Date": (2, 1), "Variant": (3, 1), "Seat1": (4, 1),
                         "Result": (5, 1)}
    assert g.comments == ["a game comment"]
    assert g.index == 1 and g.line == 1
    assert g.movetext_pos == (8, 1)
    assert g.result == "*" and g.result_pos == (19, 8)
    assert g.source_text == EXAMPLE
    (d,) = g.deals
    assert (d.number, d.dealer, d.pos, d.number_pos) == (1, 4, (8, 1), (8, 6))
    assert d.hands == {
        1: [["JH", "9H", "AH", "7S", "8S", "9S"], ["TH", "KD"]],
        2: [["AS", "TS", "KS", "7D", "8D", "9D"], ["QS", "JS"]],
        3: [["7H", "8H", "QH", "KH", "AC", "TC"], ["KC", "QC"]],
        4: [["AD", "TD", "QD", "JD", "JC", "9C"], ["8C", "7C"]],
    }
    assert d.hands_pos == (9, 1)
    assert d.hand_seat_pos == {1: (9, 7), 2: (10, 7), 3: (11, 7), 4: (12, 7)}
    assert d.hand_card_pos[1] == [(9, 10), (9, 13), (9, 16), (9, 19), (9, 22), (9, 25),
                                  (9, 30), (9, 33)]
    assert [(c.call, c.seat, c.comment, c.pos) for c in d.bids] == [
        ("pass", None, None, (13, 6)),
        ("H", None, "seat 1 passes, seat 2 names hearts", (13, 11)),
    ]
    assert d.bids_pos == (13, 1)
    assert {s: [(c.text, c.pos) for c in cs] for s, cs in d.declare.items()} == {
        1: [], 2: [("run5:AS", (14, 17))], 3: [], 4: []}
    assert d.declare_pos == (14, 1)
    assert d.declare_seat_pos == {1: (14, 9), 2: (14, 14), 3: (14, 25), 4: (14, 30)}
    assert d.play_pos == (15, 1)
    assert [(p.card, p.trick, p.trick_pos, p.pos, p.bela, p.bela_pos, p.comment)
            for p in d.plays] == [
        ("JH", 1, (15, 6), (15, 9), None, NOPOS, None),
        ("7D", None, NOPOS, (15, 12), None, NOPOS, None),
        ("QH", None, NOPOS, (15, 15), "bela", (15, 18), None),
        ("8C", None, NOPOS, (15, 23), None, NOPOS, "nice"),
        ("9H", 2, (16, 6), (16, 9), None, NOPOS, None),
        ("AS", None, NOPOS, (16, 12), None, NOPOS, None),
        ("TH", None, NOPOS, (16, 15), None, NOPOS, None),
        ("7C", None, NOPOS, (16, 18), None, NOPOS, None),
    ]
    assert d.claim is None
    assert d.score.values == [Decimal(102), None]
    assert d.score.pos == (17, 1) and d.score.value_pos == [(17, 7), (17, 11)]
    assert d.score.hang == Decimal("7.5") and d.score.hang_pos == (17, 18)
    assert d.total.values == [Decimal(102), Decimal(60)] and d.total.hang is None
    assert d.total.value_pos == [(18, 7), (18, 11)]


def test_both_read_paths_give_the_same_example():
    fast = list(_read([EXAMPLE.split("\n")], fast_lines=True))
    slow = list(_read([EXAMPLE.split("\n")], fast_lines=False))
    assert fast == slow


# ---------------------------------------------------------------------- spellings


@pytest.mark.parametrize("spelling", [
    "TH", "th", "Th", "10H", "10h", "T\u2665", "10\u2665", "10\u2665\ufe0f", "t\u2665\ufe0f",
])
def test_card_spellings(spelling):
    g = clean(f"deal 1 dealer 1 bids H play {spelling} result *")
    assert g.deals[0].plays[0].card == "TH"


def test_keywords_and_calls_are_case_insensitive():
    g = clean("DEAL 1 Dealer 2 BIDS Pass nt Xx 90h capotc Take PLAY 1. AS RESULT a")
    d = g.deals[0]
    assert [c.call for c in d.bids] == ["pass", "NT", "XX", "90H", "capotC", "take"]
    assert g.result == "A"


def test_calls_with_symbols_and_point_bids_that_look_like_cards():
    g = clean("deal 1 dealer 1 bids \u2665 90\u2660 7S 10H 080D capot\u2666\ufe0f result *")
    assert [c.call for c in g.deals[0].bids] == ["H", "90S", "7S", "10H", "80D", "capotD"]


def test_seat_prefixes_glued_or_spaced_and_their_places():
    g = clean("deal 1 dealer 1\nbids 2:pass 3: H 4:X\nplay 2:JH 3: 7D 1.4:QH\nresult *")
    d = g.deals[0]
    assert [(c.call, c.seat, c.pos) for c in d.bids] == [
        ("pass", 2, (2, 6)), ("H", 3, (2, 16)), ("X", 4, (2, 18))]
    assert [(p.card, p.seat, p.pos, p.trick, p.trick_pos) for p in d.plays] == [
        ("JH", 2, (3, 6), None, NOPOS),
        ("7D", 3, (3, 11), None, NOPOS),
        ("QH", 4, (3, 19), 1, (3, 17)),
    ]


def test_glued_trick_numbers_and_free_line_breaks():
    g = clean("deal 1 dealer 1 bids S play 1.JH\n7D\n\n  QH 8C 2.9H result *")
    d = g.deals[0]
    assert [(p.card, p.trick, p.pos) for p in d.plays] == [
        ("JH", 1, (1, 31)), ("7D", None, (2, 1)), ("QH", None, (4, 3)), ("8C", None, (4, 6)),
        ("9H", 2, (4, 11)),
    ]
    assert d.plays[0].trick_pos == (1, 29) and d.plays[4].trick_pos == (4, 9)


@pytest.mark.parametrize("text, card, bela, annotation", [
    ("QH! bela", "QH", "bela", "!"),
    ("QH bela !", "QH", "bela", "!"),
    ("QH bela!?", "QH", "bela", "!?"),
    ("QH ?? bela", "QH", "bela", "??"),
    ("KH rebela ?!", "KH", "rebela", "?!"),
    ("KH bela rebela", "KH", "bela rebela", None),
])
def test_annotations_bind_to_their_card_wherever_they_stand(text, card, bela, annotation):
    g = clean(f"deal 1 dealer 1 bids H play {text} 7C result *")
    p = g.deals[0].plays[0]
    assert (p.card, p.bela, p.annotation) == (card, bela, annotation)
    assert g.deals[0].plays[1].card == "7C"


def test_bela_rebela_keeps_both_places():
    g = clean("deal 1 dealer 1 bids H play KH bela rebela result *")
    p = g.deals[0].plays[0]
    assert (p.bela_pos, p.rebela_pos) == ((1, 32), (1, 37))


def test_crlf_bom_and_tabs_in_columns():
    text = "\ufeff[Variant \"yu4\"]\r\n\r\ndeal 1 dealer 1\r\nbids\tH\r\nplay\t1.\tJH\r\nresult *\r\n"
    g = clean(text)
    assert g.tag_pos == {"Variant": (1, 1)}
    d = g.deals[0]
    assert d.bids[0].pos == (4, 6)
    assert d.plays[0].pos == (5, 9) and d.plays[0].trick_pos == (5, 6)
    assert g.result_pos == (6, 8)
    assert "\r" not in g.source_text and "\ufeff" not in g.source_text


def test_tags_escapes_several_on_a_line_and_duplicates():
    g = clean('[Event "a \\"b\\" c\\\\d \\e"] [Site "x"]\n[Event "last"] ; note\n'
              '[Round "a]b"]\n\ndeal 1 dealer 1 result *')
    assert g.tags == {"Event": "last", "Site": "x", "Round": "a]b"}
    assert g.tag_pos == {"Event": (2, 1), "Site": (1, 27), "Round": (3, 1)}
    g = clean('[Event "a \\"b\\" c\\\\d \\e"]\ndeal 1 dealer 1 result *')
    assert g.tags["Event"] == 'a "b" c\\d \\e'
    g = clean('[Event "say "hi" now"]\nresult *')
    assert g.tags["Event"] == 'say "hi" now'


# ---------------------------------------------------------------------- sections


def test_hu3_sections_turn_talon_announce_exchange_second_announce():
    g = clean("""[Variant "hu3"]
deal 1 dealer 3
hands 1: 7S 8S 9S TS JS QS / KS AS 7H 2: 8H 9H TH JH QH KH / AH 7D 8D
      3: 9D TD JD QD KD AD / 7C 8C 9C
turn TC
talon JC QC KC AC
bids take
announce 1: absolut
exchange 1: swap 7S take TC discard 8S 1: take JC discard 9S
declare -
announce 1: tuletroa celad
play 1. AS 8H 9D
announce 1: volat
score 4 - -
result 1
""")
    d = g.deals[0]
    assert d.turn == "TC" and d.turn_pos == (5, 6)
    assert d.talon == ["JC", "QC", "KC", "AC"] and d.talon_pos == (6, 1)
    assert d.talon_card_pos == [(6, 7), (6, 10), (6, 13), (6, 16)]
    assert [(a.seat, a.figures, a.after, a.pos, a.figure_pos) for a in d.announce] == [
        (1, ["absolut"], "bids", (8, 10), [(8, 13)]),
        (1, ["tuletroa", "celad"], "declare", (11, 10), [(11, 13), (11, 22)]),
        (1, ["volat"], "play", (13, 10), [(13, 13)]),
    ]
    assert [(e.seat, e.action, e.cards, e.pos, e.card_pos) for e in d.exchange] == [
        (1, "swap", ["7S"], (9, 13), [(9, 18)]),
        (1, "take", ["TC"], (9, 21), [(9, 26)]),
        (1, "discard", ["8S"], (9, 29), [(9, 37)]),
        (1, "take", ["JC"], (9, 43), [(9, 48)]),
        (1, "discard", ["9S"], (9, 51), [(9, 59)]),
    ]
    assert d.declare == {1: [], 2: [], 3: []} and d.declare_seat_pos == {}
    assert d.score.values == [Decimal(4), None, None]
    assert g.result == "1"


def test_declare_seats_left_out_mean_nothing_and_combinations_are_canonical():
    g = clean("deal 1 dealer 1 declare 3: RUN4:kh carr\u00e9:10 Carre:j result *")
    assert {s: [c.text for c in cs] for s, cs in g.deals[0].declare.items()} == {
        1: [], 2: [], 3: ["run4:KH", "carre:T", "carre:J"], 4: []}


def test_claims_at_start_mid_trick_and_game_with_cards_after():
    g = clean("deal 1 dealer 1 bids H play 3: claim rest result *")
    d = g.deals[0]
    assert d.plays == [] and (d.claim.seat, d.claim.what, d.claim.after_play) == (3, "rest", 0)
    assert d.claim.pos == (1, 32)
    g = clean("deal 1 dealer 1 bids H play 1. JH 7D 2: claim rest result *")
    assert g.deals[0].claim.after_play == 2
    g = clean("deal 1 dealer 1 bids H play 1. JH 7D QH 8C 1: claim game 2. 9H result *")
    d = g.deals[0]
    assert (d.claim.what, d.claim.after_play, len(d.plays)) == ("game", 4, 5)


def test_scores_decimal_dash_negative_and_hang():
    g = clean("deal 1 dealer 1 score -16 - 97.5 0 hang 10 total 1.50 -3 result *")
    d = g.deals[0]
    assert d.score.values == [Decimal(-16), None, Decimal("97.5"), Decimal(0)]
    assert d.score.hang == Decimal(10)
    assert d.total.values == [Decimal("1.50"), Decimal(-3)]
    g = clean("deal 1 dealer 1 score - {x} 5 result *")
    assert g.deals[0].score.values == [None, Decimal(5)]


def test_deal_numbers_are_recorded_as_written():
    g = clean("deal 7 dealer 2 deal 7 dealer 3 deal 0 dealer 1 result *")
    assert [(d.number, d.dealer) for d in g.deals] == [(7, 2), (7, 3), (0, 1)]


def test_all_pass_deal_and_a_game_without_deals():
    g = clean("deal 1 dealer 1 bids pass pass pass pass score 0 0 deal 2 dealer 2 result *")
    assert len(g.deals) == 2 and g.deals[0].plays is None
    g = clean('[Variant "yu4"]\n\nresult B')
    assert g.deals == [] and g.result == "B" and g.movetext_pos == (3, 1)


# ---------------------------------------------------------------------- comments


def test_comments_kept_after_cards_calls_and_as_game_comments_only():
    g = clean("""[Variant "yu4"]
{first}   ; second
{ spread
  over lines }
deal 1 {dropped} dealer 1
bids pass {p1} {p2 ;x} ; p3
  H 2: {dropped} S
declare {dropped} -
play JH {one}
{two} 7D bela {three} 1. {dropped} QH
score 1 {dropped} 2
result * {dropped}
""")
    assert g.comments == ["first", "second", "spread over lines"]
    d = g.deals[0]
    assert [(c.call, c.comment) for c in d.bids] == [
        ("pass", "p1 p2 ;x p3"), ("H", None), ("S", None)]
    assert [(p.card, p.comment) for p in d.plays] == [
        ("JH", "one two"), ("7D", "three"), ("QH", None)]


def test_comments_among_tags_are_dropped_and_brackets_in_comments_are_not_tags():
    g = clean('{before}\n[Event "e"]\n{among}\n[Site "s"] {on tag line}\n{ [Round "x"]\n'
              '[Date "y"] }\n{kept}\ndeal 1 dealer 1 result *')
    assert g.tags == {"Event": "e", "Site": "s"}
    assert g.comments == ['[Round "x"] [Date "y"]', "kept"]


def test_empty_comments_are_no_comments():
    g = clean("deal 1 dealer 1 bids H {} {  } play JH {} result *")
    assert g.deals[0].bids[0].comment is None and g.deals[0].plays[0].comment is None


# ---------------------------------------------------------------------- games


def test_games_split_at_tag_lines_after_movetext_and_after_result():
    text = ('[Event "one"]\ndeal 1 dealer 1\n[Event "two"]\n[Site "s"]\nresult A\n\n'
            '{loose} deal 1 dealer 2 result * deal 1 dealer 3\n')
    games = list(parse_games(text))
    assert [(g.index, g.line, g.tags, g.result, g.errors) for g in games] == [
        (1, 1, {"Event": "one"}, None, []),
        (2, 3, {"Event": "two", "Site": "s"}, "A", []),
        (3, 7, {}, "*", []),
        (4, 7, {}, None, []),
    ]
    assert games[2].comments == ["loose"]
    assert games[2].movetext_pos == (7, 9) and games[3].movetext_pos == (7, 34)
    assert games[0].source_text == '[Event "one"]\ndeal 1 dealer 1\n'
    # a game's raw text runs to where the next game starts (here: its first token)
    assert games[1].source_text == '[Event "two"]\n[Site "s"]\nresult A\n\n{loose}\n'
    assert games[2].source_text == "deal 1 dealer 2 result *\n"
    assert games[3].source_text == "deal 1 dealer 3\n"


def test_a_file_of_many_games_with_one_broken_game():
    good = '[Variant "yu4"]\n\ndeal 1 dealer 1\nbids H\nplay 1. JH 7D QH 8C\nresult *\n'
    bad = '[Variant "yu4"]\n\ndeal 1 dealer 1\nbids H\nplay 1. JH 7D QX 8C\nresult *\n'
    parts = [good] * 1000
    parts[500] = bad
    games = list(parse_games("\n".join(parts)))
    assert len(games) == 1000
    broken = [g for g in games if g.errors]
    assert [(g.index, g.errors) for g in broken] == [(501, [ParseError(
        "P101", 3505, 15, "expected a card, a trick number, a seat prefix, 'bela' or an "
        "annotation, found 'QX'", 1)])]
    assert broken[0].source_text == bad
    assert sum(1 for g in games if not g.errors) == 999
    assert games[501].line == 3508


# ---------------------------------------------------------------------- errors


@pytest.mark.parametrize("text, code, line, col, message", [
    ('[Event "x"\ndeal 1 dealer 1', "P101", 1, 1,
     "unterminated tag: expected '\"value\"]' before the end of the line"),
    ('[Ev ent "x"]', "P101", 1, 1, "malformed tag: expected [Name \"value\"], found "
     "'[Ev ent \"x\"]'"),
    ('[Event "x"] deal', "P101", 1, 13, "expected a tag or the end of the line after a tag, "
     "found 'deal'"),
    ("deal 1 dealer 1 bids H {never closed\nplay", "P101", 1, 24,
     "unterminated comment: no '}' after this '{'"),
    ("deal 1 dealer 5", "P101", 1, 15,
     "expected a seat 1..4, found '5' (a game without Variant has 4 seats)"),
    ('[Variant "yu3"]\ndeal 1 dealer 1 bids 4:pass', "P101", 2, 22,
     "expected a seat 1..3, found '4:' (yu3 has 3 seats)"),
    ("deal 1 dealer", "P101", 1, 8, "expected the dealer's seat after 'dealer', found the end "
     "of the game"),
    ("deal one", "P101", 1, 6, "expected the deal number after 'deal', found 'one'"),
    ("deal 1 4", "P101", 1, 8, "expected 'dealer' after 'deal 1', found '4'"),
    ("JH", "P101", 1, 1, "expected 'deal' to begin the movetext, found 'JH'"),
    ("hands 1: JH", "P103", 1, 1, "expected 'deal' to begin the movetext, found 'hands'"),
    ("deal 1 dealer 1 hands 1: JH 1: 7D", "P101", 1, 29, "seat 1 is listed twice in 'hands'"),
    ("deal 1 dealer 1 hands 1: / JH", "P101", 1, 26, "empty delivery: expected a card before '/'"),
    ("deal 1 dealer 1 hands 1: JH / 2: 7D", "P101", 1, 29,
     "empty delivery: expected a card after '/', found '2:'"),
    ("deal 1 dealer 1 hands 1: JH / / 7D", "P101", 1, 29,
     "empty delivery: expected a card after '/', found '/'"),
    ("deal 1 dealer 1 hands 1: 2: JH", "P101", 1, 23, "expected a card after '1:', found '2:'"),
    ("deal 1 dealer 1 hands JH", "P101", 1, 23,
     "expected a seat prefix such as '1:' before the cards, found 'JH'"),
    ("deal 1 dealer 1 hands 1: JH!", "P101", 1, 26, "an annotation cannot stand in 'hands': "
     "'JH!'"),
    ("deal 1 dealer 1 bids play", "P101", 1, 17, "empty 'bids' section"),
    ("deal 1 dealer 1 bids H foo", "P101", 1, 24, "expected a call, found 'foo'"),
    ("deal 1 dealer 1 bids H bela", "P103", 1, 24, "'bela' cannot stand here: expected a call"),
    ("deal 1 dealer 1 bids H 2:", "P101", 1, 24, "expected a call after '2:', found the end "
     "of the game"),
    ("deal 1 dealer 1 bids H hands 1: JH", "P103", 1, 24, "'hands' cannot stand after 'bids'"),
    ("deal 1 dealer 1 bids H bids S", "P103", 1, 24, "a second 'bids' section in deal 1"),
    ("deal 1 dealer 1 turn JH", "P103", 1, 17,
     "'turn' in a variant without a turned card (a game without Variant)"),
    ("deal 1 dealer 1 talon JH", "P103", 1, 17, "'talon' in a variant without a talon "
     "(a game without Variant)"),
    ('[Variant "ru3"]\ndeal 1 dealer 1 turn JH 7D', "P101", 2, 25,
     "expected one card after 'turn', found a second card '7D'"),
    ("deal 1 dealer 1 bids pass pass play JH", "P103", 1, 32,
     "'play' after an auction in which every seat passed"),
    ("deal 1 dealer 1 declare 1: - play JH announce 1: betl", "P103", 1, 38,
     "'announce' cannot stand after 'play'"),
    ("deal 1 dealer 1 declare - announce 1: betl", "P103", 1, 27,
     "'announce' after 'declare' exists only in the Hungarian variants"),
    ("deal 1 dealer 1 announce 1: betl announce 1: volat", "P103", 1, 34,
     "'announce' cannot stand after 'announce'"),
    ("deal 1 dealer 1 announce 1: foo", "P101", 1, 29,
     "expected a figure (absolut, hundred, …) or a seat prefix, found 'foo'"),
    ("deal 1 dealer 1 exchange 1: JH", "P101", 1, 29, "expected swap, take or discard, found 'JH'"),
    ("deal 1 dealer 1 exchange 1: swap 7H 8H", "P101", 1, 37,
     "'swap' gives one card; found a second card '8H'"),
    ("deal 1 dealer 1 exchange 1: take 2: swap 7H", "P101", 1, 29,
     "expected a card after 'take', found '2:'"),
    ("deal 1 dealer 1 declare 1: - run3:AS", "P101", 1, 30, "'-' and combinations mixed for "
     "seat 1"),
    ("deal 1 dealer 1 declare 1: run3:AS -", "P101", 1, 36, "'-' and combinations mixed for "
     "seat 1"),
    ("deal 1 dealer 1 declare 1: run9:AS", "P101", 1, 28,
     "'run9:AS' is not a combination: runs have 3 to 8 cards"),
    ("deal 1 dealer 1 declare 1: run2:AS", "P101", 1, 28,
     "'run2:AS' is not a combination: runs have 3 to 8 cards"),
    ("deal 1 dealer 1 declare - 2: -", "P101", 1, 27, "a bare '-' stands for every seat; "
     "found '2:' after it"),
    ("deal 1 dealer 1 declare 2: - 2: -", "P101", 1, 30, "seat 2 is listed twice in 'declare'"),
    ("deal 1 dealer 1 bids H play 1. 2. JH", "P101", 1, 29, "trick number 1. with no card "
     "after it"),
    ("deal 1 dealer 1 bids H play JH 2. score 1", "P101", 1, 32, "trick number 2. with no card "
     "after it"),
    ("deal 1 dealer 1 bids H play bela JH", "P101", 1, 29, "'bela' with no card before it"),
    ("deal 1 dealer 1 bids H play JH bela bela", "P101", 1, 37, "a second 'bela' on JH"),
    ("deal 1 dealer 1 bids H play JH ! ?", "P101", 1, 34, "a second annotation on JH: '?'"),
    ("deal 1 dealer 1 bids H play JH claim rest", "P101", 1, 32,
     "'claim' needs the claiming seat before it, as in '1: claim rest'"),
    ("deal 1 dealer 1 bids H play 1: claim rest 7D", "P103", 1, 43,
     "a card after 'claim rest': '7D'"),
    ("deal 1 dealer 1 bids H play 1: claim game 2: claim rest", "P103", 1, 46,
     "a second claim in one deal"),
    ("deal 1 dealer 1 bids H play 1: claim JH", "P101", 1, 38,
     "expected 'rest' or 'game' after 'claim', found 'JH'"),
    ("deal 1 dealer 1 bids H play rest", "P103", 1, 29, "'rest' can only follow 'claim'"),
    ("deal 1 dealer 1 bids H play \u2660A", "P101", 1, 29, "expected a card, a trick number, a "
     "seat prefix, 'bela' or an annotation, found '\u2660A'"),
    ("deal 1 dealer 1 bids H play JH score 1 hang 2 3", "P101", 1, 47,
     "'hang' stands last in 'score'; found '3' after it"),
    ("deal 1 dealer 1 score 1 hang -", "P101", 1, 30, "expected a number after 'hang', found '-'"),
    ("deal 1 dealer 1 score 1 hang", "P101", 1, 25, "expected a number after 'hang', found the "
     "end of the game"),
    ("deal 1 dealer 1 score +5", "P101", 1, 23, "expected a number or '-', found '+5'"),
    ("deal 1 dealer 1 total 5 -", "P101", 1, 25, "'-' cannot stand in 'total': totals are "
     "numbers"),
    ("deal 1 dealer 1 total 5 hang 2", "P103", 1, 25, "'hang' cannot stand in 'total'"),
    ("deal 1 dealer 1 score result *", "P101", 1, 17, "empty 'score' section"),
    ("deal 1 dealer 1 result C", "P101", 1, 24, "expected A, B, a seat number or '*' after "
     "'result', found 'C'"),
    ("deal 1 dealer 1 result", "P101", 1, 17, "expected A, B, a seat number or '*' after "
     "'result', found the end of the game"),
    ("deal 1 dealer 1 result 5", "P101", 1, 24,
     "expected a seat 1..4, found '5' (a game without Variant has 4 seats)"),
    ("deal 1 dealer 1 JH", "P101", 1, 17, "expected a section keyword, 'deal' or 'result', "
     "found 'JH'"),
    ("deal 1 dealer 1 [Event \"x\"]", "P101", 1, 17, "expected a section keyword, 'deal' or "
     "'result', found '[Event'"),
])
def test_parse_errors_are_located_and_explained(text, code, line, col, message):
    e = error(text)
    assert (e.code, e.line, e.col, e.message) == (code, line, col, message)


def test_error_skips_the_rest_of_the_game_and_reading_resumes():
    text = ('[Variant "yu4"]\ndeal 1 dealer 1 bids H play JH bela bela\nscore 1 2\n'
            '[Event "next"]\n[Site "s"]\ndeal 1 dealer 1 result B\n')
    games = list(parse_games(text))
    assert [(g.index, g.line, len(g.errors), g.tags) for g in games] == [
        (1, 1, 1, {"Variant": "yu4"}), (2, 4, 0, {"Event": "next", "Site": "s"})]
    assert games[0].errors[0].deal == 1
    assert games[1].result == "B"


def test_after_a_broken_result_the_next_tokens_start_a_game():
    games = list(parse_games("deal 1 dealer 1 result Z deal 1 dealer 2 result *"))
    assert [(g.index, [e.code for e in g.errors], g.result) for g in games] == [
        (1, ["P101"], None), (2, [], "*")]
    games = list(parse_games("deal 1 dealer 9 result * deal 1 dealer 2 result A"))
    assert [(g.index, [e.code for e in g.errors], g.result) for g in games] == [
        (1, ["P101"], None), (2, [], "A")]


def test_broken_tag_section_keeps_the_game_together():
    games = list(parse_games('[Event x]\n[Site "s"]\ndeal 1 dealer 1 result *\n[Event "y"]\n'))
    assert [(g.index, g.line, [e.code for e in g.errors]) for g in games] == [
        (1, 1, ["P101"]), (2, 4, [])]


# ---------------------------------------------------------------------- sources


def test_sources_path_str_path_stream_text_and_gzip(tmp_path: Path):
    plain = tmp_path / "a.bgn"
    plain.write_bytes(EXAMPLE.replace("\n", "\r\n").encode("utf-8-sig"))
    gz = tmp_path / "a.bgn.gz"
    gz.write_bytes(gzip.compress(EXAMPLE.encode()))
    magic = tmp_path / "gz-without-suffix.bgn"
    magic.write_bytes(gzip.compress(EXAMPLE.encode()))
    want = clean(EXAMPLE)
    for source in (plain, str(plain), gz, str(gz), magic, io.StringIO(EXAMPLE),
                   io.BytesIO(EXAMPLE.encode()), EXAMPLE.splitlines(keepends=True)):
        got = list(read_games(source))
        assert got == [want], source


def test_scan_headers_follows_the_same_game_boundaries(tmp_path: Path):
    text = ('[Event "one"]\n{ [Site "not a tag"]\n}\ndeal 1 dealer 1\n[Event "two"] ; c\n'
            '[Site "s;{x}"]\nresult A deal 1 dealer 2\n[Event "x"\ndeal 1\n[Event "four"]\n')
    path = tmp_path / "h.bgn.gz"
    path.write_bytes(gzip.compress(text.encode()))
    headers = list(scan_headers(path))
    assert headers == [{"Event": "one"}, {"Event": "two", "Site": "s;{x}"}, {}, {},
                       {"Event": "four"}]
    assert [g.tags for g in parse_games(text)] == [
        {"Event": "one"}, {"Event": "two", "Site": "s;{x}"}, {}, {}, {"Event": "four"}]


def test_parse_game_returns_the_first_game():
    assert parse_game("deal 1 dealer 1 result * deal 1 dealer 2").deals[0].dealer == 1
    with pytest.raises(ValueError):
        parse_game("; nothing here\n")
