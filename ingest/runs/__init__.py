"""The runs behind ``belot validate`` and ``belot analyze``: files or a dataset's
records cut into units, handed to workers, the results in input order.  The
commands (``belot.commands``) parse arguments and print; the libraries they
drive are ``ingest.validation`` and ``replay.solver.analysis``."""
