"""Idempotency (game_id is the identity), chunking that matches the serial reader, compaction."""

from __future__ import annotations

import shutil

import pytest
from support.ingest_util import check_consistent, ids_of, table, write_corpus

from ingest.bgn.reader import read_games
from ingest.bgn.writer import write_games
from ingest.dataset import Dataset, compact
from ingest.pipeline import ingest_paths
from ingest.schema import TABLES
from ingest.validation import validate_file

#: columns that name the run rather than the record
RUN_COLUMNS = {"batch", "ingest_batch", "ingested_at"}


def dump(root) -> dict[str, list[tuple]]:
    out = {}
    for name in TABLES:
        rows = table(root, name)
        out[name] = sorted(tuple(v for k, v in r.items() if k not in RUN_COLUMNS
                                 and k != "source_file") for r in rows)
    return out


def count(root, name: str) -> int:
    return len(table(root, name, order=False))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("corpus")
    a = write_corpus(root / "a.bgn", "yu4", games=12, seed=3, violation_rate=0.3)
    b = write_corpus(root / "b.bgn.gz", "mk4", games=12, seed=4, violation_rate=0.3)
    return root, a, b


def test_same_file_twice_adds_nothing(corpus, tmp_path):
    _, a, b = corpus
    ds = tmp_path / "ds"
    first = ingest_paths([str(a), str(b)], ds, workers=0)
    assert first.games == 24 and first.skipped == 0
    before = dump(ds)
    again = ingest_paths([str(a), str(b)], ds, workers=0)
    assert (again.files_unchanged, again.games, again.records) == (2, 0, 0)
    recheck = ingest_paths([str(a), str(b)], ds, workers=2, recheck=True)
    assert (recheck.games, recheck.skipped, recheck.records) == (0, 24, 24)
    assert dump(ds) == before
    assert check_consistent(ds) == set(ids_of(a)) | set(ids_of(b))


def test_same_games_in_another_file_add_nothing(corpus, tmp_path):
    root, a, _ = corpus
    ds = tmp_path / "ds"
    ingest_paths([str(a)], ds, workers=0)
    # the same games with other comments and another file name: the same identities
    games = list(read_games(a))
    for g in games:
        g.comments.append("copied from the club's sheet")
    copy = tmp_path / "copy.bgn"
    with open(copy, "w", encoding="utf-8") as fh:
        write_games(games[::-1], fh)
    s = ingest_paths([str(copy)], ds, workers=0)
    assert (s.games, s.skipped) == (0, 12)
    # one new game among known ones: only it is added
    new = write_corpus(tmp_path / "new.bgn", "yu4", games=1, seed=99)
    mixed = tmp_path / "mixed.bgn"
    mixed.write_text(copy.read_text() + "\n" + new.read_text())
    s = ingest_paths([str(mixed)], ds, workers=0)
    assert (s.games, s.skipped) == (1, 12)
    assert len(check_consistent(ds)) == 13


def test_a_game_twice_in_one_run_is_stored_once(corpus, tmp_path):
    _, a, _ = corpus
    twice = tmp_path / "twice.bgn"
    text = a.read_text()
    twice.write_text(text + "\n" + text)
    ds = tmp_path / "ds"
    # small chunks: the copies fall in different units, replayed in parallel
    s = ingest_paths([str(a), str(twice)], ds, workers=2, chunk_chars=2000)
    assert s.units > 10
    assert (s.games, s.skipped) == (12, 24)
    assert check_consistent(ds) == set(ids_of(a))
    games = table(ds, "games")
    assert {g["source_file"] for g in games} == {str(a)}  # the first occurrence wins


def test_rejects_are_kept_once(tmp_path):
    bad = tmp_path / "bad.bgn"
    bad.write_text('[Variant "yu4"]\n\ndeal 1 dealer 4\nbids pass ZZ\nresult *\n\n'
                   '[Variant "zz"]\n\ndeal 1 dealer 4\nbids pass\nresult *\n')
    ds = tmp_path / "ds"
    assert ingest_paths([str(bad)], ds, workers=0).rejects == 2
    s = ingest_paths([str(bad)], ds, workers=0, recheck=True)
    assert (s.rejects, s.skipped) == (0, 2)
    assert count(ds, "rejects") == 2


def test_chunked_parallel_ingest_reports_what_validate_reports(corpus, tmp_path):
    _, a, b = corpus
    ds = tmp_path / "ds"
    s = ingest_paths([str(a), str(b)], ds, workers=2, chunk_chars=1500)
    assert s.units > 20
    want = []
    games = []
    deals = table(ds, "deals")
    for path in (a, b):
        for rep in validate_file(path, display=str(path)):
            games.append((rep.game_id, str(path), rep.game))
            for v in rep.violations:
                want.append((rep.file, rep.game, v.code, v.line, v.col, v.deal, v.trick,
                             v.seat, v.message))
            want_deals = [(rep.game_id, d.deal, d.line, d.made, d.score, d.total)
                          for d in rep.deals]
            got_deals = [(d["game_id"], d["deal"], d["line"], d["made"], d["score"], d["total"])
                         for d in deals if d["game_id"] == rep.game_id]
            assert got_deals == want_deals
    got = [(v["source_file"], v["game_index"], v["code"], v["line"], v["col"], v["deal"],
            v["trick"], v["seat"], v["message"]) for v in table(ds, "violations")]
    assert sorted(got) == sorted(want) and want
    assert sorted((g["game_id"], g["source_file"], g["game_index"])
                  for g in table(ds, "games")) == sorted(games)


def test_game_numbers_are_exact_when_the_chunk_estimate_is_off(tmp_path):
    # blank lines inside a tag section: the chunker's quick count sees two games
    # where the reader sees one; the driver corrects the numbers at commit
    one = write_corpus(tmp_path / "one.bgn", "yu4", games=6, seed=5)
    text = one.read_text().replace('[Event "', '\n[Event "')
    odd = tmp_path / "odd.bgn"
    odd.write_text(text)
    serial = [(g.index, g.line) for g in read_games(odd)]
    ds = tmp_path / "ds"
    ingest_paths([str(odd)], ds, workers=2, chunk_chars=1000)
    got = sorted((g["game_index"], g["line"]) for g in table(ds, "games"))
    assert got == serial


def test_compaction_merges_parts_and_keeps_every_row(corpus, tmp_path):
    _, a, b = corpus
    ds = tmp_path / "ds"
    ingest_paths([str(a), str(b)], ds, workers=2, chunk_chars=5000)
    before = dump(ds)
    parts = len(list((ds / "plays").glob("**/*.parquet")))
    assert parts > 4
    out = compact(ds)
    assert out["files_after"] < out["files_before"]
    assert len(list((ds / "plays").glob("**/*.parquet"))) == 2  # one per variant folder
    assert dump(ds) == before
    check_consistent(ds)
    check_consistent(ds, through_log=False)
    assert compact(ds)["groups"] == 0  # nothing left to merge
    # the index still works after compaction
    s = ingest_paths([str(a), str(b)], ds, workers=0, recheck=True)
    assert (s.games, s.skipped) == (0, 24)
    assert not list((ds / "_belot" / "staging").iterdir())
    st = Dataset(ds).read_state()
    assert sum(st.files["games"].values()) == 24


def test_a_second_writer_is_refused_while_one_runs(tmp_path):
    from ingest.dataset import DatasetError

    ds = Dataset(tmp_path / "ds")
    with ds.writer(), pytest.raises(DatasetError, match="lock"), Dataset(ds.root).writer():
        pass
    shutil.rmtree(tmp_path / "ds")


def test_json_lines_input_is_the_same_games(corpus, tmp_path):
    import gzip

    from ingest.bgn.jsonform import dumps_game

    _, a, _ = corpus
    jl = tmp_path / "a.jsonl.gz"
    with gzip.open(jl, "wt", encoding="utf-8") as fh:
        for g in read_games(a):
            fh.write(dumps_game(g) + "\n\n")  # blank lines are skipped by the reader
    fresh = ingest_paths([str(jl)], tmp_path / "fresh", workers=2, chunk_chars=3000)
    assert (fresh.games, fresh.units > 3) == (12, True)
    assert sorted(g["game_index"] for g in table(tmp_path / "fresh", "games")) == list(
        range(1, 13))
    ds = tmp_path / "ds"
    ingest_paths([str(a)], ds, workers=0)
    s = ingest_paths([str(jl)], ds, workers=0)
    assert (s.games, s.skipped) == (0, 12)


def test_fsspec_urls_as_inputs(corpus, tmp_path):
    fsspec = pytest.importorskip("fsspec")
    _, a, b = corpus
    fs = fsspec.filesystem("memory")
    fs.pipe("/bench-in/a.bgn", a.read_bytes())
    fs.pipe("/bench-in/sub/b.bgn.gz", b.read_bytes())
    s = ingest_paths(["memory://bench-in/*.bgn", "memory://bench-in/sub"], tmp_path / "ds",
                     workers=2, chunk_chars=3000)
    assert (s.games, s.files) == (24, 2)
    files = {g["source_file"] for g in table(tmp_path / "ds", "games")}
    assert files == {fs.unstrip_protocol("/bench-in/a.bgn"),
                     fs.unstrip_protocol("/bench-in/sub/b.bgn.gz")}
    fs.rm("/bench-in", recursive=True)


def test_game_ids_hashed_as_read_equal_the_written_ones(tmp_path):
    """Workers hash a canonical game's source text as read (``read_game_id``) and write
    any other game again: both ways give ``game_id``, on canonical records and on the
    same games laid out otherwise (comments, spacing, hands out of order), in every
    variant the simulator plays, those the reader does not read whole included."""
    import random

    from ingest.bgn.writer import game_id, source_is_canonical
    from replay.simulate import SUPPORTED

    rng = random.Random(17)
    texts = []
    for i, v in enumerate(SUPPORTED):
        canonical = write_corpus(tmp_path / "in" / f"{v}.bgn", v, games=2, seed=170 + i,
                                 violation_rate=0.2).read_text().rstrip("\n").split("\n\n[")
        for k, text in enumerate(canonical):
            text = text if k == 0 else "[" + text
            texts.append(text)
            lines = text.split("\n")
            for j, line in enumerate(lines):
                if line.startswith("hands "):  # the first delivery of a seat reversed
                    head, _, rest = line.partition(": ")
                    cards = rest.split(" ")
                    n = next((i for i, c in enumerate(cards) if c == "/" or c.endswith(":")),
                             len(cards))
                    lines[j] = f"{head}: {' '.join(cards[n - 1::-1] + cards[n:])}"
                elif line[:1].isdigit() and rng.random() < 0.5:
                    lines[j] = line.replace(" ", "  ", 1)
            texts.append("\n".join(lines).replace("\n\ndeal 1", "\n\n{a note}\ndeal 1", 1))
    src = tmp_path / "mixed.bgn"
    src.write_text("\n\n".join(texts) + "\n")
    games = [g for g in read_games(src) if not g.errors]
    canonical = sum(source_is_canonical(g) for g in games)
    assert 0 < canonical < len(games) // 2 + 1  # both ways are taken
    expected = {game_id(g) for g in games}
    assert len(expected) == len(games) // 2  # each game twice: one identity
    ds = tmp_path / "ds"
    s = ingest_paths([str(src)], ds, workers=0)
    assert (s.games, s.skipped, s.rejects) == (len(expected), len(expected), 0)
    assert {r["game_id"] for r in table(ds, "games")} == expected


def test_default_units_are_two_per_worker(tmp_path):
    """Without --chunk-mb a worker gets two units of the input (each unit pays for its
    own Parquet parts), never below the 256 KB floor: a 600 KB file is two units of
    300 KB for one worker, and three of at most 256 KB for two (not four of 150 KB)."""
    from ingest.pipeline import MIN_UNIT_CHARS

    game = write_corpus(tmp_path / "one.bgn", "yu4", games=1, seed=8).read_text()
    game = game.rstrip("\n") + "\n\n"  # games apart by an empty line, as written
    copies = -(-600_000 // len(game))
    src = tmp_path / "many.bgn"
    src.write_text(game * copies)
    assert 2 * MIN_UNIT_CHARS < len(game) * copies < 4 * MIN_UNIT_CHARS
    for workers, units in ((0, 2), (2, 3)):
        s = ingest_paths([str(src)], tmp_path / f"ds{workers}", workers=workers)
        assert (s.units, s.records, s.games, s.skipped) == (units, copies, 1, copies - 1)
