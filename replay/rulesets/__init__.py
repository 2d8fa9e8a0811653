"""Rulesets by family; importing this package registers every variant id."""

from replay.rulesets import (  # noqa: F401
    bulgarian,
    french,
    hungarian,
    macedonian,
    russian,
    yugoslav,
)
