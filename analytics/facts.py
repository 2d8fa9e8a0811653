"""Fact tables: the dataset's tables reshaped once for the metrics.

Every metric reads these relations, never the raw Parquet tables, so the joins,
the per-deal derived figures and the filters live in one place.  They are built
lazily, on first use, as in-memory DuckDB tables (or in a ``.duckdb`` file when
:func:`analytics.open_dataset` is given ``cache=``), from the base views
``games``, ``deals``, ``declarations``, ``tricks``, ``violations``,
``card_analysis`` and ``deal_analysis`` over the committed Parquet files.

``gkey`` is a small integer per game (``game_id`` order within variant), so that
joins and filters never hash the 64-character ``game_id``; low-cardinality
grouping columns (variant, contract, declaration type, role) are ENUM types,
which DuckDB groups several times faster than text.

=================  ============================================================
``f_games``        one row per game: where from, tags, seats' names, result
``f_deals``        one row per deal: contract, verdict, raw points per side,
                   the bidder's name and partnership, declaration and bela
                   figures of the bidding side and of the other side(s)
``f_game_stats``   one row per game: deals, deals with a contract, contracts,
                   made, hanging, declarations (``overview``, ``trend``)
``f_players``      one row per game and seat: the player's name (and a number
                   for it, pid), side, deals, contracts taken and made, raw
                   points, declarations, result
``f_lineups``      one row per game: the pid in each seat, the winning side, the
                   game's place in date order, whether Elo rates it (built with
                   f_players)
``f_decl``         one row per declared combination in a deal with a contract
``f_viol``         one row per violation, with the player's name
``f_tricks``       one row per game and contract: per trick number 1..K the
                   tricks played, their points, those the bidding side won and
                   those ruffed; and the last-trick test's counts (K = the most
                   tricks any deal has, at least 12)
``f_card_acc``     one row per game and seat with cards analysed double-dummy
                   (``card_analysis``, Betl deals left out): the player's name,
                   cards, points lost, best cards, cards that lost 10 or more
``f_dd``           one row per deal analysed double-dummy (``deal_analysis``):
                   the contract, the bidder's name, made with best play
                   (made_dd) and made at the table
=================  ============================================================
"""

from __future__ import annotations

from collections.abc import Callable

#: 97.5 % quantile of the standard normal distribution (two-sided 95 % interval)
Z95 = 1.959963984540054
MIN_TRICK_COLUMNS = 12

MACROS = f"""
CREATE OR REPLACE MACRO wilson_low(k, n) AS
  CASE WHEN n > 0 AND k = 0 THEN 0.0 WHEN n > 0 THEN greatest(0.0,
    ((k / n) + {Z95}^2 / (2 * n)
     - {Z95} * sqrt((k / n) * (1 - k / n) / n + {Z95}^2 / (4 * n * n)))
    / (1 + {Z95}^2 / n)) END;
CREATE OR REPLACE MACRO wilson_high(k, n) AS
  CASE WHEN n > 0 AND k = n THEN 1.0 WHEN n > 0 THEN least(1.0,
    ((k / n) + {Z95}^2 / (2 * n)
     + {Z95} * sqrt((k / n) * (1 - k / n) / n + {Z95}^2 / (4 * n * n)))
    / (1 + {Z95}^2 / n)) END;
CREATE OR REPLACE MACRO ratio(k, n) AS CASE WHEN n > 0 THEN k / n END;
CREATE OR REPLACE MACRO side_index(side) AS
  CASE side WHEN 'A' THEN 1 WHEN 'B' THEN 2 ELSE TRY_CAST(side AS INTEGER) END;
CREATE OR REPLACE MACRO seat_name(seat, s1, s2, s3, s4) AS
  CASE seat WHEN 1 THEN s1 WHEN 2 THEN s2 WHEN 3 THEN s3 WHEN 4 THEN s4 END;
CREATE OR REPLACE MACRO contract_test(variant, pts, bi, bid) AS
  CASE WHEN pts IS NULL OR bi IS NULL OR pts[bi] IS NULL THEN NULL
       WHEN variant = 'contree' THEN CASE WHEN bid < 250 THEN pts[bi] >= bid END
       WHEN variant = 'yu3' THEN pts[bi] >= list_sum(pts) - pts[bi]
       WHEN variant = 'ru3' THEN pts[bi] > list_max(list_filter(pts, lambda x, i: i <> bi))
       ELSE pts[bi] > list_sum(pts) - pts[bi] END;
"""


def _lit(v: str) -> str:
    return "'" + str(v).replace("'", "''") + "'"


def _enum(con, name: str, values) -> None:
    values = sorted({v for v in values if v is not None})
    con.execute(f"DROP TYPE IF EXISTS {name}")
    con.execute(f"CREATE TYPE {name} AS ENUM ({', '.join(_lit(v) for v in values)})")


def build_types(con) -> None:
    """ENUM types from the data (values sorted, so ENUM order is text order)."""
    _enum(con, "variant_t", (r[0] for r in con.execute(
        "SELECT DISTINCT variant FROM games").fetchall()))
    _enum(con, "contract_t", (r[0] for r in con.execute(
        "SELECT DISTINCT contract FROM deals").fetchall()))
    _enum(con, "dtype_t", (r[0] for r in con.execute(
        "SELECT DISTINCT CASE WHEN type = 'carre' THEN 'carre:' || rank ELSE type END "
        "FROM declarations").fetchall()))
    _enum(con, "role_t", ("bidder", "defenders"))
    _enum(con, "dcount_t", ("bidder", "both", "defenders", "none"))


def variant_facts(con) -> None:
    """A small table of each known variant's seats and partnership (replay.model.variants)."""
    from replay.model.variants import TABLES

    rows = [(v, f.players, f.partnership) for v, f in sorted(TABLES.items())]
    values = ", ".join("(?, ?, ?)" for _ in rows)
    con.execute(f"CREATE OR REPLACE TABLE variant_facts AS SELECT * FROM (VALUES {values}) "
                "v(variant, seats, partnership)", [x for r in rows for x in r])


F_GAMES = """
CREATE OR REPLACE TABLE f_games AS
SELECT (row_number() OVER (ORDER BY g.variant, g.game_id))::INTEGER AS gkey,
       g.game_id, g.variant::variant_t AS variant, g.source_file, g.game_index, g.line,
       g.tag_event AS event, g.tag_site AS site, g.tag_date, g.played_on,
       g.tag_source AS source_tag,
       nullif(trim(g.tag_seat1), '') AS s1, nullif(trim(g.tag_seat2), '') AS s2,
       nullif(trim(g.tag_seat3), '') AS s3, nullif(trim(g.tag_seat4), '') AS s4,
       g.players::INTEGER AS seats,
       coalesce(vf.partnership, g.players = 4) AS partnership,
       g.result, g.deals::INTEGER AS n_deals, g.violations::INTEGER AS n_violations,
       g.target,
       lower(concat_ws(chr(31), g.tag_event, g.tag_site, g.tag_seat1, g.tag_seat2,
                       g.tag_seat3, g.tag_seat4, g.source_file, g.game_id)) AS search_text
FROM games g LEFT JOIN variant_facts vf USING (variant)
ORDER BY gkey
"""

F_DECL_RAW = """
CREATE OR REPLACE TABLE f_decl_raw AS
SELECT g.gkey, x.deal, x.idx, x.seat, x.side, side_index(x.side) AS sidx,
       (CASE WHEN x.type = 'carre' THEN 'carre:' || x.rank ELSE x.type END)::dtype_t AS type,
       x.rank, x.points, x.held, x.counted
FROM declarations x JOIN f_games g ON g.game_id = x.game_id
"""

F_DEALS = """
CREATE OR REPLACE TABLE f_deals AS
WITH x AS (
  SELECT gkey, deal,
         count(*) FILTER (WHERE sidx = 1) AS n1, count(*) FILTER (WHERE sidx = 2) AS n2,
         count(*) FILTER (WHERE sidx = 3) AS n3, count(*) FILTER (WHERE sidx = 4) AS n4,
         count(*) FILTER (WHERE sidx = 1 AND counted) AS c1,
         count(*) FILTER (WHERE sidx = 2 AND counted) AS c2,
         count(*) FILTER (WHERE sidx = 3 AND counted) AS c3,
         count(*) FILTER (WHERE sidx = 4 AND counted) AS c4,
         count(*) AS n, count(*) FILTER (WHERE counted) AS c
  FROM f_decl_raw GROUP BY gkey, deal
), y AS (
  SELECT g.gkey, d.deal, g.variant, d.dealer, d.bidder, d.bidder_side,
         side_index(d.bidder_side) AS bidder_idx,
         d.bidder_position, d.bidding_round, d.contract::contract_t AS contract,
         d.bid_points, d.contra, d.made, d.outcome, d.bidder_points, d.opponents_points,
         list_transform(d.card_points, lambda v, i:
             v + coalesce(d.decl_points_by_side[i], 0) + coalesce(d.bela_points[i], 0))
           AS raw_points,
         d.decl_side, d.decl_points,
         coalesce(d.decl_points_by_side[side_index(d.bidder_side)], 0)::INTEGER
           AS decl_pts_bidder,
         (coalesce(list_sum(d.decl_points_by_side), 0)
          - coalesce(d.decl_points_by_side[side_index(d.bidder_side)], 0))::INTEGER
           AS decl_pts_defenders,
         coalesce(d.bela_points[side_index(d.bidder_side)], 0)::INTEGER AS bela_pts_bidder,
         (coalesce(list_sum(d.bela_points), 0)
          - coalesce(d.bela_points[side_index(d.bidder_side)], 0))::INTEGER
           AS bela_pts_defenders,
         d.capot_side,
         (CASE WHEN d.capot_side IS NULL THEN NULL
               WHEN d.capot_side = d.bidder_side THEN 'bidder' ELSE 'defenders' END)::role_t
           AS capot_by,
         d.penalty, d.tricks::INTEGER AS n_tricks, d.violations::INTEGER AS n_violations,
         d.bidder_trumps, d.bidder_trump_jack, d.bidder_trump_nine, d.bidder_hcp,
         seat_name(d.bidder, g.s1, g.s2, g.s3, g.s4) AS bidder_name,
         CASE WHEN d.bidder_side IN ('A', 'B') AND g.seats = 4 THEN
           least(seat_name(d.bidder, g.s1, g.s2, g.s3, g.s4),
                 seat_name((d.bidder + 1) % 4 + 1, g.s1, g.s2, g.s3, g.s4)) || ' & ' ||
           greatest(seat_name(d.bidder, g.s1, g.s2, g.s3, g.s4),
                    seat_name((d.bidder + 1) % 4 + 1, g.s1, g.s2, g.s3, g.s4))
         END AS partnership,
         CASE side_index(d.bidder_side) WHEN 1 THEN x.n1 WHEN 2 THEN x.n2 WHEN 3 THEN x.n3
              WHEN 4 THEN x.n4 END AS nb,
         CASE side_index(d.bidder_side) WHEN 1 THEN x.c1 WHEN 2 THEN x.c2 WHEN 3 THEN x.c3
              WHEN 4 THEN x.c4 END AS cb,
         x.n, x.c
  FROM deals d JOIN f_games g ON g.game_id = d.game_id
  LEFT JOIN x ON x.gkey = g.gkey AND x.deal = d.deal
)
SELECT * EXCLUDE (nb, cb, n, c),
       coalesce(nb, 0)::INTEGER AS decl_bidder,
       coalesce(n - nb, 0)::INTEGER AS decl_defenders,
       coalesce(cb, 0)::INTEGER AS counted_bidder,
       coalesce(c - cb, 0)::INTEGER AS counted_defenders,
       (CASE WHEN cb > 0 AND c - cb > 0 THEN 'both' WHEN cb > 0 THEN 'bidder'
             WHEN c - cb > 0 THEN 'defenders' ELSE 'none' END)::dcount_t AS decl_counted
FROM y
"""

F_DECL = """
CREATE OR REPLACE TABLE f_decl AS
SELECT r.gkey, r.deal, d.variant, r.idx, r.seat, r.side,
       seat_name(r.seat, g.s1, g.s2, g.s3, g.s4) AS player,
       r.type, r.rank, r.points, r.held, r.counted, d.contract,
       (CASE WHEN r.sidx = d.bidder_idx THEN 'bidder' ELSE 'defenders' END)::role_t AS role
FROM f_decl_raw r JOIN f_games g ON g.gkey = r.gkey
JOIN f_deals d ON d.gkey = r.gkey AND d.deal = r.deal
WHERE d.bidder IS NOT NULL
"""

F_GAME_STATS = """
CREATE OR REPLACE TABLE f_game_stats AS
WITH d AS (
  SELECT gkey,
         count(*) FILTER (WHERE bidder IS NOT NULL)::INTEGER AS scope_deals,
         count(made)::INTEGER AS contracts,
         count(*) FILTER (WHERE made)::INTEGER AS made,
         count(*) FILTER (WHERE outcome = 'hanging')::INTEGER AS hanging,
         sum(decl_bidder + decl_defenders)::INTEGER AS declarations
  FROM f_deals GROUP BY gkey
)
SELECT g.gkey, g.variant, g.n_deals, coalesce(d.scope_deals, 0) AS scope_deals,
       coalesce(d.contracts, 0) AS contracts, coalesce(d.made, 0) AS made,
       coalesce(d.hanging, 0) AS hanging, coalesce(d.declarations, 0) AS declarations
FROM f_games g LEFT JOIN d USING (gkey)
ORDER BY g.gkey
"""

F_VIOL = """
CREATE OR REPLACE TABLE f_viol AS
SELECT g.gkey, g.variant, g.game_id, v.source_file, v.game_index, v.idx, v.code,
       left(v.code, 1) AS family, v.line, v.col, v.deal, v.trick, v.seat, v.message,
       seat_name(v.seat, g.s1, g.s2, g.s3, g.s4) AS player
FROM violations v JOIN f_games g ON g.game_id = v.game_id
ORDER BY g.gkey, v.idx
"""

F_PLAYERS = """
CREATE OR REPLACE TABLE f_players AS
WITH seats AS (
  SELECT g.gkey, g.variant, s.seat::INTEGER AS seat,
         seat_name(s.seat, g.s1, g.s2, g.s3, g.s4) AS player,
         CASE WHEN g.partnership THEN CASE WHEN s.seat % 2 = 1 THEN 'A' ELSE 'B' END
              ELSE s.seat::VARCHAR END AS side,
         g.result, g.n_deals
  FROM f_games g, range(1, 5) s(seat)
  WHERE s.seat <= g.seats
), bid AS (
  SELECT gkey, bidder AS seat, count(*)::INTEGER AS taken,
         count(made)::INTEGER AS contracts,
         count(*) FILTER (WHERE made)::INTEGER AS made,
         count(*) FILTER (WHERE outcome = 'hanging')::INTEGER AS hanging
  FROM f_deals WHERE bidder IS NOT NULL GROUP BY gkey, bidder
), pts AS (
  SELECT gkey, count(raw_points)::INTEGER AS pts_n,
         sum(raw_points[1]) AS r1, sum(raw_points[2]) AS r2,
         sum(raw_points[3]) AS r3, sum(raw_points[4]) AS r4
  FROM f_deals WHERE raw_points IS NOT NULL GROUP BY gkey
), dec AS (
  SELECT gkey, seat, count(*)::INTEGER AS declarations FROM f_decl GROUP BY gkey, seat
), vio AS (
  SELECT gkey, seat, count(*)::INTEGER AS violations FROM f_viol
  WHERE seat IS NOT NULL GROUP BY gkey, seat
)
SELECT s.gkey, s.variant, s.seat, s.player,
       CASE WHEN s.player IS NOT NULL THEN dense_rank() OVER (ORDER BY s.player) END::INTEGER
         AS pid,
       s.side, s.result,
       s.result = s.side AS won, s.result <> '*' AS finished,
       s.n_deals, gs.scope_deals,
       coalesce(bid.taken, 0) AS taken, coalesce(bid.contracts, 0) AS contracts,
       coalesce(bid.made, 0) AS made, coalesce(bid.hanging, 0) AS hanging,
       coalesce(pts.pts_n, 0) AS pts_n,
       CASE side_index(s.side) WHEN 1 THEN pts.r1 WHEN 2 THEN pts.r2
            WHEN 3 THEN pts.r3 WHEN 4 THEN pts.r4 END AS pts_sum,
       coalesce(dec.declarations, 0) AS declarations,
       coalesce(vio.violations, 0) AS violations
FROM seats s JOIN f_game_stats gs USING (gkey)
LEFT JOIN bid ON bid.gkey = s.gkey AND bid.seat = s.seat
LEFT JOIN pts ON pts.gkey = s.gkey
LEFT JOIN dec ON dec.gkey = s.gkey AND dec.seat = s.seat
LEFT JOIN vio ON vio.gkey = s.gkey AND vio.seat = s.seat
"""

F_LINEUPS = """
CREATE OR REPLACE TABLE f_lineups AS
WITH p AS (
  SELECT gkey,
         max(pid) FILTER (WHERE seat = 1) AS p1, max(pid) FILTER (WHERE seat = 2) AS p2,
         max(pid) FILTER (WHERE seat = 3) AS p3, max(pid) FILTER (WHERE seat = 4) AS p4,
         count(DISTINCT pid) = count(*) AND count(pid) = count(*) AS named
  FROM f_players GROUP BY gkey
)
SELECT g.gkey, g.variant, enum_code(g.variant)::INTEGER AS vid, g.partnership, g.seats,
       side_index(g.result) AS winner, p.p1, p.p2, coalesce(p.p3, 0) AS p3,
       coalesce(p.p4, 0) AS p4,
       (row_number() OVER (ORDER BY g.played_on NULLS LAST, g.source_file, g.game_index,
                                    g.gkey))::INTEGER AS ord,
       coalesce(p.named AND g.result <> '*' AND (g.seats = 4 OR NOT g.partnership)
                AND side_index(g.result) BETWEEN 1
                    AND CASE WHEN g.partnership THEN 2 ELSE g.seats END, false) AS rated
FROM f_games g JOIN p USING (gkey)
"""

#: a card "lost points" when it gave away at least this much (``belot analyze``'s
#: per-player table counts the same cards)
BIG_LOSS = 10

F_CARD_ACC = f"""
CREATE OR REPLACE TABLE f_card_acc AS
SELECT g.gkey, g.variant, c.seat::INTEGER AS seat,
       seat_name(c.seat, g.s1, g.s2, g.s3, g.s4) AS player,
       count(*)::INTEGER AS cards, sum(c.loss)::BIGINT AS loss,
       (count(*) FILTER (WHERE c.loss = 0))::INTEGER AS best,
       (count(*) FILTER (WHERE c.loss >= {BIG_LOSS}))::INTEGER AS big_losses
FROM card_analysis c JOIN f_games g ON g.game_id = c.game_id
WHERE NOT c.betl
GROUP BY g.gkey, g.variant, c.seat, g.s1, g.s2, g.s3, g.s4
ORDER BY g.gkey, seat
"""

F_DD = """
CREATE OR REPLACE TABLE f_dd AS
SELECT d.gkey, d.deal, d.variant, d.contract, d.bidder, d.bidder_name, a.betl, a.value,
       a.made_dd, d.made, a.cards::INTEGER AS cards, a.total_loss
FROM deal_analysis a JOIN f_games g ON g.game_id = a.game_id
JOIN f_deals d ON d.gkey = g.gkey AND d.deal = a.deal
ORDER BY d.gkey, d.deal
"""


#: trick points are packed 10 bits each (at most 1023 points a trick), 6 to a UBIGINT
_BITS, _PER_PACK = 10, 6
#: most trick numbers f_tricks can hold (a deal has at most 12 tricks, hu2)
MAX_TRICK_COLUMNS = 4 * _PER_PACK


def tricks_sql(k: int) -> str:
    """f_tricks with K = ``k`` trick columns (k comes from the data, never from a user).

    Per deal first, in one pass over ``tricks`` with a handful of aggregates (a
    pivot with one FILTER aggregate per trick number is several times slower):
    which trick numbers were played (a bit each), each trick's points (10 bits
    each, packed into UBIGINTs), each trick's winning side (3 bits each: the side
    index) and whether it was ruffed (a bit each); and the last trick's points and
    side.  Each deal then goes through the contract test (``contract_test``, see
    the ``last_trick`` metric) on the raw points as they were (``test``) and
    without the last trick's points for the side that took it (``cf``).  All of
    it is unpacked and summed per game and contract.
    """
    if k > MAX_TRICK_COLUMNS:
        raise ValueError(f"a deal with {k} tricks: f_tricks holds at most "
                         f"{MAX_TRICK_COLUMNS}")
    rng = range(1, k + 1)
    packs = -(-k // _PER_PACK)
    mask = (1 << _BITS) - 1
    pack_aggs = ",\n         ".join(
        f"sum(CASE WHEN (trick - 1) // {_PER_PACK} = {p} THEN points::UBIGINT << "
        f"({_BITS} * ((trick - 1) % {_PER_PACK})) ELSE 0 END)::UBIGINT AS pk{p}"
        for p in range(packs))
    pack_cols = ", ".join(f"t.pk{p}" for p in range(packs))

    def points(i: int) -> str:
        p, pos = divmod(i - 1, _PER_PACK)
        return f"((pk{p} >> {_BITS * pos}) & {mask})"

    sums = ",\n       ".join(
        f"sum((pm >> {i - 1}) & 1)::INTEGER AS n{i}, "
        f"sum({points(i)})::INTEGER AS s{i}, "
        f"(count(*) FILTER (WHERE ((pm >> {i - 1}) & 1) = 1 "
        f"AND ((wk >> {3 * (i - 1)}) & 7) = bidder_idx))::INTEGER AS w{i}, "
        f"sum((rk >> {i - 1}) & 1)::INTEGER AS r{i}" for i in rng)
    return f"""
CREATE OR REPLACE TABLE f_tricks AS
WITH t AS (
  SELECT game_id, deal,
         bit_or(1::UBIGINT << (trick - 1)) AS pm,
         {pack_aggs},
         bit_or(side_index(winner_side)::UBIGINT << (3 * (trick - 1))) AS wk,
         bit_or(trumped::UBIGINT << (trick - 1)) AS rk,
         max(points) FILTER (WHERE last_trick) AS last_points,
         max(winner_side) FILTER (WHERE last_trick) AS last_side
  FROM tricks GROUP BY game_id, deal
), per_deal AS (
  SELECT d.gkey, d.variant, d.contract, d.made, d.bidder_idx, t.pm, {pack_cols}, t.wk, t.rk,
         side_index(t.last_side) AS last_idx,
         CASE WHEN d.made IS NOT NULL AND t.last_points IS NOT NULL THEN
           contract_test(d.variant, d.raw_points, d.bidder_idx, d.bid_points) END AS test,
         CASE WHEN d.made IS NOT NULL AND t.last_points IS NOT NULL THEN
           contract_test(d.variant, list_transform(d.raw_points, lambda v, i:
               CASE WHEN i = side_index(t.last_side) THEN v - t.last_points ELSE v END),
             d.bidder_idx, d.bid_points) END AS cf,
         d.made IS NOT NULL AND t.last_points IS NOT NULL AS judged
  FROM t JOIN f_games g ON g.game_id = t.game_id
  JOIN f_deals d ON d.gkey = g.gkey AND d.deal = t.deal
)
SELECT gkey, variant, contract,
       {sums},
       (count(*) FILTER (WHERE judged AND test = made AND cf IS NOT NULL))::INTEGER
         AS lt_deals,
       (count(*) FILTER (WHERE judged AND test = made AND cf <> made))::INTEGER
         AS lt_decided,
       (count(*) FILTER (WHERE judged AND test = made AND cf IS NOT NULL
                         AND last_idx = bidder_idx))::INTEGER AS lt_bidder_last,
       (count(*) FILTER (WHERE judged
                         AND NOT coalesce(test = made AND cf IS NOT NULL, false)))::INTEGER
         AS lt_excluded
FROM per_deal
GROUP BY gkey, variant, contract
ORDER BY gkey, contract
"""


#: a build step: SQL text, or a function of the connection
Step = str | Callable


#: fact table -> (what it needs first, the steps that build it)
FACTS: dict[str, tuple[tuple[str, ...], tuple[Step, ...]]] = {
    "types": ((), (build_types, variant_facts)),
    "f_games": (("types",), (F_GAMES,)),
    "f_deals": (("f_games",), (F_DECL_RAW, F_DEALS, F_DECL,
                              "DROP TABLE IF EXISTS f_decl_raw")),
    "f_decl": (("f_deals",), ()),  # built with f_deals (from the same raw declarations)
    "f_game_stats": (("f_deals",), (F_GAME_STATS,)),
    "f_viol": (("f_games",), (F_VIOL,)),
    "f_players": (("f_game_stats", "f_viol"), (F_PLAYERS, F_LINEUPS)),
    "f_lineups": (("f_players",), ()),  # built with f_players
    "f_tricks": (("f_deals",), ()),  # SQL from tricks_sql(K), K from the data
    "f_card_acc": (("f_games",), (F_CARD_ACC,)),
    "f_dd": (("f_deals",), (F_DD,)),
}

#: the fact tables built from the double-dummy analysis (``belot analyze --into``,
#: ``belot ingest --analyze``) -> the dataset table each reads
ANALYSIS_FACTS = {"f_card_acc": "card_analysis", "f_dd": "deal_analysis"}

#: tables a build step makes besides its own
ALSO_BUILDS = {"f_deals": ("f_decl",), "f_players": ("f_lineups",)}

#: the relations in build order (for build_all and to_duckdb_file)
ORDER = ("types", "f_games", "f_deals", "f_decl", "f_game_stats", "f_viol", "f_players",
         "f_lineups", "f_tricks", "f_card_acc", "f_dd")
