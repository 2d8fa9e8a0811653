"""The double-dummy solver: the numba kernel (``kernel``), the search that
drives it (``search``), one solve shared out over threads (``threads``), and
the analysis of every card of a replayed deal (``analysis``)."""
