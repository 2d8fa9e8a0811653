"""Compile the reader and the engine with mypyc: the one build of the C extensions,
used by ``pip install .``, ``python -m build`` and the editable install of
``scripts/setup.sh`` (setup.py hands setuptools the command below), and runnable
on its own in the checkout (docs/install.md; docs/dev/compiled.md says what the
compiled sources must respect).

    python scripts/build_compiled.py            # build in place, or say the build is up to date
    python scripts/build_compiled.py --check    # exit 1 when a build is stale or partial
    python scripts/build_compiled.py --clean    # remove the build: the .py sources run

The same sources run either way: mypyc turns each module of ``MODULES`` (every
module under a few folders, ``COMPILED_FOLDERS``) into a C extension
(``replay/engine/walk.cpython-311-x86_64-linux-gnu.so`` beside
``replay/engine/walk.py``), and Python imports an extension before a source of the
same name.  Without the extensions the interpreter runs the ``.py`` files.  A
wheel is built pure (``py3-none-any``, the sources interpreted) when
``BELOT_PURE=1`` is set or when no C compiler can build an extension for this
Python; the build says so in one line.

An extension is compiled code: after editing one of those sources it no
longer matches.  The build therefore records a hash of every source it compiled
(``build/mypyc/sources.json``); ``--check`` compares them, the test suite refuses
to run on a stale build, and building again rebuilds (about a minute
and a half on two cores).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "mypyc"
STAMP = BUILD / "sources.json"
#: the step of the build that puts the docstrings into the generated C
DOCSTRINGS_STEP = "scripts/mypyc_docstrings.py"
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
    "ingest/bgn/encoding.py",  # text that could not be decoded: only then
    "ingest/bgn/jsonform.py",  # JSON Lines records: the json module does the reading
    "ingest/bgn/inflate.py",  # a gzip file's bytes: a call per block, zlib does the work
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
    """What a build depends on: each compiled source's hash, the step that puts the
    docstrings into the C, the Python and the mypyc."""
    import mypy.version

    out = {m: hashlib.sha256((ROOT / m).read_bytes()).hexdigest()
           for m in (*MODULES, DOCSTRINGS_STEP)}
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


#: the setting that asks for a pure build (the .py sources, no compiler needed)
PURE = "BELOT_PURE"


def no_compiler() -> str | None:
    """Why no C extension can be built for this Python (None: one can): a file that
    includes Python.h, compiled and linked as ``build_ext`` would (``CC``, ``LDSHARED``
    and the rest of the environment honoured)."""
    import sysconfig
    import tempfile
    from distutils.ccompiler import new_compiler
    from distutils.sysconfig import customize_compiler

    import setuptools  # noqa: F401  (distutils below is setuptools' own copy)

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.c"
        src.write_text("#include <Python.h>\nint belot_probe(void) { return 0; }\n",
                       encoding="ascii")
        try:
            cc = new_compiler()
            customize_compiler(cc)
            objects = cc.compile([str(src)], output_dir=tmp,
                                 include_dirs=[sysconfig.get_path("include")])
            cc.link_shared_object(objects, str(Path(tmp) / ("probe" + extension_suffix())))
        except Exception as exc:  # CompileError, LinkError, a missing program: all say why
            return " ".join(str(exc).split()) or type(exc).__name__
    return None


def planned_extensions() -> list:
    """The ``ext_modules`` setup.py gives setuptools: none for a pure build
    (``BELOT_PURE=1``, or no working C compiler), else one stand-in for the shared
    library that the build command replaces with mypyc's extensions when it runs.
    Running mypy and mypyc only then keeps the sdist and the metadata steps quick,
    and a stand-in is enough to make the wheel a platform wheel."""
    if os.environ.get(PURE, "0") == "1" or no_compiler():
        return []
    return stand_in()


def stand_in() -> list:
    """The one extension setuptools is told of before mypyc has run: the shared
    library every compiled module loads."""
    from setuptools import Extension

    return [Extension(GROUP + "__mypyc", sources=[])]


def pure_reason() -> str:
    """The one line a pure build prints."""
    if os.environ.get(PURE, "0") == "1":
        why = f"{PURE}=1"
    else:
        why = f"no C compiler could build an extension: {no_compiler()}"
    return (f"belot-replay: building a pure-Python wheel ({why}); the reader and the "
            "engine run interpreted, validation about half as fast")


def mypyc_extensions() -> list:
    """mypy checks ``MODULES`` and mypyc writes their C (under ``build/mypyc/c``),
    one shared library for all of them, so that calls between them are direct C
    calls; the sources' docstrings then go into that C (:mod:`mypyc_docstrings`:
    mypyc keeps none).  mypy reads its options from pyproject.toml, as for the type
    check."""
    from mypyc.build import mypycify
    from mypyc_docstrings import keep_docstrings

    t = time.perf_counter()
    print(f"build_compiled: compiling {len(MODULES)} modules with mypyc "
          "(about a minute and a half) ...", flush=True)
    # the warning about mypy sections for modules not in this build is noise here;
    # paths from the project's root (setuptools and main() run from there), which the
    # compiled modules' tracebacks name
    ext = mypycify(["--no-warn-unused-configs", *MODULES],
                   group_name=GROUP, target_dir=str(BUILD / "c"), opt_level="3",
                   debug_level="0")
    kept = keep_docstrings(sorted((BUILD / "c").rglob("*.c")),
                           {m.removesuffix(".py").replace("/", "."): ROOT / m for m in MODULES})
    print(f"build_compiled: C generated in {time.perf_counter() - t:.0f}s ({kept} "
          "docstrings put in); compiling it", flush=True)
    return list(ext)


def commands() -> dict[str, type]:
    """setuptools' ``build_ext`` and ``build_py`` as this build runs them: the
    extensions from mypyc (skipped in place when the build there is up to date),
    and the one line that says a build is pure."""
    from setuptools.command.build_ext import build_ext
    from setuptools.command.build_py import build_py

    class BuildCompiled(build_ext):
        def run(self) -> None:
            in_place = bool(self.inplace or self.editable_mode)
            if in_place and all(p.exists() for p in built_files()) and not stale():
                print(f"build_compiled: {len(MODULES)} modules compiled, up to date")
                return
            t = time.perf_counter()
            # setuptools settles each extension when the command is finalized, which
            # was for the stand-in: a plain build_ext with these options builds mypyc's
            self.distribution.ext_modules = mypyc_extensions()
            inner = build_ext(self.distribution)
            for option in ("inplace", "editable_mode", "build_lib", "build_temp", "force",
                           "parallel", "debug", "compiler", "plat_name"):
                setattr(inner, option, getattr(self, option))
            inner.ensure_finalized()
            inner.run()
            self.extensions = inner.extensions  # what later steps ask this command for
            if in_place:
                STAMP.parent.mkdir(parents=True, exist_ok=True)
                STAMP.write_text(json.dumps(fingerprint(), indent=1), encoding="utf-8")
            print(f"build_compiled: done in {time.perf_counter() - t:.0f}s", flush=True)

    class BuildPy(build_py):
        def run(self) -> None:
            if not self.distribution.has_ext_modules():
                print(pure_reason(), flush=True)
            super().run()

    return {"build_ext": BuildCompiled, "build_py": BuildPy}


def build() -> int:
    """The build in place, by the same command as a wheel's."""
    from setuptools import Distribution

    why = no_compiler()
    if why:
        print(f"build_compiled: no C compiler could build an extension ({why}); the .py "
              "sources run", file=sys.stderr)
        return 1
    dist = Distribution({"ext_modules": stand_in(), "cmdclass": commands()})
    cmd = dist.get_command_obj("build_ext")
    cmd.inplace = True
    cmd.build_temp = str(BUILD / "tmp")
    cmd.build_lib = str(BUILD / "lib")
    dist.run_command("build_ext")
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
    os.chdir(ROOT)  # mypy finds pyproject.toml and the packages from here
    return build()


if __name__ == "__main__":
    sys.exit(main())
