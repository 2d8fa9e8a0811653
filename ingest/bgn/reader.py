"""Streaming BGN reader: text in, :class:`replay.model.record.Game` records out, one at a time.

``read_games`` reads its source line by line and holds one game at a time:
each line is split into tokens by one compiled regex (:data:`ingest.bgn.lexer.TOKEN_RE`),
each token is classified through a cache (:func:`ingest.bgn.lexer.lookup`), and a
small state machine per game (:class:`_GameReader`) builds the record.  A
multi-line ``{…}`` comment is followed with ``str.find`` on the next lines.

This module is the driver: the line loop, comments, game boundaries, a token's
dispatch to the section it stands in.  The sections themselves are read by
``ingest.bgn.sections`` (one module per family, the game's state and each family's
record in ``ingest.bgn.sections.records``, a keyword's closing and opening of
sections in ``ingest.bgn.sections.game``); canonical lines are read whole by
``ingest.bgn.sections.fast``; tag lines by
``ingest.bgn.tags``; where a game starts is the rule of ``ingest.bgn.boundaries``,
applied here token by token.

A malformed game ends as a :class:`Game` whose ``errors`` holds one located
``P101``/``P103``; the reader skips to the next game (docs/bgn/reading.md "Games")
and goes on.  ``P102`` (missing or unknown ``Variant``…) is the engine's: the
reader records ``movetext_pos`` and ``tag_pos`` for it.  A date written in another
form than the canonical one is kept in the canonical form, with a located warning in
``Game.warnings`` (``ingest.bgn.dates``); the game stays clean.

Decisions where the contract is silent are in ``docs/bgn-decisions.md``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Final

from ingest.bgn.boundaries import scan_headers
from ingest.bgn.dates import settle_date
from ingest.bgn.encoding import escape_undecoded, undecoded_message, undecoded_places
from ingest.bgn.errors import NewGame, Stop, p101
from ingest.bgn.lexer import (
    CACHE,
    COMMENT,
    COMPOUND,
    KW,
    TOKEN_RE,
    Descriptor,
    Source,
    collapse,
    line_blocks,
    lookup,
    text_lines,
)
from ingest.bgn.sections.auction import in_announce, in_bids, in_exchange, uncall
from ingest.bgn.sections.deal import in_deal, in_hands, in_header, in_talon, in_turn
from ingest.bgn.sections.declarations import in_declare
from ingest.bgn.sections.fast import more_tricks, read_line
from ingest.bgn.sections.game import close_section, in_done, in_tags, keyword
from ingest.bgn.sections.play import in_play, play_token, unlane
from ingest.bgn.sections.records import GameState
from ingest.bgn.sections.sheet import in_result, in_score
from ingest.bgn.sections.states import (
    S_BIDS,
    S_DONE,
    S_PLAY,
    S_RESULT,
    S_TAGS,
    TOP_WORDS,
)
from ingest.bgn.tags import read_tag_line
from replay.model.elements import NOPOS, Call, Play, Pos
from replay.model.lanes import CallLane
from replay.model.record import Game, ParseError

#: a line with a byte that could not be decoded: (line, column, the line, the encoding)
Undecodable = tuple[int, int, str, str]

__all__ = ["read_games", "parse_games", "scan_headers", "parse_game", "MAX_SOURCE_CHARS"]

#: a game's ``source_text`` keeps at most this many characters (a runaway
#: unterminated comment or a giant broken "game" must not fill memory)
MAX_SOURCE_CHARS = 64 * 1024 * 1024
#: a comment keeps at most this many characters
MAX_COMMENT_CHARS = 1024 * 1024

#: what reads a token in each state, by the state's number (plain functions: no
#: reference cycle, so a finished game is freed by reference counting, not left to
#: the cyclic GC)
_HANDLERS: Final[tuple[Callable[[GameState, Descriptor, str, Pos, bool], None], ...]] = (
    in_tags, in_header, in_deal, in_hands, in_turn, in_talon, in_bids, in_announce,
    in_exchange, in_declare, in_play, in_score, in_score, in_result, in_done,
)


class _GameReader(GameState):
    """One game's reading: its tokens dispatched to the section they stand in, its
    comments, and what is skipped after a parse error."""

    __slots__ = ("after", "skip_mt", "skip_res")

    def __init__(self, index: int, line: int, pend: list[str]) -> None:
        super().__init__(index, line, pend)
        self.after: list[str] = []  # comments after ``result`` (a following tagless game's)
        #: after a parse error: a movetext token was seen; ``result`` was (1), and
        #: a token after it (2: the next token starts a new game)
        self.skip_mt = False
        self.skip_res = 0

    def feed(self, d: Descriptor, tok: str, ln: int, col: int, glued: bool = False) -> None:
        """Read one token.  Raises :class:`Stop` on a parse error."""
        self.fresh = False
        if self.sec == S_PLAY and play_token(self, d, tok, ln, col):
            return
        kind = d[0]
        if kind == COMPOUND:
            parts = d[1]
            last = len(parts) - 1
            for i, (off, pd) in enumerate(parts):
                end = parts[i + 1][0] if i < last else len(tok)
                self.feed(pd, tok[off:end], ln, col + off, off > 0)
            return
        if kind == KW and d[1] in TOP_WORDS:
            keyword(self, d[1], tok, (ln, col))
            return
        _HANDLERS[self.sec](self, d, tok, (ln, col), glued)

    def comment(self, text: str) -> None:
        """A comment, collapsed; kept after a card, a call, or as a game comment."""
        if not text:
            return
        sec = self.sec
        target: Play | Call | None
        if sec == S_PLAY:
            play = self.play
            if play.lane is not None:
                unlane(self, play.lane)
            target = play.current
        elif sec == S_BIDS:
            auction = self.auction
            if type(auction.calls) is CallLane:
                uncall(self, auction.calls)
            target = auction.call
        elif sec == S_TAGS:
            self.pend.append(text)
            return
        elif sec == S_DONE:
            self.after.append(text)
            return
        else:
            return
        if target is not None:
            if target.comment is None:
                target.comment = text
            elif len(target.comment) < MAX_COMMENT_CHARS:
                target.comment = target.comment + " " + text

    # ------------------------------------------------------------------ skipping

    def skip(self, d: Descriptor, tok: str, ln: int, col: int, glued: bool = False) -> None:
        """After a parse error: watch for the start of the next game, read nothing."""
        if self.skip_res == 2:
            raise NewGame
        self.skip_mt = True
        if d[0] == KW and d[1] == "result":
            self.skip_res = 1
        elif self.skip_res == 1:
            self.skip_res = 2

    def has_movetext(self) -> bool:
        return self.skip_mt if self.game.errors else self.sec != S_TAGS

    def fail(self, e: Stop, d: Descriptor | None) -> None:
        """Record the game's one parse error; the rest of the game is skipped."""
        line, col = e.pos
        deal = len(self.game.deals) or None
        self.game.errors.append(ParseError(e.code, line, col, e.message, deal))
        self.skip_mt = d is not None
        if d is not None and d[0] == KW and d[1] == "result":
            self.skip_res = 1
        elif self.sec == S_RESULT and d is not None:
            self.skip_res = 2
        else:
            self.skip_res = 0

    def undecodable(self, place: Undecodable) -> None:
        """A byte of the game's text could not be decoded: the game's parse error is
        P104 at that byte (docs/codes.md), unless it was already skipped from an
        earlier line.  An error raised on the byte's line gives way: the undecodable
        byte is where reading went wrong.  Tag values read from
        the line keep the byte written ``\\xE9`` (never a surrogate, never U+FFFD)."""
        line, col, text, encoding = place
        game = self.game
        error = ParseError("P104", line, col, undecoded_message(text, col, encoding),
                           len(game.deals) or None)
        if game.errors:
            if game.errors[0].line < line:
                return
            game.errors[0] = error
        else:
            movetext = self.has_movetext()
            sec = self.sec
            game.errors.append(error)
            # skipping goes on as after a token of this line: a tag line keeps the game's
            # tags together, a line of movetext (or ``result``) ends it at the next game
            self.skip_mt = movetext
            self.skip_res = 2 if sec == S_DONE else 1 if sec == S_RESULT else 0
        for key, value in game.tags.items():
            if not value.isascii():
                game.tags[key] = escape_undecoded(value)
        self.after = [escape_undecoded(t) for t in self.after]

    def finish(self) -> Game:
        """Close the game at the end of its text; returns the record."""
        game = self.game
        if not game.errors:
            try:
                close_section(self, None)
            except Stop as e:
                self.fail(e, None)
            if self.sec == S_TAGS and self.pend:
                game.comments = self.pend
        if "Date" in game.tags and settle_date(game):
            self.verbatim = False  # the tag line is no longer the writer's own
        src = self.src
        text = "\n".join(src).rstrip()
        game.source_text = text + "\n" if text else ""
        game.verbatim_lines = 0
        if self.verbatim:
            # every line of the text is a fast line, a tag line, the empty line after
            # the tags, the first deal's header or the result line: counted here, where
            # the lines are at hand (the text's blank lines at its end are dropped)
            kept = len(src)
            while kept and (not src[kept - 1] or src[kept - 1].isspace()):
                kept -= 1
            fast = len(src) - self.slow_lines
            if kept == len(game.tags) + fast + 3:
                game.verbatim_lines = fast
        return game

    def add_src(self, text: str) -> None:
        """Keep a line (or the game's part of one) read by the tokenizer."""
        if self.src_len < MAX_SOURCE_CHARS:
            self.src.append(text)
            self.src_len += len(text) + 1
            self.slow_lines += 1
        else:
            self.verbatim = False  # source_text is cut short


# ---------------------------------------------------------------------- driver


_FAST_FAIL: Final[Descriptor] = (KW, "", None)  # a failing fast line is movetext


def read_games(source: Source, filename: str | None = None, encoding: str | None = None,
               undecoded: bool | None = None) -> Iterator[Game]:
    """Read every game of a file or stream, one at a time (``parse_games`` reads text).

    ``source`` is a path (``str`` or ``Path``; ``.gz`` by suffix or gzip magic;
    a missing file raises FileNotFoundError at once), a text or binary stream,
    or an iterable of lines.  Bytes are decoded in ``encoding`` (a Python codec
    name; UTF-8 by default); a text stream was decoded before, and ``encoding``
    only names its encoding in a P104 message, and ``undecoded=False`` says it
    holds no byte that could not be decoded (it is then not searched for one).  A
    game with such a byte ends with P104 (:mod:`ingest.bgn.encoding`).  ``filename`` is not
    needed for reading; it is accepted so callers can pass it along.  A damaged
    ``.gz`` (cut short, corrupt, not gzip) yields the whole games before the
    fault, then raises :class:`ingest.bgn.inflate.ReadFault` (an OSError) with the
    line its text stops on; the game cut there is not yielded.
    """
    del filename
    if isinstance(source, str | os.PathLike) and not os.path.exists(source):
        raise FileNotFoundError(f"no such file: {source}")
    return _read(line_blocks(source, encoding, undecoded))


def parse_games(text: str) -> Iterator[Game]:
    """Read every game of a ``str`` of BGN text, one at a time."""
    return _read(line_blocks(text_lines(text)))


def parse_game(text: str) -> Game:
    """The first game of a ``str`` of BGN text (a convenience for tests and tools)."""
    for game in parse_games(text):
        return game
    raise ValueError("no game in text")


def _read(chunks: Iterable[list[str]], fast_lines: bool = True,
          ) -> Iterator[Game]:  # noqa: C901 - one loop, on purpose
    """The reader proper; ``fast_lines=False`` reads every line through the general
    tokenizer (the tests compare both ways)."""
    finditer = TOKEN_RE.finditer
    cache_get = CACHE.get
    ln = 0
    index = 0
    cur: _GameReader | None = None
    pre: list[str] = []  # comments before the first game: a tagless first game's
    in_comment = False
    cbuf: list[str] = []
    clen = 0
    cpos: Pos = NOPOS
    cdrop = False
    feed: Callable[[Descriptor, str, int, int], None] | None = None  # cur.feed or cur.skip
    # cur while the game reads without error and fast lines are on: ``read_line(fast,
    # ...)`` is a direct call compiled; a bound method kept in a variable was a generic
    # call (its arguments boxed) for every line
    fast: _GameReader | None = None
    #: a line with an undecodable byte, read: its game gets P104 before the next line
    undecodable: Undecodable | None = None
    for lines in chunks:
        it = iter(lines)
        at = -1  # index of ``raw`` in ``lines``
        marked = undecoded_places(lines)
        for raw in it:
            at += 1
            ln += 1
            if undecodable is not None and cur is not None:
                cur.undecodable(undecodable)
                undecodable = None
                feed = cur.skip
                fast = None
            if marked is not None and at in marked.places:
                fast = None  # the fast lines read the line's bytes: not this one
                if undecodable is None:
                    undecodable = (ln, marked.places[at], raw, marked.encoding)
            # an LF or a CR ending it (10, 13) tested by its code first: compiled, an
            # rstrip per line cost 200 instructions
            size = len(raw)
            end = ord(raw[size - 1]) if size else 0
            line = raw.rstrip("\r\n") if end == 10 or end == 13 else raw
            if in_comment:
                j = line.find("}")
                if j < 0:
                    if clen < MAX_COMMENT_CHARS:
                        cbuf.append(line)
                        clen += len(line)
                    if cur is not None:
                        cur.add_src(line)
                    continue
                cbuf.append(line[:j])
                in_comment = False
                if not cdrop:
                    text = collapse(" ".join(cbuf))
                    if cur is None:
                        if text:
                            pre.append(text)
                    elif not cur.game.errors:
                        cur.comment(text)
                start = j + 1
            else:
                if fast is not None and line:
                    try:
                        done = read_line(fast, line, ln)
                    except Stop as e:
                        fast.fail(e, _FAST_FAIL)
                        feed = fast.skip
                        fast = None
                        done = True
                    if done:
                        assert cur is not None  # fast is cur, or was until just now
                        cur.src.append(line)
                        lane = cur.play.lane
                        if lane is not None:
                            more = more_tricks(cur, lane, lines, at + 1, ln)
                            if more:  # read whole: skip them here
                                ln += more
                                at += more
                                for _ in range(more):  # (islice would be two generic calls)
                                    next(it)
                        continue
                start = 0
            src_from = 0
            first = True
            for m in finditer(line, start):
                tok = m.group()
                d = cache_get(tok)
                if d is None:
                    c = tok[0]
                    if c == "[" and first:
                        # a tag line
                        i = m.start()
                        if cur is None or cur.has_movetext():
                            if cur is not None:
                                if i:
                                    cur.add_src(line[:i])
                                yield cur.finish()
                                src_from = i
                            index += 1
                            cur = _GameReader(index, ln, [])
                            feed = cur.feed
                            fast = cur if fast_lines else None
                            pre = []
                        else:
                            cur.pend.clear()
                        target = None if cur.game.errors else cur.game
                        try:
                            k = read_tag_line(line, i, ln, target)
                        except Stop as e:
                            cur.fail(e, None)
                            feed = cur.skip
                            fast = None
                            k = read_tag_line(line, i, ln, None)
                        # only a line naming the Variant tag changes the table (a game
                        # starts with the facts of no variant): one lookup per game
                        if target is not None and not cur.game.errors and "Variant" in line:
                            cur.set_variant()
                        if k is not None:
                            in_comment = True
                            cbuf = [line[k + 1:]]
                            clen = len(cbuf[0])
                            cpos = (ln, k + 1)
                            cdrop = True
                        break
                    d = lookup(tok)
                    if d[0] == COMMENT:
                        if d[2]:
                            if cur is None:
                                text = collapse(d[1])
                                if text:
                                    pre.append(text)
                            elif not cur.game.errors:
                                cur.comment(collapse(d[1]))
                        else:
                            in_comment = True
                            cbuf = [d[1]]
                            clen = len(d[1])
                            cpos = (ln, m.start() + 1)
                            cdrop = False
                        continue
                first = False
                col = m.start() + 1
                try:
                    if feed is None:
                        raise NewGame
                    feed(d, tok, ln, col)
                except NewGame:
                    after = pre
                    if cur is not None:
                        cur.add_src(line[src_from:col - 1])
                        after = cur.after
                        yield cur.finish()
                    src_from = col - 1
                    index += 1
                    cur = _GameReader(index, ln, after)
                    pre = []
                    feed = cur.feed
                    fast = cur if fast_lines else None
                    try:
                        feed(d, tok, ln, col)
                    except Stop as e:
                        cur.fail(e, d)
                        feed = cur.skip
                        fast = None
                except Stop as e:
                    assert cur is not None  # feed is set with cur
                    cur.fail(e, d)
                    feed = cur.skip
                    fast = None
            if cur is not None:
                cur.add_src(line[src_from:])
    if undecodable is not None:
        if cur is None:
            index += 1
            cur = _GameReader(index, undecodable[0], pre)
        cur.undecodable(undecodable)
    if in_comment:
        if cur is None:
            index += 1
            cur = _GameReader(index, cpos[0], [])
        if not cur.game.errors:
            cur.fail(p101(cpos, "unterminated comment: no '}' after this '{'"), None)
    if cur is not None:
        yield cur.finish()
