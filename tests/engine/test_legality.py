"""Play duties, one situation at a time: T01–T05 (docs/rules/readings.md) for yu4 and mk4.

Each case builds the trick so far, the hand of the seat to play, and checks the
exact legal set and the exact code a wrong card gets.  Seats 1 and 3 are side A,
2 and 4 side B; seat 1 leads.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from support.positions import (
    code,
    contract_of,
    engine_kind,
    hand_mask,
    legal,
    mask,
    positions,
    rules_of,
    rules_text,
    seeded_positions,
)
from support.pure_python import is_compiled, run_in

from ingest.bgn.reader import parse_games
from ingest.bgn.writer import write_game
from replay.engine import play as engine
from replay.engine.walk import replay_game
from replay.model.cards import (
    CARD_INDEX,
    CARD_TEXT,
    CONTRACT_TABLES,
    SUIT_MASK,
    SUIT_OF,
    all_cards,
    card_of,
)
from replay.rules.legality import (
    Breach,
    follow_is_free,
    judge,
    no_duty_bites,
    trick_winner,
    verify_card,
)
from replay.rules.rulesets import load_ruleset
from replay.simulate import SUPPORTED, simulate_games

H, S, D, C = 1, 0, 2, 3


# T01 — overbeating partner in a plain suit (yu4-33, yu4-36, mk4-19)
@pytest.mark.rule("T01", "yu4-33", "yu4-36", "mk4-19")
def test_t01_iber_over_partner_yu4_and_mk4():
    assert legal("yu4", H, "KS 7S", "AS 8S 9D") == {"AS"}
    assert legal("mk4", H, "KS 7S", "AS 8S 9D") == {"AS"}
    assert code("yu4", H, "KS 7S", "AS 8S 9D", "8S") == "C404"
    assert code("mk4", H, "KS 7S", "AS 8S 9D", "8S") == "C404"
    assert code("yu4", H, "KS 7S", "AS 8S 9D", "9D") == "C401"


@pytest.mark.rule("yu4-36")
def test_t01_house_rule_iber_partner_off():
    assert legal("yu4", H, "KS 7S", "AS 8S 9D", "iber-partner=off") == {"AS", "8S"}
    # the opponent (seat 2) is still to be beaten when he holds the trick
    assert legal("yu4", H, "7S KS", "AS 8S 9D", "iber-partner=off") == {"AS"}


# T02 — trump lead with partner winning (yu4-33, mk4-21)
@pytest.mark.rule("T02", "yu4-33", "mk4-21")
def test_t02_trump_raise_over_partner():
    assert legal("yu4", H, "9H 8H", "JH 7H") == {"JH"}
    assert legal("mk4", H, "9H 8H", "JH 7H") == {"JH"}
    assert code("yu4", H, "9H 8H", "JH 7H", "7H") == "C403"
    assert legal("yu4", H, "9H 8H", "JH 7H", "iber-partner=off") == {"JH", "7H"}


# T03 — void in the led suit while partner wins: yu4 and mk4 must ruff (yu4-31, mk4-20)
@pytest.mark.rule("T03", "yu4-31", "mk4-20")
def test_t03_ruff_even_when_partner_wins():
    assert legal("yu4", H, "AS 7S", "7H KC") == {"7H"}
    assert legal("mk4", H, "AS 7S", "7H KC") == {"7H"}
    assert code("yu4", H, "AS 7S", "7H KC", "KC") == "C402"


# T04 — under-ruff when unable to over-ruff (yu4-35, mk4 A40)
@pytest.mark.rule("T04", "yu4-35", "A40")
def test_t04_underruff_forced():
    assert legal("yu4", H, "AS TH", "7H 8C") == {"7H"}
    assert legal("mk4", H, "AS TH", "7H 8C") == {"7H"}
    assert code("mk4", H, "AS TH", "7H 8C", "8C") == "C402"


# T05 — after a ruff the overbeat lapses; over-ruff even partner's trump (yu4-34)
@pytest.mark.rule("T05", "yu4-34")
def test_t05_after_ruff():
    assert legal("yu4", H, "TS 8H", "AS 7S") == {"AS", "7S"}
    assert legal("mk4", H, "TS 8H", "AS 7S") == {"AS", "7S"}
    assert legal("yu4", H, "TS 8H AS", "9H 7H AD") == {"9H"}
    assert legal("mk4", H, "TS 8H AS", "9H 7H AD") == {"9H"}
    assert code("yu4", H, "TS 8H AS", "9H 7H AD", "7H") == "C403"
    assert code("yu4", H, "TS 8H AS", "9H 7H AD", "AD") == "C402"
    # house rule: partner's trump need not be over-ruffed, but a trump is still owed
    assert legal("yu4", H, "TS 8H AS", "9H 7H AD", "iber-partner=off") == {"9H", "7H"}


@pytest.mark.rule("yu4-31")
def test_void_in_led_suit_and_trumps_plays_anything():
    assert legal("yu4", H, "AS", "AD 7C") == {"AD", "7C"}


@pytest.mark.rule("mk4-19")
def test_plain_overbeat_needs_a_higher_card_only_when_held():
    # 8S led, holding 7S and TS: must play TS (mk4-19 example, 004:54)
    assert legal("mk4", H, "8S", "7S TS") == {"TS"}
    assert legal("mk4", H, "AS", "7S TS") == {"7S", "TS"}


@pytest.mark.rule("yu4-05")
@pytest.mark.parametrize("trick, trump, winner", [
    ("7S AS TS KS", H, 1),  # highest of the led suit
    ("7S AS 7H KS", H, 2),  # a trump beats the led suit
    ("7H 8H JH 9H", H, 2),  # J is the highest trump, 9 next (yu4-05)
    ("AD KC TC JC", H, 0),  # off-suit cards never win
    ("8H 7H", H, 0),  # 8 beats 7 in trump (yu4-05)
])
def test_trick_winner(trick, trump, winner):
    cards = [CARD_INDEX[c] for c in trick.split()]
    assert trick_winner(cards, CONTRACT_TABLES[trump]) == winner


# ------------------------------------------------------- the breach and its reason

def test_verify_card_gives_the_code_and_the_reason():
    """verify_card is judge's verdict with the message a player reads (C401 to C404)."""
    rs = rules_of("yu4", None)
    ct = CONTRACT_TABLES[H]  # hearts trump
    cases = [
        # trick, hand, card, breach
        ("AS", "KS 7S JH", "JH",
         Breach("C401", "seat 2 did not follow spades while holding 7S KS")),
        ("AS", "JH 9H 7D", "7D",
         Breach("C402", "seat 2 played 7D instead of a trump while holding 9H JH")),
        ("9H", "JH 7H", "7H",
         Breach("C403", "seat 2 played 7H, a trump too low, while holding a higher trump")),
        ("TS", "AS 7S", "7S",
         Breach("C404", "seat 2 played 7S without beating the best spades while holding a "
                        "higher one")),
    ]
    for trick, hand, card, expected in cases:
        got = verify_card(hand_mask(hand), CARD_INDEX[card], [CARD_INDEX[trick]], [1], 2, ct,
                          rs.duties, rs.side_of)
        assert got == expected, (trick, hand, card)
    assert verify_card(hand_mask("AS 7S"), CARD_INDEX["AS"], [CARD_INDEX["TS"]], [1], 2, ct,
                       rs.duties, rs.side_of) is None


# --------------------------------------------- the engine's skip: no duty can bite

def _skip_is_safe(variant, contract, switches, hand, trick, seats, seat) -> tuple[int, int]:
    """For every card of ``hand``: where ``no_duty_bites`` says skip, ``judge`` finds no
    breach.  Returns (cards skipped, cards checked)."""
    rs = load_ruleset(variant, rules_text(switches), "1001")
    ct = CONTRACT_TABLES[engine_kind(contract)]
    ints = [CARD_INDEX[c] for c in trick]
    best = ints[trick_winner(ints, ct)]
    led_mask = SUIT_MASK[SUIT_OF[ints[0]]]
    free = follow_is_free(ints[0], ct, rs.duties)
    held = mask(hand)
    skipped = 0
    for card in hand:
        c = CARD_INDEX[card]
        if no_duty_bites(c, held, led_mask, best, free, ct):
            skipped += 1
            assert judge(held, c, ints, seats, seat, ct, rs.duties, rs.side_of)[1] is None, (
                card, variant, contract, switches, hand, trick, seats, seat)
    return skipped, len(hand)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_no_duty_bites_only_where_judge_finds_no_breach(pos):
    """The engine replays a card without the duty chain when ``no_duty_bites``; on
    random positions of every variant, contract and switch, ``judge`` agrees."""
    assume(pos[4])  # a follower's card: the leader plays anything
    _skip_is_safe(*pos)


def test_no_duty_bites_skips_most_cards_and_never_a_breach():
    """The seeded sweep: every variant, contract kind and switch value, the skip
    taken often (it is the engine's fast path) and never over a breach."""
    rng = random.Random(1713)
    skipped = checked = 0
    for variant, contract, switches, hand, trick, seats, seat in seeded_positions(rng, 60):
        if trick:
            s, c = _skip_is_safe(variant, contract, switches, hand, trick, seats, seat)
            skipped, checked = skipped + s, checked + c
    assert checked > 20_000 and 0.3 < skipped / checked < 1, (skipped, checked)


@pytest.mark.parametrize("variant", SUPPORTED)
def test_the_engine_checks_exactly_where_no_duty_bites_says_so(variant, monkeypatch):
    """The card loop inlines ``no_duty_bites`` (as it does ``beats``): on simulated
    records of every variant, violations injected, the engine asks ``verify_card``
    for exactly the cards where ``no_duty_bites`` is False, in play order.

    The spy replaces ``verify_card`` in ``replay.engine.play``; compiled, the engine calls the function
    directly and never looks the name up, so then the next test runs this one on the
    ``.py`` sources."""
    if is_compiled(engine):
        pytest.skip("the engine is compiled: the spy runs on the .py sources (next test)")
    asked: list[tuple[int, int]] = []

    def spy(hand, card, trick, seats, seat, *rest):
        asked.append((seat, card))
        return verify_card(hand, card, trick, seats, seat, *rest)

    monkeypatch.setattr(engine, "verify_card", spy)
    checked = 0
    for rate in (0.0, 0.3):
        for game in simulate_games(variant, 4, seed=1713, violation_rate=rate):
            (parsed,) = list(parse_games(write_game(game)))
            rs = load_ruleset(variant, parsed.tags.get("Rules"), parsed.tags.get("Target"))
            asked.clear()
            report = replay_game(parsed)
            expected: list[tuple[int, int]] = []
            for dr in report.deals:
                if dr.contract is None or not dr.plays:
                    continue
                ct = CONTRACT_TABLES[engine_kind(contract_of(dr))]
                hands = dict(dr.hands)
                trick: list[int] = []
                for seat, c, _number, _ok, _bela in dr.plays:
                    held = hands[seat]
                    if trick and held >> c & 1:
                        best = trick[trick_winner(trick, ct)]
                        free = follow_is_free(trick[0], ct, rs.duties)
                        if not no_duty_bites(c, held, SUIT_MASK[SUIT_OF[trick[0]]], best, free,
                                             ct):
                            expected.append((seat, c))
                        checked += 1
                    hands[seat] = held & ~(1 << c)
                    trick = [] if len(trick) == rs.players - 1 else trick + [c]
            assert asked == expected, (variant, rate)
    assert checked > 100, checked


def test_the_spy_runs_on_the_py_sources_when_the_engine_is_compiled(pure_tree):
    """The test above, every variant, in a copy of the project without the compiled
    modules (where the spy can take ``verify_card``'s place)."""
    if not is_compiled(engine):
        pytest.skip("the engine runs from its .py source: the test above ran here")
    name = "test_the_engine_checks_exactly_where_no_duty_bites_says_so"
    run = run_in(pure_tree, ["-m", "pytest", "-q", "-p", "no:cacheprovider",
                             f"tests/engine/test_legality.py::{name}"])
    out = run.stdout.decode()
    assert run.returncode == 0, out
    assert f"{len(SUPPORTED)} passed" in out, out


def test_card_of_names_the_card_of_every_text_and_refuses_the_rest():
    """``card_of`` (the layout's look-up by character codes) agrees with
    ``CARD_INDEX`` on every card, and raises the same KeyError for any other text."""
    assert [card_of(t) for t in CARD_TEXT] == list(range(32))
    assert card_of("".join(["Q", "H"])) == CARD_INDEX["QH"] == 13  # a new string, as read
    for text in ("", "Q", "QHH", "XS", "Q1", "qh", "HQ", "7 ", "\u00e9S", "Q\u2665", "1S"):
        with pytest.raises(KeyError):
            card_of(text)
        assert not all_cards(["QH", text]) and all_cards(["QH", text], 2)
    assert all_cards(list(CARD_TEXT)) and all_cards(["1.", "QH", "7S"], 1)
