"""The reader's parse errors: a located P101/P103 stops the game being read."""

from __future__ import annotations

from replay.model.elements import Pos


class Stop(Exception):  # noqa: N818 - a signal, not an error type
    """A parse error: stop reading this game."""

    def __init__(self, code: str, pos: Pos, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.pos = pos
        self.message = message


class NewGame(Exception):  # noqa: N818
    """A movetext token that starts a new game (after ``result``, or with no game open)."""


def quote(tok: str | None) -> str:
    if tok is None:
        return "the end of the game"
    if len(tok) > 40:
        tok = tok[:37] + "..."
    return f"'{tok}'"


def p101(pos: Pos, message: str) -> Stop:
    return Stop("P101", pos, message)


def p103(pos: Pos, message: str) -> Stop:
    return Stop("P103", pos, message)
