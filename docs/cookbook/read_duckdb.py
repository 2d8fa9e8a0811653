"""The five most frequent violation codes per variant, with DuckDB."""

import sys

from ingest.dataset import connect

dataset = sys.argv[1] if len(sys.argv) > 1 else "data/dataset"
con = connect(dataset)  # one view per table, over one committed snapshot
print(con.sql("""
    SELECT variant, code, count(*) AS findings
    FROM violations
    GROUP BY variant, code
    QUALIFY row_number() OVER (PARTITION BY variant ORDER BY count(*) DESC, code) <= 5
    ORDER BY variant, findings DESC, code
"""))
