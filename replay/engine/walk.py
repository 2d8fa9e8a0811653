"""The replay engine: walk one recorded game through its ruleset, card by card.

Pure: no files, no clock, no printing.  ``replay_game`` never raises on bad
play; every problem becomes a :class:`~replay.engine.report.Violation` with its code
(docs/codes.md), place and a message a player understands, and the replay goes on
(docs/bgn/replay.md) so that one pass finds every violation.  The engine's own scores
are computed from the cards, never from what the players wrote.

A deal goes through the same phases in every variant: auction
(``replay.rules.bidding``), layout checks, figures, exchange and declarations
(``replay.rules.declarations``), all here; the play (``replay.engine.play``),
a claim (``replay.engine.claims``), the score (``replay.engine.score``) and the
check of the written sheet (``replay.engine.sheet``).  The ruleset says how each
phase behaves; the state they share is ``replay.engine.deal``.
"""

from __future__ import annotations

from typing import Final

from replay.engine.deal import DealWalk, GameWalk
from replay.engine.play import assign_plays, play_cards
from replay.engine.report import DealReport, DeclarationRecord, GameReport, Violation
from replay.engine.sheet import compare_sheet
from replay.model.cards import (
    CARD_BIT,
    CARD_INDEX,
    CARD_TEXT,
    CONTRACT_TABLES,
    NO_TRUMPS,
    PLAIN_POINTS,
    SUIT_OF,
    card_of,
    cards_in,
    popcount,
)
from replay.model.elements import NOPOS, Exchange, Pos
from replay.model.lanes import HandsLine
from replay.model.record import Game
from replay.rules.bidding import Contract, auction_of
from replay.rules.declarations import (
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
from replay.rules.exchange import ExchangeKind, ExchangeOutcome, hungarian, ru3_swap, yu3_discards
from replay.rules.figures import check_announcements
from replay.rules.policies import Auction
from replay.rules.ruleset import RulesetError
from replay.rules.rulesets import load_ruleset

#: players (a tuple index) -> soloist -> the camp of each seat in the declarations'
#: contest: the soloist 0, the defenders 1 (index 0 unused)
_SOLOIST_CAMPS: Final = tuple([tuple([0 if s == soloist else 1 for s in range(n + 1)])
                               for soloist in range(n + 1)] for n in range(5))


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
    if game.warnings:
        report.warnings = [Violation(w.code, w.line, w.col, None, None, None, w.message)
                           for w in game.warnings]
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
        walk_game(GameWalk(game, ruleset, report))
    if game.tag_pos or game.movetext_pos != NOPOS:
        report.violations.sort(key=Violation.sort_key)
    else:
        # read from JSON Lines, the game has no token places: every finding stands
        # at its JSON line with col null (docs/bgn/json.md), in the order the
        # replay met them, which is the order of the record
        for v in report.violations:
            v.line, v.col = game.line, None
    return report


def walk_game(gw: GameWalk) -> None:
    """Every deal of the game in turn (D204 for a deal number out of sequence, S603
    for a deal after the game was won or a wrong result), then the result."""
    previous_number = 0
    for index, deal in enumerate(gw.game.deals, start=1):
        if gw.winner is not None and not gw.after_win_reported:
            gw.after_win_reported = True
            gw.flag("S603", deal.pos, index, None, None,
                    f"deal {deal.number} was played after side "
                    f"{gw.side_name(gw.winner)} had already won the game")
        walk = DealWalk(gw, deal, index, is_last=index == len(gw.game.deals))
        if deal.number != previous_number + 1:
            walk.broken = True
            gw.flag("D204", deal.number_pos, index, None, None,
                    f"deal number {deal.number} should be {previous_number + 1}")
        previous_number = deal.number
        gw.report.deals.append(walk_deal(walk))
    gw.report.result = "*" if gw.winner is None else gw.side_name(gw.winner)
    written = gw.game.result
    if written is not None and written != gw.report.result:
        gw.flag("S603", gw.game.result_pos, None, None, None,
                f"the result is {gw.report.result}, not {written}")


def walk_deal(dw: DealWalk) -> DealReport:
    """One deal through its phases; the totals and the winner of the game updated, and
    the written score and total lines checked.  Returns the deal's report."""
    rs, deal, dr, gw = dw.rs, dw.deal, dw.dr, dw.gw
    contract = read_auction(dw)
    check_layout(dw, contract)
    result = None  # a DealScore, or None when the deal adds nothing
    if contract is None:
        if deal.plays:
            dw.broken = True
            dw.flag("D204", deal.play_pos, None, None,
                    "cards were played in a deal without a contract")
    elif rs.hands_required and not dw.known:
        dw.broken = True
        dw.flag("D204", deal.pos, None, None,
                f"{rs.variant} leaves cards out of play: the deal needs its hands")
    else:
        announce_figures(dw, contract)
        exchange_cards(dw, contract)
        declare(dw, contract)
        if deal.plays is None and dw.game_won_by_run8 is None:
            dw.broken = True
            dw.flag("D204", deal.pos, None, None,
                    f"deal {deal.number} has a contract but no play")
        elif deal.plays is not None:
            result = play_cards(dw, contract)
    if dw.game_won_by_run8 is not None or dw.broken:
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
    if dw.game_won_by_run8 is not None:
        if gw.winner is None:
            gw.winner = dw.game_won_by_run8
    elif dw.ended_game is not None:
        for i, s in enumerate(dr.score):
            gw.totals[i] += s
        if gw.winner is None:
            gw.winner = dw.ended_game
    else:
        quiet = rs.no_end_on_capot and (capot or contract is None)
        last = dw.last_winner() if dr.trick_count == rs.tricks else None
        gw.close_deal(dr.score, may_end=not quiet and result is not None,
                      last_trick=None if last is None else rs.side_of[last])
    dr.total[:] = gw.totals  # the report's own list (made with the totals before)
    compare_sheet(dw, deal.score, dr.score, dr.hang, "S601", "score")
    compare_sheet(dw, deal.total, dr.total, 0, "S602", "total", hang_checked=False)
    return dr


def read_auction(dw: DealWalk) -> Contract | None:
    """The auction (B301/B302 at the calls); the contract, None when all passed."""
    deal, rs, dr = dw.deal, dw.rs, dw.dr
    turned = _turned_card(deal.turn)
    dealer_points = 99
    if rs.auction.weighs_dealer_hand and deal.hands and deal.dealer in deal.hands:
        # bg4's forced dealer may annul on a weak first delivery (bg4-13)
        dealer_points = sum(PLAIN_POINTS[CARD_INDEX[c]] for c in deal.hands[deal.dealer][0])
    calls = deal.bids or []
    result = auction_of(rs, calls, dw.order, deal.dealer,
                        SUIT_OF[turned] if turned is not None else None, dealer_points)
    for f in result.findings:
        # a forced call missing stands at the last call (docs/bgn/report.md), or,
        # with no call written at all, at the `bids` keyword, else the `deal` one
        pos = calls[f.call_index].pos if calls and f.call_index >= 0 else (
            calls[-1].pos if calls else deal.bids_pos if deal.bids_pos != NOPOS
            else deal.pos)
        dw.flag(f.code, pos, None, f.seat, f.message)
    dr.call_rows = result.calls
    contract = result.contract
    if contract is not None:
        dr.caller = contract.seat
        dr.contract = contract.kind
        dr.level = contract.value
        dr.double = contract.double
        dr.round = contract.round
    dw.contract = contract
    return contract


def check_layout(dw: DealWalk, contract: Contract | None) -> None:
    """D201 (a card twice, cards missing) and D202 (wrong counts); the hands.

    Duplicates are reported at the second occurrence in the text: the
    sections stand in the order hands, turn, talon, and the reader keeps
    each seat's cards in written order.  Where the taker receives the turned
    card (fr4) the same card in ``turn`` and in his hand is no duplicate.
    """
    deal, rs = dw.deal, dw.rs
    hands = deal.hands
    if hands is None:
        dw.known = False
        return
    all_passed = contract is None
    seen = 0
    # a hands line the reader kept whole gives each seat's sum of card bits from
    # its text (no string per card); else the lists are read
    line = hands if type(hands) is HandsLine else None
    sums = line.card_sums() if line is not None else None
    seats = line.seat_numbers() if line is not None else list(hands)
    dw.known = len(seats) == dw.n
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
                        report_duplicate(dw, text, seat, count)
                    else:
                        seen |= b
                        mask |= b
                    count += 1
        dw.hand[seat] = mask
        expected = rs.pre_bid if all_passed else rs.hand_size
        if contract is not None and seat == contract.seat:
            expected += rs.caller_extra
        if count != expected:
            dw.flag("D202", deal.hand_seat_pos.get(seat, deal.hands_pos), None, seat,
                    f"seat {seat} holds {count} cards, not {expected}")
    if seen & ~rs.deck:
        report_outside_deck(dw, seats, seen & ~rs.deck)
    if deal.turn:
        b = CARD_BIT[deal.turn]
        if seen & b:
            why = turned_card_misplaced(dw, contract, deal.turn, b)
            if why is not None:
                dw.flag("D201", deal.turn_pos, None, None, why)
        seen |= b
    for i, text in enumerate(deal.talon or []):
        b = CARD_BIT[text]
        if seen & b or b & ~rs.deck:
            # the places of the talon's cards are made only for a finding
            pos = deal.talon_card_pos[i] if i < len(deal.talon_card_pos) else deal.talon_pos
            dw.flag("D201", pos, None, None, f"{text} appears twice in the deal" if seen & b
                    else outside_deck(dw, text))
        seen |= b
    if dw.known and not all_passed:
        missing = rs.deck & ~seen
        if missing:
            names = " ".join(CARD_TEXT[c] for c in cards_in(missing))
            dw.flag("D201", deal.hands_pos, None, None, f"missing from the deck: {names}")


def report_outside_deck(dw: DealWalk, seats: list[int], outside: int) -> None:
    """D201 at each card of the hands that the variant's deck does not have: the 7s and
    8s of the 24-card deck (bg3-02, bg2-01)."""
    hands = dw.deal.hands
    if hands is None:
        return
    for seat in seats:
        k = 0
        for delivery in hands[seat]:
            for text in delivery:
                if outside & 1 << card_of(text):
                    dw.flag("D201", hand_card_place(dw, seat, k), None, seat,
                            outside_deck(dw, text))
                k += 1


def turned_card_misplaced(dw: DealWalk, contract: Contract | None, turn: str,
                          b: int) -> str | None:
    """Why the turned card may not stand in the hands where it is written, or None.

    Where the taker receives it (fr4-05, ru-pair-03) it belongs in the taker's hand,
    with his second delivery: it lay face up while the seats bid on their first cards.
    Anywhere else it is a card twice, and so in every hand of a variant where it reaches
    no one.  In a deal with no contract there is no taker to judge by: the hands are
    then judged by their counts (D202) alone."""
    if not dw.rs.turn_to_taker:
        return f"{turn} appears twice in the deal"
    if contract is None:
        return None
    taker = contract.seat
    if not dw.hand.get(taker, 0) & b:
        return f"{turn} appears twice in the deal"
    hands = dw.deal.hands
    # a hands line the reader kept whole answers from its text (no lists are made)
    first = hands.first_delivery(taker) if type(hands) is HandsLine else None
    if first is not None:
        early = card_of(turn) in first and len(first) < popcount(dw.hand[taker])
    else:
        deliveries = hands[taker] if hands is not None else []
        early = len(deliveries) > 1 and turn in deliveries[0]
    if early:
        return (f"the turned {turn} is in the first delivery of seat {taker}: the taker "
                "receives it with his second")
    return None


def outside_deck(dw: DealWalk, text: str) -> str:
    return f"{text} is not a card of the {popcount(dw.rs.deck)}-card deck of {dw.rs.variant}"


def report_duplicate(dw: DealWalk, text: str, seat: int, k: int) -> None:
    """D201 at the k-th card of the seat's hand (counted over its deliveries)."""
    dw.flag("D201", hand_card_place(dw, seat, k), None, seat, f"{text} appears twice in the deal")


def hand_card_place(dw: DealWalk, seat: int, k: int) -> Pos:
    """Where the k-th card of the seat's hand is written (counted over its deliveries);
    the ``hands`` keyword where the record keeps no such place."""
    positions = dw.deal.hand_card_pos.get(seat, [])
    return positions[k] if k < len(positions) else dw.deal.hands_pos


def announce_figures(dw: DealWalk, contract: Contract) -> None:
    """Hungarian figures (hu3 conventions 7-8 (docs/rules/hu3.md)): B302 for a figure out of its
    time or place; Betl makes the deal a game without trump (hu3-19)."""
    dw.play_kind = contract.kind
    if not dw.deal.announce:
        return
    if dw.rs.auction.model is not Auction.HUNGARIAN:
        for a in dw.deal.announce:
            dw.flag("B302", a.pos, None, a.seat,
                    f"{dw.rs.variant} has no figures to announce")
        return
    result = check_announcements(dw.deal.announce, contract.seat, contract.kind)
    for code, pos, seat, message in result.findings:
        dw.flag(code, pos, None, seat, message)
    dw.announced = tuple(result.figures)
    dw.dr.figures = list(result.figures)
    if result.betl:
        dw.betl = True
        dw.play_kind = NO_TRUMPS  # hu3-19, A37: no trump, plain order, follow suit


def exchange_cards(dw: DealWalk, contract: Contract) -> None:
    """B303/D203 on the exchange; the hands become those the seats play with."""
    deal, rs = dw.deal, dw.rs
    entries = deal.exchange or []
    if rs.exchange is ExchangeKind.NONE:
        for e in entries:  # docs/bgn/reading.md: an exchange where there is none is B303
            dw.flag("B303", e.pos, None, e.seat, f"there is no exchange in {rs.variant}")
        if rs.turn_to_taker and deal.turn:
            # fr4-05, ru-pair-03: every seat sees the turned card go to the taker (A47)
            turned = card_of(deal.turn)
            if dw.hand.get(contract.seat, 0) >> turned & 1:
                dw.dr.shown[contract.seat] = 1 << turned
        return
    # each kind's phase called directly: through a table of methods the call is
    # a generic one compiled (its arguments boxed, a tuple made)
    if rs.exchange is ExchangeKind.HUNGARIAN:
        out = hungarian_exchange(dw, contract, entries)
    elif rs.exchange is ExchangeKind.DISCARD:
        out = discard_exchange(dw, contract, entries)
    else:
        out = seven_swap_exchange(dw, contract, entries)
    for code, pos, seat, message in out.findings:
        dw.flag(code, pos, None, seat, message)
    dw.discarded = out.discarded
    # what the table saw (A47); the report keeps it for the seats' views
    dr = dw.dr
    dr.laid_away.update(out.discarded)
    dr.shown.update(out.shown)
    if out.face_up:
        dr.shown[0] = out.face_up

def discard_exchange(dw: DealWalk, contract: Contract, entries: list[Exchange]) -> ExchangeOutcome:
    """yu3-06: the soloist lays away two cards."""
    out = yu3_discards(entries, dw.hand, contract.seat)
    if not any(e.action == "discard" for e in entries):
        dw.flag("B303", dw.deal.exchange_pos if entries else dw.deal.pos, None,
                contract.seat, "the soloist must discard two cards (yu3-06)")
    return out


def seven_swap_exchange(dw: DealWalk, contract: Contract,
                        entries: list[Exchange]) -> ExchangeOutcome:
    """ru3-10: the trump seven for the turned card."""
    turn = card_of(dw.deal.turn) if dw.deal.turn else None
    return ru3_swap(entries, dw.hand, contract.kind, contract.round or 1, turn)


def hungarian_exchange(dw: DealWalk, contract: Contract,
                       entries: list[Exchange]) -> ExchangeOutcome:
    """hu3-09, hu3-10: swap, take from the talon and discard."""
    turn = card_of(dw.deal.turn) if dw.deal.turn else None
    talon = [card_of(t) for t in dw.deal.talon or []]
    return hungarian(entries, dw.hand, contract.kind, contract.round or 1, turn, talon,
                     dw.rs.hand_size)


def declare(dw: DealWalk, contract: Contract) -> None:
    """A501/A502/A504, the contest, and the 8-card run that wins the game."""
    deal, rs, dr = dw.deal, dw.rs, dw.dr
    kind = dw.play_kind
    dw.ct = CONTRACT_TABLES[kind]
    if not dw.known:
        assign_plays(dw, kind)
    if not deal.declare:
        return
    if dw.betl:  # Betl: what was declared is void (hu3-19), but must be held
        declared_unheld(dw)
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
        hand = dw.full_hand(seat)
        runs_used = 0
        carres_used = 0
        first_key = None
        reserved = (0 if policy.run_and_carre_share  # bg4-32: a card in one declaration
                    else scoring_carre_cards(hand, policy.carre_values))
        for comb in written:
            combo = parse_combo(comb.text)
            if combo is None:  # the reader guarantees the spelling
                continue
            value = decl_value(dw, combo, kind)
            record = DeclarationRecord(seat, comb.text, value or 0, False, False)
            dr.declarations.append(record)
            if not holds(hand, combo):
                dw.flag("A501", comb.pos, None, seat,
                        f"seat {seat} declared {comb.text} without holding it")
                continue
            record.held = True
            if value == 0:
                dw.flag("A502", comb.pos, None, seat, forbidden(dw, comb.text, kind))
                continue
            overlap = combo.mask & runs_used if combo.kind == RUN else 0
            if not policy.run_and_carre_share:
                overlap = combo.mask & (runs_used | carres_used)
            if overlap:
                dw.flag("A504", comb.pos, None, seat,
                        f"{comb.text} uses a card of an earlier declaration of seat {seat}")
                continue
            why = not_held(hand, combo, reserved)  # held, but part of a longer run
            if why is not None:
                record.held = False
                dw.flag("A501", comb.pos, None, seat, f"seat {seat} declared {comb.text} {why}")
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
                if dw.game_won_by_run8 is None:
                    dw.game_won_by_run8 = rs.side_of[seat]
                continue
            valid.append((seat, combo, value))
            records.append(record)
    camp_of = None
    if rs.decl_camps is DeclCamps.SOLOIST:  # yu3-08, hu3-11: soloist against the defenders
        camp_of = _SOLOIST_CAMPS[dw.n][contract.seat]
    points, counted = decide(valid, policy, trump, rs.side_of, dw.order, rs.sides, camp_of)
    for i, rec in enumerate(records):
        rec.counted = i in counted
    dw.decl_by_side = points
    dw.decl_all = sum(v for _, _, v in valid)
    dr.decl_by_side.extend(points)  # the report's own empty list, filled
    best = 0  # the first side with the most points (a loop: a key lambda compiled
    for s in range(1, rs.sides):  # is a closure object and a generic call per side)
        if points[s] > points[best]:
            best = s
    dr.decl_side = best if points[best] else None
    dr.decl_points = points[best]


def declared_unheld(dw: DealWalk) -> None:
    """A501 for every declaration of cards its seat does not hold.

    Declaring cards one does not hold is an error in the record whatever the
    contract, so it is reported even where declarations score nothing (Betl)."""
    declared = dw.deal.declare or {}
    for seat in sorted(declared):
        hand = dw.full_hand(seat)
        for comb in declared[seat]:
            combo = parse_combo(comb.text)
            why = None if combo is None else not_held(hand, combo)
            if why is not None:
                dw.flag("A501", comb.pos, None, seat, f"seat {seat} declared {comb.text} {why}")


def decl_value(dw: DealWalk, combo: Combo, kind: int) -> int | None:
    """The combination's worth under this contract; 0 when not allowed (A502)."""
    rs = dw.rs
    if rs.declarations.contest is Contest.NONE:
        return 0
    if kind == NO_TRUMPS and not rs.nt_doubles_declarations:
        # bg4-35: no declarations in No trumps; q1 option: four aces still count
        if combo.kind == CARRE and combo.rank == 7:
            return rs.declarations.nt_four_aces
        return 0
    return rs.declarations.value(combo, kind if kind < 4 else -1)


def forbidden(dw: DealWalk, text: str, kind: int) -> str:
    """A502's message: why the combination counts nothing here."""
    if dw.rs.declarations.contest is Contest.NONE:
        return f"{dw.rs.variant} has no declarations besides belote ({text})"
    if kind == NO_TRUMPS:
        return f"no declarations in No trumps ({text})"
    return f"{text} is not a declaration in {dw.rs.variant}"
