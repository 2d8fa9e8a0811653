"""Auctions: from the written calls to a contract, with B301/B302 findings.

One driver walks the calls in turn order (seat after the dealer first), checks
written seat prefixes (B301), stops at the end of the auction (a later call is
B301), fills in the passes that were not written (docs/bgn/reading.md bids) and
asks the variant's *model* whether each call is allowed.  A call the model
refuses is B302 and counts as a pass (docs/bgn/replay.md §3).

Models (docs/rules/, "five models"):

- ``NameSuit``: one round; the first suit named is trump (yu4-11/12, mk4-06),
  optionally with the dealer forced to call (mk4-06);
- ``Ladder``: ascending contracts ♣ < ♦ < ♥ < ♠ < NT < AT with contra and
  recontra (bg4-08 … bg4-13);
- ``TurnedCard``: round 1 accepts the turned suit (``take``), round 2 names
  another suit (fr4-03/04, fr4 convention 1 (docs/rules/fr4.md));
- ``PointBids``: contrée's 80…160/capot bids with coinche and surcoinche
  (contree convention 3 (docs/rules/contree.md)).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from replay.model.cards import ALL_TRUMPS, NO_TRUMPS, SUITS
from replay.model.elements import Call
from replay.model.lanes import CallLane
from replay.model.pickling import by_fields
from replay.rules.policies import Annul, Auction
from replay.rules.ruleset import Ruleset

#: contract kinds by call text
KINDS = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": NO_TRUMPS, "AT": ALL_TRUMPS}
KIND_NAMES = ("spades", "hearts", "diamonds", "clubs", "no trumps", "all trumps")


@dataclass(slots=True)
class Contract:
    seat: int
    kind: int  # 0..3 trump suit, 4 No trumps, 5 All trumps
    value: int | None = None  # points bid (contrée: 80..160, 250 for capot)
    double: int = 1  # 1; 2 contra/coinche; 4 recontra; 3 surcoinche (contrée)
    round: int = 1
    capot: bool = False
    #: Hungarian kontra: the defenders who gave it; rekontra answers them all (×4)
    kontras: tuple[int, ...] = ()

    def __init__(self, seat: int, kind: int, value: int | None = None, double: int = 1,
                 round: int = 1, capot: bool = False, kontras: tuple[int, ...] = ()) -> None:
        # written out: compiled by mypyc, a dataclass's generated __init__ runs
        # interpreted, at several thousand instructions a call (docs/dev/compiled.md)
        self.seat = seat
        self.kind = kind
        self.value = value
        self.double = double
        self.round = round
        self.capot = capot
        self.kontras = kontras


@dataclass(slots=True)
class Finding:
    code: str
    call_index: int  # index in the written calls; -1 = the last written call
    seat: int | None
    message: str


@dataclass(slots=True)
class AuctionResult:
    contract: Contract | None
    findings: list[Finding]
    #: (seat, call, round, legal) for every written call
    calls: list[tuple[int, str, int, bool]]
    #: the deal is annulled (a forced dealer's right, bg4-13); no play follows
    annulled: bool = False


class Model:
    """One auction in progress; ``allow`` judges a call, ``done`` says the auction is over."""

    round = 1
    #: the seats in turn order from the first bidder
    order: Sequence[int]
    #: passes counted toward the end of the auction (each model says which)
    passes: int
    #: the deal is annulled and no play follows (only bg4's forced dealer, bg4-13)
    annulled = False

    def allow(self, seat: int, call: str) -> str | None:  # pragma: no cover - interface
        """None when ``call`` is allowed (and applied), else why not (B302)."""
        raise NotImplementedError

    def done(self) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def count_pass(self, seat: int) -> None:
        """A refused or out-of-turn call counts as that seat's pass (docs/bgn/replay.md §3)."""
        self.passes += 1

    def next_seat(self) -> int | None:
        """The seat to call next where the model decides it (else turn order)."""
        return None

    def contract(self) -> Contract | None:  # pragma: no cover - interface
        raise NotImplementedError


def run_auction(model: Model, calls: Sequence[Call], order: Sequence[int],
                side_of: tuple[int, ...], forced_message: str | None = None) -> AuctionResult:
    """Walk the written ``calls`` (objects with ``call`` and ``seat``) through ``model``."""
    n = len(order)
    findings: list[Finding] = []
    records: list[tuple[int, str, int, bool]] = []
    turn = 0
    for i, c in enumerate(calls):
        if model.done():
            findings.append(Finding("B301", i, c.seat,
                                    f"call '{c.call}' after the bidding had ended"))
            records.append((c.seat or 0, c.call, model.round, False))
            continue
        seat = model.next_seat() or order[turn % n]
        turn += 1
        if c.seat is not None and c.seat != seat:
            findings.append(Finding("B301", i, c.seat,
                                    f"seat {c.seat} called out of turn: it was seat {seat}'s call"))
            model.count_pass(seat)  # counted as the turn seat's pass
            records.append((seat, c.call, model.round, False))
            continue
        rnd = model.round
        why = model.allow(seat, c.call)
        if why is not None:
            findings.append(Finding("B302", i, seat, why))
            model.count_pass(seat)
        records.append((seat, c.call, rnd, why is None))
    # calls missing after the last written call are passes (docs/bgn/reading.md bids)
    guard = 0
    while not model.done() and guard < 4 * n:
        seat = model.next_seat() or order[turn % n]
        turn += 1
        guard += 1
        why = model.allow(seat, "pass")
        if why is not None:  # a forced call is missing (mk4-06, bg4-13)
            findings.append(Finding("B302", -1, seat, forced_message or why))
            break
    return AuctionResult(model.contract(), findings, records,
                         annulled=model.annulled)


class NameSuit(Model):
    """One round; the first suit named is trump (yu4-11, yu4-12); mk4-06: the dealer must call."""

    def __init__(self, order: Sequence[int], dealer: int, forced_dealer: bool,
                 variant: str) -> None:
        self.order, self.dealer, self.forced, self.variant = order, dealer, forced_dealer, variant
        self.made: Contract | None = None
        self.passes = 0

    def allow(self, seat: int, call: str) -> str | None:
        if call in SUITS:
            self.made = Contract(seat, SUITS.index(call))
            return None
        if call == "pass":
            if self.forced and seat == self.dealer:
                return f"the dealer (seat {seat}) must name trump when everyone passed"
            self.passes += 1
            return None
        return f"'{call}' is not a call in {self.variant}: name a suit or pass"

    def done(self) -> bool:
        return self.made is not None or self.passes >= len(self.order)

    def contract(self) -> Contract | None:
        return self.made


class ForcedFirst(Model):
    """yu3-04: the seat after the dealer must name trump on his six cards; only he
    calls.  Anything else is B302 and leaves the deal without a contract
    (yu3 convention 4 (docs/rules/yu3.md))."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.made: Contract | None = None
        self.passes = 0

    def allow(self, seat: int, call: str) -> str | None:
        if call in SUITS:
            self.made = Contract(seat, SUITS.index(call))
            return None
        return f"seat {seat} must name trump in {self.variant}: '{call}' is not a suit"

    def done(self) -> bool:
        return self.made is not None or self.passes > 0

    def contract(self) -> Contract | None:
        return self.made


def double(best: Contract | None, seat: int, side_of: tuple[int, ...], word: str,
           thing: str) -> str | None:
    """X: the other side doubles the standing contract, once (bg4-09, contree §3)."""
    if best is None:
        return f"{word} with no {thing} to double"
    if side_of[best.seat] == side_of[seat]:
        return f"{word} of one's own side's {thing}"
    if best.double != 1:
        return f"the {thing} is already doubled"
    best.double = 2
    return None


def redouble(best: Contract | None, seat: int, side_of: tuple[int, ...], word: str,
             after: str, level: int) -> str | None:
    """XX: the doubled side answers its opponents' double (bg4-09, contree §3)."""
    if best is None or best.double != 2:
        return f"{word} without a {after}"
    if side_of[best.seat] != side_of[seat]:
        return f"{word} by the side that gave the {after}"
    best.double = level
    return None


LADDER_RANK = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4, "AT": 5}


class Climbing(Model):
    """A climbing auction (bg4's ladder, contrée's points): it ends when every seat
    passed with no bid, or when all but one passed after the last bid or double
    (bg4-12, A21; contree convention 3 (docs/rules/contree.md)), or at once where a model says so (``ended``)."""

    ended = False
    #: the standing bid, if any
    best: Contract | None

    def standing(self) -> Contract:
        """The standing bid, where the rules guarantee one (after a double, say)."""
        assert self.best is not None, "no standing bid"
        return self.best

    def done(self) -> bool:
        if self.ended or self.annulled:
            return True
        if self.best is None:
            return self.passes >= len(self.order)
        return self.passes >= len(self.order) - 1


class Ladder(Climbing):
    """bg4's auction: a strictly higher contract, pass, contra against the opponents'
    contract, recontra by the doubled side (bg4-08, bg4-09); a new bid cancels the
    doubles (bg4-11); three passes after the last call end it, four passes with no
    bid pass the deal out, a redoubled All trumps ends at once (bg4-12, A21)."""

    def __init__(self, order: Sequence[int], dealer: int, side_of: tuple[int, ...], *,
                 forced_dealer: bool = False, annul: Annul = Annul.NEVER,
                 dealer_points: int = 99) -> None:
        self.order, self.dealer, self.side_of = order, dealer, side_of
        self.forced, self.annul, self.dealer_points = forced_dealer, annul, dealer_points
        self.best: Contract | None = None
        self.passes = 0

    def allow(self, seat: int, call: str) -> str | None:
        if call == "pass":
            if (self.forced and self.best is None and seat == self.dealer
                    and self.passes == len(self.order) - 1):
                if self.annul is Annul.ANY or (self.annul is Annul.WEAK
                                               and self.dealer_points <= 7):
                    self.annulled = True  # bg4-13: the forced dealer annuls the deal
                    self.passes += 1
                    return None
                return f"the dealer (seat {seat}) must name a contract after three passes"
            self.passes += 1
            return None
        if call in LADDER_RANK:
            if self.best is not None and LADDER_RANK[call] <= LADDER_RANK[self._name()]:
                return (f"'{call}' is not higher than {self._name()} "
                        "(clubs < diamonds < hearts < spades < NT < AT)")
            self.best = Contract(seat, KINDS[call])
            self.passes = 0
            return None
        if call == "X":
            why = double(self.best, seat, self.side_of, "contra", "contract")
            if why is None:
                self.passes = 0
            return why
        if call == "XX":
            why = redouble(self.best, seat, self.side_of, "recontra", "contra", 4)
            if why is None:
                self.passes = 0
                if self.standing().kind == ALL_TRUMPS:
                    self.ended = True  # bg4-12: a redoubled All trumps ends the bidding
            return why
        return f"'{call}' is not a call in bg4"

    def _name(self) -> str:
        return [k for k, v in KINDS.items() if v == self.standing().kind][0]

    def contract(self) -> Contract | None:
        return None if self.annulled else self.best


class TurnedCard(Model):
    """Round 1: ``take`` the turned suit or pass; round 2: another suit or pass;
    the first taker ends the bidding (fr4-03/04, fr4 convention 1 (docs/rules/fr4.md))."""

    def __init__(self, order: Sequence[int], turned_suit: int | None, variant: str,
                 extra: tuple[str, ...] = (), dealer_takes: int | None = None) -> None:
        self.order, self.turned, self.variant = order, turned_suit, variant
        self.extra = extra  # contracts beside the suits in round 2 (ru-pair-05: NT, AT)
        self.dealer_takes = dealer_takes  # ru-pair-04 «БЕЗ распасов»: the dealer takes it
        self.made: Contract | None = None
        self.passes = 0

    @property
    def round(self) -> int:  # type: ignore[override]
        return 1 if self.passes < len(self.order) else 2

    def allow(self, seat: int, call: str) -> str | None:
        if call == "pass":
            self.count_pass(seat)
            return None
        if self.round == 1:
            if call == "take" and self.turned is not None:
                self.made = Contract(seat, self.turned, round=1)
                return None
            return f"'{call}' in round 1: take the turned suit or pass"
        if call in SUITS and SUITS.index(call) != self.turned:
            self.made = Contract(seat, SUITS.index(call), round=2)
            return None
        if call in self.extra:
            self.made = Contract(seat, KINDS[call], round=2)
            return None
        return f"'{call}' in round 2: name a suit other than the turned one, or pass"

    def count_pass(self, seat: int) -> None:
        self.passes += 1
        if (self.passes >= 2 * len(self.order) and self.dealer_takes is not None
                and self.turned is not None and self.made is None):
            self.made = Contract(self.dealer_takes, self.turned, round=2)

    def done(self) -> bool:
        return self.made is not None or self.passes >= 2 * len(self.order)

    def contract(self) -> Contract | None:
        return self.made


class PointBids(Climbing):
    """Contrée (contree convention 3 (docs/rules/contree.md)): bids 80…160 or capot in a suit, each strictly higher;
    coinche by the other side once a bid stands; surcoinche by the bidding side ends
    the auction; after a coinche nobody bids again; three passes after the last
    bid (a coinche resets the count) end it; four passes with no bid pass it out."""

    def __init__(self, order: Sequence[int], side_of: tuple[int, ...]) -> None:
        self.order, self.side_of = order, side_of
        self.best: Contract | None = None
        self.passes = 0

    def allow(self, seat: int, call: str) -> str | None:
        if call == "pass":
            self.passes += 1
            return None
        value, kind, capot = _point_bid(call)
        if kind is not None:
            if kind > 3:
                return f"'{call}': contrée has no No-trumps or All-trumps contract"
            if value is None:
                return f"'{call}' is not a bid (80 to 160 in tens, or capot)"
            if self.best is not None and self.best.double > 1:
                return "no bid after a coinche"
            if self.best is not None and value <= (self.best.value or 0):
                return f"'{call}' is not higher than {self.best.value}"
            self.best = Contract(seat, kind, value=value, capot=capot)
            self.passes = 0
            return None
        if call == "X":
            why = double(self.best, seat, self.side_of, "coinche", "bid")
            if why is None:
                self.passes = 0
            return why
        if call == "XX":
            why = redouble(self.best, seat, self.side_of, "surcoinche", "coinche", 3)
            if why is None:
                self.ended = True  # contree §3: a surcoinche ends the auction
            return why
        return f"'{call}' is not a call in contrée"


    def contract(self) -> Contract | None:
        return self.best


def _point_bid(call: str) -> tuple[int | None, int | None, bool]:
    """``90H`` → (90, 1, False); ``capotS`` → (250, 0, True); ``85H`` → (None, 1, False);
    not a point bid at all → (None, None, False)."""
    for name, kind in sorted(KINDS.items(), key=lambda kv: -len(kv[0])):
        if call.endswith(name) and len(call) > len(name):
            head = call[: -len(name)]
            if head == "capot":
                return 250, kind, True
            if head.isdigit():
                v = int(head)
                ok = 80 <= v <= 160 and v % 10 == 0
                return (v if ok else None), kind, False
    return None, None, False


HU_LADDER = {"S": 0, "D": 1, "C": 2, "H": 3, "NT": 4}  # A32: ♠ < ♦ < ♣ < ♥ < NT


class Hungarian(Model):
    """hu3/hu2 (hu3 conventions 4-6 (docs/rules/hu3.md)): round 1 ``take`` or pass; round 2 a suit
    other than the turned one or NT, strictly higher on ♠ < ♦ < ♣ < ♥ < NT, until
    the others have passed after the last call; then one kontra call per defender
    from the seat after the soloist (``X`` or pass) and, if any ``X``, the
    soloist's rekontra (``XX`` or pass)."""

    def __init__(self, order: Sequence[int], turned_suit: int | None) -> None:
        self.order, self.turned = order, turned_suit
        self.n = len(order)
        self.best: Contract | None = None
        self.passes = 0  # consecutive passes in the current round
        self.calls_r1 = 0
        self.phase = "r1"  # r1, r2, kontra, rekontra, over
        self.kontra_queue: list[int] = []
        self.rekontra_seat: int | None = None

    @property
    def round(self) -> int:  # type: ignore[override]
        return {"r1": 1, "r2": 2}.get(self.phase, 3)

    def next_seat(self) -> int | None:
        if self.phase == "kontra":
            return self.kontra_queue[0]
        if self.phase == "rekontra":
            return self.rekontra_seat
        return None

    def _advance(self) -> None:
        if self.phase == "r1" and self.calls_r1 >= self.n:
            self.phase = "r2"
            self.passes = 0
        elif self.phase == "r2" and self.best is not None and self.passes >= self.n - 1:
            self._start_kontra()
        elif self.phase == "r2" and self.best is None and self.passes >= self.n:
            self.phase = "over"

    def standing(self) -> Contract:
        """The standing contract, where the phase guarantees one (kontra, rekontra)."""
        assert self.best is not None, "no standing contract"
        return self.best

    def _start_kontra(self) -> None:
        i = self.order.index(self.standing().seat)
        self.kontra_queue = [self.order[(i + k) % self.n] for k in range(1, self.n)]
        self.phase = "kontra"

    def allow(self, seat: int, call: str) -> str | None:
        why = self._judge(seat, call)
        if why is None:
            self._apply(seat, call)
        return why

    def count_pass(self, seat: int) -> None:
        self._apply(seat, "pass")

    def _judge(self, seat: int, call: str) -> str | None:
        if call == "pass":
            return None
        if self.phase == "r1":
            return None if call == "take" and self.turned is not None else (
                f"'{call}' in round 1: take the turned suit or pass")
        if self.phase == "r2":
            if call not in HU_LADDER or (call in SUITS and SUITS.index(call) == self.turned):
                return f"'{call}' in round 2: name a suit other than the turned one, or NT"
            if self.best is not None and HU_LADDER[call] <= HU_LADDER[self._name()]:
                return f"'{call}' is not higher than {self._name()} (♠ < ♦ < ♣ < ♥ < NT)"
            return None
        if self.phase == "kontra":
            return None if call == "X" else f"'{call}': a defender answers X (kontra) or pass"
        if self.phase == "rekontra":
            return None if call == "XX" else f"'{call}': the soloist answers XX or pass"
        return f"'{call}' after the bidding had ended"

    def _name(self) -> str:
        return [k for k, v in HU_LADDER.items() if KINDS[k] == self.standing().kind][0]

    def _apply(self, seat: int, call: str) -> None:
        if self.phase == "r1":
            self.calls_r1 += 1
            if call == "take" and self.turned is not None:  # _judge allows no other take
                self.best = Contract(seat, self.turned, round=1)
                self._start_kontra()
                return
        elif self.phase == "r2":
            if call == "pass":
                self.passes += 1
            else:
                self.best = Contract(seat, KINDS[call], round=2)
                self.passes = 0
        elif self.phase == "kontra":
            best = self.standing()
            self.kontra_queue.pop(0)
            if call == "X":
                best.kontras = best.kontras + (seat,)
                best.double = 2
            if not self.kontra_queue:
                if best.kontras:
                    self.phase = "rekontra"
                    self.rekontra_seat = best.seat
                else:
                    self.phase = "over"
            return
        elif self.phase == "rekontra":
            if call == "XX":
                self.standing().double = 4
            self.phase = "over"
            return
        self._advance()

    def done(self) -> bool:
        return self.phase == "over"

    def contract(self) -> Contract | None:
        return self.best


#: the auction model of each ``Auction``, built for one deal from the ruleset, the
#: seats in turn order, the dealer, the turned suit and the dealer's points
MODELS: dict[Auction, Callable[[Ruleset, Sequence[int], int, int | None, int], Model]] = {
    Auction.NAME_SUIT: lambda rs, order, dealer, turned, points: NameSuit(
        order, dealer, rs.auction.forced_dealer, rs.variant),
    Auction.FORCED_FIRST: lambda rs, order, dealer, turned, points: ForcedFirst(rs.variant),
    Auction.LADDER: lambda rs, order, dealer, turned, points: Ladder(
        order, dealer, rs.side_of, forced_dealer=rs.auction.forced_dealer,
        annul=rs.auction.annul, dealer_points=points),
    Auction.TURNED: lambda rs, order, dealer, turned, points: TurnedCard(
        order, turned, rs.variant, rs.auction.round2_extra,
        dealer if rs.auction.forced_dealer else None),
    Auction.POINTS: lambda rs, order, dealer, turned, points: PointBids(order, rs.side_of),
    Auction.HUNGARIAN: lambda rs, order, dealer, turned, points: Hungarian(order, turned),
}


def model_for(rs: Ruleset, order: Sequence[int], dealer: int, turned_suit: int | None,
              dealer_points: int) -> Model:
    """The auction model of a ruleset, for one deal."""
    return MODELS[rs.auction.model](rs, order, dealer, turned_suit, dealer_points)


#: remembered auctions: (ruleset id, dealer, turned suit, dealer points, then each
#: call and its seat prefix) -> (ruleset, result)
_AuctionKey = tuple[object, ...]
_AUCTIONS: Final[dict[_AuctionKey, tuple[object, AuctionResult]]] = {}
_AUCTIONS_MAX: Final = 4096  # a few hundred distinct auctions fill most files; bounded memory


def auction_of(rs: Ruleset, calls: list[Call] | CallLane, order: tuple[int, ...], dealer: int,
               turned_suit: int | None, dealer_points: int) -> AuctionResult:
    """``run_auction(model_for(...))``, remembered.

    An auction is a pure function of the ruleset, the dealer, the turned suit,
    the dealer's points (bg4's forced-dealer switch only) and the written calls
    with their seat prefixes; a file of records repeats a few hundred auctions
    over and over (``H``, ``pass C``, ``pass pass pass take`` ...).  The result
    is shared between deals, so callers read it and never change it.
    """
    if not rs.auction.weighs_dealer_hand:
        dealer_points = 0  # only bg4's weak-dealer annulment reads it
    key: _AuctionKey
    if type(calls) is CallLane and calls.compact:
        # a bids line read whole: its text says every call and seat prefix (a line
        # of other text that says the same is another key, remembered apart)
        key = (id(rs), dealer, turned_suit, dealer_points, calls.text)
    else:
        # one flat tuple (a tuple per call would be made, hashed and freed per deal)
        flat: list[object] = [id(rs), dealer, turned_suit, dealer_points]
        for c in calls:
            flat.append(c.call)
            flat.append(c.seat)
        key = tuple(flat)
    hit = _AUCTIONS.get(key)
    if hit is not None and hit[0] is rs:
        return hit[1]
    result = run_auction(model_for(rs, order, dealer, turned_suit, dealer_points), calls, order,
                         rs.side_of)
    if len(_AUCTIONS) >= _AUCTIONS_MAX:
        _AUCTIONS.clear()
    _AUCTIONS[key] = (rs, result)
    return result


# compiled by mypyc, frozen classes and classes with a constructor of their own pickle this way
by_fields(Contract)
