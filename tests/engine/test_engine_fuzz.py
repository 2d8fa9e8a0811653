"""The engine never raises: any record the reader accepts replays to a report.

Mutations of simulated records of every variant (cards swapped, tokens removed
or duplicated, calls and numbers changed) are read and replayed; a crash is a
bug whatever the record says.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.mutations import mutate

from ingest.bgn.reader import parse_games
from ingest.bgn.writer import write_game
from replay.engine.walk import replay_game
from replay.simulate import SUPPORTED, simulate_games

_CACHE: dict[tuple[str, int], str] = {}
WORDS = ["pass", "take", "H", "S", "NT", "AT", "X", "XX", "80H", "capotS", "bela", "rebela",
         "-", "1:", "2:", "3:", "4:", "claim", "rest", "game", "swap", "discard", "7H", "KS",
         "QH", "JD", "run3:9S", "carre:J", "absolut", "betl", "0", "162", "hang", "5."]


def sample(variant: str, seed: int) -> str:
    key = (variant, seed)
    if key not in _CACHE:
        (game,) = simulate_games(variant, 1, seed, violation_rate=0.2, max_deals=4)
        _CACHE[key] = write_game(game)
    return _CACHE[key]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(SUPPORTED), seed=st.integers(0, 5), mutation=st.integers(0, 2**32))
def test_mutated_records_never_crash_the_engine(variant, seed, mutation):
    rng = random.Random(mutation)
    tokens = sample(variant, seed).split(" ")
    for _ in range(rng.randint(1, 6)):
        mutate(tokens, rng, WORDS)
    for game in parse_games(" ".join(tokens)):
        report = replay_game(game)
        assert report.result is not None
        for v in report.violations:
            assert v.code[0] in "PDBCAS" and v.line >= 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(SUPPORTED), seed=st.integers(0, 5), mutation=st.integers(0, 2**32))
def test_swapped_cards_replay_with_findings_not_crashes(variant, seed, mutation):
    """Card tokens swapped anywhere (hands, turn, talon, exchange, play): the record
    still parses, and the engine reports what broke instead of failing."""
    import re

    rng = random.Random(mutation)
    tokens = sample(variant, seed).split(" ")
    cards = [i for i, t in enumerate(tokens) if re.fullmatch(r"[789TJQKA][SHDC]", t)]
    for _ in range(rng.randint(1, 4)):
        i, j = rng.choice(cards), rng.choice(cards)
        tokens[i], tokens[j] = tokens[j], tokens[i]
    (game,) = parse_games(" ".join(tokens))
    assert not game.errors
    report = replay_game(game)
    assert len(report.deals) == len(game.deals)
