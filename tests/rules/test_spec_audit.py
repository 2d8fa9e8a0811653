"""An independent conformance audit: hand-made records, the report derived by hand.

Each record in ``tests/records/audit/`` is one game written to pin one point of
the contract (docs/bgn/replay.md, docs/bgn/report.md, docs/bgn/reading.md and
the rules pages docs/rules/, by row id) that the other engine tests do not pin
as a whole report.  The expectations below were worked out from those pages
with pencil and paper, not copied from the engine's output: for every game the
exact findings (code, line, col, deal, trick, seat, in report order), every
deal's ``made``/``score``/``total``/``hang`` and the engine's ``result``.

Most records reuse the base deal of ``tests/support/engine_util.py`` (yu4, dealer 4,
seat 2 names hearts; every trick worked there: A 34, B 128).  Its tricks 1-6
give side A 34 and side B 88 (B: 6 + 24 + 28 + 6 + 24); tricks 7 and 8 hold the
eight clubs, 30 card points plus 10 for the last trick.

The real command runs once over the folder (``belot validate --json``), as a
user would run it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from support.engine_util import Deal  # a deal's figures: made, score, total, hang
from support.ingest_util import REPO, run_cli

AUDIT = REPO / "tests" / "records" / "audit"


@dataclass(frozen=True)
class Finding:
    """One finding the contract implies: ``code`` at ``line``:``col``, where the
    record holds ``token`` (checked, so that a reader sees which token is meant)."""

    code: str
    line: int
    col: int
    token: str
    deal: int | None
    trick: int | None
    seat: int | None


@dataclass(frozen=True)
class Game:
    why: str
    findings: tuple[Finding, ...]
    deals: tuple[Deal, ...]
    result: str = "*"


def made(score: tuple[int, int], total: tuple[int, int] | None = None) -> Deal:
    return Deal(True, score, total or score)


BASE = made((34, 128))  # the base deal, played out clean

EXPECTED: dict[str, Game] = {
    # docs/bgn/game.md hands: with `hands` absent each seat's hand is the cards it
    # played, and a revoke is proven when the seat later plays the suit.  Seat 2
    # discards 9D on the spade lead and plays 9S in trick 5: C401 on the 9D
    # (one finding, on the card that broke the duty).  The tricks give the base
    # deal's split again (seat 2 wins trick 5 with 9S where seat 4 won it with KD;
    # both worth 6 to side B), so the written sheet is right.
    "revoke-hands-absent.bgn": Game(
        "revoke proven by a later card (yu4-31)",
        (Finding("C401", 5, 12, "9D", 1, 1, 2),),
        (BASE,)),
    # docs/bgn/replay.md §5 and docs/bgn/reading.md play: bela counts only on the
    # first of K/Q of trump played by a seat that still holds the other.  Seat 4
    # writes `bela rebela` on KH without holding QH: A503 on the bela and, as its
    # own token, A503 on the rebela; seat 3's `rebela` on QH follows no bela of
    # its own: A503; `bela` on JD (not a trump K or Q): A503.  No bela scores, so
    # the base figures stand; the written result A is wrong (B has 128 < 1001):
    # S603 on the result value, deal/trick/seat null (docs/bgn/report.md).
    "bela-tokens.bgn": Game(
        "false bela and rebela tokens (yu4-28)",
        (Finding("A503", 11, 7, "bela", 1, 3, 4),
         Finding("A503", 11, 12, "rebela", 1, 3, 4),
         Finding("A503", 12, 7, "rebela", 1, 4, 3),
         Finding("A503", 13, 10, "bela", 1, 5, 3),
         Finding("S603", 19, 8, "A", None, None, None)),
        (BASE,)),
    # docs/bgn/report.md, the score sheet, with Target 100:
    # - deal 1 is the base deal; its line writes `hang 5`, and hanging points are
    #   compared in every variant: S601 on the 5;
    # - side B has 128 >= 100 after deal 1: B wins; the next deal is play after
    #   the game was won, one S603 at its `deal` keyword, and that deal is still
    #   replayed and reported;
    # - that deal is written `deal 3` (should be 2): D204 on the number, and a D204
    #   deal scores zeros with the total unchanged; it is an all-pass deal whose
    #   score line has one number: S601 on the keyword; its total writes 120 for
    #   B (the engine's own running total is 34 128): S602 on the 120;
    # - the third deal, written `deal 3` again (should be 4), is D204 too: zeros,
    #   so the written 34 128 is S601 on the 34 and the written 68 256 is S602 on
    #   the 68 (compared with the engine's 34 128, never with earlier lines);
    # - `result A`: the engine's result is B: S603 on the A.
    "score-sheet.bgn": Game(
        "hang, counts, running totals, D204 and S603 (report.md)",
        (Finding("S601", 18, 19, "5", 1, None, None),
         Finding("S603", 20, 1, "deal", 2, None, None),
         Finding("D204", 20, 6, "3", 2, None, None),
         Finding("S601", 22, 1, "score", 2, None, None),
         Finding("S602", 23, 10, "120", 2, None, None),
         Finding("D204", 24, 6, "3", 3, None, None),
         Finding("S601", 38, 7, "34", 3, None, None),
         Finding("S602", 39, 7, "68", 3, None, None),
         Finding("S603", 40, 8, "A", None, None, None)),
        (BASE, Deal(None, (0, 0), (34, 128)), Deal(None, (0, 0), (34, 128))),
        result="B"),
    # docs/bgn/report.md claims: after trick 6 seat 4 leads AC then KC; side B
    # wins both club tricks against any defence (seat 2's TC over its partner's
    # KC is still B's).  The claim is true and the deal scores as played.
    "claim-rest-true.bgn": Game(
        "true claim rest", (), (BASE,)),
    # The same moment claimed by seat 1 (side A): false, A505 on the `claim`
    # token, trick 7 (the trick after the claim).  The deal is scored as claimed:
    # A 34 + 40 = 74, B 88; B named trump and 88 > 74: made.
    "claim-rest-false.bgn": Game(
        "false claim rest (A505)",
        (Finding("A505", 16, 4, "claim", 1, 7, 1),),
        (made((74, 88)),)),
    # A claim mid-trick: after KC (seat 4) and 7C (seat 1) seat 3 claims; seat 2
    # must overbeat KC with TC (yu4-33), so side A cannot win trick 7: A505, trick
    # 7.  Scored as claimed: A takes trick 7 in progress and trick 8 (all eight
    # clubs, 30 + 10): A 74, B 88, made, as the sheet says.
    "claim-rest-mid-trick.bgn": Game(
        "false claim rest mid-trick",
        (Finding("A505", 16, 13, "claim", 1, 7, 3),),
        (made((74, 88)),)),
    # docs/bgn/reading.md play: a claim may stand before the first card.  Seat 1
    # (side A) claims every trick of the base deal: false (A505 on `claim`, trick
    # 1); scored as claimed, A takes all 8 tricks: 152 + 10 + 90 capot = 252, the
    # callers B are capoted and fail (yu4-38, yu4-42): 252 `-`.
    "claim-rest-before-first-card.bgn": Game(
        "claim rest before the first card: scored as claimed, capot included",
        (Finding("A505", 9, 9, "claim", 1, 1, 1),),
        (Deal(False, (252, 0), (252, 0)),)),
    # docs/bgn/replay.md §14 (yu4-43): with Target 100, after trick 7 (TC wins
    # for B, 16 points) side B has 88 + 16 = 104 >= 100: `claim game` is true, the
    # deal is scored as exactly those figures (A 34, B 104), `made` null, B wins.
    "claim-game-true.bgn": Game(
        "true claim game (yu4-43)", (), (Deal(None, (34, 104), (34, 104)),), result="B"),
    # docs/bgn/replay.md §14 (yu4-28, reading C14): a yu4 bela is credited at its
    # second card.  The base deal with QH and AH of seats 3 and 4 swapped, so seat
    # 4 holds KH QH: it leads KH with `bela` in trick 3 (seat 3's JH wins it).
    # Claimed by seat 4 right then with Target 40: B has 6 + 24 = 30 and the bela
    # does not count yet (it would, 50, in yu3): A505, scored as claimed, 34 30.
    "yu4-claim-game-bela-not-yet.bgn": Game(
        "yu4 claim game: bela not credited after its first card (yu4-28)",
        (Finding("A505", 12, 24, "claim", 1, 4, 4),),
        (Deal(None, (34, 30), (34, 30)),)),
    # The same deal one trick on: seat 3 leads AH, seat 4 QH `rebela`, seat 2's 9H
    # wins (28): B has 58 + the bela now credited 20 = 78 >= 70: the claim is true,
    # scored 34 78, made null, B wins.
    "yu4-claim-game-bela-credited.bgn": Game(
        "yu4 claim game: bela credited at its second card (yu4-28)", (),
        (Deal(None, (34, 78), (34, 78)),), result="B"),
    # docs/bgn/replay.md §15 and docs/bgn/reading.md play: the true claim above with
    # trick 8 still written after it: play after the game was won, one S603 at its
    # first card (deal 1, trick 8, seat null); those cards are not replayed, so the
    # deal stays as claimed and B wins.
    "claim-game-then-cards.bgn": Game(
        "cards after a true claim game are S603 (yu4-43)",
        (Finding("S603", 17, 4, "9C", 1, 8, None),),
        (Deal(None, (34, 104), (34, 104)),), result="B"),
    # The same claim after trick 6: B has 88 < 100: A505 on `claim`, trick 7; the
    # deal is scored as claimed (34, 88), `made` null, and the game goes on.
    "claim-game-short.bgn": Game(
        "claim game short of the target (A505)",
        (Finding("A505", 16, 4, "claim", 1, 7, 4),),
        (Deal(None, (34, 88), (34, 88)),)),
    # docs/bgn/report.md "Claims, scored": a `claim game` after the last card is no
    # mid-deal claim; the deal is scored in full (made, 34 128) and the claim is
    # true because the end-of-deal rule makes B (128 >= 100) the winner.
    "claim-game-after-last-card.bgn": Game(
        "claim game after the last card (yu4-43)", (), (BASE,), result="B"),
    # The same in bg4, which has no `claim game`: A505 on `claim` (trick 9, the
    # trick after the claim), and the deal is still scored in full, in match
    # points: A 34 -> 3, B 128 -> 13 (limit digit 6, bg4-46), made.
    "bg4-claim-game-after-last-card.bgn": Game(
        "claim game is not part of bg4; the last card was played, so the deal counts",
        (Finding("A505", 16, 19, "claim", 1, 9, 4),),
        (made((3, 13)),)),
    # docs/rules/yu3.md conventions 9 and 13 (yu3-16): a yu3 bela counts towards a
    # claim from its first card.  tests/records/yu3-base.bgn with Target 100,
    # claimed by the soloist after trick 5 (KS with bela, QS still held): tricks
    # 1-5 give him 20 + 14 + 11 + 30 + 8 = 83, his discards 9H TH 10 and the bela
    # 20: 113 >= 100 (93 without the bela).  Scored as those figures, made null,
    # seat 1 wins.
    "yu3-claim-game-bela-first-card.bgn": Game(
        "yu3 claim counts the bela from its first card (yu3-16)", (),
        (Deal(None, (113, 0, 0), (113, 0, 0)),), result="1"),
    # docs/bgn/replay.md §7 (bg4-49) under profile=q2 (breach-penalty=on): the base
    # deal in bg4 (5 + 3 cards), seat 3 declaring carre:J and seat 4 carre:A; seat
    # 1 (a defender) discards 7D on AS holding 8S: C401 ends the deal, the other
    # side gets 162 plus every declaration of the deal, whoever made it: 162 +
    # 200 + 100 = 462 -> 46 match points (limit digit 6, bg4-46); A `-`; made (a
    # defender offended); trick 3 is not replayed.
    "bg4-breach-penalty-declarations.bgn": Game(
        "bg4 q2 breach penalty with every declaration of the deal (bg4-49)",
        (Finding("C401", 12, 7, "7D", 1, 2, 1),),
        (made((0, 46)),)),
    # docs/bgn/replay.md §10 (bg4-44, reading A22): the 81 - 81 deal of
    # tests/records/worked/t13-tied-totals.bgn hangs: the defenders B write 8, the
    # callers' 8 hang; an all-pass deal leaves the pot pending (hang 8); the same
    # tie again adds its 8 (hang 16, B 8 more); the next deal with a contract is
    # made by A (10 - 6) and A collects the pot: 10 + 16 = 26.
    "bg4-hang.bgn": Game(
        "hanging points pending over a passed deal and adding up (bg4-44)", (),
        (Deal(False, (0, 8), (0, 8), 8), Deal(None, (0, 0), (0, 8), 8),
         Deal(False, (0, 8), (0, 16), 16), Deal(True, (26, 6), (26, 22)))),
    # docs/bgn/replay.md §6: in trick 1 seat 2 plays JS (seat 3's) and seat 3 plays
    # 9S (seat 2's): D203 on each, each card counts for the seat whose turn it was
    # and leaves the hand that held it, so neither is missing later; the trick
    # and the deal are the base deal's (KS wins trick 1), no other finding.
    "d203-cards-of-another-seat.bgn": Game(
        "a card the seat does not hold counts for the seat in turn (D203)",
        (Finding("D203", 9, 12, "JS", 1, 1, 2), Finding("D203", 9, 15, "9S", 1, 1, 3)),
        (BASE,)),
    # docs/rules/yu3.md convention 4 (yu3-04): only P1 calls and must name a suit.
    # Deal 1: P1 (seat 1, dealer 3) passes: B302 on the pass, no contract (reported
    # like an all-pass deal; the 6-card hands are the pre-bid count).  Deal 2 writes
    # no `bids` at all: missing calls are passes, so the forced call is missing;
    # with no call to stand on, the B302 stands at the `deal` keyword, seat 2.
    "yu3-no-trump-named.bgn": Game(
        "yu3 forced soloist: a pass, and no call at all (yu3-04)",
        (Finding("B302", 7, 6, "pass", 1, None, 1),
         Finding("B302", 8, 1, "deal", 2, None, 2)),
        (Deal(None, (0, 0, 0), (0, 0, 0)), Deal(None, (0, 0, 0), (0, 0, 0)))),
    # docs/rules/yu3.md convention 3: tests/records/yu3-base.bgn with a third card
    # discarded (8H): one B303 at `discard`; the exchange is carried out, so the
    # soloist's 8H in trick 10 is D203.  The discards 9H TH 8H are still worth 10
    # to him: the base figures stand.
    "yu3-three-discards.bgn": Game(
        "yu3 three discards: B303, carried out as written (yu3-06)",
        (Finding("B303", 8, 13, "discard", 1, None, 1),
         Finding("D203", 19, 11, "8H", 1, 10, 1)),
        (made((252, 30, 0)),)),
    # The same with JH (seat 2's) discarded instead of TH: D203 at JH, no B303 for
    # it; 9H goes, TH stays in his hand.  In trick 10 (QH led) his 8H under QH while
    # holding TH is C404 (yu3 iber); TH is never played and scores for nobody, so
    # seat 1 has 10 less: 242, and the sheet's 252 is S601/S602 on it.
    "yu3-discard-not-held.bgn": Game(
        "yu3 discard of a card not held: D203, the rest moves (yu3 convention 3 (docs/rules/yu3.md))",
        (Finding("D203", 8, 24, "JH", 1, None, 1),
         Finding("C404", 19, 11, "8H", 1, 10, 1),
         Finding("S601", 20, 7, "252", 1, None, None),
         Finding("S602", 21, 7, "252", 1, None, None)),
        (made((242, 30, 0)),)),
    # docs/bgn/replay.md §11 (yu4-38): side B takes all 8 tricks; seat 3 (side A)
    # announced a valid bela (KH with QH still held, QH rebela).  Declarations:
    # seat 2 run3:JH (20), seat 4 run4:AC (50); A has none, B wins the contest.
    # yu4's capot side takes every announced bela too: B = 152 + 10 + 90 + 70 + 20
    # = 342, A = 0 (capoted defenders of a made contract are written 0).
    "capot-yu4.bgn": Game(
        "yu4 capot takes the trickless side's bela (yu4-38)", (), (made((0, 342)),)),
    # Deal 1: the same cards in fr4 (the taker seat 2 takes the turned 9H): fr4
    # belote needs no trick (docs/rules/fr4.md convention 3), so the trickless side
    # keeps its 20; B = 152 + 10 + 90 (capot) + 70 = 322 > 20: made.  Target 300:
    # B is over it, but no fr4 game ends on a capot deal (convention 5), nor on the
    # all-pass deal 2 (eight passes, 5-card hands and the turn only, docs/bgn/replay.md §1);
    # deal 3, the base deal with seat 2 taking the turned 9H (34 128, made), ends
    # it: B 450.
    "fr4-capot-game-goes-on.bgn": Game(
        "fr4: the trickless side keeps its belote; no end on a capot or passed deal",
        (), (made((20, 322)), Deal(None, (0, 0), (20, 322)), made((34, 128), (54, 450))),
        result="B"),
    # docs/bgn/replay.md §11: the capot deal above, but side A writes the best
    # declaration (seat 1 run4:TC, 50) and B only run3:JH (seat 4's clubs left
    # unwritten count nothing, docs/bgn/replay.md §2).  The contest is decided first: A wins
    # it.  yu4 (yu4-38): the capot side takes the contest winner's declarations
    # and the announced bela: B = 252 + 50 + 20 = 322; B's run3 lost the contest.
    "capot-trickless-best-yu4.bgn": Game(
        "yu4 capot takes the trickless side's winning declaration (yu4-38)", (),
        (made((0, 322)),)),
    # mk4 (mk4-23, reading C19): the trickless side's declarations and bela are
    # void and pass to no one, and B's run3 lost the contest: B = 252.
    "capot-trickless-best-mk4.bgn": Game(
        "mk4 capot: the trickless side's declarations pass to no one (mk4-23)", (),
        (made((0, 252)),)),
    # docs/bgn/report.md "Claims, scored": the capot deal above, claimed by seat 2
    # after trick 2: B wins every remaining trick against any defence (it holds the
    # four top trumps and leads), so the claim is true; seat 3's bela announced on
    # KH counts because seat 3 still holds QH, and as a capot in yu4 it goes to B:
    # the same 0 342.
    "claim-rest-capot-bela.bgn": Game(
        "claim rest: an announced bela still held counts, and capot takes it", (),
        (made((0, 342)),)),
    # docs/bgn/replay.md §16 (yu4-22): an 8-card run in any suit wins the game when
    # declared: no play, made null, score zeros, total unchanged; seat 1 (side A)
    # declares first (seat 3's run8 is the same side).  Result A.
    "run8-yu4.bgn": Game(
        "eight cards of a suit win the game (yu4-22)", (), (Deal(None, (0, 0), (0, 0)),),
        result="A"),
    # docs/bgn/replay.md §4: carre:8 is A502 (yu4-23), run3:TH that seat 2 does
    # not hold (no 8H) is A501; both are left out, the rest count.  The contest:
    # seat 3's carre:J (200) is best, so side A scores carre:J + carre:Q = 300.
    # A wins trick 3, so its declarations stand.  B named trump: B 128 against A
    # 34 + 300: B fails, A writes everything, 162 + 300 = 462; B `-`.
    "declarations-left-out.bgn": Game(
        "A502 and A501 left out, the rest count (yu4-23, yu4-25)",
        (Finding("A502", 9, 12, "carre:8", 1, None, 1),
         Finding("A501", 9, 31, "run3:TH", 1, None, 2)),
        (Deal(False, (462, 0), (462, 0)),)),
    # docs/bgn/replay.md §7 (mk4-22): a card-play violation ends an mk4 deal at that
    # card: the other side 162, the offenders `-`.
    # - deal 1: seat 1 (side A, defending) discards 7D on AS holding 8S: C401,
    #   B 162, made true (a defender offended); trick 3 is not replayed;
    # - deal 2: everyone passed, but the mk4 dealer must name trump (mk4-06):
    #   B302 on the last call, for seat 1 (the dealer); no contract;
    # - deal 3: dealer 2, seat 1 names hearts; seat 3 leads 7S, which it does not
    #   hold: D203 ends the deal, the callers' side offended: made false, B 162.
    #   The sheet's "162 -" is wrong: S601 and S602 on the first number.
    "mk4-penalty.bgn": Game(
        "mk4 penalties end the deal (mk4-22, mk4-06)",
        (Finding("C401", 10, 7, "7D", 1, 2, 1),
         Finding("B302", 15, 21, "pass", 2, None, 1),
         Finding("D203", 22, 9, "7S", 3, 1, 3),
         Finding("S601", 23, 7, "162", 3, None, None),
         Finding("S602", 24, 7, "162", 3, None, None)),
        (made((0, 162)), Deal(None, (0, 0), (0, 162)), Deal(False, (0, 162), (0, 324)))),
}


@cache
def reports() -> dict[str, dict]:
    """One run of the real command over the folder: file name -> its one game's report."""
    done = run_cli("validate", "--json", str(AUDIT))
    assert done.returncode in (0, 1), done.stderr
    out: dict[str, dict] = {}
    for line in done.stdout.splitlines():
        r = json.loads(line)
        name = Path(r["file"]).name
        assert r["game"] == 1 and name not in out, "one game per audit record"
        out[name] = r
    return out


def token_at(path: Path, line: int, col: int) -> str:
    """The whitespace-delimited token that starts at line:col of ``path``."""
    text = path.read_text(encoding="utf-8").split("\n")[line - 1]
    assert col == 1 or text[col - 2].isspace(), f"{path.name}:{line}:{col} is inside a token"
    return text[col - 1:].split()[0]


def test_every_audit_record_has_its_expectation():
    assert sorted(p.name for p in AUDIT.glob("*.bgn")) == sorted(EXPECTED)
    assert sorted(reports()) == sorted(EXPECTED)


@pytest.mark.rule(
    "yu4-22", "yu4-23", "yu4-25", "yu4-28", "yu4-31", "yu4-33", "yu4-38", "yu4-42", "yu4-43",
    "yu3-04", "yu3-06", "yu3-16", "bg4-44", "bg4-46", "bg4-49", "mk4-06", "mk4-22", "mk4-23",
    "C14", "C19", "A22")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_audit_record(name: str):
    game = EXPECTED[name]
    report = reports()[name]
    for f in game.findings:  # the places name the tokens they say
        assert token_at(AUDIT / name, f.line, f.col) == f.token, f
    found = [{k: v[k] for k in ("code", "line", "col", "deal", "trick", "seat")}
             for v in report["violations"]]
    assert found == [{"code": f.code, "line": f.line, "col": f.col, "deal": f.deal,
                      "trick": f.trick, "seat": f.seat} for f in game.findings]
    assert report["deals"] == [
        {"deal": i, "made": d.made, "score": list(d.score), "total": list(d.total),
         "hang": d.hang} for i, d in enumerate(game.deals, start=1)]
    assert report["result"] == game.result


def test_json_lines_input_places_each_finding_at_its_json_line(tmp_path: Path):
    """docs/bgn/json.md: records read from JSON Lines have no token places, so a
    finding's ``line`` is the game's JSON line and its ``col`` is null; the report
    is otherwise the one of the BGN record, findings in the record's order (a
    ``bela rebela`` card: the bela's finding, then the rebela's)."""
    names = sorted(EXPECTED)
    jsonl = tmp_path / "audit.jsonl"
    done = run_cli("convert", "--to", "json", "-o", str(jsonl), *(str(AUDIT / n) for n in names))
    assert done.returncode == 0, done.stderr
    done = run_cli("validate", "--json", str(jsonl))
    assert done.returncode == 1, done.stderr
    from_json = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["game"] for r in from_json] == list(range(1, len(names) + 1))
    for line, (name, report) in enumerate(zip(names, from_json, strict=True), start=1):
        bgn = reports()[name]
        assert report["violations"] == [{**v, "line": line, "col": None}
                                        for v in bgn["violations"]], name
        assert (report["deals"], report["result"]) == (bgn["deals"], bgn["result"])
    assert from_json[0]["violations"][:2] == [
        {"code": "A503", "line": 1, "col": None, "deal": 1, "trick": 3, "seat": 4,
         "message": "'bela' on KH: bela is announced with the first of the king and queen "
                    "of trump, by the seat that holds both"},
        {"code": "A503", "line": 1, "col": None, "deal": 1, "trick": 3, "seat": 4,
         "message": "'bela rebela' on one card: rebela belongs on the second card of the pair"}]
