"""One engine, two ways to run it: compiled by mypyc (scripts/build_compiled.py) and
interpreted from the ``.py`` files.  Both must give the same reports, byte for
byte, on the bundled records, the test records and damaged copies of them.

The interpreted side runs in a copy of the project that holds no extension module
(``pure_tree``), so what runs there really is the ``.py`` sources; the probe
below checks it, and checks that the checkout runs the build.  Without a build
(``BELOT_PURE=1``) the comparisons are skipped: both sides would be the same
files.
"""

from __future__ import annotations

import random
import sys

import pytest
from support.mutations import mutate
from support.pure_python import ROOT, build_script, run_in

from ingest.bgn.lexer import open_text

BUILD = build_script()
BUILT = all(p.exists() for p in BUILD.built_files())
needs_build = pytest.mark.skipif(not BUILT, reason="no compiled build in place (BELOT_PURE=1)")

PROBE = ("import importlib, sys\n"
         "for m in sys.argv[1:]: print(importlib.import_module(m).__file__)")
MODULES = [m.removesuffix(".py").replace("/", ".") for m in BUILD.MODULES]


def damaged_copy(into) -> str:
    """The bundled simulated records with one token of one line in 150 edited (a
    swap, a drop, a copy or a word from elsewhere in the file): notation errors,
    rule breaches and wrong sheets in every variant."""
    rng = random.Random(1717)
    out = []
    for path in sorted((ROOT / "data" / "sim").glob("*.bgn.gz")):
        with open_text(path) as f:
            lines = f.read().splitlines()
        words = sorted({w for line in lines[:400] for w in line.split()})
        for line in lines:
            if line and rng.random() < 1 / 150:
                tokens = line.split()
                mutate(tokens, rng, words)
                line = " ".join(tokens)
            out.append(line)
    path = into / "damaged.bgn"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[str]:
    bundled = sorted(str(p) for pattern in ("samples/*.bgn", "sim/*.bgn.gz")
                     for p in (ROOT / "data").glob(pattern))
    tests = sorted(str(p) for p in (ROOT / "tests" / "records").rglob("*.bgn"))
    return [*bundled, *tests, damaged_copy(tmp_path_factory.mktemp("damaged"))]


@needs_build
def test_the_checkout_runs_the_build_and_the_copy_runs_the_sources(pure_tree):
    here = run_in(ROOT, ["-c", PROBE, *MODULES])
    there = run_in(pure_tree, ["-c", PROBE, *MODULES])
    assert here.returncode == there.returncode == 0, (here.stderr, there.stderr)
    suffix = BUILD.extension_suffix()
    files = here.stdout.decode().split()
    assert len(files) == len(MODULES)
    assert all(f.startswith(str(ROOT)) and f.endswith(suffix) for f in files), files
    files = there.stdout.decode().split()
    assert len(files) == len(MODULES)
    assert all(f.startswith(str(pure_tree)) and f.endswith(".py") for f in files), files


@needs_build
@pytest.mark.parametrize("report", [[], ["--json"]], ids=["text", "json"])
def test_compiled_and_interpreted_write_the_same_report(pure_tree, records, report):
    argv = ["-m", "belot", "validate", "-j", "1", *report, *records]
    compiled = run_in(ROOT, argv)
    pure = run_in(pure_tree, argv)
    assert compiled.returncode == pure.returncode == 1, pure.stderr  # the damaged file
    assert compiled.stdout == pure.stdout
    assert compiled.stderr == pure.stderr
    out = pure.stdout.decode()
    assert len(out.splitlines()) >= 200, out[:500]
    assert all(code in out for code in ("P101", "D203", "B30", "C40", "A50", "S60"))


def test_the_build_compiles_every_module_of_its_folders_but_the_listed_ones():
    """The compiled modules follow the folders: a module added under the record
    model, the rules, the replay or the notation is compiled without being named;
    the few left interpreted are listed, and nothing outside the folders but
    ingest's rows is compiled (the solver runs on numba, the simulator and the
    commands interpreted)."""
    under = sorted(p.relative_to(ROOT).as_posix() for folder in BUILD.COMPILED_FOLDERS
                   for p in (ROOT / folder).rglob("*.py") if p.name != "__init__.py")
    assert [m for m in under if m not in BUILD.MODULES] == [
        "ingest/bgn/encoding.py", "ingest/bgn/files.py", "ingest/bgn/inflate.py",
        "ingest/bgn/jsonform.py",
        "replay/model/pickling.py",
        *(f"replay/rules/rulesets/{family}.py" for family in (
            "bulgarian", "french", "hungarian", "macedonian", "russian", "yugoslav"))]
    assert [m for m in BUILD.MODULES if m not in under] == [
        "ingest/playcols.py", "ingest/arrowrows.py", "ingest/events.py", "ingest/identity.py"]
    assert {"replay/engine/walk.py", "replay/engine/play.py", "replay/model/lanes.py",
            "replay/rules/tally.py"} <= set(BUILD.MODULES)

def test_a_source_edited_after_the_build_makes_it_stale(tmp_path, monkeypatch):
    """What the suite's guard (conftest.py) relies on: a build stands for the exact
    sources it compiled, all of them, and for the step that put their docstrings in."""
    for m in (*BUILD.MODULES, BUILD.DOCSTRINGS_STEP):
        (tmp_path / m).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / m).write_bytes((ROOT / m).read_bytes())
    monkeypatch.setattr(BUILD, "ROOT", tmp_path)
    monkeypatch.setattr(BUILD, "STAMP", tmp_path / "build" / "sources.json")
    assert BUILD.stale() == []  # no build at all: the sources run, nothing is stale
    for p in BUILD.built_files():
        p.write_bytes(b"")
    assert BUILD.stale() == ["no record of the sources built (build/sources.json)"]
    BUILD.STAMP.parent.mkdir()
    BUILD.STAMP.write_text(__import__("json").dumps(BUILD.fingerprint()), encoding="utf-8")
    assert BUILD.stale() == []
    engine = tmp_path / "replay" / "engine" / "walk.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert BUILD.stale() == ["replay/engine/walk.py changed since the build"]
    step = tmp_path / BUILD.DOCSTRINGS_STEP
    step.write_text(step.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert BUILD.stale() == ["replay/engine/walk.py changed since the build",
                             "scripts/mypyc_docstrings.py changed since the build"]
    BUILD.built_files()[0].unlink()
    assert BUILD.stale() == ["a partial build: some extensions are missing"]
    assert sys.version in BUILD.fingerprint().values()


def test_classes_with_an_abstract_base_keep_isinstance_apart():
    """Compiled, a class with an abstract base (``Sequence``, ``Mapping``,
    ``io.TextIOBase``) would share its base's isinstance caches: a list passed for
    a ``PlayLane`` once something had asked whether a list is a ``Sequence``.  Each
    such class of a compiled module has caches of its own, compiled or not."""
    import abc
    import importlib
    import io
    from collections.abc import Mapping, Sequence

    from ingest.bgn.lexer import CRLFText
    from replay.model.lanes import CallLane, HandsLine, LinePlaces, PlayLane, RowPlaces

    for m in MODULES:
        module = importlib.import_module(m)
        for cls in vars(module).values():
            if isinstance(cls, abc.ABCMeta) and cls.__module__ == m:
                assert "_abc_impl" in cls.__dict__, cls
    for base, kind, sample, outsider in ((Sequence, PlayLane, PlayLane(4), []),
                                         (Mapping, LinePlaces, LinePlaces(1, {}), {}),
                                         (Mapping, HandsLine, HandsLine("hands", 1, ()), {}),
                                         (Sequence, RowPlaces, RowPlaces(1, "talon", 6), ()),
                                         (Sequence, CallLane, CallLane("bids", 1, ()), []),
                                         (io.TextIOBase, CRLFText, None, io.StringIO())):
        for _ in range(2):  # the second round reads the caches the first one filled
            assert isinstance(outsider, base) and not isinstance(outsider, kind)
            assert sample is None or isinstance(sample, base) and isinstance(sample, kind)


def test_games_reports_and_rulesets_survive_pickle_and_copy():
    """The dashboard's cache pickles games and reports, workers pickle what they
    send.  Compiled, a frozen dataclass or a class whose constructor takes
    arguments cannot be unpickled the default way; each is registered or says how
    (``replay.model.pickling``, ``__reduce__``).  Round trips give the same record, the
    same report and an equal ruleset, compiled or not."""
    import copy
    import pickle

    from ingest.bgn.reader import read_games
    from ingest.bgn.writer import write_game
    from replay.engine.walk import replay_game
    from replay.model.cards import CONTRACT_TABLES
    from replay.rules.rulesets import VARIANTS, load_ruleset

    records = [*sorted((ROOT / "data" / "samples").glob("*.bgn")),
               *sorted((ROOT / "tests" / "records").glob("*.bgn"))]
    games = [g for path in records for g in read_games(path)]
    assert len(games) > 20
    for game in games:
        report = replay_game(game)
        for back in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
            assert write_game(back) == write_game(game)
            assert replay_game(back).to_json() == report.to_json()
        assert pickle.loads(pickle.dumps(report)).to_json() == report.to_json()
    for variant in VARIANTS:
        rs = load_ruleset(variant, None, "1001")
        assert pickle.loads(pickle.dumps(rs)) == rs
    assert [pickle.loads(pickle.dumps(t)).strength for t in CONTRACT_TABLES] \
        == [t.strength for t in CONTRACT_TABLES]
