"""The replay engine: walk one recorded game through its ruleset, card by card.

Pure: no files, no clock, no printing.  ``replay_game`` never raises on bad
play; every problem becomes a :class:`~replay.report.Violation` with its code
(docs/codes.md), place and a message a player understands, and the replay goes on
(docs/bgn/replay.md) so that one pass finds every violation.  The engine's own scores
are computed from the cards, never from what the players wrote.

A deal goes through the same phases in every variant: auction
(``replay.bidding``), layout checks, declarations (``replay.declarations``),
play (``replay.legality``), claim (``replay.solver``) and score
(``replay.scoring``); the ruleset says how each phase behaves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Final

from replay.bela import BELA_CARDS, BelaBook, dealt_belas, wrong_word
from replay.bidding import Auction, Contract, auction_of
from replay.cards import (
    CARD_BIT,
    CARD_INDEX,
    CARD_TEXT,
    CONTRACT_TABLES,
    FULL_DECK,
    NO_TRUMPS,
    PLAIN_POINTS,
    SUIT_MASK,
    SUIT_OF,
    card_of,
    cards_in,
    popcount,
)
from replay.declarations import (
    CARRE,
    RUN,
    Combo,
    Contest,
    DeclCamps,
    decide,
    holds,
    not_held,
    parse_combo,
    scoring_carre_cards,
)
from replay.exchange import ExchangeKind, ExchangeOutcome, hungarian, ru3_swap, yu3_discards
from replay.figures import check_announcements
from replay.legality import trick_winner, verify_card
from replay.record import (
    NOPOS,
    Claim,
    Deal,
    Exchange,
    Game,
    HandsLine,
    Play,
    PlayLane,
    Pos,
    ScoreLine,
)
from replay.report import (
    NO_CARDS,
    SEATS_FROM,
    DealReport,
    DeclarationRecord,
    GameReport,
    PlayedCards,
    Violation,
)
from replay.ruleset import EndRule, Ruleset, RulesetError
from replay.rulesets import load_ruleset
from replay.scoring import DealScore, Points, SoloistPlay, Tally, breach_scores

SIDE_NAMES = "AB"
#: no cards for any seat: what a deal holds in ``played_by`` and ``discarded`` until
#: it needs its own (shared, never changed)
_NONE_PLAYED: Final[dict[int, int]] = {}
#: players (a tuple index) -> soloist -> the camp of each seat in the declarations'
#: contest: the soloist 0, the defenders 1 (index 0 unused)
_SOLOIST_CAMPS: Final = tuple([tuple([0 if s == soloist else 1 for s in range(n + 1)])
                               for soloist in range(n + 1)] for n in range(5))


#: the whole numbers whose written Decimal ``_same_numbers`` remembers: -R … R
_SHEET_RANGE: Final = 10000
#: the Decimal last found equal to each of them, at ``number + _SHEET_RANGE``
_SHEET_SEEN: Final[list[Decimal | None]] = [None] * (2 * _SHEET_RANGE + 1)


def _same_numbers(written: list[Decimal | None], engine: list[Points]) -> bool:
    """``written == engine`` for a sheet line's numbers (Decimals, None for ``-``)
    and the engine's (ints; a Decimal for a half).  The same answer, faster: the
    reader hands out one Decimal object per whole number, so the Decimal last
    found equal to an engine number is usually the very one written again, and
    a Decimal is never changed: the same object is equal again without the
    comparison (a Decimal against an int converts the int every time)."""
    if len(written) != len(engine):
        return False
    for i in range(len(written)):
        w = written[i]
        mine = engine[i]
        if type(mine) is int and -_SHEET_RANGE <= mine <= _SHEET_RANGE:
            seen = _SHEET_SEEN[mine + _SHEET_RANGE]
            if seen is not None and w is seen:
                continue
            if w is None or w != mine:
                return False
            _SHEET_SEEN[mine + _SHEET_RANGE] = w
        elif w != mine:
            return False
    return True


def _turned_card(text: str | None) -> int | None:
    """The turned card, None when there is none (or its text names no card).  By
    ``card_of``, the characters' codes: the text is a new string, which a
    dictionary look-up would hash."""
    if not text:
        return None
    try:
        return card_of(text)
    except KeyError:
        return None


def _ascending(seats: list[int]) -> bool:
    """Whether the seats of a ``declare`` line stand in ascending order (as the
    reader and the writer keep them), so that they need no sort."""
    for i in range(1, len(seats)):
        if seats[i] <= seats[i - 1]:
            return False
    return True


def replay_game(game: Game, file: str | None = None, game_id: str | None = None) -> GameReport:
    """Replay one game and return its report (docs/bgn/report.md)."""
    variant = game.tags.get("Variant")
    report = GameReport(file=file, game=game.index, game_id=game_id, variant=variant)
    if game.errors:
        report.game_id = None
        report.parse_failed = True
        report.violations = [Violation(e.code, e.line, e.col, e.deal, None, None, e.message)
                             for e in game.errors]
        return report
    try:
        ruleset = load_ruleset(variant, game.tags.get("Rules"), game.tags.get("Target"))
    except RulesetError as exc:
        where = game.movetext_pos
        if exc.tag in game.tag_pos and not (exc.tag == "Target" and "Target" not in game.tags):
            where = game.tag_pos[exc.tag]
        report.game_id = None
        report.parse_failed = True
        report.violations = [Violation("P102", where[0], where[1], None, None, None, str(exc))]
    else:
        GameWalk(game, ruleset, report).run()
    if game.tag_pos or game.movetext_pos != NOPOS:
        report.violations.sort(key=Violation.sort_key)
    else:
        # read from JSON Lines, the game has no token places: every finding stands
        # at its JSON line with col null (docs/bgn/json.md), in the order the
        # replay met them, which is the order of the record
        for v in report.violations:
            v.line, v.col = game.line, None
    return report


#: what the play loop reads for a card written with nothing around it
_BARE: Final = Play("")


def card_stream(plays: Sequence[Play],
                n: int) -> tuple[list[int], dict[int, Play], Callable[[int], Pos]]:
    """A deal's cards for the play loop: the card ints, the written Play of each
    card that carries a seat prefix, a trick number or a bela word (by index),
    and where the k-th card stands.  A reader's compact :class:`PlayLane`
    answers without building a Play per card; a list of Plays is read once."""
    index = CARD_INDEX
    if type(plays) is PlayLane and plays.compact and plays.n == n:
        # the reader keeps a lane's cards as ints already: shared with the report,
        # not copied (nothing changes either; ``PlayedCards.cards`` is read-only)
        return plays.cards, plays.marked, plays.pos
    cards = [index[p.card] for p in plays]
    marked = {k: p for k, p in enumerate(plays)
              if p.seat is not None or p.trick is not None or p.bela is not None}
    return cards, marked, lambda k: plays[k].pos


class GameWalk:
    """State carried across deals: running totals, hanging points, the winner."""

    def __init__(self, game: Game, ruleset: Ruleset, report: GameReport) -> None:
        self.game = game
        self.rs = ruleset
        self.report = report
        self.totals: list[Points] = [0] * ruleset.sides
        self.pot: Points = 0  # hanging points waiting for the next deal (bg4-44)
        self.winner: int | None = None  # side index
        self.after_win_reported = False

    def flag(self, code: str, pos: Pos, deal: int | None, trick: int | None, seat: int | None,
             message: str) -> None:
        self.report.violations.append(Violation(code, pos[0], pos[1], deal, trick, seat, message))

    def side_name(self, side: int) -> str:
        """A side as reports write it: "A"/"B" in partnerships, else the seat number."""
        return SIDE_NAMES[side] if self.rs.players == 4 else str(side + 1)

    def side_label(self, side: int) -> str:
        return ("side " if self.rs.players == 4 else "seat ") + self.side_name(side)

    def run(self) -> None:
        previous_number = 0
        for index, deal in enumerate(self.game.deals, start=1):
            if self.winner is not None and not self.after_win_reported:
                self.after_win_reported = True
                self.flag("S603", deal.pos, index, None, None,
                          f"deal {deal.number} was played after side "
                          f"{self.side_name(self.winner)} had already won the game")
            walk = DealWalk(self, deal, index, is_last=index == len(self.game.deals))
            if deal.number != previous_number + 1:
                walk.broken = True
                self.flag("D204", deal.number_pos, index, None, None,
                          f"deal number {deal.number} should be {previous_number + 1}")
            previous_number = deal.number
            self.report.deals.append(walk.run())
        self.report.result = "*" if self.winner is None else self.side_name(self.winner)
        written = self.game.result
        if written is not None and written != self.report.result:
            self.flag("S603", self.game.result_pos, None, None, None,
                      f"the result is {self.report.result}, not {written}")

    def close_deal(self, scores: Sequence[Points], may_end: bool = True,
                   last_trick: int | None = None) -> None:
        """Add a deal's scores to the totals and decide the game (docs/bgn/replay.md §12)."""
        for i, s in enumerate(scores):
            self.totals[i] += s
        if self.winner is None and may_end:
            self.winner = self.decide(self.totals, last_trick)

    def decide(self, totals: Sequence[Points], last_trick: int | None = None) -> int | None:
        """After a deal: a side at or over the target wins; the higher total if
        several; equal totals play on (yu4-44, bg4-47, A4).  ru3-28: of several
        over the target, the one who took the last trick; else play on."""
        over = [i for i, t in enumerate(totals) if t >= self.rs.target]
        if not over:
            return None
        if self.rs.end_rule is EndRule.LAST_TRICK and len(over) > 1:
            return last_trick if last_trick in over else None
        best = max(totals[i] for i in over)
        leaders = [i for i in over if totals[i] == best]
        return leaders[0] if len(leaders) == 1 else None


class DealWalk:
    """One deal: auction, layout, declarations, play, claim, score."""

    def __init__(self, gw: GameWalk, deal: Deal, index: int, is_last: bool) -> None:
        self.gw = gw
        self.rs = gw.rs
        self.deal = deal
        self.index = index
        self.is_last = is_last
        self.broken = False  # D204: made null, score zeros, total unchanged
        self.game_won_by_run8: int | None = None  # side whose 8-card run won the game
        self.ended_game: int | None = None  # side that ended the game inside this deal
        self.hand: dict[int, int] = {}
        self.played_by: dict[int, int] = _NONE_PLAYED  # made by assign_plays when needed
        self.known = False
        self.decl_by_side = [0] * self.rs.sides
        self.decl_all = 0
        self.announced: tuple[str, ...] = ()  # Hungarian figures validly announced
        self.betl = False
        self.play_kind = NO_TRUMPS
        self.soloist_won = 0  # cards in the soloist's tricks (figures)
        self.belas: BelaBook | None = None  # the bela words of the play, once one is met
        self.soloist_last: int | None = None  # his card in the last trick, if he won it
        n = self.rs.players
        self.n = n
        self.first = deal.dealer % n + 1 if 1 <= deal.dealer <= n else 1
        self.order = SEATS_FROM[n][self.first]
        self.dr = DealReport(deal=index, made=None, score=[0] * self.rs.sides,
                             total=list(gw.totals), hang=gw.pot, dealer=deal.dealer,
                             line=deal.pos[0])

    def flag(self, code: str, pos: Pos, trick: int | None, seat: int | None, message: str) -> None:
        self.gw.flag(code, pos, self.index, trick, seat, message)

    # ------------------------------------------------------------------ run
    def run(self) -> DealReport:
        rs, deal, dr, gw = self.rs, self.deal, self.dr, self.gw
        contract = self.auction()
        self.layout(contract)
        result = None  # a DealScore, or None when the deal adds nothing
        if contract is None:
            if deal.plays:
                self.broken = True
                self.flag("D204", deal.play_pos, None, None,
                          "cards were played in a deal without a contract")
        elif rs.hands_required and not self.known:
            self.broken = True
            self.flag("D204", deal.pos, None, None,
                      f"{rs.variant} leaves cards out of play: the deal needs its hands")
        else:
            self.announce(contract)
            self.exchange(contract)
            self.declare(contract)
            if deal.plays is None and self.game_won_by_run8 is None:
                self.broken = True
                self.flag("D204", deal.pos, None, None,
                          f"deal {deal.number} has a contract but no play")
            elif deal.plays is not None:
                result = self.play(contract)
        if self.game_won_by_run8 is not None or self.broken:
            result = None
        capot = dr.capot_side is not None
        if result is None:  # the report's score stays the zeros it was made with
            dr.made = None
            dr.hang = gw.pot
        else:
            dr.made = result.made
            dr.score = result.scores
            dr.hang = result.hang
            gw.pot = result.hang
        if self.game_won_by_run8 is not None:
            if gw.winner is None:
                gw.winner = self.game_won_by_run8
        elif self.ended_game is not None:
            for i, s in enumerate(dr.score):
                gw.totals[i] += s
            if gw.winner is None:
                gw.winner = self.ended_game
        else:
            quiet = rs.no_end_on_capot and (capot or contract is None)
            last = self.last_winner() if dr.trick_count == rs.tricks else None
            gw.close_deal(dr.score, may_end=not quiet and result is not None,
                          last_trick=None if last is None else rs.side_of[last])
        dr.total[:] = gw.totals  # the report's own list (made with the totals before)
        self.compare_sheet(deal.score, dr.score, dr.hang, "S601", "score")
        self.compare_sheet(deal.total, dr.total, 0, "S602", "total", hang_checked=False)
        return dr

    # -------------------------------------------------------------- auction
    def auction(self) -> Contract | None:
        deal, rs, dr = self.deal, self.rs, self.dr
        turned = _turned_card(deal.turn)
        dealer_points = 99
        if rs.auction.weighs_dealer_hand and deal.hands and deal.dealer in deal.hands:
            # bg4's forced dealer may annul on a weak first delivery (bg4-13)
            dealer_points = sum(PLAIN_POINTS[CARD_INDEX[c]] for c in deal.hands[deal.dealer][0])
        calls = deal.bids or []
        result = auction_of(rs, calls, self.order, deal.dealer,
                            SUIT_OF[turned] if turned is not None else None, dealer_points)
        for f in result.findings:
            # a forced call missing stands at the last call (docs/bgn/report.md), or,
            # with no call written at all, at the `bids` keyword, else the `deal` one
            pos = calls[f.call_index].pos if calls and f.call_index >= 0 else (
                calls[-1].pos if calls else deal.bids_pos if deal.bids_pos != NOPOS
                else deal.pos)
            self.flag(f.code, pos, None, f.seat, f.message)
        dr.call_rows = result.calls
        contract = result.contract
        if contract is not None:
            dr.caller = contract.seat
            dr.contract = contract.kind
            dr.level = contract.value
            dr.double = contract.double
            dr.round = contract.round
        self.contract = contract
        return contract

    # --------------------------------------------------------------- layout
    def layout(self, contract: Contract | None) -> None:
        """D201 (a card twice, cards missing) and D202 (wrong counts); the hands.

        Duplicates are reported at the second occurrence in the text: the
        sections stand in the order hands, turn, talon, and the reader keeps
        each seat's cards in written order.  Where the taker receives the turned
        card (fr4) the same card in ``turn`` and in his hand is no duplicate.
        """
        deal, rs = self.deal, self.rs
        hands = deal.hands
        if hands is None:
            self.known = False
            return
        all_passed = contract is None
        seen = 0
        # a hands line the reader kept whole gives each seat's sum of card bits from
        # its text (no string per card); else the lists are read
        line = hands if type(hands) is HandsLine else None
        sums = line.card_sums() if line is not None else None
        seats = line.seat_numbers() if line is not None else list(hands)
        self.known = len(seats) == self.n
        for i in range(len(seats)):
            seat = seats[i]
            # the sum of the card bits is the hand when no card repeats (the
            # common case, checked by the bit count); else card by card.  (Plain
            # loops: compiled by mypyc they are C loops, sum(map(...)) is not)
            if sums is not None and line is not None:
                mask = sums[i]
                count = line.count(i)
            else:
                count = mask = 0
                for delivery in hands[seat]:
                    count += len(delivery)
                    for text in delivery:
                        mask += 1 << card_of(text)
            if popcount(mask) == count and not seen & mask:
                seen |= mask
            else:
                mask = 0
                count = 0
                for delivery in hands[seat]:
                    for text in delivery:
                        b = 1 << card_of(text)
                        if seen & b:
                            self.duplicate(text, seat, count)
                        else:
                            seen |= b
                            mask |= b
                        count += 1
            self.hand[seat] = mask
            expected = rs.pre_bid if all_passed else rs.hand_size
            if contract is not None and seat == contract.seat:
                expected += rs.caller_extra
            if count != expected:
                self.flag("D202", deal.hand_seat_pos.get(seat, deal.hands_pos), None, seat,
                          f"seat {seat} holds {count} cards, not {expected}")
        if deal.turn:
            b = CARD_BIT[deal.turn]
            if seen & b and not rs.turn_to_taker:
                self.flag("D201", deal.turn_pos, None, None, f"{deal.turn} appears twice in the deal")
            seen |= b
        for i, text in enumerate(deal.talon or []):
            b = CARD_BIT[text]
            if seen & b:
                pos = deal.talon_card_pos[i] if i < len(deal.talon_card_pos) else deal.talon_pos
                self.flag("D201", pos, None, None, f"{text} appears twice in the deal")
            seen |= b
        if self.known and not all_passed:
            missing = rs.deck & ~seen
            if missing:
                names = " ".join(CARD_TEXT[c] for c in cards_in(missing))
                self.flag("D201", deal.hands_pos, None, None, f"missing from the deck: {names}")

    def duplicate(self, text: str, seat: int, k: int) -> None:
        """D201 at the k-th card of the seat's hand (counted over its deliveries)."""
        positions = self.deal.hand_card_pos.get(seat, [])
        pos = positions[k] if k < len(positions) else self.deal.hands_pos
        self.flag("D201", pos, None, seat, f"{text} appears twice in the deal")

    # -------------------------------------------------------------- figures
    def announce(self, contract: Contract) -> None:
        """Hungarian figures (hu3 conventions 7-8 (docs/rules/hu3.md)): B302 for a figure out of its
        time or place; Betl makes the deal a game without trump (hu3-19)."""
        self.play_kind = contract.kind
        if not self.deal.announce:
            return
        if self.rs.auction.model is not Auction.HUNGARIAN:
            for a in self.deal.announce:
                self.flag("B302", a.pos, None, a.seat,
                          f"{self.rs.variant} has no figures to announce")
            return
        result = check_announcements(self.deal.announce, contract.seat, contract.kind)
        for code, pos, seat, message in result.findings:
            self.flag(code, pos, None, seat, message)
        self.announced = tuple(result.figures)
        self.dr.figures = list(result.figures)
        if result.betl:
            self.betl = True
            self.play_kind = NO_TRUMPS  # hu3-19, A37: no trump, plain order, follow suit

    # ------------------------------------------------------------- exchange
    def exchange(self, contract: Contract) -> None:
        """B303/D203 on the exchange; the hands become those the seats play with."""
        deal, rs = self.deal, self.rs
        entries = deal.exchange or []
        self.discarded: dict[int, int] = _NONE_PLAYED  # seat -> cards laid away
        if rs.exchange is ExchangeKind.NONE:
            for e in entries:  # docs/bgn/reading.md: an exchange where there is none is B303
                self.flag("B303", e.pos, None, e.seat, f"there is no exchange in {rs.variant}")
            return
        # each kind's phase called directly: through a table of methods the call is
        # a generic one compiled (its arguments boxed, a tuple made)
        if rs.exchange is ExchangeKind.HUNGARIAN:
            out = self.hungarian_exchange(contract, entries)
        elif rs.exchange is ExchangeKind.DISCARD:
            out = self.discard_exchange(contract, entries)
        else:
            out = self.seven_swap_exchange(contract, entries)
        for code, pos, seat, message in out.findings:
            self.flag(code, pos, None, seat, message)
        self.discarded = out.discarded

    def discard_exchange(self, contract: Contract, entries: list[Exchange]) -> ExchangeOutcome:
        """yu3-06: the soloist lays away two cards."""
        out = yu3_discards(entries, self.hand, contract.seat)
        if not any(e.action == "discard" for e in entries):
            self.flag("B303", self.deal.exchange_pos if entries else self.deal.pos, None,
                      contract.seat, "the soloist must discard two cards (yu3-06)")
        return out

    def seven_swap_exchange(self, contract: Contract, entries: list[Exchange]) -> ExchangeOutcome:
        """ru3-10: the trump seven for the turned card."""
        turn = card_of(self.deal.turn) if self.deal.turn else None
        return ru3_swap(entries, self.hand, contract.kind, contract.round or 1, turn)

    def hungarian_exchange(self, contract: Contract, entries: list[Exchange]) -> ExchangeOutcome:
        """hu3-09, hu3-10: swap, take from the talon and discard."""
        turn = card_of(self.deal.turn) if self.deal.turn else None
        talon = [card_of(t) for t in self.deal.talon or []]
        return hungarian(entries, self.hand, contract.kind, contract.round or 1, turn, talon,
                         self.rs.hand_size)

    # --------------------------------------------------------- declarations
    def declare(self, contract: Contract) -> None:
        """A501/A502/A504, the contest, and the 8-card run that wins the game."""
        deal, rs, dr = self.deal, self.rs, self.dr
        kind = self.play_kind
        self.ct = CONTRACT_TABLES[kind]
        if not self.known:
            self.assign_plays(kind)
        if not deal.declare:
            return
        if self.betl:  # Betl: what was declared is void (hu3-19), but must be held
            self.declared_unheld()
            return
        if not any(deal.declare.values()):  # every seat wrote '-': nothing to judge
            dr.decl_by_side = [0] * rs.sides
            return
        policy = rs.declarations
        trump = kind if kind < 4 else -1
        valid: list[tuple[int, Combo, int]] = []
        records: list[DeclarationRecord] = []
        declared = deal.declare
        seats = list(declared)
        if not _ascending(seats):  # the reader writes them in order
            seats.sort()
        for seat in seats:
            written = declared[seat]
            if not written:  # '-': this seat declared nothing
                continue
            hand = self.full_hand(seat)
            runs_used = 0
            carres_used = 0
            first_key = None
            reserved = (0 if policy.run_and_carre_share  # bg4-32: a card in one declaration
                        else scoring_carre_cards(hand, policy.carre_values))
            for comb in written:
                combo = parse_combo(comb.text)
                if combo is None:  # the reader guarantees the spelling
                    continue
                value = self.decl_value(combo, kind)
                record = DeclarationRecord(seat, comb.text, value or 0, False, False)
                dr.declarations.append(record)
                if not holds(hand, combo):
                    self.flag("A501", comb.pos, None, seat,
                              f"seat {seat} declared {comb.text} without holding it")
                    continue
                record.held = True
                if value == 0:
                    self.flag("A502", comb.pos, None, seat, self.forbidden(comb.text, kind))
                    continue
                overlap = combo.mask & runs_used if combo.kind == RUN else 0
                if not policy.run_and_carre_share:
                    overlap = combo.mask & (runs_used | carres_used)
                if overlap:
                    self.flag("A504", comb.pos, None, seat,
                              f"{comb.text} uses a card of an earlier declaration of seat {seat}")
                    continue
                why = not_held(hand, combo, reserved)  # held, but part of a longer run
                if why is not None:
                    record.held = False
                    self.flag("A501", comb.pos, None, seat, f"seat {seat} declared {comb.text} {why}")
                    continue
                if combo.kind == RUN:
                    runs_used |= combo.mask
                else:
                    carres_used |= combo.mask
                if policy.first_named_counts:
                    key = policy.key(combo, trump)
                    if first_key is not None and key > first_key:
                        continue  # mk4-12: only the first-named (strongest) counts
                    if first_key is None:
                        first_key = key
                if value is None:  # the 8-card run: the game is won (yu4-22, mk4-11)
                    if self.game_won_by_run8 is None:
                        self.game_won_by_run8 = rs.side_of[seat]
                    continue
                valid.append((seat, combo, value))
                records.append(record)
        camp_of = None
        if rs.decl_camps is DeclCamps.SOLOIST:  # yu3-08, hu3-11: soloist against the defenders
            camp_of = _SOLOIST_CAMPS[self.n][contract.seat]
        points, counted = decide(valid, policy, trump, rs.side_of, self.order, rs.sides, camp_of)
        for i, rec in enumerate(records):
            rec.counted = i in counted
        self.decl_by_side = points
        self.decl_all = sum(v for _, _, v in valid)
        dr.decl_by_side.extend(points)  # the report's own empty list, filled
        best = 0  # the first side with the most points (a loop: a key lambda compiled
        for s in range(1, rs.sides):  # is a closure object and a generic call per side)
            if points[s] > points[best]:
                best = s
        dr.decl_side = best if points[best] else None
        dr.decl_points = points[best]

    def declared_unheld(self) -> None:
        """A501 for every declaration of cards its seat does not hold.

        Declaring cards one does not hold is an error in the record whatever the
        contract, so it is reported even where declarations score nothing (Betl)."""
        declared = self.deal.declare or {}
        for seat in sorted(declared):
            hand = self.full_hand(seat)
            for comb in declared[seat]:
                combo = parse_combo(comb.text)
                why = None if combo is None else not_held(hand, combo)
                if why is not None:
                    self.flag("A501", comb.pos, None, seat, f"seat {seat} declared {comb.text} {why}")

    def decl_value(self, combo: Combo, kind: int) -> int | None:
        """The combination's worth under this contract; 0 when not allowed (A502)."""
        rs = self.rs
        if rs.declarations.contest is Contest.NONE:
            return 0
        if kind == NO_TRUMPS and not rs.nt_doubles_declarations:
            # bg4-35: no declarations in No trumps; q1 option: four aces still count
            if combo.kind == CARRE and combo.rank == 7:
                return rs.declarations.nt_four_aces
            return 0
        return rs.declarations.value(combo, kind if kind < 4 else -1)

    def forbidden(self, text: str, kind: int) -> str:
        if self.rs.declarations.contest is Contest.NONE:
            return f"{self.rs.variant} has no declarations besides belote ({text})"
        if kind == NO_TRUMPS:
            return f"no declarations in No trumps ({text})"
        return f"{text} is not a declaration in {self.rs.variant}"

    def full_hand(self, seat: int) -> int:
        """What the seat held: its written hand, else the cards it played."""
        if seat in self.hand:
            return self.hand[seat]
        return self.played_by.get(seat, 0)

    def assign_plays(self, kind: int) -> None:
        """Attribute every written card to the seat whose turn it was (by position)."""
        n, ct = self.n, CONTRACT_TABLES[kind]
        self.played_by = {}
        cards = card_stream(self.deal.plays or [], n)[0]
        leader = self.first
        trick: list[int] = []
        seen = 0
        for k, c in enumerate(cards):
            seat = (leader - 1 + k % n) % n + 1
            if not (seen >> c) & 1:
                self.played_by[seat] = self.played_by.get(seat, 0) | (1 << c)
                seen |= 1 << c
            trick.append(c)
            if len(trick) == n:
                leader = (leader - 1 + trick_winner(trick, ct)) % n + 1
                trick = []

    # ----------------------------------------------------------------- play
    def play(self, contract: Contract) -> DealScore | None:
        """Replay the cards; returns the deal's DealScore (None when broken)."""
        deal, rs, dr, gw = self.deal, self.rs, self.dr, self.gw
        n = self.n
        ct = self.ct
        kind = self.play_kind
        side_of = rs.side_of
        duties = rs.duties
        cards, marked, pos_of = card_stream(deal.plays or [], n)
        # the seats' hands by seat (index 0 unused), as dealt: a list, not a dict,
        # because the loop reads one per card (a dict item costs several times a list
        # item compiled).  A card leaves the hands by its bit in ``gone``, a local
        # int: compiled, storing a changed hand back into the list would make a new
        # int object per card.  A card two hands hold (only a broken exchange makes
        # one) leaves one hand, as written, and only that.
        held = [0] * (n + 1)
        both = every = 0  # cards in two hands; cards in any
        for s in range(1, n + 1):
            h = self.full_hand(s)
            held[s] = h
            both |= every & h
            every |= h
        gone = 0
        hands = dr.hands  # the report's own empty dict, filled (not a new one)
        for s in range(1, n + 1):
            hands[s] = held[s]
        caller_side = side_of[contract.seat]
        points = [0] * rs.sides
        tricks_won = [0] * rs.sides
        leader = self.first
        number = 1
        claim = deal.claim
        claim_at = claim.after_play if claim else None
        total_tricks = rs.tricks
        if self.game_won_by_run8 is not None:
            # docs/bgn/replay.md §16: the deal ends when the run is declared; cards are not replayed
            if cards and not gw.after_win_reported:
                gw.after_win_reported = True
                self.flag("S603", pos_of(0), 1, None,
                          f"{CARD_TEXT[cards[0]]} was played after the 8-card run had won the game")
            return None
        pts_of = ct.points
        strength = ct.strength
        ruff_mask = ct.ruff_mask  # legality.beats, inlined
        trump_mask = ct.trump_mask  # legality.no_duty_bites, inlined
        above = ct.above
        void_is_free = kind > 3  # No trumps / All trumps: a void seat plays anything
        # legality.follow_is_free, inlined: may any card follow a trump / a plain lead?
        free_after_trump = not duties.overbeat_trump
        free_after_plain = not duties.overbeat_plain
        w = w_strength = led = 0
        free_follow = True
        penalty = rs.breach_penalty
        auto_end = rs.auto_end
        betl = self.betl
        soloist = contract.seat
        last_bonus = rs.last_trick_bonus
        # what the report keeps of the play (report.PlayedCards): each trick's winner
        # and points; the rows and the plays are made from these only when asked
        winners: list[int] = []
        trick_points: list[int] = []
        illegal: set[int] | None = None  # made at the first card that breaks a rule
        belas: BelaBook | None = None  # made at the first bela word
        belas_of = BELA_CARDS[kind]
        seat_at = SEATS_FROM[n]
        turn_seats = seat_at[leader]
        limit = len(cards) if claim_at is None else min(claim_at, len(cards))
        track_soloist = rs.auction.model is Auction.HUNGARIAN  # figures need his tricks
        won_by_soloist = 0  # the cards of the soloist's tricks
        led_mask = wc = pts = 0
        p = 0  # the card's place in the trick, which holds cards[k - p:k]
        k = 0
        breach_seat = 0  # the seat whose card ended the deal (mk4-22), else 0
        any_marked = len(marked) > 0
        while k < limit:
            c = cards[k]
            suit = c >> 3  # SUIT_OF[c]: a card is its suit * 8 + its rank (replay.cards)
            st = strength[c]
            seat = turn_seats[p]
            hand = held[seat] & ~gone
            bit = 1 << c
            # ``play`` is the written Play only for a card written with a seat
            # prefix, a trick number or a bela word; a bare card needs none
            play = marked.get(k) if any_marked else None
            code = None
            if play is not None and ((play.seat is not None and play.seat != seat) or (
                    play.trick is not None and play.trick != number)):
                code = "C405"
                why = (f"it was seat {seat}'s turn" if play.seat is not None and play.seat != seat
                       else f"it is card {p + 1} of trick {number}, not of trick {play.trick}")
                self.flag("C405", play.pos, number, seat, f"{play.card} played out of turn: {why}")
            elif not hand & bit:
                code = "D203"
                self.flag("D203", pos_of(k), number, seat,
                          f"seat {seat} played {CARD_TEXT[c]}, which it does not hold")
            elif p and not (
                    # legality.no_duty_bites, inlined (a call per card costs ~8% of the
                    # replay); tests/engine/test_legality.py pins the two together
                    (suit == led and (st > w_strength or free_follow or (
                        wc >> 3 == led and not hand & above[wc])))
                    or (not hand & led_mask and (void_is_free or not hand & trump_mask))):
                breach = verify_card(hand, c, cards[k - p:k], turn_seats, seat, ct, duties,
                                     side_of, w)
                if breach is not None:
                    code = breach.code
                    self.flag(code, pos_of(k), number, seat, breach.message)
            # bela / rebela (a token of its own: docs/bgn/replay.md §5); until a
            # word is written no pair can be announced, so there is no book to keep
            if play is not None and play.bela is not None and belas is None:
                belas = self.belas = BelaBook(rs.bela, self.hand)
            if belas_of >> c & 1:
                if belas is not None:
                    for where, why in belas.play(play or _BARE, seat, c, hand, cards[k - p:k],
                                                 ct):
                        self.flag("A503", where, number, seat, why)
            elif play is not None and play.bela is not None:
                where, why = wrong_word(play)
                self.flag("A503", where, number, seat, why)
            # the card leaves whichever hand holds it
            if not both & bit:
                gone |= bit
            elif hand & bit:
                held[seat] ^= bit
            else:
                for s in range(1, n + 1):
                    if held[s] & ~gone & bit:
                        held[s] ^= bit
                        break
            k += 1
            if code is not None:
                if illegal is None:
                    illegal = set()
                illegal.add(k - 1)
                if penalty and code != "C405":
                    # mk4-22, bg4-49: C401-C404 and D203 end the deal (docs/bgn/replay.md §7)
                    breach_seat = seat
                    break
            # the winner so far: the highest trump, else the highest of the led suit
            if not p:
                w, wc, w_strength, led = 0, c, st, suit
                led_mask = SUIT_MASK[led]
                free_follow = free_after_trump if trump_mask >> c & 1 else free_after_plain
            elif st > w_strength and (suit == led or ruff_mask >> c & 1):
                w, wc, w_strength = p, c, st
            pts += pts_of[c]
            p += 1
            if p == n:
                winner = turn_seats[w]
                if number == total_tricks:
                    pts += last_bonus
                ws = side_of[winner]
                # item = item + x, not item += x: compiled, an augmented list item
                # is a generic call
                points[ws] = points[ws] + pts
                tricks_won[ws] = tricks_won[ws] + 1
                winners.append(winner)
                trick_points.append(pts)
                if track_soloist and winner == soloist:
                    for i in range(k - n, k):
                        won_by_soloist |= 1 << cards[i]
                    if number == total_tricks:
                        self.soloist_last = wc
                leader = winner
                turn_seats = seat_at[leader]
                p = pts = 0
                number += 1
                if auto_end and gw.winner is None and gw.totals[ws] + points[ws] >= rs.target:
                    self.ended_game = ws  # mk4-26, docs/bgn/replay.md §13
                    break
                if betl and winner == soloist:
                    break  # hu3-19: play stops at the soloist's first trick
        self.soloist_won = won_by_soloist
        dr.played = PlayedCards(cards, n, self.first, NO_CARDS if illegal is None else illegal,
                                marked, k, winners, trick_points)
        if breach_seat:
            return self.penalty(breach_seat, caller_side, kind)
        played_count = k
        dr.card_points.extend(points)  # the report's own empty list, filled
        if self.ended_game is not None:
            # mk4-26, docs/bgn/replay.md §13: card points so far, nothing else; made null
            if played_count < len(cards) and not gw.after_win_reported:
                gw.after_win_reported = True
                self.flag("S603", pos_of(played_count), number, None,
                          f"{CARD_TEXT[cards[played_count]]} was played after side "
                          f"{gw.side_name(self.ended_game)} had reached the target")
            return self.figures(points, None)
        if claim is not None:
            hands = {s: held[s] & ~gone for s in range(1, n + 1)}
            settled = self.settle_claim(claim, hands, cards[k - p:k], turn_seats[:p], leader,
                                        number, points, tricks_won, caller_side, contract)
            claimed = self.claimed_game()
            if claimed is not None and limit < len(cards) and not gw.after_win_reported:
                # docs/bgn/replay.md §15: cards written after a true 'claim game' are
                # play after the game was won; they are not replayed
                gw.after_win_reported = True
                self.flag("S603", pos_of(limit), limit // n + 1, None,
                          f"{CARD_TEXT[cards[limit]]} was played after "
                          f"{gw.side_label(claimed)} had claimed the game")
            return settled
        betl_stop = self.betl and tricks_won[caller_side] > 0
        if number - 1 < total_tricks and not betl_stop:
            if not (self.is_last and gw.game.result == "*"):
                self.broken = True
                self.flag("D204", deal.play_pos, None, None,
                          f"the play stops after {len(cards)} cards with no claim")
            return None
        return self.settle(points, tricks_won, caller_side, contract)

    def claimed_game(self) -> int | None:
        """The side whose true 'claim game' ended the game in this deal, else None (read
        through a call: in ``play`` the attribute is narrowed to None, which mypyc checks)."""
        return self.ended_game

    def last_winner(self) -> int | None:
        """The seat that won the last whole trick of the play, None before any."""
        played = self.dr.played
        return played.winners[-1] if played is not None and played.winners else None

    # ----------------------------------------------------------------- bela
    def bela_by_side(self, contract: Contract, claimed_hands: dict[int, int] | None = None,
                     at_first: bool = False) -> list[int]:
        """Bela points per side (replay.bela): announced pairs completed (or, at a
        claim, still held; with ``at_first``, announced ones); where belote counts
        automatically (contree §5) every pair dealt."""
        rs = self.rs
        if rs.bela.auto:
            hands = {seat: self.full_hand(seat) for seat in range(1, self.n + 1)}
            by_seat = dealt_belas(contract.kind, hands)
        else:
            # no bela word in the play: nothing credited (the report's own empty dict)
            by_seat = self.dr.bela if self.belas is None else self.belas.credited(claimed_hands,
                                                                                   at_first)
        out = [0] * rs.sides
        for seat, v in by_seat.items():
            out[rs.side_of[seat]] += v
        if by_seat or not rs.bela.auto:
            self.dr.bela = by_seat
        return out

    # ---------------------------------------------------------------- score
    def penalty(self, seat: int, caller_side: int, kind: int) -> DealScore:
        """mk4-22, bg4-49, docs/bgn/replay.md §7: the deal ends at the offending card; the
        other side scores the penalty, the offenders '-'; nothing else counts."""
        rs, dr = self.rs, self.dr
        offender = rs.side_of[seat]
        dr.penalty = True
        scores = breach_scores(rs, kind, offender, self.decl_all)
        return DealScore(scores, offender != caller_side, self.gw.pot)

    def tally(self, points: list[int], tricks_won: list[int], caller_side: int, contract: Contract,
              claimed_hands: dict[int, int] | None = None) -> Tally:
        rs = self.rs
        capot_side = None  # the side that took every trick
        for s in range(rs.sides):
            if tricks_won[s] == rs.tricks:
                capot_side = s
                break
        points = self.with_discards(points)
        if capot_side is not None and rs.capot_in_last_trick:
            # contree §1: the last trick is worth 100 to a side that took all eight
            points[capot_side] += rs.capot_bonus
            played = self.dr.played
            if played is not None and len(played.winners) == rs.tricks:
                played.points[-1] += rs.capot_bonus
            self.dr.card_points = list(points)
        # the play's points, trick counts and declaration points become the tally's:
        # nothing changes them after this
        t = Tally(contract=contract, caller_side=caller_side, points=points,
                  tricks=tricks_won, decl=self.decl_by_side, decl_all=self.decl_all,
                  bela=self.bela_by_side(contract, claimed_hands),
                  capot_side=capot_side,
                  soloist=SoloistPlay(self.announced, self.betl, self.soloist_won,
                                      self.soloist_last)
                  if rs.auction.model is Auction.HUNGARIAN else None)
        self.dr.capot_side = t.capot_side
        self.dr.tally = t
        return t

    def with_discards(self, points: list[int]) -> list[int]:
        """yu3-06: the soloist's discards count for him as if taken in tricks: a new
        list where a variant lays cards away, else ``points`` itself."""
        if self.rs.exchange is ExchangeKind.DISCARD:
            points = list(points)
            for seat, mask in self.discarded.items():
                points[self.rs.side_of[seat]] += sum(self.ct.points[c] for c in cards_in(mask))
        return points

    def settle(self, points: list[int], tricks_won: list[int], caller_side: int,
               contract: Contract, claimed_hands: dict[int, int] | None = None) -> DealScore:
        """The end of a deal played out: the variant's scoring rule (replay.scoring)."""
        t = self.tally(points, tricks_won, caller_side, contract, claimed_hands)
        return self.rs.scoring(self.rs, t, self.gw.pot)

    def figures(self, points: list[int], bela_at_first: bool | None,
                tricks_won: list[int] | None = None) -> DealScore:
        """docs/bgn/replay.md §13/§14: card points of completed tricks (+10 for the last)
        and, for a claim of the game, bela already credited to a side that has won
        a trick (and yu3's discards, yu3 convention 9 (docs/rules/yu3.md)); nothing else."""
        figures: list[Points] = list(points)
        if bela_at_first is not None and self.contract is not None:
            figures = list(self.with_discards(points))
            bela = self.bela_by_side(self.contract, at_first=bela_at_first)
            for s, v in enumerate(bela):
                if tricks_won is None or tricks_won[s]:
                    figures[s] += v
        return DealScore(figures, None, self.gw.pot)

    def settle_claim(self, claim: Claim, hands: dict[int, int], trick: list[int],
                     seats: Sequence[int], leader: int, number: int, points: list[int],
                     tricks_won: list[int], caller_side: int, contract: Contract) -> DealScore:
        rs, gw = self.rs, self.gw
        side = rs.side_of[claim.seat] if 1 <= claim.seat <= self.n else 0
        turn = (leader - 1 + len(trick)) % self.n + 1
        done = number - 1
        if claim.what == "rest":
            from replay.solver import claim_holds  # numba loads only for a claim to check

            if self.known and not claim_holds(hands, trick, seats, turn, side, rs, self.ct):
                self.flag("A505", claim.pos, number, claim.seat,
                          f"seat {claim.seat} cannot win every remaining trick against every "
                          "defence")
            # the claiming side takes every remaining trick (docs/bgn/game.md#deals)
            remaining = FULL_DECK
            played = self.dr.played
            if played is not None:
                for x in played.cards[:played.n * len(played.winners)]:
                    remaining &= ~(1 << x)
            points = list(points)
            points[side] += sum(self.ct.points[x] for x in cards_in(remaining))
            points[side] += rs.last_trick_bonus
            tricks_won = list(tricks_won)
            tricks_won[side] += rs.tricks - done
            self.dr.card_points = list(points)
            return self.settle(points, tricks_won, caller_side, contract, claimed_hands=hands)
        # claim game
        at_first = rs.bela.credit_at_first
        if done == rs.tricks and not trick:
            # after the last card: the deal is scored in full (docs/bgn/report.md), also
            # in a variant without 'claim game', where the claim is A505 all the same
            result = self.settle(points, tricks_won, caller_side, contract)
            if not rs.claim_game:
                self.flag("A505", claim.pos, number, claim.seat,
                          f"'claim game' is not part of {rs.variant}")
                return result
            after = [gw.totals[i] + result.scores[i] for i in range(rs.sides)]
            last_seat = self.last_winner()
            last = None if last_seat is None else rs.side_of[last_seat]
            if gw.decide(after, last) != side:
                self.flag("A505", claim.pos, number, claim.seat,
                          f"{gw.side_label(side)} has not won the game")
            return result
        if not rs.claim_game:
            self.flag("A505", claim.pos, number, claim.seat,
                      f"'claim game' is not part of {rs.variant}")
            return self.figures(points, at_first, tricks_won)
        if rs.auto_end:
            self.flag("A505", claim.pos, number, claim.seat,
                      f"{gw.side_label(side)} has not reached {rs.target} with a trick it won")
            return self.figures(points, at_first, tricks_won)
        last_seat = self.last_winner()
        if rs.claim_after_own_trick and (trick or last_seat is None
                                         or rs.side_of[last_seat] != side):
            # ru3-27: only right after a trick the claimer won (not the last)
            self.flag("A505", claim.pos, number, claim.seat,
                      f"seat {claim.seat} may claim the game only right after a trick it won")
            return self.figures(points, at_first, tricks_won)
        result = self.figures(points, at_first, tricks_won)
        if gw.totals[side] + result.scores[side] >= rs.target:
            self.ended_game = side
        else:
            self.flag("A505", claim.pos, number, claim.seat,
                      f"{gw.side_label(side)} has {gw.totals[side] + result.scores[side]}, "
                      f"short of {rs.target}")
        return result

    # ------------------------------------------------------------ the sheet
    def compare_sheet(self, line: ScoreLine | None, engine: list[Points], hang: Points,
                      code: str, what: str, hang_checked: bool = True) -> None:
        """S601/S602: one finding per line, at the first differing number
        (docs/bgn/report.md); ``-`` reads as 0, a missing ``hang`` as 0."""
        if line is None:
            return
        if _same_numbers(line.values, engine) and (not hang_checked or hang == (
                line.hang if line.hang is not None else 0)):
            return  # the sheet agrees (the usual case)
        if len(line.values) != len(engine):
            self.flag(code, line.pos, None, None,
                      f"the {what} line has {len(line.values)} numbers, not {len(engine)}")
            return
        for i, (written, mine) in enumerate(zip(line.values, engine, strict=True)):
            w = written if written is not None else 0
            if w != mine and Decimal(w) != Decimal(str(mine)):
                pos = line.value_pos[i] if i < len(line.value_pos) else line.pos
                label = self.gw.side_name(i)
                self.flag(code, pos, None, None,
                          f"{what} for {'side' if self.rs.players == 4 else 'seat'} {label} "
                          f"is {mine}, not {w}")
                return
        if hang_checked:
            w = line.hang if line.hang is not None else 0
            if w != hang and Decimal(w) != Decimal(str(hang)):
                pos = line.hang_pos if line.hang is not None else line.pos
                self.flag(code, pos, None, None, f"hanging points are {hang}, not {w}")
