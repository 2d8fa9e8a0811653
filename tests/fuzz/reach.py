"""The lines of the project's sources that a corpus reaches, with a line tracer
(``sys.settrace``) on the interpreted sources: the figure ``scripts/fuzz.py``
reports beside libFuzzer's edge counts, comparable between the builds because
every corpus is replayed on the same ``.py`` files."""

from __future__ import annotations

import inspect
import sys
import types
from pathlib import Path

from fuzz.properties import TARGETS

ROOT = Path(__file__).resolve().parent.parent.parent


def _code_lines(code: types.CodeType) -> set[int]:
    """The lines of the functions in ``code``: a module's or a class's own lines run
    when it is imported, not when an input reaches them."""
    out = set()
    if code.co_flags & inspect.CO_OPTIMIZED:
        out = {line for _, _, line in code.co_lines() if line is not None}
        out.discard(code.co_firstlineno)  # the def line runs at import
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out |= _code_lines(const)
    return out


def executable_lines(packages: tuple[str, ...]) -> dict[str, set[int]]:
    """Every line of code in a function of the packages' modules, by file."""
    out = {}
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            out[str(path)] = _code_lines(compile(source, str(path), "exec"))
    return out


def reached(target: str, corpus: list[Path], packages: tuple[str, ...]) -> str:
    """``reached/total`` lines of the functions of each of ``packages`` (folders) when
    every input of the ``corpus`` folders runs through the checks of ``target``."""
    lines = executable_lines(packages)
    seen: dict[str, set[int]] = {f: set() for f in lines}

    def tracer(frame: types.FrameType, event: str, arg: object):  # noqa: ANN202
        hits = seen.get(frame.f_code.co_filename)
        if hits is None:
            return None
        hits.add(frame.f_lineno)

        def local(frame: types.FrameType, event: str, arg: object):  # noqa: ANN202
            if event == "line":
                hits.add(frame.f_lineno)
            return local
        return local

    check = TARGETS[target]
    inputs = sorted(p for folder in corpus for p in folder.iterdir() if p.is_file())
    sys.settrace(tracer)
    try:
        for path in inputs:
            try:
                check(path.read_bytes())
            except Exception:  # noqa: BLE001 - a crash input still counts what it reached
                pass
    finally:
        sys.settrace(None)
    out = []
    for package in packages:
        files = [f for f in lines if Path(f).is_relative_to(ROOT / package)]
        total = sum(len(lines[f]) for f in files)
        hit = sum(len(seen[f] & lines[f]) for f in files)
        out.append(f"{package} {hit}/{total} ({100 * hit / total:.1f}%)")
    return ", ".join(out)
