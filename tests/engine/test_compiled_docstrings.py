"""The compiled build keeps the docstrings: ``help(read_games)`` reads the same in it
as from the ``.py`` file (scripts/mypyc_docstrings.py puts them into mypyc's C), and
the signature ``inspect`` reads is still there.  Skipped without a build
(``BELOT_PURE=1``), where the ``.py`` files run and keep their docstrings anyway;
the C strings the build writes are checked either way."""

from __future__ import annotations

import ast
import importlib
import inspect
import pydoc

import pytest
from support.pure_python import ROOT, build_script, is_compiled

BUILD = build_script()
BUILT = all(p.exists() for p in BUILD.built_files())
needs_build = pytest.mark.skipif(not BUILT, reason="no compiled build in place (BELOT_PURE=1)")


def source_docs(path) -> dict[str, str]:
    """The module's public functions' and classes' docstrings, from its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name: ast.get_docstring(node, clean=False) or "" for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.ClassDef)
            and not node.name.startswith("_") and ast.get_docstring(node)}


@needs_build
def test_read_games_keeps_its_docstring_and_signature():
    from ingest.bgn import reader
    from ingest.bgn.reader import read_games

    assert is_compiled(reader)
    expected = source_docs(ROOT / "ingest" / "bgn" / "reader.py")["read_games"]
    assert read_games.__doc__ == expected  # word for word, as the interpreter keeps it
    assert str(inspect.signature(read_games)) == (
        "(source, filename=None, encoding=None, undecoded=None)")
    text = pydoc.render_doc(read_games, renderer=pydoc.plaintext)
    assert "read_games(source, filename=None, encoding=None, undecoded=None)" in text
    assert inspect.cleandoc(expected).splitlines()[0] in text
    assert reader.__doc__ == ast.get_docstring(ast.parse(
        (ROOT / "ingest" / "bgn" / "reader.py").read_text(encoding="utf-8")), clean=False)


@needs_build
@pytest.mark.parametrize("path", BUILD.MODULES)
def test_every_public_function_and_class_of_a_compiled_module_keeps_its_docstring(path):
    name = path.removesuffix(".py").replace("/", ".")
    module = importlib.import_module(name)
    assert is_compiled(module)
    missing = [attr for attr, doc in source_docs(ROOT / path).items()
               if inspect.cleandoc(getattr(module, attr).__doc__ or "") != inspect.cleandoc(doc)]
    assert missing == []


def test_a_docstring_becomes_a_c_string_of_its_utf8_bytes():
    """Plain ASCII as it is, ``\\n`` for a line break, octal escapes for the rest
    (quotes, backslashes, the ``?`` of a trigraph, tabs, UTF-8): read back as a bytes
    literal, the same text."""
    from mypyc_docstrings import c_string

    text = 'Say "no" \\ twice?? -- ``x``\n    Renée · §5.4\ttab'
    literal = c_string(text)
    assert literal[0] == literal[-1] == '"' and "??" not in literal and "\n" not in literal
    assert ast.literal_eval("b" + literal).decode("utf-8") == text
