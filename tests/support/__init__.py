"""What the tests share: record builders, corpora on disk, the plain references the
engine and the solver are checked against, the dashboard's server, the two ways the
sources run.  Tests import from here, never from another test module."""
