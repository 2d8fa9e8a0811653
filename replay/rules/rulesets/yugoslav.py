"""International / Serbian Belot (000_c5f6563d0704fc3d.txt): ``yu4`` and ``yu3``.

Every value cites its rule row (docs/rules/).  The callers' side must score
strictly more than the opponents; a tie ("visuljak") fails (yu4-39, yu4-40).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from replay.rules.bela import BelaRules
from replay.rules.declarations import DeclarationPolicy, DeclCamps, TieBreak
from replay.rules.exchange import ExchangeKind
from replay.rules.legality import PlayDuties
from replay.rules.policies import Auction, AuctionRules, Scoring
from replay.rules.ruleset import Ruleset, Variant, individual_sides, partnership_sides

#: carré values by natural rank 7 8 9 T J Q K A (yu4-23; tens by switch, A1)
_CARRES = (0, 0, 150, 100, 200, 100, 100, 100)


def yu_declarations(carre_tens: bool) -> DeclarationPolicy:
    """Serbian declarations (yu4-20 … yu4-26)."""
    carres = list(_CARRES)
    if not carre_tens:
        carres[3] = 0  # yu4-23: four tens are not listed; switch carre-tens=off
    return DeclarationPolicy(
        run_values=(20, 50, 100, 100, 100, None),  # yu4-20; 8 cards win the game (yu4-22)
        carre_values=tuple(carres),
        run8_game_only_in_trump=False,  # yu4-22: any suit
        ties=(TieBreak.TRUMP,),  # yu4-25 steps 5 and 6: trump wins, else nobody
        run_and_carre_share=True,  # yu4-24
        capot_takes_all=True,  # yu4-38, docs/bgn/replay.md §11
    )


def yu4(switches: Mapping[str, str], target: int) -> Ruleset:
    over_partner = switches["iber-partner"] == "on"  # yu4-33 / yu4-36
    return Ruleset(
        variant="yu4",
        players=4,  # yu4-01
        side_of=partnership_sides(4),
        sides=2,
        hand_size=8,  # yu4-10
        pre_bid=6,  # yu4-09
        target=target,  # yu4-43: 1001
        auction=AuctionRules(Auction.NAME_SUIT),  # yu4-11, yu4-12; yu4-13: all pass → redeal
        duties=PlayDuties(
            overbeat_plain=True,  # yu4-33
            overbeat_trump=True,  # yu4-33 (plain or trump lead)
            overbeat_plain_over_partner=over_partner,  # yu4-36
            overbeat_trump_over_partner=over_partner,  # yu4-36, T02
            overbeat_lapses_after_ruff=True,  # yu4-34
            ruff_when_partner_wins=True,  # yu4-31: no partner exception
            overruff=True,  # yu4-34
            overruff_over_partner=over_partner,  # yu4-34, T05
            underruff=True,  # yu4-35
        ),
        declarations=yu_declarations(switches["carre-tens"] == "on"),
        bela=BelaRules(credit_at_first=False,  # yu4-28: credited with the second card
                       needs_trick=True),  # yu4-29
        decl_needs_trick=True,  # yu4-19
        capot_bonus=90,  # yu4-38
        last_trick_bonus=10,  # yu4-37
        breach_penalty=0,  # yu4-46: none described
        auto_end=False,
        claim_game=True,  # yu4-43 "na dosta"
        declarations_shown=True,  # yu4-18: the best declarer and his partner show them
        switches=dict(switches),
    )


def yu3(switches: Mapping[str, str], target: int) -> Ruleset:
    """Serbian Belot for three (000_c5f6563d0704fc3d.txt:155–186), a delta on yu4
    (yu3-02), with docs/rules/yu3.md, docs/rules/ru3.md."""
    decl = yu_declarations(switches["carre-tens"] == "on")
    decl = replace(decl, run_values=(20, 50, 100, 100, 100, 100),  # yu3-09: the 8-run is 100
                   run8_strongest=True,  # yu3-09: ... and outranks even four jacks
                   capot_takes_all=False)  # yu3 convention 14 (docs/rules/yu3.md)
    return Ruleset(
        variant="yu3",
        players=3,  # yu3-01
        side_of=individual_sides(3),
        sides=3,
        hand_size=10,  # yu3-06: 10 tricks
        pre_bid=6,  # yu3-03
        target=target,  # yu3-15: 701
        auction=AuctionRules(Auction.FORCED_FIRST),  # yu3-04
        duties=PlayDuties(  # yu3-12: as yu4 (no partners)
            overbeat_plain=True, overbeat_trump=True, overbeat_plain_over_partner=True,
            overbeat_trump_over_partner=True, overbeat_lapses_after_ruff=True,
            ruff_when_partner_wins=True, overruff=True, overruff_over_partner=True,
            underruff=True),
        declarations=decl,
        bela=BelaRules(credit_at_first=True,  # C14, yu3-16
                       needs_trick=True),  # A46: per player
        decl_needs_trick=True,  # yu3-08: each his own trick
        capot_bonus=90,  # yu3-14
        last_trick_bonus=10,
        breach_penalty=0,
        auto_end=False,
        claim_game=True,  # yu3-15 "na dosta"
        switches=dict(switches),
        scoring=Scoring.SOLOIST_RAW,  # yu3-07, yu3-13
        caller_extra=2,  # yu3-05: the soloist holds 12 before discarding 2
        exchange=ExchangeKind.DISCARD,  # yu3-06
        decl_camps=DeclCamps.SOLOIST,  # yu3-08
        hands_required=True,  # the discards stay out of play
    )


YU4 = Variant(yu4, {"iber-partner": ("on", "off"), "carre-tens": ("on", "off")})
YU3 = Variant(yu3, {"carre-tens": ("on", "off")})
