"""The variants and contract kinds the solver tests sweep, the ruleset and payoff of a
test game, and a script run with the kernel as plain Python (NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import os
import random
import subprocess
import sys

from replay.rules.rulesets import load_ruleset
from replay.solver.search import DoubleDummy
from support.pure_python import ROOT

VARIANTS = ("yu4", "mk4", "bg4", "fr4", "contree", "ru-pair", "yu3", "ru3", "hu3", "bg3",
            "hu2", "bg2")
KINDS = range(6)


def ruleset(variant: str):
    return load_ruleset(variant, None, "1000")


def game_for(rs, kind: int, rng: random.Random) -> DoubleDummy:
    """Points, Betl or a claim, for a random caller / claiming side."""
    payoff = rng.randrange(3)
    caller = rng.randint(1, rs.players)
    if payoff == 0:
        return DoubleDummy(rs, kind, caller)
    if payoff == 1:
        return DoubleDummy(rs, kind, caller, betl=True)
    return DoubleDummy(rs, kind, caller, claimers=rng.randrange(rs.sides))


def run_as_plain_python(script: str) -> None:
    """Run ``script`` in a fresh process with NUMBA_DISABLE_JIT=1; it prints ok."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
