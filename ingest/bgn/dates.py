"""The ``Date`` tag: ``YYYY.MM.DD`` as in PGN, ``??`` for an unknown part.

That form is canonical.  A few other forms are common in the records people keep
and say one date only; the reader reads them as that date, keeps it in the
canonical form (so the writer writes ``YYYY.MM.DD`` and the dataset stores the
date) and notes a ``W701``:

- ``2025-03-14`` (ISO 8601), ``2025/03/14``, ``20250314`` (ISO 8601 basic);
- ``2025.3.14``, ``2025. 03. 14.`` (year first, the canonical dots, with
  one-digit parts, spaces after the dots, a dot at the end);
- ``14.03.2025``, ``14.3.2025.``, ``14. 03. 2025.`` (day first with dots, as
  written where the game is played: no one writes the month first with dots).

Year-first forms may write ``??`` for an unknown part, as the canonical one does.
A date that none of these reads (``March 14``, ``2025.13.45``, ``14/03/2025``,
where the day and the month could stand either way, ``14.03.25`` with its
century unsaid) is kept as written, with no date, and noted as a ``W702``.
An empty ``Date`` tag says nothing and is left as it is.

Reading a date is off the hot path: a canonical date is checked with one set
look-up and its year's characters, and only another text goes through the forms
above.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from replay.model.record import Game, ReadWarning

#: a part of a date: digits, or ``??`` (``????`` for the year) where it is unknown
_PART = r"(\d{1,2}|\?\?)"
_YEAR = r"(\d{4}|\?{4})"
#: year first; the two separators alike, spaces after them, a dot after a dotted date
#: (``re.ASCII``: the digits 0 to 9 only, as the canonical form writes them)
_YEAR_FIRST: Final = re.compile(_YEAR + r"([./-]) ?" + _PART + r"\2 ?" + _PART + r"(\.?)",
                                re.ASCII)
_BASIC: Final = re.compile(r"(\d{4})(\d{2})(\d{2})", re.ASCII)
#: day first, with dots only
_DAY_FIRST: Final = re.compile(r"(\d{1,2})\. ?(\d{1,2})\. ?(\d{4})\.?", re.ASCII)
#: day and month first with another separator, or a year of two digits: more than one
#: date, or a century to guess
_EITHER_WAY: Final = re.compile(r"\d{1,2}([/-])\d{1,2}\1\d{4}", re.ASCII)
_SHORT_YEAR: Final = re.compile(r"\d{1,2}([./-]) ?\d{1,2}\1 ?\d{2}\.?", re.ASCII)

#: what the messages say a date is
_FORM = "YYYY.MM.DD (?? for an unknown part)"


class UnreadableDate(ValueError):
    """A ``Date`` value that says no one date; the message says why."""


#: the last day of each month in a leap year (29 February stands when the year is not known)
_LAST_DAYS: Final = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
#: every ``MM.DD`` of a canonical date that some year has, ``??`` parts too
_MONTH_DAYS: Final = frozenset(
    f"{month}.{day}"
    for month, last in [*((f"{m:02}", n) for m, n in enumerate(_LAST_DAYS, 1)), ("??", 31)]
    for day in ["??", *(f"{d:02}" for d in range(1, last + 1))])


def is_canonical(text: str) -> bool:
    """Whether ``text`` is a date in the canonical form, each known part possible
    (``2025.03.14``, ``2025.??.??``, ``????.??.??``; not ``2025.13.45``).  The test
    every dated game takes: a set look-up and the year's characters."""
    if len(text) != 10 or text[4] != "." or text[5:] not in _MONTH_DAYS:
        return False
    year = text[:4]
    if year == "????":
        return True
    if not (year.isdigit() and year.isascii()) or year == "0000":
        return False
    return text[5:] != "02.29" or _is_leap(int(year))


def canonical_date(text: str) -> str:
    """The canonical form of a date written in one of the forms read (this module's
    docstring); :class:`UnreadableDate` when it is none of them."""
    t = text.strip()
    m = _YEAR_FIRST.fullmatch(t)
    if m is not None and (m.group(5) == "" or m.group(2) == "."):
        return _written(m.group(1), m.group(3), m.group(4))
    m = _BASIC.fullmatch(t)
    if m is not None:
        return _written(m.group(1), m.group(2), m.group(3))
    m = _DAY_FIRST.fullmatch(t)
    if m is not None:
        return _written(m.group(3), m.group(2), m.group(1))
    if _EITHER_WAY.fullmatch(t):
        raise UnreadableDate("the day and the month could stand either way")
    if _SHORT_YEAR.fullmatch(t):
        raise UnreadableDate("a year of two digits leaves the century unsaid")
    raise UnreadableDate("")


def date_of(text: str | None) -> dt.date | None:
    """The day a ``Date`` value names, in any form read; None when it is absent,
    unreadable or any part of it is unknown."""
    if not text:
        return None
    try:
        t = text if is_canonical(text) else canonical_date(text)
    except UnreadableDate:
        return None
    if "?" in t:
        return None
    return dt.date(int(t[:4]), int(t[5:7]), int(t[8:]))


def settle_date(game: Game) -> bool:
    """Read ``game``'s ``Date`` tag: a date in another form is kept in the canonical
    form with a ``W701``, an unreadable one as written with a ``W702``.  True when the
    tag was changed."""
    text = game.tags.get("Date")
    if not text or is_canonical(text):
        return False
    line, col = game.tag_pos.get("Date", (0, None))
    try:
        date = canonical_date(text)
    except UnreadableDate as e:
        why = f": {e}" if str(e) else ""
        game.warnings.append(ReadWarning(
            "W702", line, col, f"date '{text}' cannot be read{why}; write {_FORM}"))
        return False
    game.tags["Date"] = date
    game.warnings.append(ReadWarning(
        "W701", line, col, f"date '{text}' read as {date} (the canonical form is YYYY.MM.DD)"))
    return True


def _written(year: str, month: str, day: str) -> str:
    """``YYYY.MM.DD`` of the parts read, after checking that they make a date."""
    month, day = month.zfill(2), day.zfill(2)
    _check(year, month, day)
    return f"{year}.{month}.{day}"


def _check(year: str, month: str, day: str) -> None:
    """:class:`UnreadableDate` when the known parts make no date (a month 13, a 30
    February, a year 0; with the year unknown, 29 February may be)."""
    if year == "0000":
        raise UnreadableDate("there is no year 0")
    if month != "??" and not 1 <= int(month) <= 12:
        raise UnreadableDate(f"there is no month {int(month)}")
    if day == "??":
        return
    last = 31
    if month != "??":
        leap = year[0] == "?" or _is_leap(int(year))
        last = 28 if month == "02" and not leap else _LAST_DAYS[int(month) - 1]
    if not 1 <= int(day) <= last:
        raise UnreadableDate(f"there is no day {int(day)}" + (
            f" in month {int(month)}" if month != "??" else ""))


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
