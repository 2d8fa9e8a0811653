"""Columns of Python values (the row tables' columns) as Arrow arrays, without ``pa.array``.

``pa.array`` loads pandas on its first call in a process, whatever it converts
(about 0.3 s of CPU, a tenth of an ingest worker's work on a 7 MB file, for a
library ingest never uses).  The tables here hold a few columns of a few kinds,
so each kind is built from numpy buffers (``Array.from_buffers``) and the nested
kinds from their parts: numbers and bools, strings (plain or dictionary-encoded),
dates, UTC timestamps, lists and maps.  ``tests/test_ingest_playcols.py`` compares
every table of every variant with ``pa.array``'s conversion.
"""

from __future__ import annotations

import datetime as dt
from functools import partial
from itertools import chain
from operator import is_not
from typing import Any

import numpy as np
import pyarrow as pa

from ingest.playcols import bool_array, dict_array, int_array, numbers, string_array, validity

_NOT_NONE = partial(is_not, None)
_EPOCH = dt.date(1970, 1, 1)
_EPOCH_UTC = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
_MS = dt.timedelta(milliseconds=1)


def column_array(values: list[Any], typ: pa.DataType) -> pa.Array:
    """``values`` (None for null) as an Arrow array of ``typ``."""
    valid = None
    if _has_null(values):
        if values.count(None) == len(values):  # a column nothing filled (comments, claims)
            return pa.nulls(len(values), typ)
        valid = np.fromiter(map(_NOT_NONE, values), dtype=bool, count=len(values))
    if pa.types.is_dictionary(typ):
        words = list(dict.fromkeys(values))
        if valid is not None:
            words.remove(None)
        code = {w: i for i, w in enumerate(words)}
        code[None] = 0  # a null's index, hidden by the validity bitmap
        return dict_array(np.fromiter(map(code.__getitem__, values), dtype=np.int32,
                                      count=len(values)), string_array(words), valid)
    if pa.types.is_list(typ) or pa.types.is_map(typ):
        return _nested(values, typ, valid)
    filled: list[Any] = values if valid is None else [_ZERO[typ.id] if v is None else v
                                                      for v in values]
    if pa.types.is_string(typ):
        return string_array(filled, valid)
    if pa.types.is_boolean(typ):
        return bool_array(filled, valid)
    if pa.types.is_date32(typ):
        days = [(d - _EPOCH).days for d in filled]
        return pa.Array.from_buffers(typ, len(days), [validity(valid), pa.py_buffer(
            numbers(days, np.int32))])
    if pa.types.is_timestamp(typ) and typ.unit == "ms" and typ.tz == "UTC":
        ms = [(t - _EPOCH_UTC) // _MS for t in filled]
        return pa.Array.from_buffers(typ, len(ms), [validity(valid), pa.py_buffer(
            numbers(ms, np.int64))])
    return int_array(filled, typ, valid)


def _has_null(values: list[Any]) -> bool:
    """``None in values``, by identity: ``in`` compares every value with None through
    its ``__eq__`` (an eighth of a row table's conversion)."""
    for v in values:
        if v is None:
            return True
    return False


def _nested(values: list[Any], typ: pa.DataType, valid: np.ndarray | None) -> pa.Array:
    """A list or map column: offsets from the lengths, then the flattened items."""
    items = [() if v is None else v for v in values] if valid is not None else values
    offsets = np.zeros(len(items) + 1, dtype=np.int32)
    np.cumsum(np.fromiter(map(len, items), dtype=np.int32, count=len(items)), out=offsets[1:])
    flat = list(chain.from_iterable(items))
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


#: the value standing in for a null, per type (ignored: the validity bitmap says null)
_ZERO: dict[int, Any] = {pa.string().id: "", pa.bool_().id: False, pa.date32().id: _EPOCH,
         pa.timestamp("ms").id: _EPOCH_UTC, pa.int8().id: 0, pa.int16().id: 0,
         pa.int32().id: 0, pa.int64().id: 0, pa.float32().id: 0.0, pa.float64().id: 0.0}
