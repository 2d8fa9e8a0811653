"""The score sheet: ``score``, ``total``, and the game's ``result``.

``score`` holds the deal's points per side or seat, ``-`` for a side not scored,
perhaps ``hang N`` last (points carried to the next deal); ``total`` the running
totals, numbers only.  ``result`` ends the game: ``A``, ``B``, a seat, or ``*``
(docs/bgn/game.md).
"""

from __future__ import annotations

from ingest.bgn.errors import p101, p103, quote
from ingest.bgn.lexer import DASH, KW, NUMBER, STAR, WORD, Descriptor
from ingest.bgn.sections.records import GameState
from ingest.bgn.sections.states import S_DONE, S_SCORE, S_TOTAL, unexpected
from replay.model.elements import Pos
from replay.model.record import ScoreLine


def open_sheet(r: GameState, state: int, pos: Pos, line: ScoreLine | None) -> None:
    """A score or total section (``line``: its record when a fast line made it)."""
    sheet = r.sheet
    sheet.line = ScoreLine([], pos) if line is None else line
    if state == S_SCORE:
        r.deal.score = sheet.line
    else:
        r.deal.total = sheet.line
    sheet.hang_state = 0


def in_score(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    sheet = r.sheet
    kind = d[0]
    line = sheet.line
    total = r.sec == S_TOTAL
    if kind == NUMBER or kind == DASH:
        if sheet.hang_state == 2:
            raise p101(pos, f"'hang' stands last in 'score'; found {quote(tok)} after it")
        if kind == DASH:
            if total:
                raise p101(pos, "'-' cannot stand in 'total': totals are numbers")
            if sheet.hang_state == 1:
                raise p101(pos, "expected a number after 'hang', found '-'")
            line.values.append(None)
            line.value_pos.append(pos)
            return
        if sheet.hang_state == 1:
            line.hang = d[1]
            line.hang_pos = pos
            sheet.hang_state = 2
            return
        line.values.append(d[1])
        line.value_pos.append(pos)
    elif kind == KW and d[1] == "hang":
        if total:
            raise p103(pos, "'hang' cannot stand in 'total'")
        if sheet.hang_state:
            raise p103(pos, "a second 'hang' in 'score'")
        sheet.hang_state = 1
        sheet.hang_pos = pos
    else:
        raise unexpected(d, tok, pos, "a number or '-'" if not total else "a number")


def close_sheet(r: GameState, found: str | None) -> None:
    sheet = r.sheet
    if sheet.hang_state == 1:
        raise p101(sheet.hang_pos, f"expected a number after 'hang', found {quote(found)}")
    if not sheet.line.values and sheet.line.hang is None:
        raise p101(r.kw_pos, f"empty '{r.kw}' section")


def in_result(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    kind = d[0]
    value = None
    if kind == STAR:
        value = "*"
    elif kind == WORD and d[1] in ("A", "B"):
        value = d[1]
    elif kind == NUMBER and d[2] is not None:
        value = str(r.seat(d[2], tok, pos))
    if value is None:
        raise unexpected(d, tok, pos, "A, B, a seat number or '*' after 'result'")
    r.game.result = value
    r.game.result_pos = pos
    r.sec = S_DONE


def close_result(r: GameState, found: str | None) -> None:
    raise p101(r.kw_pos, "expected A, B, a seat number or '*' after 'result', "
                         f"found {quote(found)}")
