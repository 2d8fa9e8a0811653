"""Exact double-dummy values of Belot positions: every hand known, best play by both camps.

A :class:`DoubleDummy` is one deal's contract under one ruleset: the contract kind, who
plays for whom (the callers' camp against the rest: partnerships in yu4, mk4,
bg4, fr4, contree and ru-pair; the soloist against the others in yu3, ru3, hu3,
bg3; seat against seat in hu2, bg2) and the payoff.  Its :meth:`DoubleDummy.value` is
what a camp can secure from a :class:`Position` whatever the others do:

- the card points of the tricks it takes, the last-trick bonus and the
  ruleset's capot bonus when one side takes every trick (as the variant scores
  it: a capot only counts for a single side of the ruleset);
- in Betl (hu3-19: play stops at the soloist's first trick), 1 for the
  soloist's camp when he can avoid every trick, 0 when he can be forced to take
  one; the defenders' value is the other way round.

The search is ``replay.solver.kernel`` (a principal variation search: alpha-beta
with null-window scouts, a transposition table, killer cards, equivalent cards
searched once), compiled by numba.  Its
move generator is the compiled twin of ``replay.rules.legality.judge``; the tests hold
the two equal.  :func:`claim_holds` uses the same search to decide a claim of
the rest exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from replay.model.cards import CONTRACT_TABLES, SUIT_OF, ContractTables, cards_in
from replay.rules.legality import trick_winner
from replay.rules.ruleset import Ruleset
from replay.solver import kernel as k
from replay.solver import threads as split

#: rows of the shared transposition table (a power of two; 8 int64 per row)
TT_ROWS = 1 << 19
#: cards in the hand of the seat to play from which a solve is shared out over threads
SHARED_FROM = 7
_TT: np.ndarray | None = None
_GENERATION = [0]


def _table() -> np.ndarray:
    global _TT
    if _TT is None:
        _TT = np.zeros((TT_ROWS, k.TT_WIDTH), dtype=np.int64)
    return _TT


def _new_generation() -> int:
    """A fresh key space in the shared table: entries of earlier games never match."""
    _GENERATION[0] = (_GENERATION[0] + 1) % (1 << 30)
    return _GENERATION[0]


@dataclass(frozen=True, slots=True)
class Position:
    """A point of the play: the cards each seat still holds (``hands[seat]``,
    index 0 unused), the trick in progress and its leader, and ``won``: a bit
    per ruleset side that has already taken a trick (decides the capot)."""

    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    won: int = 0

    @property
    def players(self) -> int:
        return len(self.hands) - 1

    @property
    def turn(self) -> int:
        """The seat to play."""
        return (self.leader - 1 + len(self.trick)) % self.players + 1

    def is_over(self) -> bool:
        return not self.trick and not any(self.hands)


def camps_of(ruleset: Ruleset, caller: int) -> tuple[int, ...]:
    """Camp 0 or 1 of each seat (index 0 unused): the caller's side against the
    rest; in variants whose sides are seats, the caller (soloist) alone."""
    caller_side = ruleset.side_of[caller]
    return (0,) + tuple(0 if ruleset.side_of[s] == caller_side else 1
                        for s in range(1, ruleset.players + 1))


def _context(rs: Ruleset, kind: int, camp: tuple[int, ...], mode: int, stop: int) -> np.ndarray:
    ct = CONTRACT_TABLES[kind]
    d = rs.duties
    ctx = np.zeros(k.CTX_SIZE, dtype=np.int64)
    ctx[k.STR:k.STR + 32] = ct.strength
    ctx[k.PTS:k.PTS + 32] = ct.points
    ctx[k.ABOVE:k.ABOVE + 32] = ct.above
    ctx[k.ORDER:k.ORDER + 32] = sorted(range(32), key=lambda c: (SUIT_OF[c], ct.strength[c]))
    ctx[k.N] = rs.players
    ctx[k.KIND] = kind
    ctx[k.TRUMP] = ct.trump_mask
    ctx[k.RUFF] = ct.ruff_mask
    ctx[k.LAST_BONUS] = rs.last_trick_bonus
    ctx[k.CAPOT_BONUS] = rs.capot_bonus if mode == k.POINTS else 0
    ctx[k.MODE] = mode
    ctx[k.STOP] = stop
    flags = (d.overbeat_trump, d.overbeat_trump_over_partner, d.all_trumps_raise_over_partner,
             d.overbeat_plain, d.overbeat_plain_over_partner, d.overbeat_lapses_after_ruff,
             d.ruff_when_partner_wins, d.overruff, d.overruff_over_partner, d.underruff)
    ctx[k.OVERBEAT_TRUMP:k.OVERBEAT_TRUMP + 10] = [int(f) for f in flags]
    ctx[k.BY_STRENGTH:k.STRENGTH_POINTS + 1024] = _suit_tables(kind)
    for s in range(1, rs.players + 1):
        ctx[k.SIDE + s] = rs.side_of[s]
        ctx[k.CAMP + s] = camp[s]
        ctx[k.CAMP_OF_SIDE + rs.side_of[s]] = camp[s]
    return ctx


@cache
def _suit_tables(kind: int) -> np.ndarray:
    """``BY_STRENGTH``, ``SUIT_POINTS`` and ``STRENGTH_POINTS`` of the kernel:
    per suit, its cards re-ordered by strength; for each set of them still out,
    their count and their points in that order (3 bits a card: the rank of its
    points among the contract's point values), as the table key holds them; and
    the sum of their card points."""
    ct = CONTRACT_TABLES[kind]
    values = sorted(set(ct.points))
    assert len(values) <= 8, "3 bits a card's points"
    out = np.zeros(3072, dtype=np.int64)
    for suit in range(4):
        by_strength = sorted(range(8 * suit, 8 * suit + 8), key=lambda c: ct.strength[c])
        for mask in range(256):
            out[256 * suit + mask] = sum(1 << i for i, c in enumerate(by_strength)
                                         if mask >> (c & 7) & 1)
            word, count, points = 0, 0, 0
            for i, c in enumerate(by_strength):
                if mask >> i & 1:
                    word |= values.index(ct.points[c]) << (4 + 3 * count)
                    count += 1
                    points += ct.points[c]
            out[1024 + 256 * suit + mask] = word | count
            out[2048 + 256 * suit + mask] = points
    return out


class DoubleDummy:
    """One deal's double-dummy game: a ruleset, a contract kind and the camps.

    ``betl``: the soloist (``caller``) must take no trick; values are 1 or 0.
    ``claimers``: a claim of the rest by that ruleset side; values are 1 when
    the claimers take every remaining trick, else 0 (camp 0 are the claimers).
    ``threads``: how many threads one solve may use (``replay.solver.threads``): the
    values are the same, only the time to find them changes.
    """

    def __init__(self, ruleset: Ruleset, kind: int, caller: int, betl: bool = False,
                 claimers: int | None = None, threads: int = 1) -> None:
        self.rs = ruleset
        self.kind = kind
        self.ct = CONTRACT_TABLES[kind]
        n = ruleset.players
        if claimers is not None:
            self.camp = (0,) + tuple(0 if ruleset.side_of[s] == claimers else 1
                                     for s in range(1, n + 1))
            stop = sum(1 << s for s in range(1, n + 1) if self.camp[s] == 1)
            mode = k.ALL_OR_NOTHING
        elif betl:
            self.camp = (0,) + tuple(0 if s == caller else 1 for s in range(1, n + 1))
            stop = 1 << caller
            mode = k.ALL_OR_NOTHING
        else:
            self.camp = camps_of(ruleset, caller)
            stop = 0
            mode = k.POINTS
        self.all_or_nothing = mode == k.ALL_OR_NOTHING
        self.ctx = _context(ruleset, kind, self.camp, mode, stop)
        self.gen = _new_generation()
        self.tt = _table()
        self.threads = max(1, threads)
        self.bufs = split.new_buffers(self.threads)
        self.buf = self.bufs[0]

    # ------------------------------------------------------------ positions
    def start(self, hands: dict[int, int], leader: int) -> Position:
        return Position(tuple(hands.get(s, 0) for s in range(self.rs.players + 1)), (), leader)

    def after(self, pos: Position, card: int) -> Position:
        """The position once the seat to play has played ``card`` (legality is the caller's)."""
        seat = pos.turn
        hands = list(pos.hands)
        hands[seat] &= ~(1 << card)
        trick = pos.trick + (card,)
        if len(trick) < self.rs.players:
            return Position(tuple(hands), trick, pos.leader, pos.won)
        winner = (pos.leader - 1 + trick_winner(list(trick), self.ct)) % self.rs.players + 1
        return Position(tuple(hands), (), winner, pos.won | 1 << self.rs.side_of[winner])

    def legal(self, pos: Position) -> int:
        """The mask of cards the seat to play may play (the kernel's move generator)."""
        hands, tcards, w = self._arrays(pos)
        return int(k.legal(self.ctx, hands[pos.turn], tcards, len(pos.trick), w, pos.leader,
                           pos.turn))

    def stops(self, pos: Position, card: int) -> bool:
        """Does ``card`` end the play: an all-or-nothing game whose trick it
        completes goes to a seat that must take none (Betl's soloist, a claim's
        defender)?"""
        if not self.all_or_nothing:
            return False
        nxt = self.after(pos, card)
        return not nxt.trick and (int(self.ctx[k.STOP]) >> nxt.leader) & 1 == 1

    def gain(self, pos: Position, card: int, camp: int) -> int:
        """What ``camp`` scores at once when ``card`` is played: the trick it
        completes (with the last-trick bonus and the capot bonus), or in an
        all-or-nothing game the result when the play ends there."""
        nxt = self.after(pos, card)
        if nxt.trick:
            return 0
        if self.all_or_nothing:
            if self.stops(pos, card):
                return 1 if camp == 1 else 0
            return (1 if camp == 0 else 0) if nxt.is_over() else 0
        pts = sum(self.ct.points[c] for c in pos.trick + (card,))
        if nxt.is_over():
            pts += self.rs.last_trick_bonus
        mine = pts if self.camp[nxt.leader] == camp else 0
        if nxt.is_over():
            mine += int(k._end_value(self.ctx, nxt.won, camp))
        return mine

    def _arrays(self, pos: Position) -> tuple[Any, Any, int]:
        hands = np.zeros(5, dtype=np.int64)
        hands[:len(pos.hands)] = pos.hands
        tcards = np.zeros(4, dtype=np.int64)
        tcards[:len(pos.trick)] = pos.trick
        w = trick_winner(list(pos.trick), self.ct) if pos.trick else 0
        return hands, tcards, w

    def _rem(self, pos: Position) -> int:
        live = 0
        for h in pos.hands:
            live |= h
        return (sum(self.ct.points[c] for c in cards_in(live))
                + sum(self.ct.points[c] for c in pos.trick) + self.rs.last_trick_bonus)

    # --------------------------------------------------------------- values
    def value(self, pos: Position, camp: int = 0, card: int = -1) -> int:
        """What ``camp`` secures from ``pos`` on (after ``card``, when given),
        counting only the tricks still to be completed."""
        if pos.is_over():
            return 0
        hands, tcards, w = self._arrays(pos)
        rem = self._rem(pos)
        if card < 0 and self._shared(pos):
            with split.free_crew(self.threads) as team:
                if team is not None:
                    search = self._search(pos, hands, tcards, w, rem, camp)
                    return split.pvs(search, team, -1, int(k.top(self.ctx, rem)) + 1)
        return int(k.solve(self.ctx, self.tt, self.buf, hands, tcards, len(pos.trick), w,
                           pos.leader, pos.won, rem, camp, self.gen, card))

    def other_camp(self, pos: Position, value: int) -> int | None:
        """The other camp's value of ``pos`` from one camp's, when the game is
        constant-sum there (no capot bonus left to win, or all-or-nothing);
        else None."""
        if self.all_or_nothing:
            return 1 - value
        if self.rs.capot_bonus and pos.won.bit_count() < 2:
            return None
        return self._rem(pos) - value

    def at_least(self, pos: Position, camp: int, beta: int, card: int = -1) -> bool:
        """Does ``camp`` secure at least ``beta`` from ``pos`` (after ``card``)?"""
        hands, tcards, w = self._arrays(pos)
        return bool(k.at_least(self.ctx, self.tt, self.buf, hands, tcards, len(pos.trick), w, pos.leader,
                               pos.won, self._rem(pos), camp, self.gen, card, beta))

    def bound(self, pos: Position, camp: int, beta: int, card: int = -1) -> int:
        """One null-window search at ``beta`` (after ``card``, when given), fail-soft:
        a result of at least ``beta`` is a lower bound of ``camp``'s value, a result
        below it an upper bound."""
        return self.window(pos, camp, beta - 1, beta, card)

    def top(self, pos: Position) -> int:
        """The most a camp can secure from ``pos``: every point still to win (with the
        capot bonus), or 1 in an all-or-nothing game."""
        return int(k.top(self.ctx, self._rem(pos)))

    def window(self, pos: Position, camp: int, alpha: int, beta: int, card: int = -1) -> int:
        """One search of the window (``alpha``, ``beta``) (after ``card``, when given),
        fail-soft: the exact value when it lies strictly inside, else a bound on the
        side it fell."""
        hands, tcards, w = self._arrays(pos)
        return int(k.window(self.ctx, self.tt, self.buf, hands, tcards, len(pos.trick), w,
                            pos.leader, pos.won, self._rem(pos), camp, self.gen, alpha,
                            beta, card))

    def keeps(self, pos: Position, camp: int, beta: int, cards: list[int]) -> dict[int, bool]:
        """For each of ``cards``: does ``camp`` still secure ``beta`` once it is
        played (``at_least``)?  Shared out over the threads when there are several."""
        if len(cards) > 1 and self._shared(pos):
            with split.free_crew(self.threads) as team:
                if team is not None:
                    hands, tcards, w = self._arrays(pos)
                    search = self._search(pos, hands, tcards, w, self._rem(pos), camp)
                    return split.each_at_least(search, team, cards, beta)
        return {c: self.at_least(pos, camp, beta, card=c) for c in cards}

    def _shared(self, pos: Position) -> bool:
        """Is ``pos`` worth sharing out over the threads?  Not near the end of a
        deal, where a solve takes less time than handing work to a thread."""
        return self.threads > 1 and pos.hands[pos.turn].bit_count() >= SHARED_FROM

    def nodes(self) -> int:
        """Positions searched so far by this game's threads (the kernel's counter)."""
        return sum(int(b[k.BUF_ROWS - 1, k.NODES]) for b in self.bufs)

    def _search(self, pos: Position, hands: Any, tcards: Any, w: int, rem: int,
                camp: int) -> split.Search:
        def below(card: int) -> tuple[int, split.Search] | None:
            """What ``camp`` scores by ``card`` and the search after it, while the
            hands stay big enough to share out (points games only: an
            all-or-nothing one is cheap)."""
            nxt = self.after(pos, card)
            if self.all_or_nothing or not self._shared(nxt):
                return None
            hands, tcards, w = self._arrays(nxt)
            return self.gain(pos, card, camp), self._search(nxt, hands, tcards, w,
                                                            self._rem(nxt), camp)

        return split.Search(self.ctx, self.tt, self.bufs, hands, tcards, len(pos.trick), w,
                            pos.leader, pos.turn, pos.won, rem, camp, self.gen, below)

    def representatives(self, pos: Position, legal: int) -> dict[int, int]:
        """Legal card -> the card that stands for it (equivalent cards share one)."""
        hands, tcards, _ = self._arrays(pos)
        alive = int(k.alive_cards(hands, tcards, len(pos.trick), self.rs.players))
        out = np.empty(32, dtype=np.int64)
        k.representatives(self.ctx, legal, alive, out)
        return {c: int(out[c]) for c in cards_in(legal)}


def claim_holds(hands: dict[int, int], trick: list[int], seats: Sequence[int], turn: int,
                side: int, ruleset: Ruleset, ct: ContractTables) -> bool:
    """Does ruleset side ``side`` win every remaining trick against every defence?

    A claim of the rest (docs/bgn/report.md) decided by the exact search: the
    claimers choose their cards, the others may play any legal card.  A record
    whose hands cannot make a position (a seat out of cards before the others)
    leaves nothing to prove, as the play stops there.
    """
    n = ruleset.players
    leader = seats[0] if seats else turn
    counts = [hands.get(s, 0).bit_count() for s in range(1, n + 1)]
    played = {seats[i] for i in range(len(trick))}
    expect = [c + (1 if s + 1 in played else 0) for s, c in enumerate(counts)]
    if not hands.get(turn, 0) or len(set(expect)) != 1:
        return True
    if expect[0] == 0:
        return True
    game = DoubleDummy(ruleset, ct.kind, leader, claimers=side)
    pos = Position(tuple(hands.get(s, 0) for s in range(n + 1)), tuple(trick), leader)
    return game.value(pos, 0) == 1


def warm(threads: bool = True) -> None:
    """Compile the kernel (numba caches it in the user's cache folder): one tiny
    solve; with ``threads``, also the pieces that a solve shared out over threads
    calls from Python (``replay.solver.threads``), which one thread a solve never
    needs."""
    from replay.rules.rulesets import load_ruleset

    rs = load_ruleset("bg4")
    game = DoubleDummy(rs, 0, 1)
    hands = {s: 0xF << (8 * (s - 1)) for s in range(1, 5)}
    pos = game.start(hands, 1)
    game.value(pos, 0)
    game.at_least(pos, 0, 1)
    game.representatives(pos, game.legal(pos))
    game.gain(pos, 0, 0)
    if threads:
        k.children(game.ctx, game.buf, *game._arrays(pos)[:2], 0, 0, 1, 1)
        k.top(game.ctx, 10)
        k.scout_window(True, 0, 10)
        k.research_window(True, 0, 10, 5)
