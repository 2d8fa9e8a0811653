"""BGN, the notation: reading, writing, the JSON form, and which reader a file needs.

The package knows nothing of datasets or rules; it turns text into
:class:`replay.model.record.Game` records and back.  Its modules:

========================  ==========================================================
``lexer``                 tokens, opening files (``.gz``, BOM, CRLF)
``boundaries``            where a game starts (one rule for the reader, the header
                          scan and the ingest chunker)
``fastlines``             recognising canonical lines whole: templates and shapes
``sections``              the reader's sections: one module per family (deal header
                          and hands, auction and exchange, declarations, play and
                          claims, the score sheet); the game's state and each
                          family's record, below them all (``records``); a
                          keyword's closing and opening of sections in the deal's
                          order (``game``); canonical lines read whole (``fast``)
``reader``                the streaming reader: ``read_games``, ``parse_games``; the
                          line loop and a token's dispatch to its section
``writer``                canonical text and game/deal identity
``jsonform``              the JSON form and JSON Lines
``files``                 which reader a file needs, atomic writes
========================  ==========================================================

The names below are the public API (``from ingest.bgn import read_games``);
they are imported on first use, so ``import ingest.bgn`` costs nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "read_games": "reader", "parse_games": "reader", "parse_game": "reader",
    "scan_headers": "reader",
    "write_game": "writer", "write_games": "writer", "game_id": "writer",
    "game_to_json": "jsonform", "game_from_json": "jsonform", "read_jsonl": "jsonform",
    "FileKind": "files", "file_kind": "files", "read_records": "files",
    "RECORD_SUFFIXES": "files", "atomic_writer": "files",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'ingest.bgn' has no attribute {name!r}")
    value = getattr(import_module(f"ingest.bgn.{module}"), name)
    globals()[name] = value
    return value
