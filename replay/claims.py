"""Is ``claim rest`` true?  A small AND-OR search over the remaining cards.

A claim of the rest is true when the claiming side can win every remaining
trick against every legal defence, all hands being known (docs/bgn/report.md).
The claimers choose their cards (some card must work); the defenders may
play any legal card (every card must fail to break the claim).  Legality is
the same ``judge`` the engine uses, so the search cannot disagree with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from replay.cards import ContractTables, cards_in
from replay.legality import legal_cards, trick_winner

if TYPE_CHECKING:
    from replay.ruleset import Ruleset


def claim_holds(
    hands: dict[int, int],
    trick: list[int],
    seats: Sequence[int],
    turn: int,
    side: int,
    ruleset: Ruleset,
    ct: ContractTables,
) -> bool:
    """True when ``side`` wins every remaining trick whatever the others play.

    ``hands`` are the masks still held; ``trick``/``seats`` the trick in
    progress; ``turn`` the seat to play next.
    """
    n = ruleset.players
    side_of = ruleset.side_of
    duties = ruleset.duties
    memo: dict[tuple[tuple[tuple[int, int], ...], tuple[int, ...], int], bool] = {}

    def next_seat(s: int) -> int:
        return s % n + 1

    def search(hands: dict[int, int], trick: list[int], seats: list[int], turn: int) -> bool:
        if len(trick) == n:
            winner = seats[trick_winner(trick, ct)]
            if side_of[winner] != side:
                return False
            if not any(hands.values()):
                return True
            return search(hands, [], [], winner)
        key = (tuple(sorted(hands.items())), tuple(trick), turn)
        if key in memo:
            return memo[key]
        hand = hands[turn]
        if not hand:  # a seat out of cards (records that stop short): nothing to prove
            memo[key] = True
            return True
        legal = legal_cards(hand, trick, seats, turn, ct, duties, side_of)
        mine = side_of[turn] == side
        result = not mine
        for card in cards_in(legal):
            after = dict(hands)
            after[turn] = hand & ~(1 << card)
            ok = search(after, trick + [card], seats + [turn], next_seat(turn))
            if mine and ok:
                result = True
                break
            if not mine and not ok:
                result = False
                break
        memo[key] = result
        return result

    return search(dict(hands), list(trick), list(seats), turn)
