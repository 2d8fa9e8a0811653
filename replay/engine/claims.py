"""A claim: ``claim rest`` checked against every defence by the double-dummy
solver (A505 when it does not hold), and ``claim game`` checked against the
totals and the variant's rules for it (yu4-43, ru3-27; docs/bgn/report.md)."""

from __future__ import annotations

from collections.abc import Sequence

from replay.engine.deal import DealWalk
from replay.engine.score import points_so_far, settle
from replay.model.cards import FULL_DECK, cards_in
from replay.model.elements import Claim
from replay.rules.bidding import Contract
from replay.rules.tally import DealScore


def settle_claim(dw: DealWalk, claim: Claim, hands: dict[int, int], trick: list[int],
                 seats: Sequence[int], leader: int, number: int, points: list[int],
                 tricks_won: list[int], caller_side: int, contract: Contract) -> DealScore:
    """The deal's score at a claim (``claim rest`` or ``claim game``), A505 where the
    claim does not hold; ``hands`` are the cards still held, ``trick`` the cards of
    the trick in progress."""
    rs, gw = dw.rs, dw.gw
    side = rs.side_of[claim.seat] if 1 <= claim.seat <= dw.n else 0
    turn = (leader - 1 + len(trick)) % dw.n + 1
    done = number - 1
    if claim.what == "rest":
        from replay.solver.search import claim_holds  # numba loads only for a claim to check

        if dw.known and not claim_holds(hands, trick, seats, turn, side, rs, dw.ct):
            dw.flag("A505", claim.pos, number, claim.seat,
                    f"seat {claim.seat} cannot win every remaining trick against every "
                    "defence")
        # the claiming side takes every remaining trick (docs/bgn/game.md#deals)
        remaining = FULL_DECK
        played = dw.dr.played
        if played is not None:
            for x in played.cards[:played.n * len(played.winners)]:
                remaining &= ~(1 << x)
        points = list(points)
        points[side] += sum(dw.ct.points[x] for x in cards_in(remaining))
        points[side] += rs.last_trick_bonus
        tricks_won = list(tricks_won)
        tricks_won[side] += rs.tricks - done
        dw.dr.card_points = list(points)
        return settle(dw, points, tricks_won, caller_side, contract, claimed_hands=hands)
    # claim game
    at_first = rs.bela.credit_at_first
    if done == rs.tricks and not trick:
        # after the last card: the deal is scored in full (docs/bgn/report.md), also
        # in a variant without 'claim game', where the claim is A505 all the same
        result = settle(dw, points, tricks_won, caller_side, contract)
        if not rs.claim_game:
            dw.flag("A505", claim.pos, number, claim.seat,
                    f"'claim game' is not part of {rs.variant}")
            return result
        after = [gw.totals[i] + result.scores[i] for i in range(rs.sides)]
        last_seat = dw.last_winner()
        last = None if last_seat is None else rs.side_of[last_seat]
        if gw.decide(after, last) != side:
            dw.flag("A505", claim.pos, number, claim.seat,
                    f"{gw.side_label(side)} has not won the game")
        return result
    if not rs.claim_game:
        dw.flag("A505", claim.pos, number, claim.seat,
                f"'claim game' is not part of {rs.variant}")
        return points_so_far(dw, points, at_first, tricks_won)
    if rs.auto_end:
        dw.flag("A505", claim.pos, number, claim.seat,
                f"{gw.side_label(side)} has not reached {rs.target} with a trick it won")
        return points_so_far(dw, points, at_first, tricks_won)
    last_seat = dw.last_winner()
    if rs.claim_after_own_trick and (trick or last_seat is None
                                     or rs.side_of[last_seat] != side):
        # ru3-27: only right after a trick the claimer won (not the last)
        dw.flag("A505", claim.pos, number, claim.seat,
                f"seat {claim.seat} may claim the game only right after a trick it won")
        return points_so_far(dw, points, at_first, tricks_won)
    result = points_so_far(dw, points, at_first, tricks_won)
    if gw.totals[side] + result.scores[side] >= rs.target:
        dw.ended_game = side
    else:
        dw.flag("A505", claim.pos, number, claim.seat,
                f"{gw.side_label(side)} has {gw.totals[side] + result.scores[side]}, "
                f"short of {rs.target}")
    return result
