"""Positions in a trick, for the play-duty tests: random ones of every variant, contract
kind and switch value (``positions``, ``position``), and the engine's legal set and code
for a hand-written one (``legal``, ``code``).  A contract is ``("suit", "H")``,
``("nt", None)``, ``("at", None)`` or ``("betl", None)``."""

from __future__ import annotations

from hypothesis import strategies as st

from replay.model.cards import (
    ALL_TRUMPS,
    CARD_INDEX,
    CARD_TEXT,
    CONTRACT_TABLES,
    NO_TRUMPS,
    SUITS,
    cards_in,
)
from replay.rules.legality import judge
from replay.rules.rulesets import SWITCHES, load_ruleset

PLAYERS = {"yu4": 4, "mk4": 4, "bg4": 4, "fr4": 4, "contree": 4, "ru-pair": 4,
           "yu3": 3, "ru3": 3, "bg3": 3, "hu3": 3, "bg2": 2, "hu2": 2}
SUIT_CONTRACTS = [("suit", s) for s in SUITS]
CONTRACTS = {
    **{v: SUIT_CONTRACTS for v in ("yu4", "yu3", "mk4", "ru3", "fr4", "contree")},
    **{v: SUIT_CONTRACTS + [("nt", None), ("at", None)] for v in ("bg4", "bg3", "bg2",
                                                                    "ru-pair")},
    **{v: SUIT_CONTRACTS + [("nt", None), ("betl", None)] for v in ("hu3", "hu2")},
}
FULL_DECK = [r + s for s in SUITS for r in "789TJQKA"]
SHORT_DECK = [r + s for s in SUITS for r in "9TJQKA"]  # bg3, bg2: 24 cards


def deck_of(variant: str) -> list[str]:
    return SHORT_DECK if variant in ("bg3", "bg2") else FULL_DECK


def engine_kind(contract: tuple) -> int:
    kind, trump = contract
    if kind == "suit":
        return SUITS.index(trump)
    return ALL_TRUMPS if kind == "at" else NO_TRUMPS  # Betl is played as No trumps


def rules_text(switches: dict[str, str]) -> str | None:
    return ",".join(f"{k}={v}" for k, v in switches.items()) or None


def mask(cards: list[str]) -> int:
    return sum(1 << CARD_INDEX[c] for c in cards)


def switch_choices(variant: str, draw_value) -> dict[str, str]:
    """Each switch left out (its default or profile's value) or set to one of its values."""
    out = {}
    for name, values in SWITCHES[variant].items():
        value = draw_value([None, *values])
        if value is not None:
            out[name] = value
    return out


def position(rng_choice, rng_int, variant: str, deck: list[str]):
    """A hand for the seat to play and the trick so far, from shuffled ``deck``."""
    n = PLAYERS[variant]
    place = rng_int(0, n - 1)
    leader = rng_int(1, n)
    trick = deck[:place]
    seats = [(leader - 1 + i) % n + 1 for i in range(place)]
    seat = (leader - 1 + place) % n + 1
    rest = deck[place:]
    if trick and rng_choice([False, True]):  # void in the led suit: the ruffing duties
        rest = [c for c in rest if c[1] != trick[0][1]]
    hand = rest[:rng_int(1, 8)]
    return hand, trick, seats, seat


def seeded_positions(rng, per: int):
    """The seeded sweep: for every variant, contract kind and single switch value,
    ``per`` random positions as (variant, contract, switches, hand, trick, seats, seat)."""
    for variant in sorted(PLAYERS):
        settings = [{}] + [{name: value} for name, values in SWITCHES[variant].items()
                           for value in values]
        for contract in CONTRACTS[variant]:
            for switches in settings:
                for _ in range(per):
                    deck = deck_of(variant)[:]
                    rng.shuffle(deck)
                    yield (variant, contract, switches,
                           *position(rng.choice, rng.randint, variant, deck))


@st.composite
def positions(draw):
    variant = draw(st.sampled_from(sorted(PLAYERS)))
    contract = draw(st.sampled_from(CONTRACTS[variant]))
    switches = switch_choices(variant, lambda options: draw(st.sampled_from(options)))
    deck = draw(st.permutations(deck_of(variant)))
    hand, trick, seats, seat = position(lambda o: draw(st.sampled_from(o)),
                                        lambda a, b: draw(st.integers(a, b)), variant, deck)
    return variant, contract, switches, hand, trick, seats, seat


def contract_of(dr) -> tuple:
    if dr.contract < 4:
        return ("suit", SUITS[dr.contract])
    if dr.contract == ALL_TRUMPS:
        return ("at", None)
    return ("betl", None) if "betl" in dr.figures else ("nt", None)


def hand_mask(cards: str) -> int:
    return sum(1 << CARD_INDEX[c] for c in cards.split())


def rules_of(variant: str, rules: str | None):
    return load_ruleset(variant, rules, "1000" if variant == "fr4" else None)


def legal(variant: str, trump: int, trick: str, hand: str, rules: str | None = None) -> set[str]:
    rs = rules_of(variant, rules)
    cards = [CARD_INDEX[c] for c in trick.split()]
    seats = list(range(1, len(cards) + 1))
    seat = len(cards) + 1
    mask, _ = judge(hand_mask(hand), -1, cards, seats, seat, CONTRACT_TABLES[trump], rs.duties,
                    rs.side_of)
    return {CARD_TEXT[c] for c in cards_in(mask)}


def code(variant: str, trump: int, trick: str, hand: str, card: str,
         rules: str | None = None) -> str | None:
    rs = rules_of(variant, rules)
    cards = [CARD_INDEX[c] for c in trick.split()]
    seats = list(range(1, len(cards) + 1))
    return judge(hand_mask(hand), CARD_INDEX[card], cards, seats, len(cards) + 1,
                 CONTRACT_TABLES[trump], rs.duties, rs.side_of)[1]
