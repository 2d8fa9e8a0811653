"""The written-out constructors of the records and reports (docs/dev/compiled.md).

The dataclasses the reader and the engine make per line and per deal have an
``__init__`` of their own (compiled by mypyc, the generated one runs interpreted).
These tests pin each one to its class's fields: every field is a parameter of the
same name that lands in that field, the defaults are the fields' defaults, and a
default list or dict is a new one for every object.  Compiled or interpreted alike.
"""

from __future__ import annotations

import random
from dataclasses import MISSING, fields

import pytest
from support.mutations import mutate

from ingest.bgn.reader import _read
from ingest.bgn.writer import write_game
from replay.engine.report import DealReport, DeclarationRecord, GameReport, PlayedCards, Violation
from replay.engine.walk import replay_game
from replay.model.elements import Announce, Call, Combination, Exchange, Play
from replay.model.record import Deal, Game, ParseError, ScoreLine
from replay.rules.bidding import Contract
from replay.rules.exchange import ExchangeOutcome
from replay.rules.figures import Announced
from replay.rules.tally import DealScore, SoloistPlay, Tally
from replay.simulate import SUPPORTED, simulate_games


def _fields(cls_or_obj):
    """The dataclass fields (compiled by mypyc, DealReport's ``__hash__ = None`` is
    listed among them, which no constructor takes)."""
    return [f for f in fields(cls_or_obj) if not f.name.startswith("__")]


WRITTEN_OUT = (Announce, Call, Combination, Deal, Exchange, Game, ParseError, Play, ScoreLine,
               DealReport, DeclarationRecord, GameReport, PlayedCards, Violation, Contract,
               ExchangeOutcome, Announced, DealScore, Tally, SoloistPlay)


def _harvest() -> dict[type, list[object]]:
    """Objects of every written-out class, as the reader (both paths) and the engine
    make them from simulated and damaged records of every variant."""
    rng = random.Random(17)
    texts = [write_game(g) for v in SUPPORTED for g in simulate_games(v, 1, 3, max_deals=4)]
    for text in list(texts):
        lines = text.split("\n")
        for _ in range(3):
            i = rng.randrange(len(lines))
            toks = lines[i].split(" ")
            mutate(toks, rng, ["AS", "pass", "-", "claim", "bela", "7", "x"])
            lines[i] = " ".join(toks)
        texts.append("\n".join(lines))
    found: dict[type, list[object]] = {cls: [] for cls in WRITTEN_OUT}

    def keep(obj: object) -> None:
        if type(obj) in found:
            found[type(obj)].append(obj)

    for text in texts:
        for fast in (True, False):
            for game in _read([text.split("\n")], fast_lines=fast):
                keep(game)
                for e in game.errors:
                    keep(e)
                for deal in game.deals:
                    keep(deal)
                    for obj in [*(deal.bids or []), *deal.announce, *(deal.exchange or []),
                                deal.score, deal.total,
                                *(c for combos in (deal.declare or {}).values() for c in combos)]:
                        keep(obj)
                    if isinstance(deal.plays, list):
                        for play in deal.plays:
                            keep(play)
                report = replay_game(game)
                keep(report)
                for v in report.violations:
                    keep(v)
                for dr in report.deals:
                    keep(dr)
                    keep(dr.played)
                    keep(dr.tally)
                    if dr.tally is not None:
                        keep(dr.tally.contract)
                        keep(dr.tally.soloist)
                    for rec in dr.declarations:
                        keep(rec)
    return found


HARVEST = _harvest()
MADE_HERE = (ExchangeOutcome, Announced, DealScore)  # made and used inside the engine
HARVEST[DealScore] = [DealScore([81, 81], None)]


@pytest.mark.parametrize("cls", [c for c in WRITTEN_OUT if c not in MADE_HERE],
                         ids=lambda c: c.__name__)
def test_each_field_goes_to_its_own_parameter(cls):
    """Rebuilt from its fields by keyword, an object holds the very same values."""
    objects = HARVEST[cls]
    assert len(objects) >= 3, cls  # the records above make every class several times
    for obj in objects:
        init = {f.name: getattr(obj, f.name) for f in _fields(obj) if f.init}
        again = cls(**init)
        for name, value in init.items():
            kept = getattr(again, name)
            # compiled, ints and tuples of ints are stored unboxed: equal, not the same
            assert kept is value or (type(value) in (int, tuple) and kept == value), (
                cls.__name__, name)


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_defaults_are_the_fields_defaults_and_new_each_time(cls):
    required = [f for f in _fields(cls) if f.default is MISSING and f.default_factory is MISSING]
    example = HARVEST[cls][0] if HARVEST[cls] else None
    args = {f.name: getattr(example, f.name) for f in required}
    a, b = cls(**args), cls(**args)
    for f in _fields(cls):
        if f in required:
            continue
        if f.default_factory is not MISSING:
            assert getattr(a, f.name) == f.default_factory(), (cls.__name__, f.name)
            assert getattr(a, f.name) is not getattr(b, f.name), (cls.__name__, f.name)
        else:
            assert getattr(a, f.name) == f.default, (cls.__name__, f.name)


def test_the_classes_made_inside_the_engine_take_their_fields():
    out = ExchangeOutcome([("D203", (3, 4), 2, "why")], {2: 5}, 9)
    assert (out.findings, out.discarded, out.turn) == ([("D203", (3, 4), 2, "why")], {2: 5}, 9)
    ann = Announced(["volat"], [("B302", (1, 2), 1, "late")])
    assert (ann.figures, ann.findings) == (["volat"], [("B302", (1, 2), 1, "late")])
    score = DealScore([10, 20], True, 7)
    assert (score.scores, score.made, score.hang) == ([10, 20], True, 7)
