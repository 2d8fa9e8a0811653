"""belot-replay: the ``belot`` command and the bundled records.

``__version__`` is the project's version, here and nowhere else: pyproject.toml
reads it from this file, and CHANGELOG.md says what each version changed and
what a user must redo after it.  Versions follow semantic versioning: a major
version for a change that breaks records, datasets or commands that worked, a
minor one for new abilities, a patch for fixes.
"""

__version__ = "0.2.0"
