"""Hungarian figures (hu3-17 … hu3-20, hu3 conventions 7-8 (docs/rules/hu3.md), hu3 conventions 18-20 (docs/rules/hu3.md)).

Figures are contracts the soloist takes on beside the game: each is worth
game points if announced in time and made.  This module checks the
announcements (B302 for a figure out of its time or place), judges each
figure from the tricks, and scores a Hungarian deal in game points with
kontra and rekontra as separate accounts per defender.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from replay.model.cards import NO_TRUMPS
from replay.model.elements import Announce
from replay.model.pickling import by_fields
from replay.rules.ruleset import Ruleset
from replay.rules.tally import DealScore, Points, SoloistPlay, Tally

#: game points of each figure (hu3-17, hu3-18, hu3-19)
VALUES = {"absolut": 3, "hundred": 4, "tuletroa": 2, "celad": 2, "fortyfour": 4,
          "twohundred": 4, "ultimo": 5, "alltrumps": 6, "volat": 10, "betl": 10}
#: announced with the first cards only, before the pickup (hu3-17)
BEFORE_PICKUP = {"absolut", "hundred"}
#: figures that need a trump suit (hu3 convention 8 (docs/rules/hu3.md))
NEED_TRUMP = {"tuletroa", "celad", "ultimo", "alltrumps"}

J, NINE, A, T, K, Q, SEVEN = 4, 2, 7, 3, 6, 5, 0  # natural rank indices


@dataclass(slots=True)
class Announced:
    figures: list[str] = field(default_factory=list)
    #: (code, pos, seat, message)
    findings: list[tuple[str, tuple[int, int], int, str]] = field(default_factory=list)

    def __init__(self, figures: list[str] | None = None,
                 findings: list[tuple[str, tuple[int, int], int, str]] | None = None) -> None:
        # written out: compiled by mypyc, a dataclass's generated __init__ runs
        # interpreted, at several thousand instructions a call (docs/dev/compiled.md)
        self.figures = [] if figures is None else figures
        self.findings = [] if findings is None else findings

    @property
    def betl(self) -> bool:
        return "betl" in self.figures


def check_announcements(entries: list[Announce], soloist: int, kind: int) -> Announced:
    """The valid figures, in order; each invalid one is B302 and ignored (§8)."""
    out = Announced()
    for entry in entries:
        before = entry.after == "bids"
        for i, name in enumerate(entry.figures):
            pos = entry.figure_pos[i] if i < len(entry.figure_pos) else entry.pos
            why = None
            if entry.after == "play":
                why = "no figure may be announced after play has begun (hu3 convention 8 (docs/rules/hu3.md))"
            elif entry.seat != soloist:
                why = f"only the soloist (seat {soloist}) announces figures"
            elif name not in VALUES:
                why = f"'{name}' is not a figure"
            elif name in out.figures:
                why = f"'{name}' was already announced"
            elif out.betl:
                why = "no figure after betl"
            elif name in BEFORE_PICKUP and not before:
                why = f"'{name}' is announced before the pickup, with the first cards (hu3-17)"
            elif name in NEED_TRUMP and kind == NO_TRUMPS:
                why = f"'{name}' needs a trump suit"
            if why:
                out.findings.append(("B302", pos, entry.seat, why))
            else:
                out.figures.append(name)
    return out


def figure_made(name: str, *, points: int, trump: int, won: int, all_tricks: bool,
                last_card: int | None, nt: bool) -> bool:
    """Whether the soloist made one figure (hu3 convention 18 (docs/rules/hu3.md)).

    ``points`` is the soloist's total for the pass test, ``won`` the mask of
    the cards in his tricks, ``last_card`` his card in the last trick if he won it.
    """
    if name == "absolut":
        return points >= (66 if nt else 82)
    if name == "hundred":
        return points >= (80 if nt else 100)
    if name == "twohundred":
        return points >= 200
    if name == "tuletroa":
        return _won_all(won, trump, (J, NINE, SEVEN))
    if name == "celad":
        return _won_all(won, trump, (A, K, Q))
    if name == "alltrumps":
        return _won_all(won, trump, (J, NINE, A, T, K, Q))
    if name == "fortyfour":
        return all(won >> (s * 8 + A) & 1 for s in range(4))
    if name == "ultimo":
        return last_card == trump * 8 + SEVEN
    if name == "volat":
        return all_tricks
    return False


def _won_all(won: int, suit: int, ranks: tuple[int, ...]) -> bool:
    """Whether the cards of ``won`` include each of ``ranks`` in ``suit``.

    A module function, not a closure inside :func:`figure_made`: compiled by mypyc
    a closure and its environment refer to each other, a reference cycle that
    only the garbage collector frees, made on every Hungarian deal."""
    return all(won >> (suit * 8 + r) & 1 for r in ranks)


def deal_value(figures: Sequence[str]) -> int:
    """V = 1 + the figures; hundred includes absolut (4 + 3), counted once (§19)."""
    if not figures:  # the usual deal: the game alone
        return 1
    if "betl" in figures:
        return VALUES["betl"]
    names = set(figures)
    if "hundred" in names:
        names.add("absolut")
    return 1 + sum(VALUES[f] for f in names)


def game_points(players: int, soloist: int, value: int, made: bool,
                kontras: tuple[int, ...], factor: int) -> list[Points]:
    """Scores by seat index (0-based) for a deal of value V (§20).

    Without kontra: made → soloist +V; failed → each defender +V.  Each kontra is
    its own account between its giver and the soloist at ×2 (×4 after rekontra).
    """
    scores: list[Points] = [0] * players
    for d in range(players):
        if d == soloist:
            continue
        if d in kontras:
            amount = factor * value
            scores[d] += -amount if made else amount
            scores[soloist] += amount if made else -amount
        elif made:
            continue
        else:
            scores[d] += value
    if made:
        scores[soloist] += value if not kontras else 0
    return scores


def hungarian_scoring(rs: Ruleset, t: Tally, pot: Points = 0) -> DealScore:
    """A Hungarian deal in game points (hu3 conventions 16-20 (docs/rules/hu3.md)).

    A seat's points are its cards (+10 for the last trick when all were played)
    and its side's counted declarations and bela, the two defenders being one
    side for the trick test.  The soloist passes with more than both defenders
    together (hu2: than the opponent); made = passed and every figure made.
    """
    x = t.soloist if t.soloist is not None else SoloistPlay()
    n = len(t.points)
    sol = t.caller_side
    # plain loops over ints: compiled, sums over generators and list copies of
    # the tally are calls and objects made for every Hungarian deal
    defender_tricks = 0
    for s in range(n):
        if s != sol:
            defender_tricks += t.tricks[s]
    tot = [0] * n
    for s in range(n):
        has_trick = t.tricks[s] if s == sol else defender_tricks
        tot[s] = t.points[s] + t.decl[s] + t.bela[s] if has_trick else t.points[s]
    figures = x.figures
    if x.betl:
        made = t.tricks[sol] == 0
    else:
        defenders_points = 0
        for s in range(n):
            if s != sol:
                defenders_points += tot[s]
        made = tot[sol] > defenders_points
        for name in figures:
            made = made and figure_made(name, points=tot[sol], trump=t.contract.kind,
                                        won=x.won, all_tricks=t.capot_side == sol,
                                        last_card=x.last_card,
                                        nt=t.contract.kind == NO_TRUMPS)
    value = deal_value(figures)
    kontras = tuple([rs.side_of[s] for s in t.contract.kontras]) if t.contract.kontras else ()
    scores = game_points(n, sol, value, made, kontras, 4 if t.contract.double == 4 else 2)
    return DealScore(scores, made)


# compiled by mypyc, a class with a constructor of its own pickles this way
by_fields(Announced)
