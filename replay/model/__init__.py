"""The plain record model every room shares: cards as ints and hands as masks
(``cards``), the recorded game (``record``, its lazy lanes in ``lanes``), the
facts the notation needs about each variant id (``variants``), and how the
records pickle (``pickling``).  Imports nothing else of ``replay``."""
