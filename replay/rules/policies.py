"""The auction's and the scoring's policies: plain records a ``Ruleset`` holds.

The auction (``replay.rules.bidding``) and the deal's scoring (``replay.rules.scoring``) read
the whole ruleset, so the records and enums that choose their behaviour stand
here, below ``replay.rules.ruleset``: the ruleset imports them, the rules modules
import the ruleset, and nothing imports back up.  The scoring rule is chosen
by name (``Scoring``), as the auction model is (``Auction``); each module holds
the table from a name to its function (``replay.rules.scoring.RULES``,
``replay.rules.bidding.MODELS``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from replay.model.pickling import by_fields


class Auction(StrEnum):
    """The auction models (docs/rules/): which ``Model`` walks the calls."""

    #: one round; the first suit named is trump (yu4-11/12, mk4-06)
    NAME_SUIT = "name-suit"
    #: the seat after the dealer must name trump (yu3-04)
    FORCED_FIRST = "forced-first"
    #: climbing contracts with contra and recontra (bg4-08 … bg4-13)
    LADDER = "ladder"
    #: take the turned suit, then name another (fr4-03/04, ru3-07, ru-pair-04)
    TURNED = "turned"
    #: contrée's point bids with coinche and surcoinche (contree convention 3 (docs/rules/contree.md))
    POINTS = "points"
    #: take, then a climbing round 2, then kontra and rekontra (hu3-06 … hu3-08)
    HUNGARIAN = "hungarian"


class Annul(StrEnum):
    """bg4-13 (switch forced-dealer-annul): may a forced dealer annul the deal?"""

    NEVER = "off"
    #: only with at most 7 points in his first delivery
    WEAK = "7"
    ANY = "any"


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """A variant's auction: the model and its few parameters."""

    model: Auction
    #: the dealer must call when everyone before him passed (mk4-06, bg4-13); in a
    #: turned-card auction he takes the turned suit after all passes (ru-pair-04)
    forced_dealer: bool = False
    #: the forced dealer may annul the deal instead of calling (bg4-13)
    annul: Annul = Annul.NEVER
    #: contracts named in round 2 beside the suits (ru-pair-05: NT and AT)
    round2_extra: tuple[str, ...] = ()
    #: the auction reads the dealer's points (bg4-13: a weak hand may annul); derived
    weighs_dealer_hand: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "weighs_dealer_hand", self.annul is Annul.WEAK)


class Units(StrEnum):
    """What the numbers on a variant's score sheet are."""

    #: raw card and declaration points (yu4, mk4, fr4, contrée, ru3, yu3)
    RAW = "raw"
    #: match points, raw ÷ 10 with the limit-digit rounding (bg4-42)
    MP = "mp"
    #: Hungarian game points (hu3-16)
    GP = "gp"


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    """House rules of the scoring rules, resolved from the variant's switches."""

    #: ru3-23 (switch split-rounding=down): a failed contractor's half is rounded down
    split_rounds_down: bool = False
    #: bg4-19, bg4-40 (switch valat-x-nt): the valat bonus is doubled in No trumps
    valat_doubled_in_nt: bool = False
    #: bg4-40 (switch valat-x-contra): the valat bonus is multiplied with contra/recontra
    valat_under_contra: bool = True
    #: bg4-48 (switch kirtik): −10 MP for a failed contract
    kirtik: bool = False


class Scoring(StrEnum):
    """A variant's scoring rule for one deal (``replay.rules.scoring.RULES``)."""

    #: raw points, the callers need strictly more (yu4-39 … yu4-42, mk4-24/25, fr4-07)
    RAW_PARTNERSHIP = "raw-partnership"
    #: every seat its own points, the soloist against the two defenders (yu3-07, yu3-13)
    SOLOIST_RAW = "soloist-raw"
    #: a failed contractor's points split between the others (ru3-23 … ru3-26)
    CONTRACTOR_SPLIT = "contractor-split"
    #: bg4's match points (bg4-41 … bg4-46)
    MATCH_POINTS = "match-points"
    #: bg3's match points, the caller against the other players combined (A27)
    MATCH_POINTS_SOLO = "match-points-solo"
    #: points made + points bid (contree convention 6 (docs/rules/contree.md))
    CONTREE = "contree"
    #: Hungarian game points with the figures (hu3-16 … hu3-20)
    HUNGARIAN = "hungarian"


# compiled by mypyc, frozen classes pickle this way
by_fields(AuctionRules, ScoringOptions)
