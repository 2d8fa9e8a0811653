"""Parse throughput of the BGN reader, beside python-chess's PGN reader.

Generates (once, cached under benchmarks/out/, which git ignores) a BGN file
of yu4 games of at least --size-mb megabytes, reads it with
ingest.bgn.reader.read_games and prints games/s, cards/s, MB/s and the peak RSS.
Then generates a PGN file of random legal chess games and reads it with
chess.pgn.read_game, printing plies/s and the ratio cards/s : plies/s.

    python benchmarks/bench_parse.py                 # 1 GB (generated on first run)
    python benchmarks/bench_parse.py --quick         # 16 MB, a few seconds
    python benchmarks/bench_parse.py --file club.bgn # any BGN file
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.bgn.reader import read_games  # noqa: E402
from ingest.bgn.writer import write_game  # noqa: E402
from replay.model.elements import Call, Combination, Play  # noqa: E402
from replay.model.record import Deal, Game, ScoreLine  # noqa: E402

OUT = ROOT / "benchmarks" / "out"
CARDS = [r + s for s in "SHDC" for r in "789TJQKA"]


def sample_game(rng: random.Random, index: int) -> str:
    """A yu4 game in canonical form: 6-12 deals with hands, bids, declare, 8 tricks."""
    g = Game(tags={"Variant": "yu4", "Event": "bench", "Seat1": "A", "Seat2": "B",
                   "Seat3": "C", "Seat4": "D", "GameId": "#"})
    total = [0, 0]
    for k in range(rng.randint(6, 12)):
        deck = CARDS[:]
        rng.shuffle(deck)
        hands = [deck[8 * s:8 * s + 8] for s in range(4)]
        a = rng.randint(0, 162)
        total = [total[0] + a, total[1] + 162 - a]
        g.deals.append(Deal(
            k + 1, k % 4 + 1,
            hands={s + 1: [hands[s][:6], hands[s][6:]] for s in range(4)},
            bids=[Call("pass")] * rng.randint(0, 3) + [Call(rng.choice("SHDC"))],
            declare={s: ([Combination("run3:" + rng.choice(CARDS))] if rng.random() < 0.2
                         else []) for s in range(1, 5)},
            plays=[Play(hands[s][t], bela="bela" if rng.random() < 0.01 else None)
                   for t in range(8) for s in range(4)],
            score=ScoreLine([Decimal(a), Decimal(162 - a)]),
            total=ScoreLine([Decimal(total[0]), Decimal(total[1])]),
        ))
    g.result = "*"
    return write_game(g)


def make_bgn(path: Path, size_mb: int) -> None:
    if path.exists() and path.stat().st_size >= size_mb * 1024 * 1024:
        return
    print(f"generating {path} ({size_mb} MB)…", file=sys.stderr)
    rng = random.Random(2026)
    pool = [sample_game(rng, i) for i in range(256)]
    target = size_mb * 1024 * 1024
    written = 0
    i = 0
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        while written < target:
            parts = []
            for _ in range(256):
                parts.append(pool[i % len(pool)].replace('"#"', f'"{i}"', 1))
                i += 1
            text = "\n".join(parts) + "\n"
            if written:
                text = "\n" + text
            fh.write(text)
            written += len(text)
    os.replace(tmp, path)


def make_pgn(path: Path, games: int) -> None:
    import chess
    import chess.pgn

    if path.exists() and path.stat().st_size > 0 and path.stat().st_size // 700 >= games:
        return
    print(f"generating {path} ({games} random legal games)…", file=sys.stderr)
    rng = random.Random(2026)
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(games):
            board = chess.Board()
            for _ in range(rng.randint(40, 160)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"bench {i}"
            print(game, file=fh, end="\n\n")


def bench_bgn(path: Path) -> float:
    size = path.stat().st_size
    games = deals = cards = errors = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for g in read_games(path):
        games += 1
        errors += bool(g.errors)
        deals += len(g.deals)
        for d in g.deals:
            if d.plays:
                cards += len(d.plays)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"BGN  {path.name}: {size / 2**20:,.0f} MB, {games:,} games, {deals:,} deals, "
          f"{cards:,} cards, {errors} with errors")
    print(f"     {wall:.1f} s wall, {cpu:.1f} s cpu: {games / cpu:,.0f} games/s, "
          f"{cards / cpu:,.0f} cards/s ({cpu / max(cards, 1) * 1e6:.2f} µs/card), "
          f"{size / 2**20 / cpu:.1f} MB/s; peak RSS {rss:,.0f} MB")
    return cards / cpu


def bench_pgn(path: Path) -> float:
    import chess.pgn

    games = plies = 0
    t0 = time.process_time()
    with open(path, encoding="utf-8") as fh:
        while (game := chess.pgn.read_game(fh)) is not None:
            games += 1
            plies += game.end().ply()
    cpu = time.process_time() - t0
    print(f"PGN  {path.name}: {path.stat().st_size / 2**20:,.1f} MB, {games:,} games, "
          f"{plies:,} plies (python-chess {chess.__version__} read_game)")
    print(f"     {cpu:.1f} s cpu: {plies / cpu:,.0f} plies/s, "
          f"{path.stat().st_size / 2**20 / cpu:.2f} MB/s")
    return plies / cpu


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size-mb", type=int, default=1024, help="size of the generated BGN file")
    p.add_argument("--quick", action="store_true", help="a 16 MB BGN file, 300 chess games")
    p.add_argument("--file", type=Path, help="read this BGN file instead of generating one")
    p.add_argument("--pgn-games", type=int, default=3000, help="chess games to compare with")
    p.add_argument("--no-pgn", action="store_true", help="skip the python-chess comparison")
    args = p.parse_args(argv)
    size = 16 if args.quick else args.size_mb
    pgn_games = 300 if args.quick else args.pgn_games
    OUT.mkdir(parents=True, exist_ok=True)
    path = args.file
    if path is None:
        path = OUT / f"bench-{size}mb.bgn"
        make_bgn(path, size)
    cards_rate = bench_bgn(path)
    if not args.no_pgn:
        pgn = OUT / f"bench-{pgn_games}.pgn"
        make_pgn(pgn, pgn_games)
        plies_rate = bench_pgn(pgn)
        print(f"ratio: BGN cards/s ÷ PGN plies/s = {cards_rate / plies_rate:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
