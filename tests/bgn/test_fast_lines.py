"""The BGN reader's fast path against its general path: canonical lines read whole
(hands, bids, declare, exchange, announce, tricks, turn, talon, score, tags) give the
same records, places and errors as the same lines read token by token, on simulated
and mutated records too; and the helpers that read cards by their codes."""

from __future__ import annotations

from decimal import Decimal

import pytest

from ingest.bgn.reader import _read, parse_games
from replay.model.lanes import PlayLane
from replay.model.record import ParseError


def test_a_call_word_in_a_hands_line_of_a_known_shape_is_no_card():
    """Regression: the hands-line shape cache once masked ranks and suits alike,
    so after one good line 'AT' (a call) in the same place passed for a card."""
    hands = "hands 1: AS KH 2: 9S {} 3: KS QH 4: TH KD"
    text = ('[Variant "yu4"]\n\ndeal 1 dealer 1\n' + hands.format("JS") + "\nbids H\n"
            "deal 2 dealer 2\n" + hands.format("AT") + "\nbids H\n")
    (game,) = parse_games(text)
    assert game.errors == [ParseError("P101", 7, 22, "expected a card, '/' or a seat prefix in "
                                      "'hands', found 'AT'", 2)]


@pytest.mark.parametrize("other", ["7s", "rs", "7S 8h"])
def test_a_hands_line_like_a_known_shape_in_other_letters_is_read_by_the_general_path(other):
    """Regression: the shape cache masked upper-case ranks and suits as 'r' and 's', so
    after 'hands 1: 7S' a lower-case 'hands 1: 7s' took its shape and kept '7s' as
    written (a property test found it); a stray 'rs' was taken for a card the same way.
    Lower case is read forgivingly as the canonical card; 'rs' is no card."""
    text = ('[Variant "yu4"]\n\ndeal 1 dealer 1\nhands 1: 7S' + (" 8H" if " " in other else "")
            + "\ndeal 2 dealer 1\nhands 1: " + other + "\n")
    (game,) = parse_games(text)
    if other == "rs":
        assert [e.code for e in game.errors] == ["P101"]
        assert (game.errors[0].line, game.errors[0].col) == (6, 10)
    else:
        assert game.errors == []
        assert game.deals[1].hands == {1: [other.upper().split()]}


LANE_TEXT = """[Variant "yu4"]

deal 1 dealer 4
bids H
play 1. JH 8H AS KH bela
2. 9H TH TS QH rebela
3. QH JD KC 8C
4. 7D QD 7S AD {a comment after a lane line}
5. KS 7H QS JS
7. AC TC 7C JC
8. 9C KD 8S QC bela rebela 1: claim rest
result *
"""


@pytest.mark.parametrize("fast", [True, False])
def test_trick_lines_in_the_compact_lane_read_as_the_general_path_does(fast):
    """Canonical trick lines go into a PlayLane (bela words included); a comment,
    a number out of order or a claim turns it into Play objects, with every value
    and place as the general tokenizer gives them."""
    (game,) = _read([LANE_TEXT.split("\n")], fast_lines=fast)
    plays = game.deals[0].plays
    assert [p.card for p in plays][:6] == ["JH", "8H", "AS", "KH", "9H", "TH"]
    kh, qh = plays[3], plays[7]
    assert (kh.bela, kh.pos, kh.bela_pos) == ("bela", (5, 18), (5, 21))
    assert (qh.bela, qh.pos, qh.bela_pos) == ("rebela", (6, 13), (6, 16))
    assert (plays[8].trick, plays[8].trick_pos, plays[8].pos) == (3, (7, 1), (7, 4))
    assert plays[15].comment == "a comment after a lane line"
    assert (plays[20].trick, plays[20].pos) == (7, (10, 4))
    last = plays[-1]
    assert (last.card, last.bela, last.bela_pos, last.rebela_pos) == (
        "QC", "bela rebela", (11, 16), (11, 21))
    assert game.deals[0].claim.after_play == 28
    assert list(_read([LANE_TEXT.split("\n")], fast_lines=not fast)) == [game]


def test_a_clean_play_section_stays_compact_until_plays_are_asked_for():
    from replay.model.lanes import PlayLane

    text = LANE_TEXT.split("4. 7D")[0].replace(" bela", "").replace(" rebela", "")
    (game,) = parse_games(text)
    plays = game.deals[0].plays
    assert type(plays) is PlayLane and plays.compact and len(plays) == 12
    assert plays.pos(0) == (5, 9) and plays.pos(5) == (6, 7) and plays.pos(11) == (7, 13)
    assert plays[5].pos == (6, 7) and not plays.compact


def test_play_alone_on_its_line_then_a_claim():
    (game,) = parse_games('[Variant "yu4"]\n\ndeal 1 dealer 1\nbids H\nplay\n1: claim rest\n')
    assert game.errors == [] and game.deals[0].plays == []
    assert game.deals[0].claim.after_play == 0


def test_a_trick_line_after_the_score_is_not_read_into_the_play():
    text = ('[Variant "yu4"]\n\ndeal 1 dealer 4\nbids H\nplay 1. JH 8H AS KH\n'
            "score 0 0\n2. 9H TH TS AH\n")
    for fast in (True, False):
        (game,) = _read([text.split("\n")], fast_lines=fast)
        assert game.errors == [ParseError("P101", 7, 1, "expected a number or '-', found '2.'",
                                          1)], fast


def test_a_card_that_is_no_call_in_bids_is_a_parse_error():
    """Regression (fuzz): a card such as JH in 'bids' once became a call of None."""
    (game,) = parse_games('[Variant "contree"]\n\ndeal 1 dealer 1\nbids 80H JH\n')
    assert game.errors == [ParseError("P101", 4, 10, "expected a call, found 'JH'", 1)]


@pytest.mark.parametrize("variant", ["hu3", "hu2", "ru3", "fr4", "bg2", "yu3", "contree", "mk4"])
def test_simulated_records_read_the_same_by_fast_lines_and_the_general_path(variant):
    """Every fast line (trick lane, hands, turn, talon, templates) against the
    general tokenizer, on whole simulated games of each variant."""
    from ingest.bgn.writer import write_game
    from replay.simulate import simulate_games

    text = "\n".join(write_game(g) for g in simulate_games(variant, 3, 11, violation_rate=0.1))
    fast = list(_read([text.split("\n")], fast_lines=True))
    slow = list(_read([text.split("\n")], fast_lines=False))
    assert len(fast) == 3 and all(not g.errors for g in fast)
    assert fast == slow


_MUTATION_WORDS = ["bela", "rebela", "1:", "2:", "9.", "1.", "-", "hang", "AT", "JH", "0",
                   "{c}", "claim", "rest", "97.5", "turn", "talon", "score", "total", "/", ""]


def verdict(report) -> tuple:
    """Everything a replay says: the JSON report (codes, places, scores, totals),
    and per deal the plays, tricks, calls and contract."""
    return (report.to_json(), [(d.plays, d.tricks, d.calls, d.caller, d.contract, d.card_points,
                                d.decl_by_side, d.bela) for d in report.deals])


def test_fast_lines_and_the_general_path_agree_on_mutated_records():
    """Both read paths on 600 mutated canonical records of every variant (tokens
    swapped, dropped, copied or replaced, lines joined): the same records, the
    same parse errors at the same places, the same verdicts of the engine."""
    import random

    from support.mutations import mutate

    from ingest.bgn.writer import game_id, read_game_id, source_is_canonical, write_game
    from replay.engine.walk import replay_game
    from replay.simulate import SUPPORTED, simulate_games

    rng = random.Random(20261130)
    bases = [write_game(g) for v in SUPPORTED for g in simulate_games(v, 1, 5, max_deals=3)]
    canonical = lanes = 0
    for _ in range(600):
        lines = rng.choice(bases).split("\n")
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(lines))
            if rng.random() < 0.15 and i + 1 < len(lines):  # two lines made one
                lines[i:i + 2] = [lines[i] + " " + lines[i + 1]]
                continue
            toks = lines[i].split(" ")
            mutate(toks, rng, _MUTATION_WORDS)
            lines[i] = " ".join(toks)
        fast = list(_read([list(lines)], fast_lines=True))
        slow = list(_read([list(lines)], fast_lines=False))
        # whole verdicts first (comparing records lists a lane's plays): the engine
        # reads a lane compact and a list of Plays one by one, to the same report
        for f, g in zip(fast, slow, strict=True):
            lanes += sum(type(d.plays) is PlayLane and d.plays.compact for d in f.deals)
            assert verdict(replay_game(f)) == verdict(replay_game(g)), "\n".join(lines)
        assert fast == slow, "\n".join(lines)
        for g in fast:  # a source text taken for canonical hashes to the same id
            if not g.errors:
                assert read_game_id(g) == game_id(g), "\n".join(lines)
                canonical += source_is_canonical(g)
    assert 20 < canonical < 600  # both kinds were met
    assert lanes > 300  # the engine read compact lanes


_CANONICAL = (
    '[Variant "yu4"]\n[Event "e"]\n\ndeal 1 dealer 4\n'
    'hands 1: 7S 8S 9S TS JS QS KS AS 2: 7H 8H 9H TH JH QH KH AH '
    '3: 7D 8D 9D TD JD QD KD AD 4: 7C 8C 9C TC JC QC KC AC\n'
    'bids 1:H pass pass pass\ndeclare 1: run5:AS 2: - 3: - 4: -\n'
    'play 1. AS 7H 7D 7C\n2. KS 8H 8D 8C\nscore 97.5 hang 10\ntotal 0 0\nresult *\n'
)


@pytest.mark.parametrize("edit", [
    None,
    ("KS AS 2:", "AS KS 2:"),  # a delivery out of canonical order
    ('[Variant "yu4"]\n[Event "e"]', '[Event "e"]\n[Variant "yu4"]'),  # tags out of order
    ("deal 1 dealer 4", "deal 01 dealer 4"),
    ("declare 1: run5:AS 2: - 3: - 4: -", "declare 1: run5:AS"),  # seats left out
    ("score 97.5 hang 10", "score 97.50 hang 10"),
    ("bids 1:H", "bids 1:h"),
    ("play 1. AS 7H 7D 7C\n2.", "play 1. AS 7H 7D 7C 2."),  # two tricks on a line
    ("2. KS", "{a comment}\n2. KS"),
    ("\n\ndeal", "\ndeal"),  # no empty line after the tags
    ("result *", "result  *"),
    # lines the writer does not write, counted by the reader (``Game.verbatim_lines``)
    ("\n\ndeal", "\n\n\ndeal"),  # two empty lines after the tags
    ("\ntotal 0 0", "\n\ntotal 0 0"),  # an empty line between two fast lines
    ("\nresult *", "\n \nresult *"),  # a line of a space before the result
    ('[Event "e"]\n', '[Event "e"]\n[Event "e"]\n'),  # a tag line twice: one tag
])
def test_a_source_text_is_taken_for_canonical_only_when_it_is(edit):
    """A source text is taken for canonical (the JSON report hashes it as it stands)
    exactly when the writer writes the game as its source text."""
    from ingest.bgn.writer import game_id, read_game_id, source_is_canonical, write_game

    text = _CANONICAL if edit is None else _CANONICAL.replace(*edit)
    assert text != _CANONICAL or edit is None
    (game,) = parse_games(text)
    assert not game.errors
    assert source_is_canonical(game) == (edit is None)
    assert (game.source_text == write_game(game, comments=False)) == (edit is None)
    assert read_game_id(game) == game_id(game)


@pytest.mark.parametrize("end", ["", "\n", "\n\n", "\n  \n\t\n", "  \n"])
def test_blank_lines_after_a_game_leave_its_text_canonical(end):
    """The blank lines (and spaces) after the result are not part of the game's
    text: the reader's line count leaves them out, as the text does."""
    from ingest.bgn.writer import game_id, read_game_id, source_is_canonical, write_game

    (game,) = parse_games(_CANONICAL + end)
    assert source_is_canonical(game)
    assert game.source_text == write_game(game, comments=False) == _CANONICAL
    assert read_game_id(game) == game_id(game)


def test_row_places_are_the_places_of_a_lines_words():
    """``RowPlaces``: the places of a talon line's cards or a sheet line's numbers,
    kept as the line until asked; equal to the list, that list once changed, and the
    same after a pickle or a copy."""
    import copy
    import pickle

    from replay.model.lanes import RowPlaces

    places = RowPlaces(9, "score 81 - -20 1000", 6)
    expected = [(9, 7), (9, 10), (9, 12), (9, 16)]
    assert places == expected and expected == places and places != expected[:3]
    assert len(places) == 4 and places[2] == (9, 12) and places[-1] == (9, 16)
    assert places[1:3] == [(9, 10), (9, 12)] and list(places) == expected
    assert pickle.loads(pickle.dumps(places)) == expected == copy.deepcopy(places)
    assert RowPlaces(3, "talon 7S 8S 9S", 6) == [(3, 7), (3, 10), (3, 13)]
    grown = RowPlaces(3, "talon 7S", 6)
    grown.append((4, 1))
    grown.extend([(4, 4)])
    assert grown == [(3, 7), (4, 1), (4, 4)]


def test_a_talon_and_a_sheet_read_whole_keep_their_places_as_the_line():
    """A canonical talon, score or total line keeps its words' places as the line
    (``RowPlaces``); a talon section continued on the next line turns them into a
    list; either way the record is the general path's."""
    from replay.model.lanes import RowPlaces

    head = '[Variant "hu2"]\n\ndeal 1 dealer 1\n'
    for body, lazy in (("talon 7S 8S 9S\n", True), ("talon 7S 8S\n9S\n", False)):
        text = head + body + "score 10 -\ntotal 10 20\nresult *\n"
        (fast,) = _read([text.split("\n")], fast_lines=True)
        (slow,) = _read([text.split("\n")], fast_lines=False)
        deal = fast.deals[0]
        # kept as the line; the continued section made it build its list
        assert type(deal.talon_card_pos) is RowPlaces
        assert (deal.talon_card_pos._places is None) is lazy
        assert type(deal.score.value_pos) is RowPlaces and type(deal.total.value_pos) is RowPlaces
        assert deal.talon_card_pos == [(4, 7), (4, 10), (4 if lazy else 5, 13 if lazy else 1)]
        assert deal.score.value_pos == [(5 if lazy else 6, 7), (5 if lazy else 6, 10)]
        assert fast == slow


@pytest.mark.parametrize("bids, compact", [
    ("bids H", True),
    ("bids 1:pass 2:H 3:pass 4:pass", True),
    ("bids pass pass pass pass", True),  # every seat passed: 'play' after it is P103
    ("bids 01:H", True),  # read whole, not the writer's text
    ("bids pass\nH pass pass", False),  # calls continued on the next line
    ("bids pass H\n{after the calls}", False),  # a comment for the last call
    ("bids pass H\n2:", False),  # a seat prefix with no call: P101
    ("bids pass {why} H", False),  # not a canonical line: read token by token
    ("bids h", False),
])
def test_a_bids_line_read_whole_stays_its_line_and_reads_as_the_general_way(bids, compact):
    """A canonical bids line is kept as its text and its template's calls
    (``CallLane``) until something asks for Call objects; the general path going on
    in the section (a call or a comment on the next line) turns it into the list.
    Records, parse errors and whole verdicts are those of the general path."""
    from replay.engine.walk import replay_game
    from replay.model.lanes import CallLane

    text = _DECLARE_GAME.replace("bids H", bids).replace("{}\n", "")
    (fast,) = _read([text.split("\n")], fast_lines=True)
    (slow,) = _read([text.split("\n")], fast_lines=False)
    if not fast.errors:
        calls = fast.deals[0].bids
        assert (type(calls) is CallLane and calls.compact) is compact
    a, b = verdict(replay_game(fast)), verdict(replay_game(slow))
    assert fast == slow and fast.errors == slow.errors
    assert a == b


def test_a_call_lane_reads_as_the_list_of_its_calls():
    """``CallLane``: its length and truth from the items, Call objects (places
    included) on first access, equal to the list, kept after pickle and copy."""
    import copy
    import pickle

    from replay.model.elements import Call
    from replay.model.lanes import CallLane

    lane = CallLane("bids 1:H pass", 7, (("H", 1, 6), ("pass", None, 10)))
    assert len(lane) == 2 and lane and lane.compact and not CallLane("bids", 1, ())
    expected = [Call("H", 1, None, (7, 6)), Call("pass", None, None, (7, 10))]
    assert lane == expected and expected == lane and lane[-1] == expected[1]
    assert not lane.compact and list(lane) == expected
    for again in (pickle.loads(pickle.dumps(lane)), copy.deepcopy(lane)):
        assert type(again) is CallLane and again == expected
    fresh = CallLane("bids 1:H pass", 7, (("H", 1, 6), ("pass", None, 10)))
    assert pickle.loads(pickle.dumps(fresh)).compact
    fresh.append(Call("X", None, None, (8, 1)))
    assert fresh == [*expected, Call("X", None, None, (8, 1))]


TAG_LINES = ['[Event "Club night"]', '[A ""]', '[A "x]"]', '[A_b "v"]', '[_ "v"]', '[A"x"]',
             '[ A "x"]', '[A  "x"]', '[A "x" ]', '  [A "x"]', '[A "a\\"b"]', '[A "a"b"]',
             '[A "x"] [B "y"]', '[A "]', '[Na me "x"]', '[É "v"]', '[ "x"]', '[A "x"]x"]',
             '[A "x"] {note}', '[A "ü ; {"]']


@pytest.mark.parametrize("line", TAG_LINES)
def test_a_tag_line_read_whole_reads_as_the_general_way(line):
    """``read_tag_line`` reads a line ending in ``"]`` without its regular expression
    when it can; with a space after it the same line goes the general way.  Both
    give the same tags, places and errors (message and place)."""
    from ingest.bgn.errors import Stop
    from ingest.bgn.tags import read_tag_line
    from replay.model.record import Game

    def read(text: str):
        game = Game()
        try:
            back = read_tag_line(text, text.index("["), 7, game)
        except Stop as e:
            return ("error", e.code, e.pos, e.message)
        return (back, game.tags, game.tag_pos)

    assert read(line) == read(line + " ")


# ------------------------------------------------- declare and trick lines by codes

_DECLARE_GAME = """[Variant "yu4"]

deal 1 dealer 4
hands 1: JH 9H AH 7S 8S 9S TH KD 2: AS TS KS 7D 8D 9D QS JS 3: 7H 8H QH KH AC TC KC QC 4: AD TD QD JD JC 9C 8C 7C
bids H
{}
play 1. JH 7D QH 8C
score 0 0
total 0 0
"""


@pytest.mark.parametrize("line, template", [
    ("declare 1: - 2: run5:AS 3: - 4: -",
     ("declare", ((1, 9, ()), (2, 14, (("run5:AS", 17),)), (3, 25, ()), (4, 30, ())), 4, True, True)),
    ("declare 1: run3:AH carre:J 2: - 3: - 4: run4:QD",
     ("declare", ((1, 9, (("run3:AH", 12), ("carre:J", 20))), (2, 28, ()), (3, 33, ()),
                  (4, 38, (("run4:QD", 41),))), 4, False, True)),
    ("declare 2: run5:AS", ("declare", ((2, 9, (("run5:AS", 12),)),), 2, False, False)),
    ("declare 2: - 1: -", ("declare", ((2, 9, ()), (1, 14, ())), 1, True, False)),
    ("declare 01: -", ("declare", ((1, 9, ()),), 1, True, False)),
    ("declare 1: - 1: -", None),  # a seat twice
    ("declare 0: -", None),
    ("declare 5: -", None),  # no seat 5 in yu4
    ("declare 1:", None),  # a seat with nothing after it
    ("declare 1: 2: -", None),
    ("declare 1: - run3:AH", None),  # a combination after '-'
    ("declare 1: - -", None),
    ("declare 1: run9:AH", None),
    ("declare 1: carre:X", None),
    ("declare 1: RUN3:AH", None),
    ("declare 1:  -", None),  # two spaces
    ("declare 1: - ", None),  # a trailing space
    ("declare \u0661: -", None),  # an Arabic-Indic digit one
    ("declare", None),
])
def test_a_declare_line_read_whole_reads_as_the_general_way(line, template):
    """The declare template (token by token, no regular expression): the exact
    template of each canonical line, None for every other, and the same record and
    verdict both ways whether the template reads the line or the tokenizer does."""
    from ingest.bgn.fastlines import declare_template
    from replay.engine.walk import replay_game

    assert declare_template(line, 4) == template
    text = _DECLARE_GAME.replace("{}", line)
    (fast,) = _read([text.split("\n")], fast_lines=True)
    (slow,) = _read([text.split("\n")], fast_lines=False)
    assert fast == slow
    assert verdict(replay_game(fast)) == verdict(replay_game(slow))


@pytest.mark.parametrize("line, read", [
    ("score 0 0", True), ("score 97 65", True), ("score -20 - 10000 -3000", True),
    ("total 162 0", True), ("total -3000 10000", True),
    ("score 10001 0", False), ("score -3001 0", False), ("score 05 0", False),
    ("score -0 0", False), ("score +5 0", False), ("score 0 0 ", False), ("score  0 0", False),
    ("score 0  0", False), ("score 5 hang 10", False), ("score 97.5 65", False),
    ("total 0 -", False), ("score --", False), ("score - -", True), ("score -", True),
    ("score 0-", False), ("score 1-2", False), ("score 5\u0665", False), ("score", False),
    ("score ", False), ("scores 0 0", False), ("score 0\t0", False), ("total 00", False),
    ("score 99999999999999999999 0", False),
])
def test_a_sheet_line_read_by_its_codes_reads_as_the_general_way(line, read):
    """``sheet_numbers`` reads a score or total line of canonical whole numbers by the
    characters' codes; anything else goes by the template or the tokenizer, and
    either way both read paths give the same record and verdict."""
    from ingest.bgn.fastlines import sheet_numbers
    from replay.engine.walk import replay_game
    from replay.model.lanes import RowPlaces

    values: list = []
    took = line[:6] in ("score ", "total ") and sheet_numbers(
        line, 6, line.startswith("score"), values)
    assert took == read
    if read:
        words = line.split(" ")[1:]
        assert values == [None if w == "-" else Decimal(w) for w in words]
        assert list(RowPlaces(4, line, 6)) == [
            (4, 7 + sum(len(w) + 1 for w in words[:i])) for i in range(len(words))]
    text = _DECLARE_GAME.replace("{}", "declare -").replace(
        "score 0 0\ntotal 0 0", line if line.startswith("total") else line + "\ntotal 0 0")
    (fast,) = _read([text.split("\n")], fast_lines=True)
    (slow,) = _read([text.split("\n")], fast_lines=False)
    assert fast == slow
    assert verdict(replay_game(fast)) == verdict(replay_game(slow))


_HU3_GAME = """[Variant "hu3"]

deal 1 dealer 3
hands 1: 7S 8S 9S TS JS QS / KS AS 7H 2: 8H 9H TH JH QH KH / AH 7D 8D 3: 9D TD JD QD KD AD / 7C 8C 9C
turn TC
talon JC QC KC AC
bids take
{ann}
{ex}
declare 1: - 2: - 3: -
play 1. AS 8H 9D
score 0 0 0
total 0 0 0
result *
"""


@pytest.mark.parametrize("line, template", [
    ("exchange 1: swap 7S take TC discard 8S",
     ("exchange", ((1, 10, (("swap", 13, ("7S",), (18,)), ("take", 21, ("TC",), (26,)),
                            ("discard", 29, ("8S",), (37,)))),), True)),
    ("exchange 1: take JC QC discard 7S 8S 2: take KC",
     ("exchange", ((1, 10, (("take", 13, ("JC", "QC"), (18, 21)),
                            ("discard", 24, ("7S", "8S"), (32, 35)))),
                   (2, 38, (("take", 41, ("KC",), (46,)),))), True)),
    ("exchange 1: swap 7S 1: take TC",  # a seat's prefix again: not the writer's text
     ("exchange", ((1, 10, (("swap", 13, ("7S",), (18,)),)),
                   (1, 21, (("take", 24, ("TC",), (29,)),))), False)),
    ("exchange 01: swap 7S", ("exchange", ((1, 10, (("swap", 14, ("7S",), (19,)),)),), False)),
    ("exchange 1: swap 7S 8S", None),  # swap gives one card
    ("exchange 1: 7S", None),  # a card before its action
    ("exchange 1: swap", None),  # an action with no card
    ("exchange 1: swap 7S take", None),
    ("exchange swap 7S", None),  # no seat
    ("exchange 1: 2: swap 7S", None),
    ("exchange 4: swap 7S", None),  # no seat 4 in hu3
    ("exchange 1: SWAP 7S", None),
    ("exchange 1: swap 7s", None),
    ("exchange 1: swap  7S", None),
    ("exchange 1: swap 7S ", None),
    ("exchange 1: swap 7S!", None),
    ("exchange", None),
])
def test_an_exchange_line_read_whole_reads_as_the_general_way(line, template):
    """The exchange template: the exact template of each canonical line, None for
    every other, and the same record and verdict both ways whichever reads it."""
    from ingest.bgn.fastlines import exchange_template
    from ingest.bgn.writer import game_id, read_game_id, source_is_canonical
    from replay.engine.walk import replay_game

    assert exchange_template(line, 3) == template
    text = _HU3_GAME.replace("{ann}\n", "").replace("{ex}", line)
    (fast,) = _read([text.split("\n")], fast_lines=True)
    (slow,) = _read([text.split("\n")], fast_lines=False)
    assert fast == slow
    assert verdict(replay_game(fast)) == verdict(replay_game(slow))
    if not fast.errors:  # the source is its canonical text when the writer's own
        assert source_is_canonical(fast) == (template is not None and template[-1])
        assert read_game_id(fast) == game_id(fast)


@pytest.mark.parametrize("line, template", [
    ("announce 1: absolut", ("announce", ((1, 10, ("absolut",), (13,)),), True)),
    ("announce 1: tuletroa celad 2: hundred",
     ("announce", ((1, 10, ("tuletroa", "celad"), (13, 22)), (2, 28, ("hundred",), (31,))), True)),
    ("announce 1: absolut 1: volat",
     ("announce", ((1, 10, ("absolut",), (13,)), (1, 21, ("volat",), (24,))), True)),
    ("announce 01: absolut", ("announce", ((1, 10, ("absolut",), (14,)),), False)),
    ("announce 1:", None),
    ("announce 1: 2: absolut", None),
    ("announce absolut", None),
    ("announce 1: Absolut", None),
    ("announce 1: absolut ", None),
    ("announce 1:  absolut", None),
    ("announce 4: absolut", None),
    ("announce 1: absolut!", None),
    ("announce", None),
])
@pytest.mark.parametrize("where", ["after bids", "after declare", "after talon"])
def test_an_announce_line_read_whole_reads_as_the_general_way(line, template, where):
    """The announce template, and the same record and verdict both ways wherever
    the line stands; the source is taken for canonical only where the writer
    writes an announce line (after bids, exchange or declare, or play)."""
    from ingest.bgn.fastlines import announce_template
    from ingest.bgn.writer import game_id, read_game_id, source_is_canonical
    from replay.engine.walk import replay_game

    assert announce_template(line, 3) == template
    text = _HU3_GAME.replace("{ex}\n", "")
    if where == "after bids":
        text = text.replace("{ann}", line)
    elif where == "after declare":
        text = text.replace("{ann}\n", "").replace("play", line + "\nplay")
    else:
        text = text.replace("{ann}\n", "").replace("bids", line + "\nbids")
    (fast,) = _read([text.split("\n")], fast_lines=True)
    (slow,) = _read([text.split("\n")], fast_lines=False)
    assert fast == slow
    assert verdict(replay_game(fast)) == verdict(replay_game(slow))
    if not fast.errors:
        canonical = template is not None and template[-1] and where != "after talon"
        assert source_is_canonical(fast) == canonical
        assert read_game_id(fast) == game_id(fast)


_FIRST = "play 1. JH 7D QH 8C"


@pytest.mark.parametrize("play, compact", [
    # the first line of the section, then the second after it
    *((first, compact) for first, compact in (
        (_FIRST, True),
        ("play 1. JH 7D QH 8C ", False),  # a trailing space
        ("play  1. JH 7D QH 8C", False),
        ("play 1.  JH 7D QH 8C", False),
        ("play 1. JH 7D QH 8c", False),
        ("play 1. JH 7D QH 8\u00c7", False),  # a character past ASCII where a suit stands
        ("play 1. JH 7D QHx8C", False),
        ("play 01. JH 7D QH 8C", False),
        ("play 2. JH 7D QH 8C", False),  # out of order
        ("play 1. JH 7D QH", False),
        ("play 1. JH 7D QH 8C 9C", False),
        ("PLAY 1. JH 7D QH 8C", False),
        ("play 1. JH 7D QH bela 8C", True),  # a bela word: the lane, read the general way
    )),
    *((_FIRST + "\n" + second, compact) for second, compact in (
        ("2. 9H AS TH 7C", True),
        ("2. 9H AS TH 7C ", False),  # a trailing space
        ("2. 9H AS TH  7C", False),
        ("2. 9H AS TH7C", False),
        ("2. 9H AS TH 7c", False),
        ("2. 9H AS TH 1C", False),
        ("2. 9H AS TH 7\u00c7", False),  # a character past ASCII where a suit stands
        ("2.\t9H AS TH 7C", False),
        ("02. 9H AS TH 7C", False),
        ("3. 9H AS TH 7C", False),  # out of order
        ("2. 9H AS TH", False),
        ("2. 9H AS TH 7C 8D", False),
        ("2. 9H AS TH bela", False),
    )),
])
def test_trick_lines_read_by_their_codes_read_as_the_general_way(play, compact):
    """The lane reads the first trick line of a play section (exactly ``play 1.`` and
    ``n`` canonical cards) and each line after it by its length, its number and its
    cards' character codes: only canonical lines stay in the compact lane, anything
    else goes the way it went before (a template, the tokenizer), and either way
    both read paths give the same record and verdict."""
    from replay.engine.walk import replay_game

    text = _DECLARE_GAME.replace("{}", "declare 1: - 2: - 3: - 4: -").replace(_FIRST, play)
    (fast,) = _read([text.split("\n")], fast_lines=True)
    (slow,) = _read([text.split("\n")], fast_lines=False)
    plays = fast.deals[0].plays
    cards = 8 if "\n" in play else 4
    assert (type(plays) is PlayLane and plays.compact and len(plays) == cards) is compact
    assert fast == slow
    assert verdict(replay_game(fast)) == verdict(replay_game(slow))


def test_cards_at_reads_cards_by_their_codes_and_leaves_the_list_on_failure():
    from replay.model.cards import CARD_INDEX, cards_at

    out = [5]
    assert cards_at("12. JH 7D QH 8C", 4, 4, out)
    assert out == [5, CARD_INDEX["JH"], CARD_INDEX["7D"], CARD_INDEX["QH"], CARD_INDEX["8C"]]
    for line in ("1. JH 7D QH 8c", "1. JH 7D QH 8X", "1. JH 7D\tQH 8C", "1.JH 7D QH 8C ",
                 "1. JH 7D Q\u0126 8C"):
        kept = [1, 2]
        assert not cards_at(line, 3, 4, kept), line
        assert kept == [1, 2]


def test_in_card_order_compares_cards_by_their_place_in_canonical_order():
    """The writer's test of a delivery as it writes it: suits S H D C, ranks 7 … A, a
    repeated card in place; a text that names no card is the KeyError of CARD_INDEX."""
    from replay.model.cards import CARD_TEXT, in_card_order

    assert in_card_order(list(CARD_TEXT)) and in_card_order([]) and in_card_order(["AS", "AS"])
    assert not in_card_order(["7H", "AS"]) and not in_card_order(["8S", "7S"])
    assert not in_card_order(list(reversed(CARD_TEXT)))
    for bad in (["7S", "1S"], ["7S", "7s"], ["7S", "10S"], ["\u00c0S"]):
        with pytest.raises(KeyError):
            in_card_order(bad)


def _simulated_text(variant: str) -> str:
    from ingest.bgn.writer import write_game
    from replay.simulate import simulate_games

    (game,) = simulate_games(variant, 1, 3, max_deals=2)
    return write_game(game, comments=False)


@pytest.mark.parametrize("edit", [
    None,
    ("turn", "turn 7h"), ("turn", "turn 7H "), ("turn", "turn  7H"), ("turn", "turn 7H 8H"),
    ("turn", "turn 7\u00c7"), ("turn", "turn"), ("turn", "TURN 7H"),
    ("talon", "talon 7S 8S 9S QD"), ("talon", "talon 7S 8S 9s QD"),
    ("talon", "talon 7S 8S  9S QD"), ("talon", "talon 7S 8S 9S QD "), ("talon", "talon"),
    ("talon", "talon 7S 8S 9S Q\u0126"), ("talon", "talon 7S"),
])
def test_turn_and_talon_lines_read_by_their_codes_read_as_the_general_way(edit):
    """``turn`` and ``talon`` lines are read by their cards' codes when they are
    exactly the keyword and canonical cards; whatever the line, both read paths
    give the same record, the same parse error, the same verdict."""
    from replay.engine.walk import replay_game

    lines = _simulated_text("hu3").split("\n")
    if edit is not None:
        at = next(i for i, x in enumerate(lines) if x.split(" ")[0] == edit[0])
        lines[at] = edit[1]
    (fast,) = _read([list(lines)], fast_lines=True)
    (slow,) = _read([list(lines)], fast_lines=False)
    assert fast == slow
    if edit is None:
        assert not fast.errors and fast.deals[0].turn and fast.deals[0].talon
    assert verdict(replay_game(fast)) == verdict(replay_game(slow))


@pytest.mark.parametrize("edit", [
    ("10. ", "10. "),  # as written
    ("10. ", "010. "), ("10. ", "1O. "), ("10. ", "10, "), ("10. ", "10.  "),
    ("11. ", "12. "), ("12. ", "11. "), ("10. ", "\u0661\u0660. "),
])
def test_two_digit_trick_lines_read_by_their_codes_read_as_the_general_way(edit):
    """Trick lines ten and up are read by their two digits' codes; a number
    misspelled or out of order goes the general way, to the same record."""
    from replay.engine.walk import replay_game

    lines = _simulated_text("hu2").split("\n")  # (hu2 deals have up to 16 tricks)
    tens = [i for i, x in enumerate(lines) if x.startswith(edit[0])]
    assert tens
    lines[tens[0]] = edit[1] + lines[tens[0]][len(edit[0]):]
    (fast,) = _read([list(lines)], fast_lines=True)
    (slow,) = _read([list(lines)], fast_lines=False)
    plays = fast.deals[0].plays
    if edit[0] == edit[1]:  # (before the comparison, which lists the plays)
        assert type(plays) is PlayLane and plays.compact
    assert verdict(replay_game(fast)) == verdict(replay_game(slow))
    assert fast == slow


@pytest.mark.parametrize("rest", [
    "",  # the line alone: it stays compact
    "\n3: KS QH AS AD 7C 9C 4: 7S 9S 7H 9H TC JC",  # more seats on the next line
    "\n/ 8S 9S",  # the last seat's second delivery on the next line
    "\n{a comment} 3: KS QH AS AD 7C 9C",
    "\n3:",  # a seat with no card: the general path's error
    "\n2: AH",  # a seat twice: the general path's error
])
def test_a_hands_line_read_whole_then_continued_reads_as_the_general_way(rest):
    """A hands line read whole stays its line (``HandsLine``) until something asks
    for its lists; a hands section continued on the next line turns it into lists
    where the general path reads on, to the same record, errors and verdict."""
    from replay.engine.walk import replay_game
    from replay.model.lanes import HandsLine

    text = ('[Variant "yu4"]\n\ndeal 1 dealer 4\nhands 1: KS QH AH KD QC AC 2: TS JS TH KH 9D TD'
            + rest + "\nbids H\nplay 1. KS TS 8S 7S\nscore 0 0\ntotal 0 0\n")
    (fast,) = _read([text.split("\n")], fast_lines=True)
    (slow,) = _read([text.split("\n")], fast_lines=False)
    hands = fast.deals[0].hands if fast.deals else None
    assert (type(hands) is HandsLine) is (rest == "")
    assert verdict(replay_game(fast)) == verdict(replay_game(slow))
    if rest == "":
        assert hands.compact and hands.card_sums() is not None  # the engine read the codes
        assert hands[1] == [["KS", "QH", "AH", "KD", "QC", "AC"]] and not hands.compact
        assert hands.card_sums() is None  # the lists are the record now
    assert fast == slow


def test_a_hands_line_gives_its_sums_counts_order_and_places_by_its_codes():
    """``HandsLine``: per seat the sum of its card bits and its count, whether each
    delivery stands in card order, the card places, and the lists on demand; a
    repeated card shows in the sum's bit count (the layout's test)."""
    from replay.model.cards import CARD_INDEX
    from replay.model.lanes import HandsLine

    line = "hands 1: 7S AS / KH 2: 8D AS"
    (game,) = parse_games(f'[Variant "bg2"]\n\ndeal 1 dealer 1\n{line}\n')
    hands = game.deals[0].hands
    assert type(hands) is HandsLine and len(hands) == 2 and list(hands) == [1, 2]
    assert 1 in hands and 3 not in hands and hands.compact
    bit = {t: 1 << CARD_INDEX[t] for t in ("7S", "AS", "KH", "8D")}
    assert hands.card_sums() == [bit["7S"] + bit["AS"] + bit["KH"], bit["AS"] + bit["8D"]]
    assert [hands.count(0), hands.count(1)] == [3, 2]
    assert hands.in_card_order() is False  # '8D AS': AS stands before 8D in card order
    assert game.deals[0].hand_card_pos[1] == [(4, 10), (4, 13), (4, 18)]
    assert game.deals[0].hand_seat_pos == {1: (4, 7), 2: (4, 21)}
    assert hands == {1: [["7S", "AS"], ["KH"]], 2: [["8D", "AS"]]} and not hands.compact
    assert hands.in_card_order() is False and hands.card_sums() is None
    # read as a dict is: its views, reversible
    assert list(reversed(hands.items())) == [(2, [["8D", "AS"]]), (1, [["7S", "AS"], ["KH"]])]
    assert list(reversed(hands)) == [2, 1] and list(hands.keys()) == [1, 2]
    assert list(hands.values()) == [[["7S", "AS"], ["KH"]], [["8D", "AS"]]]
    assert hands.get(3) is None and hands.get(2) == [["8D", "AS"]]


def test_call_of_remembers_each_token_and_answers_as_before():
    from ingest.bgn.lexer import _call_of, call_of

    for tok in ("pass", "PASS", "Pass", "h", "H", "nt", "80H", "80h", "90NT", "capotS", "X",
                "xx", "take", "JH", "7S", "1000C", "", "80", "passe"):
        assert call_of(tok) == _call_of(tok) == call_of(tok), tok


def test_popcount_counts_the_bits_of_any_mask():
    """The layout's count of a seat's card bits (by a table of bytes up to 32 bits)."""
    import random

    from replay.model.cards import popcount

    rng = random.Random(17)
    masks = [0, 1, (1 << 32) - 1, 1 << 31, 1 << 32, (1 << 33) + 5, -1, -(1 << 40)]
    masks += [rng.getrandbits(rng.choice((8, 31, 32, 33, 64))) for _ in range(500)]
    for mask in masks:
        assert popcount(mask) == mask.bit_count(), mask
