"""Streaming BGN reader: text in, :class:`replay.model.record.Game` records out, one at a time.

``read_games`` reads its source line by line and holds one game at a time:
each line is split into tokens by one compiled regex (:data:`ingest.bgn.lexer.TOKEN_RE`),
each token is classified through a cache (:func:`ingest.bgn.lexer.lookup`), and a
small state machine per game (:class:`_GameReader`) builds the record.  A
multi-line ``{…}`` comment is followed with ``str.find`` on the next lines.

Canonical lines are recognised whole by ``ingest.bgn.fastlines``; tag lines
are read by ``ingest.bgn.tags``; where a game starts is the rule of
``ingest.bgn.boundaries``, applied here token by token.

A malformed game ends as a :class:`Game` whose ``errors`` holds one located
``P101``/``P103``; the reader skips to the next game (docs/bgn/reading.md "Games")
and goes on.  ``P102`` (missing or unknown ``Variant``…) is the engine's: the
reader records ``movetext_pos`` and ``tag_pos`` for it.

Decisions where the contract is silent are in ``docs/bgn-decisions.md``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from typing import Final

from ingest.bgn.boundaries import scan_headers
from ingest.bgn.errors import NewGame, Stop, p101, p103, quote
from ingest.bgn.fastlines import (
    CARD_MASK,
    HAND_SHAPES,
    MAX_LANE_NUMBER,
    MAX_TRICKS,
    AnnounceItems,
    BidItems,
    DeclareItems,
    ExchangeItems,
    Template,
    bela_marks,
    hand_shape,
    line_template,
    sheet_numbers,
    templates,
)
from ingest.bgn.lexer import (
    ANNOT,
    BADCOMBO,
    CACHE,
    CALL,
    CARD,
    COMBO,
    COMMENT,
    COMPOUND,
    DASH,
    FIGURE,
    KW,
    NUMBER,
    PREFIX,
    SLASH,
    STAR,
    TOKEN_RE,
    TRICK,
    WORD,
    Descriptor,
    Source,
    call_of,
    collapse,
    line_blocks,
    lookup,
    text_lines,
)
from ingest.bgn.tags import read_tag_line
from replay.model.cards import CARD_TEXT, all_cards, card_of, cards_at
from replay.model.elements import NOPOS, Announce, Call, Claim, Combination, Exchange, Play, Pos
from replay.model.lanes import CallLane, HandsLine, LinePlaces, PlayLane, RowPlaces
from replay.model.record import Deal, Game, ParseError, ScoreLine
from replay.model.variants import table_facts

__all__ = ["read_games", "parse_games", "scan_headers", "parse_game", "MAX_SOURCE_CHARS"]

#: a game's ``source_text`` keeps at most this many characters (a runaway
#: unterminated comment or a giant broken "game" must not fill memory)
MAX_SOURCE_CHARS = 64 * 1024 * 1024
#: a comment keeps at most this many characters
MAX_COMMENT_CHARS = 1024 * 1024

# game-reader states (Final: compiled by mypyc, each is a constant, not a look-up
# in the module's globals)
S_TAGS: Final = 0
S_HDR: Final = 1
S_DEAL: Final = 2
S_HANDS: Final = 3
S_TURN: Final = 4
S_TALON: Final = 5
S_BIDS: Final = 6
S_ANN: Final = 7
S_EXCH: Final = 8
S_DECL: Final = 9
S_PLAY: Final = 10
S_SCORE: Final = 11
S_TOTAL: Final = 12
S_RESULT: Final = 13
S_DONE: Final = 14

#: section keyword -> (state, order rank); ``announce`` is ranked where it stands
SECTIONS: Final[dict[str, tuple[int, float]]] = {
    "hands": (S_HANDS, 1.0), "turn": (S_TURN, 2.0), "talon": (S_TALON, 3.0),
    "bids": (S_BIDS, 4.0), "announce": (S_ANN, 5.0), "exchange": (S_EXCH, 6.0),
    "declare": (S_DECL, 7.0), "play": (S_PLAY, 9.0), "score": (S_SCORE, 10.0),
    "total": (S_TOTAL, 11.0),
}
#: each section's keyword and order rank by its state (the states from S_HANDS on)
SECTION_WORDS: Final[tuple[str, ...]] = ("", "deal", "") + tuple(SECTIONS)
SECTION_RANKS: Final[tuple[float, ...]] = (0.0, 0.0, 0.0) + tuple(r for _, r in SECTIONS.values())
TOP_WORDS = frozenset(SECTIONS) | {"deal", "result"}
#: the sections no fast line is read in, a bit each (a shift and a test per line)
_NO_FAST_BITS: Final = 1 << S_TAGS | 1 << S_HDR | 1 << S_RESULT | 1 << S_DONE

class _GameReader:
    """The state machine that reads one game's tokens into a :class:`Game`."""

    __slots__ = (
        "game", "n", "facts", "sec", "rank", "kw", "kw_pos", "deal", "plays", "cur",
        "pfx", "pfx_pos", "trick", "trick_pos", "block", "claim_seat", "claim_pos",
        "cur_call", "count", "hdr", "hdr_pos", "hseat", "hdel", "hslash", "hpos",
        "cur_ann", "ann_after", "ex_seat", "ex_pos", "cur_ex", "dseat", "dseat_pos", "ddash",
        "dbare", "dfull", "line", "hang_state", "hang_kw_pos", "pend", "after", "skip_mt", "skip_res",
        "src", "src_len", "templates", "fresh", "lane", "hline", "hands", "talon", "bids", "exch",
        "decl",
        "verbatim", "slow_lines",
    )

    # Set when the first ``deal`` keyword opens a deal, and when a section opens (its
    # lists are the deal's); nothing reads them before: every section needs a deal first.
    deal: Deal
    hands: dict[int, list[list[str]]]  # the general path's (a HandsLine is made into one)
    talon: list[str]
    bids: list[Call] | CallLane
    exch: list[Exchange]
    decl: dict[int, list[Combination]]
    line: ScoreLine  # the open score or total line

    def __init__(self, index: int, line: int, pend: list[str]) -> None:
        self.game = Game(index=index, line=line)
        self.facts = table_facts(None)
        self.n = self.facts.players
        self.templates = templates(self.n)
        self.fresh = False
        self.lane: PlayLane | None = None
        #: the open hands section's line while it is read whole (HandsLine), else None
        self.hline: HandsLine | None = None
        self.sec = S_TAGS
        self.rank: float = 0.0
        self.kw = "deal"
        self.kw_pos = NOPOS
        self.plays: list[Play] = []  # as Play objects; the deal holds the lane while one is open
        self.cur: Play | None = None
        self.pfx: int | None = None
        self.pfx_pos = NOPOS
        self.trick: int | None = None
        self.trick_pos = NOPOS
        self.block: str | None = None  # "claim" (awaiting rest|game) or "rest" (play over)
        self.claim_seat = 0
        self.claim_pos = NOPOS
        self.cur_call: Call | None = None
        self.count = 0
        self.hdr = 0
        self.hdr_pos = NOPOS
        self.hseat: int | None = None
        self.hdel: list[str] = []
        self.hslash: Pos | None = None
        self.hpos = NOPOS
        self.cur_ann: Announce | None = None
        self.ann_after = "bids"
        self.ex_seat: int | None = None
        self.ex_pos = NOPOS
        self.cur_ex: Exchange | None = None
        self.dseat: int | None = None
        self.dseat_pos = NOPOS
        self.ddash = False
        self.dbare = False
        self.dfull = False
        self.hang_state = 0
        self.hang_kw_pos = NOPOS
        self.pend = pend  # game comments so far (before the first movetext token)
        self.after: list[str] = []  # comments after ``result`` (a following tagless game's)
        self.skip_mt = False
        self.skip_res = 0
        self.src: list[str] = []
        self.src_len = 0
        #: every fast line so far is the writer's own text; the lines of ``src`` that
        #: were not fast lines (``Game.verbatim_lines`` counts the others)
        self.verbatim = True
        self.slow_lines = 0

    # ------------------------------------------------------------------ tokens

    def feed(self, d: Descriptor, tok: str, ln: int, col: int, glued: bool = False) -> None:
        """Read one token.  Raises :class:`Stop` on a parse error."""
        self.fresh = False
        kind = d[0]
        if self.sec == S_PLAY:
            if self.lane is not None and not (kind == KW and d[1] in TOP_WORDS):
                self._unlane(self.lane)
            if kind == CARD:
                if self.block is not None:
                    self._blocked(tok, (ln, col))
                pfx = self.pfx
                if pfx is None:
                    pos = (ln, col)
                else:
                    pos = self.pfx_pos
                    self.pfx = None
                t = self.trick
                if t is None:
                    p = Play(d[1], pfx, None, None, d[2], None, pos)
                else:
                    p = Play(d[1], pfx, t, None, d[2], None, pos, NOPOS, self.trick_pos)
                    self.trick = None
                self.plays.append(p)
                self.cur = p
                return
            if kind == TRICK:
                if self.trick is not None or self.pfx is not None or self.block is not None:
                    self._bad_trick(tok, (ln, col))
                self.trick = d[1]
                self.trick_pos = (ln, col)
                self.cur = None
                return
            if kind == KW and d[1] == "bela" and self.cur is not None and self.cur.bela is None:
                cur = self.cur
                cur.bela = "bela"
                cur.bela_pos = (ln, col)
                if d[2] is not None:
                    self._annotate(d[2], tok, (ln, col))
                return
        if kind == COMPOUND:
            parts = d[1]
            last = len(parts) - 1
            for i, (off, pd) in enumerate(parts):
                end = parts[i + 1][0] if i < last else len(tok)
                self.feed(pd, tok[off:end], ln, col + off, off > 0)
            return
        if kind == KW and d[1] in TOP_WORDS:
            self._keyword(d[1], tok, (ln, col))
            return
        _HANDLERS[self.sec](self, d, tok, (ln, col), glued)

    def comment(self, text: str) -> None:
        """A comment, collapsed; kept after a card, a call, or as a game comment."""
        if not text:
            return
        sec = self.sec
        target: Play | Call | None
        if sec == S_PLAY:
            if self.lane is not None:
                self._unlane(self.lane)
            target = self.cur
        elif sec == S_BIDS:
            if type(self.bids) is CallLane:
                self._uncall(self.bids)
            target = self.cur_call
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

    # ------------------------------------------------------------------ fast lines
    #
    # Whole canonical lines, read at once.  Each ``fast_*`` first checks that the
    # general path would read the line without an error and to the same record;
    # if not it returns False and the line goes through the general tokenizer.
    # ``tests/test_reader.py`` checks that both paths give the same records.

    def fast(self, line: str, ln: int) -> bool:
        """Read a canonical line whole; False when the general tokenizer must read it."""
        if _NO_FAST_BITS >> self.sec & 1:
            return False
        # dispatched on the first character's code: an int compared in C (compiled, a
        # one-character string compared with a literal is a call)
        o = ord(line[0])
        if 48 <= o <= 57 or o == 112:  # a digit or 'p': a trick line
            done = self.fast_trick(line, ln)
            self.fresh = done
            return done
        if o == 104:  # 'h'
            done = self.fast_hands(line, ln)
            self.fresh = done
            return done
        if o == 116 and len(line) > 1 and ord(line[1]) != 111:  # 't' but not 'to': turn, talon
            done = self.fast_cards(line, ln)
            self.fresh = done
            return done
        if (o == 115 or o == 116) and self.fast_sheet(line, ln):  # 's', 't': score, total
            self.fresh = True
            return True
        templates = self.templates
        t = templates.get(line, _UNSEEN)
        if t is _UNSEEN:
            t = line_template(line, self.n)
            if len(templates) < 50_000:
                templates[line] = t
        if t is None:
            return False
        if not t[-1]:
            self.verbatim = False
        self.fast_line(t, line, ln)
        self.fresh = True
        return True

    def fast_trick(self, line: str, ln: int) -> bool:
        """``[play ]N. C C C C``: a trick of canonical cards (each perhaps with a
        ``bela`` word) and nothing else.  Lines in trick order go into the deal's
        compact :class:`PlayLane`; any other trick line is read into Play objects."""
        n = self.n
        if (len(line) == 3 * n + 7 and line.startswith("play 1. ") and self.sec != S_PLAY):
            # the usual first line of a play section, read by its length and its cards'
            # codes as ``more_tricks`` reads the lines after it
            cards: list[int] = []
            if cards_at(line, 8, n, cards):
                self._enter(S_PLAY, (ln, 1))
                opened = self.lane = PlayLane(n)
                self.deal.plays = opened
                opened.cards = cards
                opened.texts.append(line[5:])
                opened.heads.append((0, ln, 6, 9, None))
                return True
        parts = line.split(" ")
        col = 1
        if parts[0] == "play":
            del parts[0]
            col = 6
        if len(parts) < 2:
            return False
        num = parts[0]
        digits = num[:-1]
        if num[-1:] != "." or not digits.isdigit() or not digits.isascii():
            return False
        texts = parts[1:]
        marks = None
        if len(texts) != n or not all_cards(texts):
            marks = bela_marks(texts, n)
            if marks is None:
                return False
        number = int(digits)
        # the next line of the lane: trick 1 after 'play', else the one after the
        # lane's last line (a trick line with no lane open is never in order)
        lane = None if col == 6 else self.lane
        in_order = digits[0] != "0" and number == (
            len(lane.texts) + 1 if lane is not None else 1 if col == 6 else -1)
        if marks is not None and not in_order:
            return False  # bela lines are read here only into the lane
        sec = self.sec
        if col == 6:
            if sec == S_PLAY:
                return False
            self._enter(S_PLAY, (ln, 1))
            self.lane = lane = PlayLane(n)
            self.deal.plays = lane
        elif (sec != S_PLAY or self.trick is not None or self.pfx is not None
              or self.block is not None):
            return False
        first = col + len(num) + 1
        if in_order:
            assert lane is not None  # a line is in order only in an open lane
            start = len(lane.cards)
            at = len(lane.texts)
            lane.texts.append(line[col - 1:])
            if marks is None:
                lane.cards.extend([card_of(t) for t in texts])
                lane.heads.append((at, ln, col, first, None))
            else:
                marked, rel_cols, belas = marks
                lane.cards.extend([card_of(t) for t in marked])
                cols = tuple(first + c for c in rel_cols)
                lane.heads.append((at, ln, col, first, cols))
                for i, (word, bcol, rcol) in belas.items():
                    k = start + i
                    lane.marked[k] = Play(
                        marked[i], None, number if i == 0 else None, word, None, None,
                        (ln, cols[i]), (ln, first + bcol),
                        (ln, col) if i == 0 else NOPOS, (ln, first + rcol) if rcol else NOPOS)
            return True
        if lane is not None:
            self._unlane(lane)
        self.verbatim = False  # the writer writes these plays as a lane of its own
        plays = self.plays
        app = plays.append
        base = first
        app(Play(texts[0], None, number, None, None, None, (ln, base), NOPOS, (ln, col)))
        for c in texts[1:]:
            base += 3
            app(Play(c, None, None, None, None, None, (ln, base)))
        self.cur = plays[-1]
        return True

    def more_tricks(self, lane: PlayLane, lines: list[str], at: int, ln: int) -> int:
        """Read the canonical trick lines that follow a lane line (``lines[at:]``,
        the first on line ``ln + 1``) straight into the lane: the common case,
        without a trip through the line loop each.  Returns how many it read;
        it stops at the first line that is anything else (the loop reads that).

        A line is read when it is exactly the next trick number, then ``n``
        cards, each after one space: its length, its number's and the cards'
        character codes say so, with no split and no string per card.  The lane
        keeps its text alone: it stands on the line after the one before it."""
        cards = lane.cards
        texts = lane.texts
        src = self.src
        n = self.n
        number = len(texts) + 1
        count = 0
        for line in lines[at:at + MAX_TRICKS]:
            if number > MAX_LANE_NUMBER:
                break
            # 'N.' (one digit) or 'NN.' (two), then the cards from index 3 or 4
            if number < 10:
                if (len(line) != 3 * n + 2 or ord(line[0]) != 48 + number
                        or ord(line[1]) != 46):  # 46: '.'
                    break
                first = 3
            elif (len(line) != 3 * n + 3 or ord(line[0]) != 48 + number // 10
                    or ord(line[1]) != 48 + number % 10 or ord(line[2]) != 46):
                break
            else:
                first = 4
            if not cards_at(line, first, n, cards):
                break
            count += 1
            texts.append(line)
            src.append(line)
            number += 1
        return count

    def _unlane(self, lane: PlayLane) -> None:
        """Turn the compact plays into Play objects: the general path reads on."""
        plays = lane.materialize()
        self.lane = None
        self.plays = self.deal.plays = plays
        self.cur = plays[-1] if plays else None

    def _uncall(self, lane: CallLane) -> None:
        """Turn a bids line read whole into Call objects: the general path reads on in
        ``bids`` (a call or a comment on the next line)."""
        calls = self.bids = self.deal.bids = lane.materialize()
        self.cur_call = calls[-1]

    def fast_hands(self, line: str, ln: int) -> bool:
        if self.sec == S_HANDS:
            return False
        shapes = HAND_SHAPES.get(self.n)
        if shapes is None:
            shapes = HAND_SHAPES[self.n] = {}
        key = line.encode().translate(CARD_MASK)
        known = shapes.get(key)
        if known is None:
            known = hand_shape(line, self.n)
            if known is None:
                return False
            if len(shapes) < 10_000 and b"\xfe:" not in key:  # no seat digit masked
                shapes[key] = known
        shape, canonical_seats, cols_of = known
        self._enter(S_HANDS, (ln, 1))
        deal = self.deal
        # the line and its shape: no string per card until someone asks for them
        deal.hands = self.hline = HandsLine(line, ln, shape)
        seat_pos = deal.hand_seat_pos
        for seat, spos, _, _ in shape:
            seat_pos[seat] = (ln, spos)
        deal.hand_card_pos = LinePlaces(ln, cols_of)
        if not canonical_seats:
            self.verbatim = False  # (the order of the cards is checked by read_game_id)
        return True

    def _unhand(self, hline: HandsLine) -> None:
        """Turn a hands line read whole into lists: the general path reads on in
        ``hands`` (a seat or a delivery continued on the next line)."""
        hands = self.hands = self.deal.hands = hline.materialize()
        self.hline = None
        seat = hline.seats[-1][0]
        self.hseat = seat
        self.hdel = hands[seat][-1]
        self.hslash = None
        self.hpos = self.deal.hand_seat_pos[seat]

    def fast_sheet(self, line: str, ln: int) -> bool:
        """``score``/``total`` with whole numbers (and ``-`` in score) only: the
        numbers of one deal's sheet rarely repeat, so no template is kept for them;
        halves and ``hang`` go by the template."""
        if line.startswith("score "):
            state = S_SCORE
        elif line.startswith("total "):
            state = S_TOTAL
        else:
            return False
        values: list[Decimal | None] = []
        if not sheet_numbers(line, 6, state == S_SCORE, values):
            return False
        # the line's record made here, its numbers' places kept as the line itself
        self._enter(state, (ln, 1), ScoreLine(values, (ln, 1), RowPlaces(ln, line, 6)))
        return True

    def fast_cards(self, line: str, ln: int) -> bool:
        """``turn C`` or ``talon C C …``: canonical cards after the keyword, read by
        their codes (``replay.model.cards.cards_at``); the card texts are the shared
        ``CARD_TEXT`` strings."""
        size = len(line)
        if size == 7 and line.startswith("turn "):
            found: list[int] = []
            if cards_at(line, 5, 1, found):
                self._enter(S_TURN, (ln, 1))
                self.deal.turn = CARD_TEXT[found[0]]
                self.deal.turn_pos = (ln, 6)
                return True
        elif size % 3 == 2 and size > 6 and line.startswith("talon "):
            found = []
            k = (size - 5) // 3
            if cards_at(line, 6, k, found):
                self._enter(S_TALON, (ln, 1))
                self.talon.extend([CARD_TEXT[c] for c in found])
                deal = self.deal
                if deal.talon_card_pos:
                    deal.talon_card_pos.extend([(ln, col) for col in range(7, 7 + 3 * k, 3)])
                else:  # the usual case: the places kept as the line itself
                    deal.talon_card_pos = RowPlaces(ln, line, 6)
                return True
        parts = line.split(" ")
        w = parts[0]
        cards = parts[1:]
        # all_cards tests the character codes: ``frozenset.issuperset`` of a list
        # first builds a set of it, hashing every card text
        if not cards or not all_cards(cards):
            return False
        if w == "turn":
            if len(cards) != 1:
                return False
            self._enter(S_TURN, (ln, 1))
            self.deal.turn = cards[0]
            self.deal.turn_pos = (ln, 6)
        elif w == "talon":
            self._enter(S_TALON, (ln, 1))
            deal = self.deal
            self.talon += cards
            deal.talon_card_pos.extend([(ln, col) for col in range(7, 7 + 3 * len(cards), 3)])
        else:
            return False
        return True

    def fast_line(self, t: Template, line: str, ln: int) -> bool:
        """A canonical deal header, bids, exchange, announce, declare, score or total line
        (``line``) from its template."""
        kind = t[0]
        pos = (ln, 1)
        if kind == "deal":
            self._enter(S_HDR, pos)
            deal = self.deal
            deal.number = t[1]
            deal.number_pos = (ln, 6)
            deal.dealer = t[2]
            self.sec = S_DEAL
        elif kind == "bids":
            self._enter(S_BIDS, pos)
            # typed: compiled by mypyc, the template's Any would be read generically
            bid_items: BidItems = t[1]
            # the line and its template's items; Call objects when someone asks
            self.bids = self.deal.bids = CallLane(line, ln, bid_items)
        elif kind == "declare":
            self._enter(S_DECL, pos)
            decl = self.decl
            seat_pos = self.deal.declare_seat_pos
            decl_items: DeclareItems = t[1]
            for seat, scol, combos in decl_items:
                seat_pos[seat] = (ln, scol)
                decl[seat] = [Combination(text, (ln, col)) for text, col in combos]
            self.dseat = t[2]
            self.dseat_pos = seat_pos[t[2]]
            self.ddash = t[3]
            self.dbare = False
            self.dfull = t[-1] is True  # every seat 1..n once, in order (the writer's line)
        elif kind == "exchange":
            self._enter(S_EXCH, pos)
            exch = self.exch
            ex: Exchange | None = None
            ex_items: ExchangeItems = t[1]
            for seat, scol, actions in ex_items:
                for word, acol, cards, cols in actions:
                    ex = Exchange(seat, word, list(cards), (ln, acol),
                                  [(ln, c) for c in cols])
                    exch.append(ex)
                self.ex_seat = seat
                self.ex_pos = (ln, scol)
            self.cur_ex = ex
        elif kind == "announce":
            self._enter(S_ANN, pos)
            after = self.ann_after
            # the writer writes an announce line after bids, after exchange or
            # declare, or after play (``ingest.bgn.writer``): after any other
            # section the same record is written elsewhere
            if after != "bids" and after != "exchange" and after != "declare" and after != "play":
                self.verbatim = False
            announced = self.deal.announce
            ann: Announce | None = None
            ann_items: AnnounceItems = t[1]
            for seat, scol, figures, cols in ann_items:
                ann = Announce(seat, list(figures), after, (ln, scol), [(ln, c) for c in cols])
                announced.append(ann)
            self.cur_ann = ann
        else:
            self._enter(S_SCORE if kind == "score" else S_TOTAL, pos)
            sl = self.line
            sl.values.extend(t[1])
            sl.value_pos.extend([(ln, col) for col in t[2]])
            if t[3] is not None:
                sl.hang = t[3]
                sl.hang_pos = (ln, t[4])
                self.hang_state = 2
        return True

    # ------------------------------------------------------------------ structure

    def start_movetext(self, pos: Pos) -> None:
        self.game.movetext_pos = pos
        if self.pend:
            self.game.comments = self.pend
        self.pend = []
        self.sec = S_DEAL  # overwritten by the keyword that follows

    def set_variant(self) -> None:
        self.facts = table_facts(self.game.tags.get("Variant"))
        self.n = self.facts.players
        self.templates = templates(self.n)

    def _keyword(self, w: str, tok: str, pos: Pos) -> None:
        sec = self.sec
        if sec == S_DONE:
            raise NewGame
        if sec == S_TAGS:
            self.start_movetext(pos)
            if w not in ("deal", "result"):
                raise p103(pos, f"expected 'deal' to begin the movetext, found {quote(tok)}")
        else:
            self.close(tok)
        self._section(w, tok, pos)

    def _enter(self, state: int, pos: Pos, sheet: ScoreLine | None = None) -> None:
        """``_keyword`` for a fast line (never in the tags, header, result or after it),
        by the state of the section it opens (``S_HDR`` for a deal header): the
        section before needs no closing checks when a fast line read it whole.
        ``sheet``: a score or total line's record, made by the fast line."""
        if self.fresh:
            # a declare line read whole names seats 1..n in order when the writer
            # writes it so (``dfull``): its dict is the deal's declare as it stands
            if self.sec == S_DECL and not self.dfull:
                decl = self.decl
                last = self.n  # max(self.n, *decl) without a generic call to max
                for s in decl:
                    if s > last:
                        last = s
                self.deal.declare = {s: decl.get(s, []) for s in range(1, last + 1)}
        else:
            self.close(SECTION_WORDS[state])
        if state == S_HDR:
            self._open_deal(pos)
        else:
            self._open(state, SECTION_WORDS[state], pos, sheet)

    def _section(self, w: str, tok: str, pos: Pos) -> None:
        """Open the section (or deal, or result) keyword ``w`` (written ``tok``) names."""
        if w == "deal":
            self._open_deal(pos)
        elif w == "result":
            self.lane = None
            self.sec = S_RESULT
            self.kw = "result"
            self.kw_pos = pos
        else:
            self._open(SECTIONS[w][0], tok, pos)

    def _open_deal(self, pos: Pos) -> None:
        """A ``deal`` keyword: a new deal, its header to read."""
        self.lane = None  # a lane is read only while its play section is open
        self.deal = Deal(0, 0, pos=pos)
        self.game.deals.append(self.deal)
        self.sec = S_HDR
        self.hdr = 0
        self.hdr_pos = pos
        self.rank = 0.0
        self.kw = "deal"
        self.kw_pos = pos

    def _open(self, state: int, tok: str, pos: Pos, sheet: ScoreLine | None = None) -> None:
        """A section keyword (written ``tok``), by the state it opens: its place in the
        deal's order checked, its record begun (for a score or total line, ``sheet``
        when a fast line made it)."""
        self.lane = None  # a lane is read only while its play section is open
        if not self.game.deals or self.sec == S_HDR:
            raise p103(pos, f"expected 'deal' before a section, found {quote(tok)}")
        deal = self.deal
        w = SECTION_WORDS[state]
        rank = SECTION_RANKS[state]
        prev = self.kw
        if state == S_ANN:
            if self.rank < 5:
                rank = 5.0
            elif self.rank in (6, 7):
                if not self.facts.figures:
                    raise p103(pos, f"'announce' after '{prev}' exists only in the Hungarian variants")
                rank = 8.0
            elif self.rank == 9 and self.facts.figures:
                rank = 9.5
            else:
                raise p103(pos, f"'announce' cannot stand after '{prev}'")
            self.ann_after = prev
            self.cur_ann = None
        elif rank <= self.rank:
            if rank == self.rank or (w == prev):
                raise p103(pos, f"a second '{w}' section in deal {deal.number}")
            raise p103(pos, f"'{w}' cannot stand after '{prev}'")
        if state == S_PLAY:
            if deal.bids and _all_passed(deal.bids):
                raise p103(pos, "'play' after an auction in which every seat passed")
        elif state == S_TURN and not self.facts.turn:
            raise p103(pos, f"'turn' in a variant without a turned card ({self._vname()})")
        elif state == S_TALON and not self.facts.talon:
            raise p103(pos, f"'talon' in a variant without a talon ({self._vname()})")
        self.sec = state
        self.rank = rank
        self.kw = w
        self.kw_pos = pos
        self.count = 0
        if state == S_HANDS:
            deal.hands = self.hands = {}
            deal.hands_pos = pos
            self.hseat = None
            self.hline = None
        elif state == S_TURN:
            pass
        elif state == S_TALON:
            deal.talon = self.talon = []
            deal.talon_pos = pos
        elif state == S_BIDS:
            deal.bids = self.bids = []
            deal.bids_pos = pos
            self.pfx = None
            self.cur_call = None
        elif state == S_EXCH:
            deal.exchange = self.exch = []
            deal.exchange_pos = pos
            self.ex_seat = None
            self.cur_ex = None
        elif state == S_DECL:
            deal.declare = self.decl = {}
            deal.declare_pos = pos
            self.dseat = None
            self.ddash = False
            self.dbare = False
        elif state == S_PLAY:
            self.plays = deal.plays = []
            deal.play_pos = pos
            self.cur = None
            self.pfx = None
            self.trick = None
            self.block = None
        elif state in (S_SCORE, S_TOTAL):
            self.line = ScoreLine([], pos) if sheet is None else sheet
            if state == S_SCORE:
                deal.score = self.line
            else:
                deal.total = self.line
            self.hang_state = 0

    def _vname(self) -> str:
        return self.game.tags.get("Variant") or "a game without Variant"

    def close(self, found: str | None) -> None:
        """End the current section (at ``found``, the next keyword, or None at the end)."""
        sec = self.sec
        if sec <= S_DEAL or sec == S_DONE:
            if sec == S_HDR:
                want = ("the deal number", "'dealer'", "the dealer's seat")[self.hdr]
                raise p101(self.hdr_pos, f"expected {want} after {quote(self._hdr_word())}, "
                                          f"found {quote(found)}")
            return
        kw = self.kw
        if sec == S_PLAY:
            if self.trick is not None:
                raise p101(self.trick_pos, f"trick number {self.trick}. with no card after it")
            if self.pfx is not None:
                raise p101(self.pfx_pos, f"expected a card or 'claim' after '{self.pfx}:', "
                                          f"found {quote(found)}")
            if self.block == "claim":
                raise p101(self.claim_pos, f"expected 'rest' or 'game' after 'claim', "
                                            f"found {quote(found)}")
            if not self.deal.plays and self.deal.claim is None:
                raise p101(self.kw_pos, "empty 'play' section")
            self.cur = None
        elif sec == S_HANDS:
            if self.hline is not None:
                return  # read whole: every seat and delivery holds cards
            if self.hseat is None:
                raise p101(self.kw_pos, "empty 'hands' section")
            self._end_hand_seat(found)
        elif sec == S_TURN:
            if self.deal.turn is None:
                raise p101(self.kw_pos, "empty 'turn' section: expected the turned card")
        elif sec == S_TALON:
            if not self.talon:
                raise p101(self.kw_pos, "empty 'talon' section")
        elif sec == S_BIDS:
            if self.pfx is not None:
                raise p101(self.pfx_pos, f"expected a call after '{self.pfx}:', found {quote(found)}")
            if not self.bids:
                raise p101(self.kw_pos, "empty 'bids' section")
            self.cur_call = None
        elif sec == S_ANN:
            if self.cur_ann is None:
                raise p101(self.kw_pos, "empty 'announce' section")
            if not self.cur_ann.figures:
                raise p101(self.cur_ann.pos, f"expected a figure after '{self.cur_ann.seat}:', "
                                              f"found {quote(found)}")
        elif sec == S_EXCH:
            self._end_exchange_group(found)
            if not self.exch:
                raise p101(self.kw_pos, "empty 'exchange' section")
        elif sec == S_DECL:
            if self.dseat is not None:
                self._end_declare_seat(self.dseat, found)
            elif not self.dbare:
                raise p101(self.kw_pos, "empty 'declare' section")
            decl = self.decl
            self.deal.declare = {s: decl.get(s, []) for s in range(1, max(self.n, *decl, 0) + 1)}
        elif sec in (S_SCORE, S_TOTAL):
            if self.hang_state == 1:
                raise p101(self.hang_kw_pos, f"expected a number after 'hang', found {quote(found)}")
            if not self.line.values and self.line.hang is None:
                raise p101(self.kw_pos, f"empty '{kw}' section")
        elif sec == S_RESULT:
            raise p101(self.kw_pos, "expected A, B, a seat number or '*' after 'result', "
                                     f"found {quote(found)}")

    def _hdr_word(self) -> str:
        d = self.deal
        return ("deal", f"deal {d.number}", "dealer")[self.hdr]

    # ------------------------------------------------------------------ states

    def _unexpected(self, d: Descriptor, tok: str, pos: Pos, want: str) -> Stop:
        if d[0] == KW:
            return p103(pos, f"{quote(tok)} cannot stand here: expected {want}")
        if d[0] == BADCOMBO:
            return p101(pos, d[1])
        return p101(pos, f"expected {want}, found {quote(tok)}")

    def _seat(self, n: int, tok: str, pos: Pos) -> int:
        if not 1 <= n <= self.n:
            raise p101(pos, f"expected a seat 1..{self.n}, found {quote(tok)} "
                             f"({self._vname()} has {self.n} seats)")
        return n

    def _in_tags(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        self.start_movetext(pos)
        raise self._unexpected(d, tok, pos, "'deal' to begin the movetext")

    def _in_done(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        raise NewGame

    def _in_header(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        deal = self.deal
        step = self.hdr
        if step == 0:
            if d[0] != NUMBER or d[2] is None:
                raise self._unexpected(d, tok, pos, "the deal number after 'deal'")
            deal.number = d[2]
            deal.number_pos = pos
        elif step == 1:
            if d[0] != KW or d[1] != "dealer":
                raise self._unexpected(d, tok, pos, f"'dealer' after 'deal {deal.number}'")
        else:
            if d[0] != NUMBER or d[2] is None:
                raise self._unexpected(d, tok, pos, "the dealer's seat after 'dealer'")
            deal.dealer = self._seat(d[2], tok, pos)
            self.sec = S_DEAL
            return
        self.hdr = step + 1
        self.hdr_pos = pos

    def _in_deal(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        raise self._unexpected(d, tok, pos, "a section keyword, 'deal' or 'result'")

    # hands ---------------------------------------------------------------

    def _end_hand_seat(self, found: str | None) -> None:
        if not self.hdel:
            if self.hslash is not None:
                raise p101(self.hslash, f"empty delivery: expected a card after '/', "
                                         f"found {quote(found)}")
            raise p101(self.hpos, f"expected a card after '{self.hseat}:', found {quote(found)}")

    def _in_hands(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        if self.hline is not None:
            self._unhand(self.hline)
        kind = d[0]
        deal = self.deal
        if kind == CARD:
            if self.hseat is None:
                raise p101(pos, f"expected a seat prefix such as '1:' before the cards, "
                                 f"found {quote(tok)}")
            if d[2] is not None:
                raise p101(pos, f"an annotation cannot stand in 'hands': {quote(tok)}")
            self.hdel.append(d[1])
            deal.hand_card_pos[self.hseat].append(pos)
            self.hslash = None
        elif kind == PREFIX:
            seat = self._seat(d[1], tok, pos)
            if self.hseat is not None:
                self._end_hand_seat(tok)
            if seat in self.hands:
                raise p101(pos, f"seat {seat} is listed twice in 'hands'")
            self.hdel = []
            self.hands[seat] = [self.hdel]
            deal.hand_seat_pos[seat] = pos
            deal.hand_card_pos[seat] = []
            self.hseat = seat
            self.hpos = pos
            self.hslash = None
        elif kind == SLASH:
            if self.hseat is None:
                raise p101(pos, "expected a seat prefix such as '1:' before '/'")
            if not self.hdel:
                raise p101(self.hslash or pos, "empty delivery: expected a card before '/'"
                            if self.hslash is None else
                            "empty delivery: expected a card after '/', found '/'")
            self.hdel = []
            self.hands[self.hseat].append(self.hdel)
            self.hslash = pos
        else:
            raise self._unexpected(d, tok, pos, "a card, '/' or a seat prefix in 'hands'")

    # turn, talon -----------------------------------------------------------

    def _in_turn(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        deal = self.deal
        if d[0] == CARD and d[2] is None:
            if deal.turn is not None:
                raise p101(pos, f"expected one card after 'turn', found a second card {quote(tok)}")
            deal.turn = d[1]
            deal.turn_pos = pos
            return
        raise self._unexpected(d, tok, pos, "the turned card")

    def _in_talon(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        if d[0] == CARD and d[2] is None:
            self.talon.append(d[1])
            self.deal.talon_card_pos.append(pos)
            return
        raise self._unexpected(d, tok, pos, "a card in 'talon'")

    # bids --------------------------------------------------------------------

    def _in_bids(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        if type(self.bids) is CallLane:
            self._uncall(self.bids)
        kind = d[0]
        if kind == CARD and d[2] is None:  # 7S, 10H: point bids here
            call = call_of(tok)
            if call is not None:  # JH is no call: "expected a call" below
                d = (CALL, call)
                kind = CALL
        if kind == CALL or (kind == KW and d[1] == "take"):
            call = d[1]
            if self.pfx is not None:
                c = Call(call, self.pfx, None, self.pfx_pos if glued else pos)
                self.pfx = None
            else:
                c = Call(call, None, None, pos)
            self.bids.append(c)
            self.cur_call = c
        elif kind == PREFIX:
            if self.pfx is not None:
                raise p101(self.pfx_pos, f"expected a call after '{self.pfx}:', found {quote(tok)}")
            self.pfx = self._seat(d[1], tok, pos)
            self.pfx_pos = pos
            self.cur_call = None
        else:
            raise self._unexpected(d, tok, pos, "a call")

    # announce ----------------------------------------------------------------

    def _in_announce(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        kind = d[0]
        if kind == FIGURE:
            if self.cur_ann is None:
                raise p101(pos, f"expected a seat prefix such as '1:' before {quote(tok)}")
            self.cur_ann.figures.append(d[1])
            self.cur_ann.figure_pos.append(pos)
        elif kind == PREFIX:
            seat = self._seat(d[1], tok, pos)
            if self.cur_ann is not None and not self.cur_ann.figures:
                raise p101(self.cur_ann.pos, f"expected a figure after '{self.cur_ann.seat}:', "
                                              f"found {quote(tok)}")
            self.cur_ann = Announce(seat, [], self.ann_after, pos)
            self.deal.announce.append(self.cur_ann)
        else:
            raise self._unexpected(d, tok, pos, "a figure (absolut, hundred, …) or a seat prefix")

    # exchange ----------------------------------------------------------------

    def _end_exchange_group(self, found: str | None) -> None:
        ex = self.cur_ex
        if ex is not None and not ex.cards:
            raise p101(ex.pos, f"expected a card after '{ex.action}', found {quote(found)}")
        if self.ex_seat is not None and ex is None:
            raise p101(self.ex_pos, f"expected swap, take or discard after '{self.ex_seat}:', "
                                     f"found {quote(found)}")

    def _in_exchange(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        kind = d[0]
        if kind == CARD:
            ex = self.cur_ex
            if ex is None:
                raise self._unexpected(d, tok, pos, "swap, take or discard" if self.ex_seat
                                       else "a seat prefix such as '2:'")
            if d[2] is not None:
                raise p101(pos, f"an annotation cannot stand in 'exchange': {quote(tok)}")
            if ex.action == "swap" and ex.cards:
                raise p101(pos, f"'swap' gives one card; found a second card {quote(tok)}")
            ex.cards.append(d[1])
            ex.card_pos.append(pos)
        elif kind == KW and d[1] in ("swap", "take", "discard"):
            if self.ex_seat is None:
                raise p101(pos, f"expected a seat prefix such as '2:' before {quote(tok)}")
            if self.cur_ex is not None and not self.cur_ex.cards:
                raise p101(self.cur_ex.pos, f"expected a card after '{self.cur_ex.action}', "
                                             f"found {quote(tok)}")
            self.cur_ex = Exchange(self.ex_seat, d[1], [], pos)
            self.exch.append(self.cur_ex)
        elif kind == PREFIX:
            seat = self._seat(d[1], tok, pos)
            self._end_exchange_group(tok)
            self.ex_seat = seat
            self.ex_pos = pos
            self.cur_ex = None
        else:
            raise self._unexpected(d, tok, pos, "a seat prefix, swap, take, discard or a card")

    # declare -----------------------------------------------------------------

    def _end_declare_seat(self, seat: int, found: str | None) -> None:
        if not self.ddash and not self.decl[seat]:
            raise p101(self.dseat_pos, f"expected a combination or '-' after '{seat}:', "
                                        f"found {quote(found)}")

    def _in_declare(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        kind = d[0]
        deal = self.deal
        if self.dbare:
            raise p101(pos, f"a bare '-' stands for every seat; found {quote(tok)} after it")
        if kind == COMBO:
            if self.dseat is None:
                raise p101(pos, f"expected a seat prefix such as '1:' before {quote(tok)}")
            if self.ddash:
                raise p101(pos, f"'-' and combinations mixed for seat {self.dseat}")
            self.decl[self.dseat].append(Combination(d[1], pos))
        elif kind == PREFIX:
            seat = self._seat(d[1], tok, pos)
            if self.dseat is not None:
                self._end_declare_seat(self.dseat, tok)
            if seat in self.decl:
                raise p101(pos, f"seat {seat} is listed twice in 'declare'")
            self.decl[seat] = []
            deal.declare_seat_pos[seat] = pos
            self.dseat = seat
            self.dseat_pos = pos
            self.ddash = False
        elif kind == DASH:
            if self.dseat is None:
                if self.decl:
                    raise p101(pos, "expected a seat prefix before '-'")
                self.dbare = True
            elif self.ddash:
                raise p101(pos, f"'-' written twice for seat {self.dseat}")
            elif self.decl[self.dseat]:
                raise p101(pos, f"'-' and combinations mixed for seat {self.dseat}")
            else:
                self.ddash = True
        else:
            raise self._unexpected(d, tok, pos, "a combination (run5:AS, carre:J), '-' or a seat "
                                                "prefix")

    # play --------------------------------------------------------------------

    def _blocked(self, tok: str, pos: Pos) -> None:
        if self.block == "claim":  # placed at the wrong word, not at 'claim'
            raise p101(pos, f"expected 'rest' or 'game' after 'claim', found {quote(tok)}")
        raise p103(pos, f"a card after 'claim rest': {quote(tok)}")

    def _bad_trick(self, tok: str, pos: Pos) -> None:
        if self.block == "claim":
            self._blocked(tok, pos)
        if self.block == "rest":
            raise p103(pos, f"a trick number after 'claim rest': {quote(tok)}")
        if self.trick is not None:
            raise p101(self.trick_pos, f"trick number {self.trick}. with no card after it")
        raise p101(self.pfx_pos, f"expected a card or 'claim' after '{self.pfx}:', found {quote(tok)}")

    def _annotate(self, a: str, tok: str, pos: Pos) -> None:
        cur = self.cur
        if cur is None:
            raise p101(pos, f"annotation {quote(tok)} with no card before it")
        if cur.annotation is not None:
            raise p101(pos, f"a second annotation on {cur.card}: {quote(tok)}")
        cur.annotation = a

    def _in_play(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        kind = d[0]
        if self.block == "claim" and not (kind == KW and d[1] in ("rest", "game")):
            self._blocked(tok, pos)
        if kind == ANNOT:
            self._annotate(d[1], tok, pos)
        elif kind == PREFIX:
            if self.pfx is not None:
                raise p101(self.pfx_pos, f"expected a card or 'claim' after '{self.pfx}:', "
                                          f"found {quote(tok)}")
            self.pfx = self._seat(d[1], tok, pos)
            self.pfx_pos = pos
            self.cur = None
        elif kind == KW:
            w = d[1]
            if w in ("bela", "rebela"):
                cur = self.cur
                if cur is None:
                    raise p101(pos, f"{quote(tok)} with no card before it")
                if cur.bela is None:
                    cur.bela = w
                    cur.bela_pos = pos
                elif cur.bela == "bela" and w == "rebela":
                    cur.bela = "bela rebela"
                    cur.rebela_pos = pos
                else:
                    raise p101(pos, f"a second {quote(tok)} on {cur.card}")
                if d[2] is not None:
                    self._annotate(d[2], tok, pos)
            elif w == "claim":
                deal = self.deal
                if self.trick is not None:
                    raise p101(self.trick_pos, f"trick number {self.trick}. with no card after it")
                if deal.claim is not None or self.block is not None:
                    raise p103(pos, "a second claim in one deal")
                if self.pfx is None:
                    raise p101(pos, "'claim' needs the claiming seat before it, as in "
                                     "'1: claim rest'")
                self.claim_seat = self.pfx
                self.claim_pos = pos
                self.pfx = None
                self.cur = None
                self.block = "claim"
            elif w in ("rest", "game"):
                if self.block != "claim":
                    raise p103(pos, f"{quote(tok)} can only follow 'claim'")
                self.deal.claim = Claim(self.claim_seat, w, len(self.plays), self.claim_pos)
                self.block = "rest" if w == "rest" else None
            else:
                raise p103(pos, f"{quote(tok)} cannot stand in 'play'")
        else:
            raise self._unexpected(d, tok, pos, "a card, a trick number, a seat prefix, 'bela' "
                                                "or an annotation")

    # score, total ------------------------------------------------------------

    def _in_score(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        kind = d[0]
        line = self.line
        total = self.sec == S_TOTAL
        if kind == NUMBER or kind == DASH:
            if self.hang_state == 2:
                raise p101(pos, f"'hang' stands last in 'score'; found {quote(tok)} after it")
            if kind == DASH:
                if total:
                    raise p101(pos, "'-' cannot stand in 'total': totals are numbers")
                if self.hang_state == 1:
                    raise p101(pos, "expected a number after 'hang', found '-'")
                line.values.append(None)
                line.value_pos.append(pos)
                return
            if self.hang_state == 1:
                line.hang = d[1]
                line.hang_pos = pos
                self.hang_state = 2
                return
            line.values.append(d[1])
            line.value_pos.append(pos)
        elif kind == KW and d[1] == "hang":
            if total:
                raise p103(pos, "'hang' cannot stand in 'total'")
            if self.hang_state:
                raise p103(pos, "a second 'hang' in 'score'")
            self.hang_state = 1
            self.hang_kw_pos = pos
        else:
            raise self._unexpected(d, tok, pos, "a number or '-'" if not total else "a number")

    # result ------------------------------------------------------------------

    def _in_result(self, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
        kind = d[0]
        value = None
        if kind == STAR:
            value = "*"
        elif kind == WORD and d[1] in ("A", "B"):
            value = d[1]
        elif kind == NUMBER and d[2] is not None:
            value = str(self._seat(d[2], tok, pos))
        if value is None:
            raise self._unexpected(d, tok, pos, "A, B, a seat number or '*' after 'result'")
        self.game.result = value
        self.game.result_pos = pos
        self.sec = S_DONE

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

    def finish(self) -> Game:
        """Close the game at the end of its text; returns the record."""
        game = self.game
        if not game.errors:
            try:
                self.close(None)
            except Stop as e:
                self.fail(e, None)
            if self.sec == S_TAGS and self.pend:
                game.comments = self.pend
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


def _all_passed(calls: list[Call] | CallLane) -> bool:
    """Whether every written call is ``pass`` (a lane read by its items: no Call made)."""
    if type(calls) is CallLane and calls.compact:
        for call, _, _ in calls.items:
            if call != "pass":
                return False
        return True
    for c in calls:
        if c.call != "pass":
            return False
    return True


#: state -> the method that reads a token in it (plain functions: no reference cycle,
#: so a finished game is freed by reference counting, not left to the cyclic GC)
_HANDLERS = {
    S_TAGS: _GameReader._in_tags, S_HDR: _GameReader._in_header, S_DEAL: _GameReader._in_deal,
    S_HANDS: _GameReader._in_hands, S_TURN: _GameReader._in_turn,
    S_TALON: _GameReader._in_talon, S_BIDS: _GameReader._in_bids,
    S_ANN: _GameReader._in_announce, S_EXCH: _GameReader._in_exchange,
    S_DECL: _GameReader._in_declare, S_PLAY: _GameReader._in_play,
    S_SCORE: _GameReader._in_score, S_TOTAL: _GameReader._in_score,
    S_RESULT: _GameReader._in_result, S_DONE: _GameReader._in_done,
}


# ---------------------------------------------------------------------- tags


# ---------------------------------------------------------------------- driver


_FAST_FAIL: Final[Descriptor] = (KW, "", None)  # a failing fast line is movetext
_UNSEEN: Final[Template] = ("",)  # a line not yet looked up in the templates


def read_games(source: Source, filename: str | None = None,
               ) -> Iterator[Game]:
    """Read every game of a file or stream, one at a time (``parse_games`` reads text).

    ``source`` is a path (``str`` or ``Path``; ``.gz`` by suffix or gzip magic;
    a missing file raises FileNotFoundError at once), a text or binary stream,
    or an iterable of lines.  ``filename`` is not needed for reading; it is
    accepted so callers can pass it along.
    """
    del filename
    if isinstance(source, str | os.PathLike) and not os.path.exists(source):
        raise FileNotFoundError(f"no such file: {source}")
    return _read(line_blocks(source))


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
    # cur while the game reads without error and fast lines are on: ``fast.fast(...)``
    # is a direct call compiled; a bound method kept in a variable was a generic call
    # (its arguments boxed) for every line
    fast: _GameReader | None = None
    for lines in chunks:
        it = iter(lines)
        at = -1  # index of ``raw`` in ``lines``
        for raw in it:
            at += 1
            ln += 1
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
                        done = fast.fast(line, ln)
                    except Stop as e:
                        fast.fail(e, _FAST_FAIL)
                        feed = fast.skip
                        fast = None
                        done = True
                    if done:
                        assert cur is not None  # fast is cur, or was until just now
                        cur.src.append(line)
                        if cur.lane is not None:
                            more = cur.more_tricks(cur.lane, lines, at + 1, ln)
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
    if in_comment:
        if cur is None:
            index += 1
            cur = _GameReader(index, cpos[0], [])
        if not cur.game.errors:
            cur.fail(p101(cpos, "unterminated comment: no '}' after this '{'"), None)
    if cur is not None:
        yield cur.finish()
