"""The hand-made fair-play dataset: the club games (support/club_files.py) with analysis
tables whose values depend only on a card's place in its trick (worked out in
tests/analytics/test_fairplay_hand.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from analytics.fairplay import Tally
from ingest.pipeline import ingest_paths
from ingest.schema import TABLES
from support.club_files import FILE_A, FILE_B

DICT = pa.dictionary(pa.int32(), pa.string())
SD_SCHEMA = pa.schema([
    ("game_id", pa.string()), ("deal", pa.int16()), ("idx", pa.int8()), ("trick", pa.int8()),
    ("seat", pa.int8()), ("card", DICT), ("samples", pa.int16()), ("determined", pa.bool_()),
    ("sd_before", pa.float32()), ("sd_after", pa.float32()), ("sd_loss", pa.float32()),
    ("sd_best", pa.list_(DICT)), ("sd_se", pa.float32()), ("betl", pa.bool_())])

#: per place in the trick: (D, S, loss, sd_loss) with "x" for the card played
PLACES = {0: (["x"], ["x"], 0, 0.0), 1: (["x", "AS"], ["AS"], 0, 2.0),
          2: (["x"], ["AS"], 0, 4.0), 3: (["AS"], ["x"], 5, 0.0)}


def _cards(plays: list[dict]) -> tuple[dict, dict]:
    dd = {k: [] for k in ("game_id", "deal", "idx", "trick", "seat", "card", "before",
                          "after", "loss", "best", "betl")}
    sd = {name: [] for name in SD_SCHEMA.names}
    for p in plays:
        place = (p["idx"] - 1) % 4
        best, sd_best, loss, sd_loss = PLACES[place]
        x = p["card"]
        assert x != "AS" or place == 0
        sub = [x if c == "x" else c for c in best], [x if c == "x" else c for c in sd_best]
        row = {"game_id": p["game_id"], "deal": p["deal"], "idx": p["idx"],
               "trick": p["trick"], "seat": p["seat"], "card": x, "betl": False}
        for k, v in row.items():
            dd[k].append(v)
            sd[k].append(v)
        dd["before"].append(80)
        dd["after"].append(80 - loss)
        dd["loss"].append(loss)
        dd["best"].append(sub[0])
        sd["samples"].append(8)
        sd["determined"].append(p["trick"] == 8)
        sd["sd_before"].append(60.0)
        sd["sd_after"].append(60.0 - sd_loss)
        sd["sd_loss"].append(sd_loss)
        sd["sd_best"].append(sub[1])
        sd["sd_se"].append(1.0)
    return dd, sd


def hand_dataset(root: Path) -> Path:
    """The club dataset's tables in a plain folder under ``root``, with the analysis
    tables above; returns the folder."""
    (root / "a.bgn").write_text(FILE_A, encoding="utf-8")
    (root / "b.bgn").write_text(FILE_B, encoding="utf-8")
    ingest_paths([str(root / "a.bgn"), str(root / "b.bgn")], root / "ds", workers=0,
                 progress=False)
    plain = root / "plain"
    for table in ("games", "deals", "plays"):
        shutil.copytree(root / "ds" / table, plain / table)
    import duckdb

    with duckdb.connect() as con:
        plays = con.sql(f"""
SELECT p.game_id, p.deal, p.idx, p.trick, p.seat, p.card::VARCHAR AS card, p.variant
FROM read_parquet('{plain}/plays/**/*.parquet', hive_partitioning = true) p
JOIN read_parquet('{plain}/deals/**/*.parquet', hive_partitioning = true) d
  USING (game_id, deal)
WHERE d.bidder IS NOT NULL ORDER BY p.variant, p.game_id, p.deal, p.idx""").pl().to_dicts()
    assert len(plays) == 5 * 32
    for variant in ("yu4", "mk4"):
        dd, sd = _cards([p for p in plays if p["variant"] == variant])
        for table, cols, schema in (("card_analysis", dd, TABLES["card_analysis"].arrow_schema),
                                    ("card_single_dummy", sd, SD_SCHEMA)):
            folder = plain / table / f"variant={variant}" / "batch=hand"
            folder.mkdir(parents=True)
            pq.write_table(pa.table(cols, schema=schema), folder / "part-0.parquet")
    return plain


#: a population of 400 positions a camp in which 1 seen-only position in 10 is played to
#: a double-dummy best card and half the agreeing ones leave the single-dummy best
POPULATION = Tally("population", None, "yu4", 400, 400.0, 800.0, 200, 300, 400, 400.0, 800.0,
                   200, 300, 600, 300, 200, 20, 50, 40, 0.0, 50)
#: a player who leaves the single-dummy best as often as that population, yet plays a
#: double-dummy best card at 30 of 30 seen-only positions
PEEKER = Tally("player", "P", "yu4", 100, 50.0, 100.0, 50, 90, 100, 50.0, 100.0,
               50, 90, 150, 75, 30, 30, 10, 9, 0.0, 10)
