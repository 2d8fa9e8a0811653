"""The rule books' worked examples, replayed as whole records by ``belot validate``.

Each file in ``tests/records/worked/`` holds the games of one family of worked
examples (T01..T25 of docs/rules/readings.md and the examples quoted in the rule rows:
yu4-26, bg4-46, bg4-50, ...), written by hand so that the book's situation
occurs in a whole deal; the comments in each file work the arithmetic out.

The expectations below are the rule book's, written from the matrix and not
from the engine: for every game, the exact findings (code, place, deal, trick,
seat) and, for every deal, ``made``, the score, the running total and the
hanging points.  The test runs the real command (``python -m belot validate
--json`` in a subprocess) over the folder and checks that

- the report holds exactly those findings, at those places;
- the engine's own figures are the book's numbers;
- the record's own ``score``/``total`` lines are the book's numbers too, so
  the absence of S601/S602 in the report says the engine agrees with them.

A finding's place is given as the start of the record line it stands on
(unique within its game) and the offending token on that line, so that a
reader can see which card is meant; the test turns that into line:col.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from support.engine_util import Deal
from support.ingest_util import REPO, run_cli

from ingest.bgn.reader import read_games

WORKED = REPO / "tests" / "records" / "worked"


@dataclass(frozen=True)
class Finding:
    """One finding the book's ruling implies: ``code`` on ``token`` of the line
    that starts with ``line``, in ``deal``, with the report's trick and seat."""

    code: str
    line: str
    token: str
    trick: int | None
    seat: int | None
    deal: int = 1


@dataclass(frozen=True)
class Example:
    name: str
    findings: tuple[Finding, ...]
    deals: tuple[Deal, ...]
    result: str = "*"


def one(name: str, made: bool | None, score: tuple[int, ...], *findings: Finding,
        hang: int = 0, result: str = "*") -> Example:
    """A one-deal game: its total is its score."""
    return Example(name, findings, (Deal(made, score, score, hang),), result)


def card(code: str, line: str, token: str, trick: int, seat: int, deal: int = 1) -> Finding:
    """A finding on a played card (or its ``bela``)."""
    return Finding(code, line, token, trick, seat, deal)


def decl(code: str, line: str, token: str, seat: int) -> Finding:
    """A finding on a declaration or a call: no trick."""
    return Finding(code, line, token, None, seat)


#: the card the book forbids in each legal-set case (T01..T05), where it was played
T01_8S = card("C404", "play 1. KS 7S 8S", "8S", 1, 3)
T02_7H = card("C403", "play 1. 9H 8H 7H", "7H", 1, 3)
T03_KC = card("C402", "play 1. AS 7S KC", "KC", 1, 3)
T04_8C = card("C402", "play 1. AS TH 8C", "8C", 1, 3)
T05_7H = card("C403", "play 1. TS 8H 7S 7H", "7H", 1, 4)
T05_AD = card("C402", "play 1. TS 8H 7S AD", "AD", 1, 4)

BOOK: dict[str, tuple[Example, ...]] = {
    "t01-plain-overbeat.bgn": (
        one("T01 yu4: 8S under partner's KS", True, (252, 0), T01_8S),
        one("T01 yu4: AS", True, (252, 0)),
        one("T01 yu4 iber-partner=off: 8S", True, (252, 0)),
        one("T01 mk4: 8S is a breach", False, (0, 162), T01_8S),
        one("T01 mk4: AS", True, (252, 0)),
        one("T01 bg4: 8S", True, (25, 0)),
        one("T01 fr4: 8S", True, (252, 0)),
        one("T01 ru-pair: 8S", True, (162, 0)),
    ),
    "t02-trump-raise-partner.bgn": (
        one("T02 yu4: 7H under partner's 9H", True, (252, 0), T02_7H),
        one("T02 yu4: JH", True, (252, 0)),
        one("T02 mk4: 7H is a breach", False, (0, 162), T02_7H),
        one("T02 bg4 o: 7H", True, (25, 0), T02_7H),
        one("T02 bg4 q1: 7H", True, (25, 0)),
        one("T02 fr4: 7H", True, (252, 0)),
        one("T02 ru-pair: 7H", True, (162, 0), T02_7H),
    ),
    "t03-void-partner-winning.bgn": (
        one("T03 yu4: KC", True, (252, 0), T03_KC),
        one("T03 yu4: 7H", True, (252, 0)),
        one("T03 bg4 o: KC", True, (25, 0)),
        one("T03 bg4 q2: KC, breach penalty", False, (0, 16), T03_KC),
        one("T03 mk4: KC is a breach", False, (0, 162), T03_KC),
        one("T03 fr4: KC", True, (252, 0), T03_KC),
        one("T03 ru-pair: KC", True, (162, 0)),
    ),
    "t04-underruff.bgn": (
        one("T04 yu4: 8C", True, (0, 252), T04_8C),
        one("T04 yu4: 7H", True, (0, 252)),
        one("T04 bg4 o: 8C", True, (0, 25)),
        one("T04 bg4 underruff=on: 8C", True, (0, 25), T04_8C),
        one("T04 mk4: 8C, a defender's breach", True, (0, 162), T04_8C),
        one("T04 fr4: 8C", True, (0, 252), T04_8C),
        one("T04 ru-pair: 8C", True, (0, 162), T04_8C),
    ),
    "t05-after-a-ruff.bgn": (
        one("T05 yu4: 7S legal, 7H under partner's trump", True, (0, 252), T05_7H),
        one("T05 yu4: AD", True, (0, 252), T05_AD),
        one("T05 yu4: 9H", True, (0, 252)),
        Example("T05 yu4 iber-partner=off: 7H legal, AD not",
                (card("C402", "play 1. TS 8H 7S AD", "AD", 1, 4, deal=2),),
                (Deal(True, (0, 252), (0, 252)), Deal(True, (0, 252), (0, 504)))),
        Example("T05 bg4 o: 7H and AD legal", (),
                (Deal(True, (0, 25), (0, 25)), Deal(True, (0, 25), (0, 50)))),
        one("T05 mk4: 7H is a breach", False, (162, 0), T05_7H),
        Example("T05 fr4: 7H legal, AD not",
                (card("C402", "play 1. TS 8H 7S AD", "AD", 1, 4, deal=2),),
                (Deal(True, (0, 252), (0, 252)), Deal(True, (0, 252), (0, 504)))),
    ),
    "t06-equal-runs.bgn": (
        one("T06 yu4: equal plain runs, nobody", True, (147, 15)),
        one("T06 bg4: equal runs void", True, (15, 1)),
        one("T06 mk4: P1's priority", True, (197, 15)),
        one("T06 yu4: the trump run wins", True, (15, 197)),
        one("T06 bg4: still void", True, (1, 15)),
        one("T06 mk4: still P1", True, (65, 147)),
        one("T06 ru3: the earlier announcement", True, (84, 15, 92)),
        one("T06 ru3: the run in trump", True, (23, 145, 19)),
    ),
    "t07-carre-vs-run.bgn": (
        one("T07 yu4: carré over septima", True, (248, 14)),
        one("T07 yu4: sixte over quinte", True, (148, 114)),
        one("T07 mk4: sixte over quinte", True, (148, 114)),
        one("T07 bg4: quinte to the ace wins", True, (25, 1)),
    ),
    "t08-one-card-two-declarations.bgn": (
        one("T08 yu4: carré + tierce = 120", True, (271, 11)),
        one("T08 bg4: the tierce is A504", True, (25, 1),
            decl("A504", "declare 1: carre:Q run3:KS", "run3:KS", 1)),
        one("yu4-26: 170 in declarations", True, (199, 133)),
        one("T08 mk4: carré + tierce = 120", True, (271, 11)),
    ),
    "bg4-32-run-short-of-a-carre.bgn": (
        one("bg4-32: the tierce kept short of the tens, the carré not written", True, (14, 4)),
        one("bg4-32: the carré of tens and the tierce", True, (14, 14)),
        one("bg4-32 card-reuse=on: the tierce is short of the quarte", True, (14, 2),
            decl("A501", "declare 4: run3:9H", "run3:9H", 4)),
    ),
    "t09-t10-bela.bgn": (
        one("T09 yu4: bela after a losing declaration", True, (171, 61)),
        one("T10 (c) yu4: late bela", True, (151, 11),
            card("A503", "3. QH bela", "bela", 3, 1)),
        one("T10 (a) mk4: late bela", True, (151, 11),
            card("A503", "3. QH bela", "bela", 3, 1)),
        one("T09 mk4: bela outside the contest", True, (171, 61)),
    ),
    "t12-capot-declarations.bgn": (
        one("T12 yu4: 322", True, (322, 0)),
        one("T12 mk4: 272", True, (272, 0)),
        one("T12 bg4: 27", True, (27, 0)),
    ),
    "t13-tied-totals.bgn": (
        one("T13 yu4: callers fail", False, (0, 162)),
        one("T13 mk4: callers fail", False, (0, 162)),
        Example("T13 bg4: hang, then collected", (),
                (Deal(False, (0, 8), (0, 8), hang=8), Deal(True, (18, 6), (18, 14)))),
        Example("T18 (d) bg4: contra tie hangs 32", (),
                (Deal(False, (0, 0), (0, 0), hang=32), Deal(True, (42, 6), (42, 6)))),
        one("T13 yu3: a tie passes", True, (81, 41, 40)),
        one("T13 yu3: 80 fails", False, (0, 42, 40)),
        one("T13 fr4: a tie fails", False, (162, 0)),
    ),
    "t17-bg4-rounding.bgn": (
        one("T17 (a) 106 - 56", True, (10, 6)),
        one("bg4-46 156 - 6", True, (15, 1)),
        one("T17 (c) 97 - 65", True, (10, 6)),
        one("T17 (d) failed 72 - 90", False, (0, 16)),
        one("bg4-50 106 - 106", False, (10, 0), hang=11),
    ),
    "t16-ru3-claim.bgn": (
        Example("T16 ru3: a claim right after a won trick", (),
                (Deal(True, (75, 74, 40), (75, 74, 40)), Deal(None, (15, 7, 50), (90, 81, 90))),
                result="2"),
    ),
    "t17-bg4-all-trumps-rounding.bgn": (
        one("T17 (e) 135 - 123", True, (14, 12)),
        one("T17 (b) 194 - 164", True, (19, 17)),
        one("bg4-46 224 - 34", True, (22, 4)),
        one("bg4-50 154 - 154", False, (0, 15), hang=16),
    ),
    "t14-ru3-contract.bgn": (
        one("T14 (a) failed, split", False, (0, 115, 85)),
        one("T14 (b) hangs", False, (0, 70, 60), hang=70),
        one("T14 (c) failure before hanging", False, (0, 105, 110)),
        one("T14 (d) made", True, (75, 74, 40)),
    ),
    "t15-ru3-capot.bgn": (
        one("T15 (a) capot of the best declarer", True, (130, 103, 0)),
        one("T15 (b) double capot", True, (236, 0, 0)),
    ),
    "ru3-17-announcements.bgn": (
        one("ru3-17 the trump quarte wins", True, (47, 14, 156)),
        one("T10 (b) ru3 belote on the second card", True, (47, 14, 106)),
    ),
    "t23-hu3-figures.bgn": (
        one("T23 (a) hundred made, kontra", True, (16, -16, 0)),
        one("T23 (b) hundred missed, kontra", False, (-16, 16, 8)),
        one("T23 (c) (a) without kontra", True, (8, 0, 0)),
        one("T23 (c) (b) without kontra", False, (0, 8, 8)),
        one("T23 (d) hundred after the pickup", True, (2, -2, 0),
            decl("B302", "announce 1: hundred", "hundred", 1)),
    ),
    "t24-seven-exchange.bgn": (
        one("T24 ru3 a defender swaps", True, (73, 61, 23)),
        one("T24 ru3 no swap in a round-2 contract", True, (80, 11, 66),
            decl("B303", "exchange 2: swap 7S", "swap", 2)),
        one("T24 hu3 swap, take, discard", False, (1, 0, 1)),
        one("T24 hu3 take without the swap", False, (1, 0, 1),
            decl("B303", "exchange 3: take AC", "take", 3)),
    ),
    "t11-belote-by-contract.bgn": (
        one("T11 (a) belote on a ruff", True, (0, 27)),
        one("T11 (b) belote on an All-trumps discard", True, (35, 0),
            card("A503", "play 1. TD KC bela", "bela", 1, 2)),
        one("T11 (c) two belotes in All trumps", True, (35, 4)),
        one("T11 (d) no belote in No trumps", True, (35, 0),
            card("A503", "play 1. KH bela", "bela", 1, 1)),
        one("T11 ru-pair: No trumps doubles a tierce", True, (300, 0)),
    ),
    "t18-bg4-contra.bgn": (
        one("T18 (a) contra 36", True, (36, 0)),
        one("T18 (c) recontra 72", True, (72, 0)),
        one("T18 (b) contra 32", False, (0, 32)),
        one("T18 (c) recontra 64", False, (0, 64)),
        one("T18 (e) a higher bid cancels the contra", False, (0, 16)),
    ),
    "t19-bg4-no-trumps-valat.bgn": (
        one("T19 o 35", True, (35, 0)),
        one("T19 q1 44", True, (44, 0)),
        one("T19 q2 35", True, (35, 0)),
        one("T19 o contra 70", True, (70, 0)),
        one("T19 q2 contra 61", True, (61, 0)),
        Example("T19 bg4-47: no game end on a valat", (),
                (Deal(True, (35, 0), (35, 0)), Deal(True, (10, 6), (45, 6))), result="A"),
    ),
    "t20-separate-contests.bgn": (
        one("T20 bg4: separate contests", True, (25, 6)),
        one("T20 yu4: best takes all", True, (273, 59)),
        one("T20 mk4: best takes all", True, (273, 59)),
    ),
    "t21-eight-of-a-suit.bgn": (
        one("T21 yu4: instant win", None, (0, 0), result="A"),
        one("T21 mk4: instant win in trump", None, (0, 0), result="A"),
        one("T21 bg4 o: 100", True, (35, 0)),
        one("T21 bg4 q1: 120", True, (37, 0)),
        one("T21 yu3: 100", True, (352, 0, 0)),
    ),
    "t22-bg4-auction.bgn": (
        one("T22 (a) AT X XX ends the auction", True, (140, 0)),
        one("T22 (b) contra of one's own side", False, (0, 16),
            decl("B302", "bids S pass X", "X", 3)),
        one("T22 (c) a bid not higher", False, (0, 16), decl("B302", "bids H D", "D", 2)),
        Example("T22 (d) four passes, (e) clubs and three passes", (),
                (Deal(None, (0, 0), (0, 0)), Deal(False, (16, 0), (16, 0)))),
    ),
    "t25-mk4.bgn": (
        one("T25 (a) 106 of 212 fails", False, (212, 0)),
        one("T25 (b) breach", True, (162, 0), card("C404", "play 1. TS 7S", "7S", 1, 2)),
        Example("T25 (c) mk4: the game ends at a won trick", (),
                (Deal(True, (252, 0), (252, 0)), Deal(None, (25, 21), (277, 21))), result="A"),
        Example("T25 (c) yu4: dosta", (),
                (Deal(True, (252, 0), (252, 0)), Deal(None, (25, 21), (277, 21))), result="A"),
    ),
}


def split_games(text: str) -> list[tuple[int, list[str]]]:
    """(first line number, lines) of each game; every worked game opens with its
    ``[Variant`` tag line."""
    lines = text.split("\n")
    starts = [i for i, x in enumerate(lines) if x.startswith("[Variant ")]
    ends = starts[1:] + [len(lines)]
    return [(s + 1, lines[s:e]) for s, e in zip(starts, ends, strict=True)]


def place(game: tuple[int, list[str]], line_start: str, token: str) -> tuple[int, int]:
    """line:col of ``token`` on the one line of ``game`` that starts with ``line_start``."""
    first, lines = game
    hits = [i for i, x in enumerate(lines) if x.lstrip().startswith(line_start)]
    assert len(hits) == 1, f"{line_start!r} must start exactly one line of its game"
    text = lines[hits[0]]
    cols = [m.start() + 1 for m in re.finditer(rf"(?<!\S){re.escape(token)}(?!\S)", text)]
    assert len(cols) == 1, f"{token!r} must stand once on {text!r}"
    return first + hits[0], cols[0]


@cache
def reports() -> dict[tuple[str, int], dict]:
    """One run of the real command over the folder: (file name, game) -> report."""
    done = run_cli("validate", "--json", str(WORKED))
    assert done.returncode in (0, 1), done.stderr
    out = {}
    for line in done.stdout.splitlines():
        r = json.loads(line)
        out[(Path(r["file"]).name, r["game"])] = r
    return out


CASES = [(f, g, ex) for f, games in BOOK.items() for g, ex in enumerate(games, start=1)]


def test_every_worked_file_and_game_has_its_expectation():
    files = sorted(p.name for p in WORKED.glob("*.bgn"))
    assert files == sorted(BOOK)
    for name in files:
        games = split_games((WORKED / name).read_text(encoding="utf-8"))
        assert len(games) == len(BOOK[name]), name
    assert {(f, g) for f, g, _ in CASES} == set(reports())


@pytest.mark.rule(
    "yu4-18", "yu4-22", "yu4-24", "yu4-25", "yu4-26", "yu4-27", "yu4-28", "yu4-31", "yu4-33",
    "yu4-34", "yu4-35", "yu4-36", "yu4-38", "yu4-40", "yu4-43", "yu3-07", "yu3-09", "yu3-13",
    "ru3-10", "ru3-11", "ru3-14", "ru3-17", "ru3-19", "ru3-23", "ru3-24", "ru3-25", "ru3-26",
    "ru3-27", "ru-pair-06", "ru-pair-09", "ru-pair-10", "ru-pair-13", "bg4-08", "bg4-09",
    "bg4-11", "bg4-12", "bg4-13", "bg4-19", "bg4-22", "bg4-23", "bg4-24", "bg4-25", "bg4-27",
    "bg4-29", "bg4-32", "bg4-33", "bg4-35", "bg4-37", "bg4-38", "bg4-40", "bg4-44", "bg4-45",
    "bg4-46", "bg4-47", "bg4-49", "bg4-50", "fr4-07", "hu3-09", "hu3-16", "hu3-17", "mk4-09",
    "mk4-11", "mk4-13", "mk4-14", "mk4-15", "mk4-17", "mk4-19", "mk4-20", "mk4-21", "mk4-22",
    "mk4-23", "mk4-24", "mk4-25", "mk4-26", "C1", "C2", "C3", "C13", "A16", "A17", "A22", "A23",
    "A25", "A33", "A40", "A42", "A45", "T01", "T02", "T03", "T04", "T05", "T06", "T07", "T08",
    "T09", "T10", "T11", "T12", "T13", "T14", "T15", "T16", "T17", "T18", "T19", "T20", "T21",
    "T22", "T23", "T24", "T25")
@pytest.mark.parametrize("name, game, example", CASES,
                         ids=[f"{f[:3]}-{g}-{ex.name}" for f, g, ex in CASES])
def test_worked_example(name: str, game: int, example: Example):
    path = WORKED / name
    report = reports()[(name, game)]
    layout = split_games(path.read_text(encoding="utf-8"))[game - 1]
    expected = [{"code": f.code, "line": line, "col": col, "deal": f.deal, "trick": f.trick,
                 "seat": f.seat}
                for f in example.findings for line, col in [place(layout, f.line, f.token)]]
    found = [{k: v[k] for k in ("code", "line", "col", "deal", "trick", "seat")}
             for v in report["violations"]]
    assert found == expected
    assert report["deals"] == [
        {"deal": i, "made": d.made, "score": list(d.score), "total": list(d.total),
         "hang": d.hang} for i, d in enumerate(example.deals, start=1)]
    assert report["result"] == example.result
    # the record's own score sheet says the book's numbers too
    record = list(read_games(path))[game - 1]
    assert len(record.deals) == len(example.deals)
    for written, book in zip(record.deals, example.deals, strict=True):
        if written.score is None:  # an all-pass deal writes no sheet line (docs/bgn/replay.md §1)
            assert book.made is None and not any(book.score)
            continue
        assert [v or Decimal(0) for v in written.score.values] == list(book.score)
        assert (written.score.hang or Decimal(0)) == book.hang
        assert written.total.values == list(book.total)
