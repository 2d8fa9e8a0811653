"""Every code block of the docs marked runnable runs as written, and prints what the page
shows (docs/dev/index.md#runnable-blocks says how to mark one).

An HTML comment on the line before a fence marks it (MkDocs renders nothing for it):

- ``<!-- runnable -->``: run the block, a ``python`` block with the project's Python,
  any other with bash (``belot`` on the PATH); ``<!-- runnable: ARGS -->`` gives a
  Python block its command-line arguments;
- ``<!-- file: NAME -->``: write the block's text to NAME, for a record the page shows
  and the commands after it read;
- ``<!-- output -->``: the block is what the runnable block before it printed,
  standard output and error as a terminal shows them, line for line.

Each page runs in a temporary folder of its own holding a copy of the bundled records
(``data/``) and of ``docs/bgn/examples/``; its blocks run in order and share it.  A
command that exits with 2 or more (a usage error, a file it cannot read) fails the
block (a Python block: the script's own exit status); 1 is a finding, an outcome the
pages show.  ``--8<--`` lines are read as
pymdownx.snippets reads them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
MARKER = re.compile(r"^<!-- (runnable|output|file)(?::\s*(.*?))?\s*-->$")
FENCE = re.compile(r"^(```+|~~~+)\s*([\w-]*)")
SNIPPET = re.compile(r'^\s*--8<-- "([^":]+)(?::([\w-]+))?"\s*$')
#: a command's exit status from which the block fails: 1 is a finding, 2 a usage error
FAILED_FROM = 2
#: bash stops at the first command that exits with FAILED_FROM or more, and says which
SHELL_PROLOGUE = (f'trap \'rc=$?; if [ $rc -ge {FAILED_FROM} ]; then '
                  'echo "exit $rc: $BASH_COMMAND" >&2; exit $rc; fi\' ERR\n')


@dataclass
class Block:
    kind: str  # runnable, output or file
    arg: str  # the marker's argument: Python's arguments, or the file's name
    language: str
    text: str
    line: int  # of the fence, from 1


def expand_snippets(text: str) -> str:
    """``--8<-- "path"`` and ``--8<-- "path:section"`` lines as the file's text."""
    out = []
    for line in text.split("\n"):
        m = SNIPPET.match(line)
        if m is None:
            out.append(line)
            continue
        body = (ROOT / m.group(1)).read_text(encoding="utf-8")
        if m.group(2):
            found = re.search(rf"--8<-- \[start:{m.group(2)}\][^\n]*\n(.*?)\n[^\n]*--8<-- "
                              rf"\[end:{m.group(2)}\]", body, re.S)
            assert found, f"no section {m.group(2)} in {m.group(1)}"
            body = found.group(1)
        out.append(body.rstrip("\n"))
    return "\n".join(out)


def marked_blocks(page: Path) -> list[Block]:
    """The marked blocks of a page, in order; a marker not followed by a fence is an error."""
    lines = page.read_text(encoding="utf-8").split("\n")
    blocks = []
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i].strip())
        if m is None:
            i += 1
            continue
        fence = FENCE.match(lines[i + 1]) if i + 1 < len(lines) else None
        assert fence, f"{page.name}:{i + 1}: a marker must stand right before a fence"
        end = i + 2
        while not lines[end].startswith(fence.group(1)):
            end += 1
        blocks.append(Block(m.group(1), m.group(2) or "", fence.group(2),
                            expand_snippets("\n".join(lines[i + 2:end])), i + 2))
        i = end + 1
    return blocks


def pages() -> list[Path]:
    return sorted(p for p in DOCS.rglob("*.md")
                  if any(b.kind == "runnable" for b in marked_blocks(p)))


def run_block(block: Block, where: Path) -> str:
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT), COLUMNS="100",
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    if block.language == "python":
        argv = [sys.executable, "-c", block.text, *block.arg.split()]
    else:
        argv = ["bash", "-c", SHELL_PROLOGUE + block.text]
    done = subprocess.run(argv, cwd=where, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300, check=False)
    assert done.returncode < FAILED_FROM, f"line {block.line}: exit {done.returncode}\n{done.stdout}"
    return done.stdout


def test_the_pages_with_runnable_blocks():
    """The pages this test runs; a page that loses its markers drops out of it."""
    assert [p.relative_to(DOCS).as_posix() for p in pages()] == [
        "analytics.md", "cookbook.md", "getting-started.md"]


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.relative_to(DOCS).as_posix())
def test_runnable_blocks_run_and_print_what_the_page_shows(page, tmp_path):
    shutil.copytree(ROOT / "data", tmp_path / "data", ignore=shutil.ignore_patterns("dataset"))
    shutil.copytree(DOCS / "bgn" / "examples", tmp_path / "docs" / "bgn" / "examples")
    printed = None
    for block in marked_blocks(page):
        if block.kind == "file":
            (tmp_path / block.arg).write_text(block.text + "\n", encoding="utf-8")
        elif block.kind == "runnable":
            printed = run_block(block, tmp_path)
        else:
            assert printed is not None, f"{page.name}:{block.line}: no runnable block before"
            got = [line.rstrip() for line in printed.rstrip("\n").split("\n")]
            assert got == block.text.split("\n"), f"{page.name}, the output at line {block.line}"
            printed = None
