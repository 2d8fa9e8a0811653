"""The reader's fast path: canonical lines read whole.

Most lines of a file the writer wrote are canonical (docs/bgn/canonical.md): a deal
header, a hands line, a trick of cards.  :func:`read_line` recognises such a line
whole (by its first character, then by its shape or its template from
``ingest.bgn.fastlines``) and puts it straight into the deal's record: a hands line
as a :class:`replay.model.record.HandsLine`, a bids line as a
:class:`replay.model.record.CallLane`, tricks in trick order as a
:class:`replay.model.record.PlayLane`, with no string or object per card until someone
asks for one.

Each reader here first checks that the general path (the tokenizer and the
section handlers) would read the line without an error and to the same record; if
not it returns False and the line goes through the tokenizer.
``tests/bgn/test_reader.py`` reads every kind of line both ways and compares the
records.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

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
)
from ingest.bgn.sections.declarations import seats_in_order
from ingest.bgn.sections.game import close_section, open_deal, open_section
from ingest.bgn.sections.play import unlane
from ingest.bgn.sections.records import GameState
from ingest.bgn.sections.states import (
    S_ANN,
    S_BIDS,
    S_DEAL,
    S_DECL,
    S_DONE,
    S_EXCH,
    S_HANDS,
    S_HDR,
    S_PLAY,
    S_RESULT,
    S_SCORE,
    S_TAGS,
    S_TALON,
    S_TOTAL,
    S_TURN,
    SECTION_WORDS,
)
from replay.model.cards import CARD_TEXT, all_cards, card_of, cards_at
from replay.model.elements import NOPOS, Announce, Combination, Exchange, Play, Pos
from replay.model.lanes import CallLane, HandsLine, LinePlaces, PlayLane, RowPlaces
from replay.model.record import ScoreLine

#: the sections no fast line is read in, a bit each (a shift and a test per line)
_NO_FAST_BITS: Final = 1 << S_TAGS | 1 << S_HDR | 1 << S_RESULT | 1 << S_DONE
_UNSEEN: Final[Template] = ("",)  # a line not yet looked up in the templates
#: the templates kept per table size at most (a file of unusual lines must not fill memory)
_MAX_TEMPLATES: Final = 50_000
#: the hand shapes kept per table size at most
_MAX_SHAPES: Final = 10_000


def read_line(r: GameState, line: str, ln: int) -> bool:
    """Read a canonical line whole; False when the general tokenizer must read it."""
    if _NO_FAST_BITS >> r.sec & 1:
        return False
    # dispatched on the first character's code: an int compared in C (compiled, a
    # one-character string compared with a literal is a call)
    o = ord(line[0])
    if 48 <= o <= 57 or o == 112:  # a digit or 'p': a trick line
        done = read_trick(r, line, ln)
        r.fresh = done
        return done
    if o == 104:  # 'h'
        done = read_hands(r, line, ln)
        r.fresh = done
        return done
    if o == 116 and len(line) > 1 and ord(line[1]) != 111:  # 't' but not 'to': turn, talon
        done = read_cards(r, line, ln)
        r.fresh = done
        return done
    if (o == 115 or o == 116) and read_sheet(r, line, ln):  # 's', 't': score, total
        r.fresh = True
        return True
    templates = r.templates
    t = templates.get(line, _UNSEEN)
    if t is _UNSEEN:
        t = line_template(line, r.n)
        if len(templates) < _MAX_TEMPLATES:
            templates[line] = t
    if t is None:
        return False
    if not t[-1]:
        r.verbatim = False
    read_template(r, t, line, ln)
    r.fresh = True
    return True


def enter(r: GameState, state: int, pos: Pos, sheet: ScoreLine | None = None) -> None:
    """``ingest.bgn.sections.game.keyword`` for a fast line (never in the tags, header, result or
    after it), by the state of the section it opens (``S_HDR`` for a deal header):
    the section before needs no closing checks when a fast line read it whole.
    ``sheet``: a score or total line's record, made by the fast line."""
    if r.fresh:
        if r.sec == S_DECL and not r.declarations.every_seat:
            seats_in_order(r)
    else:
        close_section(r, SECTION_WORDS[state])
    if state == S_HDR:
        open_deal(r, pos)
    else:
        open_section(r, state, SECTION_WORDS[state], pos, sheet)


# ---------------------------------------------------------------------- tricks


def read_trick(r: GameState, line: str, ln: int) -> bool:
    """``[play ]N. C C C C``: a trick of canonical cards (each perhaps with a
    ``bela`` word) and nothing else.  Lines in trick order go into the deal's
    compact :class:`PlayLane`; any other trick line is read into Play objects."""
    n = r.n
    play = r.play
    if len(line) == 3 * n + 7 and line.startswith("play 1. ") and r.sec != S_PLAY:
        # the usual first line of a play section, read by its length and its cards'
        # codes as ``more_tricks`` reads the lines after it
        cards: list[int] = []
        if cards_at(line, 8, n, cards):
            enter(r, S_PLAY, (ln, 1))
            opened = play.lane = PlayLane(n)
            r.deal.plays = opened
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
    lane = None if col == 6 else play.lane
    in_order = digits[0] != "0" and number == (
        len(lane.texts) + 1 if lane is not None else 1 if col == 6 else -1)
    if marks is not None and not in_order:
        return False  # bela lines are read here only into the lane
    sec = r.sec
    if col == 6:
        if sec == S_PLAY:
            return False
        enter(r, S_PLAY, (ln, 1))
        play.lane = lane = PlayLane(n)
        r.deal.plays = lane
    elif (sec != S_PLAY or play.trick is not None or play.prefix is not None
          or play.block is not None):
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
        unlane(r, lane)
    r.verbatim = False  # the writer writes these plays as a lane of its own
    plays = play.plays
    app = plays.append
    base = first
    app(Play(texts[0], None, number, None, None, None, (ln, base), NOPOS, (ln, col)))
    for c in texts[1:]:
        base += 3
        app(Play(c, None, None, None, None, None, (ln, base)))
    play.current = plays[-1]
    return True


def more_tricks(r: GameState, lane: PlayLane, lines: list[str], at: int, ln: int) -> int:
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
    src = r.src
    n = r.n
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


# ---------------------------------------------------------------------- dealt cards


def read_hands(r: GameState, line: str, ln: int) -> bool:
    """A canonical hands line, by its shape: the cards masked, the rest kept
    (``ingest.bgn.fastlines.hand_shape``)."""
    if r.sec == S_HANDS:
        return False
    n = r.n
    shapes = HAND_SHAPES.get(n)
    if shapes is None:
        shapes = HAND_SHAPES[n] = {}
    key = line.encode().translate(CARD_MASK)
    known = shapes.get(key)
    if known is None:
        known = hand_shape(line, n)
        if known is None:
            return False
        if len(shapes) < _MAX_SHAPES and b"\xfe:" not in key:  # no seat digit masked
            shapes[key] = known
    shape, canonical_seats, cols_of = known
    enter(r, S_HANDS, (ln, 1))
    deal = r.deal
    # the line and its shape: no string per card until someone asks for them
    deal.hands = r.deal_state.line = HandsLine(line, ln, shape)
    seat_pos = deal.hand_seat_pos
    for seat, spos, _, _ in shape:
        seat_pos[seat] = (ln, spos)
    deal.hand_card_pos = LinePlaces(ln, cols_of)
    if not canonical_seats:
        r.verbatim = False  # (the order of the cards is checked by read_game_id)
    return True


def read_cards(r: GameState, line: str, ln: int) -> bool:
    """``turn C`` or ``talon C C …``: canonical cards after the keyword, read by
    their codes (``replay.model.cards.cards_at``); the card texts are the shared
    ``CARD_TEXT`` strings."""
    size = len(line)
    if size == 7 and line.startswith("turn "):
        found: list[int] = []
        if cards_at(line, 5, 1, found):
            enter(r, S_TURN, (ln, 1))
            r.deal.turn = CARD_TEXT[found[0]]
            r.deal.turn_pos = (ln, 6)
            return True
    elif size % 3 == 2 and size > 6 and line.startswith("talon "):
        found = []
        k = (size - 5) // 3
        if cards_at(line, 6, k, found):
            enter(r, S_TALON, (ln, 1))
            r.deal_state.talon.extend([CARD_TEXT[c] for c in found])
            deal = r.deal
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
        enter(r, S_TURN, (ln, 1))
        r.deal.turn = cards[0]
        r.deal.turn_pos = (ln, 6)
    elif w == "talon":
        enter(r, S_TALON, (ln, 1))
        deal = r.deal
        r.deal_state.talon += cards
        deal.talon_card_pos.extend([(ln, col) for col in range(7, 7 + 3 * len(cards), 3)])
    else:
        return False
    return True


# ---------------------------------------------------------------------- the sheet


def read_sheet(r: GameState, line: str, ln: int) -> bool:
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
    enter(r, state, (ln, 1), ScoreLine(values, (ln, 1), RowPlaces(ln, line, 6)))
    return True


# ---------------------------------------------------------------------- templates


def read_template(r: GameState, t: Template, line: str, ln: int) -> None:
    """A canonical deal header, bids, exchange, announce, declare, score or total line
    (``line``) from its template."""
    kind = t[0]
    pos = (ln, 1)
    if kind == "deal":
        enter(r, S_HDR, pos)
        deal = r.deal
        deal.number = t[1]
        deal.number_pos = (ln, 6)
        deal.dealer = t[2]
        r.sec = S_DEAL
    elif kind == "bids":
        enter(r, S_BIDS, pos)
        # typed: compiled by mypyc, the template's Any would be read generically
        bid_items: BidItems = t[1]
        # the line and its template's items; Call objects when someone asks
        r.auction.calls = r.deal.bids = CallLane(line, ln, bid_items)
    elif kind == "declare":
        enter(r, S_DECL, pos)
        declared = r.declarations
        combinations = declared.combinations
        seat_pos = r.deal.declare_seat_pos
        decl_items: DeclareItems = t[1]
        for seat, scol, combos in decl_items:
            seat_pos[seat] = (ln, scol)
            combinations[seat] = [Combination(text, (ln, col)) for text, col in combos]
        declared.seat = t[2]
        declared.seat_pos = seat_pos[t[2]]
        declared.dash = t[3]
        declared.bare = False
        declared.every_seat = t[-1] is True  # every seat 1..n once, in order
    elif kind == "exchange":
        enter(r, S_EXCH, pos)
        auction = r.auction
        exchanges = auction.exchanges
        ex: Exchange | None = None
        ex_items: ExchangeItems = t[1]
        for seat, scol, actions in ex_items:
            for word, acol, cards, cols in actions:
                ex = Exchange(seat, word, list(cards), (ln, acol), [(ln, c) for c in cols])
                exchanges.append(ex)
            auction.exchange_seat = seat
            auction.exchange_seat_pos = (ln, scol)
        auction.exchange = ex
    elif kind == "announce":
        enter(r, S_ANN, pos)
        auction = r.auction
        after = auction.announce_after
        # the writer writes an announce line after bids, after exchange or
        # declare, or after play (``ingest.bgn.writer``): after any other
        # section the same record is written elsewhere
        if after != "bids" and after != "exchange" and after != "declare" and after != "play":
            r.verbatim = False
        announced = r.deal.announce
        ann: Announce | None = None
        ann_items: AnnounceItems = t[1]
        for seat, scol, figures, cols in ann_items:
            ann = Announce(seat, list(figures), after, (ln, scol), [(ln, c) for c in cols])
            announced.append(ann)
        auction.announce = ann
    else:
        enter(r, S_SCORE if kind == "score" else S_TOTAL, pos)
        sl = r.sheet.line
        sl.values.extend(t[1])
        sl.value_pos.extend([(ln, col) for col in t[2]])
        if t[3] is not None:
            sl.hang = t[3]
            sl.hang_pos = (ln, t[4])
            r.sheet.hang_state = 2
