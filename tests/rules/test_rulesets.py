"""The table of variants: typed policies, switches resolved in the builders only,
the same answers in a fresh interpreter, and the reader's table of variant shapes
in step with the rulesets."""

from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from replay.model.variants import TABLES
from replay.rules.bela import BelaRules
from replay.rules.declarations import Contest, DeclCamps, TieBreak
from replay.rules.exchange import ExchangeKind
from replay.rules.figures import hungarian_scoring
from replay.rules.policies import Annul, Auction, AuctionRules, Scoring, Units
from replay.rules.ruleset import EndRule, RulesetError
from replay.rules.rulesets import SWITCHES, UNSUPPORTED, VARIANTS, load_ruleset, parse_rules_tag
from replay.rules.scoring import RULES, contree

ROOT = Path(__file__).resolve().parents[2]


def ruleset(variant: str, rules: str | None = None):
    """A variant's ruleset; variants with no default target get 1001."""
    target = None if TABLES[variant].default_target is not None else "1001"
    return load_ruleset(variant, rules, target)


def test_parse_rules_tag_answers_the_same_in_a_fresh_interpreter():
    """No registry filled by imports: the first call in a new process knows every
    variant's switches."""
    code = ("import json; from replay.rules.rulesets import parse_rules_tag; "
            "print(json.dumps([parse_rules_tag('yu4', 'iber-partner=off'), "
            "parse_rules_tag('bg3', 'underruff=off')]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    yu4 = {"iber-partner": "off", "carre-tens": "on"}
    assert json.loads(out)[0] == yu4 == parse_rules_tag("yu4", "iber-partner=off")
    bg3 = json.loads(out)[1]
    assert bg3 == parse_rules_tag("bg3", "underruff=off")
    assert (bg3["profile"], bg3["underruff"], bg3["card-reuse"]) == ("q2", "off", "on")


def test_the_engine_loads_a_ruleset_in_a_fresh_interpreter():
    code = ("from replay.engine.walk import replay_game; from replay.rules.rulesets import load_ruleset; "
            "print(load_ruleset('yu4', 'iber-partner=off').duties.overruff_over_partner)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.strip() == "False"


def test_unknown_switches_and_values_are_p102_errors():
    with pytest.raises(RulesetError, match=r"unknown house-rule switch 'iber' for yu4 "
                                           r"\(known: carre-tens, iber-partner\)"):
        parse_rules_tag("yu4", "iber=off")
    with pytest.raises(RulesetError, match="switch 'iber-partner' takes on or off, not 'of'"):
        parse_rules_tag("yu4", "iber-partner=of")
    with pytest.raises(RulesetError, match=r"mk4 has no switches"):
        parse_rules_tag("mk4", "kirtik=on")
    with pytest.raises(RulesetError, match="«Марс»"):
        parse_rules_tag("ru-pair", "mars=on")
    with pytest.raises(RulesetError, match="unknown or unsupported variant 'yu5'"):
        load_ruleset("yu5")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_policy_is_typed(variant):
    """Policies are enum members or records, never bare strings (a typo fails)."""
    rs = ruleset(variant)
    assert type(rs.auction) is AuctionRules and type(rs.auction.model) is Auction
    assert type(rs.auction.annul) is Annul
    assert type(rs.bela) is BelaRules
    assert type(rs.exchange) is ExchangeKind
    assert type(rs.units) is Units
    assert type(rs.decl_camps) is DeclCamps
    assert type(rs.end_rule) is EndRule
    assert type(rs.declarations.contest) is Contest
    assert all(type(step) is TieBreak for step in rs.declarations.ties)
    assert type(rs.scoring) is Scoring
    with pytest.raises(ValueError):
        Auction("lader")


@pytest.mark.rule("yu4-39", "mk4-24", "fr4-07", "ru-pair-06", "bg4-41", "A27", "yu3-07", "ru3-23",
                  "hu3-16")
def test_each_variant_scores_by_its_rule():
    """The scoring rule is a name looked up in ``replay.rules.scoring.RULES``, one
    entry per name: yu4-39, mk4-24, fr4-07, ru-pair-06 raw points; bg4-41 and bg2
    match points, bg3 the caller against the others (A27); yu3-07 soloist raw;
    ru3-23 the contractor's split; contrée's points bid (contree convention 6);
    hu3-16 game points."""
    assert set(RULES) == set(Scoring)
    assert {v: ruleset(v).scoring for v in sorted(VARIANTS)} == {
        "bg2": Scoring.MATCH_POINTS, "bg3": Scoring.MATCH_POINTS_SOLO,
        "bg4": Scoring.MATCH_POINTS, "contree": Scoring.CONTREE,
        "fr4": Scoring.RAW_PARTNERSHIP, "hu2": Scoring.HUNGARIAN, "hu3": Scoring.HUNGARIAN,
        "mk4": Scoring.RAW_PARTNERSHIP, "ru-pair": Scoring.RAW_PARTNERSHIP,
        "ru3": Scoring.CONTRACTOR_SPLIT, "yu3": Scoring.SOLOIST_RAW,
        "yu4": Scoring.RAW_PARTNERSHIP}
    assert RULES[Scoring.CONTREE] is contree and RULES[Scoring.HUNGARIAN] is hungarian_scoring

def _without_switches(rs):
    return dataclasses.replace(rs, switches={})


#: switches accepted (records may carry them) that change nothing: bg4-10's double
#: levels replay alike; bg3 and bg2 deal by their own rows (bg3-03, bg2-02), not
#: by bg4's packets
INERT = {("bg4", "double-levels"), ("bg3", "double-levels"), ("bg2", "double-levels"),
         ("bg3", "deal-packets"), ("bg2", "deal-packets")}


@pytest.mark.parametrize("variant", sorted(SWITCHES))
def test_every_switch_value_changes_the_ruleset(variant):
    """Each switch is resolved into the ruleset's fields by the builder: setting any
    value other than the default gives a different ruleset, except the few INERT."""
    for name, values in SWITCHES[variant].items():
        if name == "profile" or (variant, name) in INERT:
            continue
        base = _without_switches(ruleset(variant, f"{name}={values[0]}"))
        for value in values[1:]:
            other = _without_switches(ruleset(variant, f"{name}={value}"))
            assert other != base, (variant, name, value)
    for v, name in INERT:
        if v == variant:
            values = SWITCHES[variant][name]
            first, *rest = [_without_switches(ruleset(variant, f"{name}={value}"))
                            for value in values]
            assert all(r == first for r in rest), (variant, name)


@pytest.mark.rule("A27")
def test_profiles_set_their_switches():
    q1 = ruleset("bg4", "profile=q1")
    assert (q1.duties.overbeat_trump_over_partner, q1.duties.ruff_when_partner_wins,
            q1.duties.underruff, q1.score_options.valat_doubled_in_nt,
            q1.score_options.valat_under_contra, q1.declarations.run_values[5]) == (
        False, True, True, True, False, 120)
    # bg3 and bg2 take q2 by default (A27); an explicit profile overrides it
    assert ruleset("bg3").declarations.run_and_carre_share is True
    assert ruleset("bg3", "profile=o").declarations.run_and_carre_share is False


def test_the_readers_table_matches_the_rulesets():
    """replay/model/variants.py (what the reader knows of a variant's shape) and the
    rulesets say the same: seats, sides, targets, turned card, talon, figures."""
    assert set(TABLES) == set(VARIANTS) | set(UNSUPPORTED)
    assert not set(VARIANTS) & set(UNSUPPORTED)
    for variant, facts in TABLES.items():
        if variant in UNSUPPORTED:
            with pytest.raises(RulesetError):
                load_ruleset(variant, None, "1001")
            continue
        rs = ruleset(variant)
        assert rs.players == facts.players, variant
        assert facts.partnership == (rs.sides == 2 and rs.players == 4), variant
        assert facts.figures == (rs.auction.model is Auction.HUNGARIAN), variant
        assert facts.turn == (rs.auction.model in (Auction.TURNED, Auction.HUNGARIAN)), variant
        # a talon: cards left undealt, so a deal's hands are needed to replay it
        assert not facts.talon or rs.hands_required, variant
        dealt = rs.players * rs.hand_size + rs.caller_extra + (1 if facts.turn else 0)
        assert facts.talon == (dealt < rs.deck.bit_count()), variant
        if facts.default_target is None:
            with pytest.raises(RulesetError, match="a \\[Target\\] tag is required"):
                load_ruleset(variant)
            assert VARIANTS[variant].sample_target is not None, variant
        else:
            assert load_ruleset(variant).target == facts.default_target, variant


BELOW_THE_BUILDERS = sorted(p for p in (ROOT / "replay").rglob("*.py")
                            if (ROOT / "replay" / "rules" / "rulesets") not in p.parents)


@pytest.mark.parametrize("path", BELOW_THE_BUILDERS,
                         ids=lambda p: p.relative_to(ROOT / "replay").as_posix())
def test_no_switch_or_variant_name_read_below_the_builders(path):
    """House-rule switches are read by name only in replay/rules/rulesets/; generic code
    never asks which variant it runs (``rs.variant == "ru-pair"``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "switches":
            assert isinstance(node.ctx, ast.Store) or path.name == "ruleset.py", (
                f"{path.name}:{node.lineno} reads the switches")
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            asks = any(isinstance(s, ast.Attribute) and s.attr == "variant"
                       or isinstance(s, ast.Name) and s.id == "variant" for s in sides)
            named = any(isinstance(s, ast.Constant | ast.Tuple | ast.List | ast.Set)
                        for s in sides)
            assert not (asks and named), f"{path.name}:{node.lineno} names a variant"
