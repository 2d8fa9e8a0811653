"""The wheel's C extensions; everything else about the package is in pyproject.toml.

``pip install .``, ``python -m build`` and the editable install of
``scripts/setup.sh`` all run this: the reader and the engine compiled by mypyc
(the modules listed in ``scripts/build_compiled.py``), or a pure-Python wheel
where no C compiler works or ``BELOT_PURE=1`` asks for one (docs/install.md).
"""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "scripts"))
import build_compiled  # noqa: E402

setup(ext_modules=build_compiled.planned_extensions(), cmdclass=build_compiled.commands())
