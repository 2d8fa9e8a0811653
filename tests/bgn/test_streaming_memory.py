"""Reading streams: the peak memory while iterating a file does not grow with its size.

Two files are generated, ~10 MB and ~100 MB: real yu4 games (8 deals of 32
cards each) separated by long ``;`` comment lines, so that the large file stays
quick to read under tracemalloc (which slows allocation-heavy parsing about
tenfold).  The peak traced while iterating the large file must stay within
twice the small file's peak.  This is a bound on memory, not a timing.
"""

from __future__ import annotations

import random
import tracemalloc
from decimal import Decimal
from pathlib import Path

from ingest.bgn.reader import read_games
from ingest.bgn.writer import write_game
from replay.model.elements import Call, Combination, Play
from replay.model.record import Deal, Game, ScoreLine

CARDS = [r + s for s in "SHDC" for r in "789TJQKA"]


def sample_game(rng: random.Random) -> str:
    g = Game(tags={"Variant": "yu4", "Event": "stream", "GameId": "#"})
    total = [0, 0]
    for k in range(8):
        deck = CARDS[:]
        rng.shuffle(deck)
        hands = [deck[8 * s:8 * s + 8] for s in range(4)]
        a = rng.randint(0, 162)
        total = [total[0] + a, total[1] + 162 - a]
        g.deals.append(Deal(
            k + 1, k % 4 + 1,
            hands={s + 1: [hands[s][:6], hands[s][6:]] for s in range(4)},
            bids=[Call("pass"), Call(rng.choice("SHDC"), comment="bid")],
            declare={1: [Combination("run3:AS")], 2: [], 3: [], 4: []},
            plays=[Play(hands[s][t]) for t in range(8) for s in range(4)],
            score=ScoreLine([Decimal(a), Decimal(162 - a)]),
            total=ScoreLine([Decimal(total[0]), Decimal(total[1])]),
        ))
    g.result = "*"
    return write_game(g)


def write_file(path: Path, size: int) -> int:
    rng = random.Random(7)
    pool = [sample_game(rng) for _ in range(16)]
    padding = "; " + "padding " * 12000 + "\n"  # ~96 KB, dropped by the reader
    written = games = 0
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        while written < size:
            text = pool[games % len(pool)].replace('"#"', f'"{games}"', 1) + "\n" + padding + "\n"
            fh.write(text)
            written += len(text)
            games += 1
    return games


def peak_while_reading(path: Path) -> tuple[int, int]:
    tracemalloc.reset_peak()
    start = tracemalloc.get_traced_memory()[0]
    count = 0
    cards = 0
    for g in read_games(path):
        assert not g.errors
        count += 1
        cards += sum(len(d.plays) for d in g.deals)
        del g
    return tracemalloc.get_traced_memory()[1] - start, count


def test_peak_memory_does_not_grow_with_the_file(tmp_path: Path):
    small, large = tmp_path / "small.bgn", tmp_path / "large.bgn"
    n_small = write_file(small, 10 * 1024 * 1024)
    n_large = write_file(large, 100 * 1024 * 1024)
    assert large.stat().st_size >= 100 * 1024 * 1024
    tracemalloc.start()
    try:
        peak_small, got_small = peak_while_reading(small)
        peak_large, got_large = peak_while_reading(large)
    finally:
        tracemalloc.stop()
    assert (got_small, got_large) == (n_small, n_large)
    assert peak_large <= 2 * peak_small, (peak_small, peak_large)
