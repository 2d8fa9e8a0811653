"""Macedonian Bela for four (004_f7d787b0021a5535.txt): ``mk4``.

The book's card table is missing (mk4-03): classic values are assumed.  The
callers need half + 1 of the deal total, which on even totals is "strictly
more than the opponents" (mk4-24).
"""

from __future__ import annotations

from collections.abc import Mapping

from replay.rules.bela import BelaRules
from replay.rules.declarations import DeclarationPolicy, TieBreak
from replay.rules.legality import PlayDuties
from replay.rules.policies import Auction, AuctionRules
from replay.rules.ruleset import Ruleset, Variant, partnership_sides


def mk4(switches: Mapping[str, str], target: int) -> Ruleset:
    return Ruleset(
        variant="mk4",
        players=4,  # mk4-01
        side_of=partnership_sides(4),
        sides=2,
        hand_size=8,  # mk4-05
        pre_bid=6,  # mk4-05: 3 + 3, then the 2-card talon
        target=target,  # mk4-26: 1001
        auction=AuctionRules(Auction.NAME_SUIT,  # mk4-06
                             forced_dealer=True),  # mk4-06: the dealer must call
        duties=PlayDuties(
            overbeat_plain=True,  # mk4-19, A39
            overbeat_trump=True,  # mk4-21
            overbeat_plain_over_partner=True,  # mk4-19: no partner exception
            overbeat_trump_over_partner=True,  # mk4-21
            overbeat_lapses_after_ruff=True,  # mk4-21
            ruff_when_partner_wins=True,  # mk4-20
            overruff=True,  # mk4-20, A40
            overruff_over_partner=True,  # A40: "always a stronger card if he has it"
            underruff=True,  # A40
        ),
        declarations=DeclarationPolicy(
            run_values=(20, 50, 100, 100, 100, None),  # mk4-10; 8 in trump wins (mk4-11)
            carre_values=(0, 0, 150, 100, 200, 100, 100, 100),  # mk4-09
            run8_game_only_in_trump=True,  # mk4-11, A41
            ties=(TieBreak.SEAT,),  # mk4-14: seat priority, no trump priority
            run_and_carre_share=True,  # mk4-15 ("врзано звање"); two runs: no (best reading)
            capot_takes_all=False,  # C19, T12
            first_named_counts=True,  # mk4-12
        ),
        bela=BelaRules(credit_at_first=False, needs_trick=True),  # mk4-23
        decl_needs_trick=True,  # mk4-23
        capot_bonus=90,  # mk4-23
        last_trick_bonus=10,  # mk4-23
        breach_penalty=162,  # mk4-22, docs/bgn/replay.md §7
        auto_end=True,  # mk4-26, docs/bgn/replay.md §13
        claim_game=True,  # docs/bgn/report.md: claim game in yu4, yu3, ru3, mk4
        declarations_shown=True,  # mk4-16: shown at the very start of the play
        switches=dict(switches),
    )


MK4 = Variant(mk4)
