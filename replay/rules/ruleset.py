"""A variant as data: the ``Ruleset`` the engine walks every record through.

One engine, many rulesets (the pokerkit way): a ruleset is parameters plus a
few small policies (auction, play duties, declarations, bela, scoring rule),
each a frozen record or an enum, so a misspelt policy fails at once.  The
ruleset imports only the policies (``replay.rules.policies`` and the records of the
rules modules that never read a ruleset); the rules that read one import it.  Each
family of variants builds its rulesets in ``replay/rules/rulesets/`` and cites the
rule row (docs/rules/) of every value; the house-rule switches (the BGN ``Rules``
tag, docs/rules/) are read there, in the builders, and nowhere below.
``replay.rules.rulesets`` holds the table of variants and loads a game's ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from replay.model.pickling import by_fields
from replay.rules.bela import BelaRules
from replay.rules.declarations import DeclarationPolicy, DeclCamps
from replay.rules.exchange import ExchangeKind
from replay.rules.legality import PlayDuties
from replay.rules.policies import AuctionRules, Scoring, ScoringOptions, Units


class EndRule(StrEnum):
    """Who wins the game after a deal."""

    #: the side at or over the target, the higher total if several (docs/bgn/replay.md §12)
    TARGET = "target"
    #: of several over the target, the one who took the last trick (ru3-28)
    LAST_TRICK = "last-trick"


@dataclass(frozen=True, slots=True)
class Ruleset:
    variant: str
    players: int
    #: side index of each seat; index 0 unused (seats are 1..n)
    side_of: tuple[int, ...]
    sides: int
    hand_size: int
    #: cards a seat holds while bidding (the first delivery)
    pre_bid: int
    target: int
    #: the auction model and its parameters (replay/rules/bidding.py)
    auction: AuctionRules
    duties: PlayDuties
    declarations: DeclarationPolicy
    bela: BelaRules
    #: a side that takes no trick loses its declarations (yu4-19, mk4-23)
    decl_needs_trick: bool
    capot_bonus: int
    last_trick_bonus: int
    #: a play violation ends the deal and the other side scores this (mk4-22); 0 = no penalty
    breach_penalty: int
    #: the game ends at the first trick that brings a side to the target (mk4-26)
    auto_end: bool
    #: ``claim game`` mid-deal is a rule of the variant (yu4-43; docs/bgn/report.md)
    claim_game: bool
    #: the resolved house-rule switches (for reports and the docs; never read below
    #: the builders)
    switches: dict[str, str] = field(default_factory=dict)
    #: what the sheet's numbers are (bg4-42: match points)
    units: Units = Units.RAW
    #: the deal's scoring rule, by name (replay/rules/scoring.py)
    scoring: Scoring = Scoring.RAW_PARTNERSHIP
    #: the scoring rule's house rules
    score_options: ScoringOptions = ScoringOptions()
    #: no game ends on a capot (valat) deal or a deal where all passed (bg4-47, §9.12)
    no_end_on_capot: bool = False
    #: the taker receives the turned card (fr4-05, fr4 convention 1 (docs/rules/fr4.md))
    turn_to_taker: bool = False
    #: the cards in play (bg3, bg2: 24 cards, 9 to A)
    deck: int = (1 << 32) - 1
    #: cards the caller holds beyond ``hand_size`` before his exchange (yu3: 12 = 10 + 2)
    caller_extra: int = 0
    #: the exchange phase (replay/rules/exchange.py)
    exchange: ExchangeKind = ExchangeKind.NONE
    #: who contests the declarations
    decl_camps: DeclCamps = DeclCamps.SIDES
    #: cards stay out of play, so a deal needs ``hands`` (docs/bgn/game.md#deals)
    hands_required: bool = False
    #: who wins the game after a deal
    end_rule: EndRule = EndRule.TARGET
    #: ``claim game`` only right after a trick the claimer won, not the last (ru3-27)
    claim_after_own_trick: bool = False
    #: the capot bonus is part of the last trick's card points (contree §1: 100)
    capot_in_last_trick: bool = False
    #: No trumps doubles every point, the combinations too (ru-pair-06)
    nt_doubles_declarations: bool = False
    #: the declarations that count are shown to every seat before the first trick
    #: (yu4-18, mk4-16); elsewhere their cards stay unknown during the play (A48)
    declarations_shown: bool = False

    @property
    def tricks(self) -> int:
        return self.hand_size


#: a variant's builder: the resolved switches and the target to its ruleset
Builder = Callable[[Mapping[str, str], int], Ruleset]


@dataclass(frozen=True, slots=True)
class Variant:
    """One variant id's entry in the table of ``replay.rules.rulesets``: its builder and
    the house-rule switches its ``Rules`` tag may set (docs/rules/)."""

    build: Builder
    #: switch -> allowed values, the default first
    switches: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: profile -> the switch values it sets (bg4: o, q1, q2)
    profiles: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: the profile whose values are the defaults (A27: bg3 and bg2 inherit bg4-q2)
    default_profile: str | None = None
    #: conventions the rule book names without defining them: refused, not guessed
    undefined: Mapping[str, str] = field(default_factory=dict)
    #: the target of simulated records where the rules give none (a Target tag is
    #: then required); not a rule, a choice for generated samples
    sample_target: int | None = None


class RulesetError(ValueError):
    """A ``Variant``, ``Target`` or ``Rules`` tag the engine cannot honour (P102)."""

    def __init__(self, message: str, tag: str) -> None:
        super().__init__(message)
        self.tag = tag


def partnership_sides(players: int = 4) -> tuple[int, ...]:
    """Side A (0) = seats 1 and 3, side B (1) = seats 2 and 4 (docs/bgn/index.md)."""
    return (0,) + tuple((s - 1) % 2 for s in range(1, players + 1))


def individual_sides(players: int) -> tuple[int, ...]:
    """Everyone for himself: the side of seat s is s - 1."""
    return (0,) + tuple(range(players))


by_fields(Ruleset, Variant)  # compiled by mypyc, frozen classes pickle this way
