"""The play duties have the shape the seat views rely on: a card is illegal from a
hand exactly when some single other card of that hand makes it illegal.  Then the
cards ``duty_witnesses`` finds (those ``x`` for which ``judge`` refuses the card
from ``{card, x}``) say everything a legal card tells about the rest of the hand:
it was legal from the hand exactly when the hand held none of them."""

from __future__ import annotations

import random

import pytest
from support.positions import engine_kind, mask, rules_text, seeded_positions

from replay.model.cards import CARD_INDEX, CONTRACT_TABLES
from replay.rules.legality import judge
from replay.rules.rulesets import load_ruleset
from replay.singledummy.knowledge import duty_witnesses


@pytest.mark.rule("yu4-31", "yu4-33", "yu4-34", "yu4-35", "yu4-36", "bg4-22", "bg4-27",
                  "mk4-19", "mk4-20", "mk4-21")
def test_a_card_is_legal_exactly_when_the_hand_holds_none_of_its_witnesses():
    """Every variant, contract kind and switch value, on seeded random positions."""
    rng = random.Random(31)
    checked = refused = 0
    for variant, contract, switches, hand, trick, seats, seat in seeded_positions(rng, 40):
        rs = load_ruleset(variant, rules_text(switches), "1001")
        ct = CONTRACT_TABLES[engine_kind(contract)]
        held = mask(hand)
        ints = [CARD_INDEX[c] for c in trick]
        for text in hand:
            c = CARD_INDEX[text]
            breach = judge(held, c, ints, seats, seat, ct, rs.duties, rs.side_of)[1]
            witnesses = duty_witnesses(c, ints, seats, seat, ct, rs)
            assert (breach is None) == (held & witnesses == 0), (
                variant, contract, switches, hand, trick, seats, seat, text)
            checked += 1
            refused += breach is not None
    assert checked > 20_000 and refused > 2_000, (checked, refused)
