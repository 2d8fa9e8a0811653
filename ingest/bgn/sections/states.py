"""The reader's states, one per section, and the order sections stand in a deal.

A game is read as a run of states: the tags, the deal header, between sections,
then one state per section keyword, the result, and after it.  The states are
small ints (``Final``: compiled by mypyc, each is a constant, not a look-up in the
module's globals) so that the reader dispatches on them by index.
"""

from __future__ import annotations

from typing import Final

from ingest.bgn.errors import Stop, p101, p103, quote
from ingest.bgn.lexer import BADCOMBO, KW, Descriptor
from replay.model.elements import Pos

S_TAGS: Final = 0
S_HDR: Final = 1
S_DEAL: Final = 2
S_HANDS: Final = 3
S_TURN: Final = 4
S_TALON: Final = 5
S_BIDS: Final = 6
S_ANN: Final = 7
S_EXCH: Final = 8
S_DECL: Final = 9
S_PLAY: Final = 10
S_SCORE: Final = 11
S_TOTAL: Final = 12
S_RESULT: Final = 13
S_DONE: Final = 14

#: section keyword -> (state, order rank); ``announce`` is ranked where it stands
SECTIONS: Final[dict[str, tuple[int, float]]] = {
    "hands": (S_HANDS, 1.0), "turn": (S_TURN, 2.0), "talon": (S_TALON, 3.0),
    "bids": (S_BIDS, 4.0), "announce": (S_ANN, 5.0), "exchange": (S_EXCH, 6.0),
    "declare": (S_DECL, 7.0), "play": (S_PLAY, 9.0), "score": (S_SCORE, 10.0),
    "total": (S_TOTAL, 11.0),
}
#: each section's keyword and order rank by its state (the states from S_HANDS on)
SECTION_WORDS: Final[tuple[str, ...]] = ("", "deal", "") + tuple(SECTIONS)
SECTION_RANKS: Final[tuple[float, ...]] = (0.0, 0.0, 0.0) + tuple(r for _, r in SECTIONS.values())
#: the keywords that end a section: every section's, ``deal`` and ``result``
TOP_WORDS = frozenset(SECTIONS) | {"deal", "result"}


def unexpected(d: Descriptor, tok: str, pos: Pos, want: str) -> Stop:
    """The error for a token a section cannot hold (``want``: what it expected)."""
    if d[0] == KW:
        return p103(pos, f"{quote(tok)} cannot stand here: expected {want}")
    if d[0] == BADCOMBO:
        return p101(pos, d[1])
    return p101(pos, f"expected {want}, found {quote(tok)}")
