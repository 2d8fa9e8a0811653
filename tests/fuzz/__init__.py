"""Coverage-guided fuzzing of the notation and the engine: the atheris harness, the
checks it makes, its seed corpus and the lines a corpus reaches (docs/dev/fuzzing.md)."""
