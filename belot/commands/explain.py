"""``belot explain``: the reference entry for a code, a rule or a variant."""

from __future__ import annotations

import argparse
import sys

DESCRIPTION = """\
Print the reference entry for TOPIC, the same text as the documentation site:
  a violation code     what it means, the rules it enforces, a record that triggers it
                       and the exact report line (docs/codes.md)
  a rule id            the rule as the engine reads it and the rule-book lines that
                       state it, as cited in replay/rules/rulesets/ (docs/rules/<variant>.md);
                       or a reading, C1 A27 T02 (docs/rules/readings.md)
  a variant id         its house-rule switches with defaults, profiles, conventions
                       and every rule (docs/rules/<variant>.md)
Exit status 2 when TOPIC is unknown (with the closest topics) and on any other
usage error (belot --help).
"""

EPILOG = """\
examples:
  belot explain C403           what C403 means and a record that triggers it
  belot explain bg4-46         the bg4 rounding rule
  belot explain bg4            bg4's page: switches, profiles, rules
  belot explain --list         every topic, one per line
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("explain", help="explain a violation code, a rule id or a variant",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("topic", nargs="?", metavar="TOPIC", help="C403, bg4-46, bg4, ...")
    p.add_argument("--list", action="store_true", help="list every topic with its title")
    p.set_defaults(func=run)


def topics() -> dict[str, str]:
    """Every topic -> its one-line title."""
    from belot.reference.codes import CODES
    from belot.reference.rows import READINGS, ROWS
    from belot.reference.variants import VARIANTS

    out = {c.code: c.title for c in CODES}
    out.update((v, name) for v, (name, _) in VARIANTS.items())
    out.update((r.id, r.title) for r in ROWS + READINGS)
    return out


def explain(topic: str) -> str | None:
    """The entry for a topic (case-insensitive), or None."""
    from belot.reference import pages
    from belot.reference.codes import BY_CODE
    from belot.reference.rows import BY_ID
    from belot.reference.variants import VARIANTS

    key = topic.strip()
    if key.upper() in BY_CODE:
        return pages.code_entry(key.upper())
    for form in (key.lower(), key.upper()):
        if form in BY_ID:
            return pages.rule_entry(form, heading="#")
    if key.lower() in VARIANTS:
        return pages.variant_page(key.lower()).removeprefix(pages.GENERATED)
    return None


def run(args: argparse.Namespace) -> int:
    import difflib

    from belot.exits import Exit

    if args.list:
        for name, title in topics().items():
            print(f"{name:<12} {title}")
        return 0
    if not args.topic:
        print("belot explain: give a TOPIC (e.g. C403, bg4-46, bg4) or --list", file=sys.stderr)
        return 2
    text = explain(args.topic)
    if text is None:
        names = list(topics())
        # a mistyped code is closest to codes, a mistyped rule id to rule ids
        alike = [n for n in names if len(n) == len(args.topic)]
        near = (difflib.get_close_matches(args.topic, alike, n=5, cutoff=0.5)
                or difflib.get_close_matches(args.topic, names, n=5, cutoff=0.5))
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        print(f"belot explain: no topic '{args.topic}'{hint} ('belot explain --list' shows "
              "every topic)", file=sys.stderr)
        return Exit.NOT_CHECKED
    sys.stdout.write(text)
    return 0
