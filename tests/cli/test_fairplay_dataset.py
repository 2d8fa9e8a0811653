"""``belot fairplay`` on a real dataset: the first two games of the bundled simulated
yu4 club night, ingested and analysed single-dummy (``belot analyze --single-dummy
--samples 2 --seed 1 --into``), then reported.  Every count of the JSON report is
recounted here from the Parquet rows in plain Python (not through the analytics'
SQL), and every statistic worked again from those counts with the formulas of
docs/fairplay.md."""

from __future__ import annotations

import csv
import io
import json
import math
from collections import defaultdict
from pathlib import Path

import polars as pl
import pytest
from support.fairplay_sim import analysed_sim_dataset

from belot.cli import main

SHRINK = 20  # positions at the population's rate mixed into a player's own


@pytest.fixture(scope="module")
def ds(tmp_path_factory):
    return analysed_sim_dataset(tmp_path_factory.mktemp("fairplay-ds"))


def table(ds: Path, name: str) -> pl.DataFrame:
    return pl.read_parquet(str(ds / name / "**" / "*.parquet"), hive_partitioning=True)


def recount(ds: Path) -> dict[tuple[str, str], dict[str, float]]:
    """Per (kind, name) and for the population: the counts of docs/fairplay.md."""
    games = {g["game_id"]: g for g in table(ds, "games").to_dicts()}
    bidder = {(d["game_id"], d["deal"]): d["bidder"] for d in table(ds, "deals").to_dicts()}
    dd = {(c["game_id"], c["deal"], c["idx"]): c for c in table(ds, "card_analysis").to_dicts()}
    out: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for c in table(ds, "card_single_dummy").to_dicts():
        b = bidder[c["game_id"], c["deal"]]
        if c["betl"] or c["determined"] or b is None:
            continue
        a = dd[c["game_id"], c["deal"], c["idx"]]
        g = games[c["game_id"]]
        name = g[f"tag_seat{c['seat']}"]
        partner = g[f"tag_seat{(c['seat'] + 1) % 4 + 1}"]
        camp = "call" if (c["seat"] - b) % 2 == 0 else "def"
        sd_best, dd_best = c["card"] in c["sd_best"], a["loss"] == 0
        agree = bool(set(a["best"]) & set(c["sd_best"]))
        for key in (("population", ""), ("player", name),
                    ("partnership", " & ".join(sorted((name, partner))))):
            t = out[key]
            t[f"{camp}_n"] += 1
            t[f"{camp}_loss"] += c["sd_loss"]
            t[f"{camp}_sq"] += c["sd_loss"] ** 2
            t[f"{camp}_sd"] += sd_best
            t[f"{camp}_dd"] += dd_best
            t["agree"] += agree
            t["left"] += agree and not sd_best
            t["critical"] += not agree
            t["seen"] += not agree and dd_best
            if c["idx"] == 1:
                t["leads"] += 1
                t["lead_dd"] += dd_best
    return out


def test_every_field_recounted_and_reworked(ds, capfd):
    capfd.readouterr()
    assert main(["fairplay", str(ds), "--json", "--min-cards", "100",
                 "--min-positions", "5"]) == 0
    out, err = capfd.readouterr()
    rows = json.loads(out)
    want = recount(ds)
    pop = want["population", ""]
    kept = sorted((k for k in want if k[0] != "population" and
                   want[k]["def_n"] + want[k]["call_n"] >= 100),
                  key=lambda k: (k[0] != "player", k[1]))
    assert [(r["kind"], r["player"]) for r in rows] == kept and len(kept) >= 4
    assert {r["variant"] for r in rows} == {"yu4"}
    p_seen = pop["seen"] / pop["critical"]
    d_pop = pop["left"] / pop["agree"]
    p_lead = pop["lead_dd"] / pop["leads"]
    pd, pc = pop["def_dd"] / pop["def_n"], pop["call_dd"] / pop["call_n"]
    tests = 0
    for r in rows:
        t = want[r["kind"], r["player"]]
        assert (r["cards"], r["defence_cards"], r["caller_cards"], r["agree"], r["left_sd"],
                r["critical"], r["seen_only"], r["leads"], r["lead_dd_best"]) == (
            t["def_n"] + t["call_n"], t["def_n"], t["call_n"], t["agree"], t["left"],
            t["critical"], t["seen"], t["leads"], t["lead_dd"])
        mean = pop["def_loss"] / pop["def_n"]
        sd = math.sqrt(pop["def_sq"] / pop["def_n"] - mean ** 2)
        assert r["defence_sd_loss"] == pytest.approx(t["def_loss"] / t["def_n"], rel=1e-6)
        assert r["defence_sd_loss_z"] == pytest.approx(
            (mean - t["def_loss"] / t["def_n"]) / (sd / math.sqrt(t["def_n"])), rel=1e-5)
        assert r["caller_sd_best"] == pytest.approx(t["call_sd"] / t["call_n"])
        assert r["caller_sd_best_pop"] == pytest.approx(pop["call_sd"] / pop["call_n"])
        e = p_seen * ((t["left"] + SHRINK * d_pop) / (t["agree"] + SHRINK)) / d_pop
        assert r["seen_only_expected"] == pytest.approx(e)
        if t["critical"] >= 5:
            tests += 1
            n, k = t["critical"], t["seen"]
            assert r["seen_only_z"] == pytest.approx((k - n * e) / math.sqrt(n * e * (1 - e)))
            assert r["seen_only_p"] == pytest.approx(sum(
                math.comb(int(n), i) * e ** i * (1 - e) ** (n - i)
                for i in range(int(k), int(n) + 1)))
        else:
            assert r["seen_only_z"] is None and r["seen_only_p"] is None
        if t["leads"] >= 5:
            tests += 1
            assert r["lead_dd_z"] == pytest.approx(
                (t["lead_dd"] - t["leads"] * p_lead)
                / math.sqrt(t["leads"] * p_lead * (1 - p_lead)))
        else:
            assert r["lead_dd_z"] is None
        gap = t["def_dd"] / t["def_n"] - t["call_dd"] / t["call_n"]
        assert r["gap"] == pytest.approx(gap) and r["gap_pop"] == pytest.approx(pd - pc)
        if t["def_n"] >= 5 and t["call_n"] >= 5:
            tests += 1
            se = math.sqrt(pd * (1 - pd) / t["def_n"] + pc * (1 - pc) / t["call_n"])
            assert r["gap_z"] == pytest.approx((gap - (pd - pc)) / se)
    assert {r["tests"] for r in rows} == {tests}
    assert rows[0]["alpha"] == pytest.approx(0.001 / tests)


def test_text_and_csv_agree_with_json(ds, capfd):
    capfd.readouterr()
    assert main(["fairplay", str(ds), "--json", "--min-cards", "100"]) == 0
    rows = json.loads(capfd.readouterr()[0])
    assert main(["fairplay", str(ds), "--csv", "--min-cards", "100"]) == 0
    got = list(csv.DictReader(io.StringIO(capfd.readouterr()[0])))
    assert [(r["kind"], r["player"], int(r["cards"]), r["flagged"]) for r in got] == [
        (r["kind"], r["player"], r["cards"], str(r["flagged"]).lower()) for r in rows]
    assert main(["fairplay", str(ds), "--min-cards", "100"]) == 0
    text = capfd.readouterr()[0].splitlines()
    assert [line.split()[0] for line in text[2:2 + len(rows)]] == [r["kind"] for r in rows]
    assert text[-1] == "nothing unusual at that threshold"
