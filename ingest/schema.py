"""The Parquet event dataset: every table and column, defined once, with a docstring each.

This module is the single source of truth for the layout that ``belot ingest``
writes and the analytics read.  ``docs/dataset.md`` is generated from it
(``python -m ingest.schema > docs/dataset.md``) and a test keeps the two equal.

Layout on disk (hive-style partition folders)::

    DATASET/<table>/variant=<variant>/batch=<batch>/part-<unit>.parquet
    DATASET/rejects/batch=<batch>/part-<unit>.parquet
    DATASET/_belot/...            commit log, staging area, lock (not data)

so that ``read_parquet('DATASET/deals/**/*.parquet', hive_partitioning=true)``
works from DuckDB (and ``pl.scan_parquet(..., hive_partitioning=True)`` from
Polars).  Partition columns (``variant``, ``batch``) live in the folder names
only, not inside the files.

Conventions:

- every table carries ``game_id`` (the canonical SHA-256 of docs/bgn/canonical.md;
  for ``rejects``, the SHA-256 of the raw text, since a record that does not
  parse has no canonical form);
- seats are ``int8`` 1..n; deal, trick and index numbers count from 1;
- sides are dictionary strings: ``A`` (seats 1, 3) and ``B`` (seats 2, 4) in
  partnership variants, the seat number as text where everyone plays alone;
- per-side figures are lists in side order (A, B; or seats 1..n), as in the
  validation report (docs/bgn/report.md);
- cards are dictionary strings in canonical text (``TH``, ``AS``), contracts
  ``S H D C NT AT``;
- low-cardinality strings are dictionary-encoded (Arrow ``dictionary<int32,
  string>``; DuckDB reads them as ``VARCHAR``);
- timestamps are UTC, milliseconds.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pyarrow as pa

#: a dictionary-encoded string (low cardinality: codes, cards, names, files)
DICT = pa.dictionary(pa.int32(), pa.string())
I8, I16, I32 = pa.int8(), pa.int16(), pa.int32()
STR = pa.string()
BOOL = pa.bool_()
TS = pa.timestamp("ms", tz="UTC")
SIDE_INTS = pa.list_(pa.int16())
#: score-sheet numbers, the engine's and the written ones: whole numbers, or halves
#: in yu3/ru3 (docs/rules/yu3.md, docs/rules/ru3.md); float32 holds both exactly; ``-`` is null
SHEET = pa.list_(pa.float32())
F32 = pa.float32()

#: the format version written into the commit log and every file's metadata
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: pa.DataType
    doc: str
    nullable: bool = True
    #: a hive partition key: in the folder name, not in the file
    partition: bool = False

    def field(self) -> pa.Field:
        return pa.field(self.name, self.type, nullable=self.nullable,
                        metadata={"doc": self.doc})


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    doc: str
    columns: tuple[Column, ...]
    #: the columns that identify a row (for sorting and equality checks)
    key: tuple[str, ...]

    @property
    def partitions(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns if c.partition)

    @property
    def file_columns(self) -> tuple[Column, ...]:
        return tuple(c for c in self.columns if not c.partition)

    @property
    def arrow_schema(self) -> pa.Schema:
        """The schema of the Parquet files (partition columns left out); made once per
        table (about 0.1 ms, asked for by every table of every unit)."""
        made = _ARROW_SCHEMAS.get(id(self))
        if made is None or made[0] is not self:
            made = _ARROW_SCHEMAS[id(self)] = (self, pa.schema(
                [c.field() for c in self.file_columns],
                metadata={"table": self.name, "doc": self.doc,
                          "belot_format": str(FORMAT_VERSION)}))
        return made[1]

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)


#: each table's Arrow schema, by the table's ``id`` (the table kept beside it, so that
#: the ``id`` is never another's)
_ARROW_SCHEMAS: dict[int, tuple[Table, pa.Schema]] = {}


def _c(name: str, type_: pa.DataType, doc: str, nullable: bool = True) -> Column:
    return Column(name, type_, doc, nullable)


GAME_ID = _c("game_id", STR, "SHA-256 (lower-case hex) of the game's canonical BGN text "
             "without comments (docs/bgn/canonical.md#identity): the same game read twice, from any "
             "file, is one game. Joins every table.", nullable=False)
VARIANT = Column("variant", DICT, "Partition key: the ruleset id from the `Variant` tag "
                 "(`yu4`, `mk4`, ...).", nullable=False, partition=True)
BATCH = Column("batch", DICT, "Partition key: the id of the ingest run that wrote the file "
               "(`YYYYMMDDTHHMMSSZ-xxxxxx`, sorts by time).", nullable=False, partition=True)
DEAL = _c("deal", I16, "Deal number: its position in the game, from 1 (as `deal` in the "
          "validation report and in `violations`).", nullable=False)
SOURCE_FILE = _c("source_file", DICT, "The input file, as it was named to `belot ingest` "
                 "(after expanding folders and globs).", nullable=False)
GAME_INDEX = _c("game_index", I32, "Position of the game in its file, from 1 (`game` in the "
                "validation report).", nullable=False)


def _tag(name: str, type_: pa.DataType = DICT) -> Column:
    return _c(f"tag_{name.lower()}", type_, f"The `{name}` tag as written; null when absent.")


GAMES = Table(
    "games",
    "One row per game: where it came from, its tags, the engine's figures and what was "
    "written.",
    (
        GAME_ID,
        SOURCE_FILE,
        GAME_INDEX,
        _c("line", I32, "Line of the file where the game's text starts.", nullable=False),
        _tag("Event"), _tag("Site"),
        _c("tag_date", DICT, "The `Date` tag: `YYYY.MM.DD`, also when the record wrote the "
           "date in another form the reader knows (`2025-03-14`, `14.03.2025`: "
           "docs/bgn/game.md#dates); as written when it cannot be read; null when absent."),
        _tag("Round"),
        _tag("Seat1"), _tag("Seat2"), _tag("Seat3"), _tag("Seat4"),
        _tag("Target"), _tag("Rules"), _tag("Result"), _tag("GameId", STR), _tag("Source"),
        _c("other_tags", pa.map_(STR, STR), "Every other tag, name to value (unknown tags "
           "are kept, docs/bgn/game.md#tags). `Variant` is the `variant` partition key."),
        _c("played_on", pa.date32(), "The `Date` tag as a date; null when absent, "
           "unreadable (a W702 warning) or any part is unknown (`??`)."),
        _c("players", I8, "Seats at the table for the variant.", nullable=False),
        _c("target", I32, "Points to win: the `Target` tag, else the variant's default."),
        _c("result", DICT, "The engine's result: `A`, `B`, a seat number, or `*` while no "
           "one has won (docs/bgn/report.md).", nullable=False),
        _c("recorded_result", DICT, "The `result` token as written; null when none was."),
        _c("deals", I16, "Number of deals in the record.", nullable=False),
        _c("final_total", SHEET, "The engine's running totals after the last deal, per "
           "side.", nullable=False),
        _c("recorded_final_total", SHEET, "The last `total` line written in the record, per "
           "side (`-` as null); null when no deal has one."),
        _c("violations", I32, "Number of violations the engine reported for the game.",
           nullable=False),
        _c("comments", pa.list_(STR), "The game comments (text before the first deal)."),
        _c("ingest_batch", DICT, "The ingest run that added the game (equals the `batch` "
           "key where the file was written by that run).", nullable=False),
        _c("ingested_at", TS, "When that ingest run started (UTC).", nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id",),
)

DEALS = Table(
    "deals",
    "One row per deal: layout identity, the contract, what each side collected, the score "
    "sheet as recomputed and as written, and the bidder's hand at bidding time.",
    (
        GAME_ID, DEAL,
        _c("deal_number", I16, "The number written after `deal` (differs from `deal` only in "
           "a broken record, D204).", nullable=False),
        _c("line", I32, "Line of the `deal` keyword (from the start of the file)."),
        _c("dealer", I8, "Seat that dealt.", nullable=False),
        _c("deal_id", STR, "SHA-256 of variant, dealer and hands (docs/bgn/canonical.md): the same "
           "cards dealt at several tables share it; null when `hands` is absent."),
        _c("bidder", I8, "Seat whose call set the contract; null when everyone passed."),
        _c("bidder_side", DICT, "Side of the bidder (`A`/`B`)."),
        _c("bidder_position", I8, "Bidder's place in the auction order: 1 = first after the "
           "dealer, n = the dealer."),
        _c("bidding_round", I8, "Round of the auction in which the contract was called (1 "
           "in one-round variants)."),
        _c("contract", DICT, "Trump suit `S H D C`, or `NT` / `AT`; null when everyone "
           "passed."),
        _c("bid_points", I16, "Points bid, in point-bid variants (contree: 80..160, 250 for "
           "capot); null elsewhere."),
        _c("contra", I8, "Contra level as a multiplier: 1 plain, 2 contra (coinche), 4 "
           "recontra, 3 surcoinche (contree); always 1 in yu4 and mk4; null when everyone "
           "passed."),
        _c("made", BOOL, "The engine's verdict: true made, false fell (or hung, or was "
           "penalised as caller); null when no one bid or the deal was not judged "
           "(docs/bgn/replay.md §9)."),
        _c("outcome", DICT, "`passed` (no bid), `made`, `fell`, `hanging` (fell into a "
           "tie that hangs), `unjudged` (a bid, but made is null: the game ended inside "
           "the deal, or the record is broken).", nullable=False),
        _c("bidder_points", I16, "Raw points the bidding side collected in the deal: card "
           "points (last-trick bonus included) + declaration points it won + bela, before "
           "the contract test and the variant's scoring (capot bonus, multipliers, match "
           "points, yu3 discards); null when no one bid or the cards were not counted (penalty, a game won "
           "by an 8-card run, a broken record)."),
        _c("opponents_points", I16, "The same for the other side(s)."),
        _c("card_points", SIDE_INTS, "Card points per side as played (last-trick bonus "
           "included; a `claim rest` gives the claimers the rest)."),
        _c("decl_side", DICT, "Side whose declarations won the contest and counted (the "
           "side with the most, where runs and carres are contested apart, bg4); null when "
           "none counted."),
        _c("decl_points", I16, "What the counted declarations were worth to that side "
           "(0 when none).", nullable=False),
        _c("decl_points_by_side", SIDE_INTS, "Declaration points won per side; null when "
           "no one bid."),
        _c("bela_points", SIDE_INTS, "Bela points credited per side."),
        _c("capot_side", DICT, "Side that took every trick; null when none did."),
        _c("penalty", BOOL, "The deal ended at a play violation under a penalty rule "
           "(mk4-22).", nullable=False),
        _c("score", SHEET, "The engine's score for the deal per side (0 for a side "
           "that fell), in the variant's unit.", nullable=False),
        _c("total", SHEET, "The engine's running totals after the deal, per side.",
           nullable=False),
        _c("hang", F32, "Points left hanging for the next deal (bg4, ru3); 0 elsewhere.",
           nullable=False),
        _c("recorded_score", SHEET, "The `score` line as written (`-` as null); null when "
           "not written."),
        _c("recorded_total", SHEET, "The `total` line as written; null when not written."),
        _c("claim", DICT, "`rest` or `game` where the record has a claim; null otherwise."),
        _c("claim_seat", I8, "Seat that claimed; null without a claim."),
        _c("tricks", I8, "Tricks played out card by card (a claim ends the count).",
           nullable=False),
        _c("violations", I16, "Violations the engine reported in this deal.", nullable=False),
        _c("bidder_trumps", I8, "Trumps the bidder held while bidding (its first delivery); "
           "null when no suit contract or the first delivery is not in the record."),
        _c("bidder_trump_jack", BOOL, "The bidder held the jack of trump while bidding."),
        _c("bidder_trump_nine", BOOL, "The bidder held the nine of trump while bidding."),
        _c("bidder_hcp", I16, "High-card points of the bidder's bidding-time hand: the card "
           "points of those cards under the contract (J 20, 9 14 in trump; A 11, T 10, K 4, "
           "Q 3, J 2 plain)."),
        _c("bidder_trumps_total", I8, "Trumps in the bidder's whole hand at the start of "
           "play (from `hands`, else from the cards it played)."),
        VARIANT, BATCH,
    ),
    key=("game_id", "deal"),
)

BIDS = Table(
    "bids",
    "One row per written call, in the order of the auction (the passes an auction "
    "infers after the last written call, docs/bgn/reading.md, are not rows).",
    (
        GAME_ID, DEAL,
        _c("idx", I8, "Position of the call in the deal's auction, from 1.", nullable=False),
        _c("seat", I8, "Seat that called: the seat whose turn it was; for a call after the "
           "auction ended, its written prefix (null when none)."),
        _c("call", DICT, "The call: `pass`, a suit `S H D C`, `NT`, `AT`, `X`, `XX`, ...",
           nullable=False),
        _c("round", I8, "Round of the auction, from 1.", nullable=False),
        _c("legal", BOOL, "False when the engine reported the call (B301/B302).",
           nullable=False),
        _c("comment", STR, "The comment written right after the call; null when none."),
        VARIANT, BATCH,
    ),
    key=("game_id", "deal", "idx"),
)

DECLARATIONS = Table(
    "declarations",
    "One row per declared combination (what was written in `declare`), with the engine's "
    "judgement.",
    (
        GAME_ID, DEAL,
        _c("idx", I8, "Position among the deal's declarations, from 1 (seats 1..n, then "
           "as written).", nullable=False),
        _c("seat", I8, "Seat that declared.", nullable=False),
        _c("side", DICT, "Side of the declaring seat (`A`/`B`).", nullable=False),
        _c("text", DICT, "Canonical text: `run5:AS`, `carre:J`.", nullable=False),
        _c("type", DICT, "`run3` ... `run8`, or `carre`.", nullable=False),
        _c("length", I8, "Cards in the combination (3..8 for runs, 4 for a carre).",
           nullable=False),
        _c("rank", DICT, "Top card's rank of a run, or the carre's rank (`7 8 9 T J Q K "
           "A`).", nullable=False),
        _c("suit", DICT, "Suit of a run (`S H D C`); null for a carre."),
        _c("top_card", DICT, "Top card of a run (`AS`); null for a carre."),
        _c("points", I16, "What the combination is worth under the contract (0 when not "
           "allowed).", nullable=False),
        _c("held", BOOL, "The seat held it (false: A501).", nullable=False),
        _c("counted", BOOL, "It counted: held, allowed, and its side won the contest.",
           nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id", "deal", "idx"),
)

TRICKS = Table(
    "tricks",
    "One row per completed trick: the cards in the order played with their seats, and who "
    "won it.",
    (
        GAME_ID, DEAL,
        _c("trick", I8, "Trick number in the deal, from 1.", nullable=False),
        _c("leader", I8, "Seat that led.", nullable=False),
        _c("card1", DICT, "First card played (the lead).", nullable=False),
        _c("card2", DICT, "Second card played."),
        _c("card3", DICT, "Third card played."),
        _c("card4", DICT, "Fourth card played; null at a three-seat table."),
        _c("seat1", I8, "Seat that played card1 (= leader).", nullable=False),
        _c("seat2", I8, "Seat that played card2."),
        _c("seat3", I8, "Seat that played card3."),
        _c("seat4", I8, "Seat that played card4."),
        _c("led_suit", DICT, "Suit of the lead (`S H D C`).", nullable=False),
        _c("winner", I8, "Seat that won the trick.", nullable=False),
        _c("winner_side", DICT, "Side of the winning seat (`A`/`B`).", nullable=False),
        _c("points", I16, "Card points in the trick, last-trick bonus included.",
           nullable=False),
        _c("trumped", BOOL, "A trump was played to a non-trump lead (a ruff); always false "
           "in NT and AT.", nullable=False),
        _c("last_trick", BOOL, "The last trick of the deal, which carries the last-trick "
           "bonus (+10).", nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id", "deal", "trick"),
)

PLAYS = Table(
    "plays",
    "One row per card replayed, in the order played.",
    (
        GAME_ID, DEAL,
        _c("idx", I8, "Position of the card in the deal's play, from 1.", nullable=False),
        _c("trick", I8, "Trick number, from 1.", nullable=False),
        _c("position", I8, "Position in the trick: 1 = the lead.", nullable=False),
        _c("seat", I8, "Seat whose turn it was (the seat that played it).", nullable=False),
        _c("card", DICT, "The card, canonical text.", nullable=False),
        _c("legal", BOOL, "False when the engine reported the card (C401..C405, D203).",
           nullable=False),
        _c("bela", DICT, "`bela` or `rebela` when written on the card; null otherwise."),
        _c("annotation", DICT, "`!`, `?`, `!!`, `??`, `!?`, `?!` as written; null when "
           "none."),
        _c("comment", STR, "The comment written right after the card; null when none."),
        VARIANT, BATCH,
    ),
    key=("game_id", "deal", "idx"),
)

VIOLATIONS = Table(
    "violations",
    "One row per violation the engine reported, in the order of the record (docs/codes.md, docs/bgn/report.md).",
    (
        GAME_ID, SOURCE_FILE, GAME_INDEX,
        _c("idx", I16, "Position of the violation in the game's report, from 1.",
           nullable=False),
        _c("code", DICT, "Stable code: `D2xx` layout, `B3xx` bidding, `C4xx` card play, "
           "`A5xx` declarations, bela and claims, `S6xx` score sheet.", nullable=False),
        _c("line", I32, "Line of the offending token, from the start of the file.",
           nullable=False),
        _c("col", I32, "Column of the offending token, from 1; null when not on one token."),
        _c("deal", I16, "Deal (position in the game); null for a finding about the game."),
        _c("trick", I8, "Trick, where the finding is about a card, bela or claim."),
        _c("seat", I8, "Seat that played, declared or called; null for S6xx."),
        _c("message", STR, "A one-line message a player understands.", nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id", "idx"),
)

RECORDS = Table(
    "records",
    "One row per game: its record text as read, so that the dataset replays without its "
    "source files (the dashboard's replay viewer reads the game here; `source_file` in "
    "`games` stays as provenance). Written in the same part as the game's other rows.",
    (
        GAME_ID,
        _c("form", DICT, "How `text` is written: `bgn` (BGN notation) or `jsonl` (one "
           "line of JSON Lines, docs/bgn/canonical.md).", nullable=False),
        _c("text", STR, "The game's text exactly as the reader read it from the source "
           "file (its tags and comments included), starting at the file's line `line` of "
           "`games`: read again with that line offset, it gives every violation at the line "
           "and column of `violations`. Its canonical form hashes to `game_id`. A `jsonl` "
           "line keeps U+0085, U+2028 and U+2029 escaped (`\\u2028`), so that it stays one "
           "line for every reader (docs/bgn/json.md).",
           nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id",),
)

REJECTS = Table(
    "rejects",
    "One row per record that could not be read or replayed (P1xx, or an engine failure): "
    "the raw text verbatim, so nothing is lost.",
    (
        _c("game_id", STR, "SHA-256 (hex) of the raw text: a reject has no canonical form; "
           "the same broken text ingested twice is one reject.", nullable=False),
        SOURCE_FILE, GAME_INDEX,
        _c("game_line", I32, "Line of the file where the record starts.", nullable=False),
        _c("line", I32, "Line of the error, from the start of the file."),
        _c("col", I32, "Column of the error; null when not on one token."),
        _c("code", DICT, "`P101` malformed, `P102` unknown variant or switch, `P103` "
           "misplaced section; `X901` the engine failed on the record (a bug to report).",
           nullable=False),
        _c("message", STR, "What is wrong.", nullable=False),
        _c("tag_variant", DICT, "The `Variant` tag, when it could be read."),
        _c("raw_text", STR, "The record's text exactly as read.", nullable=False),
        _c("ingested_at", TS, "When the ingest run started (UTC).", nullable=False),
        BATCH,
    ),
    key=("game_id",),
)

#: the card a row of the analysis tables is about, keyed like ``plays``
ANALYSED_CARD = (
    _c("idx", I8, "Position of the card in the deal's play, from 1 (= `plays.idx`).",
       nullable=False),
    _c("trick", I8, "Trick number, from 1.", nullable=False),
    _c("seat", I8, "Seat that played the card.", nullable=False),
    _c("card", DICT, "The card, canonical text.", nullable=False),
)

CARD_ANALYSIS = Table(
    "card_analysis",
    "One row per card analysed double-dummy (docs/analysis.md): every hand known, best play "
    "by both camps. Values are from the camp of the seat that played the card: `before` is "
    "what that camp could still secure with best play, `after` what it can secure once the "
    "card is down. Keyed like `plays` (`idx` joins `plays.idx`). Written by `belot ingest "
    "--analyze` or `belot analyze --into`; deals the solver cannot take (no contract, a "
    "penalty, hands not whole) have no rows, and a deal's rows stop at its first illegal card.",
    (
        GAME_ID, DEAL,
        *ANALYSED_CARD,
        _c("before", I16, "Card points (last-trick and capot bonus as the variant scores "
           "them) the card's camp could secure with best play before the card; 1 or 0 in "
           "Betl.", nullable=False),
        _c("after", I16, "What the camp can still secure with best play once the card is "
           "down (the trick it completes included).", nullable=False),
        _c("loss", I16, "`before - after`: the points the card gave away; 0 for a best "
           "card, never negative.", nullable=False),
        _c("best", pa.list_(DICT), "The legal cards of that position that lose nothing, in "
           "card order.", nullable=False),
        _c("betl", BOOL, "A Betl deal: `before`, `after` and `loss` are 1/0 (can the "
           "soloist avoid every trick), not points.", nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id", "deal", "idx"),
)

DEAL_ANALYSIS = Table(
    "deal_analysis",
    "One row per deal analysed double-dummy: the contract's result with best play from the "
    "first lead beside what happened at the table, and what the analysis cost.",
    (
        GAME_ID, DEAL,
        _c("caller", I8, "Seat whose call set the contract (the soloist in Betl).",
           nullable=False),
        _c("contract", DICT, "The contract as in `deals`: trump suit `S H D C`, or `NT` / "
           "`AT`.", nullable=False),
        _c("betl", BOOL, "A Betl deal (the values are 1/0, not points).", nullable=False),
        _c("value", I16, "The callers' camp's double-dummy card points from the first lead "
           "(last-trick and capot bonus as the variant scores them); in Betl 1 when the "
           "soloist can avoid every trick, else 0.", nullable=False),
        _c("made_dd", BOOL, "The contract is made with best play: the deal re-scored by the "
           "variant's rule with `value` as the callers' card points; null when the deal was "
           "not scored from its play (a claim of the game, a broken record)."),
        _c("made", BOOL, "The engine's verdict at the table (as `deals.made`)."),
        _c("cards", I16, "Cards analysed (rows in `card_analysis`): the whole play, or up "
           "to its first illegal card.", nullable=False),
        _c("total_loss", I32, "Sum of `loss` over the deal's analysed cards (both camps).",
           nullable=False),
        _c("solver_ms", F32, "Wall time the analysis of the deal took, in milliseconds.",
           nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id", "deal"),
)

GAME_ANALYSIS = Table(
    "game_analysis",
    "One row per game the double-dummy analysis has read, even when none of its deals "
    "could be solved: the games `belot analyze --into` skips on a re-run.",
    (
        GAME_ID,
        _c("deals", I16, "Deals analysed (rows in `deal_analysis`).", nullable=False),
        _c("skipped", I16, "Deals the solver cannot take: no contract, a penalty, or hands "
           "not whole at the first lead.", nullable=False),
        _c("solver_ms", F32, "Wall time solving the game's deals took (the replay not "
           "included), in milliseconds.", nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id",),
)

CARD_SINGLE_DUMMY = Table(
    "card_single_dummy",
    "One row per card analysed single-dummy (docs/fairplay.md#single-dummy-values): the "
    "hands the card's seat could not see laid out `samples` times among the layouts "
    "consistent with what it knew, every legal card solved double-dummy in each. Values "
    "are means over those layouts, from the camp of the seat that played the card (the "
    "trick the card completes included). Keyed like `card_analysis` (`idx` joins "
    "`plays.idx`). Written by `belot analyze --single-dummy --into`; a deal's rows stop "
    "where its `card_analysis` rows stop, and a position where no layout fits the record "
    "has no row.",
    (
        GAME_ID, DEAL,
        *ANALYSED_CARD,
        _c("samples", I16, "Layouts drawn (`--samples`), identical ones included.",
           nullable=False),
        _c("determined", BOOL, "Only one layout was consistent with what the seat knew: the "
           "values are the double-dummy ones.", nullable=False),
        _c("sd_before", F32, "The best mean over the legal cards: card points (last-trick "
           "and capot bonus as the variant scores them), a share of saving layouts in Betl.",
           nullable=False),
        _c("sd_after", F32, "The mean once the card played is down.", nullable=False),
        _c("sd_loss", F32, "`sd_before - sd_after`: never negative.", nullable=False),
        _c("sd_best", pa.list_(DICT), "The legal cards whose mean is within 0.5 points of "
           "`sd_before` (0.01 in Betl), in card order.", nullable=False),
        _c("sd_se", F32, "Standard error of `sd_before` (0 when determined).",
           nullable=False),
        _c("betl", BOOL, "A Betl deal: the values are shares of layouts where the soloist "
           "can avoid every trick, not points.", nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id", "deal", "idx"),
)

GAME_SINGLE_DUMMY = Table(
    "game_single_dummy",
    "One row per game the single-dummy analysis has read, even when none of its deals "
    "could be analysed: the games `belot analyze --single-dummy --into` skips on a re-run.",
    (
        GAME_ID,
        _c("deals", I16, "Deals analysed (deals with rows in `card_single_dummy`, or whose "
           "every position had no consistent layout).", nullable=False),
        _c("samples", I16, "Layouts drawn per position (`--samples`).", nullable=False),
        _c("seed", pa.int64(), "The seed of the layouts (`--seed`): with the record and "
           "`samples` it gives the same values again.", nullable=False),
        VARIANT, BATCH,
    ),
    key=("game_id",),
)

#: every table, in the order of the docs
TABLES: dict[str, Table] = {t.name: t for t in (
    GAMES, DEALS, BIDS, DECLARATIONS, TRICKS, PLAYS, VIOLATIONS, RECORDS, REJECTS,
    CARD_ANALYSIS, DEAL_ANALYSIS, GAME_ANALYSIS, CARD_SINGLE_DUMMY, GAME_SINGLE_DUMMY)}
#: the tables of the double-dummy analysis (``belot ingest --analyze``, ``belot analyze --into``)
ANALYSIS_TABLES = ("card_analysis", "deal_analysis", "game_analysis")
#: the tables of the single-dummy analysis (``belot analyze --single-dummy --into``)
SINGLE_DUMMY_TABLES = ("card_single_dummy", "game_single_dummy")


def render_markdown() -> str:
    """docs/dataset.md, generated from the definitions above."""
    out = ["<!-- generated by `python -m ingest.schema > docs/dataset.md`; edit "
           "ingest/schema.py, not this file -->", "",
           "# The event dataset", ""]
    doc = (__doc__ or "").split("\n\n", 1)[1].strip()
    out += [doc, "", "Query it from DuckDB:", "", "```sql",
            "SELECT contract, avg(made::int) AS made_rate, count(*) AS deals",
            "FROM read_parquet('DATASET/deals/**/*.parquet', hive_partitioning = true)",
            "WHERE variant = 'yu4' AND contract IS NOT NULL",
            "GROUP BY contract ORDER BY contract;", "```", ""]
    for t in TABLES.values():
        parts = "/".join(f"{p}=…" for p in t.partitions)
        out += [f"## `{t.name}`", "", t.doc, "",
                f"Files: `DATASET/{t.name}/{parts}/part-*.parquet`. "
                f"Row key: `{', '.join(t.key)}`.", "",
                "| column | type | null | meaning |", "|---|---|---|---|"]
        for c in t.columns:
            null = "partition" if c.partition else ("yes" if c.nullable else "no")
            out.append(f"| `{c.name}` | {type_name(c.type)} | {null} | {c.doc} |")
        out.append("")
    return "\n".join(out)


def type_name(t: pa.DataType) -> str:
    if pa.types.is_dictionary(t):
        return "string (dictionary)"
    if pa.types.is_timestamp(t):
        return f"timestamp[{t.unit}, {t.tz}]"
    if pa.types.is_list(t):
        return f"list<{type_name(t.value_type)}>"
    if pa.types.is_map(t):
        return f"map<{type_name(t.key_type)}, {type_name(t.item_type)}>"
    return str(t)


if __name__ == "__main__":
    sys.stdout.write(render_markdown())
