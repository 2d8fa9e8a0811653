"""Rulesets by family; importing this package registers every variant id."""

from replay.rulesets import bulgarian, french, macedonian, russian, yugoslav  # noqa: F401
