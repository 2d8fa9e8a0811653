"""What a seat knows at a position of a played deal: its view of the hidden cards.

At the moment a seat is to play, it sees (docs/fairplay.md, "What each seat knows"):

- its own current hand;
- every card played so far and who played it (and so how many cards each holder
  has left);
- what the table saw before the play (A47): the turned card going to its taker
  (fr4-05, ru-pair-03) or to the seat that swapped for it (ru3-10, hu3-09), the
  trumps taken from the stock (hu3-10), the cards left face up (the under-card,
  the stock's top card); and its own discards (yu3-06, hu3-10), which only it saw;
- the declarations shown before the first trick where the rules show them
  (yu4-18, mk4-16: those that count); elsewhere their cards stay unknown (A48);
- a bela word: the seat that says ``bela`` on a king or queen of trump still holds
  the other card of the pair (yu4-28, bg4-38, ru3-19);
- what the play duties reveal.  Every duty of ``replay.rules.legality.judge`` has
  the shape "this card is legal unless the hand also held a card of some set": a
  seat that did not follow holds none of the led suit, one that did not ruff or
  over-ruff holds no (higher) trump, one that did not raise holds no higher card
  of the suit.  That set is read off the validator itself: for each card played,
  the cards ``x`` for which ``judge`` calls the card illegal from the hand
  ``{card, x}`` are the cards the seat cannot have held then, and so cannot hold
  now.  ``tests/singledummy/test_duty_shape.py`` checks the shape on every
  variant's duties (a card is legal from a hand exactly when no single card of
  the hand makes it illegal), so these exclusions say all that the duties say.

The hidden cards are those of the deck the seat does not see: the other seats'
unplayed cards and the cards out of play (a talon, discards; holder 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from replay.engine.report import DealReport, PlayRecord
from replay.model.cards import (
    CARD_TEXT,
    CONTRACT_TABLES,
    NO_TRUMPS,
    ContractTables,
    cards_in,
    popcount,
)
from replay.rules.bela import BELA_CARDS
from replay.rules.declarations import parse_combo
from replay.rules.legality import judge, trick_winner
from replay.rules.ruleset import Ruleset
from replay.singledummy.classes import Layouts, layouts_of
from replay.solver.analysis import unplayable_reason

#: the holder of the cards that are in no seat's hand (talon, discards, undealt)
OUT_OF_PLAY = 0


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` knows of the cards when it is to play card ``index`` of a deal."""

    seat: int
    #: card mask of its current hand
    own: int
    #: holder -> mask of cards it is known to hold now (other seats; holder 0: out of play)
    known: dict[int, int]
    #: every card not known to the seat (to be laid out)
    hidden: int
    #: holder -> how many hidden cards it holds now
    sizes: dict[int, int]
    #: holder -> mask of hidden cards it cannot hold (voids, no higher trump, ...)
    excluded: dict[int, int]
    #: where the position is: the deal's number, the card's index (from 0), its trick
    deal: int = 0
    index: int = 0
    trick: int = 0
    #: why what the record shows cannot all be true, else None (no layout fits)
    conflict: str | None = None
    _layouts: list[Layouts] = field(default_factory=list, compare=False, repr=False)

    @property
    def where(self) -> str:
        """The position in a reader's words."""
        return (f"deal {self.deal}, card {self.index + 1} (trick {self.trick}), "
                f"seat {self.seat} to play")

    def layouts(self) -> Layouts:
        """The card classes of the hidden cards (made once)."""
        if not self._layouts:
            self._layouts.append(layouts_of(self.hidden, self.sizes, self.excluded))
        return self._layouts[0]

    def layouts_exact(self) -> int:
        """The number of layouts consistent with the view (exact)."""
        if self.conflict is not None:
            return 0
        return self.layouts().count()


def play_tables(dr: DealReport) -> ContractTables:
    """The tables the play was judged with: the contract's, No trumps in Betl (hu3-19)."""
    assert dr.contract is not None
    return CONTRACT_TABLES[NO_TRUMPS if "betl" in dr.figures else dr.contract]


def analysable_plays(dr: DealReport, rs: Ruleset) -> list[PlayRecord]:
    """The plays a view can be taken before: none when the deal cannot be analysed
    (``replay.solver.analysis.unplayable_reason``), else those up to the first card
    that broke a rule or was not held (the analysis stops there too)."""
    if unplayable_reason(dr, rs) is not None:
        return []
    plays = dr.plays
    held = dict(dr.hands)
    for k, (seat, card, _trick, legal, _bela) in enumerate(plays):
        if not legal or not held.get(seat, 0) >> card & 1:
            return plays[:k]
        held[seat] &= ~(1 << card)
    return plays


def duty_witnesses(card: int, trick: Sequence[int], seats: Sequence[int], seat: int,
                   ct: ContractTables, rs: Ruleset) -> int:
    """The cards whose holding would have made ``card`` illegal for ``seat`` here:
    those ``x`` for which the validator's ``judge`` finds a breach in playing ``card``
    from the hand ``{card, x}``."""
    if not trick:
        return 0
    cards = list(trick)
    w = trick_winner(cards, ct)  # the same for every hand: found once
    base = 1 << card
    out = 0
    for x in range(32):
        if x != card and judge(base | 1 << x, card, cards, seats, seat, ct, rs.duties,
                               rs.side_of, w)[1] is not None:
            out |= 1 << x
    return out


@dataclass(slots=True)
class _Facts:
    """What the play up to a position shows, seat by seat."""

    played: int = 0
    played_by: dict[int, int] = field(default_factory=dict)
    #: seat -> cards it cannot have held, with the card and trick that showed it
    barred: dict[int, int] = field(default_factory=dict)
    why_barred: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    #: seat -> cards it was shown to hold (bela), with the card that showed it
    shown: dict[int, int] = field(default_factory=dict)
    why_shown: dict[tuple[int, int], int] = field(default_factory=dict)


class _Reader:
    """Reads the plays one by one into their ``_Facts``."""

    def __init__(self, dr: DealReport, rs: Ruleset) -> None:
        self.rs = rs
        self.ct = play_tables(dr)
        self.bela_cards = 0 if "betl" in dr.figures else BELA_CARDS[self.ct.kind]
        self.facts = _Facts()
        self.trick: list[int] = []
        self.seats: list[int] = []
        self.number = 0

    def read(self, play: PlayRecord) -> None:
        seat, card, t, _legal, word = play
        f = self.facts
        if t != self.number:
            self.trick, self.seats, self.number = [], [], t
        witnesses = duty_witnesses(card, self.trick, self.seats, seat, self.ct, self.rs)
        for x in cards_in(witnesses & ~f.barred.get(seat, 0)):
            f.why_barred[(seat, x)] = (card, t)
        f.barred[seat] = f.barred.get(seat, 0) | witnesses
        if word is not None and word.startswith("bela") and self.bela_cards >> card & 1:
            other = card ^ 3  # Q (rank 5) <-> K (rank 6) of the suit
            if not f.played >> other & 1:
                f.shown[seat] = f.shown.get(seat, 0) | 1 << other
                f.why_shown[(seat, other)] = card
        f.played |= 1 << card
        f.played_by[seat] = f.played_by.get(seat, 0) | 1 << card
        self.trick.append(card)
        self.seats.append(seat)


def table_knowledge(dr: DealReport, rs: Ruleset, seat: int) -> dict[int, int]:
    """What ``seat`` saw before the first card, holder by holder (0: out of play):
    the cards the table saw go to a hand or stay face up (A47, ``dr.shown``), its own
    discards (``dr.laid_away``), and the cards of the declarations shown (yu4-18,
    mk4-16; A48)."""
    out = dict(dr.shown)
    out[OUT_OF_PLAY] = out.get(OUT_OF_PLAY, 0) | dr.laid_away.get(seat, 0)
    if rs.declarations_shown:
        for rec in dr.declarations:
            combo = parse_combo(rec.text) if rec.counted and rec.held else None
            if combo is not None:
                out[rec.seat] = out.get(rec.seat, 0) | combo.mask
    return out


def seat_view(dr: DealReport, rs: Ruleset, index: int) -> SeatView | None:
    """The view of the seat that plays card ``index`` (from 0, into ``dr.plays``);
    None where the deal cannot be analysed (``analysable_plays``).  Each call reads
    the plays before ``index``; ``seat_views`` reads them once for every card."""
    plays = analysable_plays(dr, rs)
    if not 0 <= index < len(plays):
        return None
    reader = _Reader(dr, rs)
    for play in plays[:index]:
        reader.read(play)
    return _view(dr, rs, reader.facts, plays[index], index)


def seat_views(dr: DealReport, rs: Ruleset) -> list[SeatView]:
    """The view before every card the deal's analysis takes, in play order (the
    plays read once)."""
    plays = analysable_plays(dr, rs)
    if not plays:
        return []
    reader = _Reader(dr, rs)
    out = []
    for k, play in enumerate(plays):
        out.append(_view(dr, rs, reader.facts, play, k))
        reader.read(play)
    return out


def _view(dr: DealReport, rs: Ruleset, f: _Facts, play: PlayRecord, index: int) -> SeatView:
    """The view of the seat that plays ``play``, card ``index``, after the plays ``f``
    was read from."""
    seat, _card, trick, _legal, _word = play
    start = dr.hands
    dealt = 0
    for h in start.values():
        dealt |= h
    own = start[seat] & ~f.played
    table = table_knowledge(dr, rs, seat)
    known: dict[int, int] = {}
    sizes: dict[int, int] = {}
    excluded: dict[int, int] = {}
    conflict = None
    for s in range(1, rs.players + 1):
        if s == seat:
            continue
        shown = (f.shown.get(s, 0) | table.get(s, 0)) & ~f.played
        mine = shown & own
        if mine and conflict is None:
            x = cards_in(mine)[0]
            said = f.why_shown.get((s, x))
            conflict = (f"seat {s} said bela on {CARD_TEXT[said]}, but " if said is not None
                        else f"seat {s} was shown to hold {CARD_TEXT[x]}, but ") + (
                f"{CARD_TEXT[x]} is in the hand of seat {seat}")
        clash = shown & f.barred.get(s, 0)
        if clash and conflict is None:
            x = cards_in(clash)[0]
            card, t = f.why_barred[(s, x)]
            said = f.why_shown.get((s, x))
            conflict = (f"seat {s} said bela on {CARD_TEXT[said]}, so it held " if said is not None
                        else f"seat {s} was shown to hold ") + (
                f"{CARD_TEXT[x]}, yet it played {CARD_TEXT[card]} in trick {t}, which "
                f"is not legal from a hand holding {CARD_TEXT[x]}")
        known[s] = shown
        sizes[s] = popcount(start.get(s, 0)) - popcount(f.played_by.get(s, 0)) - popcount(shown)
    outside = rs.deck & ~dealt
    known[OUT_OF_PLAY] = table.get(OUT_OF_PLAY, 0) & outside
    if conflict is None and table.get(OUT_OF_PLAY, 0) & ~outside:
        x = cards_in(table[OUT_OF_PLAY] & ~outside)[0]
        conflict = f"{CARD_TEXT[x]} was seen out of play, yet a seat holds it"
    sizes[OUT_OF_PLAY] = popcount(outside) - popcount(known[OUT_OF_PLAY])
    seen = own | f.played
    for m in known.values():
        seen |= m
    hidden = rs.deck & ~seen
    for s in range(1, rs.players + 1):
        if s != seat:
            excluded[s] = f.barred.get(s, 0) & hidden
        if conflict is None and sizes.get(s, 0) < 0:
            conflict = (f"seat {s} is shown to hold more cards than it has left "
                        f"({popcount(known[s])} known, "
                        f"{popcount(start.get(s, 0)) - popcount(f.played_by.get(s, 0))} left)")
    excluded[OUT_OF_PLAY] = 0
    return SeatView(seat, own, known, hidden, sizes, excluded, dr.deal, index, trick, conflict)


def past_is_legal(dr: DealReport, rs: Ruleset, index: int, hands: dict[int, int]) -> bool:
    """Is every card played before ``index`` legal by the validator's own ``judge``
    when the seats hold ``hands`` at ``index``?  Each seat's hand at an earlier card
    is ``hands`` with the cards it played since put back.  The check a layout must
    pass, written apart from the exclusions ``seat_view`` derives."""
    plays = dr.plays[:index]
    ct = play_tables(dr)
    held = dict(hands)
    at: list[int] = []
    for seat, card, _t, _legal, _word in reversed(plays):
        held[seat] = held.get(seat, 0) | 1 << card
        at.append(held[seat])
    at.reverse()
    trick: list[int] = []
    seats: list[int] = []
    number = 0
    for (seat, card, t, _legal, _word), hand in zip(plays, at, strict=True):
        if t != number:
            trick, seats, number = [], [], t
        if judge(hand, card, trick, seats, seat, ct, rs.duties, rs.side_of)[1] is not None:
            return False
        trick.append(card)
        seats.append(seat)
    return True
