"""The end of a deal: what the cards, the declarations and the bela gave each
side (the ``Tally``), and the variant's scoring rule on it (``replay.rules.scoring``);
the breach penalty (mk4-22, bg4-49); the card points alone where a claim of the
game or the target reached mid-deal ends it (docs/bgn/replay.md §13/§14)."""

from __future__ import annotations

from replay.engine.deal import DealWalk
from replay.model.cards import cards_in
from replay.rules.bela import dealt_belas
from replay.rules.bidding import Contract
from replay.rules.exchange import ExchangeKind
from replay.rules.policies import Auction
from replay.rules.scoring import breach_scores, score_deal
from replay.rules.tally import DealScore, Points, SoloistPlay, Tally


def bela_by_side(dw: DealWalk, contract: Contract, claimed_hands: dict[int, int] | None = None,
                 at_first: bool = False) -> list[int]:
    """Bela points per side (replay.rules.bela): announced pairs completed (or, at a
    claim, still held; with ``at_first``, announced ones); where belote counts
    automatically (contree §5) every pair dealt."""
    rs = dw.rs
    if rs.bela.auto:
        hands = {seat: dw.full_hand(seat) for seat in range(1, dw.n + 1)}
        by_seat = dealt_belas(contract.kind, hands)
    else:
        # no bela word in the play: nothing credited (the report's own empty dict)
        by_seat = dw.dr.bela if dw.belas is None else dw.belas.credited(claimed_hands,
                                                                               at_first)
    out = [0] * rs.sides
    for seat, v in by_seat.items():
        out[rs.side_of[seat]] += v
    if by_seat or not rs.bela.auto:
        dw.dr.bela = by_seat
    return out


def breach_score(dw: DealWalk, seat: int, caller_side: int, kind: int) -> DealScore:
    """mk4-22, bg4-49, docs/bgn/replay.md §7: the deal ends at the offending card; the
    other side scores the penalty, the offenders '-'; nothing else counts."""
    rs, dr = dw.rs, dw.dr
    offender = rs.side_of[seat]
    dr.penalty = True
    scores = breach_scores(rs, kind, offender, dw.decl_all)
    return DealScore(scores, offender != caller_side, dw.gw.pot)


def deal_tally(dw: DealWalk, points: list[int], tricks_won: list[int], caller_side: int,
               contract: Contract, claimed_hands: dict[int, int] | None = None) -> Tally:
    """What the deal gave each side (the ``Tally`` the scoring rule reads), kept in
    the report; the capot side found, yu3's discards and contrée's capot counted."""
    rs = dw.rs
    capot_side = None  # the side that took every trick
    for s in range(rs.sides):
        if tricks_won[s] == rs.tricks:
            capot_side = s
            break
    points = with_discards(dw, points)
    if capot_side is not None and rs.capot_in_last_trick:
        # contree §1: the last trick is worth 100 to a side that took all eight
        points[capot_side] += rs.capot_bonus
        played = dw.dr.played
        if played is not None and len(played.winners) == rs.tricks:
            played.points[-1] += rs.capot_bonus
        dw.dr.card_points = list(points)
    # the play's points, trick counts and declaration points become the tally's:
    # nothing changes them after this
    t = Tally(contract=contract, caller_side=caller_side, points=points,
              tricks=tricks_won, decl=dw.decl_by_side, decl_all=dw.decl_all,
              bela=bela_by_side(dw, contract, claimed_hands),
              capot_side=capot_side,
              soloist=SoloistPlay(dw.announced, dw.betl, dw.soloist_won,
                                  dw.soloist_last)
              if rs.auction.model is Auction.HUNGARIAN else None)
    dw.dr.capot_side = t.capot_side
    dw.dr.tally = t
    return t


def with_discards(dw: DealWalk, points: list[int]) -> list[int]:
    """yu3-06: the soloist's discards count for him as if taken in tricks: a new
    list where a variant lays cards away, else ``points`` itself."""
    if dw.rs.exchange is ExchangeKind.DISCARD:
        points = list(points)
        for seat, mask in dw.discarded.items():
            points[dw.rs.side_of[seat]] += sum(dw.ct.points[c] for c in cards_in(mask))
    return points


def settle(dw: DealWalk, points: list[int], tricks_won: list[int], caller_side: int,
           contract: Contract, claimed_hands: dict[int, int] | None = None) -> DealScore:
    """The end of a deal played out: the variant's scoring rule (replay.rules.scoring)."""
    t = deal_tally(dw, points, tricks_won, caller_side, contract, claimed_hands)
    return score_deal(dw.rs, t, dw.gw.pot)


def points_so_far(dw: DealWalk, points: list[int], bela_at_first: bool | None,
                  tricks_won: list[int] | None = None) -> DealScore:
    """docs/bgn/replay.md §13/§14: card points of completed tricks (+10 for the last)
    and, for a claim of the game, bela already credited to a side that has won
    a trick (and yu3's discards, yu3 convention 9 (docs/rules/yu3.md)); nothing else."""
    figures: list[Points] = list(points)
    if bela_at_first is not None and dw.contract is not None:
        figures = list(with_discards(dw, points))
        bela = bela_by_side(dw, dw.contract, at_first=bela_at_first)
        for s, v in enumerate(bela):
            if tricks_won is None or tricks_won[s]:
                figures[s] += v
    return DealScore(figures, None, dw.gw.pot)
