"""Game and deal identities hashed from the text as read (ingest.identity) equal the writer's."""

from __future__ import annotations

import io

import pytest
from support.ingest_util import table

from ingest.bgn.reader import read_games
from ingest.bgn.writer import deal_id, game_id, write_game
from ingest.identity import deal_ids, read_identity
from ingest.pipeline import ingest_paths
from replay.simulate import SUPPORTED, simulate_games


def _canonical_texts(variant: str, seed: int, violation_rate: float) -> list[str]:
    return [write_game(g) for g in simulate_games(variant, 3, seed, violation_rate=violation_rate)]


def _respelled(text: str) -> str:
    """The same game spelled otherwise: every seat's first delivery reversed on the hands
    lines, a doubled space in every trick line, and a comment before the first deal."""
    lines = text.split("\n")
    for j, line in enumerate(lines):
        if line.startswith("hands "):
            words = line.split(" ")
            out, delivery = [], []
            for w in words + [""]:
                if w == "hands" or w.endswith(":") or w == "/" or w == "":
                    out += delivery[::-1] if delivery else []
                    delivery = []
                    if w:
                        out.append(w)
                else:
                    delivery.append(w)
            lines[j] = " ".join(out)
        elif line[:1].isdigit():
            lines[j] = line.replace(" ", "  ", 1)
    return "\n".join(lines).replace("\n\ndeal 1 ", "\n\n{a note}\ndeal 1 ", 1)


@pytest.mark.parametrize("variant", SUPPORTED)
def test_identities_as_read_equal_the_writers(variant):
    """Every variant, with and without violations: a canonical record is identified as
    read, the same game spelled otherwise by writing it again, and both give the
    writer's ``game_id`` and ``deal_id`` of every deal."""
    texts = (_canonical_texts(variant, 31, 0.0) + _canonical_texts(variant, 32, 0.3))
    canonical_games = list(read_games(io.StringIO("\n".join(texts))))
    respelled_games = list(read_games(io.StringIO("\n".join(map(_respelled, texts)))))
    assert len(canonical_games) == len(respelled_games) == 6
    for plain, other in zip(canonical_games, respelled_games, strict=True):
        assert not plain.errors and not other.errors
        want_game = game_id(plain)
        want_deals = [deal_id(plain, d) for d in plain.deals]
        assert all(want_deals) and len(set(want_deals)) == len(want_deals)
        gid, canonical = read_identity(plain)
        assert (gid, deal_ids(plain, canonical)) == (want_game, want_deals)
        gid, canonical = read_identity(other)
        assert not canonical
        assert (gid, deal_ids(other, canonical)) == (want_game, want_deals)
    # the variants the reader reads whole take the short way, turn and talon included
    fast = sum(read_identity(g)[1] for g in canonical_games)
    if variant in ("yu4", "mk4", "bg4", "bg3", "bg2", "fr4", "contree", "ru-pair"):
        assert fast >= 3


def test_a_deal_without_hands_has_no_deal_id_and_the_next_ones_keep_theirs():
    text = _canonical_texts("bg2", 7, 0.0)[0]
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("hands "))
    del lines[first]  # the first deal's layout left out (and its turn and talon)
    while lines[first].startswith(("turn ", "talon ")):
        del lines[first]
    (game,) = read_games(io.StringIO("\n".join(lines)))
    gid, canonical = read_identity(game)
    assert canonical and gid == game_id(game)
    got = deal_ids(game, canonical)
    assert got[0] is None
    assert got == [deal_id(game, d) for d in game.deals]
    assert all(got[1:])


def test_ingest_gives_one_deal_id_to_every_spelling(tmp_path):
    """Two datasets, one from canonical records and one from the same games spelled
    otherwise: the same game ids and deal ids, row for row."""
    texts = [t for i, v in enumerate(SUPPORTED) for t in _canonical_texts(v, 50 + i, 0.1)]
    (tmp_path / "plain.bgn").write_text("\n".join(texts))
    (tmp_path / "other.bgn").write_text("\n".join(map(_respelled, texts)))
    got = {}
    for name in ("plain", "other"):
        s = ingest_paths([str(tmp_path / f"{name}.bgn")], tmp_path / f"ds-{name}", workers=0)
        assert (s.games, s.rejects) == (len(texts), 0)
        got[name] = [(r["game_id"], r["deal"], r["deal_id"])
                     for r in table(tmp_path / f"ds-{name}", "deals")]
    assert got["plain"] == got["other"]
    assert len(got["plain"]) > 200 and all(r[2] for r in got["plain"])


def test_layouts_that_do_not_match_the_hands_lines_go_the_writers_way():
    """A game changed after reading (one deal's layout emptied) no longer has a hands
    line per layout: the deal ids are the writer's, not shifted by a line."""
    (game,) = read_games(io.StringIO(_canonical_texts("yu4", 9, 0.0)[0]))
    gid, canonical = read_identity(game)
    assert canonical
    game.deals[0].hands = {}
    want = [deal_id(game, d) for d in game.deals]
    assert deal_ids(game, canonical) == want
    assert want[1:] == deal_ids(game, False)[1:] and want[0] is not None
