"""The reader's sections: one module per family of sections, and the state they share.

The reader (``ingest.bgn.reader``) hands each token to the function that reads it
in the section it stands in; a section keyword closes the section before it (its
module's checks that it is complete) and opens the next.

========================  ==========================================================
``states``                the states (one per section), their order in a deal
``records``               the game's state (:class:`GameState`) and one record per
                          family of sections, which it holds
``deal``                  the deal header, ``hands``, ``turn``, ``talon``
``auction``               ``bids``, ``announce``, ``exchange``
``declarations``          ``declare``
``play``                  ``play``: cards, tricks, bela, annotations, claims
``sheet``                 ``score``, ``total``, ``result``
``game``                  a keyword: closing a section and opening the next, in
                          the deal's order (it imports every family)
``fast``                  canonical lines read whole (the fast path)
========================  ==========================================================

The imports go one way, from the bottom up: ``states``, ``records``, the
families, ``game``, ``fast``, then the reader.  A family's handlers are plain
functions of the game's state (``in_hands(r, d, tok, pos, glued)``), dispatched by
the reader from a table indexed by the state; each reads and writes its own
record (``r.deal_state``, ``r.auction``, ``r.declarations``, ``r.play``,
``r.sheet``) and the deal.
"""
