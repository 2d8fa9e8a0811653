"""The engine's play rules against the plain reference in ``tests/support/play_reference.py``.

The simulator and the claim search call the engine's own legality, so a
simulated corpus cannot show that legality wrong (All-trumps tricks given to
a card of another suit would agree with every simulated game).  Here the engine is
compared with a reference written apart, from the rule rows alone:

- random positions of every variant, contract kind and switch value, at every
  place in the trick: the legal set, the verdict on each card, the trick winner;
- every card of simulated records of every variant (violations injected too):
  the engine's verdict on the card, each trick's winner and points, the
  last-trick bonus, and the deal's card-point total;
- the engine's inlined trick winner (the card loop) against ``legality.beats``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from support import play_reference as ref
from support.positions import (
    CONTRACTS,
    PLAYERS,
    contract_of,
    deck_of,
    engine_kind,
    mask,
    position,
    positions,
    rules_text,
)

from ingest.bgn.reader import parse_games
from ingest.bgn.writer import write_game
from replay.engine.walk import replay_game
from replay.model.cards import (
    CARD_INDEX,
    CARD_TEXT,
    CONTRACT_TABLES,
    cards_in,
)
from replay.rules.legality import judge, legal_cards, trick_winner
from replay.rules.rulesets import SWITCHES, load_ruleset
from replay.simulate import SUPPORTED, simulate_games


def compare(variant: str, contract: tuple, switches: dict[str, str], hand: list[str],
            trick: list[str], seats: list[int], seat: int) -> None:
    """Assert that engine and reference agree on this position; raise with the case."""
    rs = load_ruleset(variant, rules_text(switches), "1001")
    ct = CONTRACT_TABLES[engine_kind(contract)]
    n = PLAYERS[variant]
    ints = [CARD_INDEX[c] for c in trick]
    theirs = sorted(ref.legal(hand, trick, seats, seat, contract, ref.duties(variant, switches),
                              n))
    ours = sorted(CARD_TEXT[c] for c in cards_in(
        legal_cards(mask(hand), ints, seats, seat, ct, rs.duties, rs.side_of)))
    case = (variant, contract, switches, hand, trick, seats, seat)
    assert ours == theirs, case
    for card in hand:
        code = judge(mask(hand), CARD_INDEX[card], ints, seats, seat, ct, rs.duties,
                     rs.side_of)[1]
        assert (code is None) == (card in theirs), (card, code, case)
        if len(trick) == n - 1:  # the card completes the trick: who takes it?
            full = trick + [card]
            assert trick_winner([CARD_INDEX[c] for c in full], ct) == ref.winner(full, contract), \
                (full, case)


@pytest.mark.rule(
    "yu4-31", "yu4-32", "yu4-33", "yu4-34", "yu4-35", "yu4-36", "yu3-12", "mk4-19", "mk4-20",
    "mk4-21", "ru3-21", "ru3-22", "ru-pair-09", "ru-pair-10", "bg4-21", "bg4-22", "bg4-23",
    "bg4-24", "bg4-25", "bg4-27", "hu3-14", "A14", "A37", "A39", "A40")
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_random_positions_agree_with_the_reference(pos):
    compare(*pos)


@pytest.mark.rule(
    "yu4-31", "yu4-32", "yu4-33", "yu4-34", "yu4-35", "yu4-36", "yu3-12", "mk4-19", "mk4-20",
    "mk4-21", "ru3-21", "ru3-22", "ru-pair-09", "ru-pair-10", "bg4-21", "bg4-22", "bg4-23",
    "bg4-24", "bg4-25", "bg4-27", "hu3-14", "A14", "A37", "A39", "A40")
def test_seeded_sweep_of_every_variant_contract_and_switch_value():
    """Every variant x contract kind x switch value, 40 positions each, every place
    in the trick; the count is printed for the record (pytest -s)."""
    rng = random.Random(20261201)
    checked = 0
    for variant in sorted(PLAYERS):
        settings_list = [{}]
        for name, values in SWITCHES[variant].items():
            settings_list += [{name: v} for v in values]
        if variant == "bg4":  # profiles under each single-switch override
            settings_list += [{"profile": p, s: v} for p in ("o", "q1", "q2")
                              for s in ("trump-raise-partner", "ruff-if-partner-wins",
                                        "underruff") for v in ("on", "off")]
        for contract in CONTRACTS[variant]:
            for switches in settings_list:
                for _ in range(40):
                    deck = deck_of(variant)[:]
                    rng.shuffle(deck)
                    compare(variant, contract, switches,
                            *position(rng.choice, rng.randint, variant, deck))
                    checked += 1
    print(f"reference sweep: {checked} positions")
    assert checked > 20_000


# ---------------------------------------------------------------- simulated records

def _deck_total(variant: str, contract: tuple) -> int | None:
    """Card points of a deal played out with every card in play (§2, bg4-18); None
    where cards stay out of play or are discarded (ru3, yu3, hu, bg2)."""
    if variant in ("ru3", "yu3", "hu3", "hu2", "bg2"):
        return None
    return {"suit": 162, "at": 258, "nt": 130}[contract[0]]


def check_deal(variant: str, switches: dict[str, str], dr) -> int:
    """Walk one replayed deal with the reference; returns the cards compared."""
    n = PLAYERS[variant]
    contract = contract_of(dr)
    d = ref.duties(variant, switches)
    hands = {s: [CARD_TEXT[c] for c in cards_in(m)] for s, m in dr.hands.items()}
    compared = 0
    trick: list[str] = []
    seats: list[int] = []
    for seat, c, _number, ok, _bela in dr.plays:
        card = CARD_TEXT[c]
        if card not in hands.get(seat, []):
            return compared  # D203 or out of turn: the hands no longer say who holds what
        legal = ref.legal(hands[seat], trick, seats, seat, contract, d, n)
        assert ok == (card in legal), (variant, contract, hands[seat], trick, seats, card)
        compared += 1
        hands[seat].remove(card)
        trick.append(card)
        seats.append(seat)
        if len(trick) == n:
            trick, seats = [], []
    played_out = all(not h for h in hands.values()) and compared == len(dr.plays)
    for record in dr.tricks:
        cards = [CARD_TEXT[c] for c in record.cards]
        assert record.winner == record.seats[ref.winner(cards, contract)], (variant, cards)
        bonus = record.points - ref.trick_points(cards, contract, last=False)
        if played_out and record is dr.tricks[-1]:
            # the last trick: 10, or 100 when one side took them all in contrée
            assert bonus in ((10, 100) if variant == "contree" else (10,)), (variant, cards)
        else:
            assert bonus == 0, (variant, record.number, cards, record.points)
    total = _deck_total(variant, contract)
    if played_out and total is not None and not dr.penalty:
        got = sum(t.points for t in dr.tricks)
        capot = variant == "contree" and len({t.winner % 2 for t in dr.tricks}) == 1
        assert got == total + (90 if capot else 0), (variant, contract, got)
        assert sum(dr.card_points) == got, (variant, dr.card_points)  # both sides' points
    return compared


@pytest.mark.rule(
    "yu4-04", "yu4-05", "yu4-32", "yu4-37", "bg4-15", "bg4-16", "bg4-39", "yu4-31", "yu4-32",
    "yu4-33", "yu4-34", "yu4-35", "yu4-36", "yu3-12", "mk4-19", "mk4-20", "mk4-21", "ru3-21",
    "ru3-22", "ru-pair-09", "ru-pair-10", "bg4-21", "bg4-22", "bg4-23", "bg4-24", "bg4-25",
    "bg4-27", "hu3-14", "A14", "A37", "A39", "A40")
@pytest.mark.parametrize("variant", SUPPORTED)
def test_every_simulated_card_agrees_with_the_reference(variant):
    games = compared = deals = 0
    for rate in (0.0, 0.2):
        for game in simulate_games(variant, 6, seed=1201 + int(rate * 10), violation_rate=rate):
            (parsed,) = list(parse_games(write_game(game)))
            report = replay_game(parsed)
            switches = dict(p.split("=") for p in (parsed.tags.get("Rules") or "").split(",")
                            if p)
            for dr in report.deals:
                if dr.contract is None or not dr.plays:
                    continue
                compared += check_deal(variant, switches, dr)
                deals += 1
            games += 1
    assert deals > 20 and compared > 20 * PLAYERS[variant] * 5, (deals, compared)
