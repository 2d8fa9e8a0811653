"""The score-sheet check: S601/S602 where the written ``score`` and ``total``
lines differ from the engine's (docs/bgn/report.md); ``-`` reads as 0, a
missing ``hang`` as 0."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from replay.engine.deal import DealWalk
from replay.model.record import ScoreLine
from replay.rules.tally import Points

#: the whole numbers whose written Decimal ``_same_numbers`` remembers: -R … R
_SHEET_RANGE: Final = 10000
#: the Decimal last found equal to each of them, at ``number + _SHEET_RANGE``
_SHEET_SEEN: Final[list[Decimal | None]] = [None] * (2 * _SHEET_RANGE + 1)


def _same_numbers(written: list[Decimal | None], engine: list[Points]) -> bool:
    """``written == engine`` for a sheet line's numbers (Decimals, None for ``-``)
    and the engine's (ints; a Decimal for a half).  The same answer, faster: the
    reader hands out one Decimal object per whole number, so the Decimal last
    found equal to an engine number is usually the very one written again, and
    a Decimal is never changed: the same object is equal again without the
    comparison (a Decimal against an int converts the int every time)."""
    if len(written) != len(engine):
        return False
    for i in range(len(written)):
        w = written[i]
        mine = engine[i]
        if type(mine) is int and -_SHEET_RANGE <= mine <= _SHEET_RANGE:
            seen = _SHEET_SEEN[mine + _SHEET_RANGE]
            if seen is not None and w is seen:
                continue
            if w is None or w != mine:
                return False
            _SHEET_SEEN[mine + _SHEET_RANGE] = w
        elif w != mine:
            return False
    return True


def compare_sheet(dw: DealWalk, line: ScoreLine | None, engine: list[Points], hang: Points,
                  code: str, what: str, hang_checked: bool = True) -> None:
    """S601/S602: one finding per line, at the first differing number
    (docs/bgn/report.md); ``-`` reads as 0, a missing ``hang`` as 0."""
    if line is None:
        return
    if _same_numbers(line.values, engine) and (not hang_checked or hang == (
            line.hang if line.hang is not None else 0)):
        return  # the sheet agrees (the usual case)
    if len(line.values) != len(engine):
        dw.flag(code, line.pos, None, None,
                f"the {what} line has {len(line.values)} numbers, not {len(engine)}")
        return
    for i, (written, mine) in enumerate(zip(line.values, engine, strict=True)):
        w = written if written is not None else 0
        if w != mine and Decimal(w) != Decimal(str(mine)):
            pos = line.value_pos[i] if i < len(line.value_pos) else line.pos
            label = dw.gw.side_name(i)
            dw.flag(code, pos, None, None,
                    f"{what} for {'side' if dw.rs.players == 4 else 'seat'} {label} "
                    f"is {mine}, not {w}")
            return
    if hang_checked:
        w = line.hang if line.hang is not None else 0
        if w != hang and Decimal(w) != Decimal(str(hang)):
            pos = line.hang_pos if line.hang is not None else line.pos
            dw.flag(code, pos, None, None, f"hanging points are {hang}, not {w}")
