"""The table of variants and the loading of a game's ruleset.

``VARIANTS`` lists every variant id the engine replays, with its builder and
house-rule switches (like python-chess's ``VARIANTS``): an explicit table, so
every function here answers the same whatever was imported before.  Each
family module (``bulgarian``, ``french``, ...) builds its rulesets and cites
the rule row (docs/rules/) of every value.
"""

from __future__ import annotations

from collections.abc import Mapping

from replay.model.variants import TABLES, rules_switches
from replay.rules.ruleset import Ruleset, RulesetError, Variant
from replay.rules.rulesets import bulgarian, french, hungarian, macedonian, russian, yugoslav

#: variant id -> its entry: builder, switches, profiles
VARIANTS: dict[str, Variant] = {
    "yu4": yugoslav.YU4,
    "yu3": yugoslav.YU3,
    "mk4": macedonian.MK4,
    "bg4": bulgarian.BG4,
    "bg3": bulgarian.BG3,
    "bg2": bulgarian.BG2,
    "fr4": french.FR4,
    "contree": french.CONTREE,
    "ru3": russian.RU3,
    "ru-pair": russian.RU_PAIR,
    "hu3": hungarian.HU3,
    "hu2": hungarian.HU2,
}

#: variant id -> {switch: allowed values, default first} (docs/rules/)
SWITCHES: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    name: entry.switches for name, entry in VARIANTS.items()}

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
    entry = VARIANTS.get(variant)
    allowed = entry.switches if entry is not None else {}
    undefined = entry.undefined if entry is not None else {}
    resolved = {name: values[0] for name, values in allowed.items()}
    explicit: dict[str, str] = {}
    for name, value, eq in rules_switches(text):
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
    profile = explicit.get("profile", entry.default_profile if entry is not None else None)
    if entry is not None and profile:
        resolved.update(entry.profiles.get(profile, {}))
        if "profile" in resolved:
            resolved["profile"] = profile
    resolved.update(explicit)
    return resolved


#: rulesets built so far, by their three tags (a ruleset is frozen: games share it)
_LOADED: dict[tuple[str | None, str | None, str | None], Ruleset] = {}


def load_ruleset(variant: str | None, rules: str | None = None,
                 target: str | None = None) -> Ruleset:
    """The ruleset for a game's ``Variant``, ``Rules`` and ``Target`` tags, or RulesetError."""
    key = (variant, rules, target)
    rs = _LOADED.get(key)
    if rs is None:
        rs = _build_ruleset(variant, rules, target)
        if len(_LOADED) < 1024:
            _LOADED[key] = rs
    return rs


def _build_ruleset(variant: str | None, rules: str | None, target: str | None) -> Ruleset:
    if not variant:
        raise RulesetError("missing [Variant] tag: the ruleset is required (e.g. [Variant \"yu4\"])",
                           "Variant")
    if variant in UNSUPPORTED:
        raise RulesetError(UNSUPPORTED[variant], "Variant")
    entry = VARIANTS.get(variant)
    if entry is None:
        known = ", ".join(sorted(VARIANTS))
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
        facts = TABLES.get(variant)
        default = facts.default_target if facts is not None else None
        if default is None:
            raise RulesetError(f"{variant} has no documented default target: a [Target] tag is "
                               "required", "Target")
        goal = default
    return entry.build(switches, goal)
