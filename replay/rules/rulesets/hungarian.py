"""Hungarian Belot (003_ebf4011eb783c303.txt): ``hu3`` and ``hu2``, with
docs/rules/hu3.md.  Card values are classic (hu3-03, A30)."""

from __future__ import annotations

from collections.abc import Mapping

from replay.rules.bela import BelaRules
from replay.rules.declarations import DeclarationPolicy, DeclCamps, TieBreak
from replay.rules.exchange import ExchangeKind
from replay.rules.legality import PlayDuties
from replay.rules.policies import Auction, AuctionRules, Scoring, Units
from replay.rules.ruleset import Ruleset, Variant, individual_sides

#: hu3-12, hu3 convention 14 (docs/rules/hu3.md): 8-run strongest (100), carrés of 7s and 8s count 100
#: and rank below the other 100-carrés (A, K, Q, 10, 8, 7 = natural order)
HU_DECLARATIONS = DeclarationPolicy(
    run_values=(20, 50, 100, 100, 100, 100),
    carre_values=(100, 100, 150, 100, 200, 100, 100, 100),
    run8_game_only_in_trump=False,
    ties=(TieBreak.TRUMP,),  # hu3 convention 14 (docs/rules/hu3.md): equal runs, then trump, else nobody
    run_and_carre_share=True,  # hu3 convention 14 (docs/rules/hu3.md)
    capot_takes_all=False,
    run8_strongest=True,
)

HU_DUTIES = PlayDuties(  # hu3-14: follow suit, ruff when void, no overbeat at all
    overbeat_plain=False,
    overbeat_trump=False,
    overbeat_plain_over_partner=False,
    overbeat_trump_over_partner=False,
    overbeat_lapses_after_ruff=True,
    ruff_when_partner_wins=True,
    overruff=False,
    overruff_over_partner=False,
    underruff=True,  # T05: {9H, 7H}: a trump, any trump
)


def _hungarian(variant: str, players: int, hand: int, pre_bid: int, target: int,
               switches: Mapping[str, str]) -> Ruleset:
    return Ruleset(
        variant=variant,
        players=players,  # hu3-01, hu2-02
        side_of=individual_sides(players),
        sides=players,
        hand_size=hand,  # hu3-05: 9 (hu2-01: 12)
        pre_bid=pre_bid,  # hu3-04: 6 (hu2-01: 8)
        target=target,  # hu3-21: 80 game points
        auction=AuctionRules(Auction.HUNGARIAN),  # hu3-06 … hu3-08, hu3-20
        duties=HU_DUTIES,
        declarations=HU_DECLARATIONS,
        bela=BelaRules(credit_at_first=False, needs_trick=True),  # A34
        decl_needs_trick=True,  # A34
        capot_bonus=0,  # hu3-15: capot only as the figure VOLAT
        last_trick_bonus=10,  # hu3-15
        breach_penalty=0,
        auto_end=False,
        claim_game=False,
        switches=dict(switches),
        units=Units.GP,
        scoring=Scoring.HUNGARIAN,  # hu3-16 … hu3-20
        exchange=ExchangeKind.HUNGARIAN,  # hu3-09, hu3-10
        decl_camps=DeclCamps.SOLOIST,  # hu3-11
        hands_required=True,  # five (hu2: eight) cards stay out of play
    )


def hu3(switches: Mapping[str, str], target: int) -> Ruleset:
    return _hungarian("hu3", 3, 9, 6, target, switches)


def hu2(switches: Mapping[str, str], target: int) -> Ruleset:
    return _hungarian("hu2", 2, 12, 8, target, switches)


HU3 = Variant(hu3)
HU2 = Variant(hu2)
