"""The plays and tricks tables built column-wise (ingest.playcols) against rows built
one by one from the report's ``plays`` and ``tricks`` records, on every variant."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from support.engine_util import TRICKS, record
from support.ingest_records import GAME1, GAME2, GAME3
from support.ingest_util import reference_rows

from ingest.bgn.reader import read_games
from ingest.bgn.writer import write_game
from ingest.events import Context, RowSink
from replay.engine.walk import replay_game
from replay.simulate import SUPPORTED, simulate_games

CTX = Context("f.bgn", "b", dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def built_rows(games) -> dict[tuple[str, str], list[dict]]:
    sink = RowSink(CTX)
    for game, report in games:
        sink.add_game(game, report, report.game_id)
    return {key: t.to_pylist() for key, t in sink.tables().items()
            if key[0] in ("plays", "tricks")}


def replayed(text: str, short_ids: bool = False):
    """(game, report) of every game that parses; ids as in a dataset (SHA-256 hex), or
    short ones of several widths (the other way the game_id column is built)."""
    from ingest.bgn.writer import read_game_id

    games = [g for g in read_games_text(text) if not g.errors]
    return [(g, replay_game(g, file="f.bgn", game_id=f"id-{g.index}" if short_ids
                            else read_game_id(g))) for g in games]


def read_games_text(text: str):
    import io

    return read_games(io.StringIO(text, newline="\n"), filename="f.bgn")


@pytest.mark.parametrize("variant", SUPPORTED)
def test_columns_equal_the_rows_of_the_records(variant):
    # violations (penalties that stop a deal half-way, cards out of turn), claims
    text = "\n".join(write_game(g) for g in simulate_games(variant, 6, 4242,
                                                             violation_rate=0.3))
    games = replayed(text)
    expected = reference_rows(games)
    assert expected.get(("plays", variant))
    assert built_rows(games) == expected


def test_bela_annotations_comments_claims_and_penalties():
    text = "\n".join([GAME1, GAME2, GAME3,
                      record("yu4", tricks=TRICKS[:6], claim="4: claim rest"),
                      record("mk4", tricks=TRICKS[:3] + ["QH! {why} AH 8H? 9H"])])
    games = replayed(text, short_ids=True)
    expected = reference_rows(games)
    notes = [(r["bela"], r["annotation"], r["comment"]) for r in expected[("plays", "yu4")]
             + expected[("plays", "mk4")] if r["bela"] or r["annotation"] or r["comment"]]
    assert ("bela", "!", "nice") in notes and (None, "!", "why") in notes
    assert built_rows(games) == expected


def test_a_game_that_fails_half_way_adds_no_play():
    games = replayed("\n".join([GAME1, GAME2]))
    sink = RowSink(CTX)
    game, report = games[1]
    before = built_rows(games[:1])
    sink.add_game(*games[0][:2], games[0][1].game_id)
    # breaks the deal rows half-way, after the first deal's rows (interpreted: no
    # attribute on None; compiled by mypyc: None where a DealReport is declared)
    game.deals = game.deals[:1] * 3
    report.deals = [report.deals[0], None, report.deals[0]]  # type: ignore[list-item]
    with pytest.raises((AttributeError, TypeError)):
        sink.add_game(game, report, report.game_id)
    assert {k: t.to_pylist() for k, t in sink.tables().items()
            if k[0] in ("plays", "tricks")} == before


def test_row_tables_convert_as_pa_array_does():
    """ingest.arrowrows gives every row table of every variant the values, types and
    nulls that ``pa.array`` gives, without loading pandas."""
    import pyarrow as pa

    from ingest.events import to_arrow
    from ingest.schema import TABLES

    text = "\n".join([GAME1, GAME2, GAME3] + [
        write_game(g) for v in SUPPORTED for g in simulate_games(v, 2, 99, violation_rate=0.3)])
    sink = RowSink(CTX)
    for game in read_games_text(text + '\n[Variant "yu4"]\n\ndeal 1 dealer 4\nbids ZZ\n'):
        if game.errors:
            e = game.errors[0]
            sink.add_reject(game, e.code, e.line, e.col, e.message)
        else:
            sink.add_game(game, replay_game(game, file="f.bgn"), f"id-{game.index}")
    seen = set()
    for (name, _), rows in sink.rows.items():
        if not rows:
            continue
        schema = TABLES[name].arrow_schema
        columns = zip(*rows, strict=True)
        expected = pa.Table.from_arrays(
            [pa.array([_floats(v) for v in col], type=f.type)
             for col, f in zip(columns, schema, strict=True)], schema=schema)
        got = to_arrow(name, rows)
        assert got.schema == expected.schema
        assert got.to_pylist() == expected.to_pylist()
        assert [c.null_count for c in got.columns] == [c.null_count for c in expected.columns]
        seen.add(name)
    assert seen == {"games", "deals", "bids", "declarations", "violations", "records",
                    "rejects"}


def _floats(value):
    """A row value for ``pa.array``: the engine's figures stay ints and Decimal halves
    in the rows (converted in C as their column is made), which ``pa.array`` takes
    only as floats."""
    if isinstance(value, list):
        return [float(v) if isinstance(v, Decimal) else v for v in value]
    return value


@pytest.mark.parametrize("typ, values", [
    ("dictionary", [None, "S", "H", None, "S", "NT"]),
    ("dictionary", ["B", "A", "B"]),
    ("int8", [None, -1, 3, 127, None]),
    ("int8", [1, 2, 3]),
    ("int16", [None, 300, 0]),
    ("bool", [None, True, False, True]),
    ("float64", [0.5, None, 162.0]),
    ("string", ["é", None, "x"]),
    ("list", [[1.0, 2.5], None, [], [None, 3.0]]),
    ("string", [None, None]),
])
def test_one_column_converts_as_pa_array_does(typ, values):
    """Nulls anywhere (first, last, every row), a dictionary's words in order of first
    appearance, signed bytes, lists with null items: ``column_array`` equals
    ``pa.array`` value for value, null for null."""
    import pyarrow as pa

    from ingest.arrowrows import column_array

    types = {"dictionary": pa.dictionary(pa.int32(), pa.string()), "int8": pa.int8(),
             "int16": pa.int16(), "bool": pa.bool_(), "float64": pa.float64(),
             "string": pa.string(), "list": pa.list_(pa.float64())}
    got = column_array(list(values), types[typ])
    expected = pa.array(values, type=types[typ])
    assert got.type == expected.type
    assert got.to_pylist() == expected.to_pylist() == values
    assert got.null_count == values.count(None)
    if typ == "dictionary":
        assert got.dictionary.to_pylist() == list(dict.fromkeys(v for v in values if v))


def test_ingest_rows_load_no_pandas_and_no_compute(tmp_path):
    """An ingest loads neither pandas nor ``pyarrow.compute`` (each costs tens of ms of
    CPU per process): not on canonical records, nor on a card's comment and
    annotation (a sparse plain string column), a missing score line (a null list) or
    extra tags (a map)."""
    import subprocess
    import sys

    from support.ingest_util import write_corpus

    src = write_corpus(tmp_path / "a.bgn", "yu4", games=2, seed=5, violation_rate=0.3)
    (tmp_path / "b.bgn").write_text(GAME1 + "\n" + GAME2 + "\n", encoding="utf-8")
    code = ("import sys; from ingest.pipeline import ingest_paths; "
            f"s = ingest_paths([{str(src)!r}, {str(tmp_path / 'b.bgn')!r}], "
            f"{str(tmp_path / 'ds')!r}, workers=0); "
            "print(s.games, 'pandas' in sys.modules, 'pyarrow.compute' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "4 False False"


def test_numbers_take_the_byte_way_only_where_it_is_exact():
    """Lists of ints 0..255 (0..127 for ``int8``) go through ``bytearray``; negative,
    large or float values go through ``array.array``, with its range errors."""
    import numpy as np

    from ingest.playcols import numbers

    got = numbers([0, 7, 255, True], np.int32)
    assert got.dtype == np.int32 and got.tolist() == [0, 7, 255, 1]
    assert numbers([3, -1, 300], np.int16).tolist() == [3, -1, 300]
    assert numbers([1, 2**40], np.int64).tolist() == [1, 2**40]
    assert numbers([], np.int64).tolist() == []
    assert numbers([1.5, 2], np.float64).tolist() == [1.5, 2.0]
    small = numbers([0, 5, 127, False], np.int8)
    assert small.dtype == np.int8 and small.tolist() == [0, 5, 127, 0]
    assert numbers([-1, 5], np.int8).tolist() == [-1, 5]
    with pytest.raises(OverflowError):
        numbers([200], np.int8)  # fits a byte, not a signed one
    with pytest.raises(OverflowError):
        numbers([1, 70_000], np.int16)
    with pytest.raises(TypeError):
        numbers([1, 2.5], np.int32)
    # packed by struct: the values array.array gives (float32 rounding, Decimal halves,
    # ints as floats), in an array that can be written to
    import array

    floats = numbers([0.1, 3, Decimal("0.5"), -1e30], np.float32)
    assert floats.tobytes() == array.array("f", [0.1, 3, 0.5, -1e30]).tobytes()
    wide = numbers([1, -2, 70_000], np.int32)
    wide[0] = 5
    assert wide.tolist() == [5, -2, 70_000]
