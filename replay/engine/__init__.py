"""The replay: one recorded game walked through its ruleset card by card
(``walk``), and what the walk finds (``report``).  Imports ``replay.model`` and
``replay.rules``; the solver only to check a claim."""
