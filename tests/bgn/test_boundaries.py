"""Where a game starts, three ways (ingest/bgn/boundaries.py): the reader's token
loop, the header scan and the chunker's cut finder must agree on every text."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.strategies import games

from ingest.bgn.boundaries import find_game_cut, scan_headers
from ingest.bgn.reader import parse_games
from ingest.bgn.writer import write_games
from ingest.chunks import split_stream


def _text(gs) -> str:
    for g in gs[:-1]:
        if not g.deals and g.result is None:
            g.result = "*"  # tags alone do not end a game
    out = io.StringIO()
    write_games(gs, out)
    return out.getvalue()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(games(tagged=True), min_size=1, max_size=5), st.integers(1, 400))
def test_reader_header_scan_and_chunk_cuts_agree(gs, target):
    text = _text(gs)
    read = list(parse_games(text))
    # the header scan sees the same games, with the same tags
    assert [g.tags for g in read] == list(scan_headers(io.StringIO(text)))
    # every cut falls on the first line of a game the reader starts there
    starts = {g.line for g in read}
    offset = 0
    while (cut := find_game_cut(text, offset)) is not None:
        assert text.count("\n", 0, cut) + 1 in starts, (cut, text)
        offset = cut + 1
    # chunks of whole games read back as the same games, in the same order
    chunks = list(split_stream(io.StringIO(text), "t.bgn", target))
    assert "".join(c.text for c in chunks) == text
    again = [g for c in chunks for g in parse_games(c.text)]
    assert [(g.tags, len(g.deals), g.result) for g in again] == \
        [(g.tags, len(g.deals), g.result) for g in read]
