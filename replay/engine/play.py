"""The play: every card of a deal checked against the play duties
(``replay.rules.legality``), the tricks, their winners and points, the bela words,
the end of the deal at a breach (mk4-22), at the target reached (mk4-26), at
the soloist's first trick in Betl (hu3-19) or at a claim."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from replay.engine.claims import settle_claim
from replay.engine.deal import DealWalk
from replay.engine.report import NO_CARDS, SEATS_FROM, PlayedCards
from replay.engine.score import breach_score, points_so_far, settle
from replay.model.cards import CARD_INDEX, CARD_TEXT, CONTRACT_TABLES, SUIT_MASK
from replay.model.elements import Play, Pos
from replay.model.lanes import PlayLane
from replay.rules.bela import BELA_CARDS, BelaBook, wrong_word
from replay.rules.bidding import Contract
from replay.rules.legality import trick_winner, verify_card
from replay.rules.policies import Auction
from replay.rules.tally import DealScore

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


def assign_plays(dw: DealWalk, kind: int) -> None:
    """Attribute every written card to the seat whose turn it was (by position)."""
    n, ct = dw.n, CONTRACT_TABLES[kind]
    dw.played_by = {}
    cards = card_stream(dw.deal.plays or [], n)[0]
    leader = dw.first
    trick: list[int] = []
    seen = 0
    for k, c in enumerate(cards):
        seat = (leader - 1 + k % n) % n + 1
        if not (seen >> c) & 1:
            dw.played_by[seat] = dw.played_by.get(seat, 0) | (1 << c)
            seen |= 1 << c
        trick.append(c)
        if len(trick) == n:
            leader = (leader - 1 + trick_winner(trick, ct)) % n + 1
            trick = []


def play_cards(dw: DealWalk, contract: Contract) -> DealScore | None:
    """Replay the cards; returns the deal's DealScore (None when broken)."""
    deal, rs, dr, gw = dw.deal, dw.rs, dw.dr, dw.gw
    n = dw.n
    ct = dw.ct
    kind = dw.play_kind
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
        h = dw.full_hand(s)
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
    leader = dw.first
    number = 1
    claim = deal.claim
    claim_at = claim.after_play if claim else None
    total_tricks = rs.tricks
    if dw.game_won_by_run8 is not None:
        # docs/bgn/replay.md §16: the deal ends when the run is declared; cards are not replayed
        if cards and not gw.after_win_reported:
            gw.after_win_reported = True
            dw.flag("S603", pos_of(0), 1, None,
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
    betl = dw.betl
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
        suit = c >> 3  # SUIT_OF[c]: a card is its suit * 8 + its rank (replay.model.cards)
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
            dw.flag("C405", play.pos, number, seat, f"{play.card} played out of turn: {why}")
        elif not hand & bit:
            code = "D203"
            dw.flag("D203", pos_of(k), number, seat,
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
                dw.flag(code, pos_of(k), number, seat, breach.message)
        # bela / rebela (a token of its own: docs/bgn/replay.md §5); until a
        # word is written no pair can be announced, so there is no book to keep
        if play is not None and play.bela is not None and belas is None:
            belas = dw.belas = BelaBook(rs.bela, dw.hand)
        if belas_of >> c & 1:
            if belas is not None:
                for where, why in belas.play(play or _BARE, seat, c, hand, cards[k - p:k],
                                             ct):
                    dw.flag("A503", where, number, seat, why)
        elif play is not None and play.bela is not None:
            where, why = wrong_word(play)
            dw.flag("A503", where, number, seat, why)
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
                    dw.soloist_last = wc
            leader = winner
            turn_seats = seat_at[leader]
            p = pts = 0
            number += 1
            if auto_end and gw.winner is None and gw.totals[ws] + points[ws] >= rs.target:
                dw.ended_game = ws  # mk4-26, docs/bgn/replay.md §13
                break
            if betl and winner == soloist:
                break  # hu3-19: play stops at the soloist's first trick
    dw.soloist_won = won_by_soloist
    dr.played = PlayedCards(cards, n, dw.first, NO_CARDS if illegal is None else illegal,
                            marked, k, winners, trick_points)
    if breach_seat:
        return breach_score(dw, breach_seat, caller_side, kind)
    played_count = k
    dr.card_points.extend(points)  # the report's own empty list, filled
    if dw.ended_game is not None:
        # mk4-26, docs/bgn/replay.md §13: card points so far, nothing else; made null
        if played_count < len(cards) and not gw.after_win_reported:
            gw.after_win_reported = True
            dw.flag("S603", pos_of(played_count), number, None,
                    f"{CARD_TEXT[cards[played_count]]} was played after side "
                    f"{gw.side_name(dw.ended_game)} had reached the target")
        return points_so_far(dw, points, None)
    if claim is not None:
        hands = {s: held[s] & ~gone for s in range(1, n + 1)}
        settled = settle_claim(dw, claim, hands, cards[k - p:k], turn_seats[:p], leader,
                                    number, points, tricks_won, caller_side, contract)
        claimed = dw.claimed_game()
        if claimed is not None and limit < len(cards) and not gw.after_win_reported:
            # docs/bgn/replay.md §15: cards written after a true 'claim game' are
            # play after the game was won; they are not replayed
            gw.after_win_reported = True
            dw.flag("S603", pos_of(limit), limit // n + 1, None,
                    f"{CARD_TEXT[cards[limit]]} was played after "
                    f"{gw.side_label(claimed)} had claimed the game")
        return settled
    betl_stop = dw.betl and tricks_won[caller_side] > 0
    if number - 1 < total_tricks and not betl_stop:
        if not (dw.is_last and gw.game.result == "*"):
            dw.broken = True
            dw.flag("D204", deal.play_pos, None, None,
                    f"the play stops after {len(cards)} cards with no claim")
        return None
    return settle(dw, points, tricks_won, caller_side, contract)
