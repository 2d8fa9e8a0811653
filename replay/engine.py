"""The replay engine: walk one recorded game through its ruleset, card by card.

Pure: no files, no clock, no printing.  ``replay_game`` never raises on bad
play; every problem becomes a :class:`~replay.report.Violation` with its code
(bgn.md §5), place and a message a player understands, and the replay goes on
(bgn.md §9) so that one pass finds every violation.  The engine's own scores
are computed from the cards, never from what the players wrote.
"""

from __future__ import annotations

from decimal import Decimal

from replay.cards import (
    CARD_INDEX,
    CARD_TEXT,
    CONTRACT_TABLES,
    FULL_DECK,
    RANK_OF,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    cards_in,
)
from replay.claims import claim_holds
from replay.declarations import RUN, contest, holds, parse_combo
from replay.legality import judge, trick_winner
from replay.record import Deal, Game, Pos, ScoreLine
from replay.report import (
    CallRecord,
    DealReport,
    DeclarationRecord,
    GameReport,
    TrickRecord,
    Violation,
)
from replay.ruleset import Ruleset, RulesetError, load_ruleset

SIDE_NAMES = "AB"
_KQ = (5, 6)  # natural rank indices of Q and K


def replay_game(game: Game, file: str | None = None, game_id: str | None = None) -> GameReport:
    """Replay one game and return its report (bgn.md §8)."""
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
        return report
    _GameWalk(game, ruleset, report).run()
    report.violations.sort(key=Violation.sort_key)
    return report


class _GameWalk:
    """State carried across deals: running totals, the winner once there is one."""

    def __init__(self, game: Game, ruleset: Ruleset, report: GameReport) -> None:
        self.game = game
        self.rs = ruleset
        self.report = report
        self.totals: list[int] = [0] * ruleset.sides
        self.winner: int | None = None  # side index
        self.after_win_reported = False

    def flag(self, code: str, pos: Pos, deal: int | None, trick: int | None, seat: int | None,
             message: str) -> None:
        self.report.violations.append(Violation(code, pos[0], pos[1], deal, trick, seat, message))

    def side_name(self, side: int) -> str:
        return SIDE_NAMES[side] if self.rs.sides == 2 and self.rs.players == 4 else str(side + 1)

    def run(self) -> None:
        previous_number = 0
        for index, deal in enumerate(self.game.deals, start=1):
            if self.winner is not None and not self.after_win_reported:
                self.after_win_reported = True
                self.flag("S603", deal.pos, index, None, None,
                          f"deal {deal.number} was played after side "
                          f"{self.side_name(self.winner)} had already won the game")
            walk = _DealWalk(self, deal, index, is_last=index == len(self.game.deals))
            if deal.number != previous_number + 1:
                walk.broken = True
                self.flag("D204", deal.number_pos, index, None, None,
                          f"deal number {deal.number} should be {previous_number + 1}")
            previous_number = deal.number
            dr = walk.run()
            self.report.deals.append(dr)
        self.report.result = "*" if self.winner is None else self.side_name(self.winner)
        written = self.game.result
        if written is not None and written != self.report.result:
            self.flag("S603", self.game.result_pos, None, None, None,
                      f"the result is {self.report.result}, not {written}")

    def close_deal(self, scores: list[int]) -> None:
        """Add a deal's scores to the totals and decide the game (bgn.md §9.12)."""
        for i, s in enumerate(scores):
            self.totals[i] += s
        if self.winner is None:
            self.winner = self.decide(self.totals)

    def decide(self, totals: list[int]) -> int | None:
        """After a deal: a side at or over the target wins; the higher total if
        several; equal totals play on (yu4-44, A4)."""
        over = [i for i, t in enumerate(totals) if t >= self.rs.target]
        if not over:
            return None
        best = max(totals[i] for i in over)
        leaders = [i for i in over if totals[i] == best]
        return leaders[0] if len(leaders) == 1 else None


class _DealWalk:
    """One deal: layout, auction, declarations, play, claim, score."""

    def __init__(self, gw: _GameWalk, deal: Deal, index: int, is_last: bool) -> None:
        self.gw = gw
        self.rs = gw.rs
        self.deal = deal
        self.index = index
        self.is_last = is_last
        self.broken = False  # D204: made null, score zeros, total unchanged
        self.game_won_by_run8: int | None = None  # side whose 8-card run won the game
        self.ended_game: int | None = None  # side that ended the game inside this deal
        self.decl_side: int | None = None
        self.decl_points = 0
        self.hand: dict[int, int] = {}
        self.played_by: dict[int, int] = {}
        self.known = False
        n = self.rs.players
        self.n = n
        self.first = deal.dealer % n + 1 if 1 <= deal.dealer <= n else 1
        self.order = [(self.first - 1 + k) % n + 1 for k in range(n)]
        self.dr = DealReport(deal=index, made=None, score=[0] * self.rs.sides,
                             total=list(gw.totals), dealer=deal.dealer, line=deal.pos[0])

    def flag(self, code: str, pos: Pos, trick: int | None, seat: int | None, message: str) -> None:
        self.gw.flag(code, pos, self.index, trick, seat, message)

    # ------------------------------------------------------------------ run
    def run(self) -> DealReport:
        rs, deal, dr = self.rs, self.deal, self.dr
        contract = self.auction()
        all_passed = contract is None
        self.layout(all_passed)
        scores: list[int] | None = None  # None: the deal adds nothing
        if all_passed:
            dr.made = None
        elif deal.plays is None:
            self.declare(contract)
            if self.game_won_by_run8 is None:
                self.broken = True
                self.flag("D204", deal.pos, None, None,
                          f"deal {deal.number} has a contract but no play")
        else:
            self.declare(contract)
            scores = self.play(contract)
        if self.game_won_by_run8 is not None:
            dr.made = None
            scores = None
        if self.broken:
            dr.made = None
            scores = None
        if scores is not None:
            dr.score = scores
        else:
            dr.score = [0] * rs.sides
        if self.game_won_by_run8 is not None:
            self.gw.winner = self.gw.winner if self.gw.winner is not None else self.game_won_by_run8
        elif self.ended_game is not None:
            for i, s in enumerate(dr.score):
                self.gw.totals[i] += s
            if self.gw.winner is None:
                self.gw.winner = self.ended_game
        else:
            self.gw.close_deal(dr.score)
        dr.total = list(self.gw.totals)
        self.compare_sheet(deal.score, dr.score, dr.hang, "S601", "score")
        self.compare_sheet(deal.total, dr.total, 0, "S602", "total", hang_checked=False)
        return dr

    # --------------------------------------------------------------- layout
    def layout(self, all_passed: bool) -> None:
        """D201 (duplicates, missing cards) and D202 (wrong counts); the hands."""
        deal, rs = self.deal, self.rs
        self.known = deal.hands is not None and len(deal.hands) == self.n
        if deal.hands is None:
            return
        seen: dict[int, Pos] = {}
        for seat, deliveries in deal.hands.items():
            positions = deal.hand_card_pos.get(seat, [])
            mask = 0
            k = 0
            for delivery in deliveries:
                for text in delivery:
                    c = CARD_INDEX[text]
                    pos = positions[k] if k < len(positions) else deal.hands_pos
                    k += 1
                    if c in seen:
                        self.flag("D201", pos, None, seat, f"{text} appears twice in the deal")
                        continue
                    seen[c] = pos
                    mask |= 1 << c
            self.hand[seat] = mask
            count = sum(len(d) for d in deliveries)
            expected = rs.pre_bid if all_passed else rs.hand_size
            if count != expected:
                self.flag("D202", deal.hand_seat_pos.get(seat, deal.hands_pos), None, seat,
                          f"seat {seat} holds {count} cards, not {expected}")
        if self.known and not all_passed:
            missing = FULL_DECK & ~sum(1 << c for c in seen)
            if missing:
                names = " ".join(CARD_TEXT[c] for c in cards_in(missing))
                self.flag("D201", deal.hands_pos, None, None, f"missing from the deck: {names}")

    # -------------------------------------------------------------- auction
    def auction(self) -> int | None:
        """One round from the seat after the dealer; the first suit named is trump
        (yu4-11, yu4-12, mk4-06).  Returns the trump suit or None (all passed)."""
        deal, rs, dr = self.deal, self.rs, self.dr
        calls = deal.bids or []
        trump: int | None = None
        ended = False
        last_pos = deal.bids_pos
        for i, call in enumerate(calls):
            last_pos = call.pos
            if ended or i >= self.n:
                self.flag("B301", call.pos, None, call.seat,
                          f"call '{call.call}' after the bidding had ended")
                dr.calls.append(CallRecord(call.seat or 0, call.call, 1, False))
                continue
            seat = self.order[i]
            legal = True
            if call.seat is not None and call.seat != seat:
                self.flag("B301", call.pos, None, call.seat,
                          f"seat {call.seat} called out of turn: it was seat {seat}'s call")
                legal = False
            name = call.call
            if name in SUITS:
                if legal:
                    trump = SUITS.index(name)
                    dr.caller = seat
                    ended = True
            elif name == "pass":
                if rs.forced_dealer and seat == deal.dealer and legal:
                    self.flag("B302", call.pos, None, seat,
                              f"the dealer (seat {seat}) must name trump when everyone passed")
                    legal = False
            else:
                if legal:
                    self.flag("B302", call.pos, None, seat,
                              f"'{name}' is not a call in {rs.variant}: name a suit or pass")
                legal = False
            dr.calls.append(CallRecord(seat, name, 1, legal))
        if trump is None and rs.forced_dealer and len(calls) < self.n:
            self.flag("B302", last_pos, None, deal.dealer,
                      f"the dealer (seat {deal.dealer}) must name trump when everyone passed")
        dr.contract = trump
        return trump

    # --------------------------------------------------------- declarations
    def declare(self, trump: int) -> None:
        """A501/A502/A504, the contest, and the 8-card run that wins the game."""
        deal, rs, dr = self.deal, self.rs, self.dr
        self.ct = CONTRACT_TABLES[trump]
        if not self.known:
            self.assign_plays(trump)
        if not deal.declare:
            return
        policy = rs.declarations
        valid: list[tuple[int, object, int]] = []
        for seat in sorted(deal.declare):
            hand = self.full_hand(seat)
            runs_used = 0
            carres_used = 0
            first_key = None
            for comb in deal.declare[seat]:
                combo = parse_combo(comb.text)
                if combo is None:  # the reader guarantees the spelling
                    continue
                value = policy.value(combo, trump)
                record = DeclarationRecord(seat, comb.text, value or 0, False, False)
                dr.declarations.append(record)
                if not holds(hand, combo):
                    self.flag("A501", comb.pos, None, seat,
                              f"seat {seat} declared {comb.text} without holding it")
                    continue
                record.held = True
                if value == 0:
                    self.flag("A502", comb.pos, None, seat,
                              f"{comb.text} is not a declaration in {rs.variant}")
                    continue
                overlap = combo.mask & runs_used if combo.kind == RUN else 0
                if not policy.run_and_carre_share:
                    overlap = combo.mask & (runs_used | carres_used)
                if overlap:
                    self.flag("A504", comb.pos, None, seat,
                              f"{comb.text} uses a card of an earlier run of seat {seat}")
                    continue
                if combo.kind == RUN:
                    runs_used |= combo.mask
                else:
                    carres_used |= combo.mask
                key = policy.key(combo, trump)
                if policy.first_named_counts and first_key is not None and key > first_key:
                    continue  # mk4-12: only the first-named (strongest) counts
                if first_key is None:
                    first_key = key
                if value is None:  # the 8-card run: the game is won (yu4-22, mk4-11)
                    if self.game_won_by_run8 is None:
                        self.game_won_by_run8 = rs.side_of[seat]
                    continue
                valid.append((seat, combo, value))
                record.counted = True  # provisionally; the contest decides below
        side = contest(valid, policy, trump, rs.side_of, self.order)
        self.decl_side = side
        self.decl_points = sum(v for s, _, v in valid if rs.side_of[s] == side)
        for rec in dr.declarations:
            if rec.counted and rs.side_of[rec.seat] != side:
                rec.counted = False
        dr.decl_side = side

    def full_hand(self, seat: int) -> int:
        """What the seat held: its written hand, else the cards it played."""
        if seat in self.hand:
            return self.hand[seat]
        return self.played_by.get(seat, 0)

    def assign_plays(self, trump: int) -> None:
        """Attribute every written card to the seat whose turn it was (by position)."""
        plays = self.deal.plays or []
        n, ct = self.n, CONTRACT_TABLES[trump]
        leader = self.first
        trick: list[int] = []
        seen = 0
        for k, play in enumerate(plays):
            c = CARD_INDEX[play.card]
            seat = (leader - 1 + k % n) % n + 1
            if not (seen >> c) & 1:
                self.played_by[seat] = self.played_by.get(seat, 0) | (1 << c)
                seen |= 1 << c
            trick.append(c)
            if len(trick) == n:
                leader = (leader - 1 + trick_winner(trick, ct)) % n + 1
                trick = []

    # ----------------------------------------------------------------- play
    def play(self, trump: int) -> list[int] | None:
        """Replay the cards; returns the deal's scores (None when broken)."""
        deal, rs, dr, gw = self.deal, self.rs, self.dr, self.gw
        n = self.n
        ct = self.ct
        side_of = rs.side_of
        duties = rs.duties
        plays = deal.plays or []
        hands = {s: self.full_hand(s) for s in range(1, n + 1)}
        dr.hands = dict(hands)
        caller_side = side_of[dr.caller]
        points = [0] * rs.sides
        tricks_won = [0] * rs.sides
        trick: list[int] = []
        seats: list[int] = []
        leader = self.first
        number = 1
        bela_first: dict[int, int] = {}  # seat -> card played with a valid 'bela'
        bela_done: dict[int, int] = {}  # seat -> credited points
        claim = deal.claim
        claim_at = claim.after_play if claim else None
        total_tricks = rs.tricks
        trump_k = (trump * 8 + 5, trump * 8 + 6) if trump < 4 else None
        played_count = 0
        if self.game_won_by_run8 is not None:
            # bgn.md §9.16: the deal ends when the run is declared; cards are not replayed
            if plays and not gw.after_win_reported:
                gw.after_win_reported = True
                self.flag("S603", plays[0].pos, 1, None,
                          f"{plays[0].card} was played after the 8-card run had won the game")
            return None
        pts_of = ct.points
        strength = ct.strength
        trump_mask = ct.trump_mask
        w = w_strength = led = 0
        penalty = rs.breach_penalty
        auto_end = rs.auto_end
        record_play = dr.plays.append
        card_index = CARD_INDEX
        limit = len(plays) if claim_at is None else min(claim_at, len(plays))
        for k in range(limit):
            if self.ended_game is not None:
                break  # mk4-26: the game ended at the last trick
            play = plays[k]
            pos_in_trick = len(trick)
            seat = (leader - 1 + pos_in_trick) % n + 1
            c = card_index[play.card]
            bit = 1 << c
            hand = hands[seat]
            code = None
            if (play.seat is not None and play.seat != seat) or (
                    play.trick is not None and play.trick != number):
                code = "C405"
                why = (f"it was seat {seat}'s turn" if play.seat is not None and play.seat != seat
                       else f"it is card {pos_in_trick + 1} of trick {number}, "
                       f"not of trick {play.trick}")
                self.flag("C405", play.pos, number, seat, f"{play.card} played out of turn: {why}")
            elif not hand & bit:
                code = "D203"
                self.flag("D203", play.pos, number, seat,
                          f"seat {seat} played {play.card}, which it does not hold")
            elif pos_in_trick:
                code = judge(hand, c, trick, seats, seat, ct, duties, side_of, w)[1]
                if code is not None:
                    self.flag(code, play.pos, number, seat,
                              self.duty_message(code, seat, c, trick, hand, ct))
            # bela / rebela (a token of its own: bgn.md §9.5)
            if trump_k is not None and (c == trump_k[0] or c == trump_k[1]):
                if play.bela is not None:
                    self.check_bela(play, seat, c, hand, trump_k, number, bela_first, bela_done)
                if seat in bela_first and bela_first[seat] != c and seat not in bela_done:
                    bela_done[seat] = 20  # yu4-28: the 20 is credited with the second card
            elif play.bela is not None:
                self.check_bela(play, seat, c, hand, trump_k, number, bela_first, bela_done)
            # the card leaves whichever hand holds it
            if hand & bit:
                hands[seat] = hand & ~bit
            else:
                for s in hands:
                    if hands[s] & bit:
                        hands[s] &= ~bit
                        break
            record_play((seat, c, number, code is None, play.bela))
            played_count = k + 1
            if penalty and code is not None and code != "C405":
                self.penalty(seat, caller_side)  # C401-C404 and D203 (bgn.md §9.7)
                return self.penalty_scores
            # the winner so far: the highest trump, else the highest of the led suit
            if not pos_in_trick:
                w, w_strength, led = 0, strength[c], SUIT_OF[c]
            elif (SUIT_OF[c] == led or (trump_mask >> c) & 1) and strength[c] > w_strength:
                w, w_strength = pos_in_trick, strength[c]
            trick.append(c)
            seats.append(seat)
            if pos_in_trick == n - 1:
                winner = seats[w]
                pts = 0
                for x in trick:
                    pts += pts_of[x]
                if number == total_tricks:
                    pts += rs.last_trick_bonus
                ws = side_of[winner]
                points[ws] += pts
                tricks_won[ws] += 1
                dr.tricks.append(TrickRecord(number, leader, seats, trick, winner, pts))
                leader = winner
                trick, seats = [], []
                number += 1
                if auto_end and gw.winner is None and gw.totals[ws] + points[ws] >= rs.target:
                    self.ended_game = ws  # mk4-26, bgn.md §9.13
        dr.card_points = list(points)
        if self.ended_game is not None:
            # mk4-26, bgn.md §9.13: card points so far, nothing else; made null
            rest = plays[played_count:]
            if rest and not gw.after_win_reported:
                gw.after_win_reported = True
                p = rest[0]
                self.flag("S603", p.pos, number, None,
                          f"{p.card} was played after side {gw.side_name(self.ended_game)} "
                          "had reached the target")
            dr.made = None
            return list(points)
        # the claim, or the play that stops short
        done = number - 1
        if claim is not None:
            return self.settle_claim(claim, hands, trick, seats, leader, number, points,
                                     tricks_won, bela_first, bela_done, caller_side, trump_k)
        if done < total_tricks:
            if not (self.is_last and self.gw.game.result == "*"):
                self.broken = True
                self.flag("D204", deal.play_pos, None, None,
                          f"the play stops after {len(plays)} cards with no claim")
            return None
        return self.settle(points, tricks_won, bela_done, bela_first, caller_side)

    def check_bela(self, play, seat: int, c: int, hand: int, trump_k, number: int,
                   bela_first: dict[int, int], bela_done: dict[int, int]) -> None:
        """bgn.md §9.5: ``bela`` on the first of K and Q of trump, played by a seat
        that still holds the other; ``rebela`` (optional) on the second."""
        ok = False
        if play.bela == "bela rebela":  # both on one card: the rebela is A503 (bgn-details §1)
            self.flag("A503", play.rebela_pos, number, seat,
                      "'bela rebela' on one card: rebela belongs on the second card of the pair")
        word = "bela" if play.bela.startswith("bela") else "rebela"
        if trump_k is not None and c in trump_k:
            other = trump_k[0] if c == trump_k[1] else trump_k[1]
            if word == "bela":
                ok = bool(hand & (1 << other)) and seat not in bela_first
                if ok:
                    bela_first[seat] = c
            else:  # rebela
                ok = bela_first.get(seat) == other and seat not in bela_done
        if not ok:
            self.flag("A503", play.bela_pos, number, seat,
                      f"'{word}' on {play.card}: " + (
                          "bela is announced with the first of the king and queen of trump, "
                          "by the seat that holds both"))

    def duty_message(self, code: str, seat: int, c: int, trick: list[int], hand: int, ct) -> str:
        led = SUIT_OF[trick[0]]
        card = CARD_TEXT[c]
        if code == "C401":
            held = " ".join(CARD_TEXT[x] for x in cards_in(hand & SUIT_MASK[led]))
            return f"seat {seat} did not follow {SUIT_NAMES[led]} while holding {held}"
        if code == "C402":
            held = " ".join(CARD_TEXT[x] for x in cards_in(hand & ct.trump_mask))
            return f"seat {seat} played {card} instead of a trump while holding {held}"
        if code == "C403":
            return f"seat {seat} played {card}, a trump too low, while holding a higher trump"
        return (f"seat {seat} played {card} without beating the best {SUIT_NAMES[led]} "
                "while holding a higher one")

    # ---------------------------------------------------------------- score
    def penalty(self, seat: int, caller_side: int) -> None:
        """mk4-22, bgn.md §9.7: the deal ends at the offending card; the other
        side scores 162, the offenders '-'; nothing else of the deal counts."""
        rs, dr = self.rs, self.dr
        offender = rs.side_of[seat]
        scores = [0] * rs.sides
        for s in range(rs.sides):
            if s != offender:
                scores[s] = rs.breach_penalty
        dr.penalty = True
        dr.made = offender != caller_side
        self.penalty_scores = scores

    def settle(self, points, tricks_won, bela_done, bela_first, caller_side) -> list[int]:
        """The end of a deal played out (yu4-37 … yu4-42, mk4-23 … mk4-25, bgn.md §9.11)."""
        rs, dr = self.rs, self.dr
        policy = rs.declarations
        totals = list(points)
        capot = [s for s in range(rs.sides) if tricks_won[s] == rs.tricks]
        bela_by_side = [0] * rs.sides
        for seat, pts in bela_done.items():
            bela_by_side[rs.side_of[seat]] += pts
        ds, dp = self.decl_side, self.decl_points
        if capot:
            cs = capot[0]
            dr.capot_side = cs
            totals[cs] += rs.capot_bonus
            if policy.capot_takes_all:  # yu4-38: all valid declarations and every bela
                if ds is not None:
                    totals[cs] += dp
                totals[cs] += sum(bela_by_side)
            else:
                if ds == cs:
                    totals[cs] += dp
                totals[cs] += bela_by_side[cs]
                if not rs.bela_needs_trick:
                    for s in range(rs.sides):
                        if s != cs:
                            totals[s] += bela_by_side[s]
        else:
            if ds is not None and (tricks_won[ds] or not rs.decl_needs_trick):
                totals[ds] += dp
            for s in range(rs.sides):
                if bela_by_side[s] and (tricks_won[s] or not rs.bela_needs_trick):
                    totals[s] += bela_by_side[s]
        dr.bela = dict(bela_done)
        dr.decl_points = dp if ds is not None else 0
        others = max(totals[s] for s in range(rs.sides) if s != caller_side)
        made = totals[caller_side] > others  # yu4-39/40, mk4-24: a tie fails
        dr.made = made
        if made:
            return totals
        scores = [0] * rs.sides
        opp = [s for s in range(rs.sides) if s != caller_side]
        scores[opp[0]] = sum(totals)  # yu4-42, mk4-25: the opponents take all
        return scores

    def settle_claim(self, claim, hands, trick, seats, leader, number, points, tricks_won,
                     bela_first, bela_done, caller_side, trump_k) -> list[int] | None:
        rs, dr, gw = self.rs, self.dr, self.gw
        side = rs.side_of[claim.seat] if 1 <= claim.seat <= self.n else 0
        turn = (leader - 1 + len(trick)) % self.n + 1
        done = number - 1
        if claim.what == "rest":
            if self.known and not claim_holds(hands, trick, seats, turn, side, rs, self.ct):
                self.flag("A505", claim.pos, number, claim.seat,
                          f"seat {claim.seat} cannot win every remaining trick against every "
                          "defence")
            # the claiming side takes every remaining trick (bgn.md §3.2)
            remaining = FULL_DECK
            for s_tr in dr.tricks:
                for x in s_tr.cards:
                    remaining &= ~(1 << x)
            rest_points = sum(self.ct.points[x] for x in cards_in(remaining))
            points = list(points)
            points[side] += rest_points + rs.last_trick_bonus
            tricks_won = list(tricks_won)
            tricks_won[side] += rs.tricks - done
            # a bela already announced counts when its seat still holds the other card
            for seat, first in bela_first.items():
                if seat not in bela_done:
                    other = trump_k[0] if first == trump_k[1] else trump_k[1]
                    if hands.get(seat, 0) & (1 << other):
                        bela_done[seat] = 20
            dr.card_points = list(points)
            return self.settle(points, tricks_won, bela_done, bela_first, caller_side)
        # claim game
        if not rs.claim_game:
            self.flag("A505", claim.pos, number, claim.seat,
                      f"'claim game' is not part of {rs.variant}")
            return self.settle_game_claim(points, bela_first, bela_done)
        if done == rs.tricks and not trick:
            scores = self.settle(points, tricks_won, bela_done, bela_first, caller_side)
            after = [gw.totals[i] + scores[i] for i in range(rs.sides)]
            if gw.decide(after) != side:
                self.flag("A505", claim.pos, number, claim.seat,
                          f"side {gw.side_name(side)} has not reached {rs.target}")
            return scores
        if rs.auto_end:
            self.flag("A505", claim.pos, number, claim.seat,
                      f"side {gw.side_name(side)} has not reached {rs.target} with a trick it won")
            return self.settle_game_claim(points, bela_first, bela_done)
        figures = self.settle_game_claim(points, bela_first, bela_done)
        if gw.totals[side] + figures[side] >= rs.target:
            self.ended_game = side
        else:
            self.flag("A505", claim.pos, number, claim.seat,
                      f"side {gw.side_name(side)} has {gw.totals[side] + figures[side]}, "
                      f"short of {rs.target}")
        return figures

    def settle_game_claim(self, points, bela_first, bela_done) -> list[int]:
        """bgn.md §9.14: card points of completed tricks (+10 for the 8th) plus bela
        already credited; no declarations, contract test or capot bonus."""
        rs, dr = self.rs, self.dr
        figures = list(points)
        credited = bela_first if rs.bela_credit_at_first else bela_done
        for seat in credited:
            figures[rs.side_of[seat]] += 20
        dr.made = None
        dr.bela = {seat: 20 for seat in credited}
        return figures

    # ------------------------------------------------------------ the sheet
    def compare_sheet(self, line: ScoreLine | None, engine: list, hang, code: str, what: str,
                      hang_checked: bool = True) -> None:
        """S601/S602: one finding per line, at the first differing number
        (bgn-details §3); ``-`` reads as 0, a missing ``hang`` as 0."""
        if line is None:
            return
        if len(line.values) != len(engine):
            self.flag(code, line.pos, None, None,
                      f"the {what} line has {len(line.values)} numbers, not {len(engine)}")
            return
        for i, (written, mine) in enumerate(zip(line.values, engine, strict=True)):
            w = written if written is not None else Decimal(0)
            if w != Decimal(str(mine)):
                pos = line.value_pos[i] if i < len(line.value_pos) else line.pos
                label = self.gw.side_name(i)
                self.flag(code, pos, None, None,
                          f"{what} for {'side' if self.rs.players == 4 else 'seat'} {label} "
                          f"is {mine}, not {w}")
                return
        if hang_checked:
            w = line.hang if line.hang is not None else Decimal(0)
            if w != Decimal(str(hang)):
                pos = line.hang_pos if line.hang is not None else line.pos
                self.flag(code, pos, None, None, f"hanging points are {hang}, not {w}")


__all__ = ["replay_game", "RANK_OF"]
