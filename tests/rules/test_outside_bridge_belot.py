"""bg4 card play against Bridge Belot v2.06 (2001), an outside authority.

``tests/data/bridge_belot_2001.json.gz`` (see ``tests/data/README.md``) holds
2,000 legal-card answers and the 192-row card table of that program, which plays
the bg4 default profile ``o``.  Every answer must agree with the engine: the legal
set (replay.rules.legality), the order of cards within a suit and the card points
(replay.model.cards.ContractTables), and the winner of every full trick in the answers.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from replay.model.cards import ALL_TRUMPS, CARD_INDEX, CONTRACT_TABLES, NO_TRUMPS, cards_in
from replay.rules.legality import legal_cards, trick_winner
from replay.rules.rulesets import load_ruleset

DATA = json.loads(gzip.decompress(
    (Path(__file__).parents[1] / "data" / "bridge_belot_2001.json.gz").read_bytes()))
KIND = {"Spades": 0, "Hearts": 1, "Diamonds": 2, "Clubs": 3, "NoTrumps": NO_TRUMPS,
        "AllTrumps": ALL_TRUMPS}
RANK = {7: "7", 8: "8", 9: "9", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def card(suit: str, rank: int) -> int:
    return CARD_INDEX[RANK[rank] + suit]


@pytest.mark.rule("bg4-21", "bg4-22", "bg4-23", "bg4-24", "bg4-25", "bg4-27")
def test_every_legal_card_answer_agrees():
    rs = load_ruleset("bg4")
    differ = []
    for case in DATA["validcards"]:
        ct = CONTRACT_TABLES[KIND[case["contract"]]]
        hand = [card(s, r) for s, r in case["hand"]]
        trick = [card(s, r) for _, s, r in case["trick"]]
        seats = [seat for seat, _, _ in case["trick"]]
        ours = set(cards_in(legal_cards(sum(1 << c for c in hand), trick, seats, case["seat"],
                                        ct, rs.duties, rs.side_of)))
        theirs = {hand[i] for i in case["legal"]}
        if ours != theirs:
            differ.append(case)
    assert len(DATA["validcards"]) == 2000
    assert differ == []


@pytest.mark.rule("bg4-15", "bg4-16", "bg4-17")
@pytest.mark.parametrize("contract", sorted(KIND))
def test_card_table_order_and_points_agree(contract):
    ct = CONTRACT_TABLES[KIND[contract]]
    rows = [r for r in DATA["cardtables"] if r["contract"] == contract]
    assert len(rows) == 32
    for row in rows:
        assert ct.points[card(row["suit"], row["rank"])] == row["points"], row
    for suit in "CDHS":
        in_suit = [r for r in rows if r["suit"] == suit]
        theirs = [card(suit, r["rank"]) for r in sorted(in_suit, key=lambda r: r["strength"])]
        ours = sorted(theirs, key=ct.strength.__getitem__)
        assert ours == theirs, (contract, suit)


@pytest.mark.rule("bg4-15", "bg4-16")
def test_the_winner_of_every_full_trick_in_the_answers():
    """Each answer completed by each of its legal cards is a full trick when three
    cards lie on the table: the winner is the program's strongest card among the
    led suit and (suit contracts only) the trumps."""
    strength = {(r["contract"], r["suit"], r["rank"]): r["strength"]
                for r in DATA["cardtables"]}
    checked = 0
    for case in DATA["validcards"]:
        if len(case["trick"]) != 3:
            continue
        contract = case["contract"]
        trump = contract[0] if KIND[contract] < 4 else None
        for i in case["legal"]:
            full = [(s, r) for _, s, r in case["trick"]] + [tuple(case["hand"][i])]
            led = full[0][0]
            contenders = [k for k, (s, _) in enumerate(full) if s == trump] or \
                [k for k, (s, _) in enumerate(full) if s == led]
            theirs = max(contenders, key=lambda k: strength[(contract, *full[k])])
            ours = trick_winner([card(s, r) for s, r in full], CONTRACT_TABLES[KIND[contract]])
            assert ours == theirs, (contract, full)
            checked += 1
    assert checked > 500
