"""Property tests of the notation layer: canonical fixed point, JSON round trip,
both read paths agreeing, positions pointing at their tokens, forgiving input,
and fuzzing (reader and writer never raise)."""

from __future__ import annotations

import io
import json
import os
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.strategies import games

from ingest.bgn.jsonform import game_from_json, game_to_json
from ingest.bgn.reader import _read, parse_games, scan_headers
from ingest.bgn.writer import write_game, write_games

#: scale with BGN_PROP_EXAMPLES=3000 for a long local run; the default keeps the suite quick
SCALE = int(os.environ.get("BGN_PROP_EXAMPLES", "100"))
SETTINGS = settings(max_examples=SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def read_all(text: str, fast: bool = True) -> list:
    return list(_read([text.split("\n")], fast_lines=fast))


def read_one(text: str):
    got = read_all(text)
    assert len(got) == 1, [g.errors for g in got]
    assert got[0].errors == []
    return got[0]


@SETTINGS
@given(games())
def test_canonical_text_is_a_fixed_point(game):
    text = write_game(game)
    assert text.endswith("\n") and not text.endswith("\n\n")
    assert write_game(read_one(text)) == text


@SETTINGS
@given(st.lists(games(tagged=True), min_size=1, max_size=4))
def test_several_games_read_back_as_the_same_games(gs):
    for g in gs[:-1]:
        if not g.deals and g.result is None:
            g.result = "*"  # tags alone do not end a game (docs/bgn/reading.md)
    out = io.StringIO()
    write_games(gs, out)
    text = out.getvalue()
    back = list(parse_games(text))
    assert [g.errors for g in back] == [[] for _ in gs]
    assert [g.index for g in back] == list(range(1, len(gs) + 1))
    assert list(scan_headers(io.StringIO(text))) == [g.tags for g in back]
    again = io.StringIO()
    write_games(back, again)
    assert again.getvalue() == text


@SETTINGS
@given(games())
def test_json_round_trip_gives_the_same_bytes(game):
    text = write_game(game)
    parsed = read_one(text)
    obj = game_to_json(parsed)
    wire = json.dumps(obj, ensure_ascii=False)
    back = game_from_json(json.loads(wire))
    assert write_game(back) == text
    assert game_to_json(back) == obj


@SETTINGS
@given(games())
def test_fast_lines_and_general_tokenizer_agree(game):
    text = write_game(game)
    fast = read_all(text, fast=True)
    slow = read_all(text, fast=False)
    assert fast == slow


@SETTINGS
@given(games())
def test_positions_point_at_their_tokens(game):
    text = write_game(game)
    lines = text.split("\n")
    g = read_one(text)

    def at(pos, length=2):
        line, col = pos
        return lines[line - 1][col - 1:col - 1 + length]

    for name, pos in g.tag_pos.items():
        assert at(pos, len(name) + 1) == "[" + name
    for deal in g.deals:
        assert at(deal.pos, 4) == "deal"
        assert at(deal.number_pos, len(str(deal.number))) == str(deal.number)
        for seat, cards in (deal.hands or {}).items():
            flat = [c for d in cards for c in d]
            assert [at(p) for p in deal.hand_card_pos[seat]] == flat
            assert at(deal.hand_seat_pos[seat], 2) == f"{seat}:"
        if deal.turn:
            assert at(deal.turn_pos) == deal.turn
        for c in deal.bids or []:
            assert at(c.pos, len(c.call) + (0 if c.seat is None else 2)).endswith(c.call)
        for combos in (deal.declare or {}).values():
            for c in combos:
                assert at(c.pos, len(c.text)) == c.text
        for p in deal.plays or []:
            assert at(p.pos, 2 if p.seat is None else 4).endswith(p.card)
            if p.trick is not None:
                assert at(p.trick_pos, len(str(p.trick)) + 1) == f"{p.trick}."
            if p.bela:
                assert at(p.bela_pos, len(p.bela.split()[0])) == p.bela.split()[0]
        if deal.claim:
            assert at(deal.claim.pos, 5) == "claim"
        for line in (deal.score, deal.total):
            if line is None:
                continue
            assert at(line.pos, 5) in ("score", "total")
            for v, p in zip(line.values, line.value_pos, strict=True):
                assert at(p, 1) == ("-" if v is None else at(p, 1))
    if g.result is not None:
        assert at(g.result_pos, len(g.result)) == g.result


# ---------------------------------------------------------------------- forgiving input

_TOKEN = re.compile(r"\S+")
_CARD = re.compile(r"(\d+:)?([789TJQKA])([SHDC])([!?]*)$")
_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


@st.composite
def forgiving(draw, text: str) -> str:
    """The same record written the ways a person might: other line breaks and spacing,
    lower case, ``10`` and suit symbols, glued trick numbers and seat prefixes, CRLF, BOM."""
    out = []
    for line in text.split("\n"):
        if line.startswith("["):
            out.append(line + draw(st.sampled_from(["", "  ", " ; note"])))
            continue
        toks = line.split(" ")
        pieces = []
        in_comment = False
        for i, tok in enumerate(toks):
            if not in_comment and not tok.startswith("{"):
                m = _CARD.match(tok)
                if m and draw(st.booleans()):
                    rank = "10" if m.group(2) == "T" and draw(st.booleans()) else m.group(2)
                    suit = m.group(3)
                    style = draw(st.integers(0, 2))
                    if style == 1:
                        suit = suit.lower()
                    elif style == 2:
                        suit = _SYMBOL[suit] + draw(st.sampled_from(["", "\ufe0f"]))
                    tok = (m.group(1) or "") + rank.lower() * 0 + rank + suit + m.group(4)
                elif tok.isalpha() and draw(st.integers(0, 3)) == 0:
                    tok = tok.upper()
            if tok.startswith("{"):
                in_comment = True
            if in_comment and tok.endswith("}"):
                in_comment = False
                pieces.append(tok)
            else:
                pieces.append(tok)
            if i < len(toks) - 1:
                glue = (not in_comment and re.fullmatch(r"\d+[.:]", tok) is not None
                        and not toks[i + 1].startswith("{") and draw(st.booleans()))
                pieces.append("" if glue else draw(st.sampled_from([" ", "  ", "\t", "\n", " \n  "])))
        out.append("".join(pieces))
    sep = draw(st.sampled_from(["\n", "\r\n"]))
    body = sep.join(out)
    return draw(st.sampled_from(["", "\ufeff"])) + body


@SETTINGS
@given(st.data())
def test_forgiving_input_reads_to_the_same_record(data):
    game = data.draw(games())
    text = write_game(game)
    canonical = read_one(text)
    messy = data.draw(forgiving(text))
    got = list(parse_games(messy))
    assert len(got) == 1 and got[0].errors == [], (messy, got[0].errors if got else None)
    assert game_to_json(got[0]) == game_to_json(canonical)
    assert write_game(got[0]) == text


# ---------------------------------------------------------------------- fuzzing

_ALPHABET = st.sampled_from(list("[]{}\";:./-!?*\\ \t\n\r0123456789") + [
    "deal ", "dealer ", "hands ", "bids ", "play ", "score ", "total ", "result ", "declare ",
    "exchange ", "announce ", "turn ", "talon ", "claim ", "rest ", "game ", "bela ", "hang ",
    "JH ", "10h ", "A\u2660 ", "pass ", "90H ", "run3:AS ", "carre:J ", "1: ", "2:", "1. ",
    "[Variant \"yu4\"]\n", "[Variant \"hu3\"]\n", "swap ", "take ", "absolut ", "\ufeff",
])


def check_never_raises(text: str) -> None:
    for g in parse_games(text):
        assert isinstance(g.index, int) and g.index >= 1
        if g.errors:
            assert len(g.errors) == 1
            e = g.errors[0]
            assert e.code in ("P101", "P103") and e.line >= 1 and e.col >= 1
            continue
        c = write_game(g)
        if not c:
            continue
        again = read_one(c)
        assert write_game(again) == c
        assert write_game(game_from_json(json.loads(json.dumps(game_to_json(again))))) == c


@settings(max_examples=2 * SCALE, deadline=None)
@given(st.lists(_ALPHABET, max_size=60).map("".join))
def test_reader_and_writer_never_raise_on_random_text(text):
    check_never_raises(text)


@settings(max_examples=SCALE, deadline=None)
@given(st.text(max_size=200))
def test_reader_never_raises_on_arbitrary_unicode(text):
    check_never_raises(text)


@SETTINGS
@given(st.data())
def test_reader_and_writer_never_raise_on_mutated_records(data):
    text = write_game(data.draw(games()))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        op = data.draw(st.integers(0, 2))
        if op == 0:
            text = text[:i] + text[i + 1:]
        elif op == 1:
            text = text[:i] + data.draw(_ALPHABET) + text[i:]
        else:
            j = data.draw(st.integers(i, min(len(text), i + 12)))
            text = text[:i] + text[j:] + text[i:j]
    check_never_raises(text)
