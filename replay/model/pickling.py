"""Pickling the engine's frozen records the same way compiled and interpreted.

Compiled by mypyc (docs/dev/compiled.md), a frozen dataclass cannot be unpickled
the default way: pickle makes the object empty and then sets its fields, which
the frozen class refuses.  Nor can a class with a constructor of its own that
takes arguments (the records and reports made per deal): compiled, making the
object runs that constructor.  Registered here, such a class is pickled (and copied)
through its constructor instead, interpreted as well, so that both ways give the
same objects: the dashboard's cache pickles games, reports and rulesets.
"""

from __future__ import annotations

import copyreg
from dataclasses import fields
from typing import Any


def _rebuilt(cls: type, init: dict[str, Any], later: dict[str, Any]) -> Any:
    obj = cls(**init)
    for name, value in later.items():  # fields the constructor does not take
        object.__setattr__(obj, name, value)
    return obj


def _by_fields(obj: Any) -> tuple[Any, tuple[type, dict[str, Any], dict[str, Any]]]:
    init: dict[str, Any] = {}
    later: dict[str, Any] = {}
    for f in fields(obj):
        if f.name.startswith("__"):  # compiled, ``__hash__ = None`` is listed as a field
            continue
        (init if f.init else later)[f.name] = getattr(obj, f.name)
    return _rebuilt, (type(obj), init, later)


def by_fields(*classes: type) -> None:
    """Pickle and copy these dataclasses (frozen, or with a constructor of their own)
    through their constructor."""
    for cls in classes:
        copyreg.pickle(cls, _by_fields)
