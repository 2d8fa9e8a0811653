"""Whole legal games from simple heuristic players, for samples, tests and benchmarks.

The players bid on strength (a suit's trump points and length; aces and tens
for No trumps; jacks and nines for All trumps), follow the rules (the
engine's own ``judge``, so a simulated game replays clean), declare what they
hold, and announce bela.  The deal is scored by the engine's own deal walk, so
the sheet the simulator writes is the engine's; the hand-worked tests check
the scoring independently.

With ``violation_rate`` they sometimes break a rule on purpose (a revoke, a
missed ruff, a missed over-ruff, a false declaration, a wrong score), and the
record says what was injected in a comment on the card (or a game comment
for a declaration or a score), so tests can check the validator finds each one.

Deterministic for a seed: one ``random.Random`` drives everything.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from decimal import Decimal

from replay.engine.deal import DealWalk, GameWalk
from replay.engine.report import GameReport
from replay.engine.walk import walk_deal
from replay.model.cards import (
    ALL_TRUMPS,
    CARD_TEXT,
    CONTRACT_TABLES,
    NO_TRUMPS,
    PLAIN_POINTS,
    RANKS,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    TRUMP_POINTS,
    ContractTables,
    cards_in,
)
from replay.model.elements import Announce, Call, Combination, Exchange, Play
from replay.model.record import Deal, Game, ScoreLine
from replay.model.variants import table_facts
from replay.players import CardPlayer, Seating, Table, heuristic_card
from replay.rules.bidding import (
    HU_LADDER,
    LADDER_RANK,
    Contract,
    ForcedFirst,
    Hungarian,
    Ladder,
    Model,
    NameSuit,
    PointBids,
    TurnedCard,
    model_for,
    run_auction,
)
from replay.rules.declarations import CARRE, RUN, Combo, Contest
from replay.rules.exchange import ExchangeKind
from replay.rules.legality import judge, trick_winner
from replay.rules.policies import Auction
from replay.rules.ruleset import Ruleset
from replay.rules.rulesets import VARIANTS, load_ruleset
from replay.rules.tally import Points

SUPPORTED = tuple(VARIANTS)
INJECTABLE = ("C401", "C402", "C403", "A501", "S601")
KIND_CALL = ("S", "H", "D", "C", "NT", "AT")


def simulate_games(variant: str, games: int, seed: int, violation_rate: float = 0.0,
                   max_deals: int = 200, rules: str | None = None,
                   target: str | None = None) -> Iterator[Game]:
    """Yield ``games`` whole games of ``variant``, deterministic for ``seed``."""
    if variant not in SUPPORTED:
        raise ValueError(f"simulate supports {', '.join(SUPPORTED)}; not {variant}")
    if target is None:
        target = _default_target(variant)
    rng = random.Random(seed)
    ruleset = load_ruleset(variant, rules, target)
    for g in range(1, games + 1):
        yield _simulate_game(ruleset, rng, g, seed, violation_rate, max_deals, rules, target)


def simulate_game(variant: str, number: int, seed: int, seating: Seating,
                  max_deals: int = 200) -> Game:
    """One whole legal game of ``variant`` at a given table (names and card players),
    deterministic for ``seed``: the league's building block (``replay.league``)."""
    rs = load_ruleset(variant, None, _default_target(variant))
    return _simulate_game(rs, random.Random(seed), number, seed, 0.0, max_deals, None,
                          _default_target(variant), seating)


def _default_target(variant: str) -> str | None:
    """fr4, bg3, bg2, ru-pair have no default target: the record says which."""
    if table_facts(variant).default_target is None:
        return str(VARIANTS[variant].sample_target)
    return None


def _simulate_game(rs: Ruleset, rng: random.Random, number: int, seed: int, rate: float,
                   max_deals: int, rules: str | None, target: str | None,
                   seating: Seating | None = None) -> Game:
    """One whole game; ``seating`` names the seats and says who chooses their cards
    (by default names drawn from a club list and the heuristic player everywhere)."""
    if seating is None:
        names = ["Ana", "Boris", "Cveta", "Dragan", "Elena", "Filip", "Goran", "Hristina",
                 "Ivan", "Jelena", "Kosta", "Ljuba", "Marko", "Nada", "Ognjen", "Petra"]
        players = rng.sample(names, rs.players)
    else:
        players = list(seating.names)
    day = 1 + (number * 7 + seed) % 28
    tags = {"Variant": rs.variant, "Event": "Simulated club night", "Site": "belot simulate",
            "Date": f"2026.{1 + (number + seed) % 11:02d}.{day:02d}", "Round": str(number)}
    for i, p in enumerate(players, start=1):
        tags[f"Seat{i}"] = p
    if target is not None:
        tags["Target"] = target
    if rules:
        tags["Rules"] = rules
    tags["GameId"] = f"sim-{rs.variant}-{seed}-{number}"
    game = Game(tags=tags, index=number)
    report = GameReport(file=None, game=number, game_id=None, variant=rs.variant)
    gw = GameWalk(game, rs, report)
    dealer = rs.players
    for deal_no in range(1, max_deals + 1):
        deal, injected_score = _simulate_deal(rs, rng, deal_no, dealer, rate, game, gw.totals,
                                              seating)
        game.deals.append(deal)
        dr = walk_deal(DealWalk(gw, deal, deal_no, is_last=False))
        score = [Decimal(v) for v in dr.score]
        written: list[Decimal | None] = list(score)
        if dr.made is False or dr.penalty:
            for s in range(rs.sides):
                if score[s] == 0:
                    written[s] = None  # '-' for the side that fell (mk4-25, bg4-43)
        if injected_score and deal.plays:
            written[0] = (written[0] or Decimal(0)) + 10
            game.comments.append(f"injected S601 in deal {deal_no}")
        deal.score = ScoreLine(written, hang=Decimal(dr.hang) if dr.hang else None)
        deal.total = ScoreLine([Decimal(v) for v in dr.total])
        dealer = dealer % rs.players + 1  # A5: the deal rotates
        if gw.winner is not None:
            break
    game.result = "*" if gw.winner is None else gw.side_name(gw.winner)
    game.tags["Result"] = game.result
    return game


# ------------------------------------------------------------------- bidding
def _suit_strength(hand: int, suit: int) -> int:
    """Trump points held in a suit plus 10 per card: a crude measure of a trump suit."""
    cards = cards_in(hand & SUIT_MASK[suit])
    return sum(TRUMP_POINTS[c] for c in cards) + 10 * len(cards)


def _strength(hand: int, kind: int, cards: int) -> float:
    """A hand's strength for a contract, scaled to a hand of ``cards`` cards."""
    s: float
    if kind < 4:
        s = _suit_strength(hand, kind)
    elif kind == NO_TRUMPS:
        s = sum(PLAIN_POINTS[c] for c in cards_in(hand)) + 0.8 * sum(
            11 for c in cards_in(hand) if RANKS[c & 7] == "A")
    else:
        s = sum(TRUMP_POINTS[c] for c in cards_in(hand)) * 0.9
    return s * 8 / max(cards, 1)


def _auction(rs: Ruleset, rng: random.Random, order: list[int], dealer: int, pre: dict[int, int],
             turned: int | None) -> list[Call]:
    """Calls that the variant's auction model accepts, from strength and a little chance."""
    n = rs.players
    model = model_for(rs, order, dealer, SUIT_OF[turned] if turned is not None else None, 99)
    calls: list[Call] = []
    nerve = rng.randint(-6, 6)
    turn = 0
    while not model.done() and turn < 6 * n:
        seat = order[turn % n]
        turn += 1
        call = _choose_call(rs, rng, model, seat, dealer, pre[seat], turned, nerve)
        why = model.allow(seat, call)
        if why is not None:  # never happens for the calls chosen, but stay legal
            model.count_pass(seat)
            call = "pass"
        calls.append(Call(call))
    while calls and calls[-1].call == "pass" and model.contract() is not None:
        calls.pop()  # trailing passes are implied (docs/bgn/reading.md bids)
    return calls


def _choose_call(rs: Ruleset, rng: random.Random, model: Model, seat: int, dealer: int, hand: int,
                 turned: int | None, nerve: int) -> str:
    """A call for ``seat`` holding ``hand`` (its first delivery), by the auction model."""
    return _CALLERS[rs.auction.model](rs, rng, model, seat, dealer, hand, turned, nerve)


def _name_suit_call(rs: Ruleset, rng: random.Random, model: NameSuit, seat: int,
                    dealer: int, hand: int, turned: int | None, nerve: int) -> str:
    cards = rs.pre_bid
    best = max(range(4), key=lambda s: _suit_strength(hand, s))
    forced = rs.auction.forced_dealer and seat == dealer
    if _strength(hand, best, cards) * cards / 8 >= 52 + nerve or forced:
        return SUITS[best]
    return "pass"


def _forced_first_call(rs: Ruleset, rng: random.Random, model: ForcedFirst, seat: int, dealer: int,
                       hand: int, turned: int | None, nerve: int) -> str:
    return SUITS[max(range(4), key=lambda x: _suit_strength(hand, x))]


def _turned_call(rs: Ruleset, rng: random.Random, model: TurnedCard, seat: int,
                 dealer: int, hand: int, turned: int | None, nerve: int) -> str:
    cards = rs.pre_bid
    assert turned is not None  # a turned-card auction always has its card
    suit = SUIT_OF[turned]
    if model.round == 1:
        s = _strength(hand | (1 << turned), suit, cards + 1)
        return "take" if s >= 62 + nerve else "pass"
    others = [x for x in range(4) if x != suit]
    best = max(others, key=lambda x: _suit_strength(hand, x))
    return SUITS[best] if _strength(hand, best, cards) >= 66 + nerve else "pass"


def _ladder_call(rs: Ruleset, rng: random.Random, model: Ladder, seat: int, dealer: int, hand: int,
                 turned: int | None, nerve: int) -> str:
    cards = rs.pre_bid
    best_kind = max(range(6), key=lambda k: _strength(hand, k, cards) - 8 * (k >= 4))
    s = _strength(hand, best_kind, cards) - 8 * (best_kind >= 4)
    current = model.best
    if current is not None and rs.side_of[current.seat] != rs.side_of[seat]:
        mine = _strength(hand, current.kind, cards)
        if current.double == 1 and mine >= 70 and rng.random() < 0.3:
            return "X"
    if current is not None and current.double == 2 \
            and rs.side_of[current.seat] == rs.side_of[seat] and rng.random() < 0.15:
        return "XX"
    name = KIND_CALL[best_kind]
    if s >= 58 + nerve and (current is None or LADDER_RANK[name] > LADDER_RANK[
            KIND_CALL[current.kind]]):
        return name
    return "pass"


def _point_call(rs: Ruleset, rng: random.Random, model: PointBids, seat: int,
                dealer: int, hand: int, turned: int | None, nerve: int) -> str:
    """Contrée's point bids."""
    cards = rs.pre_bid
    best = max(range(4), key=lambda x: _suit_strength(hand, x))
    s = _strength(hand, best, cards)
    worth = int((s - 20) / 10) * 10 + 40 + nerve // 3 * 10
    current = model.best
    if current is not None and current.double == 1 \
            and rs.side_of[current.seat] != rs.side_of[seat]:
        if _strength(hand, current.kind, cards) >= 60 and (current.value or 0) >= 100 \
                and rng.random() < 0.3:
            return "X"
    if current is not None and current.double == 2 \
            and rs.side_of[current.seat] == rs.side_of[seat] and rng.random() < 0.2:
        return "XX"
    if current is not None and current.double > 1:
        return "pass"
    floor = 80 if current is None else (current.value or 0) + 10
    if worth >= floor and floor <= 160 and (current is None or rs.side_of[current.seat]
                                            != rs.side_of[seat] or worth >= floor + 20):
        return f"{min(floor, 160)}{SUITS[best]}"
    return "pass"


def _hungarian_call(rs: Ruleset, rng: random.Random, model: Hungarian, seat: int, dealer: int,
                    hand: int, turned: int | None, nerve: int) -> str:
    cards = rs.pre_bid
    assert turned is not None  # a Hungarian auction always has its turned card
    if model.phase == "r1":
        s = _strength(hand | (1 << turned), SUIT_OF[turned], cards + 1)
        return "take" if s >= 64 + nerve else "pass"
    if model.phase == "r2":
        options = [x for x in ("S", "D", "C", "H", "NT") if x not in SUITS
                   or SUITS.index(x) != SUIT_OF[turned]]
        best = max(options, key=lambda x: _strength(hand, KIND_CALL.index(x), cards))
        s = _strength(hand, KIND_CALL.index(best), cards)
        higher = model.best is None or HU_LADDER[best] > HU_LADDER[model._name()]
        return best if s >= 66 + nerve and higher else "pass"
    if model.phase == "kontra":
        kind = model.standing().kind
        s = _strength(hand, kind if kind < 4 else 4, cards)
        return "X" if s >= 72 and rng.random() < 0.4 else "pass"
    return "XX" if rng.random() < 0.2 else "pass"


#: the simulated players' bidding, by auction model
_CALLERS: dict[Auction, Callable[..., str]] = {
    Auction.NAME_SUIT: _name_suit_call,
    Auction.FORCED_FIRST: _forced_first_call,
    Auction.TURNED: _turned_call,
    Auction.LADDER: _ladder_call,
    Auction.POINTS: _point_call,
    Auction.HUNGARIAN: _hungarian_call,
}


# ---------------------------------------------------------------------- deal
def _simulate_deal(rs: Ruleset, rng: random.Random, number: int, dealer: int, rate: float,
                   game: Game, totals: list[Points],
                   seating: Seating | None = None) -> tuple[Deal, bool]:
    n = rs.players
    facts = table_facts(rs.variant)
    deck = cards_in(rs.deck)
    rng.shuffle(deck)
    order = [(dealer + i) % n + 1 for i in range(n)]
    first = {seat: deck[i * rs.pre_bid:(i + 1) * rs.pre_bid] for i, seat in enumerate(order)}
    rest = deck[n * rs.pre_bid:]
    turned = rest.pop(0) if facts.turn else None
    pre = {seat: sum(1 << c for c in cards) for seat, cards in first.items()}
    deal = Deal(number=number, dealer=dealer)
    if turned is not None:
        deal.turn = CARD_TEXT[turned]
    deal.bids = _auction(rs, rng, order, dealer, pre, turned)
    model = model_for(rs, order, dealer, SUIT_OF[turned] if turned is not None else None, 99)
    contract: Contract | None = run_auction(model, deal.bids, order, rs.side_of).contract
    if contract is None:
        deal.hands = {s: [[CARD_TEXT[c] for c in sorted(first[s])]] for s in sorted(first)}
        return deal, False
    second: dict[int, list[int]] = {}
    for seat in order:
        k = rs.hand_size - rs.pre_bid + (rs.caller_extra if seat == contract.seat else 0)
        if turned is not None and rs.turn_to_taker and seat == contract.seat:
            second[seat] = [turned] + rest[:k - 1]
            rest = rest[k - 1:]
        else:
            second[seat] = rest[:k]
            rest = rest[k:]
    if facts.talon and rest:
        deal.talon = [CARD_TEXT[c] for c in rest]
    deal.hands = {s: [[CARD_TEXT[c] for c in sorted(first[s])],
                      [CARD_TEXT[c] for c in sorted(second[s])]] if second[s] else
                  [[CARD_TEXT[c] for c in sorted(first[s])]] for s in sorted(first)}
    hands = {s: pre[s] | sum(1 << c for c in second[s]) for s in first}
    kind_of_play = contract.kind

    if rs.auction.model is Auction.HUNGARIAN:
        strength = _strength(pre[contract.seat], contract.kind, rs.pre_bid)
        if strength >= 80 and rng.random() < 0.5:
            deal.announce.append(Announce(contract.seat, ["absolut"], "bids"))
    deal.exchange = _exchange(rs, rng, contract, hands, turned, rest) or None

    inject = rng.random() < rate
    kind = rng.choice(INJECTABLE) if inject else None

    if rs.declarations.contest is not Contest.NONE:
        deal.declare = {}
        for seat in range(1, n + 1):
            combos = _combinations(hands[seat], rs, contract.kind)
            if kind == "A501" and seat == contract.seat:
                combos.append(_false_run(hands[seat]))
                game.comments.append(f"injected A501 in deal {number} seat {seat}")
                kind = "done"
            deal.declare[seat] = [Combination(c) for c in combos]
    elif kind == "A501":
        kind = None

    players = seating.players if seating is not None else {}
    deal.plays = _play_out(rs, rng, hands, order[0], kind_of_play, kind, totals,
              Table(rs, game, deal, contract.seat, kind_of_play, hands), players)
    return deal, kind == "S601"


def _exchange(rs: Ruleset, rng: random.Random, contract: Contract, hands: dict[int, int],
              turned: int | None, stock: list[int]) -> list[Exchange]:
    """What the seats exchange, carried out on ``hands``: the yu3 soloist lays away his
    two cheapest cards; the ru3 holder of the trump seven swaps it; in hu the holder of
    the required card swaps, takes the trumps on top of the stock and discards as many."""
    if rs.exchange is ExchangeKind.NONE:
        return []
    return _EXCHANGERS[rs.exchange](contract, hands, turned, stock)


def _discard(contract: Contract, hands: dict[int, int], turned: int | None,
             stock: list[int]) -> list[Exchange]:
    """yu3: the soloist lays away his two cheapest cards."""
    ct = CONTRACT_TABLES[contract.kind]
    hand = hands[contract.seat]
    cheap = sorted(cards_in(hand), key=lambda c: (ct.points[c], ct.strength[c]))[:2]
    hands[contract.seat] = hand & ~((1 << cheap[0]) | (1 << cheap[1]))
    return [Exchange(contract.seat, "discard", [CARD_TEXT[c] for c in cheap])]


def _seven_swap(contract: Contract, hands: dict[int, int], turned: int | None,
                stock: list[int]) -> list[Exchange]:
    """ru3: the holder of the trump seven swaps it for the turned card."""
    trump = contract.kind
    if contract.round == 1 and trump < 4 and turned is not None:
        seven = trump * 8
        for seat, hand in hands.items():
            if hand >> seven & 1 and turned != seven:
                hands[seat] = (hand & ~(1 << seven)) | (1 << turned)
                return [Exchange(seat, "swap", [CARD_TEXT[seven]])]
    return []


def _hungarian_swap(contract: Contract, hands: dict[int, int], turned: int | None,
                    stock: list[int]) -> list[Exchange]:
    """hu: the holder of the required card swaps it, takes the trumps on top of the
    stock and discards as many."""
    ct = CONTRACT_TABLES[contract.kind]
    trump = contract.kind
    if contract.round == 1 and trump < 4 and turned is not None:
        visible = {turned, stock[0] if stock else None}
        need = trump * 8
        while need in visible and need < trump * 8 + 2:
            need += 1
        for seat, hand in hands.items():
            if not hand >> need & 1:
                continue
            hand = (hand & ~(1 << need)) | (1 << turned)
            out = [Exchange(seat, "swap", [CARD_TEXT[need]])]
            taken = []
            for c in stock:
                if SUIT_OF[c] != trump:
                    break
                taken.append(c)
            if taken:
                for c in taken:
                    hand |= 1 << c
                cheap = sorted((c for c in cards_in(hand) if SUIT_OF[c] != trump),
                               key=lambda c: (ct.points[c], c))[:len(taken)]
                if len(cheap) < len(taken):
                    cheap = sorted(cards_in(hand), key=lambda c: (ct.points[c], c))[:len(taken)]
                for c in cheap:
                    hand &= ~(1 << c)
                out.append(Exchange(seat, "take", [CARD_TEXT[c] for c in taken]))
                out.append(Exchange(seat, "discard", [CARD_TEXT[c] for c in cheap]))
            hands[seat] = hand
            return out
    return []


#: the simulated exchange of each ``ExchangeKind`` but NONE
_EXCHANGERS: dict[ExchangeKind, Callable[..., list[Exchange]]] = {
    ExchangeKind.DISCARD: _discard,
    ExchangeKind.SEVEN_SWAP: _seven_swap,
    ExchangeKind.HUNGARIAN: _hungarian_swap,
}


def _combinations(hand: int, rs: Ruleset, kind: int) -> list[str]:
    """Every maximal run of 3+ and every carré worth points; none in No trumps.
    Where a card may serve one declaration only (bg4-32), the carré goes first."""
    if kind == NO_TRUMPS:
        return []
    trump = kind if kind < 4 else -1
    pol = rs.declarations
    found: list[Combo] = []
    used = 0
    for r in range(8):
        mask = sum(1 << (s * 8 + r) for s in range(4))
        if hand & mask == mask and pol.carre_values[r]:
            found.append(Combo(CARRE, 4, r, -1, mask))
            used |= mask
    free = hand if pol.run_and_carre_share else hand & ~used
    for s in range(4):
        run = 0
        for r in range(9):
            if r < 8 and (free >> (s * 8 + r)) & 1:
                run += 1
                continue
            if run >= 3:
                found.append(Combo(RUN, run, r - 1, s, 0))
            run = 0
    found.sort(key=lambda c: pol.key(c, trump), reverse=True)
    return [c.text for c in found]


def _false_run(hand: int) -> str:
    """A tierce the seat does not hold."""
    for s in range(4):
        for top in range(2, 8):
            mask = sum(1 << (s * 8 + r) for r in range(top - 2, top + 1))
            if hand & mask != mask:
                return f"run3:{RANKS[top]}{SUITS[s]}"
    return "run3:9S"


# ---------------------------------------------------------------------- play
def _play_out(rs: Ruleset, rng: random.Random, hands: dict[int, int], leader: int, kind: int,
              inject: str | None, totals: list[Points], table: Table,
              players: dict[int, CardPlayer]) -> list[Play]:
    """Play the deal out (the cards, also in ``table.deal.plays`` as they come): a seat
    of ``players`` chooses by its player, every other seat by the heuristic."""
    n = rs.players
    ct = CONTRACT_TABLES[kind]
    plays: list[Play] = []
    table.deal.plays = plays  # the record so far, for a player that reads it
    bela_suits = [kind] if kind < 4 else (list(range(4)) if kind == ALL_TRUMPS else [])
    announced: set[tuple[int, int]] = set()
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
            if card < 0 and seat in players:
                table.trick, table.seats, table.seat, table.legal = trick, seats, seat, legal
                card = players[seat].choose(table)
            if card < 0:
                card = heuristic_card(rng, hand, legal, trick, seats, seat, ct, rs)
            bela = None
            suit = SUIT_OF[card]
            if suit in bela_suits and RANKS[card & 7] in "QK" and (seat, suit) not in announced \
                    and not rs.bela.auto:
                if hand & (1 << (card ^ 3)) and _bela_allowed(rs, ct, trick, card):
                    bela = "bela"
                    announced.add((seat, suit))
            plays.append(Play(CARD_TEXT[card], bela=bela, comment=note))
            hands[seat] = hand & ~(1 << card)
            trick.append(card)
            seats.append(seat)
            if note and rs.breach_penalty:
                return plays  # mk4-22, bg4-49: the deal ends at the breach
        leader = seats[trick_winner(trick, ct)]
        side = rs.side_of[leader]
        table.won |= 1 << side
        won[side] += sum(ct.points[c] for c in trick) + (rs.last_trick_bonus
                                                         if number == rs.tricks else 0)
        if rs.auto_end and totals[side] + won[side] >= rs.target:
            return plays  # mk4-26: the game ends at this trick
    return plays


def _bela_allowed(rs: Ruleset, ct: ContractTables, trick: list[int], card: int) -> bool:
    """bg4-38: a lead, a follow, or a ruff in a suit contract; never a discard."""
    if not rs.bela.not_on_discard or not trick:
        return True
    return SUIT_OF[card] == SUIT_OF[trick[0]] or (ct.kind < 4 and SUIT_OF[card] == ct.kind)


def _breach(code: str, hand: int, legal: int, trick: list[int], seats: list[int], seat: int,
            ct: ContractTables, rs: Ruleset) -> int:
    """A card that breaks exactly the duty ``code`` here, or -1 if none does."""
    for c in cards_in(hand & ~legal):
        _, got = judge(hand, c, trick, seats, seat, ct, rs.duties, rs.side_of)
        if got == code:
            return c
    return -1
