"""One mistake, one finding plus a count: ``belot validate`` on records with a changed
card, through the real command (``replay.engine.cascades`` gives the rules).

``tests/records/cascades/first-trick-card-changed.bgn`` is the yu4 example of
docs/bgn/examples.md with the change docs/getting-started.md makes: seat 2 plays 9H for
9D in trick 1.  That is a revoke (C401, yu4-31); seat 1's TD then wins the trick the
record gives to seat 2, the engine credits every later card one seat off (28 D203), 9H
comes again in trick 4, and the score, the totals and the result differ.
``later-mistakes-stand.bgn`` adds two mistakes of their own: AS written again in trick 6
of deal 1 (a card no seat holds any more) and seat 4's TH for 8S in trick 6 of deal 2.
``seat-prefixes-card-changed.bgn`` is deal 1 with every card's seat written: the cards
one seat off are C405 there.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from belot.cli import main
from ingest.runs.validate import renumber, validate_paths

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records" / "cascades"
CHANGED = "tests/records/cascades/first-trick-card-changed.bgn"
LATER = "tests/records/cascades/later-mistakes-stand.bgn"
PREFIXES = "tests/records/cascades/seat-prefixes-card-changed.bgn"


def run(capsys, *args: str) -> tuple[int, list[str], str]:
    status = main(["validate", "-j", "1", *args])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def changed_card(path: str, place: str, follow: str) -> list[str]:
    """The root line of seat 2's 9H for 9D in trick 1 and the line that counts what
    follows from it."""
    return [f"{path}:{place}: C401 seat 2 did not follow diamonds while holding 9D QD "
            "(game 1, deal 1, trick 1)",
            f"  and {follow}; --all-findings lists them)"]


@pytest.mark.rule("yu4-31", "yu4-32")
def test_a_changed_card_of_the_first_trick_is_one_finding_and_a_count(capsys):
    status, lines, err = run(capsys, CHANGED)
    assert lines == changed_card(
        CHANGED, "18:12", "32 findings that follow from it (D203 x28, S601, S602 x2, S603")
    assert status == 1
    assert err == ("1 file(s), 1 game(s), 2 deal(s): 33 finding(s): C401 x1, D203 x28, "
                   "S601 x1, S602 x2, S603 x1\n")


def test_all_findings_lists_every_finding_as_before(capsys):
    status, lines, _ = run(capsys, "--all-findings", CHANGED)
    assert status == 1
    assert len(lines) == 33
    assert lines[1] == (f"{CHANGED}:19:4: D203 seat 1 played QD, which it does not hold "
                        "(game 1, deal 1, trick 2)")
    assert lines[10] == (f"{CHANGED}:21:7: D203 seat 1 played 9H, which it does not hold "
                         "(game 1, deal 1, trick 4)")
    assert lines[-4:] == [
        f"{CHANGED}:26:7: S601 score for side A is 0, not 161 (game 1, deal 1)",
        f"{CHANGED}:27:7: S602 total for side A is 0, not 161 (game 1, deal 1)",
        f"{CHANGED}:41:7: S602 total for side A is 162, not 323 (game 1, deal 2)",
        f"{CHANGED}:42:8: S603 the result is *, not A (game 1)",
    ]


def test_the_json_report_keeps_every_finding_and_adds_follows(capsys):
    """docs/bgn/report.md: the list is the same, in the order of the record; a finding
    that follows from another names its index, and only such a finding has the field."""
    _, lines, _ = run(capsys, "--json", CHANGED)
    found = json.loads(lines[0])["violations"]
    assert len(found) == 33
    assert [v["code"] for v in found] == ["C401"] + ["D203"] * 28 + [
        "S601", "S602", "S602", "S603"]
    assert "follows" not in found[0]
    assert [v["follows"] for v in found[1:]] == [0] * 32
    assert found[0] == {"code": "C401", "line": 18, "col": 12, "deal": 1, "trick": 1,
                        "seat": 2, "message": "seat 2 did not follow diamonds while holding 9D QD"}


@pytest.mark.rule("yu4-31")
def test_mistakes_of_their_own_after_a_cascade_still_stand(capsys):
    """The AS of trick 6 is a card that no seat holds any more (the record's seat played
    it in trick 2): not one seat off, so it stands.  Deal 2 starts afresh: seat 4's
    revoke (yu4-31) is a finding of its own, and its TH written again, the deal's score,
    total and the result follow from it."""
    status, lines, _ = run(capsys, LATER)
    assert status == 1
    assert lines == [
        *changed_card(LATER, "18:12", "29 findings that follow from it (D203 x27, S601, S602"),
        f"{LATER}:23:10: D203 seat 2 played AS, which it does not hold (game 1, deal 1, trick 6)",
        f"{LATER}:37:13: C401 seat 4 did not follow spades while holding 8S "
        "(game 1, deal 2, trick 6)",
        "  and 4 findings that follow from it (D203, S601, S602, S603; "
        "--all-findings lists them)",
    ]
    _, out, _ = run(capsys, "--json", LATER)
    found = json.loads(out[0])["violations"]
    roots = [i for i, v in enumerate(found) if "follows" not in v]
    assert roots == [0, 19, 31]
    assert [found[i].get("follows") for i in range(31, 36)] == [None, 31, 31, 31, 31]


def test_cards_one_seat_off_in_a_record_with_seat_prefixes_are_c405_that_follow(capsys):
    status, lines, _ = run(capsys, PREFIXES)
    assert status == 1
    assert lines == changed_card(
        PREFIXES, "9:14", "30 findings that follow from it (C405 x28, S601, S602")


def test_the_count_line_is_the_same_whatever_the_workers(tmp_path):
    """Many workers write what one writes; the count line names no game to renumber."""
    big = tmp_path / "many.bgn"
    big.write_text("\n".join([(RECORDS / "later-mistakes-stand.bgn").read_text()] * 40),
                   encoding="utf-8")
    one, many = io.StringIO(), io.StringIO()
    validate_paths([big], one, "text", workers=1)
    validate_paths([big], many, "text", workers=2, chunk_chars=4000)
    assert many.getvalue() == one.getvalue()
    assert one.getvalue().count("  and 29 findings that follow from it") == 40
    line = "  and 4 findings that follow from it (D203, S601, S602, S603; --all-findings lists them)"
    assert renumber(line, "text", 7) == line
