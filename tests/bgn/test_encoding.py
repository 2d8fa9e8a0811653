"""Bytes that are not UTF-8 (P104, docs/codes.md): where the reader places them, which game
gets the finding, what the encoding guess says, and that nothing is turned into U+FFFD."""

from __future__ import annotations

import pytest

from ingest.bgn.encoding import escape_undecoded, looks_like
from ingest.bgn.lexer import CHUNK_CHARS
from ingest.bgn.reader import read_games

ANN = ('[Variant "yu4"]\n[Seat1 "Ann"]\n\ndeal 1 dealer 4\nbids pass H\n'
       "play 1. JH 7D QH 8C\nresult *\n")
UTF8_NOT = "is not UTF-8 text"


def places(data: bytes, encoding: str | None = None) -> list[tuple[int, str, int, int | None]]:
    """(game, code, line, col) of each game's first parse error; (game, "", line, None) clean."""
    out = []
    for g in read_games(data, encoding=encoding):
        e = g.errors[0] if g.errors else None
        out.append((g.index, e.code, e.line, e.col) if e else (g.index, "", g.line, None))
    return out


def undecoded(text: bytes) -> str:
    return text.decode("utf-8", "surrogateescape")


@pytest.mark.parametrize(("text", "looks"), [
    ("Иван Петров".encode("cp1251"), ("cp1251",)),
    ("Ђорђе".encode("cp1251"), ("cp1251",)),
    ("Łukasz".encode("cp1250"), ("cp1250",)),
    ("Ćirić".encode("cp1250"), ("cp1250",)),
    ("Szőke".encode("cp1250"), ("cp1250",)),
    ("Müller Renée".encode("cp1252"), ("cp1252",)),
    ("Šimić".encode("cp1250"), ("cp1250",)),  # ć: 0xE6, where cp1252 has æ
    ("Šime".encode("cp1252"), ("cp1252",)),  # Š is 0x8A in both
    ("Michèle".encode("cp1252"), ("cp1252", "cp1250")),  # è or č
    (b"seat \xa7\xb1", None),  # bytes that read as no letter (§ ±)
    (b"ascii only", None),
])
def test_the_encoding_the_bytes_look_like(text: bytes, looks):
    assert looks_like(undecoded(text)) == looks


def test_an_undecodable_byte_is_written_with_its_value_where_utf8_is_needed():
    assert escape_undecoded(undecoded(b"Ren\xe9e \xc8\xe2")) == "Ren\\xE9e \\xC8\\xE2"
    assert escape_undecoded("Renée ♥") == "Renée ♥"


def test_the_game_with_the_byte_gets_p104_and_the_others_are_read():
    data = ANN.encode() + b"\n" + ANN.replace("Ann", "Ren\xe9e").encode("latin-1") + b"\n" + ANN.encode()
    games = list(read_games(data))
    assert places(data) == [(1, "", 1, None), (2, "P104", 10, 12), (3, "", 17, None)]
    assert games[1].errors[0].message == (
        "byte 0xE9 is not UTF-8 text; it looks like cp1252 (latin-1, Western European): "
        "read the file with --encoding cp1252")
    assert games[1].tags["Seat1"] == "Ren\\xE9e"  # never a surrogate, never U+FFFD
    assert games[1].source_text.encode("utf-8", "surrogateescape") == (
        ANN.replace("Ann", "Ren\xe9e").encode("latin-1"))  # the text as read, byte for byte
    assert [g.tags["Seat1"] for g in read_games(data, encoding="latin-1")] == ["Ann", "Renée", "Ann"]


def test_crlf_line_ends_do_not_move_the_column():
    data = ANN.replace("Ann", "Ren\xe9e").replace("\n", "\r\n").encode("latin-1")
    assert places(data) == [(1, "P104", 2, 12)]


@pytest.mark.parametrize(("movetext", "line", "col"), [
    ("play 1. JH 7D QH 8C {Ren\xe9e\nwas here}\n", 6, 25),  # in a comment over two lines
    ("play 1. JH 7D QH 8C {a long\ncomment, Ren\xe9e}\n", 7, 13),  # on its second line
    ("play 1. JH 7D Q\xe9 8C\n", 6, 16),  # in a token: not P101
    ("play 1. JH 7D QH 8C\n", 7, 14),  # in a comment after the result, below
])
def test_the_byte_is_placed_where_it_stands_in_the_game(movetext: str, line: int, col: int):
    game = ANN.replace("play 1. JH 7D QH 8C\n", movetext)
    if "\xe9" not in movetext:
        game = game.replace("result *", "result * {Ren\xe9e}")
    data = game.encode("latin-1") + b"\n" + ANN.encode()
    found = places(data)
    assert found[0] == (1, "P104", line, col)
    assert found[1][:2] == (2, "")  # the next game is read


def test_an_error_on_an_earlier_line_stays_the_games_error():
    game = ANN.replace("bids pass H", "bids pass XYZ").replace("Q", "Q\xe9")
    assert places(game.encode("latin-1")) == [(1, "P101", 5, 11)]


def test_a_byte_in_a_comment_before_the_first_game_is_the_first_games():
    data = b"{Ren\xe9e's club}\n" + ANN.encode() + b"\n" + ANN.encode()
    assert places(data) == [(1, "P104", 1, 5), (2, "", 10, None)]


def test_a_byte_on_the_last_line_without_a_line_end():
    # an unterminated comment after the result: the game's text, so the game's P104
    data = ANN.encode() + b"\n{Ren\xe9e"
    assert places(data) == [(1, "P104", 9, 5)]


def test_a_line_cut_between_two_blocks_of_the_reader_is_placed_from_its_start():
    head = "{" + "x" * (CHUNK_CHARS - 40) + "}\n"  # the next line starts 38 characters before the cut
    tail = '[Variant "yu4"]\n[Seat1 "' + "y" * 60 + "Ren\xe9e" + '"]\n'
    data = head.encode() + tail.encode("latin-1") + ANN.split("\n", 2)[2].encode()
    assert places(data) == [(1, "P104", 3, 72)]


def test_a_byte_another_encoding_leaves_undefined_is_p104_in_that_encoding():
    data = ANN.replace("Ann", "\u0418\u0432\u0430\u043d").encode("cp1251").replace(b"\xc8", b"\x98")
    (game,) = read_games(data, encoding="cp1251")
    assert (game.errors[0].line, game.errors[0].col) == (2, 9)
    assert game.errors[0].message == "byte 0x98 is not cp1251 text"


def test_a_byte_in_a_line_the_fast_reader_would_read_is_p104():
    """A hands line is read whole, by its bytes, when it is canonical: a line with an
    undecodable byte goes to the tokenizer instead (the fuzzer's input
    tests/fuzz/findings/bgn-byte-not-utf8-in-a-hands-line)."""
    hands = ("hands 1: 7S 8S 7H 8H 7D 8D / 7C 8C 2: 9S\xd8TS 9H TH 9D TD / 9C TC "
             "3: JS QS JH QH JD QD / JC QC 4: KS AS KH AH KD AD / KC AC\n")
    data = ANN.replace("bids pass H\n", hands + "bids pass H\n").encode("latin-1")
    (game,) = read_games(data)
    assert [(e.code, e.line, e.col, e.deal) for e in game.errors] == [("P104", 5, 41, 1)]
