"""Fair play: does a player, or a pair, play better than what he could know?

Each card analysed both ways (``card_analysis``: double-dummy, every hand seen;
``card_single_dummy``: single-dummy, the mean over layouts consistent with what
the seat knew) is one *position*.  With D the double-dummy best cards of the
position, S the single-dummy best cards and x the card played:

- **single-dummy accuracy**: the mean ``sd_loss`` and the share of x in S, on
  defence and in the callers' camp; a measure of skill, shown beside the
  population's, never flagged (it is the yardstick the tests below stand on);
- **seen-only positions**: D and S share no card, so only a player who saw the
  hidden hands had a reason to prefer a D card.  The rate of x in D there is
  tested against a *calibrated* expectation: the population's rate, scaled by how
  often this player leaves the single-dummy best where seeing would not help
  (positions where D and S share a card), against how often the population does
  (:func:`calibrated_rate`).  An honest player reaches a D card at a seen-only
  position only by leaving S; a player who leaves S often (a style, a weakness)
  is expected to land there more often, and is not flagged for it;
- **opening leads** (idx 1): the share that lose nothing double-dummy, against
  the population's, and their single-dummy accuracy;
- **defence against declaring**: the share of double-dummy best cards on
  defence minus that in the callers' camp, against the population's gap.

The three tests (seen-only, leads, gap) are one-sided (better than expected) and
flagged at a Bonferroni threshold: with T tests run over the report, each flags at
p <= ``false_flags`` / T, so the expected number of false flags in a report of
honest players is at most ``false_flags`` (default 1 in 1,000 reports).  docs/fairplay.md
says what the tests assume.  A flag means "unusual, worth a review", nothing more.

Cards whose position was determined (one consistent layout: nothing hidden) and
Betl cards (values 1/0, not points) are left out; entities with fewer than
``min_cards`` positions are left out of the report.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from statistics import NormalDist
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import polars as pl

#: fewest analysed positions (cards) for a player or a pair to be reported: about 25
#: four-seat deals, below which every rate is mostly noise
MIN_CARDS = 200
#: fewest positions of a kind (seen-only positions, leads, cards in each camp) for its
#: test to run; below it the rate is shown without a z and counts no test
MIN_TEST_N = 30
#: expected false flags per report of honest players (the Bonferroni budget)
FALSE_FLAGS = 0.001
#: how many positions at the population's rate the player's own rate of leaving the
#: single-dummy best is mixed with: a player with few positions is expected to behave
#: like the population, not like his first handful of cards
SHRINK = 20

#: one row per analysed position, with whose card it was and what kind of position
POSITIONS_SQL = """
pos AS (
  SELECT g.gkey, g.variant::VARCHAR AS variant, c.seat,
         seat_name(c.seat, g.s1, g.s2, g.s3, g.s4) AS player,
         CASE WHEN g.partnership AND g.seats = 4 THEN
           least(seat_name(c.seat, g.s1, g.s2, g.s3, g.s4),
                 seat_name((c.seat + 1) % 4 + 1, g.s1, g.s2, g.s3, g.s4)) || ' & ' ||
           greatest(seat_name(c.seat, g.s1, g.s2, g.s3, g.s4),
                    seat_name((c.seat + 1) % 4 + 1, g.s1, g.s2, g.s3, g.s4))
         END AS pair,
         c.seat = d.bidder OR (g.partnership AND (c.seat - d.bidder) % 2 = 0) AS caller,
         c.idx = 1 AS lead,
         c.sd_loss::DOUBLE AS sd_loss,
         list_contains(c.sd_best, c.card) AS sd_best,
         a.loss = 0 AS dd_best,
         list_has_any(a.best, c.sd_best) AS agree
  FROM card_single_dummy c
  JOIN card_analysis a ON a.game_id = c.game_id AND a.deal = c.deal AND a.idx = c.idx
  JOIN f_games g ON g.game_id = c.game_id
  JOIN f_deals d ON d.gkey = g.gkey AND d.deal = c.deal
  WHERE NOT c.betl AND NOT c.determined AND d.bidder IS NOT NULL
)"""

#: the counts of one group of positions (see :class:`Tally`)
TALLY_COLUMNS = """
  count(*) FILTER (WHERE NOT caller) AS def_n,
  coalesce(sum(sd_loss) FILTER (WHERE NOT caller), 0) AS def_sd_loss,
  coalesce(sum(sd_loss * sd_loss) FILTER (WHERE NOT caller), 0) AS def_sd_loss_sq,
  count(*) FILTER (WHERE NOT caller AND sd_best) AS def_sd_best,
  count(*) FILTER (WHERE NOT caller AND dd_best) AS def_dd_best,
  count(*) FILTER (WHERE caller) AS call_n,
  coalesce(sum(sd_loss) FILTER (WHERE caller), 0) AS call_sd_loss,
  coalesce(sum(sd_loss * sd_loss) FILTER (WHERE caller), 0) AS call_sd_loss_sq,
  count(*) FILTER (WHERE caller AND sd_best) AS call_sd_best,
  count(*) FILTER (WHERE caller AND dd_best) AS call_dd_best,
  count(*) FILTER (WHERE agree) AS agree_n,
  count(*) FILTER (WHERE agree AND NOT sd_best) AS left_sd,
  count(*) FILTER (WHERE NOT agree) AS critical_n,
  count(*) FILTER (WHERE NOT agree AND dd_best) AS seen,
  count(*) FILTER (WHERE lead) AS lead_n,
  count(*) FILTER (WHERE lead AND dd_best) AS lead_dd_best,
  coalesce(sum(sd_loss) FILTER (WHERE lead), 0) AS lead_sd_loss,
  count(*) FILTER (WHERE lead AND sd_best) AS lead_sd_best
"""

#: the fact table of the report: one row per game and seat, its positions counted
#: (built once per snapshot, like the analytics' other f_ tables)
F_CARD_SD = f"""
CREATE OR REPLACE TABLE f_card_sd AS
WITH {POSITIONS_SQL.strip()}
SELECT gkey, variant, seat, player, pair, {TALLY_COLUMNS}
FROM pos GROUP BY gkey, variant, seat, player, pair
ORDER BY gkey, seat
"""


@dataclass(frozen=True)
class Tally:
    """The counts of a player's, a pair's or the population's positions in one variant.

    ``def_*`` and ``call_*``: positions on defence and in the callers' camp (n, sum and
    sum of squares of ``sd_loss``, cards in S, cards in D); ``agree_n``: positions
    where D and S share a card, ``left_sd`` those of them played outside S;
    ``critical_n``: seen-only positions (D and S disjoint), ``seen`` those played
    in D; ``lead_*``: opening leads (n, in D, sum of ``sd_loss``, in S).
    """

    kind: str
    player: str | None
    variant: str
    def_n: int
    def_sd_loss: float
    def_sd_loss_sq: float
    def_sd_best: int
    def_dd_best: int
    call_n: int
    call_sd_loss: float
    call_sd_loss_sq: float
    call_sd_best: int
    call_dd_best: int
    agree_n: int
    left_sd: int
    critical_n: int
    seen: int
    lead_n: int
    lead_dd_best: int
    lead_sd_loss: float
    lead_sd_best: int

    @property
    def cards(self) -> int:
        return self.def_n + self.call_n


TALLY_FIELDS = tuple(f.name for f in fields(Tally))
#: Tally's sums of points (the other counts are whole numbers)
_POINT_SUMS = {"def_sd_loss", "def_sd_loss_sq", "call_sd_loss", "call_sd_loss_sq",
               "lead_sd_loss"}
_SUMS = ", ".join(f"sum({f})::{'DOUBLE' if f in _POINT_SUMS else 'BIGINT'} AS {f}"
                  for f in TALLY_FIELDS[3:])

#: the population's, the players' and the pairs' tallies over the chosen games (``fg``)
TALLY_SQL = f"""
WITH t AS (SELECT * FROM f_card_sd WHERE gkey IN (SELECT gkey FROM fg))
SELECT 'population' AS kind, NULL::VARCHAR AS player, variant, {_SUMS}
FROM t GROUP BY variant
UNION ALL
SELECT 'player', player, variant, {_SUMS}
FROM t WHERE player IS NOT NULL GROUP BY player, variant
UNION ALL
SELECT 'partnership', pair, variant, {_SUMS}
FROM t WHERE pair IS NOT NULL GROUP BY pair, variant
"""

#: the report's columns, in order (``belot fairplay --json/--csv``)
REPORT_FIELDS = (
    "kind", "player", "variant", "cards",
    "defence_cards", "defence_sd_loss", "defence_sd_loss_pop", "defence_sd_loss_z",
    "defence_sd_best", "defence_sd_best_pop", "defence_sd_best_z",
    "caller_cards", "caller_sd_loss", "caller_sd_loss_pop", "caller_sd_loss_z",
    "caller_sd_best", "caller_sd_best_pop", "caller_sd_best_z",
    "agree", "left_sd", "left_sd_rate", "left_sd_pop",
    "critical", "seen_only", "seen_only_rate", "seen_only_pop", "seen_only_z_pop",
    "seen_only_expected", "seen_only_z", "seen_only_p", "seen_only_flag",
    "leads", "lead_dd_best", "lead_dd_rate", "lead_dd_pop", "lead_dd_z", "lead_dd_p",
    "lead_dd_flag", "lead_sd_loss", "lead_sd_best",
    "defence_dd_best", "caller_dd_best", "gap", "gap_pop", "gap_z", "gap_p", "gap_flag",
    "tests", "alpha", "z_threshold", "flagged",
)


# ----------------------------------------------------------------- the tests

def ratio(k: float, n: float) -> float | None:
    return k / n if n > 0 else None


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), summed exactly (to about 1e-12 relative).

    Summed term by term from the probability of k (in logs), each next term by
    the ratio of neighbours, until the terms no longer count; above the mode the
    upper tail directly, at or below it one minus the lower tail (then at least
    about a half, so nothing is lost to the subtraction)."""
    if k <= 0:
        return 1.0
    if k > n or p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    q = 1.0 - p
    upper = k > (n + 1) * p
    i = k if upper else k - 1
    term = math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                    + i * math.log(p) + (n - i) * math.log1p(-p))
    terms = [term]
    while (i < n if upper else i > 0) and term >= terms[0] * 1e-18:
        if upper:
            term *= (n - i) / (i + 1) * p / q
            i += 1
        else:
            term *= i / (n - i + 1) * q / p
            i -= 1
        terms.append(term)
    total = math.fsum(terms)
    return min(1.0, total) if upper else max(0.0, 1.0 - total)


def normal_tail(z: float) -> float:
    """P(Z >= z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def rate_z(k: int, n: int, p: float | None) -> float | None:
    """(k - n p) / sqrt(n p (1 - p)): how far k successes in n lie above the rate p."""
    if p is None or n <= 0 or p <= 0.0 or p >= 1.0:
        return None
    return (k - n * p) / math.sqrt(n * p * (1.0 - p))


def mean_z(total: float, n: int, pop_mean: float | None, pop_sd: float | None
           ) -> float | None:
    """How many standard errors the mean loss ``total / n`` lies *below* the
    population's mean (positive: fewer points lost than the population)."""
    if pop_mean is None or pop_sd is None or pop_sd <= 0.0 or n <= 0:
        return None
    return (pop_mean - total / n) / (pop_sd / math.sqrt(n))


def population_sd(total: float, total_sq: float, n: int) -> float | None:
    """Standard deviation of the per-card loss over the population's n cards."""
    if n <= 0:
        return None
    return math.sqrt(max(0.0, total_sq / n - (total / n) ** 2))


def calibrated_rate(t: Tally, pop: Tally, shrink: int = SHRINK) -> float | None:
    """What this player would reach at seen-only positions without seeing.

    An honest player plays a double-dummy best card at a seen-only position only
    after leaving the single-dummy best, so his rate there is taken to be the
    population's, in proportion to how often he leaves the single-dummy best where
    seeing would not help (``left_sd / agree_n``; mixed with ``shrink`` positions at
    the population's rate) against how often the population does:
    ``pop_rate * d / d_pop``, at most 1.  A player who always plays the single-dummy
    best is expected to reach few; one whose style leaves it often, more.  None
    when the population has no seen-only position; the population's own rate when
    it never leaves the single-dummy best.
    """
    pop_rate = ratio(pop.seen, pop.critical_n)
    if pop_rate is None:
        return None
    d_pop = ratio(pop.left_sd, pop.agree_n)
    if not d_pop:
        return pop_rate
    d = (t.left_sd + shrink * d_pop) / (t.agree_n + shrink)
    return min(1.0, pop_rate * d / d_pop)


@dataclass(frozen=True)
class Test:
    """One flaggable test of a row: z, the one-sided p-value, whether it ran."""

    z: float | None
    p: float | None

    @property
    def ran(self) -> bool:
        return self.p is not None


NOT_RUN = Test(None, None)


def binomial_test(k: int, n: int, p: float | None, min_n: int = MIN_TEST_N) -> Test:
    """k successes in n against the rate p: z and the exact upper tail P(X >= k); not
    run below ``min_n`` or where p is unknown or 1 (no one can do better)."""
    if p is None or p >= 1.0 or n < min_n:
        return NOT_RUN
    return Test(rate_z(k, n, p), binomial_tail(k, n, p))


def gap_test(t: Tally, pop: Tally, min_n: int = MIN_TEST_N
             ) -> tuple[float | None, float | None, Test]:
    """The defence-minus-callers share of double-dummy best cards, the population's,
    and the two-proportion z test of the difference (normal approximation, the
    variance taken at the population's shares)."""
    gap = _gap(t)
    gap_pop = _gap(pop)
    if gap is None or gap_pop is None or t.def_n < min_n or t.call_n < min_n:
        return gap, gap_pop, NOT_RUN
    pd, pc = pop.def_dd_best / pop.def_n, pop.call_dd_best / pop.call_n
    se = math.sqrt(pd * (1 - pd) / t.def_n + pc * (1 - pc) / t.call_n)
    if se == 0.0:
        return gap, gap_pop, NOT_RUN
    z = (gap - gap_pop) / se
    return gap, gap_pop, Test(z, normal_tail(z))


def _gap(t: Tally) -> float | None:
    d, c = ratio(t.def_dd_best, t.def_n), ratio(t.call_dd_best, t.call_n)
    return None if d is None or c is None else d - c


# ---------------------------------------------------------------- the report

def report(tallies: list[Tally], min_cards: int = MIN_CARDS,
           false_flags: float = FALSE_FLAGS, min_test_n: int = MIN_TEST_N) -> list[dict]:
    """The report's rows (:data:`REPORT_FIELDS`): one per player and per pair with at
    least ``min_cards`` positions in a variant, players first, then pairs, by name.

    ``tallies`` holds the population's tally of each variant (kind ``population``)
    and those of the players and pairs.  Every test is one-sided; with T tests run
    over the rows, each flags at p <= false_flags / T (Bonferroni); a test runs
    where its positions number at least ``min_test_n``.
    """
    pops = {t.variant: t for t in tallies if t.kind == "population"}
    kept = sorted((t for t in tallies if t.kind != "population" and t.cards >= min_cards),
                  key=lambda t: (t.kind != "player", t.player or "", t.variant))
    rows = [_row(t, pops[t.variant], min_test_n) for t in kept]
    tests = sum(r.pop("_ran") for r in rows)
    alpha = false_flags / tests if tests else None
    z_line = NormalDist().inv_cdf(1.0 - alpha) if alpha is not None else None
    for r in rows:
        for name in ("seen_only", "lead_dd", "gap"):
            p = r[f"{name}_p"]
            r[f"{name}_flag"] = p is not None and alpha is not None and p <= alpha
        r["tests"], r["alpha"], r["z_threshold"] = tests, alpha, z_line
        r["flagged"] = r["seen_only_flag"] or r["lead_dd_flag"] or r["gap_flag"]
    return [{k: r[k] for k in REPORT_FIELDS} for r in rows]


def _camp(prefix: str, n: int, loss: float, best: int, pop_n: int, pop_loss: float,
          pop_sq: float, pop_best: int) -> dict:
    pop_mean = ratio(pop_loss, pop_n)
    pop_rate = ratio(pop_best, pop_n)
    return {f"{prefix}_cards": n,
            f"{prefix}_sd_loss": ratio(loss, n), f"{prefix}_sd_loss_pop": pop_mean,
            f"{prefix}_sd_loss_z": mean_z(loss, n, pop_mean,
                                          population_sd(pop_loss, pop_sq, pop_n)),
            f"{prefix}_sd_best": ratio(best, n), f"{prefix}_sd_best_pop": pop_rate,
            f"{prefix}_sd_best_z": rate_z(best, n, pop_rate)}


def _row(t: Tally, pop: Tally, min_n: int) -> dict:
    seen_pop = ratio(pop.seen, pop.critical_n)
    expected = calibrated_rate(t, pop)
    seen = binomial_test(t.seen, t.critical_n, expected, min_n)
    lead_pop = ratio(pop.lead_dd_best, pop.lead_n)
    lead = binomial_test(t.lead_dd_best, t.lead_n, lead_pop, min_n)
    gap, gap_pop, gap_t = gap_test(t, pop, min_n)
    return {
        "kind": t.kind, "player": t.player, "variant": t.variant, "cards": t.cards,
        **_camp("defence", t.def_n, t.def_sd_loss, t.def_sd_best, pop.def_n,
                pop.def_sd_loss, pop.def_sd_loss_sq, pop.def_sd_best),
        **_camp("caller", t.call_n, t.call_sd_loss, t.call_sd_best, pop.call_n,
                pop.call_sd_loss, pop.call_sd_loss_sq, pop.call_sd_best),
        "agree": t.agree_n, "left_sd": t.left_sd, "left_sd_rate": ratio(t.left_sd, t.agree_n),
        "left_sd_pop": ratio(pop.left_sd, pop.agree_n),
        "critical": t.critical_n, "seen_only": t.seen,
        "seen_only_rate": ratio(t.seen, t.critical_n), "seen_only_pop": seen_pop,
        "seen_only_z_pop": rate_z(t.seen, t.critical_n, seen_pop),
        "seen_only_expected": expected, "seen_only_z": seen.z, "seen_only_p": seen.p,
        "leads": t.lead_n, "lead_dd_best": t.lead_dd_best,
        "lead_dd_rate": ratio(t.lead_dd_best, t.lead_n), "lead_dd_pop": lead_pop,
        "lead_dd_z": lead.z, "lead_dd_p": lead.p,
        "lead_sd_loss": ratio(t.lead_sd_loss, t.lead_n),
        "lead_sd_best": ratio(t.lead_sd_best, t.lead_n),
        "defence_dd_best": ratio(t.def_dd_best, t.def_n),
        "caller_dd_best": ratio(t.call_dd_best, t.call_n),
        "gap": gap, "gap_pop": gap_pop, "gap_z": gap_t.z, "gap_p": gap_t.p,
        "_ran": seen.ran + lead.ran + gap_t.ran,
    }


# ------------------------------------------------------------ over a dataset

#: polars types of the report's columns
_INT_FIELDS = {"cards", "defence_cards", "caller_cards", "agree", "left_sd", "critical",
               "seen_only", "leads", "lead_dd_best", "tests"}
_BOOL_FIELDS = {"seen_only_flag", "lead_dd_flag", "gap_flag", "flagged"}


def report_schema() -> dict:
    import polars as pl

    return {f: (pl.String if f in ("kind", "player", "variant") else
                pl.Int64 if f in _INT_FIELDS else
                pl.Boolean if f in _BOOL_FIELDS else pl.Float64) for f in REPORT_FIELDS}


class NoSingleDummy(LookupError):
    """The dataset has no single-dummy analysis to report on."""


def has_single_dummy(a) -> bool:
    """Whether the dataset holds single-dummy rows (``belot analyze --single-dummy
    --into``); on first use, makes the ``card_single_dummy`` view over them and the
    fact table ``f_card_sd`` (:data:`F_CARD_SD`)."""
    if not a.files.get("card_single_dummy"):
        return False
    with a._lock:
        if "f_card_sd" not in a._built:
            a._ensure(("f_games", "f_deals"))
            a.table_view("card_single_dummy")
            a.con.execute(F_CARD_SD)
            a._built.add("f_card_sd")
    return True


def tallies(a, filters=None) -> list[Tally]:
    """The population's, every player's and every pair's :class:`Tally` per variant,
    over the games the filters choose (:class:`analytics.Filters`)."""
    if not has_single_dummy(a):
        raise NoSingleDummy("the dataset has no single-dummy analysis")
    sql, params = a.filtered(TALLY_SQL, filters, ("f_games",))
    with a._lock:
        rows = a.con.sql(sql, params=params or None).fetchall()
    return [Tally(*r) for r in rows]


def report_frame(a, filters=None, min_cards: int = MIN_CARDS,
                 false_flags: float = FALSE_FLAGS, min_test_n: int = MIN_TEST_N
                 ) -> pl.DataFrame:
    """:func:`report` over a dataset, as a polars DataFrame (:data:`REPORT_FIELDS`)."""
    import polars as pl

    rows = report(tallies(a, filters), min_cards, false_flags, min_test_n)
    return pl.DataFrame(rows, schema=report_schema(), orient="row")


# ------------------------------------------------------- the metrics' compute

#: sd_accuracy's dimensions: columns of the per-camp rows of f_card_sd
SD_DIMS = {"player": "player", "partnership": "pair", "variant": "variant", "role": "role"}
SD_ACCURACY_FIELDS = ("cards", "avg_sd_loss", "sd_best_rate", "dd_best_rate")


def sd_accuracy_metric(a, m, dims: list[str], filters) -> pl.DataFrame:
    """The ``sd_accuracy`` metric: positions, mean ``sd_loss``, shares of single- and
    double-dummy best cards, split by ``dims``; no rows without single-dummy tables."""
    import polars as pl

    if not has_single_dummy(a):
        return pl.DataFrame(schema={**{d: pl.String for d in dims}, "cards": pl.Int64,
                                    **{f: pl.Float64 for f in SD_ACCURACY_FIELDS[1:]}})
    cols = "".join(f"{SD_DIMS[d]} AS {d}, " for d in dims)
    order = ("ORDER BY " + ", ".join(f"{d} NULLS LAST" for d in dims)) if dims else ""
    camps = " UNION ALL ".join(
        f"SELECT variant, player, pair, '{role}' AS role, {c}_n AS n, {c}_sd_loss AS loss, "
        f"{c}_sd_best AS sd, {c}_dd_best AS dd FROM f_card_sd "
        "WHERE gkey IN (SELECT gkey FROM fg)" for role, c in (("defence", "def"),
                                                              ("caller", "call")))
    sql, params = a.filtered(f"""
SELECT {cols}sum(n)::BIGINT AS cards, sum(loss) / sum(n) AS avg_sd_loss,
       sum(sd) / sum(n) AS sd_best_rate, sum(dd) / sum(n) AS dd_best_rate
FROM ({camps}) AS u GROUP BY ALL HAVING sum(n) > 0 {order}
""", filters, ("f_games",))
    return a._run(sql, params)


def fairplay_metric(a, m, dims: list[str], filters) -> pl.DataFrame:
    """The ``fairplay`` metric: the report (:func:`report_frame`) with the
    dimensions first; no rows without single-dummy tables."""
    import polars as pl

    if not has_single_dummy(a):
        df = pl.DataFrame(schema=report_schema())
    else:
        df = report_frame(a, filters)
    return df.select(*dims, *m.fields)
