"""The forms a ``Date`` tag is read in (docs/bgn/game.md, "Dates"): each row of the
page's table read as its date, each refusal with its reason, the canonical form as it
stands; the header scan keeps the tags as the reader does."""

from __future__ import annotations

import datetime as dt
import io

import pytest

from ingest.bgn.boundaries import scan_headers
from ingest.bgn.dates import UnreadableDate, canonical_date, date_of, is_canonical
from ingest.bgn.reader import parse_games


@pytest.mark.parametrize(("written", "read"), [
    ("2025-03-14", "2025.03.14"),
    ("2025/03/14", "2025.03.14"),
    ("20250314", "2025.03.14"),
    ("2025.3.14", "2025.03.14"),
    ("2025. 03. 14.", "2025.03.14"),
    ("14.03.2025", "2025.03.14"),
    ("14.3.2025.", "2025.03.14"),
    ("14. 03. 2025.", "2025.03.14"),
    ("2025-03-??", "2025.03.??"),
    (" 2025.03.14 ", "2025.03.14"),
    ("2024-2-29", "2024.02.29"),
])
def test_each_form_of_the_table_is_read_as_its_date(written, read):
    assert not is_canonical(written)
    assert canonical_date(written) == read
    assert is_canonical(read)


@pytest.mark.parametrize(("written", "why"), [
    ("2025.13.45", "there is no month 13"),
    ("2023-02-29", "there is no day 29 in month 2"),
    ("2025.04.31", "there is no day 31 in month 4"),
    ("0000.01.01", "there is no year 0"),
    ("14/03/2025", "the day and the month could stand either way"),
    ("03-14-2025", "the day and the month could stand either way"),
    ("14.03.25", "a year of two digits leaves the century unsaid"),
    ("March 14", ""),
    ("14 mars 2025", ""),
    ("2025-03-14T19:30", ""),
    ("2025-03.14", ""),  # two separators
    ("2025-03-14.", ""),  # a dot at the end of a date without dots
    ("\u0662\u0660\u0662\u0665-03-14", ""),  # digits other than 0 to 9
])
def test_a_date_that_says_no_one_day_is_refused_with_its_reason(written, why):
    assert not is_canonical(written)
    with pytest.raises(UnreadableDate) as e:
        canonical_date(written)
    assert str(e.value) == why
    assert date_of(written) is None


@pytest.mark.parametrize("text", ["2025.03.14", "2025.??.??", "????.??.??", "2025.??.14",
                                  "????.02.29", "2024.02.29"])
def test_the_canonical_form_stands_as_written(text):
    assert is_canonical(text)
    assert canonical_date(text) == text


def test_the_day_of_a_date_in_any_form_read_and_none_for_a_part_unknown():
    assert date_of("14.03.2025") == date_of("2025.03.14") == dt.date(2025, 3, 14)
    assert date_of("2025.03.??") is None
    assert date_of("") is None
    assert date_of(None) is None


def test_the_header_scan_gives_the_tags_the_reader_keeps():
    text = '[Variant "YU4"]\n[Date "14.03.2025"]\n\ndeal 1 dealer 4\nresult *\n'
    assert list(scan_headers(io.StringIO(text))) == [g.tags for g in parse_games(text)] == [
        {"Variant": "yu4", "Date": "2025.03.14"}]
