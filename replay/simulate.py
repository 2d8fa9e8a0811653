"""Whole legal games from simple heuristic players, for samples, tests and benchmarks.

The players bid on strength, follow the rules (the engine's own ``judge``, so
a simulated game replays clean), declare what they hold, and announce bela.
With ``violation_rate`` they sometimes break a rule on purpose (a revoke, a
missed ruff, a missed over-ruff, a false declaration, a wrong score), and
the record says what was injected in a comment on the card (or a game
comment for a wrong score), so tests can check the validator finds each one.

Deterministic for a seed: one ``random.Random`` drives everything.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from decimal import Decimal

from replay.cards import (
    CARD_TEXT,
    CONTRACT_TABLES,
    RANKS,
    SUIT_MASK,
    SUITS,
    TRUMP_POINTS,
    cards_in,
)
from replay.declarations import CARRE, RUN, Combo
from replay.engine import DealWalk, GameWalk
from replay.legality import judge, trick_winner
from replay.record import Call, Combination, Deal, Game, Play, ScoreLine
from replay.report import GameReport
from replay.ruleset import Ruleset, load_ruleset

SUPPORTED = ("yu4", "mk4")
INJECTABLE = ("C401", "C402", "C403", "A501", "S601")


def simulate_games(variant: str, games: int, seed: int, violation_rate: float = 0.0,
                   max_deals: int = 60) -> Iterator[Game]:
    """Yield ``games`` whole games of ``variant``, deterministic for ``seed``."""
    if variant not in SUPPORTED:
        raise ValueError(f"simulate supports {', '.join(SUPPORTED)}; not {variant}")
    rng = random.Random(seed)
    ruleset = load_ruleset(variant)
    for g in range(1, games + 1):
        yield _simulate_game(ruleset, rng, g, seed, violation_rate, max_deals)


def _simulate_game(rs: Ruleset, rng: random.Random, number: int, seed: int, rate: float,
                   max_deals: int) -> Game:
    names = ["Ana", "Boris", "Cveta", "Dragan", "Elena", "Filip", "Goran", "Hristina",
             "Ivan", "Jelena", "Kosta", "Ljuba", "Marko", "Nada", "Ognjen", "Petra"]
    players = rng.sample(names, rs.players)
    day = 1 + (number * 7 + seed) % 28
    tags = {"Variant": rs.variant, "Event": "Simulated club night", "Site": "belot simulate",
            "Date": f"2026.{1 + (number + seed) % 11:02d}.{day:02d}", "Round": str(number)}
    for i, p in enumerate(players, start=1):
        tags[f"Seat{i}"] = p
    tags["GameId"] = f"sim-{rs.variant}-{seed}-{number}"
    game = Game(tags=tags, index=number)
    report = GameReport(file=None, game=number, game_id=None, variant=rs.variant)
    gw = GameWalk(game, rs, report)
    dealer = rs.players
    for deal_no in range(1, max_deals + 1):
        deal, injected_score = _simulate_deal(rs, rng, deal_no, dealer, rate, game, gw.totals)
        game.deals.append(deal)
        dr = DealWalk(gw, deal, deal_no, is_last=False).run()
        score = [Decimal(v) for v in dr.score]
        written: list[Decimal | None] = list(score)
        if dr.made is False or dr.penalty:
            for s in range(rs.sides):
                if score[s] == 0:
                    written[s] = None  # '-' for the side that fell (mk4-25)
        if injected_score and deal.plays:
            written[0] = (written[0] or Decimal(0)) + 10
            game.comments.append(f"injected S601 in deal {deal_no}")
        deal.score = ScoreLine(written)
        deal.total = ScoreLine([Decimal(v) for v in dr.total])
        dealer = dealer % rs.players + 1  # A5: the deal rotates
        if gw.winner is not None:
            break
    game.result = "*" if gw.winner is None else gw.side_name(gw.winner)
    game.tags["Result"] = game.result
    return game


def _bid_strength(hand: int, suit: int) -> int:
    """Trump points held in a suit plus 10 per card: a crude measure of a trump suit."""
    cards = cards_in(hand & SUIT_MASK[suit])
    return sum(TRUMP_POINTS[c] for c in cards) + 10 * len(cards)


def _simulate_deal(rs: Ruleset, rng: random.Random, number: int, dealer: int, rate: float,
                   game: Game, totals: list[int]) -> tuple[Deal, bool]:
    n = rs.players
    deck = list(range(32))
    rng.shuffle(deck)
    first = [deck[i * rs.pre_bid:(i + 1) * rs.pre_bid] for i in range(n)]
    rest = deck[n * rs.pre_bid:]
    k = rs.hand_size - rs.pre_bid
    second = [rest[i * k:(i + 1) * k] for i in range(n)]
    order = [(dealer + i) % n + 1 for i in range(n)]
    deal = Deal(number=number, dealer=dealer)
    deal.hands = {}
    for i, seat in enumerate(order):
        deal.hands[seat] = [[CARD_TEXT[c] for c in sorted(first[i])],
                            [CARD_TEXT[c] for c in sorted(second[i])]]
    deal.hands = dict(sorted(deal.hands.items()))
    hands = {seat: sum(1 << c for c in first[i] + second[i]) for i, seat in enumerate(order)}
    pre = {seat: sum(1 << c for c in first[i]) for i, seat in enumerate(order)}

    # auction: the first seat whose best suit is strong enough names it
    calls: list[Call] = []
    trump = None
    caller = None
    threshold = 52 + rng.randint(-6, 6)
    for seat in order:
        best = max(range(4), key=lambda s, h=pre[seat]: _bid_strength(h, s))
        forced = rs.forced_dealer and seat == dealer
        if _bid_strength(pre[seat], best) >= threshold or forced:
            calls.append(Call(SUITS[best]))
            trump, caller = best, seat
            break
        calls.append(Call("pass"))
    deal.bids = calls
    if trump is None:
        deal.hands = {s: [d[0]] for s, d in deal.hands.items()}
        return deal, False

    inject = rng.random() < rate
    kind = rng.choice(INJECTABLE) if inject else None

    # declarations: every maximal run of 3+ and every carré worth points
    deal.declare = {}
    for seat in range(1, n + 1):
        combos = _combinations(hands[seat], rs, trump)
        if kind == "A501" and seat == caller:
            combos.append(_false_run(hands[seat]))
            game.comments.append(f"injected A501 in deal {number} seat {seat}")
            kind = "done"
        deal.declare[seat] = [Combination(c) for c in combos]

    deal.plays = _play_out(rs, rng, hands, order[0], trump, kind, totals)
    return deal, kind == "S601"


def _combinations(hand: int, rs: Ruleset, trump: int) -> list[str]:
    found: list[Combo] = []
    for s in range(4):
        run = 0
        for r in range(9):
            if r < 8 and (hand >> (s * 8 + r)) & 1:
                run += 1
                continue
            if run >= 3:
                found.append(Combo(RUN, run, r - 1, s, 0))
            run = 0
    for r in range(8):
        if all((hand >> (s * 8 + r)) & 1 for s in range(4)) and rs.declarations.carre_values[r]:
            found.append(Combo(CARRE, 4, r, -1, 0))
    found.sort(key=lambda c: rs.declarations.key(c, trump), reverse=True)
    return [c.text for c in found]


def _false_run(hand: int) -> str:
    """A tierce the seat does not hold."""
    for s in range(4):
        for top in range(2, 8):
            mask = sum(1 << (s * 8 + r) for r in range(top - 2, top + 1))
            if hand & mask != mask:
                return f"run3:{RANKS[top]}{SUITS[s]}"
    return "run3:9S"


def _play_out(rs: Ruleset, rng: random.Random, hands: dict[int, int], leader: int, trump: int,
              inject: str | None, totals: list[int]) -> list[Play]:
    n = rs.players
    ct = CONTRACT_TABLES[trump]
    plays: list[Play] = []
    queen, king = trump * 8 + 5, trump * 8 + 6
    announced: set[int] = set()
    won = [0] * rs.sides
    for number in range(1, rs.tricks + 1):
        trick: list[int] = []
        seats: list[int] = []
        for i in range(n):
            seat = (leader - 1 + i) % n + 1
            hand = hands[seat]
            legal, _ = judge(hand, -1, trick, seats, seat, ct, rs.duties, rs.side_of)
            card, note = -1, None
            if inject in ("C401", "C402", "C403") and trick:
                card = _breach(inject, hand, legal, trick, seats, seat, ct, rs)
                if card >= 0:
                    note, inject = f"injected {inject}", None
            if card < 0:
                card = _choose(rng, hand, legal, trick, seats, seat, ct, rs)
            bela = None
            if card in (queen, king) and seat not in announced:
                other = king if card == queen else queen
                if hand & (1 << other):
                    bela = "bela"
                    announced.add(seat)
            plays.append(Play(CARD_TEXT[card], bela=bela, comment=note))
            hands[seat] = hand & ~(1 << card)
            trick.append(card)
            seats.append(seat)
            if note and rs.breach_penalty:
                return plays  # mk4-22: the deal ends at the breach
        leader = seats[trick_winner(trick, ct)]
        side = rs.side_of[leader]
        won[side] += sum(ct.points[c] for c in trick) + (rs.last_trick_bonus
                                                         if number == rs.tricks else 0)
        if rs.auto_end and totals[side] + won[side] >= rs.target:
            return plays  # mk4-26: the game ends at this trick
    return plays


def _breach(code: str, hand: int, legal: int, trick: list[int], seats: list[int], seat: int,
            ct, rs: Ruleset) -> int:
    """A card that breaks exactly the duty ``code`` here, or -1 if none does."""
    for c in cards_in(hand & ~legal):
        _, got = judge(hand, c, trick, seats, seat, ct, rs.duties, rs.side_of)
        if got == code:
            return c
    return -1


def _choose(rng: random.Random, hand: int, legal: int, trick: list[int], seats: list[int],
            seat: int, ct, rs: Ruleset) -> int:
    """Win cheaply when possible, otherwise throw the least valuable card."""
    options = cards_in(legal)
    if not trick:
        if rng.random() < 0.3:
            return rng.choice(options)
        return max(options, key=lambda c: (ct.strength[c], rng.random()))
    winners = []
    for c in options:
        if trick_winner(trick + [c], ct) == len(trick):
            winners.append(c)
    partner_winning = rs.side_of[seats[trick_winner(trick, ct)]] == rs.side_of[seat]
    if winners and not partner_winning:
        return min(winners, key=lambda c: (ct.points[c], ct.strength[c]))
    if partner_winning:
        return max(options, key=lambda c: (ct.points[c] * (not (ct.trump_mask >> c) & 1),
                                           -ct.strength[c]))
    return min(options, key=lambda c: (ct.points[c], ct.strength[c]))


