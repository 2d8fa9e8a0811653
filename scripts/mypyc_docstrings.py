"""Put the sources' docstrings into the C that mypyc generates, before it is compiled.

mypyc gives a compiled function only its text signature as documentation
(``read_games(source, filename=None)\\n--\\n\\n``, which ``inspect.signature`` reads),
a compiled class the signature of its constructor, and a compiled module none: so
``help(read_games)`` in the compiled build would say nothing.  A compiled function's
``__doc__`` cannot be set after import (it is a built-in function), so the docstring
goes where CPython looks for it: after the signature in the same C string, the form
CPython's own built-in functions use.  ``__doc__`` then reads the source's docstring,
word for word, and ``__text_signature__`` is unchanged.

:func:`keep_docstrings` edits the generated C files in place: the module's docstring
in its ``PyModuleDef``, each module function's and each method's in its
``PyMethodDef`` entry, each class's in its type's ``tp_doc``, and each Python class
mypyc builds at import (an Enum, an exception) in place of the filler it gives them.  The C it looks for is
that of the mypyc pinned in pyproject.toml's build requirements; C it does not
recognise is left as it is (the test of the compiled build then fails).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

#: ``static struct PyModuleDef readermodule = { PyModuleDef_HEAD_INIT, "ingest.bgn.reader",
#: NULL, /* docstring */``: a module's C prefix, its name and its (empty) docstring
_MODULE_DEF = re.compile(r'static struct PyModuleDef (\w+)module = \{\s*PyModuleDef_HEAD_INIT,'
                         r'\s*"([\w.]+)",\s*(NULL), /\* docstring \*/')
#: a table of functions: the module's (``readermodule_methods``) or a class's
#: (``errors___Stop_methods``); its entries run to the first ``{NULL``
_METHOD_TABLE = re.compile(r"static PyMethodDef (\w+?)(module)?_methods\[\] = \{(.*?)\{NULL",
                           re.DOTALL)
_C_STRING = r'"(?:[^"\\]|\\.)*"'
#: an entry: ``{"name", (PyCFunction)..., FLAGS, PyDoc_STR("sig\n--\n\n")``
_ENTRY = re.compile(r'\{"(\w+)",\s*\(PyCFunction\)[^{}]*?PyDoc_STR\((NULL|' + _C_STRING
                    + r')\)')
#: a class: ``static PyTypeObject CPyType_errors___Stop_template_ = { ... .tp_doc =
#: PyDoc_STR("Stop(code, pos, message)\n--\n\n"),``
_TYPE = re.compile(r"static PyTypeObject CPyType_(\w+?)_template_ = \{(.*?)\n\s*\};",
                   re.DOTALL)
_TP_DOC = re.compile(r"\.tp_doc = PyDoc_STR\((NULL|" + _C_STRING + r")\)")
#: a Python class mypyc builds at import (an Enum, an exception): its ``__doc__`` set
#: to a filler, ``cpy_r_r167 = CPyStatics[827]; /* 'mypyc filler docstring' */``...
_FILLER = re.compile(r"(cpy_r_\w+) = (CPyStatics\[\d+\]); /\* 'mypyc filler docstring' \*/")
#: ... and the next statement's traceback names the class statement's line
_MODULE_LINE = re.compile(r'CPy_AddTraceback\("([^"]+)", "<module>", (\d+),')


def docstrings(source: Path) -> dict[str, str]:
    """A module's docstrings as written (not cleaned, as CPython 3.11 keeps them):
    ``""`` the module's, ``name`` a top-level function's or class's,
    ``Class.name`` a method's."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    doc = ast.get_docstring(tree, clean=False)
    if doc:
        out[""] = doc
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                out[node.name] = doc
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    doc = ast.get_docstring(item, clean=False)
                    if doc:
                        out[f"{node.name}.{item.name}"] = doc
    return out


def class_lines(source: Path) -> dict[int, str]:
    """The docstrings of a module's top-level classes by the line of their ``class``
    statement (the line mypyc's tracebacks give)."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    return {node.lineno: doc for node in tree.body if isinstance(node, ast.ClassDef)
            and (doc := ast.get_docstring(node, clean=False))}


def c_string(text: str) -> str:
    """``text`` as a C string literal of its UTF-8 bytes (octal escapes: no escape can
    run into the next character, and no ``??`` trigraph can form)."""
    out = []
    for b in text.encode("utf-8"):
        if b == 10:
            out.append("\\n")
        elif 32 <= b < 127 and b not in b'"\\?':
            out.append(chr(b))
        else:
            out.append(f"\\{b:03o}")
    return '"' + "".join(out) + '"'


def _with_doc(literal: str, doc: str) -> str:
    """The PyDoc_STR argument with ``doc`` after the signature (or alone)."""
    return c_string(doc) if literal == "NULL" else f"{literal} {c_string(doc)}"


def _owner(c_name: str, prefixes: dict[str, str]) -> tuple[str, str] | None:
    """(module, class) of a C name ``<module prefix>___<Class>``: the longest module
    prefix that fits (a prefix may itself hold ``___``: ``sections___deal``)."""
    for prefix in sorted(prefixes, key=len, reverse=True):
        if c_name.startswith(prefix + "___"):
            return prefixes[prefix], c_name[len(prefix) + 3:]
    return None


def keep_docstrings(c_files: list[Path], sources: dict[str, Path]) -> int:
    """Edit the generated ``c_files`` so that the compiled modules (``sources``:
    module name -> its ``.py``) keep their docstrings; returns how many were put in."""
    docs = {name: docstrings(path) for name, path in sources.items()}
    by_file = {path.relative_to(path.parents[len(name.split(".")) - 1]).as_posix():
               class_lines(path) for name, path in sources.items()}
    put = 0
    for c_file in c_files:
        text = c_file.read_text(encoding="utf-8")
        prefixes = {m.group(1): m.group(2) for m in _MODULE_DEF.finditer(text)}
        prefixes = {p: name for p, name in prefixes.items() if name in docs}
        edits: list[tuple[int, int, str]] = []  # (start, end, new text) in ``text``

        for m in _MODULE_DEF.finditer(text):
            doc = docs.get(m.group(2), {}).get("")
            if doc:
                edits.append((m.start(3), m.end(3), c_string(doc)))
        for table in _METHOD_TABLE.finditer(text):
            if table.group(2):  # a module's functions
                module, owner = prefixes.get(table.group(1)), ""
            else:
                found = _owner(table.group(1), prefixes)
                module, owner = found if found else (None, "")
            if module is None:
                continue
            for entry in _ENTRY.finditer(text, table.start(3), table.end(3)):
                key = f"{owner}.{entry.group(1)}" if owner else entry.group(1)
                doc = docs[module].get(key)
                if doc:
                    edits.append((entry.start(2), entry.end(2), _with_doc(entry.group(2), doc)))
        for typ in _TYPE.finditer(text):
            found = _owner(typ.group(1), prefixes)
            tp_doc = _TP_DOC.search(text, typ.start(2), typ.end(2))
            if found is None or tp_doc is None:
                continue
            doc = docs[found[0]].get(found[1])
            if doc:
                edits.append((tp_doc.start(1), tp_doc.end(1), _with_doc(tp_doc.group(1), doc)))

        for filler in _FILLER.finditer(text):
            where = _MODULE_LINE.search(text, filler.end())
            doc = where and by_file.get(where.group(1), {}).get(int(where.group(2)))
            if doc:
                # a new str the class dict keeps (one reference per class, made once at
                # import); the filler stays if it cannot be made
                var, static = filler.group(1), filler.group(2)
                edits.append((filler.start(), filler.end(),
                               f"{var} = PyUnicode_FromString({c_string(doc)}); if (unlikely("
                               f"{var} == NULL)) {{ PyErr_Clear(); {var} = {static}; }}"))

        for start, end, new in sorted(edits, reverse=True):
            text = text[:start] + new + text[end:]
        if edits:
            c_file.write_text(text, encoding="utf-8")
        put += len(edits)
    return put
