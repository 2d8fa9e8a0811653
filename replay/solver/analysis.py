"""Double-dummy analysis of a played deal: what every card cost its camp.

For each card, the position before it is solved from the camp of the seat
that played it (``replay.solver.search``): ``before`` is what that camp could secure
with best play from there, ``after`` what it can still secure once the card is
down (the trick it completes included).  ``loss = before - after`` is never
negative; ``best`` lists the cards of that position that lose nothing.

Per deal: ``value`` is what the callers' camp secures with best play from the
first lead; ``made_dd`` whether the contract is then made (the deal re-scored
by the variant's own rule with those card points), beside ``made`` as played.
In Betl the values are 1 or 0: 1 for the soloist's camp when he can avoid
every trick.

The analysis stops at the first card that is not legal (or not held): the
position after it is not one the rules lead to.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from replay.engine.report import DealReport, GameReport
from replay.model.cards import CARD_TEXT, CONTRACT_TABLES, NO_TRUMPS, cards_in
from replay.model.record import Game
from replay.rules.ruleset import Ruleset
from replay.rules.scoring import score_deal
from replay.solver.search import DoubleDummy, Position


@dataclass(slots=True)
class CardLoss:
    trick: int
    seat: int
    card: int
    #: the camp's value before and after the card, from the camp of ``seat``
    before: int
    after: int
    #: the cards of that position that lose nothing
    best: list[int]

    @property
    def loss(self) -> int:
        return self.before - self.after

    def to_json(self) -> dict[str, object]:
        return {"trick": self.trick, "seat": self.seat, "card": CARD_TEXT[self.card],
                "loss": self.loss, "best": [CARD_TEXT[c] for c in self.best]}


@dataclass(slots=True)
class DealAnalysis:
    deal: int
    caller: int
    kind: int
    betl: bool
    #: the callers' camp's double-dummy value from the first lead
    value: int
    made_dd: bool | None
    made: bool | None
    cards: list[CardLoss] = field(default_factory=list)


def playable(dr: DealReport, rs: Ruleset) -> bool:
    """A deal the solver can take: a contract, some play, and every hand whole at
    the first lead (written, or rebuilt from a play that shows every card)."""
    return unplayable_reason(dr, rs) is None


def unplayable_reason(dr: DealReport, rs: Ruleset) -> str | None:
    """Why the solver cannot take a deal, in a reader's words (None when it can)."""
    if dr.caller is None or dr.contract is None:
        return "no contract was played (everyone passed, or the auction broke off)"
    if dr.penalty:
        return "a penalty ended the deal, so its play is not one the rules lead to"
    if not dr.plays:
        return "the record has no play for this deal"
    if len(dr.hands) != rs.players or any(h.bit_count() != rs.hand_size
                                          for h in dr.hands.values()):
        return ("not every hand is known at the first lead (no hands section, and a play "
                "that does not show every card)")
    return None


def deal_game(dr: DealReport, rs: Ruleset, threads: int = 1) -> tuple[DoubleDummy, bool]:
    """The deal's double-dummy game (Betl plays as No trumps, hu3-19)."""
    assert dr.contract is not None and dr.caller is not None  # playable() holds
    betl = "betl" in dr.figures
    kind = NO_TRUMPS if betl else dr.contract
    return DoubleDummy(rs, kind, dr.caller, betl=betl, threads=threads), betl


def analyse_deal(dr: DealReport, rs: Ruleset, threads: int = 1) -> DealAnalysis | None:
    """Solve a replayed deal card by card; None when it cannot be solved.
    ``threads``: threads per solve, for one deal wanted soon (the viewer); a run
    over many deals gets more from a process per core (``belot analyze -j``)."""
    if not playable(dr, rs):
        return None
    game, betl = deal_game(dr, rs, threads)
    n = rs.players
    leader = dr.tricks[0].leader if dr.tricks else (dr.dealer % n + 1 if dr.dealer else 1)
    pos = game.start(dr.hands, leader)
    value = game.value(pos, 0)
    caller = dr.caller
    assert caller is not None  # playable() holds
    out = DealAnalysis(dr.deal, caller, game.kind, betl, value, None, dr.made)
    out.made_dd = made_double_dummy(dr, rs, game, value)
    known: tuple[int, int] | None = (0, value)  # (camp, its value at pos)
    for seat, card, trick, legal, _bela in dr.plays:
        if not legal or seat != pos.turn or not pos.hands[seat] >> card & 1:
            break
        camp = game.camp[seat]
        before = None
        if known is not None:
            before = known[1] if known[0] == camp else game.other_camp(pos, known[1])
        if before is None:
            before = game.value(pos, camp)
        best = best_cards(game, pos, camp, before)
        after = before if card in best else game.value(pos, camp, card=card)
        out.cards.append(CardLoss(trick, seat, card, before, after, best))
        if game.stops(pos, card):
            break
        gained = game.gain(pos, card, camp)
        pos = game.after(pos, card)
        known = (camp, after - gained)
        if pos.is_over():
            break
    return out


def best_cards(game: DoubleDummy, pos: Position, camp: int, before: int) -> list[int]:
    """The legal cards that keep ``before`` (equivalent cards tested once)."""
    legal = game.legal(pos)
    reps = game.representatives(pos, legal)
    keeps = game.keeps(pos, camp, before, sorted(set(reps.values())))
    return [c for c in cards_in(legal) if keeps[reps[c]]]


def made_double_dummy(dr: DealReport, rs: Ruleset, game: DoubleDummy, value: int) -> bool | None:
    """Would the contract be made with best play?  The deal's tally re-scored by
    the variant's rule with the callers' double-dummy card points (declarations,
    bela and the rest as in the deal).  None when the deal was not scored from
    its play (a penalty, a claim of the game, a broken record)."""
    if game.all_or_nothing:
        return value == 1
    t = dr.tally
    if t is None:
        return None
    ct = CONTRACT_TABLES[game.kind]
    cs = t.caller_side
    live = 0
    for h in dr.hands.values():
        live |= h
    cards_total = sum(ct.points[c] for c in cards_in(live)) + rs.last_trick_bonus
    played = [0] * rs.sides
    for tr in dr.tricks:
        played[rs.side_of[tr.winner]] += tr.points
    capot = rs.capot_bonus > 0 and value > cards_total
    mine = min(value, cards_total)
    # what the tally holds beyond the trick points (yu3's discards, contree's capot)
    points = list(t.points)
    extra = points[cs] - played[cs]
    if rs.capot_in_last_trick and t.capot_side == cs:
        extra -= rs.capot_bonus
    points[cs] = mine + extra + (rs.capot_bonus if capot and rs.capot_in_last_trick else 0)
    others = [s for s in range(rs.sides) if s != cs]
    rest = cards_total - mine  # the other sides' share, split as they split it in play
    their = sum(played[s] for s in others)
    shares = [rest * played[s] // their if their else 0 for s in others]
    shares[0] += rest - sum(shares)
    for s, share in zip(others, shares, strict=True):
        points[s] = share
    if capot:
        tricks = [rs.tricks if s == cs else 0 for s in range(rs.sides)]
        capot_side: int | None = cs
    else:
        tricks = dd_tricks(list(t.tricks), {cs: mine, **dict(zip(others, shares,
                                                                    strict=True))},
                           cs, priced_capot=rs.capot_bonus > 0)
        holders = [s for s in range(rs.sides) if tricks[s]]
        capot_side = holders[0] if len(holders) == 1 else None
    t2 = replace(t, points=points, tricks=tricks, capot_side=capot_side)
    return score_deal(rs, t2, 0).made


def dd_tricks(tricks: list[int], points: dict[int, int], caller_side: int,
              priced_capot: bool) -> list[int]:
    """Trick counts per side to go with double-dummy card points, starting from the
    table's: a side with points takes at least one trick (handed over by the side
    that took most); where the capot is priced in card points (``priced_capot``)
    and the solver gave none, the callers cannot hold every trick either.  The
    scoring rules read these counts (declarations count for a side with a trick;
    ru3's capot bonuses go by trickless seats), so they must agree with the points.
    """
    def give(side: int) -> None:
        donor = max(range(len(tricks)), key=lambda s: tricks[s])
        tricks[donor] -= 1
        tricks[side] += 1

    for side, pts in points.items():
        if pts and not tricks[side]:
            give(side)
    others = [s for s in range(len(tricks)) if s != caller_side]
    if priced_capot and not any(tricks[s] for s in others):
        give(others[0])
    return tricks


def analyse_report(report: GameReport, rs: Ruleset) -> list[DealAnalysis]:
    """Every deal of a replayed game that the solver can take."""
    out = []
    for dr in report.deals:
        a = analyse_deal(dr, rs)
        if a is not None:
            out.append(a)
    return out


def analyse_game(game: Game) -> tuple[GameReport, list[DealAnalysis]]:
    """Replay a game record (``replay.model.record.Game``) and analyse its deals; a game
    whose ruleset cannot be loaded has its report's findings and no analysis."""
    from replay.engine.walk import replay_game

    report = replay_game(game)
    if report.parse_failed:
        return report, []
    rs = game_ruleset(game)
    return report, [] if rs is None else analyse_report(report, rs)


def game_ruleset(game: Game) -> Ruleset | None:
    """The ruleset a game record names (Variant, Rules, Target tags); None when it
    cannot be loaded (the replay reports why)."""
    from replay.rules.ruleset import RulesetError
    from replay.rules.rulesets import load_ruleset

    try:
        return load_ruleset(game.tags.get("Variant"), game.tags.get("Rules"),
                            game.tags.get("Target"))
    except RulesetError:
        return None


#: contract kinds as records write them
KIND_TEXT = ("S", "H", "D", "C", "NT", "AT")


def contract_text(a: DealAnalysis) -> str:
    return "betl" if a.betl else KIND_TEXT[a.kind]
