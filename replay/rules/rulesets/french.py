"""French belote: ``fr4`` (classic, turned card; 002_4ad2490839f395cb.txt:335–352 on the
q1 base, with docs/rules/fr4.md) and ``contree`` (Belote contrée, docs/rules/contree.md)."""

from __future__ import annotations

from collections.abc import Mapping

from replay.rules.bela import BelaRules
from replay.rules.declarations import Contest, DeclarationPolicy
from replay.rules.legality import PlayDuties
from replay.rules.policies import Auction, AuctionRules, Scoring
from replay.rules.ruleset import Ruleset, Variant, partnership_sides
from replay.rules.rulesets.bulgarian import CARRE_BY_POINTS


def fr4(sw: Mapping[str, str], target: int) -> Ruleset:
    return Ruleset(
        variant="fr4",
        players=4,
        side_of=partnership_sides(4),
        sides=2,
        hand_size=8,  # fr4-05
        pre_bid=5,  # fr4-02
        target=target,  # fr4-08: from the Target tag (A29)
        auction=AuctionRules(Auction.TURNED),  # fr4-03, fr4-04
        duties=PlayDuties(  # fr4 convention 2 (docs/rules/fr4.md) (q1 with the over-ruff duty)
            overbeat_plain=False,
            overbeat_trump=True,
            overbeat_plain_over_partner=False,
            overbeat_trump_over_partner=False,  # q1: not over partner (bg4-22, T02)
            overbeat_lapses_after_ruff=True,
            ruff_when_partner_wins=True,  # q1: always ruff (bg4-23, T03)
            overruff=True,
            overruff_over_partner=False,
            underruff=True,  # fr4 convention 2 (docs/rules/fr4.md): underruff=on
        ),
        declarations=DeclarationPolicy(  # fr4 convention 3 (docs/rules/fr4.md): bg4 contests, q1 values
            run_values=(20, 50, 100, 100, 100, 120),  # q1: 8 cards = quinte + tierce
            carre_values=(0, 0, 150, 100, 200, 100, 100, 100),
            run8_game_only_in_trump=False,
            ties=(),
            run_and_carre_share=False,  # q1: a card in one declaration only (bg4-32)
            capot_takes_all=False,
            contest=Contest.SEPARATE,
            run_key_cap=5,
            carre_strength=CARRE_BY_POINTS,
        ),
        bela=BelaRules(credit_at_first=False,
                       needs_trick=False,  # fr4 convention 3 (docs/rules/fr4.md): belote needs no trick
                       not_on_discard=True),
        decl_needs_trick=True,  # fr4 convention 3 (docs/rules/fr4.md)
        capot_bonus=90,  # fr4 convention 4 (docs/rules/fr4.md)
        last_trick_bonus=10,
        breach_penalty=0,
        auto_end=False,
        claim_game=False,
        switches=dict(sw),
        scoring=Scoring.RAW_PARTNERSHIP,  # fr4-06, fr4-07: strictly more; a tie fails
        no_end_on_capot=True,  # fr4 convention 5 (docs/rules/fr4.md)
        turn_to_taker=True,  # fr4-05
    )


def contree(sw: Mapping[str, str], target: int) -> Ruleset:
    return Ruleset(
        variant="contree",
        players=4,
        side_of=partnership_sides(4),
        sides=2,
        hand_size=8,
        pre_bid=8,  # contree convention 2 (docs/rules/contree.md): 8 cards at once, bidding on the full hand
        target=target,  # contree convention 7 (docs/rules/contree.md): 2000
        auction=AuctionRules(Auction.POINTS),  # contree convention 3 (docs/rules/contree.md)
        duties=PlayDuties(  # contree convention 4 (docs/rules/contree.md)
            overbeat_plain=False,  # B: no duty to beat
            overbeat_trump=True,  # A: raise on a trump lead ...
            overbeat_plain_over_partner=False,
            overbeat_trump_over_partner=True,  # ... even when partner is master
            overbeat_lapses_after_ruff=True,
            ruff_when_partner_wins=False,  # C1: partner master → any card
            overruff=True,  # C4: over-ruff an opponent's trump when able
            overruff_over_partner=False,
            underruff=False,  # C4: never forced to under-ruff
        ),
        declarations=DeclarationPolicy(  # §5: belote only
            run_values=(0, 0, 0, 0, 0, 0),
            carre_values=(0,) * 8,
            run8_game_only_in_trump=False,
            ties=(),
            run_and_carre_share=False,
            capot_takes_all=False,
            contest=Contest.NONE,
        ),
        bela=BelaRules(credit_at_first=False,
                       needs_trick=False,  # §6: the defence keeps its belote even without a trick
                       auto=True),  # §5: counted automatically
        decl_needs_trick=False,
        capot_bonus=90,  # §1: the last trick is worth 100 to a side with all 8
        last_trick_bonus=10,
        breach_penalty=0,
        auto_end=False,
        claim_game=False,
        switches=dict(sw),
        scoring=Scoring.CONTREE,  # §6
        capot_in_last_trick=True,  # §1: 252 card points for a side with all 8 tricks
    )


#: fr4 has no default target (A29): simulated records carry 1001
FR4: Variant = Variant(fr4, sample_target=1001)
CONTREE: Variant = Variant(contree)
