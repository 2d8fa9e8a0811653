"""Reading records, replaying them in bulk, and the Parquet event dataset.

numpy, which pyarrow loads, starts one OpenBLAS thread per core as it is imported.
Nothing here does linear algebra, and every ingest or validate worker is a process
of its own per core, so those threads only cost CPU: about 60 ms of it per
``belot ingest`` on two cores.  One
BLAS thread is the default from here on; a value set by the user is kept.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
