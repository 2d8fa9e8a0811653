"""The rules as data and pure functions: the ``Ruleset`` and its policies, the
table of variants and one builder per family (``rulesets``), and one module per
part of a deal: the auction (``bidding``), play duties (``legality``),
declarations, bela, the exchange, the Hungarian figures and the scoring.
Imports only ``replay.model``."""
