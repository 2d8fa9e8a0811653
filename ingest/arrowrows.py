"""Columns of Python values (the row tables' columns) as Arrow arrays, without ``pa.array``.

``pa.array`` loads pandas on its first call in a process, whatever it converts
(about 0.3 s of CPU, a tenth of an ingest worker's work on a 7 MB file, for a
library ingest never uses).  The tables here hold a few columns of a few kinds,
so each kind is built from numpy buffers (``Array.from_buffers``) and the nested
kinds from their parts: numbers and bools, strings (plain or dictionary-encoded),
dates, UTC timestamps, lists and maps.  ``tests/ingest/test_ingest_playcols.py`` compares
every table of every variant with ``pa.array``'s conversion.
"""

from __future__ import annotations

import array
import datetime as dt
from typing import Any

import numpy as np
import pyarrow as pa

from ingest.playcols import bool_array, dict_array, int_array, numbers, string_array, validity

_EPOCH = dt.date(1970, 1, 1)
_EPOCH_UTC = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
_MS = dt.timedelta(milliseconds=1)


def column_array(values: list[Any], typ: pa.DataType) -> pa.Array:
    """``values`` (None for null) as an Arrow array of ``typ``."""
    n = len(values)
    valid = None
    filled = values
    nulls = _count_nulls(values)
    if nulls:
        if nulls == n:  # a column nothing filled (comments, claims)
            return pa.nulls(n, typ)
        flags, filled = _fill_nulls(values, _ZERO.get(typ.id))
        valid = np.frombuffer(flags, dtype=np.bool_)
    if pa.types.is_dictionary(typ):
        words, codes = _codes(values)
        return dict_array(codes, string_array(words), valid)
    if pa.types.is_list(typ) or pa.types.is_map(typ):
        return _nested(values, typ, valid)
    if pa.types.is_string(typ):
        return string_array(filled, valid)
    if pa.types.is_boolean(typ):
        return bool_array(filled, valid)
    if pa.types.is_date32(typ):
        days = [(d - _EPOCH).days for d in filled]
        return pa.Array.from_buffers(typ, n, [validity(valid), pa.py_buffer(
            numbers(days, np.int32))])
    if pa.types.is_timestamp(typ) and typ.unit == "ms" and typ.tz == "UTC":
        ms = [(t - _EPOCH_UTC) // _MS for t in filled]
        return pa.Array.from_buffers(typ, n, [validity(valid), pa.py_buffer(
            numbers(ms, np.int64))])
    return int_array(filled, typ, valid)


def _count_nulls(values: list[Any]) -> int:
    """How many of ``values`` are None, by identity: ``None in values`` and
    ``values.count(None)`` compare every value with None through its ``__eq__``."""
    nulls = 0
    for v in values:
        if v is None:
            nulls += 1
    return nulls


def _fill_nulls(values: list[Any], zero: Any) -> tuple[bytearray, list[Any]]:
    """(a byte per value, 1 where it is not None; the values with ``zero`` for each
    None), in one pass: the flags become the validity bitmap, the filled values the
    data buffer (what stands under a null is never read)."""
    flags: list[int] = []
    filled: list[Any] = []
    for v in values:
        if v is None:
            flags.append(0)
            filled.append(zero)
        else:
            flags.append(1)
            filled.append(v)
    return bytearray(flags), filled


def _codes(values: list[Any]) -> tuple[list[str], list[int]]:
    """(the distinct values in order of first appearance, each value's index among
    them): a dictionary column's words and codes.  A None gets code 0, hidden by the
    validity bitmap."""
    code: dict[Any, int] = {}
    codes: list[int] = []
    last: Any = None
    c = 0
    for v in values:
        if v is None:
            codes.append(0)
            continue
        if v is not last:  # a run of one object (a game's file, a deal's sides) is
            last = v       # looked up once
            got = code.get(v)
            if got is None:
                got = code[v] = len(code)
            c = got
        codes.append(c)
    return list(code), codes


def _nested(values: list[Any], typ: pa.DataType, valid: np.ndarray | None) -> pa.Array:
    """A list or map column: offsets from the lengths, then the flattened items."""
    flat, ends = _flatten(values)
    offsets = np.frombuffer(array.array("i", ends), dtype=np.int32)  # past 255 at once
    offs = pa.Array.from_buffers(pa.int32(), len(offsets), [None, pa.py_buffer(offsets)])
    arr: pa.Array
    if pa.types.is_map(typ):
        keys = column_array([k for k, _ in flat], typ.key_type)
        vals = column_array([x for _, x in flat], typ.item_type)
        arr = pa.MapArray.from_arrays(offs, keys, vals, type=typ)
    else:
        arr = pa.ListArray.from_arrays(offs, column_array(flat, typ.value_type), type=typ)
    if valid is None:
        return arr
    # the nulls as a validity bitmap over the same offsets and items: ``from_arrays``'
    # ``mask`` would invert it with ``pyarrow.compute``, loaded for that alone (30 ms)
    return pa.Array.from_buffers(typ, len(values), [validity(valid), arr.buffers()[1]],
                                 children=[arr.values])


def _flatten(values: list[Any]) -> tuple[list[Any], list[int]]:
    """(every item of the lists in order, the offsets where each list ends, 0 first), in
    one pass; a None adds no item (its offsets make an empty slice)."""
    flat: list[Any] = []
    ends = [0]
    for v in values:
        if v is not None:
            flat.extend(v)
        ends.append(len(flat))
    return flat, ends


#: the value standing in for a null, per type (ignored: the validity bitmap says null)
_ZERO: dict[int, Any] = {pa.string().id: "", pa.bool_().id: False, pa.date32().id: _EPOCH,
         pa.timestamp("ms").id: _EPOCH_UTC, pa.int8().id: 0, pa.int16().id: 0,
         pa.int32().id: 0, pa.int64().id: 0, pa.float32().id: 0.0, pa.float64().id: 0.0}
