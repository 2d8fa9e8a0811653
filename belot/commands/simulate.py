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
  belot simulate --variant yu4 --league 40 --peekers 4 --peek-rate 0.25 \\
      --deals-per-player 200 -o league.bgn.gz
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
    league = p.add_argument_group(
        "a league (to measure the fair-play report, docs/fairplay.md)",
        "Instead of --games: a pool of members P01, P02, ... meets at tables until\n"
        "each has played --deals-per-player deals; the last --peekers members look at\n"
        "every hand on a share --peek-rate of their cards and then play a double-dummy\n"
        "best card.")
    league.add_argument("--league", type=int, metavar="MEMBERS",
                        help="simulate a league of this many members")
    league.add_argument("--peekers", type=int, default=0, metavar="N",
                        help="members who peek (default 0)")
    league.add_argument("--peek-rate", type=float, default=0.25, metavar="Q",
                        help="share of a peeker's cards played with every hand seen, 0..1 "
                             "(default 0.25)")
    league.add_argument("--deals-per-player", type=int, default=100, metavar="D",
                        help="deals each member plays at least (default 100)")
    league.add_argument("--honest", choices=("single-dummy", "heuristic"),
                        default="single-dummy",
                        help="how the members play when they do not peek: by sampled "
                             "layouts of what their seat may know (default), or by the "
                             "simple heuristic (fast)")
    league.add_argument("--samples", type=int, default=8, metavar="K",
                        help="layouts the single-dummy player samples a card (default 8)")
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
    if args.league is not None:
        from replay.rules.rulesets import load_ruleset

        seats = load_ruleset(args.variant).players
        problem = _league_problem(args) or (
            f"{args.variant} is played by {seats}: --league needs at least {seats} members"
            if args.league < seats else None)
        if problem:
            print(f"belot simulate: {problem}", file=sys.stderr)
            return 2
        games = _league_games(args)
    else:
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


def _league_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the league options, in the user's words (None when nothing)."""
    if args.league < 1:
        return "--league is the number of members, at least 1"
    if not 0 <= args.peekers <= args.league:
        return f"--peekers must be between 0 and --league ({args.league})"
    if not 0.0 <= args.peek_rate <= 1.0:
        return "--peek-rate is a share of cards between 0 and 1"
    if args.deals_per_player < 1:
        return "--deals-per-player must be at least 1"
    if args.samples < 1:
        return "--samples must be at least 1"
    if args.violations:
        return "--violations and --league do not go together: a league's games are legal"
    return None


def _league_games(args: argparse.Namespace):
    from replay.league import league_members, simulate_league
    from replay.players import HeuristicPlayer
    from replay.strong_players import SingleDummyPlayer

    members = league_members(args.league, args.peekers, args.peek_rate)
    def single_dummy(seed: int) -> SingleDummyPlayer:
        return SingleDummyPlayer(seed, samples=args.samples)

    honest = HeuristicPlayer if args.honest == "heuristic" else single_dummy
    return simulate_league(args.variant, members, args.deals_per_player, args.seed, honest)
