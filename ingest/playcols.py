"""The ``plays`` and ``tricks`` tables of a unit, built column-wise from the replay.

These two tables hold about 40 rows per deal, most of ingest's rows.  Building a
Python tuple (or a record object) per card and per trick cost more than the
replay's own play loop, so :class:`PlayColumns` keeps only what the engine
already has, appended a deal at a time with C-level ``list.extend``:

- per card: the card (an int 0..31), in the order played;
- per trick: the leader, and for each completed trick its winner and points;
- per deal: its game, number, seats at the table, cards replayed, tricks
  completed and trump suit;
- the few cards that carry something: the illegal ones, bela words, and the
  annotation and comment of a card written outside the canonical trick lines.

Every other column follows from those by arithmetic over whole arrays (numpy):
the ``k``-th card of a deal is card ``k % n + 1`` of trick ``k // n + 1``, and the
seat that played it is ``position - 1`` seats after the trick's leader (the
play order of docs/bgn/replay.md).  A completed trick's cards are the deal's
cards ``n * (trick - 1)`` onwards; its lead gives the led suit, and a trump among
the others on a plain lead makes it a ruff.

The Arrow arrays are made from the numpy buffers (``Array.from_buffers``), not
with ``pa.array``: that one loads pandas on its first call (about 0.3 s of CPU
in each process), and goes through a Python object per value.
``tests/ingest/test_ingest_playcols.py`` compares the tables with rows built from the
report's ``plays`` and ``tricks`` records on every variant.
"""

from __future__ import annotations

import array
import struct
from itertools import islice
from typing import Any

import numpy as np
import pyarrow as pa

from replay.engine.report import DealReport
from replay.model.cards import CARD_TEXT, SUITS
from replay.model.lanes import PlayLane

#: numpy types of the Arrow number types used here
_NP = {pa.int8(): np.int8, pa.int16(): np.int16, pa.int32(): np.int32, pa.int64(): np.int64,
       pa.float32(): np.float32, pa.float64(): np.float64}


#: ``array.array`` type codes of the numpy types used here
_ARRAY_CODE = {np.dtype(np.int8): "b", np.dtype(np.int16): "h", np.dtype(np.int32): "i",
               np.dtype(np.int64): "q", np.dtype(np.float32): "f", np.dtype(np.float64): "d"}


def numbers(values: Any, dtype: Any = np.int64) -> np.ndarray:
    """Numbers (a list, or a numpy array) as a numpy array of ``dtype``.

    A list goes through ``bytearray`` when every value is an int from 0 to 255 (cards,
    seats, tricks, counts, flags: most of ingest's numbers) and the type holds them all
    (an ``int8``: 0 to 127):
    about 2 ns a value against 17 for ``array.array``.  Any other list is packed by
    ``struct`` (about half ``array.array``'s time, which parses every value with
    ``PyArg_Parse``; both convert in C several times faster than numpy's own list
    conversion); a value out of the type's range, or no number, is left to
    ``array.array``, which raises its error."""
    if isinstance(values, np.ndarray):
        return values.astype(dtype, copy=False)
    kind = np.dtype(dtype)
    if kind.kind == "i":
        try:
            small = bytearray(values)  # stops at the first value that is no int in 0..255
        except (ValueError, TypeError):
            pass
        else:
            got = np.frombuffer(small, dtype=np.uint8)
            if kind.itemsize > 1:
                return got.astype(kind)
            if not len(got) or int(got.max()) < 128:  # an int8 holds 0..127 of them
                return got.view(np.int8)
    code = _ARRAY_CODE[kind]
    packed = bytearray(len(values) * kind.itemsize)  # (writable, as array.array's is)
    try:  # struct reads each number without array.array's PyArg_Parse: twice as fast
        struct.pack_into(f"={len(values)}{code}", packed, 0, *values)
    except (struct.error, OverflowError, TypeError):  # out of range, or no number:
        return np.frombuffer(array.array(code, values), dtype=dtype)  # array's own error
    return np.frombuffer(packed, dtype=dtype)


def int_array(values: Any, typ: pa.DataType, valid: np.ndarray | None = None) -> pa.Array:
    """An Arrow integer (or float) array of ``typ`` from numbers (numpy or a list);
    ``valid`` marks the non-null ones (where it is False the value is ignored)."""
    data = numbers(values, _NP[typ])
    return pa.Array.from_buffers(typ, len(data), [validity(valid), pa.py_buffer(data)])


def bool_array(values: Any, valid: np.ndarray | None = None) -> pa.Array:
    """An Arrow boolean array from bools (numpy or a list); ``valid`` as for ints."""
    flags = values if isinstance(values, np.ndarray) else numbers(values, np.int8)
    bits = np.packbits(flags.astype(bool, copy=False), bitorder="little")
    return pa.Array.from_buffers(pa.bool_(), len(values), [validity(valid), pa.py_buffer(bits)])


def validity(valid: np.ndarray | None) -> pa.Buffer | None:
    """The validity bitmap of ``valid`` (True: not null); None when nothing is null."""
    if valid is None or valid.all():
        return None
    return pa.py_buffer(np.packbits(valid, bitorder="little"))


def string_array(values: list[str], valid: np.ndarray | None = None) -> pa.Array:
    """An Arrow string array from Python strings (``valid``: as :func:`int_array`).

    ASCII text (game ids, codes, most records) is joined and encoded once, its
    lengths in characters being its lengths in bytes; other text is encoded value
    by value."""
    n = len(values)
    text = "".join(values)
    if text.isascii():
        data = text.encode("ascii")
        lengths = np.fromiter(map(len, values), dtype=np.int64, count=n)
    else:
        encoded = [v.encode("utf-8", "surrogatepass") for v in values]
        data = b"".join(encoded)
        lengths = np.fromiter(map(len, encoded), dtype=np.int64, count=n)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    if offsets[-1] >= 2**31:  # a unit holds a few MB of text
        raise ValueError("more than 2 GB of text in one column of one unit")
    return pa.Array.from_buffers(pa.string(), n,
                                 [validity(valid), pa.py_buffer(offsets.astype(np.int32)),
                                  pa.py_buffer(data)])


def dict_array(codes: Any, dictionary: pa.Array, valid: np.ndarray | None = None
               ) -> pa.DictionaryArray:
    """``dictionary<int32, string>``: ``codes`` index ``dictionary``."""
    return pa.DictionaryArray.from_arrays(int_array(codes, pa.int32(), valid), dictionary)


def sparse_strings(n: int, values: dict[int, str], typ: pa.DataType) -> pa.Array:
    """A column of ``n`` rows that is null except at the indexes of ``values``, as a plain
    string column (``typ`` string) or a dictionary one.  Both are built from their
    buffers: a ``cast`` would load ``pyarrow.compute`` (about 30 ms of CPU) in a
    worker that otherwise never needs it."""
    if not values:
        return pa.nulls(n, typ)
    if not pa.types.is_dictionary(typ):
        return _sparse_plain(n, values)
    words = list(dict.fromkeys(values.values()))
    code = {w: i for i, w in enumerate(words)}
    codes = np.zeros(n, dtype=np.int32)
    valid = np.zeros(n, dtype=bool)
    at = np.fromiter(values.keys(), dtype=np.int64, count=len(values))
    codes[at] = [code[w] for w in values.values()]
    valid[at] = True
    return dict_array(codes, string_array(words), valid)


def _sparse_plain(n: int, values: dict[int, str]) -> pa.Array:
    """:func:`sparse_strings` as a plain string column: a null row is an empty slice
    of the data, so the offsets grow only at the rows that hold a text."""
    at = np.fromiter(values.keys(), dtype=np.int64, count=len(values))
    order = np.argsort(at, kind="stable")
    texts = list(values.values())
    encoded = [texts[i].encode("utf-8", "surrogatepass") for i in order.tolist()]
    lengths = np.zeros(n, dtype=np.int64)
    lengths[at[order]] = [len(b) for b in encoded]
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    if offsets[-1] >= 2**31:
        raise ValueError("more than 2 GB of text in one column of one unit")
    valid = np.zeros(n, dtype=bool)
    valid[at] = True
    return pa.Array.from_buffers(pa.string(), n, [validity(valid),
                                                  pa.py_buffer(offsets.astype(np.int32)),
                                                  pa.py_buffer(b"".join(encoded))])


CARD_DICT = string_array(list(CARD_TEXT))
SUIT_DICT = string_array(list(SUITS))


def round_the_table(seat: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Seats counted on from a leader (``leader + position``) back into 1..n: the turn
    goes round the table.  Changes ``seat`` in place and returns it."""
    seat -= np.where(seat > n, n, 0)
    return seat


class UnitArrays:
    """A unit's per-deal and per-trick lists as arrays, converted once for the plays
    and the tricks tables.  Every per-card and per-trick column is a per-deal number
    spread over the deal's rows with ``np.repeat`` (a copy per row), not picked by an
    index per row."""

    def __init__(self, cols: PlayColumns) -> None:
        count = self.count = numbers(cols.count, np.int64)  # cards replayed, per deal
        seats = self.seats = numbers(cols.seats, np.int64)  # seats at the table
        done = self.done = numbers(cols.done, np.int64)  # whole tricks
        begun = self.begun = done + (count > done * seats)  # tricks begun
        #: where each deal's cards and tricks begun start in the unit's lists
        self.first_card = np.cumsum(count) - count
        self.first_trick = np.cumsum(begun) - begun
        self.cards = numbers(cols.cards, np.int32)
        self.leaders = numbers(cols.leader, np.int64)  # of every trick begun
        self.game = numbers(cols.game, np.int32)  # each deal's game and number
        self.deal = numbers(cols.deal, np.int16)


class PlayColumns:
    """The plays and tricks of one variant's deals in a unit, as flat columns."""

    def __init__(self, sides: tuple[str, ...], side_of: tuple[int, ...]) -> None:
        self.sides = sides
        self.side_of = side_of
        self.game_ids: list[str] = []
        # per deal
        self.game: list[int] = []
        self.deal: list[int] = []
        self.seats: list[int] = []
        self.count: list[int] = []
        self.done: list[int] = []
        self.trump: list[int] = []
        self.last: list[int] = []
        # per trick: the leader of every trick begun; winner and points of completed ones
        self.leader: list[int] = []
        self.winner: list[int] = []
        self.points: list[int] = []
        # per card
        self.cards: list[int] = []
        self.illegal: list[int] = []
        self.bela: dict[int, str] = {}
        self.annotation: dict[int, str] = {}
        self.comment: dict[int, str] = {}
        #: the lists as arrays, once both tables are asked for (:meth:`_arrays`)
        self._shared: UnitArrays | None = None

    def _lists(self) -> tuple[list, ...]:
        return (self.game_ids, self.game, self.deal, self.seats, self.count, self.done,
                self.trump, self.last, self.leader, self.winner, self.points, self.cards,
                self.illegal)

    def mark(self) -> tuple[int, ...]:
        """Where the columns end now (:meth:`rollback` cuts them back to it)."""
        return tuple(len(lst) for lst in self._lists())

    def rollback(self, mark: tuple[int, ...]) -> None:
        """Drop what was added since ``mark``: a game that failed half-way adds nothing."""
        self._shared = None
        for lst, n in zip(self._lists(), mark, strict=True):
            del lst[n:]
        base = len(self.cards)
        for sparse in (self.bela, self.annotation, self.comment):
            for k in [k for k in sparse if k >= base]:
                del sparse[k]

    def add_game(self, gid: str) -> None:
        """The game whose deals :meth:`add_deal` adds next."""
        self.game_ids.append(gid)

    def add_deal(self, dr: DealReport, written: Any, trump: int | None, n_tricks: int) -> None:
        """A replayed deal's cards and tricks (``written``: the deal's plays as read)."""
        played = dr.played
        if played is None or not played.count:
            return
        self._shared = None
        base = len(self.cards)
        cnt, n = played.count, played.n
        cards = played.cards
        self.cards.extend(cards if cnt == len(cards) else cards[:cnt])
        # the engine keeps each whole trick's winner and points; the leaders include
        # the trick the play stopped in
        winners = played.winners
        done = len(winners)
        self.leader.extend(played.leaders())
        self.winner.extend(winners)
        self.points.extend(played.points[:done])
        self.game.append(len(self.game_ids) - 1)
        self.deal.append(dr.deal)
        self.seats.append(n)
        self.count.append(cnt)
        self.done.append(done)
        self.trump.append(-1 if trump is None else trump)
        self.last.append(n_tricks)
        if played.illegal:
            self.illegal.extend(base + k for k in played.illegal)
        marked = played.marked
        if marked:  # most deals mark no card
            for k, play in marked.items():
                if k < cnt and play.bela is not None:
                    self.bela[base + k] = play.bela
        if isinstance(written, PlayLane) and written.compact:
            return  # canonical trick lines carry no annotation and no comment
        for k, play in enumerate(islice(written, cnt)):  # a PlayLane takes no slice
            if play is not None:
                if play.annotation is not None:
                    self.annotation[base + k] = play.annotation
                if play.comment is not None:
                    self.comment[base + k] = play.comment

    def _arrays(self) -> UnitArrays:
        """The lists both tables read, as arrays, converted once for the two."""
        if self._shared is None:
            self._shared = UnitArrays(self)
        return self._shared

    def plays(self, schema: pa.Schema) -> pa.Table | None:
        """The ``plays`` table (None when no card was replayed)."""
        total = len(self.cards)
        if not total:
            return None
        a = self._arrays()
        count, seats, done, begun = a.count, a.seats, a.done, a.begun
        n = np.repeat(seats, count)
        k = np.arange(total) - np.repeat(a.first_card, count)
        trick = k // n
        position = k - trick * n
        # the leader of each card's trick: each trick begun holds n cards, the
        # unfinished one (where the play stopped) the cards after the whole ones
        size = np.repeat(seats, begun)
        part = count - done * seats
        stopped = part > 0
        size[(a.first_trick + begun - 1)[stopped]] = part[stopped]
        seat = round_the_table(np.repeat(a.leaders, size) + position, n)
        legal = np.ones(total, dtype=bool)
        legal[numbers(self.illegal, np.int64)] = False
        cols = {
            "game_id": self._game_ids(np.repeat(a.game, count)),
            "deal": int_array(np.repeat(a.deal, count), pa.int16()),
            "idx": int_array(k + 1, pa.int8()),
            "trick": int_array(trick + 1, pa.int8()),
            "position": int_array(position + 1, pa.int8()),
            "seat": int_array(seat, pa.int8()),
            "card": dict_array(a.cards, CARD_DICT),
            "legal": bool_array(legal),
        }
        for name, sparse in (("bela", self.bela), ("annotation", self.annotation),
                             ("comment", self.comment)):
            cols[name] = sparse_strings(total, sparse, schema.field(name).type)
        return pa.Table.from_arrays([cols[f.name] for f in schema], schema=schema)

    def tricks(self, schema: pa.Schema) -> pa.Table | None:
        """The ``tricks`` table: one row per completed trick (None when there is none)."""
        a = self._arrays()
        done = a.done
        rows = int(done.sum())
        if not rows:
            return None
        number = np.arange(rows) - np.repeat(np.cumsum(done) - done, done)
        n = np.repeat(a.seats, done)
        card_start = np.repeat(a.first_card, done) + number * n
        cards = a.cards
        leader = a.leaders[np.repeat(a.first_trick, done) + number]
        lead = cards[card_start]
        led = lead >> 3
        trump = np.repeat(numbers(self.trump, np.int32), done)
        ruff = np.zeros(rows, dtype=bool)
        cols = {
            "game_id": self._game_ids(np.repeat(a.game, done)),
            "deal": int_array(np.repeat(a.deal, done), pa.int16()),
            "trick": int_array(number + 1, pa.int8()),
            "leader": int_array(leader, pa.int8()),
            "led_suit": dict_array(led, SUIT_DICT),
        }
        for p in range(4):
            has = p < n
            card = np.where(has, cards[np.minimum(card_start + p, len(cards) - 1)], 0)
            if p:
                ruff |= has & ((card >> 3) == trump)
            cols[f"card{p + 1}"] = dict_array(card, CARD_DICT, has)
            cols[f"seat{p + 1}"] = int_array(round_the_table(leader + p, n), pa.int8(), has)
        winner = numbers(self.winner, np.int64)
        side_of = numbers(self.side_of, np.int32)
        cols["winner"] = int_array(winner, pa.int8())
        cols["winner_side"] = dict_array(side_of[winner], string_array(list(self.sides)))
        cols["points"] = int_array(self.points, pa.int16())
        cols["trumped"] = bool_array(ruff & (led != trump))
        cols["last_trick"] = bool_array(number + 1 == np.repeat(numbers(self.last), done))
        return pa.Table.from_arrays([cols[f.name] for f in schema], schema=schema)

    def _game_ids(self, game: np.ndarray) -> pa.Array:
        """The game id of each row (``game``: index into :attr:`game_ids`).  Ids of one
        width in ASCII (SHA-256 hex, always in a dataset) are copied as fixed-width
        bytes by numpy, cheaper than Arrow's ``take`` on strings."""
        ids = self.game_ids
        width = len(ids[0])
        text = "".join(ids)
        if not text.isascii() or len(text) != width * len(ids) or not width:
            return string_array(ids).take(int_array(game, pa.int32()))
        data = np.frombuffer(text.encode("ascii"), dtype=f"S{width}")[game]
        offsets = np.arange(len(game) + 1, dtype=np.int64) * width
        if offsets[-1] >= 2**31:
            raise ValueError("more than 2 GB of game ids in one unit")
        return pa.Array.from_buffers(pa.string(), len(game), [
            None, pa.py_buffer(offsets.astype(np.int32)), pa.py_buffer(data.tobytes())])
