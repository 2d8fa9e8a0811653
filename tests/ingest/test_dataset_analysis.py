"""The double-dummy analysis in the dataset: ``belot ingest --analyze`` and
``belot analyze --into`` (tables card_analysis, deal_analysis, game_analysis).

A small corpus from the bundled records (data/samples, a few games of data/sim,
a Betl deal from tests/records) is ingested with real Parquet files and read
back with DuckDB.  The rows are checked against ``replay.solver.analysis`` run
directly on the same records, and the solver's values on the last tricks
against a plain minimax (tests/support/dd_brute.py); then: both ways of writing the
analysis give the same rows, a second run adds nothing, and a run killed
inside a commit (SIGKILL) or interrupted (an exception) leaves a readable
dataset that a re-run completes.
"""

from __future__ import annotations

import io
import shutil
import signal
from pathlib import Path

import pytest
from support.dd_brute import brute_value
from support.dd_corpus import write_dd_corpus
from support.ingest_util import REPO, check_consistent, run_cli

from ingest.bgn.reader import parse_games, read_games
from ingest.bgn.writer import game_id
from ingest.dataset import Dataset, compact, connect
from ingest.pipeline import ingest_paths
from ingest.progress import Progress
from ingest.runs.analyze import analyse_dataset
from ingest.schema import ANALYSIS_TABLES
from replay.model.cards import CARD_TEXT
from replay.rules.rulesets import load_ruleset
from replay.solver.analysis import analyse_game, deal_game

#: every column of the analysis tables that does not depend on the run
STABLE = {"card_analysis": "* EXCLUDE (batch)",
          "deal_analysis": "* EXCLUDE (batch, solver_ms)",
          "game_analysis": "* EXCLUDE (batch, solver_ms)"}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return write_dd_corpus(tmp_path_factory.mktemp("dd") / "in")


@pytest.fixture(scope="module")
def analysed(corpus, tmp_path_factory) -> Path:
    """The corpus ingested with ``--analyze`` (two worker processes)."""
    ds = tmp_path_factory.mktemp("dd-ingest") / "ds"
    s = ingest_paths([str(corpus)], ds, workers=2, chunk_chars=4000, analyze=True)
    assert s.analysis_failures == []
    return ds


@pytest.fixture(scope="module")
def added(corpus, tmp_path_factory) -> Path:
    """The corpus ingested plainly, then ``belot analyze --into`` (the CLI)."""
    ds = tmp_path_factory.mktemp("dd-into") / "ds"
    ingest_paths([str(corpus)], ds, workers=0)
    p = run_cli("analyze", "--into", str(ds), "-j", "2", "--chunk-kb", "3", "--quiet")
    assert p.returncode == 0, p.stderr
    return ds


def rows(ds: Path, table: str) -> list[tuple]:
    con = connect(ds)
    return sorted(con.execute(f"SELECT {STABLE[table]} FROM {table}").fetchall())


def expected(corpus: Path):
    """Per game (by game_id): its variant and ``replay.solver.analysis``'s result, computed
    directly from the record files."""
    out = {}
    for path in sorted(corpus.glob("*.bgn")):
        for game in read_games(path):
            report, deals = analyse_game(game)
            out[game_id(game)] = (report, deals)
    return out


def test_rows_are_replay_analysis_of_every_deal(corpus, analysed):
    want = expected(corpus)
    cards, deals, games = [], [], []
    for gid, (report, analyses) in want.items():
        variant = report.variant
        games.append((gid, len(analyses), len(report.deals) - len(analyses), variant))
        for a in analyses:
            dr = report.deals[a.deal - 1]
            deals.append((gid, a.deal, a.caller, ("S", "H", "D", "C", "NT", "AT")[dr.contract],
                          a.betl, a.value, a.made_dd, a.made, len(a.cards),
                          sum(c.loss for c in a.cards), variant))
            for k, c in enumerate(a.cards):
                cards.append((gid, a.deal, k + 1, c.trick, c.seat, CARD_TEXT[c.card], c.before,
                              c.after, c.loss, [CARD_TEXT[b] for b in c.best], a.betl,
                              variant))
    assert rows(analysed, "game_analysis") == sorted(games)
    assert rows(analysed, "deal_analysis") == sorted(deals)
    assert rows(analysed, "card_analysis") == sorted(cards)
    # the corpus: 21 sample games (15 deals solvable), 5 simulated games, 1 Betl deal
    assert len(games) == 27
    assert len(deals) == 15 + 8 + 7 + 10 + 10 + 6 + 1
    assert sum(d[4] for d in deals) == 1  # the Betl deal
    assert sum(1 for c in cards if c[8] > 0) > 50


def test_the_tables_agree_with_plays_and_deals(analysed):
    con = connect(analysed)
    one = lambda sql: con.execute(sql).fetchone()  # noqa: E731
    # every analysed card is the card played at that place
    assert one("SELECT count(*) FROM card_analysis c ANTI JOIN plays p "
               "USING (game_id, deal, idx, trick, seat, card)") == (0,)
    assert one("SELECT count(*) FROM card_analysis WHERE loss <> before - after OR loss < 0 "
               "OR list_contains(best, card) <> (loss = 0)") == (0,)
    # a deal's figures are its cards'; contract and made are the deal's
    assert one("SELECT count(*) FROM deal_analysis d JOIN (SELECT game_id, deal, count(*) n, "
               "sum(loss) l, max(idx) i FROM card_analysis GROUP BY ALL) c USING (game_id, deal)"
               " WHERE d.cards <> c.n OR d.total_loss <> c.l OR c.i <> c.n") == (0,)
    assert one("SELECT count(*) FROM deal_analysis a JOIN deals d USING (game_id, deal) "
               "WHERE a.contract <> d.contract OR a.caller <> d.bidder "
               "OR a.made IS DISTINCT FROM d.made") == (0,)
    assert one("SELECT count(*) FROM deal_analysis a ANTI JOIN card_analysis c "
               "USING (game_id, deal)") == (0,)
    # every game analysed once; deals + skipped = the game's deals
    assert one("SELECT count(*) FROM game_analysis a JOIN games g USING (game_id) "
               "WHERE a.deals + a.skipped <> g.deals") == (0,)
    assert one("SELECT count(*), count(DISTINCT game_id) FROM game_analysis") == (27, 27)
    assert one("SELECT count(*) FROM deal_analysis WHERE betl AND value NOT IN (0, 1)") == (0,)


def test_last_tricks_agree_with_a_plain_minimax(corpus, analysed):
    """Every card of the last two tricks, and every card that lost points in the
    last three: ``before`` and ``after`` recomputed by full minimax from the
    position the play reached (a computation independent of the solver)."""
    con = connect(analysed)
    stored = {(g, d, i): (b, a) for g, d, i, b, a in con.execute(
        "SELECT game_id, deal, idx, before, after FROM card_analysis").fetchall()}
    checked = lost = 0
    for path in sorted(corpus.glob("*.bgn")):
        for game in read_games(path):
            report, analyses = analyse_game(game)
            if not analyses:
                continue
            rs = load_ruleset(game.tags.get("Variant"), game.tags.get("Rules"),
                              game.tags.get("Target"))
            gid = game_id(game)
            for a in analyses:
                dr = report.deals[a.deal - 1]
                g, _ = deal_game(dr, rs)
                pos = g.start(dr.hands, dr.tricks[0].leader)
                for k, c in enumerate(a.cards):
                    left = rs.tricks - c.trick + 1
                    before, after = stored[(gid, a.deal, k + 1)]
                    if left <= 2 or (left == 3 and before > after):
                        camp = g.camp[c.seat]
                        assert brute_value(g, pos, camp) == before, (gid, a.deal, k + 1)
                        assert (g.gain(pos, c.card, camp)
                                + brute_value(g, g.after(pos, c.card), camp)) == after
                        checked += 1
                        lost += before > after
                    pos = g.after(pos, c.card)
    assert checked > 200 and lost >= 5, (checked, lost)


def test_ingest_analyze_equals_ingest_then_analyze_into(analysed, added):
    for table in STABLE:
        assert rows(added, table) == rows(analysed, table), table
    # and analyze --into commits its own batch, apart from the ingest's
    con = connect(added)
    assert con.execute("SELECT count(DISTINCT batch) FROM card_analysis").fetchone() == (1,)
    assert con.execute("SELECT count(*) FROM games g JOIN card_analysis c USING (game_id) "
                       "WHERE g.batch = c.batch").fetchone() == (0,)


def test_compaction_keeps_the_analysis_rows(added, tmp_path):
    ds = tmp_path / "ds"
    shutil.copytree(added, ds)
    parts = len(list((ds / "card_analysis").glob("**/*.parquet")))
    merged = compact(ds, tables=ANALYSIS_TABLES)
    assert merged["files_before"] > merged["files_after"]
    assert len(list((ds / "card_analysis").glob("**/*.parquet"))) < parts
    for table in STABLE:
        assert rows(ds, table) == rows(added, table), table


def test_a_second_run_adds_nothing(analysed, corpus, tmp_path):
    ds = tmp_path / "ds"
    shutil.copytree(analysed, ds)
    before = Dataset(ds).read_state().files
    s = analyse_dataset(ds, workers=0)
    assert (s.games, s.deals, s.cards, s.already, s.failures) == (0, 0, 0, 27, [])
    again = ingest_paths([str(corpus)], ds, workers=0, analyze=True, recheck=True)
    assert (again.games, again.analysed, again.skipped) == (0, 0, 27)
    assert Dataset(ds).read_state().files == before


def test_analyze_into_a_folder_that_is_not_a_dataset(tmp_path):
    p = run_cli("analyze", "--into", str(tmp_path / "none"))
    assert p.returncode == 2
    assert "not a dataset" in p.stderr and "belot ingest" in p.stderr
    p = run_cli("analyze", "--into", str(tmp_path / "none"), "data/samples")
    assert p.returncode == 2 and "takes no PATH" in p.stderr
    assert not (tmp_path / "none").exists()


@pytest.fixture(scope="module")
def samples_only(tmp_path_factory) -> Path:
    """data/samples ingested without analysis (21 games; cheap to solve)."""
    ds = tmp_path_factory.mktemp("dd-samples") / "ds"
    ingest_paths([str(REPO / "data" / "samples")], ds, workers=0)
    return ds


def analysed_ids(ds: Path) -> set[str]:
    return {r[0] for r in connect(ds).execute("SELECT game_id FROM game_analysis").fetchall()}


def check_whole(ds: Path) -> set[str]:
    """The committed snapshot is readable, the ingest tables are whole, and every
    game in game_analysis has all its analysis rows; returns the analysed ids."""
    check_consistent(ds)
    con = connect(ds)
    assert con.execute("SELECT count(*) FROM (SELECT game_id, sum(deals) n FROM game_analysis "
                       "GROUP BY ALL) g FULL JOIN (SELECT game_id, count(*) n FROM deal_analysis "
                       "GROUP BY ALL) d USING (game_id) WHERE g.n IS DISTINCT FROM d.n "
                       "AND coalesce(g.n, 0) + coalesce(d.n, 0) > 0").fetchone() == (0,)
    assert con.execute("SELECT count(*) FROM card_analysis ANTI JOIN deal_analysis "
                       "USING (game_id, deal)").fetchone() == (0,)
    return analysed_ids(ds)


@pytest.mark.parametrize("phase", ["staged", "logged", "renaming"])
def test_kill_inside_a_commit_then_rerun(samples_only, samples_reference, tmp_path, phase):
    ds = tmp_path / "ds"
    shutil.copytree(samples_only, ds)
    args = ("analyze", "--into", str(ds), "-j", "2", "--chunk-kb", "2", "--quiet")
    p = run_cli(*args, env={"BELOT_INGEST_CRASH": f"{phase}:2"})
    assert p.returncode == -signal.SIGKILL
    present = check_whole(ds)
    assert 0 < len(present) < 21  # units 0, 1 (and 2 once logged) are in
    with Dataset(ds).writer():
        pass  # recovery rolls a logged commit forward
    assert check_whole(ds) == present
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    assert f"{len(present)} analysed before" in done.stderr
    assert check_whole(ds) == analysed_ids(samples_reference)
    assert not list((ds / "_belot" / "staging").iterdir())


@pytest.fixture(scope="module")
def samples_reference(samples_only, tmp_path_factory) -> Path:
    """The same dataset analysed in one uninterrupted run."""
    ref = tmp_path_factory.mktemp("dd-ref") / "ds"
    shutil.copytree(samples_only, ref)
    s = analyse_dataset(ref, workers=0)
    assert (s.games, s.deals, s.already) == (21, 15, 0)
    return ref


def test_ingest_analyze_killed_inside_a_commit_then_rerun(samples_reference, tmp_path):
    """The analysis commits with the game's other rows: after a SIGKILL between the
    log record and the renames, every game present is analysed, and a re-run ends
    with the same rows as an uninterrupted run."""
    ds = tmp_path / "ds"
    args = ("ingest", str(REPO / "data" / "samples"), "--into", str(ds), "--analyze",
            "-j", "2", "--chunk-mb", "0.002", "--quiet")
    p = run_cli(*args, env={"BELOT_INGEST_CRASH": "renaming:2"})
    assert p.returncode == -signal.SIGKILL
    present = check_consistent(ds)
    assert 0 < len(present) < 21
    assert check_whole(ds) == present  # no game without its analysis, nor the reverse
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    assert check_whole(ds) == analysed_ids(samples_reference)
    for table in STABLE:
        assert rows(ds, table) == rows(samples_reference, table), table


class StopAfter(Progress):
    """A progress line whose ``n``-th update raises KeyboardInterrupt (a Ctrl-C
    between two commits of the run)."""

    def __init__(self, n: int) -> None:
        super().__init__(enabled=True, stream=io.StringIO())
        self.calls = 0
        self.n = n

    def advance(self, done: int, detail: str = "", force: bool = False) -> None:
        self.calls += 1
        if self.calls == self.n:
            raise KeyboardInterrupt


def test_interrupted_run_keeps_whole_units_and_a_rerun_finishes(samples_only, samples_reference,
                                                                 tmp_path):
    ds = tmp_path / "ds"
    shutil.copytree(samples_only, ds)
    with pytest.raises(KeyboardInterrupt):
        analyse_dataset(ds, workers=0, chunk_chars=2048, progress=StopAfter(3))
    present = check_whole(ds)
    assert 0 < len(present) < 21
    s = analyse_dataset(ds, workers=0, chunk_chars=2048)
    assert s.already == len(present) and s.games == 21 - len(present)
    for table in STABLE:
        assert rows(ds, table) == rows(samples_reference, table), table


def test_a_record_the_solver_cannot_take_gets_a_game_row_only(tmp_path):
    """A game without hands nor a complete play: read, nothing solvable, marked."""
    text = ('[Variant "yu4"]\n\ndeal 1 dealer 4\nbids 1: pass 2: H\nplay 1. 7H 8H 9H TH\n'
            "result *\n")
    (game,) = parse_games(text)
    assert not game.errors
    src = tmp_path / "short.bgn"
    src.write_text(text, encoding="utf-8")
    s = ingest_paths([str(src)], tmp_path / "ds", workers=0, analyze=True)
    assert (s.games, s.analysed) == (1, 0)
    con = connect(tmp_path / "ds")
    assert con.execute("SELECT deals, skipped FROM game_analysis").fetchall() == [(0, 1)]
    assert con.execute("SELECT count(*) FROM card_analysis").fetchone() == (0,)
