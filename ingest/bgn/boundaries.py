"""Where a game starts: the one rule, for the reader, the header scan and the chunker.

A game starts

- at a tag line (a line whose first token is ``[``, outside a ``{...}`` comment)
  that follows movetext, i.e. whose previous meaningful line is not a tag line;
- at a movetext token after a game's ``result`` and its value (a tagless game);
- at the first tag or movetext token of the file.

The reader (``ingest.bgn.reader``) applies the rule token by token inside its
loop; :func:`scan_headers` applies it line by line without tokenising the
movetext; :func:`find_game_cut` finds the first tag-line start after an offset,
for cutting a file into chunks of whole games.  ``tests/bgn/test_boundaries.py``
holds the three to the same answers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain

from ingest.bgn.dates import settle_date
from ingest.bgn.errors import Stop
from ingest.bgn.lexer import Source, line_blocks
from ingest.bgn.tags import NONSPACE, read_tag_line
from replay.model.record import Game
from replay.model.variants import variant_id

_RESULT_RE = re.compile(r"result", re.I)


def _strip_comments(line: str, start: int) -> tuple[str, bool]:
    """The text of ``line`` from ``start`` outside comments (each comment replaced by a
    space), and whether a ``{`` comment is still open at the end of the line."""
    out = []
    i = start
    n = len(line)
    while i < n:
        m = _COMMENT_START.search(line, i)
        if m is None:
            out.append(line[i:])
            break
        k = m.start()
        out.append(line[i:k])
        out.append(" ")
        if line[k] == ";":
            break
        j = line.find("}", k + 1)
        if j < 0:
            return "".join(out), True
        i = j + 1
    return "".join(out), False


_COMMENT_START = re.compile(r"[{;]")


def _as_read(tags: dict[str, str]) -> dict[str, str]:
    """The tags as the reader keeps them: a variant id written in other letters as the
    id, a date in another form in the canonical one (``ingest.bgn.dates``)."""
    if "Variant" in tags:
        tags["Variant"] = variant_id(tags["Variant"])
    if "Date" in tags:
        settle_date(Game(tags=tags))
    return tags


def scan_headers(path: Source) -> Iterator[dict[str, str]]:
    """The tags of every game of ``path``, in order, without tokenising the movetext.

    Games are delimited as :func:`read_games` delimits them, so the n-th dict
    belongs to the game with ``index`` n (a game without tags yields ``{}``), and
    its tags are read as the reader reads them.  Malformed tags are skipped.
    """
    tags: dict[str, str] | None = None
    movetext = False
    res = 0  # 1: after 'result', 2: after its value (a further token starts a game)
    in_comment = False
    ln = 0
    search = NONSPACE.search
    result_in = _RESULT_RE.search
    for raw in chain.from_iterable(line_blocks(path)):
        ln += 1
        line = raw.rstrip("\r\n")
        if not in_comment and not res:
            # the common case: a movetext line with no comment and no 'result'
            c = line[:1]
            if (c and c not in "[{;" and not c.isspace() and "{" not in line and ";" not in line
                    and result_in(line) is None):
                if tags is None:
                    tags = {}
                movetext = True
                continue
        i = 0
        if in_comment:
            j = line.find("}")
            if j < 0:
                continue
            in_comment = False
            i = j + 1
        # skip leading blanks and whole comments
        while True:
            m = search(line, i)
            if m is None:
                c = ""
                break
            i = m.start()
            c = line[i]
            if c == "{":
                k = line.find("}", i + 1)
                if k < 0:
                    in_comment = True
                    c = ""
                    break
                i = k + 1
                continue
            if c == ";":
                c = ""
            break
        if not c:
            continue
        if c == "[":
            if tags is None or movetext:
                if tags is not None:
                    yield _as_read(tags)
                tags = {}
                movetext = False
                res = 0
            game = Game()
            try:
                open_at = read_tag_line(line, i, ln, game)
            except Stop:
                open_at = None
            tags.update(game.tags)
            if open_at is not None:
                in_comment = True
            continue
        if "{" in line or ";" in line:
            text, in_comment = _strip_comments(line, i)
        else:
            text = line[i:] if i else line
        if res or _RESULT_RE.search(text):
            for w in text.split():
                if res == 2 or tags is None:
                    if tags is not None:
                        yield _as_read(tags)
                    tags = {}
                    res = 0
                movetext = True
                if w.lower() == "result":
                    res = 1
                elif res == 1:
                    res = 2
            continue
        if tags is None:
            tags = {}
        movetext = True
    if tags is not None:
        yield _as_read(tags)


# ---------------------------------------------------------------- chunk cuts


def find_game_cut(buf: str, start: int) -> int | None:
    """The first game boundary at or after ``start``: an offset into ``buf``, or None."""
    pos = start
    comment_scan_from = 0
    in_comment = False
    has_braces = "{" in buf
    while True:
        i = buf.find("\n[", pos - 1 if pos > 0 else 0)
        if i < 0:
            return None
        cut = i + 1
        pos = cut + 1
        if cut < start:
            continue
        if not _after_movetext(buf, cut):
            continue
        if has_braces:
            in_comment = comment_open(buf, comment_scan_from, cut, in_comment)
            comment_scan_from = cut
            if in_comment:
                continue
        return cut


def _after_movetext(buf: str, cut: int) -> bool:
    """The meaningful line before ``cut`` (skipping blank and comment-only lines) is
    movetext, not a tag line."""
    end = cut - 1  # the '\n' ending the previous line
    while end > 0:
        begin = buf.rfind("\n", 0, end) + 1
        line = buf[begin:end].strip()
        if line and not (line[0] == "{" and line[-1] == "}") and line[0] != ";":
            return line[0] != "["
        end = begin - 1
    return False


def comment_open(text: str, start: int, end: int, in_comment: bool) -> bool:
    """Whether a ``{`` comment is open at ``end``, scanning ``text[start:end]`` (``start``
    at a line start, with ``in_comment`` the state there).

    Jumps from brace to brace: only lines holding a ``{`` are looked at closely
    (a ``;`` comment, or a tag's quoted value, before the brace hides it).
    """
    i = start
    while i < end:
        if in_comment:
            k = text.find("}", i, end)
            if k < 0:
                return True
            in_comment = False
            i = k + 1
            continue
        k = text.find("{", i, end)
        if k < 0:
            return False
        line_start = text.rfind("\n", 0, k) + 1
        line_end = text.find("\n", k, end)
        line_end = end if line_end < 0 else line_end
        seg_start = max(line_start, i)
        if text[line_start:k].lstrip()[:1] == "[" and seg_start == line_start:
            hidden = _hidden_on_tag_line(text, line_start, k)
        else:
            hidden = "line" if ";" in text[seg_start:k] else None
        if hidden == "line":
            i = line_end + 1
        elif hidden == "quote":
            i = k + 1
        else:
            in_comment = True
            i = k + 1
    return in_comment


def _hidden_on_tag_line(text: str, begin: int, brace: int) -> str | None:
    """On a tag line: is the brace at ``brace`` inside a quoted value ("quote") or after
    a ``;`` comment ("line")?"""
    quoted = False
    j = begin
    while j < brace:
        c = text[j]
        if quoted:
            if c == "\\":
                j += 2
                continue
            if c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == ";":
            return "line"
        j += 1
    return "quote" if quoted else None
