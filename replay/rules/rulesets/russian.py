"""Russian belot (002_4ad2490839f395cb.txt): ``ru3`` (Game Wiki, 3 players to 501),
with docs/rules/yu3.md, docs/rules/ru3.md; ``ru-pair`` (the "Гамблер" club's pair belot)."""

from __future__ import annotations

from collections.abc import Mapping

from replay.rules.bela import BelaRules
from replay.rules.declarations import DeclarationPolicy, TieBreak
from replay.rules.exchange import ExchangeKind
from replay.rules.legality import PlayDuties
from replay.rules.policies import Auction, AuctionRules, Scoring, ScoringOptions
from replay.rules.ruleset import EndRule, Ruleset, Variant, individual_sides, partnership_sides

#: carré strength at equal value by natural rank 7 8 9 T J Q K A: A > T > K > Q (A12)
RU_CARRES = (0, 0, 0, 3, 0, 1, 2, 4)


def ru3(switches: Mapping[str, str], target: int) -> Ruleset:
    return Ruleset(
        variant="ru3",
        players=3,  # ru3-01
        side_of=individual_sides(3),
        sides=3,
        hand_size=9,  # ru3-09: 9 tricks, 5 cards out of play
        pre_bid=6,  # ru3-06
        target=target,  # ru3-01: 501
        auction=AuctionRules(Auction.TURNED),  # ru3-07, ru3-08, A18: the first naming ends it
        duties=PlayDuties(
            overbeat_plain=False,  # ru3-22: plain suits need not be beaten
            overbeat_trump=True,  # ru3-22, A14: trumps must be beaten
            overbeat_plain_over_partner=True,
            overbeat_trump_over_partner=True,
            overbeat_lapses_after_ruff=True,
            ruff_when_partner_wins=True,  # ru3-21
            overruff=True,  # A14
            overruff_over_partner=True,
            underruff=True,  # ru3-22: forced (must play a trump)
        ),
        declarations=DeclarationPolicy(
            run_values=(20, 50, 100, 100, 100, 100),  # ru3-12, ru3-13: five or more = 100
            carre_values=(0, 0, 150, 100, 200, 100, 100, 100),  # ru3-12
            run8_game_only_in_trump=False,
            ties=(TieBreak.TRUMP, TieBreak.SEAT),  # ru3-14: trump, then the earlier announced
            run_and_carre_share=True,  # ru3-18
            capot_takes_all=False,
            run_key_cap=5,  # ru3-13, A13
            carre_strength=RU_CARRES,  # A12
            carre_over_runs=True,  # ru3-14
        ),
        bela=BelaRules(credit_at_first=True,  # ru3-19: counts from its announcement
                       needs_trick=True,  # ru3-26, ru3 convention 19 (docs/rules/ru3.md)
                       either_card=True),  # ru3-19, T10 (b)
        decl_needs_trick=True,  # A17
        capot_bonus=0,  # ru3-26: +50 / +100 in the scoring rule
        last_trick_bonus=10,  # ru3-11
        breach_penalty=0,
        auto_end=False,
        claim_game=True,  # ru3-27
        switches=dict(switches),
        scoring=Scoring.CONTRACTOR_SPLIT,  # ru3-23 … ru3-26
        # ru3-23: a failed contractor's half exactly, or rounded down by switch
        score_options=ScoringOptions(split_rounds_down=switches["split-rounding"] == "down"),
        exchange=ExchangeKind.SEVEN_SWAP,  # ru3-10
        hands_required=True,  # cards out of play
        end_rule=EndRule.LAST_TRICK,  # ru3-28
        claim_after_own_trick=True,  # ru3-27
    )


#: conventions the club's text names but never defines (ru-pair-13, A19): a record
#: relying on one is refused (P102) with the name, rather than replayed on a guess
RU_PAIR_UNDEFINED = {
    "mars": "«Марс»", "doezd": "«Доезд»", "kapo": "«Капо»", "vse-moi": "«все мои»",
    "pravila": "«Правила»", "polubait": "«Полубайт»", "vyezd": "«Выезд»",
}


def ru_pair(switches: Mapping[str, str], target: int) -> Ruleset:
    """Pair belot of the "Гамблер" club (002_4ad2490839f395cb.txt:161–212): deal,
    play duties and totals from the rule book (docs/rules/ru-pair.md); declarations, belote and the auction's
    round 1 from ru3 (the same document), round 2 adds NT and AT (ru-pair-05);
    scoring: the callers need more than the other pair (ru3/yu4 reading), No trumps
    doubled with the combinations (ru-pair-06); no capot bonus («Капо» is off by
    default, ru-pair-13)."""
    base = ru3({"split-rounding": "exact"}, target)
    return Ruleset(
        variant="ru-pair",
        players=4,  # ru-pair-01
        side_of=partnership_sides(4),
        sides=2,
        hand_size=8,  # ru-pair-03
        pre_bid=5,  # ru-pair-02
        target=target,  # A19: the Target tag
        auction=AuctionRules(
            Auction.TURNED,  # ru-pair-04: turned card, two rounds implied by "eight passes"
            forced_dealer=switches["all-pass"] == "dealer",  # ru-pair-04, C17
            round2_extra=("NT", "AT")),  # ru-pair-05
        duties=PlayDuties(
            overbeat_plain=False,
            overbeat_trump=True,  # ru-pair-10
            overbeat_plain_over_partner=False,
            overbeat_trump_over_partner=True,  # ru-pair-10: partner's trump too
            overbeat_lapses_after_ruff=True,
            ruff_when_partner_wins=False,  # ru-pair-09
            overruff=True,  # ru-pair-09: an opponent's trump is over-trumped
            overruff_over_partner=False,
            underruff=True,  # ru-pair-09 best reading: still must ruff
        ),
        declarations=base.declarations,  # ru-pair-12: values and precedence from ru3
        bela=BelaRules(credit_at_first=True, needs_trick=True,
                       either_card=True),  # ru3-19
        decl_needs_trick=True,
        capot_bonus=0,  # ru-pair-13: «Капо» off by default
        last_trick_bonus=10,
        breach_penalty=0,
        auto_end=False,
        claim_game=False,
        switches=dict(switches),
        scoring=Scoring.RAW_PARTNERSHIP,
        turn_to_taker=True,  # ru-pair-03: the bidder gets the turned card + 2
        nt_doubles_declarations=True,  # ru-pair-06
    )


RU3 = Variant(ru3, {"split-rounding": ("exact", "down")})
#: ru-pair has no default target (A19): simulated records carry 1001
RU_PAIR = Variant(ru_pair, {"all-pass": ("redeal", "dealer")}, undefined=RU_PAIR_UNDEFINED,
                  sample_target=1001)
