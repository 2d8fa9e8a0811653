"""JSON text that every reader of JSON Lines cuts at the same places.

The project writes JSON Lines (the validation report, ``belot convert --to
json``, ``belot analyze --json``, the dataset's records of JSON Lines games):
one object per line, each line ended by LF.  ``json.dumps`` escapes the control
characters below U+0020, so no LF, CR, VT, FF or U+001C..U+001E ever stands raw
in its text; with ``ensure_ascii=False`` (text stays readable) it writes every
other character as it is, U+0085 (NEL), U+2028 (LINE SEPARATOR) and U+2029
(PARAGRAPH SEPARATOR) among them.  Readers that follow Unicode's line breaks
(Python's ``str.splitlines``, among others) end a line at each of these three,
and would cut such an object in two.  Every JSON text the project writes
therefore goes through :func:`escape_line_breaks` (or :func:`dumps`), which
writes them as ``\\u0085``, ``\\u2028`` and ``\\u2029``: the same JSON value, and
no character but the final LF that any reader takes for a line end.
"""

from __future__ import annotations

import json
from typing import Any, Final

#: the characters a Unicode-aware reader ends a line at that ``json.dumps`` writes raw
#: with ``ensure_ascii=False``, each with its JSON escape
LINE_BREAK_ESCAPES: Final[dict[int, str]] = {
    0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029",
}


def escape_line_breaks(text: str) -> str:
    """JSON ``text`` with U+0085, U+2028 and U+2029 written as escapes.  In text that
    ``json.dumps`` wrote they stand only inside strings, where the escape means the
    same character; ASCII text (the usual report) is returned as it is."""
    if text.isascii():
        return text
    return text.translate(LINE_BREAK_ESCAPES)


def dumps(obj: Any, **kwargs: Any) -> str:
    """``json.dumps(obj, ensure_ascii=False, **kwargs)`` with the line breaks escaped:
    one line for every reader of JSON Lines."""
    return escape_line_breaks(json.dumps(obj, ensure_ascii=False, **kwargs))
