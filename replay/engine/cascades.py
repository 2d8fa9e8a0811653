"""Findings that follow from an earlier one: one mistake is one finding plus a count.

One wrong card can give dozens of findings.  A card changed in the first trick may
change who wins it; the engine then credits every later card to the seat whose turn
it is by its own count, one seat off from the record's, and each of those cards is a
D203 (docs/bgn/replay.md §6: a card the seat does not hold counts as played by the
seat whose turn it was).  The changed card, written again where the record plays it,
is a D203 too, and the score lines and the result differ.  The report keeps every
one of these findings in its place (its list only ever grows); this pass marks each
that follows from an earlier one with ``follows``, the index of that earlier finding
(the root) in the report's list, so that the text report can print the root and a
count.  A root is a finding that follows from nothing; the rules below are kept
narrow, so that a mistake of its own later in a deal stays a root.

Card play, deal by deal:

1. **A trick whose winner the record did not expect.**  After a trick that holds a
   root, the next trick's first card may be held not by the seat the engine says
   won that trick (and so leads) but by another seat: the record expected that seat
   to win.  From there on the record's seat for each card is the engine's turned by
   the same number of seats (a trick's winner is a place in the trick, so the turn
   carries over from trick to trick).  In those tricks a D203 at a card that the
   record's seat still holds, and a C405 whose written seat is the record's seat,
   follow from the first root of that trick.
2. **A card written twice.**  A D203 at a card that was already played at a root
   (the changed card, written again where its seat really played it) follows from
   that root.
3. An A503 at a card whose D203 or C405 follows, follows from the same root (the
   seat it was credited to is not the record's).

Anything else in the play stands: a D203 at a card the record's seat does not hold
either, a revoke by a seat that held the card it played, a later trick whose first
card no seat holds.

The score sheet:

4. S601 and S602 of a deal whose play has a root (C401-C405, D203, A503, A505) follow
   from the first such root: the engine scored the deal as the cards were written.
5. An S602 of a later deal follows from the root the previous deal's S602 follows
   from when it differs from the engine's total by just as much (the difference
   carried, nothing new).
6. An S603 follows from the root the last S602 before it follows from when the
   written totals decide the game as written: the written result for the last deal's
   total, or no winner yet for a deal played after the engine's winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from replay.engine.deal import GameWalk
from replay.engine.report import SEATS_FROM, DealReport, PlayedCards, Violation
from replay.model.record import ScoreLine
from replay.rules.tally import Points

#: findings in the play that make the engine's score differ from the written one
PLAY_CODES: Final = frozenset(("C401", "C402", "C403", "C404", "C405", "D203", "A503", "A505"))
#: findings that stand at one card of the play (A505 stands at the claim)
CARD_CODES: Final = PLAY_CODES - {"A505"}


def mark_cascades(gw: GameWalk) -> None:
    """Set ``follows`` on every finding of the game's report that follows from an
    earlier one (rules 1-6 above).  The list keeps its order and its findings."""
    report, game = gw.report, gw.game
    found = report.violations
    if len(found) < 2:
        return
    by_deal: dict[int, list[int]] = {}
    for i, v in enumerate(found):
        if v.deal is not None:
            by_deal.setdefault(v.deal, []).append(i)
    carried: int | None = None  # the root the previous deal's S602 follows from
    previous: Sequence[Points] = [0] * gw.rs.sides
    written_before: ScoreLine | None = None
    for d, dr in enumerate(report.deals, start=1):
        mine = by_deal.get(d, [])
        deal = game.deals[d - 1]
        root = _mark_play(found, mine, dr) if mine else None
        was_carried, carried = carried, None
        for i in mine:
            v = found[i]
            if v.code == "S601" or v.code == "S602":
                if root is not None:
                    v.follows = root
                elif (v.code == "S602" and was_carried is not None
                      and _same_gap(deal.total, dr.total, written_before, previous)):
                    v.follows = was_carried
                if v.code == "S602" and v.follows is not None:
                    carried = v.follows
            elif (v.code == "S603" and v.trick is None and was_carried is not None
                  and written_before is not None
                  and gw.decide(_written(written_before)) is None):
                v.follows = was_carried  # rule 6: the written totals had no winner yet
        previous, written_before = dr.total, deal.total
    if carried is not None and written_before is not None:
        decided = gw.decide(_written(written_before))
        as_written = "*" if decided is None else gw.side_name(decided)
        for v in found:
            if v.code == "S603" and v.deal is None and game.result == as_written:
                v.follows = carried


def _mark_play(found: list[Violation], mine: list[int], dr: DealReport) -> int | None:
    """Rules 1-3 on one deal's card findings; returns the deal's first root in the play
    (rule 4), None when its play has no finding."""
    played = dr.played
    at: dict[int, list[int]] = {}  # card index in the play -> its findings
    if played is not None:
        n = played.n
        for i in mine:
            v = found[i]
            if v.code in CARD_CODES and v.trick is not None and v.seat is not None:
                j = v.trick - 1
                if j * n < played.count:
                    at.setdefault(j * n + (v.seat - played.leader_of(j)) % n, []).append(i)
    if at and played is not None:
        _walk_cards(found, at, played, dr.hands)
    for i in mine:
        v = found[i]
        if v.code in PLAY_CODES and v.trick is not None and v.follows is None:
            return i
    return None


def _walk_cards(found: list[Violation], at: dict[int, list[int]], played: PlayedCards,
                start: dict[int, int]) -> None:
    """Rules 1-3: the deal's cards in order, the hands as they empty, the record's seat
    for each card once a trick's winner was not the one the record expected."""
    n, cards = played.n, played.cards
    held = [start.get(s, 0) for s in range(n + 1)]
    turn = 0  # seats from the engine's seat to the record's (rule 1)
    shift_root: int | None = None
    trick_root: dict[int, int] = {}  # trick (from 0) -> the first root in it
    root_of_card: dict[int, int] = {}  # card -> the root it was played at
    for k in range(played.count):
        j, p = divmod(k, n)
        leader = played.leader_of(j)
        c = cards[k]
        bit = 1 << c
        if p == 0 and j - 1 in trick_root:
            expected = (leader - 1 + turn) % n + 1
            if not held[expected] & bit:
                for s in range(1, n + 1):
                    if held[s] & bit:
                        turn = (s - leader) % n
                        shift_root = trick_root[j - 1]
                        break
        seat = SEATS_FROM[n][leader][p]
        record_seat = (seat - 1 + turn) % n + 1
        card_root: int | None = None  # the root of the card's first finding
        card_followed = False  # whether that finding follows from an earlier one
        for i in at.get(k, ()):
            v = found[i]
            root: int | None = None
            if v.code == "D203":
                root = root_of_card.get(c)
                if root is None and turn and held[record_seat] & bit:
                    root = shift_root
            elif v.code == "C405":
                written = played.marked.get(k)
                if turn and written is not None and written.seat == record_seat:
                    root = shift_root
            elif v.code == "A503" and card_followed:
                root = card_root
            if root is None:
                trick_root.setdefault(j, i)
                root = i
            else:
                v.follows = root
            if card_root is None:
                card_root, card_followed = root, v.follows is not None
        if card_root is not None and not card_followed:
            root_of_card.setdefault(c, card_root)
        # the card leaves whichever hand holds it, the seat's own first (as the play does)
        if held[seat] & bit:
            held[seat] ^= bit
        else:
            for s in range(1, n + 1):
                if held[s] & bit:
                    held[s] ^= bit
                    break


def _written(line: ScoreLine) -> list[Decimal]:
    """A written line's numbers, ``-`` as 0 (as the sheet check reads them)."""
    return [w if w is not None else Decimal(0) for w in line.values]


def _same_gap(line: ScoreLine | None, engine: Sequence[Points], before: ScoreLine | None,
              engine_before: Sequence[Points]) -> bool:
    """Rule 5: whether the written total differs from the engine's by what the total
    before did, side by side."""
    if line is None or before is None:
        return False
    now, then = _written(line), _written(before)
    if not len(now) == len(engine) == len(then) == len(engine_before):
        return False
    return all(now[i] - Decimal(str(engine[i])) == then[i] - Decimal(str(engine_before[i]))
               for i in range(len(now)))
