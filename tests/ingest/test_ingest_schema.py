"""The schema is defined once (ingest/schema.py), documented (docs/dataset.md), and obeyed."""

from __future__ import annotations

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from support.ingest_util import REPO, write_corpus

from ingest.pipeline import ingest_paths
from ingest.runs.analyze import analyse_dataset
from ingest.schema import TABLES, render_markdown


def test_docs_are_generated_from_the_schema_module():
    doc = (REPO / "docs" / "dataset.md").read_text(encoding="utf-8")
    assert doc == render_markdown(), "run: python -m ingest.schema > docs/dataset.md"


def test_every_column_is_documented_and_every_table_has_game_id():
    assert list(TABLES) == ["games", "deals", "bids", "declarations", "tricks", "plays",
                            "violations", "records", "rejects", "card_analysis",
                            "deal_analysis", "game_analysis", "card_single_dummy",
                            "game_single_dummy"]
    for t in TABLES.values():
        names = [c.name for c in t.columns]
        assert len(names) == len(set(names)), t.name
        assert names[0] == "game_id", t.name
        assert t.column("game_id").type == pa.string()
        for c in t.columns:
            assert len(c.doc) > 12, (t.name, c.name)
        assert set(t.key) <= set(names)
        assert t.partitions == (("batch",) if t.name == "rejects" else ("variant", "batch"))
        for f in t.arrow_schema:
            assert f.metadata[b"doc"]  # the doc travels inside every Parquet file


@pytest.fixture(scope="module")
def ds(tmp_path_factory):
    root = tmp_path_factory.mktemp("schema")
    for i, v in enumerate(["yu4", "mk4", "bg4", "fr4", "contree"]):
        write_corpus(root / "in" / f"{v}.bgn", v, games=4, seed=i + 1, violation_rate=0.3)
    (root / "in" / "bad.bgn").write_text('[Variant "yu4"]\n\ndeal 1 dealer 9 x\n')
    ingest_paths([str(root / "in")], root / "ds", workers=0, analyze=True)
    # one layout a position: the single-dummy tables written at the least cost
    analyse_dataset(root / "ds", workers=0, single_dummy=(1, 0))
    return root / "ds"


def test_written_files_have_the_schema(ds):
    for name, t in TABLES.items():
        files = sorted((ds / name).glob("**/*.parquet"))
        assert files, name
        for f in files:
            schema = pq.read_schema(f)
            assert schema.equals(t.arrow_schema, check_metadata=False), (name, f)
            assert schema.metadata[b"table"] == name.encode()
            keys = [p.split("=")[0] for p in f.relative_to(ds / name).parts[:-1]]
            assert tuple(keys) == t.partitions


def test_duckdb_reads_every_table_with_its_partitions(ds):
    con = duckdb.connect()
    for name, t in TABLES.items():
        cur = con.execute(f"DESCRIBE SELECT * FROM read_parquet('{ds}/{name}/**/*.parquet', "
                          "hive_partitioning = true)")
        types = {row[0]: row[1] for row in cur.fetchall()}
        assert set(types) == {c.name for c in t.columns}, name
        if "seat" in types:
            assert types["seat"] == "TINYINT"
        if "deal" in types:
            assert types["deal"] == "SMALLINT"
    cur = con.execute(f"DESCRIBE SELECT * FROM read_parquet('{ds}/games/**/*.parquet', "
                      "hive_partitioning = true)")
    types = {row[0]: row[1] for row in cur.fetchall()}
    assert types["ingested_at"] == "TIMESTAMP WITH TIME ZONE"
    assert types["played_on"] == "DATE"
    assert types["other_tags"] == "MAP(VARCHAR, VARCHAR)"
    n = con.execute(f"SELECT count(DISTINCT variant) FROM read_parquet("
                    f"'{ds}/deals/**/*.parquet', hive_partitioning = true)").fetchone()[0]
    assert n == 5


def test_polars_reads_the_hive_layout(ds):
    pl = pytest.importorskip("polars")
    df = pl.scan_parquet(str(ds / "plays" / "**" / "*.parquet"), hive_partitioning=True).collect()
    assert {"variant", "batch", "card", "seat"} <= set(df.columns)
    assert df.height > 0


def test_parts_carry_statistics_and_encodings_by_column(ds):
    """Min/max statistics on the plain columns only (not on dictionary or list ones, nor
    on the SHA-256 identities, spread over every part, nor on the seats and counters
    every deal runs through);
    the counting columns without a dictionary (ingest.dataset.COLUMN_ENCODING); and
    what DuckDB and polars read from those columns equals what pyarrow reads."""
    pl = pytest.importorskip("polars")
    part = sorted((ds / "plays").glob("variant=yu4/**/*.parquet"))[0]
    meta = pq.ParquetFile(part).metadata.row_group(0)
    chunks = {meta.column(i).path_in_schema: meta.column(i) for i in range(meta.num_columns)}
    assert {p for p, c in chunks.items() if c.is_stats_set} == {"deal", "legal", "comment"}
    assert "RLE_DICTIONARY" not in chunks["idx"].encodings
    assert "PLAIN" in chunks["idx"].encodings and "PLAIN" in chunks["position"].encodings
    assert "DELTA_BINARY_PACKED" in chunks["trick"].encodings
    assert "RLE_DICTIONARY" in chunks["seat"].encodings
    assert "RLE_DICTIONARY" in chunks["card"].encodings
    deals = sorted((ds / "deals").glob("variant=yu4/**/*.parquet"))[0]
    dmeta = pq.ParquetFile(deals).metadata.row_group(0)
    dchunks = {dmeta.column(i).path_in_schema: dmeta.column(i)
               for i in range(dmeta.num_columns)}
    assert "DELTA_BINARY_PACKED" in dchunks["line"].encodings
    assert "RLE_DICTIONARY" in dchunks["score.list.element"].encodings
    assert not dchunks["score.list.element"].is_stats_set
    assert dchunks["deal"].is_stats_set and not dchunks["deal_id"].is_stats_set
    for path, cols in ((part, ["idx", "trick", "position", "seat", "card"]),
                       (deals, ["line", "deal", "score"])):
        expected = pq.read_table(path, columns=cols).to_pylist()
        assert expected
        got = duckdb.sql(f"SELECT {', '.join(cols)} FROM read_parquet('{path}')").fetchall()
        assert [tuple(r.values()) for r in expected] == [
            tuple(list(v) if isinstance(v, list) else v for v in r) for r in got]
        assert pl.read_parquet(path, columns=cols).to_dicts() == expected


def test_deal_id_by_variant_equals_the_games(tmp_path):
    from ingest.bgn.reader import read_games
    from ingest.bgn.writer import deal_id, variant_deal_id

    n = 0
    for i, v in enumerate(["yu4", "mk4", "bg4", "fr4", "contree"]):
        path = write_corpus(tmp_path / f"{v}.bgn", v, games=3, seed=40 + i)
        for game in read_games(path):
            for deal in game.deals:
                want = deal_id(game, deal)
                assert variant_deal_id(v, deal) == want
                if deal.hands is None:
                    continue
                n += 1
                # the same layout written out of order (the writer sorts it back)
                deal.hands = {seat: [dl[::-1] for dl in hand]
                              for seat, hand in reversed(deal.hands.items())}
                assert variant_deal_id(v, deal) == want
    assert n > 30
