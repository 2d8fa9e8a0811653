"""What the fuzzer checks on every input, beside "nothing raises".

Each check takes the bytes of one input, reads them as a file is read (UTF-8,
a byte that is not UTF-8 kept for P104, a leading BOM dropped) and raises
``AssertionError`` when a property fails; any other exception is a crash of the
reader, the writer, the JSON form or the engine.  The same functions run under
atheris (``tests/fuzz/harness.py``) and in the regression tests, so an input
the fuzzer saved replays here exactly as it ran there.

For every game that reads without a parse error:

- the writer's canonical text reads again to one game with no error, the same
  record (equal JSON forms, but for what docs/bgn/canonical.md says the canonical
  text changes: a number at the start of every trick line, ``}`` in a comment
  written ``)``) and the same text;
- its JSON form is one line for every JSON Lines reader (no character that
  ``str.splitlines`` ends a line at) and reads back to the same canonical text;
- validation gives the same report for the game as read and for its canonical
  text, places aside (the canonical text is the only game of its text and puts
  tokens on other lines and columns), and the report is one JSON line that reads
  back to its fields.

A game that does not read carries exactly one located P101, P103 or P104 (a
byte that is not UTF-8: located to its column in JSON Lines too).  The canonical
text of a game that reads is UTF-8 (no byte that could not be decoded reaches it).
"""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from typing import Any

from ingest.bgn import game_from_json, game_to_json, parse_games, read_games, read_jsonl, write_game
from ingest.bgn.jsonform import dumps_game
from ingest.validation import validate_game
from replay.engine.report import GameReport
from replay.model.record import Game
from replay.model.variants import table_facts

#: the file name the reports carry (any name: it only has to be the same both times)
FILE = "fuzz.bgn"


def check_bgn(data: bytes) -> None:
    """``data`` as a BGN file: every game through the reader, writer, JSON form and
    engine."""
    for game in read_games(data):
        check_game(game, with_columns=True)


def check_jsonl(data: bytes) -> None:
    """``data`` as a JSON Lines file: every line through the JSON form's reader, then
    each game as for BGN (a finding read from JSON Lines has no column)."""
    for game in read_jsonl(data):
        check_game(game, with_columns=False)


def check_game(game: Game, with_columns: bool) -> None:
    """The checks of the module's docstring on one game as read (``with_columns``:
    read from BGN, where a parse error has a column)."""
    if game.errors:
        assert len(game.errors) == 1, game.errors
        e = game.errors[0]
        assert e.code in ("P101", "P103", "P104"), e
        placed = with_columns or e.code == "P104"
        assert e.line >= 1 and (e.col is None if not placed else e.col >= 1), e
        report = validate_game(game, FILE)
        assert [v.code for v in report.violations] == [e.code]
        check_report_line(report)
        return
    text = write_game(game)
    text.encode("utf-8")  # raises on a lone surrogate
    again = list(parse_games(text))
    assert len(again) == 1, (text, again)
    canonical = again[0]
    assert canonical.errors == [], (text, canonical.errors)
    assert write_game(canonical) == text
    assert as_canonical(game_to_json(game), game_to_json(canonical)) == game_to_json(canonical)
    line = dumps_game(game)
    assert line.splitlines() == [line], line
    back = game_from_json(json.loads(line, parse_float=Decimal))
    assert write_game(back) == text
    report = validate_game(game, FILE)
    assert without_places(validate_game(canonical, FILE)) == without_places(report), text
    check_report_line(report)


def as_canonical(record: dict[str, Any], canonical: dict[str, Any]) -> dict[str, Any]:
    """``record`` (a JSON form) as its canonical text gives it back: with the trick
    number the canonical form wrote on a card that had none (the card's position,
    at the start of a trick line) and every comment's ``}`` written ``)``."""
    players = table_facts(record["tags"].get("Variant")).players
    out = copy.deepcopy(record)
    out["comments"] = [c.replace("}", ")") for c in out.get("comments", [])]
    if not out["comments"]:
        del out["comments"]
    for deal, again in zip(out["deals"], canonical["deals"], strict=True):
        for entry in (*deal.get("bids", []), *deal.get("plays", [])):
            if "comment" in entry:
                entry["comment"] = entry["comment"].replace("}", ")")
        for i, (play, read) in enumerate(zip(deal.get("plays", []), again.get("plays", []),
                                             strict=True)):
            if "trick" not in play and read.get("trick") == i // players + 1:
                play["trick"] = read["trick"]
    return out


def without_places(report: GameReport) -> dict[str, object]:
    """The report of docs/bgn/report.md without where the game stands in its file
    (``game``), without every finding's line and column, and so with the findings
    in an order of their own (a report lists them by place, and the canonical text
    sorts the cards of a hand).  Warnings likewise, less the W701 of a date read in
    another form: the canonical text writes that date ``YYYY.MM.DD``, with no warning."""
    out = report.to_json()
    del out["game"]
    found = [{k: v for k, v in f.items() if k not in ("line", "col")}
             for f in out["violations"]]  # type: ignore[attr-defined]
    out["violations"] = sorted(found, key=lambda f: json.dumps(f, sort_keys=True))
    warned = [{k: v for k, v in f.items() if k not in ("line", "col")}
              for f in out.get("warnings", [])  # type: ignore[attr-defined]
              if f["code"] != "W701"]
    out["warnings"] = sorted(warned, key=lambda f: json.dumps(f, sort_keys=True))
    return out


def check_report_line(report: GameReport) -> None:
    """``belot validate --json``'s line for the report: one line whatever reads it, and
    the report's own fields when read back."""
    line = report.json_line()
    assert line.splitlines() == [line], line
    assert json.loads(line) == json.loads(json.dumps(report.to_json()))


TARGETS = {"bgn": check_bgn, "jsonl": check_jsonl}
