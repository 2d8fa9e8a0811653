"""``replay.engine.cascades``: which findings follow from an earlier one, on real records.

The reports keep every finding in the order of the record (docs/bgn/report.md); only
``follows`` is set.  ``tests/cli/test_validate_cascades.py`` checks the text and JSON
reports of the same records through the command.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.bgn.reader import parse_games
from ingest.validation import validate_file, validate_game

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"


def findings(path: Path) -> list[tuple[str, int, int | None]]:
    """(code, line, follows) of every finding of the file's first game."""
    report = next(validate_file(path))
    return [(v.code, v.line, v.follows) for v in report.violations]


@pytest.mark.rule("mk4-22")
def test_a_breach_that_ends_the_deal_carries_its_score_lines():
    """mk4-22: deal 3 ends at seat 3's 7S (a card it does not hold) with 162 to the other
    side; the written 162 for side A differs because of it.  Deal 1's revoke ends its
    deal as written, and stands alone; so does deal 2's missing forced call."""
    assert findings(RECORDS / "audit" / "mk4-penalty.bgn") == [
        ("C401", 10, None), ("B302", 15, None), ("D203", 22, None), ("S601", 23, 2),
        ("S602", 24, 2)]


def test_a_played_card_that_stays_in_a_hand_is_not_guessed_at():
    """yu3: seat 1 discards JH, which seat 2 holds (D203 in the exchange: no card of the
    play).  The C404 of trick 10 is judged on the hands as the exchange left them and
    stands: the rules guess no card a hand should not hold.  The score lines follow
    from it, the play's first finding."""
    assert findings(RECORDS / "audit" / "yu3-discard-not-held.bgn") == [
        ("D203", 8, None), ("C404", 19, None), ("S601", 20, 1), ("S602", 21, 1)]


def test_a_game_the_engine_ends_early_because_of_the_change_follows_too():
    """With a target of 181 the engine's 198 for side B after deal 1 wins the game there,
    where the written 161 and 51 do not: deal 2 played after that win (S603) follows, as
    do deal 2's total and the result, which the written totals give as written."""
    text = (RECORDS / "cascades" / "first-trick-card-changed.bgn").read_text(encoding="utf-8")
    game = next(iter(parse_games(text.replace('[Target "301"]', '[Target "181"]'))))
    report = validate_game(game, "t.bgn")
    tail = [(v.code, v.line, v.follows, v.message) for v in report.violations[29:]]
    assert tail == [
        ("S601", 26, 0, "score for side A is 0, not 161"),
        ("S602", 27, 0, "total for side A is 0, not 161"),
        ("S603", 28, 0, "deal 2 was played after side B had already won the game"),
        ("S602", 41, 0, "total for side A is 162, not 323"),
        ("S603", 42, 0, "the result is B, not A"),
    ]
    assert all(v.follows == 0 for v in report.violations[1:29])


def test_a_wrong_total_of_its_own_after_a_cascade_stands():
    """Deal 2's written total off by 10 more than deal 1's difference carried: not the
    carried difference (rule 5), so it stands, and the result stands with it."""
    text = (RECORDS / "cascades" / "first-trick-card-changed.bgn").read_text(encoding="utf-8")
    game = next(iter(parse_games(text.replace("total 323 51", "total 333 51"))))
    report = validate_game(game, "t.bgn")
    assert [(v.code, v.follows) for v in report.violations[29:]] == [
        ("S601", 0), ("S602", 0), ("S602", None), ("S603", None)]
