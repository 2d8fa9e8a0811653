"""What coverage-guided fuzzing found (tests/fuzz, docs/dev/fuzzing.md), each with
the exact outcome it has now, and the saved inputs replayed through the
fuzzer's own checks.

A JSON Lines object with no tags, no deals and no result is not a game (P101),
as a BGN text with neither tags nor movetext holds none.

A score-sheet number is kept by its value, not its spelling
(``ingest.bgn.lexer.sheet_value``): ``-0``, ``034``, ``34.0`` and ``128.50`` are
0, 34, 34 and 128.5, as the canonical text writes them.  The fuzzer found a
hu2 record with ``total 6 -0`` whose S602 said ``not -0`` as read and ``not 0``
from its canonical text: the same record gave two reports.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from belot.cli import main
from fuzz.properties import check_bgn, check_jsonl
from ingest.bgn import parse_games, read_jsonl, write_game
from ingest.bgn.jsonform import dumps_game
from ingest.validation import format_violation, validate_game

ROOT = Path(__file__).resolve().parents[2]
FINDINGS = Path(__file__).resolve().parent / "findings"

#: the first game of data/samples/yu4-rules.bgn: a clean deal, side A 34, side B 128
CLEAN = (ROOT / "data" / "samples" / "yu4-rules.bgn").read_text(encoding="utf-8").split(
    "\n\n[")[0] + "\n"


def lines(game, name: str = "club.bgn") -> list[str]:
    report = validate_game(game, name)
    return [format_violation(report, v) for v in report.violations]


@pytest.mark.parametrize(("total", "col", "written"), [
    ("34.0 -0", 12, "0"),
    ("034 128.50", 11, "128.5"),
    ("34 -0.0", 10, "0"),
])
def test_s602_quotes_a_written_total_by_its_value_as_read_and_from_the_canonical_text(
        total, col, written):
    """S602 (a total that is not the engine's, docs/bgn/report.md) at the first number
    that differs; a number spelt another way but equal is no finding."""
    (game,) = parse_games(CLEAN.replace("total 34 128", f"total {total}"))
    assert game.errors == []
    message = f"S602 total for side B is 128, not {written} (game 1, deal 1)"
    assert lines(game) == [f"club.bgn:20:{col}: {message}"]
    (canonical,) = parse_games(write_game(game))
    assert lines(canonical) == [f"club.bgn:17:10: {message}"]
    (from_json,) = read_jsonl((dumps_game(game) + "\n").encode("utf-8"))
    assert lines(from_json) == [f"club.bgn:1: {message}"]


def test_a_json_total_of_minus_zero_and_trailing_zeros_is_its_value():
    line = dumps_game(next(parse_games(CLEAN))).replace(
        '"total":[34,128]', '"total":[34.00,-0.0]')
    assert '"total":[34.00,-0.0]' in line
    (game,) = read_jsonl((line + "\n").encode("utf-8"))
    assert game.errors == []
    assert [str(v) for v in game.deals[0].total.values] == ["34", "0"]
    assert lines(game) == ["club.bgn:1: S602 total for side B is 128, not 0 (game 1, deal 1)"]


def test_a_json_object_with_no_tags_deals_or_result_is_not_a_game(tmp_path, capfd):
    """``{}`` once read as a game with no BGN text: ``belot convert --to bgn`` wrote
    nothing for it, and comments alone wrote a comment that reads as no game.  As
    in BGN, a game is its tags and its movetext."""
    src = tmp_path / "club.jsonl"
    src.write_text('{}\n{"comments":["x"]}\n{"tags":{},"deals":[]}\n{"result":"*"}\n',
                   encoding="utf-8")
    assert main(["validate", "-j", "1", str(src)]) == 1
    out, _ = capfd.readouterr()
    message = "P101 game: no tags, deals or result: not a game"
    assert out.splitlines() == [
        f"{src}:1: {message} (game 1)", f"{src}:2: {message} (game 2)",
        f"{src}:3: {message} (game 3)",
        f"{src}:4: P102 missing [Variant] tag: the ruleset is required "
        '(e.g. [Variant "yu4"]) (game 4)']
    (game,) = [g for g in read_jsonl(str(src)) if not g.errors]
    assert write_game(game) == "result *\n"


HU3 = ('{"tags":{"Variant":"hu3"},"deals":[{"deal":1,"dealer":3,%s"announce":[{"seat":1,'
       '"figures":["absolut"],"after":"%s"}]%s}],"result":"*"}\n')


@pytest.mark.parametrize(("before", "after", "rest", "error"), [
    ('"turn":"7S",', "turn", "", None),
    ('"turn":"7S",', "rids", "", ("P101", "expected a section keyword in 'after', found 'rids'")),
    ('"turn":"7S",', "bids", "", ("P103", "'announce' after 'bids', but in this deal it "
                                          "follows 'turn'")),
    ("", "exchange", "", ("P103", "'announce' after 'exchange' in a deal without it")),
    ('"bids":[{"call":"pass"}],', "declare", ',"exchange":[{"seat":1,"action":"take",'
     '"cards":["7S"]}]', ("P103", "'announce' after 'declare', but in this deal it follows "
                                  "'exchange'")),
])
def test_announce_after_is_the_section_it_follows_in_the_deal(before, after, rest, error):
    """``announce.after`` is the keyword of the section just before it, as the BGN
    reader records it.  Any other string once read, and came back from the
    canonical text as another record: ``rids`` became ``bids``."""
    (game,) = read_jsonl((HU3 % (before, after, rest)).encode("utf-8"))
    if error is None:
        assert game.errors == []
        assert write_game(game) == '[Variant "hu3"]\n\ndeal 1 dealer 3\nturn 7S\n' \
            "announce 1: absolut\nresult *\n"
    else:
        assert [(e.code, e.line, e.col, e.message) for e in game.errors] == [
            (error[0], 1, None, f"deal 1.announce[0]: {error[1]}")]


@pytest.mark.parametrize("path", sorted(FINDINGS.iterdir()), ids=lambda p: p.name)
def test_every_saved_input_passes_the_fuzzers_checks(path):
    """The inputs that failed a check once (named ``TARGET-what``), run through the
    same checks as under atheris."""
    check = check_jsonl if path.name.startswith("jsonl-") else check_bgn
    check(path.read_bytes())
