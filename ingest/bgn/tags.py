"""Tag lines: ``[Name "value"]`` pairs, escapes, and a comment after them."""

from __future__ import annotations

import re
from typing import Final

from ingest.bgn.errors import p101, quote
from replay.model.record import Game
from replay.model.variants import rules_switches

TAG_RE: Final = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^\\]|\\.)*?)"\s*\]')
NONSPACE: Final = re.compile(r"\S")
UNESCAPE = re.compile(r'\\([\\"])')


def unescape(value: str) -> str:
    return UNESCAPE.sub(r"\1", value) if "\\" in value else value


def read_tag_line(line: str, i: int, ln: int, game: Game | None) -> int | None:
    """Read the tags of a tag line from index ``i`` (a ``[``) into ``game``.

    Returns the index of a ``{`` that opens a comment running past the end of
    the line (dropped), else None.  Raises :class:`Stop` for a malformed tag
    (when ``game`` is None the tags are only skipped, errors ignored).
    """
    if game is not None and line[-2:] == '"]':
        # the common line, one tag as the writer writes it (``[Name "value"]``, no
        # escape, nothing after it), read without the regular expression; any
        # other line, or a doubt, goes the general way below
        k = line.find(' "', i)
        name = line[i + 1:k]
        value = line[k + 2:-2]
        if (i + 1 < k <= len(line) - 4 and name.isascii() and name.replace("_", "a").isalnum()
                and '"' not in value and "\\" not in value):
            game.tags[name] = value
            game.tag_pos[name] = (ln, i + 1)
            return None
    search = NONSPACE.search
    while True:
        m = search(line, i)
        if m is None:
            return None
        i = m.start()
        c = line[i]
        if c == "[":
            t = TAG_RE.match(line, i)
            if t is None:
                if game is None:
                    return None
                if "]" not in line[i:]:
                    msg = "unterminated tag: expected '\"value\"]' before the end of the line"
                else:
                    msg = (f"malformed tag: expected [Name \"value\"], found "
                           f"{quote(line[i:].rstrip())}")
                raise p101((ln, i + 1), msg)
            if game is not None:
                name = t.group(1)
                game.tags[name] = unescape(t.group(2))
                game.tag_pos[name] = (ln, i + 1)
            i = t.end()
        elif c == "{":
            k = line.find("}", i + 1)
            if k < 0:
                return i
            i = k + 1
        elif c == ";":
            return None
        else:
            if game is None:
                return None
            word = line[i:].split(None, 1)[0]
            raise p101((ln, i + 1), f"expected a tag or the end of the line after a tag, "
                                     f"found {quote(word)}")


def dealer_takes_after_all_pass(tags: dict[str, str]) -> bool:
    """Whether eight passes still make a contract: ru-pair under its club convention
    ``all-pass=dealer`` (ru-pair-04, C17), where the dealer then takes the turned card,
    so a ``play`` section may follow an auction in which every seat passed.

    Read from the ``Rules`` tag as the rulesets read it (the last switch written wins);
    whether the switch itself is valid is the engine's P102."""
    if tags.get("Variant") != "ru-pair":
        return False
    setting = ""
    for name, value, _ in rules_switches(tags.get("Rules")):
        if name == "all-pass":
            setting = value
    return setting == "dealer"
