"""Coverage-guided fuzzing of the reader, the writer, the JSON form and the engine
with atheris (libFuzzer for Python).

    python tests/fuzz/harness.py bgn [libFuzzer options] [CORPUS ...]
    python tests/fuzz/harness.py jsonl -runs=2000 -seed=1 corpus/
    python tests/fuzz/harness.py bgn crash-<sha1>      # run one saved input

``bgn`` feeds each input to the BGN reader as a file's bytes, ``jsonl`` to the
JSON Lines reader; every game read goes on through the writer, the JSON form
and validation, with the checks of ``tests/fuzz/properties.py``.  A failed check
or any exception is a crash: libFuzzer saves the input (``crash-<sha1>``, in the
folder of ``-artifact_prefix=``) and stops.  The seed games of
``tests/fuzz/seeds.py`` are always read (``build/fuzz/seeds-TARGET-MAXLEN``);
the first corpus folder given is read too and grows with every input that
reaches new code (without one: ``build/fuzz/corpus-TARGET``, kept from run to
run).  Files instead of folders are run once each.  ``scripts/fuzz.py`` runs
long campaigns on both builds (docs/dev/fuzzing.md).

What guides the search is coverage of Python bytecode: atheris instruments the
project's modules as they are imported.  A module compiled by mypyc is machine
code that atheris does not see, so on the compiled build only the interpreted
remainder (the JSON form, the rulesets' tables, validation's glue) guides it:
that run is a mutation run from the same corpus, and what it checks is the
compiled code, where a value of the wrong type raises ``TypeError``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUILD = HERE.parent.parent / "build" / "fuzz"
#: inputs longer than this are not tried (``-max_len=`` sets another bound; the seeds
#: are cut to it at a deal): a longer record only repeats what the reader and the
#: engine already do per deal
MAX_LEN = 4096


def main(argv: list[str]) -> None:
    import atheris

    if len(argv) < 2 or argv[1] not in ("bgn", "jsonl"):
        sys.exit(f"usage: {argv[0]} bgn|jsonl [libFuzzer options] [CORPUS ...]")
    target = argv[1]
    args = [argv[0], *argv[2:]]
    limits = [int(a.partition("=")[2]) for a in args if a.startswith("-max_len=")]
    if not limits:
        limits.append(MAX_LEN)
        args.append(f"-max_len={MAX_LEN}")
    # tests/ on the path, not this folder: its modules are the package ``fuzz``
    sys.path[:] = [str(HERE.parent), *(p for p in sys.path if Path(p or ".").resolve() != HERE)]
    # the double-dummy kernel is compiled by numba from its bytecode: instrumented, it
    # would call atheris from machine code, which numba refuses
    with atheris.instrument_imports(include=["ingest", "replay"], exclude=["replay.solver.kernel"]):
        from fuzz import properties, seeds

        check = properties.TARGETS[target]
        # a first pass over the seeds inside the hook, so that what the code imports
        # on first use (the rulesets, the scoring tables) is instrumented too
        folder = BUILD / f"seeds-{target}-{limits[-1]}"
        shutil.rmtree(folder, ignore_errors=True)
        seeds.write_seeds(target, folder, limits[-1])
        for path in sorted(folder.iterdir()):
            check(path.read_bytes())
    paths = [Path(a) for a in args[1:] if not a.startswith("-")]
    if not paths:
        corpus = BUILD / f"corpus-{target}"
        corpus.mkdir(parents=True, exist_ok=True)
        args.append(str(corpus))
    if not any(p.is_file() for p in paths):  # files given: libFuzzer runs each once
        args.append(str(folder))
    atheris.Setup(args, check)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
