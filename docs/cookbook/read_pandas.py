"""Games per player and seat, with pandas (through PyArrow)."""

import sys

import pyarrow.dataset as ds

from analytics import committed_files

dataset = sys.argv[1] if len(sys.argv) > 1 else "data/dataset"
games = ds.dataset(committed_files(dataset)["games"], format="parquet",
                   partitioning="hive").to_table().to_pandas()
seats = [c for c in ("tag_seat1", "tag_seat2", "tag_seat3", "tag_seat4") if c in games.columns]
players = games.melt(id_vars=["game_id"], value_vars=seats, var_name="seat",
                     value_name="player").dropna(subset=["player"])
print(players.groupby(["player", "seat"]).size().unstack(fill_value=0))
