"""The reader's sections: one module per family, each with its own state record.

The reader (``ingest.bgn.reader``) hands each token to the function that reads it
in the section it stands in; a section keyword closes the section before it (its
module's checks that it is complete) and opens the next.

========================  ==========================================================
``states``                the states (one per section), their order in a deal
``deal``                  the deal header, ``hands``, ``turn``, ``talon``
``auction``               ``bids``, ``announce``, ``exchange``
``declarations``          ``declare``
``play``                  ``play``: cards, tricks, bela, annotations, claims
``sheet``                 ``score``, ``total``, ``result``
``game``                  what every section shares (:class:`GameState`); opening
                          and closing sections in the deal's order
``fast``                  canonical lines read whole (the fast path)
========================  ==========================================================

A family's handlers are plain functions of the game's state
(``in_hands(r, d, tok, pos, glued)``), dispatched by the reader from a table
indexed by the state; each reads and writes its own record (``r.deal_state``,
``r.auction``, ``r.declarations``, ``r.play``, ``r.sheet``) and the deal.
"""
