"""International / Serbian Belot (000_c5f6563d0704fc3d.txt): ``yu4``.

Every value cites its rules-matrix.md row.  The callers' side must score
strictly more than the opponents; a tie ("visuljak") fails (yu4-39, yu4-40).
"""

from __future__ import annotations

from replay.declarations import DeclarationPolicy
from replay.legality import PlayDuties
from replay.ruleset import Ruleset, partnership_sides, register

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
        tie_trump_then_void=True,  # yu4-25 steps 5 and 6
        tie_seat_priority=False,
        run_and_carre_share=True,  # yu4-24
        capot_takes_all=True,  # yu4-38, bgn.md §9.11
    )


@register("yu4", {"iber-partner": ("on", "off"), "carre-tens": ("on", "off")})
def yu4(switches: dict[str, str], target: int) -> Ruleset:
    over_partner = switches["iber-partner"] == "on"  # yu4-33 / yu4-36
    return Ruleset(
        variant="yu4",
        players=4,  # yu4-01
        side_of=partnership_sides(4),
        sides=2,
        hand_size=8,  # yu4-10
        pre_bid=6,  # yu4-09
        target=target,  # yu4-43: 1001
        auction="name-suit",  # yu4-11, yu4-12
        forced_dealer=False,  # yu4-13: all pass → redeal
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
        bela_credit_at_first=False,  # yu4-28: credited with the second card
        bela_needs_trick=True,  # yu4-29
        decl_needs_trick=True,  # yu4-19
        capot_bonus=90,  # yu4-38
        last_trick_bonus=10,  # yu4-37
        breach_penalty=0,  # yu4-46: none described
        auto_end=False,
        claim_game=True,  # yu4-43 "na dosta"
        switches=dict(switches),
    )
