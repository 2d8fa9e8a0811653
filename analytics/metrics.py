"""Every metric, defined once: what it counts (``doc``), its dimensions and its SQL.

A metric's SQL is a template over the *filtered* fact relations (``fg`` games,
``fgs`` game stats, ``fd`` deals, ``fgp`` players per game and seat, ``fl``
line-ups, ``fdc`` declarations, ``fv`` violations, ``ft`` tricks; see
:mod:`analytics.facts`).  The placeholders are filled by :func:`render` from the
metric's own tables of dimension expressions; the only values that reach the
SQL from outside are bound parameters (``$min_n`` and the filters' ``$f_*``).
A ``--by`` name not in the metric's ``by`` list is refused before any SQL is
built.

Conventions shared by all metrics:

- **contract**: a deal in which someone's call set a contract (``bidder`` not
  null); **contracts** (the denominator of every success rate): deals whose
  validation report has ``made`` true or false (docs/bgn/report.md, docs/bgn/replay.md §9): a contract
  not judged (the game ended inside the deal, a broken record) is not counted.
  A deal that **hangs** (bg4, bg3, ru3 ties) has ``made`` false and so counts
  as a contract not made; ``hanging`` says how many of those hung.
- **rate**, **ci_low**, **ci_high**: made / contracts and its Wilson score
  interval at 95 % (z = 1.959964); null when contracts = 0.
- **small_n**: true when contracts < ``min_n`` (default :data:`MIN_N` = 30):
  too few for the rate to mean much.  Such rows are kept (and flagged) unless
  the caller asks to hide them (``hide_small=True``, ``belot stats --hide-small``).
- **player** names are the ``Seat1``..``Seat4`` tags as written (trimmed); a
  seat without a tag has a null name.  **partnership** is the sorted pair
  "name & name" of the bidder and its partner (4-seat partnership variants only).
- Filters (:class:`analytics.Filters`) choose games; every metric then counts
  within those games only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from analytics.fairplay import (
    MIN_CARDS,
    REPORT_FIELDS,
    SD_ACCURACY_FIELDS,
    SD_DIMS,
    fairplay_metric,
    sd_accuracy_metric,
)

#: default minimum number of contracts for a rate to be shown without the small_n flag
MIN_N = 30


@dataclass(frozen=True)
class Metric:
    """One metric: a name, what it counts, the dimensions it can be split by, its SQL."""

    name: str
    doc: str
    #: allowed dimension names, in the order ``--list`` shows them
    by: tuple[str, ...]
    #: output columns after the dimensions, in order
    fields: tuple[str, ...]
    #: the SQL template (see :func:`render`)
    sql: str
    #: dimension -> SQL expression over the metric's main relation
    dims: Mapping[str, str]
    #: the fact tables the SQL reads
    needs: tuple[str, ...]
    #: the dimensions ``belot stats`` uses when ``--by`` is not given
    default_by: tuple[str, ...] = ()
    #: dimensions that also split the denominator (ratio metrics: violations,
    #: declaration_frequency); the denominator comes from ``fgp`` when ``player``
    #: is one of them, else from ``fgs``
    den_dims: tuple[str, ...] = ()
    #: dimensions that only exist after the main aggregate (``tricks``: trick)
    post_dims: tuple[str, ...] = ()
    #: dimensions always present (appended when missing)
    always_by: tuple[str, ...] = ()
    #: a Python step instead of SQL alone (``elo``): called with (analytics, by, filters)
    compute: Callable | None = field(default=None, compare=False)
    #: the games-level relation of the denominator (when ``player`` is not a dimension)
    den_from: str = "fgs"
    #: fact tables a dimension needs besides ``needs``
    needs_by: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the single-dummy analysis' tables it reads (``belot analyze --single-dummy
    #: --into``): without their rows the metric has nothing to count
    single_dummy: tuple[str, ...] = ()

    def needs_for(self, by) -> tuple[str, ...]:
        """The fact tables the query reads for these dimensions."""
        extra = [t for b in by for t in self.needs_by.get(b, ())]
        return tuple(dict.fromkeys([*self.needs, *extra]))

    def check_by(self, by) -> list[str]:
        """The dimensions to use: validated against ``self.by``, duplicates dropped."""
        by = [by] if isinstance(by, str) else list(by or [])
        out: list[str] = []
        for b in by + [a for a in self.always_by if a not in by]:
            if b not in self.by:
                raise ValueError(f"metric {self.name!r} cannot be split by {b!r}; "
                                 f"allowed: {', '.join(self.by)}")
            if b not in out:
                out.append(b)
        return out


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def render(m: Metric, by: list[str], trick_columns: int = 12) -> str:
    """The metric's SELECT for the validated dimensions ``by`` (filter CTEs not included)."""
    inner = [b for b in by if b not in m.post_dims]
    dims = "".join(f"{m.dims[b]} AS {_q(b)}, " for b in inner)
    names = "".join(f"{_q(b)}, " for b in by)
    inner_names = "".join(f"{_q(b)}, " for b in inner)
    order = ("ORDER BY " + ", ".join(f"{_q(b)} NULLS LAST" for b in by)) if by else ""
    den = [b for b in by if b in m.den_dims]
    den_dims = "".join(f"{_q(b)}, " for b in den)
    den_from = "fgp" if "player" in den else m.den_from
    cond = " AND ".join(f"num.{_q(b)} IS NOT DISTINCT FROM den.{_q(b)}" for b in den) or "TRUE"
    if all(b in m.den_dims for b in by):
        # every dimension splits the deals: groups without events still show (zeros),
        # and events whose dimension has no deals (a violation without a seat, by
        # player) show with deals 0 and a null rate
        ratio_from = f"den FULL JOIN num ON {cond}"
        ratio_names = "".join(f"coalesce(den.{_q(b)}, num.{_q(b)}) AS {_q(b)}, " for b in by)
    else:
        ratio_from = f"num LEFT JOIN den ON {cond}"
        ratio_names = "".join(f"num.{_q(b)}, " for b in by)
    k = trick_columns
    trick_aggs = ", ".join(f"sum({c}{i}) AS {c}{i}" for i in range(1, k + 1)
                           for c in ("n", "s", "w", "r"))
    trick_unnest = ", ".join(
        f"unnest([{', '.join(f'{c}{i}' for i in range(1, k + 1))}]) AS {c}"
        for c in ("n", "s", "w", "r"))
    return m.sql.format(dims=dims, names=names, inner_names=inner_names, order=order,
                        den_dims=den_dims, den_from=den_from, ratio_from=ratio_from,
                        ratio_names=ratio_names, trick_aggs=trick_aggs,
                        trick_unnest=trick_unnest, k=k)


# ------------------------------------------------------------------ dimensions

#: the dimensions of a contract (one row of f_deals)
CONTRACT_DIMS = {
    "variant": "variant",
    "contract": "contract",
    "level": "bid_points",
    "bidder_position": "bidder_position",
    "bidding_round": "bidding_round",
    "contra": "contra",
    "trumps_held": "bidder_trumps",
    "trump_jack": "bidder_trump_jack",
    "trump_nine": "bidder_trump_nine",
    "player": "bidder_name",
    "partnership": "partnership",
}


SUCCESS_SQL = """
SELECT {names}contracts, made, hanging,
       ratio(made, contracts) AS rate,
       wilson_low(made, contracts) AS ci_low,
       wilson_high(made, contracts) AS ci_high,
       contracts < $min_n AS small_n
FROM (
  SELECT {dims}count(made)::BIGINT AS contracts,
         (count(*) FILTER (WHERE made))::BIGINT AS made,
         (count(*) FILTER (WHERE outcome = 'hanging'))::BIGINT AS hanging
  FROM fd
  WHERE bidder IS NOT NULL
  GROUP BY ALL
) AS x
{order}
"""

SUCCESS_FIELDS = ("contracts", "made", "hanging", "rate", "ci_low", "ci_high", "small_n")

METRICS: dict[str, Metric] = {}


def _add(m: Metric) -> None:
    METRICS[m.name] = m


_add(Metric(
    name="bid_success",
    doc="Contracts made / contracts played. contracts: deals whose validation report has "
        "made true or false (a contract called and judged); made: those with made true; "
        "hanging: contracts that hung on a tie (bg4, bg3, ru3; made false, so counted as "
        "not made). rate = made/contracts with its Wilson 95% interval (ci_low, ci_high), "
        "null when contracts = 0; small_n: contracts below the minimum n (default 30). "
        "level is bid_points (contree), bidder_position the bidder's place after the "
        "dealer (1 = first to call), trumps_held / trump_jack / trump_nine the bidder's "
        "trumps while bidding, player the bidder's name, partnership the bidder's pair.",
    by=tuple(CONTRACT_DIMS),
    fields=SUCCESS_FIELDS,
    sql=SUCCESS_SQL,
    dims=CONTRACT_DIMS,
    needs=("f_games", "f_deals"),
    default_by=("variant",),
))

_add(Metric(
    name="declaration_effect",
    doc="Bid success (as bid_success: contracts, made, hanging, rate, Wilson interval, "
        "small_n) split by whose declarations counted in the deal: decl_counted = "
        "'bidder' (only the bidding side's), 'defenders' (only the other side's), 'both' "
        "(bg4, where runs and carres are contested apart), 'none'.",
    by=("decl_counted", *CONTRACT_DIMS),
    fields=SUCCESS_FIELDS,
    sql=SUCCESS_SQL,
    dims={"decl_counted": "decl_counted", **CONTRACT_DIMS},
    needs=("f_games", "f_deals"),
    default_by=("decl_counted",),
))

_add(Metric(
    name="declaration_frequency",
    doc="Declared combinations per deal. deals: deals in scope = deals with a contract "
        "(someone called; declarations exist only there), in the chosen games; by player: "
        "the deals with a contract at which that player sat. declarations: combinations "
        "written in `declare` in those deals, held or not (held=false is A501), counted "
        "or not; by player: those the player declared. per_deal = declarations / deals. "
        "type is run3 .. run8 or carre:<rank>; role is the declarer's side: bidder or "
        "defenders. Splitting by type, role, held or counted divides the declarations, "
        "not the deals.",
    by=("variant", "type", "player", "role", "held", "counted"),
    fields=("deals", "declarations", "per_deal"),
    sql="""
WITH num AS (
  SELECT {dims}count(*)::BIGINT AS declarations FROM fdc GROUP BY ALL
), den AS (
  SELECT {den_dims}sum(scope_deals)::BIGINT AS deals FROM {den_from} GROUP BY ALL
)
SELECT {ratio_names}coalesce(den.deals, 0)::BIGINT AS deals,
       coalesce(num.declarations, 0)::BIGINT AS declarations,
       ratio(coalesce(num.declarations, 0), den.deals) AS per_deal
FROM {ratio_from}
{order}
""",
    dims={"variant": "variant", "type": "type", "player": "player", "role": "role",
          "held": "held", "counted": "counted"},
    den_dims=("variant", "player"),
    needs=("f_games", "f_deals", "f_decl", "f_game_stats"),
    needs_by={"player": ("f_players",)},
    default_by=("variant",),
))

_add(Metric(
    name="declaration_points",
    doc="How often each side's declarations counted and what they brought, per deal "
        "with a contract, one row per role (bidder = the bidding side, defenders = the "
        "other side or seats). deals: deals with a contract; declared: deals in which "
        "the role declared at least one combination; counted: deals in which at least "
        "one of the role's combinations counted (held, allowed, won the contest); "
        "counted_rate = counted/deals; points: declaration points the role won "
        "(decl_points_by_side, as scored, e.g. after a capot); points_per_deal = "
        "points/deals.",
    by=("variant", "role", "contract"),
    fields=("deals", "declared", "counted", "counted_rate", "points", "points_per_deal"),
    sql="""
WITH a AS (
  SELECT {dims}count(*) AS deals,
         count(*) FILTER (WHERE decl_bidder > 0) AS declared_b,
         count(*) FILTER (WHERE decl_defenders > 0) AS declared_d,
         count(*) FILTER (WHERE counted_bidder > 0) AS counted_b,
         count(*) FILTER (WHERE counted_defenders > 0) AS counted_d,
         sum(decl_pts_bidder) AS points_b, sum(decl_pts_defenders) AS points_d
  FROM fd WHERE bidder IS NOT NULL
  GROUP BY ALL
), u AS (
  SELECT {inner_names}deals, unnest(['bidder', 'defenders']::role_t[]) AS role,
         unnest([declared_b, declared_d]) AS declared,
         unnest([counted_b, counted_d]) AS counted,
         unnest([points_b, points_d]) AS points
  FROM a
)
SELECT {names}deals::BIGINT AS deals, declared::BIGINT AS declared,
       counted::BIGINT AS counted, ratio(counted, deals) AS counted_rate,
       coalesce(points, 0)::BIGINT AS points, ratio(coalesce(points, 0), deals)
         AS points_per_deal
FROM u
{order}
""",
    dims={"variant": "variant", "contract": "contract"},
    needs=("f_games", "f_deals"),
    default_by=("variant", "role"),
    post_dims=("role",),
    always_by=("role",),
))

_add(Metric(
    name="bela_frequency",
    doc="Bela (belote: king and queen of trump announced) per deal with a contract. "
        "deals: deals with a contract; bela_deals: deals in which some side was credited "
        "bela points; rate = bela_deals/deals; bidder_bela / defenders_bela: deals in "
        "which the bidding side / the other side(s) were credited bela; bela_points: the "
        "bela points credited. Credited, not announced: an A503 bela scores nothing, and "
        "in yu4 a capot side takes the other side's bela.",
    by=("variant", "contract"),
    fields=("deals", "bela_deals", "rate", "bidder_bela", "defenders_bela", "bela_points"),
    sql="""
SELECT {names}deals, bela_deals, ratio(bela_deals, deals) AS rate, bidder_bela,
       defenders_bela, bela_points
FROM (
  SELECT {dims}count(*)::BIGINT AS deals,
         (count(*) FILTER (WHERE bela_pts_bidder + bela_pts_defenders > 0))::BIGINT
           AS bela_deals,
         (count(*) FILTER (WHERE bela_pts_bidder > 0))::BIGINT AS bidder_bela,
         (count(*) FILTER (WHERE bela_pts_defenders > 0))::BIGINT AS defenders_bela,
         coalesce(sum(bela_pts_bidder + bela_pts_defenders), 0)::BIGINT AS bela_points
  FROM fd WHERE bidder IS NOT NULL
  GROUP BY ALL
) AS x
{order}
""",
    dims={"variant": "variant", "contract": "contract"},
    needs=("f_games", "f_deals"),
    default_by=("variant",),
))

_add(Metric(
    name="violations",
    doc="Violations per 1,000 deals. deals: every deal of the chosen games (passed ones "
        "too); by variant, that variant's deals; by player, the deals at which that "
        "player sat. violations: findings the engine reported in those games (docs/codes.md; "
        "S603 about the result has no deal but counts); by player, those on a card, "
        "call or declaration of that player's seat (S6xx have no seat: player null); by "
        "code, family (D B C A S) or trick, the findings of that kind over all deals. "
        "per_1000 = 1000 * violations / deals.",
    by=("variant", "code", "family", "player", "trick"),
    fields=("deals", "violations", "per_1000"),
    sql="""
WITH num AS (
  SELECT {dims}count(*)::BIGINT AS violations FROM fv GROUP BY ALL
), den AS (
  SELECT {den_dims}sum(n_deals)::BIGINT AS deals FROM {den_from} GROUP BY ALL
)
SELECT {ratio_names}coalesce(den.deals, 0)::BIGINT AS deals,
       coalesce(num.violations, 0)::BIGINT AS violations,
       1000 * ratio(coalesce(num.violations, 0), den.deals) AS per_1000
FROM {ratio_from}
{order}
""",
    dims={"variant": "variant", "code": "code", "family": "family", "player": "player",
          "trick": "trick"},
    den_dims=("variant", "player"),
    den_from="fg",
    needs=("f_games", "f_viol"),
    needs_by={"player": ("f_players",)},
    default_by=("code",),
))

_add(Metric(
    name="players",
    doc="Per player (the Seat tags' names; seats without a name left out): games played; "
        "games_finished (result not '*'); games_won (the engine's result is the "
        "player's side); win_rate = games_won/games_finished; deals played; contracts: "
        "deals in which the player was the bidder and the contract was judged; made; "
        "rate = made/contracts; avg_points: mean per deal of the raw points the "
        "player's side collected (card points with the last-trick bonus + declaration "
        "points won + bela), over deals with a contract whose cards were counted; "
        "declarations the player declared; violations on the player's seat.",
    by=("player", "variant"),
    fields=("games", "games_finished", "games_won", "win_rate", "deals", "contracts",
            "made", "rate", "avg_points", "declarations", "violations"),
    sql="""
SELECT {names}games, games_finished, games_won, ratio(games_won, games_finished) AS win_rate,
       deals, contracts, made, ratio(made, contracts) AS rate,
       ratio(pts_sum, pts_n) AS avg_points, declarations, violations
FROM (
  SELECT {dims}count(*)::BIGINT AS games,
         (count(*) FILTER (WHERE finished))::BIGINT AS games_finished,
         (count(*) FILTER (WHERE won))::BIGINT AS games_won,
         sum(n_deals)::BIGINT AS deals, sum(contracts)::BIGINT AS contracts,
         sum(made)::BIGINT AS made, sum(pts_sum)::DOUBLE AS pts_sum,
         sum(pts_n)::BIGINT AS pts_n,
         sum(declarations)::BIGINT AS declarations, sum(violations)::BIGINT AS violations
  FROM fgp WHERE player IS NOT NULL
  GROUP BY ALL
) AS x
{order}
""",
    dims={"player": "player", "variant": "variant"},
    needs=("f_games", "f_players"),
    default_by=("player",),
    always_by=("player",),
))

_add(Metric(
    name="elo",
    doc="A simple Elo rating over game results (not over deals): every finished game "
        "(result not '*') whose seats all have names, in date order (then file and "
        "position); everyone starts at 1500, K = 20. Partnership games: each side's "
        "rating is the mean of its two players', and both partners move by K*(S-E). "
        "Games where everyone plays alone: the winner is scored as beating each other "
        "player, with K/(n-1) per pair. By variant: a separate rating pool per variant. "
        "games: rated games; games_won; elo: the final rating. Names are identities: "
        "two people with one name are one player.",
    by=("player", "variant"),
    fields=("games", "games_won", "elo"),
    sql="""
SELECT CASE WHEN $per_variant THEN vid ELSE 0 END::INTEGER AS vid,
       partnership, seats, winner, p1, p2, p3, p4
FROM fl WHERE rated
ORDER BY ord
""",
    dims={"player": "player", "variant": "variant"},
    needs=("f_games", "f_players", "f_lineups"),
    default_by=("player",),
    always_by=("player",),
))

_add(Metric(
    name="tricks",
    doc="Per trick number (in deals played card by card): tricks: completed tricks with "
        "that number; avg_points: mean card points in them (the last trick's +10 "
        "included); bidder_won_rate: share won by the bidding side; ruff_rate: share in "
        "which a trump was played to a plain lead.",
    by=("trick", "variant", "contract"),
    fields=("tricks", "avg_points", "bidder_won_rate", "ruff_rate"),
    sql="""
WITH a AS (
  SELECT {dims}{trick_aggs} FROM ft GROUP BY ALL
), u AS (
  SELECT {inner_names}unnest(range(1, {k} + 1)) AS trick, {trick_unnest} FROM a
)
SELECT {names}sum(n)::BIGINT AS tricks, sum(s) / sum(n) AS avg_points,
       sum(w) / sum(n) AS bidder_won_rate, sum(r) / sum(n) AS ruff_rate
FROM u WHERE n > 0
GROUP BY ALL
{order}
""",
    dims={"variant": "variant", "contract": "contract"},
    post_dims=("trick",),
    needs=("f_games", "f_deals", "f_tricks"),
    default_by=("trick",),
))

_add(Metric(
    name="last_trick",
    doc="How often the last trick decides the contract: the verdict would have gone the "
        "other way had the side that took the last trick not had its points (the "
        "trick's card points and the last-trick bonus). The test per variant on the raw "
        "points (cards + declarations + bela): bidder > the others together; yu3 >= ; "
        "ru3 > each opponent; contree >= the bid (capot bids left out). deals: judged "
        "contracts with a last trick for which this test on the actual points gives the "
        "engine's verdict; decided: those in which it flips without the last trick's "
        "points; rate = decided/deals; bidder_last: deals whose last trick the bidding "
        "side took; excluded: judged contracts with a last trick where the test does not "
        "give the engine's verdict (variant scoring beyond raw points: capot bonuses, "
        "Hungarian figures, penalties), left out. The per-deal test runs once, when the "
        "tricks facts are built (contract_test in analytics/facts.py).",
    by=("variant", "contract"),
    fields=("deals", "decided", "rate", "bidder_last", "excluded"),
    sql="""
SELECT {names}deals, decided, ratio(decided, deals) AS rate, bidder_last, excluded
FROM (
  SELECT {dims}sum(lt_deals)::BIGINT AS deals, sum(lt_decided)::BIGINT AS decided,
         sum(lt_bidder_last)::BIGINT AS bidder_last, sum(lt_excluded)::BIGINT AS excluded
  FROM ft
  GROUP BY ALL
) AS x
{order}
""",
    dims={"variant": "variant", "contract": "contract"},
    needs=("f_games", "f_deals", "f_tricks"),
    default_by=("variant",),
))

_add(Metric(
    name="capot",
    doc="Capot (valat: one side took every trick) per deal with a contract whose cards "
        "were counted. deals: those deals; capot: deals with a capot side; rate = "
        "capot/deals; bidder_capot / defenders_capot: the bidding side / the other side "
        "took every trick.",
    by=("variant", "contract"),
    fields=("deals", "capot", "rate", "bidder_capot", "defenders_capot"),
    sql="""
SELECT {names}deals, capot, ratio(capot, deals) AS rate, bidder_capot, defenders_capot
FROM (
  SELECT {dims}count(*)::BIGINT AS deals, count(capot_by)::BIGINT AS capot,
         (count(*) FILTER (WHERE capot_by = 'bidder'))::BIGINT AS bidder_capot,
         (count(*) FILTER (WHERE capot_by = 'defenders'))::BIGINT AS defenders_capot
  FROM fd WHERE bidder IS NOT NULL AND raw_points IS NOT NULL
  GROUP BY ALL
) AS x
{order}
""",
    dims={"variant": "variant", "contract": "contract"},
    needs=("f_games", "f_deals"),
    default_by=("variant",),
))


# ------------------------------------------------- double-dummy analysis
# (tables card_analysis and deal_analysis: belot ingest --analyze, belot analyze --into)

_add(Metric(
    name="accuracy",
    doc="How well cards were played, judged double-dummy (every hand known, best play by "
        "both camps; docs/analysis.md), over the cards analysed by `belot ingest "
        "--analyze` or `belot analyze --into` (games not analysed count nothing; Betl "
        "deals are left out, their values being 1/0, not points). cards: cards "
        "analysed; by player, those the player played. avg_loss: mean points lost per "
        "card (a card's loss is what its camp could secure before it minus after it; 0 "
        "for a best card); best_rate: share of cards that lost nothing; big_losses: "
        "cards that lost 10 points or more; big_loss_rate = big_losses/cards.",
    by=("player", "variant", "seat"),
    fields=("cards", "avg_loss", "best_rate", "big_losses", "big_loss_rate"),
    sql="""
SELECT {names}cards, ratio(loss, cards) AS avg_loss, ratio(best, cards) AS best_rate,
       big_losses, ratio(big_losses, cards) AS big_loss_rate
FROM (
  SELECT {dims}coalesce(sum(cards), 0)::BIGINT AS cards,
         coalesce(sum(loss), 0)::BIGINT AS loss, coalesce(sum(best), 0)::BIGINT AS best,
         coalesce(sum(big_losses), 0)::BIGINT AS big_losses
  FROM fca
  GROUP BY ALL
) AS x
{order}
""",
    dims={"player": "player", "variant": "variant", "seat": "seat"},
    needs=("f_games", "f_card_acc"),
    default_by=("player",),
))

#: the dimensions of an analysed contract (one row of f_dd)
DD_DIMS = {"variant": "variant", "contract": "contract", "player": "bidder_name"}

_add(Metric(
    name="dd_contracts",
    doc="Contracts makeable double-dummy against contracts made at the table, over the "
        "deals analysed (docs/analysis.md) whose contract was judged both ways. "
        "contracts: those deals; makeable: made with best play by both camps from the "
        "first lead (made_dd); made: made at the table; the crosstab: makeable_made, "
        "makeable_fell (the callers lost a makeable contract in the play), "
        "unmakeable_made (made though not makeable: the defenders gave it away), "
        "unmakeable_fell; makeable_rate = makeable/contracts, made_rate = "
        "made/contracts. player is the bidder's name.",
    by=tuple(DD_DIMS),
    fields=("contracts", "makeable", "made", "makeable_made", "makeable_fell",
            "unmakeable_made", "unmakeable_fell", "makeable_rate", "made_rate"),
    sql="""
SELECT {names}contracts, makeable, made, makeable_made, makeable - makeable_made
         AS makeable_fell, made - makeable_made AS unmakeable_made,
       contracts - makeable - made + makeable_made AS unmakeable_fell,
       ratio(makeable, contracts) AS makeable_rate, ratio(made, contracts) AS made_rate
FROM (
  SELECT {dims}count(*)::BIGINT AS contracts,
         (count(*) FILTER (WHERE made_dd))::BIGINT AS makeable,
         (count(*) FILTER (WHERE made))::BIGINT AS made,
         (count(*) FILTER (WHERE made_dd AND made))::BIGINT AS makeable_made
  FROM fdd WHERE made_dd IS NOT NULL AND made IS NOT NULL
  GROUP BY ALL
) AS x
{order}
""",
    dims=DD_DIMS,
    needs=("f_games", "f_deals", "f_dd"),
    default_by=("variant", "contract"),
))

_add(Metric(
    name="bid_quality",
    doc="Contracts that were not makeable double-dummy: even best play by the callers "
        "against best defence would not make them (docs/analysis.md), over the deals "
        "analysed whose double-dummy verdict is known. contracts: those deals; by "
        "player, the ones the player called. unmakeable: contracts with made_dd false; "
        "rate = unmakeable/contracts with its Wilson 95% interval (ci_low, ci_high); "
        "unmakeable_made: unmakeable contracts made anyway at the table (the defence "
        "erred); small_n: contracts below the minimum n (default 30).",
    by=tuple(DD_DIMS),
    fields=("contracts", "unmakeable", "rate", "ci_low", "ci_high", "unmakeable_made",
            "small_n"),
    sql="""
SELECT {names}contracts, unmakeable, ratio(unmakeable, contracts) AS rate,
       wilson_low(unmakeable, contracts) AS ci_low,
       wilson_high(unmakeable, contracts) AS ci_high,
       unmakeable_made, contracts < $min_n AS small_n
FROM (
  SELECT {dims}count(*)::BIGINT AS contracts,
         (count(*) FILTER (WHERE NOT made_dd))::BIGINT AS unmakeable,
         (count(*) FILTER (WHERE NOT made_dd AND made))::BIGINT AS unmakeable_made
  FROM fdd WHERE made_dd IS NOT NULL
  GROUP BY ALL
) AS x
{order}
""",
    dims=DD_DIMS,
    needs=("f_games", "f_deals", "f_dd"),
    default_by=("player",),
))


# ------------------------------------------------- single-dummy analysis and fair play
# (table card_single_dummy: belot analyze --single-dummy --into; docs/fairplay.md)

_add(Metric(
    name="sd_accuracy",
    doc="How well cards were played, judged single-dummy: each card against the mean, "
        "over layouts consistent with what its seat could know, of the double-dummy "
        "values (docs/fairplay.md), over the cards analysed by `belot analyze "
        "--single-dummy --into` that are also analysed double-dummy; Betl cards and "
        "cards whose position left nothing hidden (determined) are left out. cards: "
        "those cards; avg_sd_loss: mean sd_loss (points the card gave away by that "
        "mean); sd_best_rate: share of cards among the single-dummy best; "
        "dd_best_rate: share that lost nothing double-dummy. role: defence or caller "
        "(the camp of the seat whose call set the contract); partnership: the sorted "
        "pair \"name & name\" of the seat and its partner (4-seat partnership games).",
    by=tuple(SD_DIMS),
    fields=SD_ACCURACY_FIELDS,
    sql="",
    dims=SD_DIMS,
    needs=("f_games", "f_deals"),
    default_by=("player",),
    compute=sd_accuracy_metric,
    single_dummy=("card_single_dummy",),
))

_add(Metric(
    name="fairplay",
    doc="The fair-play report (docs/fairplay.md; `belot fairplay`): one row per player "
        f"and per partnership (kind) and variant with at least {MIN_CARDS} cards "
        "analysed single-dummy (as sd_accuracy). Single-dummy accuracy on defence and "
        "as caller (mean sd_loss, share of single-dummy best cards) with the "
        "population's and a z; seen-only positions (critical: the double-dummy best "
        "cards include no single-dummy best card) and how many of them were played to "
        "a double-dummy best card (seen_only), against the population's rate "
        "(seen_only_pop, seen_only_z_pop) and an expectation calibrated to the player "
        "(seen_only_expected: the population's rate times the player's rate of leaving "
        "the single-dummy best where the two agree, left_sd_rate, over the "
        "population's, left_sd_pop) with its z and exact binomial p; opening leads "
        "(leads, lead_dd_best: those losing nothing double-dummy, lead_dd_rate against "
        "lead_dd_pop, z and exact p; lead_sd_loss, lead_sd_best); the gap between the "
        "shares of double-dummy best cards on defence and as callers against the "
        "population's (gap_z, gap_p: two-proportion normal test). tests: one-sided "
        "tests run over the report; alpha = 0.001 / tests (Bonferroni: at most 0.001 "
        "false flags expected per report); z_threshold its normal quantile; each "
        "*_flag is p <= alpha, flagged any of them: unusual, worth a review.",
    by=("kind", "player", "variant"),
    fields=REPORT_FIELDS[3:],
    sql="",
    dims={"kind": "kind", "player": "player", "variant": "variant"},
    needs=("f_games", "f_deals"),
    default_by=("kind", "player", "variant"),
    always_by=("kind", "player", "variant"),
    compute=fairplay_metric,
    single_dummy=("card_single_dummy",),
))


def render_markdown() -> str:
    """docs/metrics.md, generated from the definitions above (``python -m analytics``)."""
    doc = (__doc__ or "")
    conventions = doc[doc.index("Conventions shared by all metrics:"):].strip()
    out = ["<!-- generated by `python -m analytics > docs/metrics.md`; edit "
           "analytics/metrics.py, not this file -->", "", "# Metrics", "",
           "What `belot stats --metric NAME` and `Analytics.query(NAME, by, filters)` count. "
           "Output columns: the `--by` dimensions in the order given, then the fields below. "
           "`belot stats --list` prints the same.", "", conventions, ""]
    for m in METRICS.values():
        out += [f"## `{m.name}`", "", m.doc, "",
                f"- dimensions (`--by`): {', '.join(f'`{b}`' for b in m.by)}",
                f"- default split in `belot stats`: "
                f"{', '.join(f'`{b}`' for b in m.default_by) or 'none (one total row)'}",
                f"- fields: {', '.join(f'`{f}`' for f in m.fields)}"]
        if m.always_by:
            out.append(f"- always split by: {', '.join(f'`{b}`' for b in m.always_by)}")
        out.append("")
    return "\n".join(out)

