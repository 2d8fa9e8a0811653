"""Records and their replay reports turned into rows of the event tables, then Arrow tables.

Pure: no files, no clock.  :class:`RowSink` collects row tuples per (table,
variant) in the column order of :mod:`ingest.schema`; :meth:`RowSink.tables`
transposes them once into Arrow tables.  Row tuples plus one ``zip(*rows)``
per table are the cheapest way from Python objects to Arrow columns.

Positions: a worker reads a chunk of a file whose first line is
``line_offset + 1`` and whose first game is game ``index_offset + 1``; every
line and game number written to the tables is counted from the start of the
file.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Final

import pyarrow as pa

from ingest.arrowrows import column_array
from ingest.bgn.dates import date_of
from ingest.identity import deal_ids
from ingest.playcols import CARD_DICT, PlayColumns
from ingest.schema import TABLES
from replay.engine.report import DealReport, GameReport
from replay.model.cards import CONTRACT_TABLES, RANKS, SUIT_MASK, SUITS, card_of
from replay.model.jsontext import escape_line_breaks
from replay.model.lanes import HandsLine
from replay.model.record import Deal, Game, ScoreLine
from replay.model.variants import TableFacts, table_facts
from replay.rules.declarations import CARRE, parse_combo
from replay.rules.ruleset import Ruleset, RulesetError
from replay.rules.rulesets import load_ruleset

#: tags with a column of their own in ``games`` (docs/bgn/game.md#tags); ``Variant`` is the partition key
STANDARD_TAGS = ("Event", "Site", "Date", "Round", "Seat1", "Seat2", "Seat3", "Seat4",
                 "Target", "Rules", "Result", "GameId", "Source")
_OWN_COLUMN = frozenset(STANDARD_TAGS) | {"Variant"}
CONTRACT_NAMES = ("S", "H", "D", "C", "NT", "AT")
#: code of a reject where the engine itself failed on a record that parsed
ENGINE_FAILURE = "X901"


@dataclass(frozen=True, slots=True)
class Context:
    """Where a chunk of games comes from and which ingest run writes it."""

    source_file: str
    batch: str
    ingested_at: dt.datetime
    line_offset: int = 0
    index_offset: int = 0
    #: how the records are written: ``bgn`` or ``jsonl`` (the ``form`` of ``records``)
    form: str = "bgn"


def raw_id(text: str) -> str:
    """Identity of a reject: SHA-256 of its raw text."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=256)
def cached_ruleset(variant: str, rules: str | None, target: str | None) -> Ruleset | None:
    try:
        return load_ruleset(variant, rules, target)
    except RulesetError:
        return None


def side_labels(variant: str | None) -> tuple[str, ...]:
    facts = table_facts(variant)
    return ("A", "B") if facts.partnership else tuple(str(s) for s in range(1, facts.players + 1))


def side_of_seat(variant: str | None) -> tuple[int, ...]:
    """Index 0 unused; seat s -> side index."""
    facts = table_facts(variant)
    n = facts.players
    if facts.partnership:
        return (0,) + tuple((s - 1) % 2 for s in range(1, n + 1))
    return (0,) + tuple(range(n))


#: the float of each sheet number met (``float(Decimal)`` goes through the number's text);
#: the reader hands out one Decimal object per whole number, whose hash is kept in it,
#: so a look-up here is cheap.  Emptied when it grows past :data:`_FLOATS_MAX`.
_FLOATS: dict[Decimal, float] = {}
_FLOATS_MAX = 1 << 14


def _sheet(line: ScoreLine | None) -> list[float | None] | None:
    """A written score or total line's numbers as floats (None: a ``-``)."""
    if line is None:
        return None
    out: list[float | None] = []
    floats = _FLOATS
    for v in line.values:
        if v is None:
            out.append(None)
            continue
        f = floats.get(v)
        if f is None:
            f = float(v)
            if f:  # a zero is not kept: -0 and 0 are one key, their floats two signs
                if len(floats) >= _FLOATS_MAX:
                    floats.clear()
                floats[v] = f
        out.append(f)
    return out


def _figures(values: list[int | Decimal]) -> list[int | Decimal]:
    """Engine figures (ints, or Decimal halves in yu3/ru3) for a ``float32`` list column:
    a copy of the list, each number converted in C as the column is made (exact for
    halves; ``float`` called here would go through the generic call path per value)."""
    return list(values)


def side_points(dr: DealReport, side_of: tuple[int, ...]) -> tuple[int | None, int | None]:
    """(bidding side, other sides): the raw points each collected in the deal.

    Card points (last-trick bonus included) + declaration points won in the contest
    + bela credited, before the contract test and the variant's scoring (capot
    bonus, trick-needed rules, multipliers, match-point rounding).  None where
    no one bid or the cards were not counted (a penalty, a game won by an
    8-card run, a broken record).
    """
    if dr.caller is None or not dr.card_points:
        return None, None
    sides = len(dr.card_points)
    raw = list(dr.card_points)
    decl = dr.decl_by_side or [dr.decl_points if dr.decl_side == s else 0 for s in range(sides)]
    for s in range(sides):
        raw[s] += decl[s] if s < len(decl) else 0
    for seat, p in dr.bela.items():
        raw[side_of[seat]] += p
    cs = side_of[dr.caller]
    return raw[cs], sum(raw) - raw[cs]


#: the jack's and the nine's rank within a suit (a card is ``suit * 8 + rank``)
_JACK: Final = RANKS.index("J")
_NINE: Final = RANKS.index("9")


def bidding_cards(deal: Deal, seat: int) -> list[int] | None:
    """The cards (ints 0..31, as written) of ``seat``'s first delivery: the cards it
    held while bidding; None when the record has no ``hands`` for it.

    A canonical ``hands`` line still compact is read by its character codes
    (:meth:`replay.model.lanes.HandsLine.first_delivery`): handing out its lists of card
    texts would build them for every seat of the deal."""
    hands = deal.hands
    if hands is None:
        return None
    if isinstance(hands, HandsLine):
        first = hands.first_delivery(seat)
        if first is not None:
            return first or None
    deliveries = hands.get(seat)
    if not deliveries:
        return None
    return [card_of(c) for c in deliveries[0]]


def hand_features(deal: Deal, dr: DealReport) -> tuple:
    """(trumps, trump jack, trump nine, hcp) of the bidder's first delivery (the cards
    it held while bidding), and its trumps at the start of play (``DealReport.hands``);
    None where unknown (no ``hands`` in the record) or not meaningful (No trumps)."""
    bidder, kind = dr.caller, dr.contract
    if bidder is None or kind is None:
        return None, None, None, None, None
    full = dr.hands.get(bidder)
    total = None
    if full is not None:
        if kind < 4:
            total = (full & SUIT_MASK[kind]).bit_count()
        elif kind == 5:
            total = full.bit_count()
    first = bidding_cards(deal, bidder)
    if first is None:
        return None, None, None, None, total
    points = CONTRACT_TABLES[kind].points
    hcp = trumps = 0
    jack = nine = False
    for c in first:  # one pass: the points, and the trumps with their jack and nine
        hcp += points[c]
        if c >> 3 == kind:  # (never for NT, 4, or AT, 5: no suit has that number)
            trumps += 1
            rank = c & 7
            if rank == _JACK:
                jack = True
            elif rank == _NINE:
                nine = True
    if kind < 4:
        return trumps, jack, nine, hcp, total
    if kind == 5:
        return len(first), None, None, hcp, total
    return None, None, None, hcp, total


class RowSink:
    """Row tuples per (table, partition value), for one chunk of games."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.rows: dict[tuple[str, str | None], list[tuple]] = {}
        #: the two high-volume tables are kept as columns (see COLUMNAR)
        self.cols: dict[tuple[str, str | None], dict[str, list]] = {}
        #: the plays and tricks of each variant (ingest.playcols)
        self.plays: dict[str, PlayColumns] = {}
        self.ids: list[tuple[str, str]] = []  # (game_id, "game"|"reject") in order
        self.games = self.deals = self.violations = self.rejects = 0

    def column_lists(self, table: str, variant: str | None) -> dict[str, list]:
        key = (table, variant)
        out = self.cols.get(key)
        if out is None:
            out = self.cols[key] = {n: [] for n in COLUMNAR[table]}
        return out

    def _plays(self, variant: str) -> PlayColumns:
        out = self.plays.get(variant)
        if out is None:
            out = self.plays[variant] = PlayColumns(side_labels(variant), side_of_seat(variant))
        return out

    def row_list(self, table: str, variant: str | None) -> list[tuple]:
        key = (table, variant)
        out = self.rows.get(key)
        if out is None:
            out = self.rows[key] = []
        return out

    # ---------------------------------------------------------------- games
    def add_game(self, game: Game, report: GameReport, gid: str, canonical: bool = False) -> None:
        """The rows of a replayed game; ``canonical``: its source text is its canonical
        text (``ingest.identity.read_identity``), so its deals are identified as read."""
        ctx = self.ctx
        lo = ctx.line_offset
        variant = report.variant or ""
        tags = game.tags
        sides = side_labels(variant)
        side_of = side_of_seat(variant)
        rs = cached_ruleset(variant, tags.get("Rules"), tags.get("Target"))
        index = game.index + ctx.index_offset
        facts = table_facts(variant)
        target = rs.target if rs is not None else facts.default_target
        last_total = next((d.total for d in reversed(game.deals) if d.total is not None), None)
        final = _figures(report.deals[-1].total) if report.deals else [0.0] * len(sides)
        other = [(k, v) for k, v in tags.items() if k not in _OWN_COLUMN]
        games_row = (
            gid, ctx.source_file, index, game.line + lo,
            *(tags.get(t) for t in STANDARD_TAGS),
            other, date_of(tags.get("Date")), facts.players, target,
            report.result, game.result, len(game.deals), final, _sheet(last_total),
            len(report.violations), list(game.comments), ctx.batch, ctx.ingested_at,
        )
        # a failure half-way must add nothing (the caller then keeps the record as a
        # reject): note every buffer's length, and cut back to it on an exception
        deals_out = self.row_list("deals", variant)
        bids_out = self.row_list("bids", variant)
        decl_out = self.row_list("declarations", variant)
        viol_out = self.row_list("violations", variant)
        games_out = self.row_list("games", variant)
        records_out = self.row_list("records", variant)
        plays_out = self._plays(variant)
        marks = [(lst, len(lst)) for lst in (deals_out, bids_out, decl_out, viol_out, games_out,
                                             records_out)]
        plays_mark = plays_out.mark()
        try:
            plays_out.add_game(gid)
            self._add_deals(game, report, gid, deal_ids(game, canonical), rs, facts, sides,
                            side_of, deals_out, bids_out, decl_out, plays_out)
            viol_out.extend([(gid, ctx.source_file, index, k + 1, v.code, v.line + lo if v.line else 0, v.col,
                              v.deal, v.trick, v.seat, v.message)
                             for k, v in enumerate(report.violations)])
            games_out.append(games_row)
            # a JSON Lines record is kept as one line for every reader (replay.model.jsontext);
            # the line as read may hold U+2028 and its kin raw, inside its strings
            text = (escape_line_breaks(game.source_text) if ctx.form == "jsonl"
                    else game.source_text)
            records_out.append((gid, ctx.form, text))
        except BaseException:
            for lst, n in marks:
                del lst[n:]
            plays_out.rollback(plays_mark)
            raise
        self.deals += len(report.deals)
        self.violations += len(report.violations)
        self.games += 1
        self.ids.append((gid, "game"))

    def _add_deals(self, game: Game, report: GameReport, gid: str, ids: list[str | None],
                   rs: Ruleset | None,
                   facts: TableFacts, sides: tuple[str, ...], side_of: tuple[int, ...],
                   deals_out: list[tuple], bids_out: list[tuple], decl_out: list[tuple],
                   plays_out: PlayColumns) -> None:
        lo = self.ctx.line_offset
        players = facts.players
        per_deal: dict[int | None, int] = {}
        for v in report.violations:
            per_deal[v.deal] = per_deal.get(v.deal, 0) + 1
        n_tricks = rs.tricks if rs is not None else 8
        for i, (deal, dr) in enumerate(zip(game.deals, report.deals, strict=False)):
            d = dr.deal
            bidder = dr.caller
            kind = dr.contract
            dealer = deal.dealer
            claim = deal.claim
            if bidder is None:
                outcome = "passed"
            elif dr.made is None:
                outcome = "unjudged"
            elif dr.made:
                outcome = "made"
            else:
                outcome = "hanging" if dr.hang else "fell"
            bp, op = side_points(dr, side_of)
            bela = [0] * len(sides)
            for seat, p in dr.bela.items():
                bela[side_of[seat]] += p
            trumps, jack, nine, hcp, total_trumps = hand_features(deal, dr)
            deals_out.append((
                gid, d, deal.number, (dr.line + lo) if dr.line else None, dealer,
                ids[i],
                bidder, None if bidder is None else sides[side_of[bidder]],
                None if bidder is None else (bidder - dealer - 1) % players + 1,
                dr.round if bidder is not None else None,
                None if kind is None else CONTRACT_NAMES[kind],
                dr.level if bidder is not None else None,
                dr.double if bidder is not None else None,
                dr.made, outcome, bp, op,
                list(dr.card_points) if dr.card_points else None,
                None if dr.decl_side is None else sides[dr.decl_side], dr.decl_points,
                list(dr.decl_by_side) if dr.decl_by_side else None,
                bela if bidder is not None else None,
                None if dr.capot_side is None else sides[dr.capot_side], dr.penalty,
                _figures(dr.score), _figures(dr.total), float(dr.hang),
                _sheet(deal.score), _sheet(deal.total),
                None if claim is None else claim.what,
                None if claim is None else claim.seat,
                dr.trick_count, per_deal.get(d, 0),
                trumps, jack, nine, hcp, total_trumps,
            ))
            calls = deal.bids or []
            nw = len(calls)
            for k, (seat, call, bid_round, legal) in enumerate(dr.call_rows):
                bids_out.append((gid, d, k + 1, seat or None, call, bid_round, legal,
                                 calls[k].comment if k < nw else None))
            for k, rec in enumerate(dr.declarations):
                combo = parse_combo(rec.text)
                if combo is None:
                    continue
                if combo.kind == CARRE:
                    typ, suit, top = "carre", None, None
                else:
                    typ, suit = f"run{combo.length}", SUITS[combo.suit]
                    top = RANKS[combo.rank] + suit
                decl_out.append((gid, d, k + 1, rec.seat, sides[side_of[rec.seat]], rec.text,
                                 typ, combo.length, RANKS[combo.rank], suit, top, rec.value,
                                 rec.held, rec.counted))
            plays_out.add_deal(dr, deal.plays or [], kind if kind is not None and kind < 4
                               else None, n_tricks)

    # -------------------------------------------------------------- rejects
    def add_reject(self, game: Game, code: str, line: int | None, col: int | None,
                   message: str, raw: str | None = None) -> str:
        ctx = self.ctx
        lo = ctx.line_offset
        text = raw if raw is not None else game.source_text
        rid = raw_id(text)
        self.row_list("rejects", None).append((
            rid, ctx.source_file, game.index + ctx.index_offset, game.line + lo,
            None if not line else line + lo, col, code, message, game.tags.get("Variant"),
            text, ctx.ingested_at,
        ))
        self.rejects += 1
        self.ids.append((rid, "reject"))
        return rid

    # ---------------------------------------------------------------- arrow
    def tables(self) -> dict[tuple[str, str | None], pa.Table]:
        """One Arrow table per (table, variant) that has rows."""
        out = {}
        for (name, variant), rows in self.rows.items():
            if rows:
                out[(name, variant)] = to_arrow(name, rows)
        for (name, variant), cols in self.cols.items():
            if cols["game_id"]:
                out[(name, variant)] = columns_to_arrow(name, cols)
        for variant, plays in self.plays.items():
            for name, build in (("tricks", plays.tricks), ("plays", plays.plays)):
                arrow = build(TABLES[name].arrow_schema)
                if arrow is not None:
                    out[(name, variant)] = arrow
        return out


def to_arrow(name: str, rows: list[tuple]) -> pa.Table:
    """Row tuples (in the schema's file-column order) to an Arrow table of that schema."""
    schema = TABLES[name].arrow_schema
    columns = list(zip(*rows, strict=True))
    arrays = [column_array(list(col), f.type) for col, f in zip(columns, schema, strict=True)]
    return pa.Table.from_arrays(arrays, schema=schema)


# ------------------------------------------------------- columnar tables
#: the double-dummy analysis holds a row per card: built column by column, cards as ints
#: (plays and tricks: ingest.playcols)
COLUMNAR = {
    "card_analysis": ("game_id", "deal", "idx", "trick", "seat", "card", "before", "after",
                      "loss", "best", "betl"),
    "card_single_dummy": ("game_id", "deal", "idx", "trick", "seat", "card", "samples",
                          "determined", "sd_before", "sd_after", "sd_loss", "sd_best", "sd_se",
                          "betl"),
}
#: columns holding a card as its int 0..31
_CARD_COLUMNS = frozenset({"card"})
#: columns holding a list of cards as ints
_CARD_LIST_COLUMNS = frozenset({"best", "sd_best"})


def columns_to_arrow(name: str, cols: dict[str, list]) -> pa.Table:
    schema = TABLES[name].arrow_schema
    arrays = []
    for f in schema:
        col = cols[f.name]
        if f.name in _CARD_COLUMNS:
            arr = pa.DictionaryArray.from_arrays(pa.array(col, type=pa.int32()), CARD_DICT)
        elif f.name in _CARD_LIST_COLUMNS:
            arr = _card_lists(col)
        else:
            arr = pa.array(col, type=f.type)
        arrays.append(arr)
    return pa.Table.from_arrays(arrays, schema=schema)


def _card_lists(lists: list[list[int]]) -> pa.Array:
    """Lists of cards (ints 0..31) as ``list<dictionary<int32, string>>`` of card texts."""
    offsets = [0]
    flat: list[int] = []
    for cards in lists:
        flat.extend(cards)
        offsets.append(len(flat))
    values = pa.DictionaryArray.from_arrays(pa.array(flat, type=pa.int32()), CARD_DICT)
    return pa.ListArray.from_arrays(pa.array(offsets, type=pa.int32()), values)
