"""Compile the reader and the engine with mypyc, in place (docs/dev/compiled.md says
what the compiled sources must respect).

    python scripts/build_compiled.py            # build, or say the build is up to date
    python scripts/build_compiled.py --check    # exit 1 when a build is stale or partial
    python scripts/build_compiled.py --clean    # remove the build: the .py sources run

The same sources run either way: mypyc turns each module of ``MODULES`` (every
module under a few folders, ``COMPILED_FOLDERS``) into a C extension
(``replay/engine/walk.cpython-311-x86_64-linux-gnu.so`` beside
``replay/engine/walk.py``), and Python imports an extension before a source of the
same name.  Without the extensions, or with ``BELOT_PURE=1`` given to
``scripts/setup.sh``, the interpreter runs the ``.py`` files.

An extension is compiled code: after editing one of those sources it no
longer matches.  The build therefore records a hash of every source it compiled
(``build/mypyc/sources.json``); ``--check`` compares them, the test suite refuses
to run on a stale build, and running this script again rebuilds (about a minute
and a half on two cores).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "mypyc"
STAMP = BUILD / "sources.json"
#: all modules go into one shared library, so that calls between them are direct C calls
GROUP = "replay.compiled"

#: the hot path of ``belot validate`` and ``belot ingest``, by folder: the notation
#: (lexer, fast lines, the reader's state machine, the writer), the record model, the
#: rules and the replay with its report.  Every module under these folders is
#: compiled but those of ``INTERPRETED``; the solver (numba), the simulator and the
#: commands stand outside them and stay interpreted.
COMPILED_FOLDERS = ("ingest/bgn", "replay/model", "replay/rules", "replay/engine")
#: modules and folders under ``COMPILED_FOLDERS`` left interpreted: called once per
#: file or per ruleset, compiling them would lengthen the build and gain nothing
INTERPRETED = (
    "ingest/bgn/files.py",  # which reader a file needs: once per file
    "ingest/bgn/jsonform.py",  # JSON Lines records: the json module does the reading
    "replay/model/pickling.py",  # registers the records with copyreg, at import
    "replay/rules/rulesets",  # the table of variants and the builders: once per ruleset
)
#: belot ingest's rows and Arrow columns
COMPILED_MODULES = (
    "ingest/playcols.py",
    "ingest/arrowrows.py",
    "ingest/events.py",
    "ingest/identity.py",
)


def compiled_modules() -> tuple[str, ...]:
    """The sources a build compiles, as paths from the project's root: every module
    under ``COMPILED_FOLDERS`` (a package's ``__init__`` stays interpreted) but those
    of ``INTERPRETED``, then ``COMPILED_MODULES``."""
    found = []
    for folder in COMPILED_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            left_out = any(name == x or name.startswith(x + "/") for x in INTERPRETED)
            if path.name != "__init__.py" and not left_out:
                found.append(name)
    return (*found, *COMPILED_MODULES)


MODULES = compiled_modules()


def extension_suffix() -> str:
    import sysconfig

    return str(sysconfig.get_config_var("EXT_SUFFIX"))


def built_files() -> list[Path]:
    """The extensions a build puts beside the sources: one per module and the shared
    library they all load."""
    suffix = extension_suffix()
    group = ROOT / (GROUP.replace(".", "/") + "__mypyc" + suffix)
    return [*(ROOT / (m.removesuffix(".py") + suffix) for m in MODULES), group]


def fingerprint() -> dict[str, str]:
    """What a build depends on: each compiled source's hash, the Python and the mypyc."""
    import mypy.version

    out = {m: hashlib.sha256((ROOT / m).read_bytes()).hexdigest() for m in MODULES}
    out["python"] = sys.version
    out["mypy"] = mypy.version.__version__
    return out


def stale() -> list[str]:
    """Why the build in place does not match the sources (empty: it does).  No
    extension at all is no build, not a stale one."""
    present = [p for p in built_files() if p.exists()]
    if not present:
        return []
    if len(present) < len(built_files()):
        return ["a partial build: some extensions are missing"]
    try:
        recorded = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [f"no record of the sources built ({STAMP.relative_to(ROOT)})"]
    now = fingerprint()
    return [f"{k} changed since the build" for k in now if recorded.get(k) != now[k]]


def pure_copy(into: Path) -> Path:
    """The project's packages, tests, scripts, benchmarks and bundled records copied
    under ``into`` without any extension module or bytecode: run from there (first on
    the module path), Python can only import the ``.py`` sources.  Returns ``into``."""
    import shutil

    skip = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "out")
    for name in ("belot", "replay", "ingest", "analytics", "dashboard", "tests", "scripts",
                 "benchmarks"):
        shutil.copytree(ROOT / name, into / name, symlinks=True, ignore=skip)
    shutil.copytree(ROOT / "data", into / "data")
    shutil.copy(ROOT / "pyproject.toml", into / "pyproject.toml")
    return into


def clean() -> int:
    removed = [p for p in built_files() if p.exists()]
    for p in removed:
        p.unlink()
    STAMP.unlink(missing_ok=True)
    print(f"build_compiled: removed {len(removed)} extension(s); the .py sources run")
    return 0


def build() -> int:
    if any(p.exists() for p in built_files()) and not stale():
        print(f"build_compiled: {len(MODULES)} modules compiled, up to date")
        return 0
    from mypyc.build import mypycify
    from setuptools import Distribution

    t = time.perf_counter()
    print(f"build_compiled: compiling {len(MODULES)} modules with mypyc "
          "(about a minute and a half) ...", flush=True)
    # mypy reads its options from pyproject.toml, as for the type check; the
    # warning about sections for modules not in this build is noise here
    ext = mypycify(["--no-warn-unused-configs", *(str(ROOT / m) for m in MODULES)],
                   group_name=GROUP, target_dir=str(BUILD / "c"), opt_level="3",
                   debug_level="0")
    print(f"build_compiled: C generated in {time.perf_counter() - t:.0f}s; compiling it",
          flush=True)
    dist = Distribution({"ext_modules": ext})
    cmd = dist.get_command_obj("build_ext")
    cmd.inplace = True
    cmd.build_temp = str(BUILD / "tmp")
    cmd.build_lib = str(BUILD / "lib")
    dist.run_command("build_ext")
    STAMP.write_text(json.dumps(fingerprint(), indent=1), encoding="utf-8")
    print(f"build_compiled: done in {time.perf_counter() - t:.0f}s")
    return 0


def main() -> int:
    head, _, rest = (__doc__ or "").partition("\n\n")
    ap = argparse.ArgumentParser(description=head, epilog=rest,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    what = ap.add_mutually_exclusive_group()
    what.add_argument("--check", action="store_true",
                      help="only say whether the build in place matches the sources")
    what.add_argument("--clean", action="store_true",
                      help="remove the extensions, so that the .py sources run")
    args = ap.parse_args()
    if args.clean:
        return clean()
    if args.check:
        why = stale()
        for line in why:
            print(f"build_compiled: stale: {line}", file=sys.stderr)
        if not why:
            built = any(p.exists() for p in built_files())
            print(f"build_compiled: {'up to date' if built else 'no build; the .py sources run'}")
        return 1 if why else 0
    import os

    os.chdir(ROOT)  # mypy finds pyproject.toml and the packages from here
    return build()


if __name__ == "__main__":
    sys.exit(main())
