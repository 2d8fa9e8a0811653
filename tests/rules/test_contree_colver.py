"""The ``contree`` ruleset against colver 0.11.1, an independent engine (docs/colver-notes.md).

Thousands of deals are played by colver's bots (tests/support/colver_bridge.py, seeds
0..N-1, so every run plays the same deals), written as BGN records and replayed
through our reader and engine.  colver and our engine must agree on the legal
cards at every card, the legal calls, the trick winners, the card points,
belote, made/failed and the deal score; the records (all legal by colver) must
replay without a finding.  A failure names the seed: ``python
tests/support/colver_bridge.py --record SEED`` prints that deal's record.

A separate test reads colver against the spec text itself (``spec_check``), so
that a disagreement can be put on the right side.
"""

from __future__ import annotations

from collections import Counter

import pytest

colver = pytest.importorskip("colver")

from support.colver_bridge import (  # noqa: E402
    COLVER_VERSION,
    compare,
    compare_calls,
    play_deal,
    record_text,
    spec_check,
)

from replay.rules.rulesets import load_ruleset  # noqa: E402

#: deals compared in full (about 1.3 ms each) and deals whose every call is
#: checked against all 43 calls (about 30 ms each)
N_DEALS = 4000
N_CALL_DEALS = 150


@pytest.fixture(scope="module")
def deals():
    return [play_deal(seed) for seed in range(N_DEALS)]


@pytest.fixture(scope="module")
def disagreements(deals):
    ruleset = load_ruleset("contree")
    found: dict[str, list] = {}
    for deal in deals:
        for d in compare(deal, ruleset):
            found.setdefault(d.what, []).append(d)
    return found


def _explain(found: list, deals) -> str:
    lines = [str(d) for d in found[:12]]
    if len(found) > 12:
        lines.append(f"... {len(found) - 12} more")
    first = next(x for x in deals if x.seed == found[0].seed)
    lines += ["", f"record of seed {first.seed} ({first.policies}):", record_text(first)]
    return "\n".join(lines)


def _assert_none(disagreements, deals, *kinds: str) -> None:
    found = [d for k in kinds for d in disagreements.get(k, [])]
    assert not found, f"{len(found)} disagreements with colver:\n" + _explain(found, deals)


def test_colver_is_the_pinned_version():
    assert colver.__version__ == COLVER_VERSION


def test_the_sample_covers_the_scoring_cases(deals):
    seen = Counter()
    for d in deals:
        if d.contract is None:
            seen["passed out"] += 1
            continue
        value, _, taker, mult = d.contract
        seen[("capot" if value == 250 else "points", mult, d.made)] += 1
        if 8 in d.tricks_won:
            seen["all 8 tricks to the " + ("taker" if d.tricks_won[taker] == 8 else "defence")] += 1
        if d.bela_seat is not None:
            seen["belote " + ("with" if d.bela_token else "without") + " bela token"] += 1
    wanted = ["passed out", "all 8 tricks to the taker", "all 8 tricks to the defence",
              "belote with bela token", "belote without bela token"]
    wanted += [(kind, mult, made) for kind in ("capot", "points") for mult in (1, 2, 3)
               for made in (True, False)]
    assert not [w for w in wanted if seen[w] < 5], seen


def test_colver_plays_contree_md_as_written(deals):
    """colver against a literal reading of contree conventions 3-6 (docs/rules/contree.md) (the bridge's
    ``spec_*``): if this fails, colver and the spec part ways, not our engine."""
    found = [d for deal in deals for d in spec_check(deal)]
    assert not found, "colver departs from docs/rules/contree.md:\n" + _explain(found, deals)


def test_records_replay_without_findings(disagreements, deals):
    # every call and card came from colver's legal_actions(); the records are canonical
    _assert_none(disagreements, deals, "violation", "record")


def test_legal_cards_agree_at_every_card(disagreements, deals):
    _assert_none(disagreements, deals, "legal-cards")


def test_legal_calls_agree_at_every_call(deals):
    ruleset = load_ruleset("contree")
    found = [d for deal in deals[:N_CALL_DEALS] for d in compare_calls(deal, ruleset)]
    assert not found, f"{len(found)} disagreements with colver:\n" + _explain(found, deals)


def test_trick_winners_agree(disagreements, deals):
    _assert_none(disagreements, deals, "trick-winner", "trick-points")


def test_made_and_deal_scores_agree(disagreements, deals):
    _assert_none(disagreements, deals, "made", "score", "total", "result")


def test_card_points_agree(disagreements, deals):
    _assert_none(disagreements, deals, "card-points")


def test_belote_agrees(disagreements, deals):
    _assert_none(disagreements, deals, "belote")
