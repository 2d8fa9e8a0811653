"""``belot analyze --single-dummy``: each card's single-dummy values beside its
double-dummy ones, through the real command on bundled records.

The values come from ``replay.singledummy.values.single_dummy_deal`` with the
same samples and seed; the last two cards of a four-player deal leave one
layout to their seat (its own last card and the one card still hidden), so
there the single-dummy values are the double-dummy ones exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belot.cli import main
from ingest.bgn.reader import read_games
from replay.engine.walk import replay_game
from replay.model.cards import CARD_TEXT
from replay.singledummy.values import single_dummy_deal
from replay.solver.analysis import game_ruleset

ROOT = Path(__file__).resolve().parents[2]
YU4 = ROOT / "data" / "samples" / "yu4-rules.bgn"


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    """The first two deals of the bundled simulated yu4 records (whole deals)."""
    text = next(iter(read_games(ROOT / "data" / "sim" / "yu4.bgn.gz"))).source_text
    path = tmp_path_factory.mktemp("sd") / "two.bgn"
    path.write_text(text[:text.index("\ndeal 3 ")] + "\nresult *\n", encoding="utf-8")
    return path


def json_deals(capsys, *args: str) -> list[dict]:
    assert main(["analyze", "--json", "-j", "0", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_json_cards_carry_the_values_of_the_python_api(record, capsys):
    deals = json_deals(capsys, "--single-dummy", "--samples", "6", "--seed", "3", str(record))
    games = list(read_games(record))
    assert [(d["game"], d["deal"]) for d in deals] == [(1, 1), (1, 2)]
    for d in deals:
        g = games[d["game"] - 1]
        rs = game_ruleset(g)
        dr = next(x for x in replay_game(g).deals if x.deal == d["deal"])
        sd = single_dummy_deal(dr, rs, 6, 3)
        assert sd is not None and (d["sd_stopped"], d["sd_notes"]) == (None, [])
        assert len(d["cards"]) == len(sd.cards) == 32
        for card, c in zip(d["cards"], sd.cards, strict=True):
            assert card["card"] == CARD_TEXT[c.card]
            assert {k: card[k] for k in ("sd_before", "sd_after", "sd_loss", "sd_se",
                                         "sd_best", "samples", "determined")} == {
                "sd_before": round(c.sd_before, 3), "sd_after": round(c.sd_after, 3),
                "sd_loss": round(c.sd_loss, 3), "sd_se": round(c.sd_se, 3),
                "sd_best": [CARD_TEXT[x] for x in c.sd_best], "samples": 6,
                "determined": c.determined}
        for card in d["cards"][30:]:
            assert card["determined"] is True
            assert (card["sd_loss"], card["sd_best"], card["sd_se"]) == (
                card["loss"], card["best"], 0.0)


def test_the_seed_makes_the_layouts(record, capsys):
    def values(seed: str) -> list:
        return [(c["sd_before"], c["sd_after"]) for d in json_deals(
            capsys, "--single-dummy", "--samples", "4", "--seed", seed, str(record))
            for c in d["cards"]]
    first = values("1")
    assert values("1") == first
    assert values("2") != first


def test_text_says_where_the_analysis_stops(capsys):
    """data/samples/yu4-rules.bgn game 4: seat 2 plays 9S as seat 3 (C405)."""
    assert main(["analyze", "--single-dummy", "--samples", "2", "-j", "0", str(YU4)]) == 0
    out = capsys.readouterr().out.splitlines()
    at = out.index(f"{YU4} game 4 deal 1 (yu4, H by seat 2): "
                   "value 128, made double-dummy yes, made yes")
    assert out[at + 1] == ("  single-dummy: deal 1, trick 1, card 2 (9S by seat 2): not a legal "
                           "card, the analysis stops there")
    assert out[-5].split() == ["player", "cards", "avg", "loss", "lost", ">=", "10", "sd",
                               "cards", "avg", "sd", "loss"]


def test_samples_must_be_positive(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["analyze", "--single-dummy", "--samples", "0", str(YU4)])
    assert exc.value.code == 2
    assert "argument --samples: must be 1 or more, not 0" in capsys.readouterr().err
