"""The replay viewer's model: one game re-read through the reader and the engine.

:func:`replay_from_dataset` reads a game back from the record text the dataset
keeps (the ``records`` table), so a dataset copied elsewhere without its source
files still replays; a dataset written before it kept the texts falls back to
the source file (the ``source_file``, ``game_index`` and ``line`` of ``games``).
Either way the text is read by :func:`ingest.bgn.reader.read_games` at the line
it started on in its file and replayed by :func:`ingest.validation.validate_game`,
exactly as ``belot validate`` and the ingest do, so the viewer shows what
validation saw: the same violations at the same lines and columns.
``deal_view`` turns one deal of the report into plain data
that the page steps through trick by trick (step 0 = before the first lead,
step k = trick k complete).

Pure: no Streamlit; every function here has unit tests.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import islice
from pathlib import Path

from dashboard.format import (
    CONTRACT_TEXT,
    card_str,
    mask_cards,
    seat_names,
    side_name,
    side_of,
    sorted_hand,
)
from ingest.bgn.lexer import open_text
from ingest.bgn.reader import read_games
from ingest.validation import validate_game
from replay.engine.report import CallRecord, DealReport, DeclarationRecord, GameReport, Violation
from replay.model.record import Game
from replay.model.variants import table_facts

#: codes reported on the auction, the declarations, the layout and the score sheet
PHASE_OF_CODE = {"B": "auction", "D": "layout", "S": "score", "P": "record"}


class SourceMissing(FileNotFoundError):
    """The game's source file is not where the dataset says it was read from (and the
    dataset, written before it kept record texts, has no copy of the record)."""


# ------------------------------------------------------------------ reading


def resolve_source(source_file: str, roots: Iterable[str | os.PathLike] = ()) -> Path:
    """Where a ``source_file`` of the dataset is now.

    The ingest keeps the name as it was given (often relative to the folder the
    ingest ran in): try it as is, then below each of ``roots`` (the dataset's
    parent folders, the project root)."""
    p = Path(source_file)
    if p.is_absolute():
        if p.is_file():
            return p
        raise SourceMissing(f"source file not found: {source_file}")
    for root in (Path.cwd(), *map(Path, roots)):
        q = root / p
        if q.is_file():
            return q
    raise SourceMissing(f"source file not found: {source_file} (looked in the working folder "
                        f"and {', '.join(map(str, roots)) or 'nowhere else'})")


class _FromLine(io.TextIOBase):
    """A text stream that reads as ``fh`` with its lines before ``line`` blanked out:
    the reader starts at the game yet counts lines (and so places) as in the file."""

    def __init__(self, fh, line: int) -> None:
        self.fh = fh
        for _ in islice(fh, line - 1):
            pass
        self.pad = "\n" * (line - 1)

    def read(self, n: int | None = -1) -> str:
        if self.pad:
            out, self.pad = self.pad, ""
            return out
        return self.fh.read(-1 if n is None else n)


def read_game_at(path: str | os.PathLike, game_index: int, line: int | None = None) -> Game | None:
    """The ``game_index``-th game (from 1) of a file, as the reader reads it.

    With the game's first ``line`` the reader starts there (a big file is not
    parsed up to the game); line numbers and columns stay those of the file."""
    name = str(path)
    if name.endswith((".jsonl", ".jsonl.gz")):
        from ingest.bgn.jsonform import read_jsonl

        for game in read_jsonl(path):
            if game.index == game_index:
                return game
        return None
    if line and line > 0:
        with open_text(path) as fh:
            return _first_game(read_games(_FromLine(fh, line)), game_index)
    for game in read_games(path):
        if game.index == game_index:
            return game
    return None


def _first_game(games: Iterable[Game], game_index: int) -> Game | None:
    game = next(iter(games), None)
    if game is not None:
        game.index = game_index
    return game


def read_game_text(text: str, form: str, line: int, game_index: int) -> Game | None:
    """A game from the text the dataset keeps (``records``): ``form`` ``bgn`` or
    ``jsonl``, written from the file's line ``line``.  Blank lines stand in for the
    file's lines before it, so places (and so violations) are those of the file."""
    stream = io.StringIO("\n" * (max(line, 1) - 1) + text, newline="\n")
    if form == "jsonl":
        from ingest.bgn.jsonform import read_jsonl

        return _first_game(read_jsonl(stream), game_index)
    return _first_game(read_games(stream), game_index)


@dataclass
class LoadedGame:
    """A game re-read from its record and replayed."""

    game: Game
    report: GameReport
    source_file: str
    #: the file read ("" when the record came from the dataset)
    path: str
    game_id: str | None
    #: False when the record no longer reads as the game the dataset has under its id
    matches: bool = True
    #: read from the record text the dataset keeps, not from the source file
    stored: bool = False

    @property
    def players(self) -> int:
        return table_facts(self.game.variant).players

    @property
    def partnership(self) -> bool:
        return table_facts(self.game.variant).partnership

    @property
    def names(self) -> dict[int, str]:
        return seat_names(self.game.tags, self.players)


def load_game(source_file: str, game_index: int, line: int | None = None,
              expected_id: str | None = None, roots: Iterable[str | os.PathLike] = (),
              text: str | None = None, form: str = "bgn") -> LoadedGame:
    """Read one game back and replay it (as ``belot validate`` does): from ``text``
    (the record the dataset keeps, see :func:`read_game_text`) when given, else
    from its source file.

    Raises :class:`SourceMissing` when the file is needed and gone, ``LookupError``
    when there is no game at that place."""
    if text is not None:
        game = read_game_text(text, form, line or 1, game_index)
        if game is None:
            raise LookupError(f"the dataset's text of game {game_index} of {source_file} "
                              "holds no game")
        report = validate_game(game, source_file)
        return LoadedGame(game, report, source_file, "", report.game_id,
                          matches=expected_id is None or report.game_id == expected_id,
                          stored=True)
    path = resolve_source(source_file, list(roots))
    game = read_game_at(path, game_index, line)
    if game is None:
        raise LookupError(f"{source_file} has no game {game_index}")
    report = validate_game(game, source_file)
    if expected_id and report.game_id != expected_id and line:
        # the file moved on since the ingest: look for the game by its index instead
        again = read_game_at(path, game_index)
        if again is not None:
            again_report = validate_game(again, source_file)
            if again_report.game_id == expected_id:
                game, report = again, again_report
    return LoadedGame(game, report, source_file, str(path), report.game_id,
                      matches=expected_id is None or report.game_id == expected_id)


def replay_from_dataset(a, game_id: str, roots: Iterable[str | os.PathLike] = ()
                        ) -> LoadedGame:
    """The game ``game_id`` of an open dataset (:class:`analytics.Analytics`), replayed:
    the replay page's way to a game.

    From the record text the dataset keeps; a game ingested before datasets kept
    them is read from its source file, and a :class:`SourceMissing` then says so."""
    rec = a.game_record(game_id)
    if rec is None:
        raise LookupError(f"the dataset has no game {game_id}")
    try:
        return load_game(rec["source_file"], rec["game_index"], rec["line"],
                         expected_id=game_id, roots=roots, text=rec["text"],
                         form=rec["form"] or "bgn")
    except SourceMissing as exc:
        raise SourceMissing(f"{exc}; this game was ingested before datasets kept each "
                            "record's text, so its source file is needed to replay it: put "
                            "the file back, or ingest it again into a new dataset") from None


# ------------------------------------------------------------------ one deal


@dataclass
class CardView:
    seat: int
    card: str
    legal: bool = True
    bela: str | None = None
    #: codes of the violations reported on this card (its trick and seat)
    codes: list[str] = field(default_factory=list)


@dataclass
class TrickView:
    number: int
    leader: int
    cards: list[CardView]
    #: None for a trick the play stopped inside (a penalty, a claim, a broken record)
    winner: int | None
    points: int
    #: card points per side after this trick (last-trick bonus included)
    running: list[int]
    violations: list[Violation] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.winner is not None


@dataclass
class DealView:
    number: int
    dealer: int
    players: int
    partnership: bool
    names: dict[int, str]
    contract: str | None
    caller: int | None
    made: bool | None
    #: seat -> cards at the start of play (sorted for display)
    hands: dict[int, list[str]]
    calls: list[CallRecord]
    declarations: list[DeclarationRecord]
    #: seat -> bela points credited
    bela: dict[int, int]
    tricks: list[TrickView]
    violations: list[Violation]
    card_points: list[int]
    score: list
    total: list
    hang: int | Decimal = 0
    decl_points: int = 0
    decl_side: int | None = None
    turn: str | None = None
    talon: list[str] | None = None

    @property
    def sides(self) -> int:
        return 2 if self.partnership else self.players

    @property
    def steps(self) -> int:
        """The last step: one per trick (step 0 is the table before the first lead)."""
        return len(self.tricks)

    def side_label(self, side: int) -> str:
        """``side A`` in partnerships, ``seat 2`` where everyone plays alone."""
        name = side_name(side, self.partnership)
        return f"side {name}" if self.partnership else f"seat {name}"

    def trick_at(self, step: int) -> TrickView | None:
        return self.tricks[step - 1] if 1 <= step <= len(self.tricks) else None

    def hands_at(self, step: int) -> dict[int, list[str]]:
        """Each seat's cards left after ``step`` tricks."""
        gone = {c.card for t in self.tricks[:max(0, step)] for c in t.cards}
        return {seat: [c for c in cards if c not in gone] for seat, cards in self.hands.items()}

    def running_at(self, step: int) -> list[int]:
        """Card points per side after ``step`` tricks (zeros at step 0)."""
        for t in reversed(self.tricks[:max(0, step)]):
            return list(t.running)
        return [0] * self.sides

    def bela_until(self, step: int) -> list[CardView]:
        """The cards announced ``bela``/``rebela`` up to trick ``step``."""
        return [c for t in self.tricks[:max(0, step)] for c in t.cards if c.bela]

    def violations_at(self, step: int) -> list[Violation]:
        """The findings on trick ``step``; the last step also shows those on tricks the
        replay never reached (cards written after the deal or the game had ended)."""
        t = self.trick_at(step)
        here = list(t.violations) if t else []
        if step == self.steps:
            here += [v for v in self.violations if v.trick is not None and v.trick > step]
        return here

    def violations_in(self, phase: str) -> list[Violation]:
        """Violations of the deal that are not on a trick, by phase: ``auction`` (B3xx),
        ``declarations`` (A5xx off a trick), ``layout`` (D2xx), ``score`` (S6xx)."""
        return [v for v in self.violations if v.trick is None and phase_of(v) == phase]


def phase_of(v: Violation) -> str:
    if v.trick is not None:
        return "play"
    if v.code.startswith("A"):
        return "declarations"
    if v.code.startswith("C"):
        return "play"
    return PHASE_OF_CODE.get(v.code[:1], "record")


def deal_view(loaded: LoadedGame, deal: int) -> DealView:
    """The view of deal ``deal`` (position in the game, from 1) of a replayed game."""
    report = loaded.report
    d: DealReport = report.deals[deal - 1]
    record = loaded.game.deals[deal - 1]
    players, partnership = loaded.players, loaded.partnership
    violations = [v for v in report.violations if v.deal == deal]
    if d.hands:
        hands = {seat: mask_cards(mask) for seat, mask in sorted(d.hands.items())}
    else:  # no hands section: each seat held what it played
        played: dict[int, list[int]] = {}
        for seat, card, *_ in d.plays:
            played.setdefault(seat, []).append(card)
        hands = {seat: sorted_hand(cards) for seat, cards in sorted(played.items())}
    by_number = {t.number: t for t in d.tricks}
    grouped: dict[int, list[CardView]] = {}
    for seat, card, trick, legal, bela in d.plays:
        grouped.setdefault(trick, []).append(CardView(seat, card_str(card), legal, bela))
    sides = 2 if partnership else players
    running = [0] * sides
    tricks: list[TrickView] = []
    for number in sorted(set(grouped) | set(by_number)):
        rec = by_number.get(number)
        cards = grouped.get(number)
        if cards is None:
            cards = ([CardView(s, card_str(c)) for s, c in zip(rec.seats, rec.cards, strict=False)]
                     if rec is not None else [])
        here = [v for v in violations if v.trick == number]
        for c in cards:
            c.codes = [v.code for v in here if v.seat == c.seat]
        if rec is not None:
            running[side_of(rec.winner, partnership)] += rec.points
        tricks.append(TrickView(number, rec.leader if rec else cards[0].seat, cards,
                                rec.winner if rec else None, rec.points if rec else 0,
                                list(running), here))
    contract = CONTRACT_TEXT[d.contract] if d.contract is not None else None
    return DealView(
        number=deal, dealer=d.dealer, players=players, partnership=partnership,
        names=loaded.names, contract=contract, caller=d.caller, made=d.made, hands=hands,
        calls=list(d.calls), declarations=list(d.declarations), bela=dict(d.bela),
        tricks=tricks, violations=violations, card_points=list(d.card_points),
        score=list(d.score), total=list(d.total), hang=d.hang, decl_points=d.decl_points,
        decl_side=d.decl_side, turn=record.turn, talon=record.talon)


# ---------------------------------------------------------------- tables


def auction_rows(view: DealView) -> list[dict]:
    """One row per call: seat, player, call, round, legal, and the codes reported on it."""
    from dashboard.format import call_label

    flagged = view.violations_in("auction")
    rows = []
    for i, c in enumerate(view.calls, start=1):
        codes = [v.code for v in flagged if v.seat == c.seat]
        rows.append({"#": i, "seat": c.seat, "player": view.names.get(c.seat, ""),
                     "call": call_label(c.call), "round": c.round, "legal": c.legal,
                     "violation": " ".join(codes) if not c.legal else ""})
    return rows


def declaration_rows(view: DealView) -> list[dict]:
    rows = []
    for d in view.declarations:
        rows.append({"seat": d.seat, "player": view.names.get(d.seat, ""),
                     "side": view.side_label(side_of(d.seat, view.partnership)),
                     "declared": d.text, "points": d.value, "held": d.held,
                     "counted": d.counted})
    return rows


def trick_rows(view: DealView) -> list[dict]:
    """The whole play, one row per trick (the history under the table)."""
    rows = []
    for t in view.tricks:
        row: dict[str, object] = {"trick": t.number, "leader": t.leader}
        for i, c in enumerate(t.cards, start=1):
            mark = "" if c.legal and not c.codes else " ⚠"
            row[f"card {i}"] = f"{c.seat}: {c.card}{' ' + c.bela if c.bela else ''}{mark}"
        row["winner"] = t.winner
        row["points"] = t.points
        for s, pts in enumerate(t.running):
            row[f"running {view.side_label(s)}"] = pts
        row["violations"] = " ".join(v.code for v in t.violations)
        rows.append(row)
    return rows


def violation_rows(violations: Iterable[Violation]) -> list[dict]:
    return [{"code": v.code, "line": v.line, "col": v.col, "deal": v.deal, "trick": v.trick,
             "seat": v.seat, "message": v.message} for v in violations]
