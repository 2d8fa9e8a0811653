"""Bulgarian contract Belot (002_4ad2490839f395cb.txt): ``bg4``.

The seed holds three texts that disagree; docs/rules/bg4.md calls them profiles
``o`` (the Bulgarian online rules, the default), ``q1`` and ``q2``.  Every
disagreement is a switch (§5.4) whose default ``o`` sets; ``[Rules
"profile=q2"]`` or single switches select the others.
"""

from __future__ import annotations

from collections.abc import Mapping

from replay.rules.bela import BelaRules
from replay.rules.declarations import Contest, DeclarationPolicy
from replay.rules.legality import PlayDuties
from replay.rules.policies import Annul, Auction, AuctionRules, Scoring, ScoringOptions, Units
from replay.rules.ruleset import Ruleset, Variant, individual_sides, partnership_sides

#: carré strength by natural rank 7 8 9 T J Q K A (bg4-34)
CARRE_BY_POINTS = (0, 0, 5, 3, 6, 1, 2, 4)  # o: J > 9 > A > T > K > Q
CARRE_NATURAL = (0, 0, 2, 3, 4, 5, 6, 7)  # q2: A > K > Q > J > T > 9

BG4_SWITCHES: dict[str, tuple[str, ...]] = {
    "profile": ("o", "q1", "q2"),
    "trump-raise-partner": ("on", "off"),  # bg4-22, C1
    "ruff-if-partner-wins": ("off", "on"),  # bg4-23, C2
    "underruff": ("off", "on"),  # bg4-24, C3
    "valat-x-nt": ("off", "on"),  # bg4-19, bg4-40, C4
    "valat-x-contra": ("on", "off"),  # bg4-40, C4
    "run8": ("100", "120"),  # bg4-29, C5
    "card-reuse": ("off", "on"),  # bg4-32, C6
    "carre-order": ("points", "natural"),  # bg4-34, C7
    "nt-four-aces": ("off", "on"),  # bg4-35, C8
    "belote-needs-trick": ("off", "on"),  # bg4-37
    "double-levels": ("2", "3"),  # bg4-10: accepted; both readings replay alike
    "forced-dealer": ("off", "on"),  # bg4-13
    "forced-dealer-annul": ("off", "7", "any"),  # bg4-13
    "deal-packets": ("3+2", "3+3+2"),  # bg4-06, C10
    "kirtik": ("off", "on"),  # bg4-48
    "breach-penalty": ("off", "on"),  # bg4-49
}

BG4_PROFILES: dict[str, dict[str, str]] = {
    "o": {},
    "q1": {"trump-raise-partner": "off", "ruff-if-partner-wins": "on", "underruff": "on",
           "valat-x-nt": "on", "valat-x-contra": "off", "run8": "120"},
    "q2": {"ruff-if-partner-wins": "on", "underruff": "on", "valat-x-contra": "off",
           "run8": "120", "card-reuse": "on", "carre-order": "natural",
           "breach-penalty": "on"},
}


def bg_declarations(sw: Mapping[str, str]) -> DeclarationPolicy:
    """bg4-28 … bg4-35: runs and carrés contested apart."""
    return DeclarationPolicy(
        run_values=(20, 50, 100, 100, 100, int(sw["run8"])),  # bg4-28, bg4-29
        carre_values=(0, 0, 150, 100, 200, 100, 100, 100),  # bg4-28
        run8_game_only_in_trump=False,
        ties=(),  # bg4-33: no trump priority; equal best runs void all runs
        run_and_carre_share=sw["card-reuse"] == "on",  # bg4-32
        capot_takes_all=False,  # C19
        contest=Contest.SEPARATE,  # bg4-33, bg4-34
        run_key_cap=5,  # bg4-29 / A25: longer runs compare as their best five
        carre_strength=CARRE_BY_POINTS if sw["carre-order"] == "points" else CARRE_NATURAL,
        nt_four_aces=200 if sw["nt-four-aces"] == "on" else 0,  # bg4-35, C8
    )


def bg_duties(sw: Mapping[str, str]) -> PlayDuties:
    """bg4-21 … bg4-27."""
    return PlayDuties(
        overbeat_plain=False,  # bg4-25
        overbeat_trump=True,  # bg4-22
        overbeat_plain_over_partner=False,
        overbeat_trump_over_partner=sw["trump-raise-partner"] == "on",  # bg4-22, C1
        overbeat_lapses_after_ruff=True,
        ruff_when_partner_wins=sw["ruff-if-partner-wins"] == "on",  # bg4-23, C2
        overruff=True,  # bg4-24 (o): an opponent's trump must be over-ruffed
        overruff_over_partner=False,  # bg4-24: only an OPPONENT's ruff
        underruff=sw["underruff"] == "on",  # bg4-24, C3
        all_trumps_raise_over_partner=True,  # bg4-27
    )


def bg_auction(sw: Mapping[str, str]) -> AuctionRules:
    """bg4-08 … bg4-13: the ladder; the forced dealer and his annulment by switch."""
    return AuctionRules(Auction.LADDER,
                        forced_dealer=sw["forced-dealer"] == "on",  # bg4-13
                        annul=Annul(sw["forced-dealer-annul"]))  # bg4-13


def bg_bela(sw: Mapping[str, str]) -> BelaRules:
    return BelaRules(credit_at_first=False,
                     needs_trick=sw["belote-needs-trick"] == "on",  # bg4-37
                     not_on_discard=True)  # bg4-38


def bg_score_options(sw: Mapping[str, str]) -> ScoringOptions:
    return ScoringOptions(valat_doubled_in_nt=sw["valat-x-nt"] == "on",  # bg4-19, bg4-40, C4
                          valat_under_contra=sw["valat-x-contra"] == "on",  # bg4-40, C4
                          kirtik=sw["kirtik"] == "on")  # bg4-48


def bg4(sw: Mapping[str, str], target: int) -> Ruleset:
    return Ruleset(
        variant="bg4",
        players=4,  # bg4-01
        side_of=partnership_sides(4),
        sides=2,
        hand_size=8,  # bg4-07
        pre_bid=6 if sw["deal-packets"] == "3+3+2" else 5,  # bg4-06, C10
        target=target,  # bg4-47: 151 MP
        auction=bg_auction(sw),
        duties=bg_duties(sw),
        declarations=bg_declarations(sw),
        bela=bg_bela(sw),
        decl_needs_trick=True,  # bg4-37 (q2: the team must win a trick)
        capot_bonus=90,  # bg4-40: 9 MP
        last_trick_bonus=10,  # bg4-39
        breach_penalty=162 if sw["breach-penalty"] == "on" else 0,  # bg4-49
        auto_end=False,
        claim_game=False,  # docs/bgn/report.md: claim game only in yu4, yu3, ru3, mk4
        switches=dict(sw),
        units=Units.MP,  # bg4-42
        scoring=Scoring.MATCH_POINTS,  # bg4-41 … bg4-46
        score_options=bg_score_options(sw),
        no_end_on_capot=True,  # bg4-47
    )


#: the 24-card pack of bg3 and bg2: 9 to A in every suit (bg3-02, bg2-01)
DECK_24 = sum(1 << (s * 8 + r) for s in range(4) for r in range(2, 8))


def _bg_short(variant: str, players: int, pre_bid: int, hand: int, sw: Mapping[str, str],
              target: int) -> Ruleset:
    """bg3 and bg2: deck, deal and bidding from the seed; play from bg4; scoring by
    the default of reading A27 (docs/rules/readings.md: bg4-q2 with the others combined) — a default
    of this project, not a rule-book fact."""
    return Ruleset(
        variant=variant,
        players=players,
        side_of=individual_sides(players),
        sides=players,
        hand_size=hand,
        pre_bid=pre_bid,
        target=target,  # no default: the Target tag (§5.4)
        auction=bg_auction(sw),  # bg3-04, bg2-03 (A27)
        duties=bg_duties(sw),
        declarations=bg_declarations(sw),
        bela=bg_bela(sw),
        decl_needs_trick=True,
        capot_bonus=90,
        last_trick_bonus=10,
        breach_penalty=162 if sw["breach-penalty"] == "on" else 0,
        auto_end=False,
        claim_game=False,
        switches=dict(sw),
        units=Units.MP,
        scoring=Scoring.MATCH_POINTS if players == 2 else Scoring.MATCH_POINTS_SOLO,
        score_options=bg_score_options(sw),
        no_end_on_capot=True,
        deck=DECK_24,
        hands_required=players == 2,  # bg2-02: six cards stay aside unseen
    )


def bg3(sw: Mapping[str, str], target: int) -> Ruleset:
    return _bg_short("bg3", 3, 5, 8, sw, target)  # bg3-03: 3 + 2, then 3 more; 8 tricks


def bg2(sw: Mapping[str, str], target: int) -> Ruleset:
    return _bg_short("bg2", 2, 6, 9, sw, target)  # bg2-02: 6, then 3 more; 9 tricks


BG4 = Variant(bg4, BG4_SWITCHES, BG4_PROFILES)
#: A27: bg3 and bg2 inherit bg4-q2; their records carry a Target tag (151 for samples)
BG3 = Variant(bg3, BG4_SWITCHES, BG4_PROFILES, default_profile="q2", sample_target=151)
BG2 = Variant(bg2, BG4_SWITCHES, BG4_PROFILES, default_profile="q2", sample_target=151)
