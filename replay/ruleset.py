"""A variant as data: the ``Ruleset`` the engine walks every record through.

One engine, many rulesets (the pokerkit way): a ruleset is parameters plus a
few small policies (play duties, declaration contest, scoring rule).  Each
family of variants builds its rulesets in ``replay/rulesets/`` and cites the
rule row (docs/rules/) of every value.  House-rule switches (the BGN ``Rules``
tag, docs/rules/) are parsed here, once, for every family.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from replay.declarations import DeclarationPolicy
from replay.legality import PlayDuties
from replay.scoring import DealScore, Tally, raw_partnership


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
    #: auction model: "name-suit" (one round; the first suit named is trump)
    auction: str
    #: the dealer must call when everyone before him passed (mk4-06)
    forced_dealer: bool
    duties: PlayDuties
    declarations: DeclarationPolicy
    #: the bela's 20 counts from its first card (yu3) or its second (yu4-28)
    bela_credit_at_first: bool
    #: a side that takes no trick loses its bela (yu4-29, mk4-23)
    bela_needs_trick: bool
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
    #: the resolved house-rule switches (for reports and the docs)
    switches: dict[str, str] = field(default_factory=dict)
    #: "raw" points or "mp" match points (bg4-42)
    units: str = "raw"
    #: the deal's scoring rule (replay/scoring.py)
    scoring: Callable[[Ruleset, Tally, int], DealScore] = raw_partnership
    #: belote is counted for a seat dealt K and Q of trump, announced or not (contree §5)
    bela_auto: bool = False
    #: belote only on a lead, a follow or a ruff: not on a discard (bg4-38)
    bela_not_on_discard: bool = False
    #: no game ends on a capot (valat) deal or a deal where all passed (bg4-47, §9.12)
    no_end_on_capot: bool = False
    #: the taker receives the turned card (fr4-05, fr4 convention 1 (docs/rules/fr4.md))
    turn_to_taker: bool = False
    #: the cards in play (bg3, bg2: 24 cards, 9 to A)
    deck: int = (1 << 32) - 1
    #: cards the caller holds beyond ``hand_size`` before his exchange (yu3: 12 = 10 + 2)
    caller_extra: int = 0
    #: the exchange phase: "none", "discard" (yu3), "seven-swap" (ru3), "hungarian" (hu)
    exchange: str = "none"
    #: the declaration contest's camps: "sides", or "soloist" (the soloist against the
    #: better of the defenders, yu3-08, hu3-11)
    decl_camps: str = "sides"
    #: bela on either card of the pair, while the seat still holds one (ru3-19)
    bela_either_card: bool = False
    #: cards stay out of play, so a deal needs ``hands`` (docs/bgn/game.md#deals)
    hands_required: bool = False
    #: game end after a deal: "target" (docs/bgn/replay.md §12) or "last-trick" (ru3-28)
    end_rule: str = "target"
    #: ``claim game`` only right after a trick the claimer won, not the last (ru3-27)
    claim_after_own_trick: bool = False
    #: the capot bonus is part of the last trick's card points (contree §1: 100)
    capot_in_last_trick: bool = False
    #: No trumps doubles every point, the combinations too (ru-pair-06)
    nt_doubles_declarations: bool = False

    @property
    def tricks(self) -> int:
        return self.hand_size


#: variant id -> {switch: allowed values, default first} (docs/rules/)
SWITCHES: dict[str, dict[str, tuple[str, ...]]] = {}
#: variant id -> builder taking the resolved switches and the target
BUILDERS: dict[str, Callable[[dict[str, str], int], Ruleset]] = {}


def register(variant: str, switches: dict[str, tuple[str, ...]]):
    """Decorator: a family module registers the builder of one variant id."""

    def wrap(fn: Callable[[dict[str, str], int], Ruleset]):
        SWITCHES[variant] = switches
        BUILDERS[variant] = fn
        return fn

    return wrap


class RulesetError(ValueError):
    """A ``Variant``, ``Target`` or ``Rules`` tag the engine cannot honour (P102)."""

    def __init__(self, message: str, tag: str) -> None:
        super().__init__(message)
        self.tag = tag


#: variants the rule books name but whose rules the books do not give (docs/bgn/report.md)
UNSUPPORTED = {
    "hu4": "hu4 (Hungarian Belot for 4, dealer sits out) is mentioned by the rule book "
    "but not described; it is not supported",
    "mk2": "mk2: the Macedonian rule book gives only the target (501) for two players, "
    "not the deal, the bidding or the hand size (mk2-03, A44: docs/rules/index.md)",
    "mk3": "mk3: the Macedonian rule book gives only the target (701) for three players, "
    "not the deal, the bidding, the hand size or the soloist's rules (mk3-02, A44: docs/rules/index.md)",
}


def parse_rules_tag(variant: str, text: str | None) -> dict[str, str]:
    """Resolve the ``Rules`` tag: defaults, then ``profile``, then explicit switches.

    Spaces around ``,`` and ``=`` are trimmed; the last duplicate wins; an
    unknown switch or value raises RulesetError (P102, docs/bgn/reading.md Tags).
    """
    allowed = SWITCHES.get(variant, {})
    resolved = {name: values[0] for name, values in allowed.items()}
    explicit: dict[str, str] = {}
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        name, eq, value = part.partition("=")
        name, value = name.strip(), value.strip()
        undefined = UNDEFINED_CONVENTIONS.get(variant, {})
        if name in undefined:
            raise RulesetError(f"{variant}: the convention '{name}' ({undefined[name]}) is named "
                               "by the rule book but never defined, so it cannot be replayed "
                               "(ru-pair-13, A19: docs/rules/ru-pair.md)", "Rules")
        if name not in allowed:
            raise RulesetError(f"unknown house-rule switch '{name}' for {variant}"
                               + (f" (known: {', '.join(sorted(allowed))})" if allowed else
                                  f" ({variant} has no switches)"), "Rules")
        if not eq or value not in allowed[name]:
            raise RulesetError(f"switch '{name}' takes {' or '.join(allowed[name])}, not '{value}'",
                               "Rules")
        explicit[name] = value
    profile = explicit.get("profile", DEFAULT_PROFILE.get(variant))
    if profile:
        resolved.update(PROFILES.get(variant, PROFILES.get("bg4", {})).get(profile, {}))
        if "profile" in resolved:
            resolved["profile"] = profile
    resolved.update(explicit)
    return resolved


#: variant -> profile -> switch defaults it sets (bg4 profiles; filled by that family)
PROFILES: dict[str, dict[str, dict[str, str]]] = {}
#: conventions a rule book names without defining them (filled by the families)
UNDEFINED_CONVENTIONS: dict[str, dict[str, str]] = {}
#: variants whose defaults are a profile's (A27: bg3 and bg2 inherit bg4-q2)
DEFAULT_PROFILE: dict[str, str] = {"bg3": "q2", "bg2": "q2"}


#: rulesets built so far, by their three tags (a ruleset is frozen: games share it)
_LOADED: dict[tuple[str | None, str | None, str | None], Ruleset] = {}


def load_ruleset(variant: str | None, rules: str | None = None, target: str | None = None) -> Ruleset:
    """The ruleset for a game's ``Variant``, ``Rules`` and ``Target`` tags, or RulesetError."""
    key = (variant, rules, target)
    rs = _LOADED.get(key)
    if rs is None:
        rs = _build_ruleset(variant, rules, target)
        if len(_LOADED) < 1024:
            _LOADED[key] = rs
    return rs


def _build_ruleset(variant: str | None, rules: str | None, target: str | None) -> Ruleset:
    from replay import rulesets  # noqa: F401  (registers the families)
    from replay.variants import TABLES

    if not variant:
        raise RulesetError("missing [Variant] tag: the ruleset is required (e.g. [Variant \"yu4\"])",
                           "Variant")
    if variant in UNSUPPORTED:
        raise RulesetError(UNSUPPORTED[variant], "Variant")
    if variant not in BUILDERS:
        known = ", ".join(sorted(BUILDERS))
        raise RulesetError(f"unknown or unsupported variant '{variant}' (supported: {known})",
                           "Variant")
    switches = parse_rules_tag(variant, rules)
    if target is not None and target.strip():
        t = target.strip()
        if not t.isdigit() or int(t) <= 0:
            raise RulesetError(f"[Target] must be a positive whole number of points, not '{t}'",
                               "Target")
        goal = int(t)
    else:
        goal = TABLES[variant].default_target if variant in TABLES else None
        if goal is None:
            raise RulesetError(f"{variant} has no documented default target: a [Target] tag is "
                               "required", "Target")
    return BUILDERS[variant](switches, goal)


def partnership_sides(players: int = 4) -> tuple[int, ...]:
    """Side A (0) = seats 1 and 3, side B (1) = seats 2 and 4 (docs/bgn/index.md)."""
    return (0,) + tuple((s - 1) % 2 for s in range(1, players + 1))


def individual_sides(players: int) -> tuple[int, ...]:
    """Everyone for himself: the side of seat s is s - 1."""
    return (0,) + tuple(range(players))
