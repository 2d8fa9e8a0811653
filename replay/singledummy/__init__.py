"""Single-dummy analysis: what a seat knows at each position (``knowledge``), the
hidden layouts consistent with it drawn uniformly (``classes``, ``sampler``), and
the single-dummy values of each card (``values``)."""
