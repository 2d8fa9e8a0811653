"""The double-dummy metrics (accuracy, dd_contracts, bid_quality) over a real
dataset (Parquet + DuckDB), against the same figures counted in plain Python from
``replay.solver.analysis`` run directly on the record files."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import pytest
from support.dd_corpus import write_dd_corpus
from support.ingest_util import run_cli

from analytics import METRICS, Filters, open_dataset
from ingest.bgn.reader import read_games
from ingest.pipeline import ingest_paths
from replay.solver.analysis import analyse_game

CONTRACTS = ("S", "H", "D", "C", "NT", "AT")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return write_dd_corpus(tmp_path_factory.mktemp("dd-an") / "in")


@pytest.fixture(scope="module")
def ds(corpus, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("dd-an-ds") / "ds"
    s = ingest_paths([str(corpus)], root, workers=0, analyze=True)
    assert s.analysis_failures == []
    return root


@pytest.fixture(scope="module")
def played(corpus):
    """(variant, tags, report, analyses) of every game of the corpus."""
    out = []
    for path in sorted(corpus.glob("*.bgn")):
        for game in read_games(path):
            report, deals = analyse_game(game)
            out.append((report.variant, game.tags, report, deals))
    return out


def name(tags: dict, seat: int) -> str | None:
    """The player's name as analytics reads it: the SeatN tag trimmed, None if empty."""
    return (tags.get(f"Seat{seat}") or "").strip() or None


def rows(df, keys: list[str]) -> dict:
    return {tuple(r[k] for k in keys): {c: r[c] for c in df.columns if c not in keys}
            for r in df.iter_rows(named=True)}


def accuracy_tally(played, key) -> dict:
    t: dict = defaultdict(Counter)
    for variant, tags, _, deals in played:
        for a in deals:
            if a.betl:  # 1/0 values, not points
                continue
            for c in a.cards:
                k = key(variant, name(tags, c.seat), c.seat)
                t[k]["cards"] += 1
                t[k]["loss"] += c.loss
                t[k]["best"] += c.loss == 0
                t[k]["big"] += c.loss >= 10
    return t


@pytest.mark.parametrize("by", [["player"], ["variant"], ["player", "variant"], ["seat"]])
def test_accuracy_counts_every_analysed_card(ds, played, by):
    pick = {"player": 1, "variant": 0, "seat": 2}
    want = accuracy_tally(played, lambda *k: tuple(k[pick[b]] for b in by))
    got = rows(open_dataset(ds).query("accuracy", by), by)
    assert set(got) == set(want)
    for k, t in want.items():
        r = got[k]
        assert (r["cards"], r["big_losses"]) == (t["cards"], t["big"]), k
        assert r["avg_loss"] == pytest.approx(t["loss"] / t["cards"], rel=1e-12)
        assert r["best_rate"] == pytest.approx(t["best"] / t["cards"], rel=1e-12)
        assert r["big_loss_rate"] == pytest.approx(t["big"] / t["cards"], rel=1e-12)
    assert sum(t["big"] for t in want.values()) > 0  # the corpus has cards that lost 10+


def judged(played):
    """(variant, contract, bidder name, made_dd, made) of every analysed deal."""
    for variant, tags, report, deals in played:
        for a in deals:
            contract = CONTRACTS[report.deals[a.deal - 1].contract]
            yield variant, contract, name(tags, a.caller), a.made_dd, a.made


def test_dd_contracts_is_the_crosstab_of_made_dd_and_made(ds, played):
    want: dict = defaultdict(Counter)
    for variant, contract, _, made_dd, made in judged(played):
        if made_dd is None or made is None:
            continue
        want[(variant, contract)][(made_dd, made)] += 1
    got = rows(open_dataset(ds).query("dd_contracts", ["variant", "contract"]),
               ["variant", "contract"])
    assert set(got) == set(want)
    for k, t in want.items():
        r = got[k]
        n = sum(t.values())
        assert (r["contracts"], r["makeable_made"], r["makeable_fell"], r["unmakeable_made"],
                r["unmakeable_fell"]) == (n, t[(True, True)], t[(True, False)],
                                          t[(False, True)], t[(False, False)]), k
        assert r["makeable"] == t[(True, True)] + t[(True, False)]
        assert r["made"] == t[(True, True)] + t[(False, True)]
        assert r["makeable_rate"] == pytest.approx(r["makeable"] / n, rel=1e-12)
    total = Counter()
    for t in want.values():
        total.update(t)
    assert total[(True, False)] + total[(False, True)] > 0  # the table and best play differ


def test_bid_quality_counts_the_contracts_not_makeable(ds, played):
    want: dict = defaultdict(Counter)
    for _, _, player, made_dd, made in judged(played):
        if made_dd is None:
            continue
        want[player]["contracts"] += 1
        want[player]["unmakeable"] += not made_dd
        want[player]["unmakeable_made"] += (not made_dd) and bool(made)
    got = rows(open_dataset(ds).query("bid_quality", ["player"], min_n=5), ["player"])
    assert set(got) == {(p,) for p in want}
    for p, t in want.items():
        r = got[(p,)]
        assert (r["contracts"], r["unmakeable"], r["unmakeable_made"]) == (
            t["contracts"], t["unmakeable"], t["unmakeable_made"]), p
        assert r["rate"] == pytest.approx(t["unmakeable"] / t["contracts"], rel=1e-12)
        assert r["ci_low"] <= r["rate"] <= r["ci_high"]
        assert r["small_n"] == (t["contracts"] < 5)
    assert sum(t["unmakeable"] for t in want.values()) > 0


def test_filters_choose_the_games(ds, played):
    a = open_dataset(ds)
    bg3 = a.query("accuracy", ["variant"], Filters(variants=["bg3"]))
    want = accuracy_tally([p for p in played if p[0] == "bg3"], lambda v, *_: v)
    assert bg3.to_dicts() == [{"variant": "bg3", "cards": want["bg3"]["cards"],
                               "avg_loss": pytest.approx(want["bg3"]["loss"]
                                                         / want["bg3"]["cards"]),
                               "best_rate": pytest.approx(want["bg3"]["best"]
                                                          / want["bg3"]["cards"]),
                               "big_losses": want["bg3"]["big"],
                               "big_loss_rate": pytest.approx(want["bg3"]["big"]
                                                              / want["bg3"]["cards"])}]
    assert a.query("bid_quality", ["variant"], Filters(variants=["hu2"])).height == 0


def test_a_dataset_without_analysis_has_empty_metrics(corpus, tmp_path):
    root = tmp_path / "plain"
    ingest_paths([str(corpus / "yu4-rules.bgn")], root, workers=0)
    a = open_dataset(root)
    for metric in ("accuracy", "dd_contracts", "bid_quality"):
        assert a.query(metric, METRICS[metric].default_by).height == 0, metric
    assert a.query("accuracy").to_dicts() == [  # one total row, of nothing
        {"cards": 0, "avg_loss": None, "best_rate": None, "big_losses": 0,
         "big_loss_rate": None}]
    assert a.query("dd_contracts")["contracts"].to_list() == [0]
    assert a.query("bid_success", ["variant"]).height == 1  # the other metrics still work


def test_belot_stats_prints_accuracy(ds, played):
    p = run_cli("stats", str(ds), "--metric", "accuracy", "--by", "variant", "--format",
                "csv")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "variant,cards,avg_loss,best_rate,big_losses,big_loss_rate"
    want = accuracy_tally(played, lambda v, *_: v)
    assert [ln.split(",")[:2] for ln in lines[1:]] == [
        [v, str(want[v]["cards"])] for v in sorted(want)]
