"""Declarations (zvanja): reading combinations, checking holdings, the contest.

A combination is written ``runN:<top>`` (N cards of one suit in the natural
order 7 8 9 T J Q K A, ending at ``top``) or ``carre:<rank>`` (docs/bgn/game.md#deals).
Only what is written counts (docs/bgn/replay.md §2).  The contest decides which side
scores: the single best combination wins, its side scores all of its valid
combinations (yu4-18, mk4-13); how ties break is the variant's policy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from replay.model.cards import RANKS, SUITS
from replay.model.pickling import by_fields

RUN: Final = 0
CARRE: Final = 1


@dataclass(frozen=True, slots=True)
class Combo:
    """A parsed combination: kind, length, top rank (natural order) and suit (runs)."""

    kind: int  # RUN or CARRE
    length: int  # 3..8 for runs, 4 for a carré
    rank: int  # natural rank index 0..7 (top card of a run, rank of a carré)
    suit: int  # 0..3 for runs, -1 for carrés
    mask: int  # the cards it consists of (0 if it cannot exist, e.g. run3:8H)

    @property
    def text(self) -> str:
        if self.kind == CARRE:
            return f"carre:{RANKS[self.rank]}"
        return f"run{self.length}:{RANKS[self.rank]}{SUITS[self.suit]}"


#: combinations already parsed, by their text (at most ``_COMBO_CACHE_SIZE``)
_COMBO_CACHE: Final[dict[str, Combo | None]] = {}
_COMBO_CACHE_SIZE: Final = 1024


def parse_combo(text: str) -> Combo | None:
    """``run5:AS`` / ``carre:J`` (canonical spelling) to a Combo; None if malformed.

    Cached: a corpus has a few hundred distinct spellings, met millions of times.
    A dictionary rather than ``functools.lru_cache``: compiled, a call through the
    cache's wrapper is a generic Python call, several times a dictionary look-up."""
    combo = _COMBO_CACHE.get(text)
    if combo is not None or text in _COMBO_CACHE:
        return combo
    combo = _parse_combo(text)
    if len(_COMBO_CACHE) < _COMBO_CACHE_SIZE:
        _COMBO_CACHE[text] = combo
    return combo


def _parse_combo(text: str) -> Combo | None:
    head, _, tail = text.partition(":")
    if head == "carre" and len(tail) == 1 and tail in RANKS:
        r = RANKS.index(tail)
        return Combo(CARRE, 4, r, -1, sum(1 << (s * 8 + r) for s in range(4)))
    if head.startswith("run") and len(tail) == 2 and tail[0] in RANKS and tail[1] in SUITS:
        try:
            n = int(head[3:])
        except ValueError:
            return None
        if not 3 <= n <= 8:
            return None
        r, s = RANKS.index(tail[0]), SUITS.index(tail[1])
        low = r - n + 1
        mask = 0 if low < 0 else sum(1 << (s * 8 + k) for k in range(low, r + 1))
        return Combo(RUN, n, r, s, mask)
    return None


class Contest(StrEnum):
    """How declarations are contested."""

    #: the best declaration's side takes all (yu4-18, mk4-13)
    SINGLE = "single"
    #: runs and carrés contested apart (bg4-33, bg4-34)
    SEPARATE = "separate"
    #: no declarations besides belote (contree §5)
    NONE = "none"


class TieBreak(StrEnum):
    """One step that settles equal best declarations of different camps."""

    #: the run in trump wins (yu4-25)
    TRUMP = "trump"
    #: the seat nearest after the dealer wins (mk4-14, ru3-14)
    SEAT = "seat"


class DeclCamps(StrEnum):
    """Who contests the declarations."""

    #: the scoring sides
    SIDES = "sides"
    #: the soloist against the better of the defenders (yu3-08, hu3-11)
    SOLOIST = "soloist"


@dataclass(frozen=True, slots=True)
class DeclarationPolicy:
    """A variant's declaration values and contest (docs/rules/)."""

    #: value of a run by length 3..8 (index 0 = 3 cards); None = the run wins the game
    run_values: tuple[int | None, ...]
    #: value of a carré by natural rank index (7 8 9 T J Q K A); 0 = not a declaration (A502)
    carre_values: tuple[int, ...]
    #: an 8-card run wins the game only in the trump suit (mk4-11); else it is worth run_values[5]
    run8_game_only_in_trump: bool
    #: how equal best declarations of different camps are settled, step by step
    #: (``TieBreak``); whatever is still equal voids them all
    ties: tuple[TieBreak, ...]
    #: one card may serve a run and a carré of the same seat (yu4-24, mk4-15)
    run_and_carre_share: bool
    #: the capot side also takes the contest winner's declarations and all bela (yu4-38)
    capot_takes_all: bool
    #: a seat's first-written combination must be its strongest; stronger later ones
    #: are left out (mk4-12)
    first_named_counts: bool = False
    #: how declarations are contested (``Contest``)
    contest: Contest = Contest.SINGLE
    #: separate contests: runs longer than this compare as this long (bg4 A25: best five)
    run_key_cap: int = 8
    #: carré strength by natural rank index 7 8 9 T J Q K A, for carrés of equal
    #: value (bg4-34 o: by trump points J 9 A T K Q; ru3 A12: A > T > K > Q; else natural)
    carre_strength: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7)
    #: an 8-card run is the strongest declaration whatever it is worth (yu3-09, hu3-12)
    run8_strongest: bool = False
    #: any carré beats any run; runs compare by counted length (ru3-14)
    carre_over_runs: bool = False
    #: in No trumps, where no declaration counts, four aces are still worth this
    #: (bg4-35 q1 option, switch nt-four-aces); 0: not a declaration either
    nt_four_aces: int = 0

    def value(self, combo: Combo, trump: int) -> int | None:
        """Points of a combination (None: it wins the game)."""
        if combo.kind == CARRE:
            return self.carre_values[combo.rank]
        v = self.run_values[combo.length - 3]
        if v is None and self.run8_game_only_in_trump and combo.suit != trump:
            return self.run_values[4]  # mk4 A41: like a 6/7-run
        return v

    def key(self, combo: Combo, trump: int) -> tuple[int, ...]:
        """Strength for the contest: value, carré over run, length, top/rank (yu4-25, A2,
        A42); ru3-14: carré over run first, runs by counted length."""
        v = self.value(combo, trump)
        if v is None or (self.run8_strongest and combo.kind == RUN and combo.length == 8):
            return (1 << 20, 0, 0, 0)
        rank = self.carre_strength[combo.rank] if combo.kind == CARRE else combo.rank
        if self.carre_over_runs:
            return (combo.kind, v, min(combo.length, self.run_key_cap), rank)
        return (v, combo.kind, min(combo.length, self.run_key_cap), rank)


def decide(
    entries: list[tuple[int, Combo, int]],
    policy: DeclarationPolicy,
    trump: int,
    side_of: tuple[int, ...],
    order: Sequence[int],
    sides: int,
    camp_of: tuple[int, ...] | None = None,
) -> tuple[list[int], set[int]]:
    """Points each side scores from the valid ``entries``, and which entries count.

    ``camp_of`` groups seats for the contest where it differs from the scoring
    sides: the soloist against the two defenders (yu3-08, hu3-11).
    """
    camp_of = camp_of or side_of
    points = [0] * sides
    counted: set[int] = set()
    if policy.contest is Contest.SEPARATE:
        groups = ([i for i, e in enumerate(entries) if e[1].kind == RUN],
                  [i for i, e in enumerate(entries) if e[1].kind == CARRE])
        for kind, group in zip((RUN, CARRE), groups, strict=True):
            side = _separate_winner([entries[i] for i in group], policy, kind, side_of)
            for i in group:
                if side is not None and side_of[entries[i][0]] == side:
                    counted.add(i)
                    points[side] += entries[i][2]
        return points, counted
    camp = contest(entries, policy, trump, camp_of, order)
    if camp is not None:
        for i, (seat, _, value) in enumerate(entries):
            if camp_of[seat] == camp:
                counted.add(i)
                side = side_of[seat]
                points[side] = points[side] + value
    return points, counted


def _separate_winner(group: list[tuple[int, Combo, int]], policy: DeclarationPolicy, kind: int,
                     side_of: tuple[int, ...]) -> int | None:
    """bg4-33: the best run's side takes all its runs; equal best runs of both sides
    void all runs; no trump priority.  bg4-34: the best carré's side takes its carrés."""
    if not group:
        return None
    keyed: list[tuple[tuple[int, ...], int]]
    if kind == RUN:
        keyed = [((min(c.length, policy.run_key_cap), c.rank), seat) for seat, c, _ in group]
    else:
        keyed = [((policy.carre_strength[c.rank],), seat) for seat, c, _ in group]
    best = max(k for k, _ in keyed)
    sides = {side_of[seat] for k, seat in keyed if k == best}
    return sides.pop() if len(sides) == 1 else None


def contest(
    entries: list[tuple[int, Combo, int]],
    policy: DeclarationPolicy,
    trump: int,
    side_of: tuple[int, ...],
    order: Sequence[int],
) -> int | None:
    """The side whose declarations count, or None.

    ``entries`` are the valid combinations as (seat, combo, value); ``order``
    lists the seats from the first bidder (for mk4's seat priority).
    """
    if not entries:
        return None
    if len(entries) == 1:  # one valid declaration (the usual case): nothing to contest
        return side_of[entries[0][0]]
    # the equal best declarations, in one pass (compiled, max() over a generator
    # and a set per step are generic calls and objects)
    best = policy.key(entries[0][1], trump)
    top = [(entries[0][0], entries[0][1])]
    for seat, c, _ in entries[1:]:
        key = policy.key(c, trump)
        if key > best:
            best = key
            top = [(seat, c)]
        elif key == best:
            top.append((seat, c))
    camp = _one_camp(top, side_of)
    for step in policy.ties:
        if camp is not None:
            break
        top = (_trump_run_first(top, trump, order) if step is TieBreak.TRUMP
               else _first_seat_first(top, trump, order))
        camp = _one_camp(top, side_of)
    return camp


def _one_camp(top: list[tuple[int, Combo]], side_of: tuple[int, ...]) -> int | None:
    """The camp of the declarations ``top`` when they are all of one camp, else None."""
    camp = side_of[top[0][0]]
    for seat, _ in top:
        if side_of[seat] != camp:
            return None
    return camp


def _trump_run_first(top: list[tuple[int, Combo]], trump: int,
                     order: Sequence[int]) -> list[tuple[int, Combo]]:
    """yu4-25, ru3-14: of equal best declarations, a run in trump wins."""
    return [(seat, c) for seat, c in top if c.kind == RUN and c.suit == trump] or top


def _first_seat_first(top: list[tuple[int, Combo]], trump: int,
                      order: Sequence[int]) -> list[tuple[int, Combo]]:
    """mk4-14, ru3-14: of equal best declarations, the seat nearest after the dealer wins."""
    first = min(order.index(seat) for seat, _ in top)
    return [(seat, c) for seat, c in top if order.index(seat) == first]


def holds(hand: int, combo: Combo) -> bool:
    return combo.mask != 0 and hand & combo.mask == combo.mask


#: the four cards of the rank-0 card (one bit per suit, eight bits apart); shifted by a
#: natural rank index it gives that rank's four cards
_FOUR_OF_RANK: Final = 0x01010101


def scoring_carre_cards(hand: int, carre_values: Sequence[int]) -> int:
    """The cards of every carré the seat holds that scores (``carre_values`` by natural
    rank; fours of 7s and 8s are worth 0), written or not.

    Where a card serves in one declaration only (bg4-32 under ``card-reuse=off``, fr4),
    the player chooses which declaration a shared card serves: a seat holding four tens
    and 7H-TH may keep TH for the carré and declare the tierce 7H-9H, and whether it
    then writes the carré does not change which run it holds.  A four that scores
    nothing is no such choice: it does not shorten a run."""
    out = 0
    for rank, value in enumerate(carre_values):
        four = _FOUR_OF_RANK << rank
        if value and hand & four == four:
            out |= four
    return out


def not_held(hand: int, combo: Combo, reserved: int = 0) -> str | None:
    """Why the seat does not hold the declared combination, or None when it does.

    A run is declared whole (docs/bgn/replay.md §2 reading of yu4-24 and §6 T08: a sixte
    8-K is one run, not two tierces): a ``run3:TS`` from a hand holding 8S to KS
    names a three-card run the seat does not have, so it is not held.  Cards in
    ``reserved`` (the seat's scoring carrés, where a card may not serve twice: bg4-32,
    ``scoring_carre_cards``) do not lengthen a run: four kings and ``run4:QD`` from
    9D-KD is whole, whether ``carre:K`` is written or not."""
    if not holds(hand, combo):
        return "without holding it"
    if combo.kind != RUN:
        return None
    hand &= ~reserved
    base = combo.suit * 8
    low = combo.rank - combo.length + 1  # natural rank of the run's lowest card
    top = combo.rank
    while low > 0 and hand >> (base + low - 1) & 1:
        low -= 1
    while top < 7 and hand >> (base + top + 1) & 1:
        top += 1
    length = top - low + 1
    if length == combo.length:
        return None
    return (f"but holds the longer run run{length}:{RANKS[top]}{SUITS[combo.suit]}: "
            "a run is declared whole")


by_fields(Combo, DeclarationPolicy)  # compiled by mypyc, frozen classes pickle this way
