"""``belot simulate``: whole legal games from heuristic players, written as BGN."""

from __future__ import annotations

import argparse
import sys

DESCRIPTION = """\
Play whole games with simple heuristic players (they bid on strength, follow the
rules, declare what they hold, announce bela) and write them as canonical BGN.
Deterministic: the same --seed gives the same bytes.

With --violations RATE, about RATE of the deals carry one injected violation
(a revoke C401, a missed ruff C402, a missed over-ruff C403, a false declaration
A501, or a wrong score S601); each is recorded in a comment ({injected C401} on
the card, or a game comment), so 'belot validate' can be checked against it.
"""

EPILOG = """\
examples:
  belot simulate --variant yu4 --games 10 --seed 1 > ten.bgn
  belot simulate --variant mk4 --games 500 --seed 7 --violations 0.05 -o data/sim-mk4.bgn.gz
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="generate legal games (optionally with violations)",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", required=True, help="ruleset id (in any letters): yu4 yu3 mk4 bg4 bg3 bg2 fr4 contree ru3 "
                        "ru-pair hu3 hu2")
    p.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--violations", type=float, default=0.0, metavar="RATE",
                   help="share of deals with one injected violation, 0..1 (default 0)")
    p.add_argument("-o", "--output", help="write here (.bgn or .bgn.gz) instead of stdout")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ingest.bgn.files import atomic_writer
    from replay.model.variants import variant_id
    from replay.simulate import SUPPORTED, simulate_games

    args.variant = variant_id(args.variant)  # YU4 names yu4, as in a record
    if args.variant not in SUPPORTED:
        print(f"belot simulate: --variant must be one of {', '.join(SUPPORTED)}", file=sys.stderr)
        return 2
    if not 0.0 <= args.violations <= 1.0:
        print("belot simulate: --violations is a rate between 0 and 1", file=sys.stderr)
        return 2
    games = simulate_games(args.variant, args.games, args.seed, args.violations)
    if args.output:
        # atomic, and gzip without a timestamp: the same seed gives the same bytes
        with atomic_writer(args.output) as out:
            _write_all(games, out)
    else:
        _write_all(games, sys.stdout)
    return 0


def _write_all(games, out) -> None:
    from ingest.bgn.writer import write_game

    for i, game in enumerate(games):
        if i:
            out.write("\n")
        out.write(write_game(game))
