"""Play analysis (replay/solver/analysis.py) and ``belot analyze``: per-card losses checked
against the plain minimax where it is fast, the deal's value against the solver,
and the command's text, JSON and parallel runs on simulated games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.dd_brute import brute_value

from belot.cli import main
from ingest.bgn import parse_game, write_game
from replay.rules.rulesets import load_ruleset
from replay.simulate import simulate_games
from replay.solver.analysis import analyse_game, contract_text, deal_game

#: one 2-deal game per variant family: partnership, soloist, one against one, Hungarian
CASES = (("bg4", 11), ("contree", 12), ("yu3", 13), ("hu3", 14), ("bg2", 15))


def games_of(variant: str, seed: int, count: int = 1, deals: int = 2):
    return list(simulate_games(variant, count, seed, max_deals=deals))


@pytest.mark.parametrize(("variant", "seed"), CASES)
def test_card_losses_match_the_minimax_in_the_last_tricks(variant, seed):
    """For the cards of the last two tricks, before/after/loss/best equal what
    the plain minimax says, from the camp of the seat that played."""
    game = games_of(variant, seed, deals=1)[0]
    report, analyses = analyse_game(game)
    assert analyses
    rs = load_ruleset(game.tags.get("Variant"), game.tags.get("Rules"), game.tags.get("Target"))
    for a in analyses:
        dr = next(d for d in report.deals if d.deal == a.deal)
        g, _ = deal_game(dr, rs)
        pos = g.start(dr.hands, dr.tricks[0].leader)
        assert a.value == g.value(pos, 0)
        last_tricks = rs.tricks - 1
        for c in a.cards:
            assert c.loss >= 0
            assert (c.card in c.best) == (c.loss == 0)
            if c.trick >= last_tricks and not g.all_or_nothing:
                camp = g.camp[c.seat]
                assert c.before == brute_value(g, pos, camp)
                children = {x: g.gain(pos, x, camp) + brute_value(g, g.after(pos, x), camp)
                            for x in sorted(c.best)}
                assert all(v == c.before for v in children.values())
                assert c.after == g.gain(pos, c.card, camp) + brute_value(
                    g, g.after(pos, c.card), camp)
            pos = g.after(pos, c.card)


def test_values_chain_from_card_to_card():
    """Where two cards in a row belong to one camp, the second's 'before' is the
    first's 'after' less the trick it completed."""
    game = games_of("yu4", 21)[0]
    report, analyses = analyse_game(game)
    rs = load_ruleset("yu4")
    for a in analyses:
        dr = next(d for d in report.deals if d.deal == a.deal)
        g, _ = deal_game(dr, rs)
        pos = g.start(dr.hands, dr.tricks[0].leader)
        first = a.cards[0]
        assert first.before == g.value(pos, g.camp[first.seat])
        for prev, cur in zip(a.cards, a.cards[1:], strict=False):
            gained = g.gain(pos, prev.card, g.camp[prev.seat])
            pos = g.after(pos, prev.card)
            if g.camp[prev.seat] == g.camp[cur.seat]:
                assert cur.before == prev.after - gained


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """Two small files of simulated games (4 deals in all)."""
    root = tmp_path_factory.mktemp("analyze")
    for variant, seed in (("bg4", 31), ("hu3", 32)):
        text = "\n".join(write_game(g) for g in games_of(variant, seed, count=1, deals=2))
        (root / f"{variant}.bgn").write_text(text, encoding="utf-8")
    return root


def test_json_has_one_object_per_deal_in_input_order(records, capsys):
    assert main(["analyze", "--json", "-j", "1", str(records)]) == 0
    out, err = capsys.readouterr()
    deals = [json.loads(line) for line in out.splitlines()]
    assert [(d["file"].rsplit("/", 1)[-1], d["deal"]) for d in deals] == [
        ("bg4.bgn", 1), ("bg4.bgn", 2), ("hu3.bgn", 1), ("hu3.bgn", 2)]
    for d in deals:
        assert set(d) >= {"game", "deal", "variant", "contract", "value", "made_dd", "made",
                          "cards"}
        assert d["cards"] and all(set(c) == {"trick", "seat", "card", "loss", "best"}
                                  for c in d["cards"])
        assert all((c["loss"] == 0) == (c["card"] in c["best"]) for c in d["cards"])
        assert [c["trick"] for c in d["cards"]] == sorted(c["trick"] for c in d["cards"])
    assert "4 deal(s) analysed" in err


def test_parallel_run_prints_the_same_as_one_process(records, capsys):
    main(["analyze", "--json", "-j", "1", str(records)])
    inline = capsys.readouterr().out
    main(["analyze", "--json", "-j", "2", str(records)])
    assert capsys.readouterr().out == inline


def test_text_report_and_player_table(records, capsys):
    assert main(["analyze", "-j", "1", str(records)]) == 0
    out = capsys.readouterr().out
    assert "game 1 deal 1 (bg4, " in out and "made double-dummy" in out
    table = out[out.index("player "):].splitlines()
    assert table[0].split() == ["player", "cards", "avg", "loss", "lost", ">=", "10"]
    assert len(table) > 1


def test_missing_path_is_a_clear_error(capsys, tmp_path):
    assert main(["analyze", str(tmp_path / "nope.bgn")]) == 2
    assert "belot analyze:" in capsys.readouterr().err


def test_a_dask_cluster_prints_the_same_as_one_process(records, capsys):
    distributed = pytest.importorskip("distributed")
    main(["analyze", "--json", "-j", "1", str(records)])
    inline = capsys.readouterr().out
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        assert main(["analyze", "--json", "--scheduler", cluster.scheduler_address,
                     str(records)]) == 0
    assert capsys.readouterr().out == inline


def test_hands_rebuilt_from_a_whole_play_give_the_same_analysis():
    """A bg4 record without its hands section: the engine rebuilds each hand
    from the cards played, the analysis is the same."""
    game = games_of("bg4", 41)[0]
    _, with_hands = analyse_game(game)
    for deal in game.deals:
        deal.hands = None
    _, without = analyse_game(game)
    assert [(a.deal, a.value, [c.to_json() for c in a.cards]) for a in without] == [
        (a.deal, a.value, [c.to_json() for c in a.cards]) for a in with_hands]
    assert with_hands


def test_betl_deal_is_solved_as_can_the_soloist_be_forced_to_take_a_trick():
    """tests/records/hu3-base.bgn as Betl: the soloist (seat 1) wins trick 1 at
    the table and the play stops there; values are 0 or 1."""
    base = (Path(__file__).parents[1] / "records" / "hu3-base.bgn").read_text(encoding="utf-8")
    text = base.replace("announce 1: absolut\n", "").replace(
        "declare 1: run5:AH 2: run3:9S 3: run4:AC run3:9C",
        "declare 1: run5:AH 2: run3:9S 3: run4:AC run3:9C\nannounce 1: betl")
    text = text[:text.index("2. AH")] + "result *\n"
    game = parse_game(text)
    _, (a,) = analyse_game(game)
    assert a.betl and contract_text(a) == "betl" and a.made is False
    assert a.value in (0, 1) and a.made_dd == (a.value == 1)
    assert [c.trick for c in a.cards] == [1, 1, 1]
    first = a.cards[0]
    assert first.before == a.value  # seat 1, the soloist, leads: camp 0
    for c in a.cards:
        assert c.before in (0, 1) and c.after in (0, 1) and c.loss >= 0
        assert (c.card in c.best) == (c.loss == 0)
