"""Deals played by colver's bots, written as BGN ``contree`` records, and compared with our engine.

colver 0.11.1 (PyPI; a Rust Belote contrée engine with bots) plays the rules of
the contrée rules (docs/rules/contree.md); see ``docs/colver-notes.md`` for its API.  This
module plays deals with its bots, keeps everything colver says about them (the
legal calls and cards at every step, the trick winners, the card points, the deal
score) and writes each deal as a one-deal BGN game.  :func:`compare` replays that
record through our reader and engine and lists every disagreement.

colver accepts illegal moves, so only actions from ``legal_actions()`` are played:
the records hold no violation, and any finding of our engine is a disagreement.

Seats: colver's player ``p`` (0..3, turn order 0 → 1 → 2 → 3, teams NS = 0+2 and
EW = 1+3) is BGN seat ``p + 1`` and colver's dealer ``d`` is BGN dealer ``d + 1``,
so the seat after the dealer calls and leads first, and side A (seats 1, 3) is
colver's NS team, side B (seats 2, 4) its EW team.

Run ``python tests/support/colver_bridge.py 2000`` to compare 2000 deals from the command
line (``--show`` prints the record of every deal with a disagreement).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import colver  # noqa: E402

from replay.model.cards import CARD_INDEX, CARD_TEXT  # noqa: E402

COLVER_VERSION = "0.11.1"

#: colver's card index is suit * 8 + rank with suits S H D C (as ours) and ranks
#: in the order 7 8 9 J Q K T A (ours: 7 8 9 T J Q K A)
_COLVER_RANKS = "789JQKTA"
FROM_COLVER: tuple[int, ...] = tuple(
    CARD_INDEX[_COLVER_RANKS[i & 7] + "SHDC"[i >> 3]] for i in range(32)
)
TO_COLVER: dict[int, int] = {ours: i for i, ours in enumerate(FROM_COLVER)}

#: colver's bidding actions: 0 pass, 1..36 = 80S 80H 80D 80C 90S … 160C, 37..40 capot
#: S H D C, 41 coinche, 42 surcoinche
BID_ACTIONS = 43


def call_text(action: int) -> str:
    """colver bidding action → BGN call."""
    if action == 0:
        return "pass"
    if 1 <= action <= 36:
        return f"{80 + 10 * ((action - 1) // 4)}{'SHDC'[(action - 1) % 4]}"
    if 37 <= action <= 40:
        return f"capot{'SHDC'[action - 37]}"
    if action == 41:
        return "X"
    if action == 42:
        return "XX"
    raise ValueError(f"not a colver bidding action: {action}")


ALL_CALLS: tuple[str, ...] = tuple(call_text(a) for a in range(BID_ACTIONS))

#: bot names per phase (colver Env methods); "random" passes half the time, else
#: picks uniformly among legal_actions(); "passive" always passes; a stacked deal's
#: strong seat is "ambitious" (see play_deal)
BIDDERS = ("bid_improved", "bid_maxi", "bid_improved_v1", "random", "passive")
BIDDER_WEIGHTS = (35, 25, 10, 22, 8)
PLAYERS = ("action_heuristic_play", "action_maxi_play", "random")
PLAYER_WEIGHTS = (40, 30, 30)


def mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@dataclass(slots=True)
class CallStep:
    seat: int  # BGN seat
    legal: frozenset[str]  # colver's legal calls here
    call: str  # the call made


@dataclass(slots=True)
class CardStep:
    seat: int  # BGN seat
    hand: int  # our card mask held before playing
    trick: list[int]  # our cards already in the trick
    trick_seats: list[int]  # their BGN seats
    legal: int  # colver's legal cards, as our mask
    card: int  # our card played


@dataclass(slots=True)
class ColverDeal:
    """One deal as colver played and scored it, in BGN terms (seats 1..4, sides A, B)."""

    seed: int
    dealer: int
    hands: dict[int, list[int]]  # BGN seat -> our cards
    calls: list[CallStep] = field(default_factory=list)
    cards: list[CardStep] = field(default_factory=list)
    #: the contract: (value, trump suit 0..3, taker side 0/1, multiplier 1/2/3), None if passed out
    contract: tuple[int, int, int, int] | None = None
    #: winner of each trick: BGN seat (colver's next leader), or None for the 8th trick,
    #: whose winner colver shows only as a side (get_trick_lead() stays on the last leader)
    trick_winners: list[int | None] = field(default_factory=list)
    trick_sides: list[int] = field(default_factory=list)  # 0 = A, 1 = B, from get_tricks_won()
    trick_points: list[int] = field(default_factory=list)  # incl. the last-trick bonus
    card_points: list[int] = field(default_factory=lambda: [0, 0])  # [A, B]
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    belote: list[int] = field(default_factory=lambda: [0, 0])  # belote_final(): 0 or 20
    score: list[int] = field(default_factory=lambda: [0, 0])  # rewards(): the deal score
    made: bool | None = None
    #: the seat holding the trump Q and K, if any, and whether the record marks it `bela`
    bela_seat: int | None = None
    bela_token: bool = False
    policies: str = ""

    @property
    def trick_cards(self) -> list[list[int]]:
        return [[s.card for s in self.cards[i:i + 4]] for i in range(0, len(self.cards), 4)]


#: colver card indices of one suit from the strongest trump down (J 9 A T K Q 8 7)
def _trump_order(suit: int) -> list[int]:
    return [suit * 8 + _COLVER_RANKS.index(r) for r in "J9ATKQ87"]


def _stacked_hands(rng: random.Random, strong: int, trump: int) -> list[list[int]]:
    """Hands where the side of player ``strong`` holds the top trumps and aces (and
    maybe tens): the deals where capots are bid and made, or taken by the defence."""
    top = _trump_order(trump) + [s * 8 + 7 for s in range(4) if s != trump] \
        + [s * 8 + 6 for s in range(4) if s != trump]
    n_top = rng.randint(9, len(top))
    side = top[:n_top]
    rest = [c for c in range(32) if c not in side]
    rng.shuffle(rest)
    side += rest[:16 - n_top]
    rest = rest[16 - n_top:]
    rng.shuffle(side)
    assert len(side) == 16 and len(rest) == 16  # deal_with_hands() checks nothing
    hands: list[list[int]] = [[], [], [], []]
    hands[strong], hands[(strong + 2) % 4] = side[:8], side[8:]
    hands[(strong + 1) % 4], hands[(strong + 3) % 4] = rest[:8], rest[8:]
    return hands


def play_deal(seed: int, bela_token: bool | None = None) -> ColverDeal:
    """Deal and play out one deal with colver's bots; the same seed, the same deal.

    Most seeds deal with ``colver.Env.deal(seed=seed)``; one in four is a *stacked*
    deal (``Env.deal_with_hands``) where one side holds the top trumps and aces,
    and its first seat bids high in that suit (capot half the time) while the
    others coinche and surcoinche freely: colver's bots alone almost never reach
    capots or coinched contracts.  The bot of each seat (bidding and play) is drawn
    from ``seed``.  Every action is taken from ``legal_actions()``.  ``bela_token``
    (default: odd seeds) writes ``bela`` after the belote holder's first trump Q or K.
    """
    rng = random.Random(seed)
    bidders = rng.choices(BIDDERS, BIDDER_WEIGHTS, k=4)
    players = rng.choices(PLAYERS, PLAYER_WEIGHTS, k=4)
    stacked = rng.random() < 0.25
    strong = trump_wish = -1
    if stacked:
        strong, trump_wish = rng.randrange(4), rng.randrange(4)
        env = colver.Env.deal_with_hands(rng.randrange(4), _stacked_hands(rng, strong, trump_wish))
        if rng.random() < 0.2:  # the strong side defends: the others take the contract
            strong = (strong + 1) % 4
        bidders[strong] = "ambitious"
    else:
        env = colver.Env.deal(seed=seed)
    dealer = env.get_dealer()
    hands0 = env.get_hands()
    deal = ColverDeal(
        seed=seed, dealer=dealer + 1,
        hands={p + 1: sorted(FROM_COLVER[c] for c in hands0[p]) for p in range(4)},
        policies=("stacked " if stacked else "")
        + f"bid {','.join(bidders)} play {','.join(players)}",
    )
    while env.phase() == 0:
        p = env.current_player()
        legal = env.legal_actions()
        who = bidders[p]
        if stacked and 41 in legal and rng.random() < 0.5:
            a = 41
        elif stacked and 42 in legal and rng.random() < 0.5:
            a = 42
        elif who == "ambitious":
            mine = [x for x in legal if 1 <= x <= 40 and (x - 1) % 4 == trump_wish]
            a = 0
            if mine and not any(st.seat == p + 1 and st.call != "pass" for st in deal.calls):
                a = mine[-1] if rng.random() < 0.5 else rng.choice(mine)
        elif who == "passive":
            a = 0
        elif who == "random":
            a = 0 if rng.random() < 0.5 else rng.choice(legal)
        else:
            a = getattr(env, who)()
        if a not in legal:  # a bot must not break the rules; fail loudly if one does
            raise AssertionError(f"seed {seed}: colver bot {who} called {a} not in {legal}")
        deal.calls.append(CallStep(p + 1, frozenset(call_text(x) for x in legal), call_text(a)))
        env.step(a)

    history = [(p, a) for p, a in env.get_bid_history()]
    assert [(s.seat - 1, s.call) for s in deal.calls] == [(p, call_text(a)) for p, a in history]

    c = env.get_contract()
    if c.get("value", 0):
        deal.contract = (c["value"], c["trump"], c["team"], 1 + c["coinche"])
        trump = c["trump"]
        for seat, cards in deal.hands.items():
            q, k = CARD_INDEX["Q" + "SHDC"[trump]], CARD_INDEX["K" + "SHDC"[trump]]
            if q in cards and k in cards:
                deal.bela_seat = seat
    deal.bela_token = deal.bela_seat is not None and (seed % 2 == 1 if bela_token is None
                                                      else bela_token)

    trick: list[int] = []
    trick_seats: list[int] = []
    points_before = env.get_points()
    won_before = env.get_tricks_won()
    while not env.is_terminal():
        p = env.current_player()
        legal = env.legal_actions()
        who = players[p]
        a = rng.choice(legal) if who == "random" else getattr(env, who)()
        if a not in legal:
            raise AssertionError(f"seed {seed}: colver bot {who} played {a} not in {legal}")
        hand = mask(FROM_COLVER[x] for x in env.get_hands()[p])
        deal.cards.append(CardStep(p + 1, hand, list(trick), list(trick_seats),
                                   mask(FROM_COLVER[x] for x in legal), FROM_COLVER[a]))
        env.step(a)
        trick.append(FROM_COLVER[a])
        trick_seats.append(p + 1)
        if len(trick) == 4:
            won = env.get_tricks_won()
            side = 0 if won[0] > won_before[0] else 1
            assert won[side] == won_before[side] + 1 and won[1 - side] == won_before[1 - side]
            deal.trick_sides.append(side)
            if env.is_terminal():
                deal.trick_winners.append(None)
            else:
                leader = env.get_trick_lead() + 1
                assert (leader - 1) % 2 == side, (seed, leader, side)
                deal.trick_winners.append(leader)
            won_before = won
            pts = env.get_points()
            deal.trick_points.append(sum(pts) - sum(points_before))
            points_before = pts
            trick, trick_seats = [], []

    deal.card_points = list(env.get_points())
    deal.tricks_won = list(env.get_tricks_won())
    deal.belote = list(env.belote_final())
    deal.score = [int(x) for x in env.rewards()]
    assert deal.score == [float(x) for x in env.rewards()], env.rewards()
    if deal.contract is not None:
        outcome = env.deal_outcome()
        deal.made = outcome[deal.contract[2]] == 1.0
    return deal


def _card_token(deal: ColverDeal, step: CardStep, seen_bela: set[int]) -> str:
    text = CARD_TEXT[step.card]
    if deal.bela_token and step.seat == deal.bela_seat and deal.contract is not None:
        trump = "SHDC"[deal.contract[1]]
        if text in ("Q" + trump, "K" + trump) and step.seat not in seen_bela:
            seen_bela.add(step.seat)
            return text + " bela"
    return text


def record_text(deal: ColverDeal, deal_number: int = 1) -> str:
    """The deal as a one-deal BGN ``contree`` game, in canonical form."""
    lines = [
        '[Variant "contree"]',
        f'[Source "colver {COLVER_VERSION} seed {deal.seed}"]',
        "",
        f"deal {deal_number} dealer {deal.dealer}",
        "hands " + " ".join(
            f"{seat}: " + " ".join(CARD_TEXT[c] for c in deal.hands[seat]) for seat in range(1, 5)
        ),
        "bids " + " ".join(s.call for s in deal.calls),
    ]
    if deal.cards:
        seen: set[int] = set()
        tricks = [
            f"{i + 1}. " + " ".join(_card_token(deal, s, seen) for s in deal.cards[4 * i:4 * i + 4])
            for i in range((len(deal.cards) + 3) // 4)
        ]
        lines.append("play " + "\n".join(tricks))
    lines.append(f"score {deal.score[0]} {deal.score[1]}")
    lines.append(f"total {deal.score[0]} {deal.score[1]}")
    lines.append("result *")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- the spec, read literally
# A third opinion for triage: contree conventions 1, 4 and 6 (docs/rules/contree.md) written out plainly, independent
# of replay/.  When colver and our engine disagree, this says which one the spec backs.
_PLAIN_RANK = "789JQKTA"  # low → high, plain suits
_TRUMP_RANK = "78QKTA9J"  # low → high, trump
_PLAIN_PTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
_TRUMP_PTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}


def _suit(c: int) -> int:
    return c >> 3


def _rank(c: int) -> str:
    return CARD_TEXT[c][0]


def spec_points(card: int, trump: int) -> int:
    table = _TRUMP_PTS if _suit(card) == trump else _PLAIN_PTS
    return table.get(_rank(card), 0)


def _strength(card: int, led: int, trump: int) -> int:
    """Higher wins: trumps above the led suit, other suits never win (§4 trick winner)."""
    if _suit(card) == trump:
        return 100 + _TRUMP_RANK.index(_rank(card))
    if _suit(card) == led:
        return 10 + _PLAIN_RANK.index(_rank(card))
    return -1


def spec_winner(trick: list[int], trump: int) -> int:
    """Index in ``trick`` of the winning card."""
    led = _suit(trick[0])
    return max(range(len(trick)), key=lambda i: _strength(trick[i], led, trump))


def spec_legal(hand: int, trick: list[int], seats: list[int], seat: int, trump: int) -> int:
    """contree convention 4 (docs/rules/contree.md) as written; seats are BGN seats, partners differ by 2."""
    if not trick:
        return hand
    cards = [c for c in range(32) if hand >> c & 1]
    led = _suit(trick[0])
    trumps = [c for c in cards if _suit(c) == trump]
    on_table = [c for c in trick if _suit(c) == trump]
    best_on_table = max(on_table, key=lambda c: _TRUMP_RANK.index(_rank(c)), default=None)

    def higher(cs):
        if best_on_table is None:
            return list(cs)
        top = _TRUMP_RANK.index(_rank(best_on_table))
        return [c for c in cs if _TRUMP_RANK.index(_rank(c)) > top]

    if led == trump:  # A
        if not trumps:
            return hand
        return mask(higher(trumps) or trumps)
    follow = [c for c in cards if _suit(c) == led]
    if follow:  # B
        return mask(follow)
    w = spec_winner(trick, trump)
    if seats[w] % 2 == seat % 2:  # C1: partner is master
        return hand
    if not trumps:  # C2
        return hand
    if best_on_table is None:  # C3
        return mask(trumps)
    return mask(higher(trumps)) or hand  # C4


def spec_score(value: int, taker: int, mult: int, pts: list[int], tricks: list[int],
               bel: list[int]) -> tuple[bool, list[int]]:
    """contree convention 6 (docs/rules/contree.md): (made, [A, B])."""
    d = 1 - taker
    if value == 250:
        made = tricks[taker] == 8
    else:
        made = pts[taker] + bel[taker] >= value
    score = [0, 0]
    if made and mult == 1:
        score[taker] = pts[taker] + value + bel[taker]
        score[d] = pts[d] + bel[d]
    elif made:
        score[taker] = (252 if tricks[taker] == 8 else 162) + value * mult + bel[0] + bel[1]
    else:
        score[d] = 162 + value * mult + bel[0] + bel[1]
    return made, score


def spec_calls(history: list[tuple[int, str]], seat: int) -> frozenset[str]:
    """contree convention 3 (docs/rules/contree.md): the legal calls of ``seat`` after ``history`` ((seat, call) pairs)."""
    best_value, best_seat, coinched = 0, None, False
    for who, call in history:
        if call == "X":
            coinched = True
        elif call not in ("pass", "XX"):
            best_value = 250 if call.startswith("capot") else int(call[:-1])
            best_seat = who
    legal = {"pass"}
    if not coinched:
        legal |= {c for c in ALL_CALLS[1:41]
                  if (250 if c.startswith("capot") else int(c[:-1])) > best_value}
        if best_seat is not None and best_seat % 2 != seat % 2:
            legal.add("X")
    elif best_seat % 2 == seat % 2:
        legal.add("XX")
    return frozenset(legal)


def spec_check(deal: ColverDeal) -> list[Disagreement]:
    """colver against the spec text: legal cards, winners, points, belote, made, score.

    Disagreements name colver "colver" and the literal reading of the spec "ours"."""
    out: list[Disagreement] = []

    def differ(what, where, theirs, ours):
        out.append(Disagreement(deal.seed, "spec-" + what, where, theirs, ours))

    for i, step in enumerate(deal.calls):
        ours = spec_calls([(c.seat, c.call) for c in deal.calls[:i]], step.seat)
        if ours != step.legal:
            differ("legal-calls", f"call {i + 1} (seat {step.seat})", sorted(step.legal),
                   sorted(ours))
    if deal.contract is None:
        if deal.score != [0, 0] or deal.made is not None:
            differ("score", "passed out", (deal.score, deal.made), ([0, 0], None))
        return out
    value, trump, taker, mult = deal.contract
    for i, s in enumerate(deal.cards):
        ours = spec_legal(s.hand, s.trick, s.trick_seats, s.seat, trump)
        if ours != s.legal:
            differ("legal-cards", f"trick {i // 4 + 1} card {i % 4 + 1} (seat {s.seat})",
                   _cards_of(s.legal), _cards_of(ours))
    pts, tricks = [0, 0], [0, 0]
    for i, (cards, seats) in enumerate(zip(deal.trick_cards,
                                           ([s.seat for s in deal.cards[j:j + 4]]
                                            for j in range(0, 32, 4)), strict=True)):
        w = seats[spec_winner(cards, trump)]
        side = (w - 1) % 2
        if w != deal.trick_winners[i] and deal.trick_winners[i] is not None:
            differ("trick-winner", f"trick {i + 1}", deal.trick_winners[i], w)
        if side != deal.trick_sides[i]:
            differ("trick-winner", f"trick {i + 1} side", "AB"[deal.trick_sides[i]], "AB"[side])
        pts[side] += sum(spec_points(c, trump) for c in cards) + (10 if i == 7 else 0)
        tricks[side] += 1
    if 8 in tricks:
        pts[tricks.index(8)] += 90
    if pts != deal.card_points or tricks != deal.tricks_won:
        differ("card-points", "deal", (deal.card_points, deal.tricks_won), (pts, tricks))
    bel = [0, 0]
    if deal.bela_seat is not None:
        bel[(deal.bela_seat - 1) % 2] = 20
    if bel != deal.belote:
        differ("belote", "deal", deal.belote, bel)
    made, score = spec_score(value, taker, mult, deal.card_points, deal.tricks_won, deal.belote)
    if made != deal.made:
        differ("made", "deal", deal.made, made)
    if score != deal.score:
        differ("score", "deal", deal.score, score)
    return out


# ---------------------------------------------------------------- comparison
@dataclass(slots=True)
class Disagreement:
    seed: int
    what: str  # legal-cards, legal-calls, violation, trick-winner, trick-points, card-points,
    #            made, score, total, belote, result, record
    where: str  # "trick 3 card 2 (seat 4)", "call 5", "deal"
    colver: object
    ours: object

    def __str__(self) -> str:
        return (f"seed {self.seed}: {self.what} at {self.where}: colver {self.colver!r}, "
                f"our engine {self.ours!r}")


def _cards_of(m: int) -> list[str]:
    return [CARD_TEXT[c] for c in range(32) if m >> c & 1]


def compare(deal: ColverDeal, ruleset=None, text: str | None = None) -> list[Disagreement]:
    """Replay the deal's record through our reader and engine; list every difference
    from colver: findings on a record colver played legally, legal card sets at every
    card, trick winners and points, card points, belote, made and the deal score."""
    from ingest.bgn.reader import parse_games
    from ingest.bgn.writer import write_game
    from replay.engine.walk import replay_game
    from replay.model.cards import CONTRACT_TABLES
    from replay.rules.legality import legal_cards
    from replay.rules.rulesets import load_ruleset

    ruleset = ruleset or load_ruleset("contree")
    text = text or record_text(deal)
    out: list[Disagreement] = []

    def differ(what, where, theirs, ours):
        out.append(Disagreement(deal.seed, what, where, theirs, ours))

    # legal cards at every step, straight from replay.rules.legality
    if deal.contract is not None:
        ct = CONTRACT_TABLES[deal.contract[1]]
        for i, s in enumerate(deal.cards):
            ours = legal_cards(s.hand, s.trick, s.trick_seats, s.seat, ct, ruleset.duties,
                               ruleset.side_of)
            if ours != s.legal:
                differ("legal-cards", f"trick {i // 4 + 1} card {i % 4 + 1} (seat {s.seat})",
                       _cards_of(s.legal), _cards_of(ours))

    games = list(parse_games(text))
    if len(games) != 1:
        differ("record", "read", 1, f"{len(games)} games")
        return out
    game = games[0]
    canonical = write_game(game)
    if canonical != text:
        differ("record", "canonical text", text, canonical)
    report = replay_game(game, file=f"colver-{deal.seed}.bgn")
    for v in report.violations:
        differ("violation", f"line {v.line} col {v.col} trick {v.trick} seat {v.seat}",
               None, f"{v.code} {v.message}")
    if report.parse_failed or not report.deals:
        differ("record", "replay", "one deal", "no deal replayed")
        return out
    d = report.deals[0]
    if d.made != deal.made:
        differ("made", "deal", deal.made, d.made)
    if list(d.score) != deal.score:
        differ("score", "deal", deal.score, list(d.score))
    if list(d.total) != deal.score:
        differ("total", "deal", deal.score, list(d.total))
    if report.result != "*":
        differ("result", "game", "*", report.result)
    if deal.contract is None:
        return out
    winners = [t.winner for t in d.tricks]
    for i, (theirs, side, ours) in enumerate(zip(deal.trick_winners, deal.trick_sides, winners,
                                                 strict=False), start=1):
        if theirs is not None and theirs != ours:
            differ("trick-winner", f"trick {i}", theirs, ours)
        elif ruleset.side_of[ours] != side:
            differ("trick-winner", f"trick {i} side", "AB"[side], "AB"[ruleset.side_of[ours]])
    if len(winners) != len(deal.trick_winners):
        differ("trick-winner", "count", len(deal.trick_winners), len(winners))
    for i, (theirs, ours) in enumerate(zip(deal.trick_points, (t.points for t in d.tricks),
                                           strict=False), start=1):
        if theirs != ours and not (i == 8 and 8 in deal.tricks_won):
            # colver adds the capot's 100 to the last trick: compared in card-points
            differ("trick-points", f"trick {i}", theirs, ours)
    if list(d.card_points) != deal.card_points:
        differ("card-points", "deal", deal.card_points, list(d.card_points))
    ours_bel = [0, 0]
    for seat, pts in d.bela.items():
        ours_bel[ruleset.side_of[seat]] += pts
    if ours_bel != deal.belote:
        differ("belote", "deal", deal.belote, ours_bel)
    return out


def compare_calls(deal: ColverDeal, ruleset=None) -> list[Disagreement]:
    """Our engine's legal calls against colver's at every call of the auction.

    For each call and each of the 43 calls colver knows, the record cut after that
    call (``deal``, ``hands``, ``bids`` only) is replayed; our engine allows the
    call when it raises no ``B302`` on it.  Costs 43 replays per call."""
    from ingest.bgn.reader import parse_games
    from replay.engine.walk import replay_game

    out: list[Disagreement] = []
    head = record_text(deal).split("\nbids ")[0] + "\nbids "
    line = head.count("\n") + 1
    for i, step in enumerate(deal.calls):
        prefix = "".join(c.call + " " for c in deal.calls[:i])
        col = len("bids ") + len(prefix) + 1
        ours = set()
        for call in ALL_CALLS:
            game = next(iter(parse_games(head + prefix + call + "\n")))
            report = replay_game(game, file="calls.bgn")
            if not any(v.code == "B302" and v.line == line and v.col == col
                       for v in report.violations):
                ours.add(call)
        if ours != step.legal:
            out.append(Disagreement(deal.seed, "legal-calls", f"call {i + 1} (seat {step.seat})",
                                    sorted(step.legal), sorted(ours)))
    return out


def run(n: int, start: int = 0) -> tuple[list[ColverDeal], list[Disagreement]]:
    """Play and compare deals with seeds ``start .. start + n - 1``."""
    from replay.rules.rulesets import load_ruleset

    ruleset = load_ruleset("contree")
    deals, found = [], []
    for seed in range(start, start + n):
        deal = play_deal(seed)
        deals.append(deal)
        found += compare(deal, ruleset)
    return deals, found


def main(argv: list[str]) -> int:
    import argparse
    import time

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, nargs="?", default=2000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--show", action="store_true", help="print the record of each deal that differs")
    ap.add_argument("--record", type=int, metavar="SEED", help="print one seed's record and exit")
    args = ap.parse_args(argv)
    if args.record is not None:
        deal = play_deal(args.record)
        print(f"{{{deal.policies}}}")
        print(record_text(deal), end="")
        return 0
    t0 = time.perf_counter()
    deals, found = run(args.n, args.start)
    by_seed: dict[int, list[Disagreement]] = {}
    for d in found:
        by_seed.setdefault(d.seed, []).append(d)
    for seed, ds in by_seed.items():
        for d in ds:
            print(d)
        if args.show:
            print(record_text(next(x for x in deals if x.seed == seed)))
    kinds: dict[str, int] = {}
    for d in found:
        kinds[d.what] = kinds.get(d.what, 0) + 1
    print(f"{len(deals)} deals, {sum(len(d.cards) for d in deals)} cards, "
          f"{sum(len(d.calls) for d in deals)} calls; {len(found)} disagreements in "
          f"{len(by_seed)} deals {kinds}; {time.perf_counter() - t0:.1f}s")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
