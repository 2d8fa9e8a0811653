"""Lazy lanes: the containers the reader makes for canonical lines, read like
lists and dicts.

For speed on canonical records a deal's plays may be a :class:`PlayLane` (card
ints and line places; Play objects on first access), its calls a
:class:`CallLane` (the bids line and what each call says; Call objects on first
access), its hands a :class:`HandsLine` (the line and its shape; lists of card
texts on first access), the card places of a one-line ``hands`` section a
:class:`LinePlaces` and those of a talon line or a sheet line's numbers a
:class:`RowPlaces`.  Each pickles as what it was made from.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, KeysView, Mapping, Sequence, ValuesView
from importlib import import_module
from typing import Any, Generic, TypeVar, overload

from replay.model.cards import CARD_TEXT, cards_at, hand_sum, in_card_order
from replay.model.elements import NOPOS, Call, Play, Pos


def own_abc_caches(cls: type) -> None:
    """Give ``cls`` isinstance caches of its own when it has an abstract base
    (``Sequence``, ``Mapping``, ``io.TextIOBase``) but none of its own.

    Compiled by mypyc (docs/dev/compiled.md), a class is built without
    ``ABCMeta.__new__`` and would share its base's caches: after
    ``isinstance([], Sequence)`` a list would pass for a :class:`PlayLane`, and
    after ``isinstance((), PlayLane)`` a tuple would no longer pass for a
    ``Sequence`` (``random.sample`` refuses it).  Interpreted, ``ABCMeta`` has made
    the caches already and this does nothing."""
    if "_abc_impl" not in cls.__dict__:
        import_module("_abc")._abc_init(cls)


T = TypeVar("T")


class ListOnDemand(Sequence[T], Generic[T]):
    """A record's list kept compact until someone asks for it: reads as the list
    :meth:`materialize` builds (once), compares equal to it, and ``append`` adds to
    it.  Subclasses keep the compact form and say how the list is built."""

    __slots__ = ()

    def materialize(self) -> list[T]:  # pragma: no cover - each subclass builds its own
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> T: ...

    @overload
    def __getitem__(self, i: slice) -> list[T]: ...

    def __getitem__(self, i: int | slice) -> T | list[T]:
        # both forms declared: compiled by mypyc, an annotation is checked when called
        return self.materialize()[i]

    def __iter__(self) -> Iterator[T]:
        return iter(self.materialize())

    def append(self, item: T) -> None:
        self.materialize().append(item)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (ListOnDemand, list)):
            return self.materialize() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.materialize())


own_abc_caches(ListOnDemand)


#: the calls of a bids line read whole, as ``ingest.bgn.fastlines`` reads them: (call,
#: written seat prefix or None, col) each (shared between the lines of the same text)
CallItems = tuple[tuple[str, "int | None", int], ...]


class CallLane(ListOnDemand[Call]):
    """The calls of a deal written as one canonical ``bids`` line, kept compact.

    The reader keeps the line's text, its line number and what each call says
    (:data:`CallItems`, shared by every line of the same text); :class:`Call`
    objects are made on first access, exactly as the general reader makes them
    (the writer, the JSON form, ingest's events, a finding's place).  The engine
    reads the text (a remembered auction is looked up by it) and the items.
    Once materialised the list is the record (``compact`` is False), as with a
    :class:`PlayLane`; ``append`` (the general reader going on) turns it into the
    list first.
    """

    __slots__ = ("text", "ln", "items", "_calls")

    def __init__(self, text: str, ln: int, items: CallItems) -> None:
        self.text = text
        self.ln = ln
        self.items = items
        self._calls: list[Call] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled by mypyc, pickle cannot make a lane without its constructor
        return _call_lane, (self.text, self.ln, self.items, self._calls)

    @property
    def compact(self) -> bool:
        """True while no Call list was handed out (the line is the record)."""
        return self._calls is None

    def materialize(self) -> list[Call]:
        """The calls as :class:`Call` objects, exactly as the general reader makes them."""
        calls = self._calls
        if calls is None:
            ln = self.ln
            calls = [Call(call, seat, None, (ln, col)) for call, seat, col in self.items]
            self._calls = calls
        return calls

    def __len__(self) -> int:
        return len(self.items) if self._calls is None else len(self._calls)

    def __bool__(self) -> bool:
        return len(self) > 0


own_abc_caches(CallLane)


def _call_lane(text: str, ln: int, items: CallItems, calls: list[Call] | None) -> CallLane:
    """A pickled lane of calls, rebuilt."""
    lane = CallLane(text, ln, items)
    lane._calls = calls
    return lane


#: where a trick line of a lane stands when it is not the canonical line right after
#: the one before it: (index of the line in the lane, line, col of the number, col
#: of the first card, card cols or None)
LaneHead = tuple[int, int, int, int, tuple[int, ...] | None]


class PlayLane(ListOnDemand[Play]):
    """The plays of a deal written as canonical trick lines, kept compact.

    Most records are canonical: ``N. C C C C`` a line, the trick numbers in
    order, nothing else but an occasional ``bela``.  For such lines the reader
    keeps the cards as ints (``replay.model.cards``) in one flat list and the text of
    each line, and
    builds :class:`Play` objects only when someone asks for them (the JSON form,
    ingest's events, the viewer).  The engine and the canonical writer read the
    compact form directly; that is where a validation run spends its time.

    Invariants (the reader admits a line only when they hold): line ``j`` holds
    cards ``j*n`` to ``j*n+n-1`` of trick ``j+1`` and starts with that number;
    ``texts[j]`` is its canonical text from the number on.  Where it stands is
    kept only for a line that is not the canonical line right after the one before
    it (the first line, a line with a ``bela`` word, a line after an empty one):
    ``heads`` holds those, in order (:data:`LaneHead`); any other line stands on
    the line after the one before it, its number in column 1 (:meth:`place`).
    ``marked`` holds the Play of each card written with a ``bela`` word (the only
    thing a lane card can carry besides its text).
    Once materialised (``plays`` built) the list is the truth: callers may
    change it, so the compact form is no longer read (``compact`` is False).
    """

    __slots__ = ("n", "cards", "texts", "heads", "marked", "_plays")

    def __init__(self, n: int) -> None:
        self.n = n
        self.cards: list[int] = []
        self.texts: list[str] = []
        self.heads: list[LaneHead] = []
        self.marked: dict[int, Play] = {}
        self._plays: list[Play] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled by mypyc, pickle cannot make a lane without its constructor
        return _lane, (self.n, self.cards, self.texts, self.heads, self.marked, self._plays)

    @property
    def compact(self) -> bool:
        """True while no Play list was handed out (the compact form is the record)."""
        return self._plays is None

    def place(self, j: int) -> tuple[int, int, int, tuple[int, ...] | None]:
        """(line, col of the number, col of the first card, card cols or None) of
        the lane's ``j``-th trick line (0-based)."""
        heads = self.heads
        h = len(heads) - 1
        while heads[h][0] > j:
            h -= 1
        at, ln, numcol, first, cols = heads[h]
        if at == j:
            return ln, numcol, first, cols
        # the canonical line right after the one before it: 'N. C C …' from column 1
        return ln + j - at, 1, len(str(j + 1)) + 3, None

    def pos(self, k: int) -> Pos:
        """Where the ``k``-th card (0-based) is written."""
        j, i = divmod(k, self.n)
        ln, _, first, cols = self.place(j)
        return (ln, cols[i] if cols is not None else first + 3 * i)

    def materialize(self) -> list[Play]:
        """The plays as :class:`Play` objects, exactly as the general reader builds them."""
        plays = self._plays
        if plays is None:
            plays = []
            n, cards, marked = self.n, self.cards, self.marked
            for j in range(len(self.texts)):
                ln, numcol, _, _ = self.place(j)
                for i in range(j * n, j * n + n):
                    p = marked.get(i)
                    if p is None:
                        pos = self.pos(i)
                        text = CARD_TEXT[cards[i]]
                        p = (Play(text, None, j + 1, None, None, None, pos, NOPOS, (ln, numcol))
                             if i == j * n else Play(text, None, None, None, None, None, pos))
                    plays.append(p)
            self._plays = plays
        return plays

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __repr__(self) -> str:
        return f"PlayLane({self.materialize()!r})"


own_abc_caches(PlayLane)


def _lane(n: int, cards: list[int], texts: list[str], heads: list[LaneHead],
          marked: dict[int, Play], plays: list[Play] | None) -> PlayLane:
    """A pickled lane, rebuilt."""
    lane = PlayLane(n)
    lane.cards, lane.texts, lane.heads, lane.marked, lane._plays = (
        cards, texts, heads, marked, plays)
    return lane


class LinePlaces(Mapping[int, list[Pos]]):
    """``seat -> [place of each card]`` for a hands section written on one line:
    kept as the columns per seat and built into lists only when asked (a D201
    names the place of a repeated card; a clean record never asks)."""

    __slots__ = ("ln", "cols", "_places")

    def __init__(self, ln: int, cols: dict[int, tuple[int, ...]]) -> None:
        self.ln = ln
        self.cols = cols
        self._places: dict[int, list[Pos]] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled by mypyc, pickle cannot make one without its constructor
        return _line_places, (self.ln, self.cols, self._places)

    def _built(self) -> dict[int, list[Pos]]:
        if self._places is None:
            ln = self.ln
            self._places = {s: [(ln, c) for c in cs] for s, cs in self.cols.items()}
        return self._places

    def __getitem__(self, seat: int) -> list[Pos]:
        return self._built()[seat]

    def __setitem__(self, seat: int, places: list[Pos]) -> None:
        self._built()[seat] = places

    def __iter__(self) -> Iterator[int]:
        return iter(self._built())

    def __len__(self) -> int:
        return len(self.cols) if self._places is None else len(self._places)

    def __repr__(self) -> str:
        return repr(self._built())


own_abc_caches(LinePlaces)


def _line_places(ln: int, cols: dict[int, tuple[int, ...]],
                 places: dict[int, list[Pos]] | None) -> LinePlaces:
    """Pickled places, rebuilt."""
    made = LinePlaces(ln, cols)
    made._places = places
    return made


class RowPlaces(ListOnDemand[Pos]):
    """The places of the words of one line read whole, from index ``at`` on (one
    space between each): the cards of a ``talon`` line, the numbers of a
    ``score`` or ``total`` line.  Kept as the line and built into a list only when
    asked (a finding at a talon card or a sheet number; a clean record never asks).
    ``append`` and ``extend`` (the general reader going on with the section on the
    next line) turn it into that list first; it compares equal to the list."""

    __slots__ = ("ln", "text", "at", "_places")

    def __init__(self, ln: int, text: str, at: int) -> None:
        self.ln = ln
        self.text = text
        self.at = at
        self._places: list[Pos] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled by mypyc, pickle cannot make one without its constructor
        return _row_places, (self.ln, self.text, self.at, self._places)

    def materialize(self) -> list[Pos]:
        """The places, one ``(line, col)`` per word."""
        places = self._places
        if places is None:
            ln, text = self.ln, self.text
            places = []
            i = self.at
            while i < len(text):
                places.append((ln, i + 1))
                j = text.find(" ", i)
                if j < 0:
                    break
                i = j + 1
            self._places = places
        return places

    def __len__(self) -> int:
        return len(self.materialize())

    def extend(self, places: Sequence[Pos]) -> None:
        self.materialize().extend(places)


own_abc_caches(RowPlaces)


def _row_places(ln: int, text: str, at: int, places: list[Pos] | None) -> RowPlaces:
    """Pickled places, rebuilt."""
    made = RowPlaces(ln, text, at)
    made._places = places
    return made


#: one seat of a hands line read whole: (seat, seat col, (start, end) index of each
#: delivery, col of each card), as ``ingest.bgn.fastlines.hand_shape`` finds it
SeatShape = tuple[int, int, tuple[tuple[int, int], ...], tuple[int, ...]]


class HandsLine(Mapping[int, list[list[str]]]):
    """``seat -> deliveries`` for a ``hands`` section written on one canonical line,
    kept as the line and its shape.

    The reader admits a line here only when every place of the shape holds a card
    (``ingest.bgn.fastlines``), so the engine can read each seat's cards straight
    from the text by their character codes (:meth:`card_sums`): no string per card,
    no list per delivery.  The lists of card texts, exactly as the general reader
    builds them, are made on first access (the writer, the JSON form, ingest's
    events); from then on they are the record (callers may change them), and
    :meth:`card_sums` answers None (``compact`` is False), as a :class:`PlayLane`
    does once its plays were handed out.
    """

    __slots__ = ("text", "ln", "seats", "_sums", "_ordered", "_hands")

    def __init__(self, text: str, ln: int, seats: tuple[SeatShape, ...]) -> None:
        self.text = text
        self.ln = ln
        self.seats = seats
        self._sums: list[int] | None = None
        self._ordered = True
        self._hands: dict[int, list[list[str]]] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled by mypyc, pickle cannot make one without its constructor
        return _hands_line, (self.text, self.ln, self.seats, self._hands)

    @property
    def compact(self) -> bool:
        """True while no list of card texts was handed out (the line is the record)."""
        return self._hands is None

    def _scan(self) -> list[int]:
        sums = self._sums
        if sums is None:
            sums = []
            ordered = True
            text = self.text
            for _, _, spans, _ in self.seats:
                total, in_order = hand_sum(text, spans)
                sums.append(total)
                ordered = ordered and in_order
            self._sums = sums
            self._ordered = ordered
        return sums

    def card_sums(self) -> list[int] | None:
        """Per seat, in written order, the sum of its cards' bits (the seat's hand mask
        when no card repeats: ``replay.model.cards.hand_sum``); None once the lists were
        handed out (then they are the record)."""
        return self._scan() if self._hands is None else None

    def first_delivery(self, seat: int) -> list[int] | None:
        """The cards (ints 0..31, as written) of ``seat``'s first delivery, read from the
        line by their character codes: no card text and no list per seat is made.
        ``[]`` when the line names no such seat; None once the lists were handed out
        (then they are the record: read them)."""
        if self._hands is not None:
            return None
        for shape in self.seats:
            if shape[0] == seat:
                start, end = shape[2][0]
                out: list[int] = []
                # (the reader admits only cards at these places: cards_at answers True)
                return out if cards_at(self.text, start, (end - start + 1) // 3, out) else None
        return []

    def seat_numbers(self) -> list[int]:
        """The seats, in the order the mapping gives them (written order)."""
        if self._hands is not None:
            return list(self._hands)
        return [shape[0] for shape in self.seats]

    def count(self, i: int) -> int:
        """How many cards the ``i``-th seat written holds."""
        return len(self.seats[i][3])

    def in_card_order(self) -> bool:
        """Whether every delivery stands in canonical card order (the writer's order)."""
        if self._hands is not None:
            return all(in_card_order(cards) for dl in self._hands.values() for cards in dl)
        self._scan()
        return self._ordered

    def materialize(self) -> dict[int, list[list[str]]]:
        """The hands as the general reader builds them: seat -> deliveries -> card texts."""
        hands = self._hands
        if hands is None:
            text = self.text
            hands = {}
            for seat, _, spans, _ in self.seats:
                hands[seat] = [text[i:j].split(" ") for i, j in spans]
            self._hands = hands
        return hands

    def __getitem__(self, seat: int) -> list[list[str]]:
        return self.materialize()[seat]

    # the views of the dict itself (reversible, as a dict's are): whoever asks for the
    # items asks for the lists
    def keys(self) -> KeysView[int]:
        return self.materialize().keys()

    def items(self) -> ItemsView[int, list[list[str]]]:
        return self.materialize().items()

    def values(self) -> ValuesView[list[list[str]]]:
        return self.materialize().values()

    def __reversed__(self) -> Iterator[int]:
        return reversed(self.materialize())

    def __contains__(self, seat: object) -> bool:
        for shape in self.seats:
            if shape[0] == seat:
                return True
        return False

    def __iter__(self) -> Iterator[int]:
        if self._hands is not None:
            return iter(self._hands)
        return iter([shape[0] for shape in self.seats])

    def __len__(self) -> int:
        return len(self.seats) if self._hands is None else len(self._hands)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (HandsLine, dict)):
            return self.materialize() == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.materialize())


own_abc_caches(HandsLine)


def _hands_line(text: str, ln: int, seats: tuple[SeatShape, ...],
                hands: dict[int, list[list[str]]] | None) -> HandsLine:
    """A pickled hands line, rebuilt."""
    made = HandsLine(text, ln, seats)
    made._hands = hands
    return made
