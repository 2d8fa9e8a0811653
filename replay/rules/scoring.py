"""Scoring one deal: from what the cards and declarations gave each side to the sheet.

The engine tallies a deal (``replay.rules.tally.Tally``: card points, tricks,
declarations won, bela credited, capot); the variant's scoring rule, chosen by
its ``Scoring`` name through ``RULES``, turns the tally into the numbers the
players write (``DealScore``):

- ``raw_partnership``: raw points, the callers need strictly more, a failed
  contract gives everything to the other side (yu4-39 … yu4-42, mk4-24/25,
  fr4 convention 4 (docs/rules/fr4.md));
- ``soloist_raw``, ``contractor_split``: the three-player rules (yu3-07, ru3-23);
- ``match_points``, ``match_points_solo``: bg4's ÷10 with the limit-digit
  rounding, No-trumps doubled, contra/recontra, hanging points (bg4-41 … bg4-46,
  bg4-50, A22, A23), and bg3's reading of it (A27);
- ``contree``: points made + points bid (contree convention 6 (docs/rules/contree.md));
- Hungarian game points with the figures (``replay.rules.figures.hungarian_scoring``).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Final

from replay.model.cards import ALL_TRUMPS, NO_TRUMPS
from replay.rules.figures import hungarian_scoring
from replay.rules.policies import Scoring, Units
from replay.rules.ruleset import Ruleset
from replay.rules.tally import DealScore, Points, Tally

#: a scoring rule: the ruleset, the deal's tally and the points hanging from the
#: deals before to the deal's scores
ScoringRule = Callable[[Ruleset, Tally, Points], DealScore]


def raw_partnership(rs: Ruleset, t: Tally, pot: Points = 0) -> DealScore:
    """Raw points; the callers' side needs strictly more than the other (a tie
    fails: yu4-40, mk4-24, fr4-07); failed → the other side writes everything
    (yu4-42, mk4-25).  Capot +90 (yu4-38, mk4-23); in yu4 the capot side also
    takes the contest winner's declarations and every bela (yu4-38, §9.11)."""
    sides = len(t.points)
    nt = 2 if rs.nt_doubles_declarations and t.contract.kind == NO_TRUMPS else 1
    totals: list[Points] = [p * nt for p in t.points]  # ru-pair-06: No trumps doubles everything
    decl = [d * nt for d in t.decl]
    bela = list(t.bela)
    cs = t.capot_side
    if cs is not None:
        totals[cs] += rs.capot_bonus
        if rs.declarations.capot_takes_all:
            totals[cs] += sum(decl) + sum(bela)
        else:
            totals[cs] += decl[cs] + bela[cs]
            if not rs.bela.needs_trick:
                for s in range(sides):
                    if s != cs:
                        totals[s] += bela[s]
    else:
        for s in range(sides):
            if t.tricks[s] or not rs.decl_needs_trick:
                totals[s] += decl[s]
            if t.tricks[s] or not rs.bela.needs_trick:
                totals[s] += bela[s]
    caller = t.caller_side
    # the callers against the best of the others; failed, the first other seat or
    # side writes everything (loops: compiled, max() or next() over a generator is
    # a generic call)
    first_other = 0 if caller else 1
    others = totals[first_other]
    for s in range(first_other + 1, sides):
        if s != caller and totals[s] > others:
            others = totals[s]
    if totals[caller] > others:
        return DealScore(totals, True)
    scores: list[Points] = [0] * sides
    scores[first_other] = sum(totals)
    return DealScore(scores, False)


# ---------------------------------------------------------- three players
def _own_points(rs: Ruleset, t: Tally) -> list[Points]:
    """Each seat's points: cards (+ last 10, + yu3 discards) and, where it took a
    trick itself, its counted declarations and bela (yu3-08, A46, ru3-26)."""
    out: list[Points] = list(t.points)
    for s in range(len(out)):
        if t.tricks[s]:
            out[s] += t.decl[s] + t.bela[s]
    return out


def soloist_raw(rs: Ruleset, t: Tally, pot: Points = 0) -> DealScore:
    """yu3: every seat its own points; the soloist passes with at least the two
    defenders together (a tie passes, yu3-07, C15); failed: he writes '-', the
    defenders their own (yu3-13).  All ten tricks: +90 (yu3-14)."""
    tot = _own_points(rs, t)
    if t.capot_side is not None:
        tot[t.capot_side] += rs.capot_bonus
    sol = t.caller_side
    made = tot[sol] >= sum(v for s, v in enumerate(tot) if s != sol)
    if not made:
        tot[sol] = 0
    return DealScore(tot, made)


def contractor_split(rs: Ruleset, t: Tally, pot: Points = 0) -> DealScore:
    """ru3: capot +50 to each other seat for one trickless seat, +100 for taking
    every trick (ru3-26).  The contractor below either opponent fails: his points
    are split in halves between them (ru3-23, switch split-rounding); equal to one
    hangs: the opponents write their own, his points wait for the single top
    scorer of the next deal with a contract (ru3-24, A16, ru3 conventions 20-21 (docs/rules/ru3.md))."""
    tot = _own_points(rs, t)
    n = len(tot)
    trickless = [s for s in range(n) if not t.tricks[s]]
    if len(trickless) == n - 1:
        assert t.capot_side is not None  # the one seat with tricks took them all
        tot[t.capot_side] += 100  # double capot: the others write nothing
    elif len(trickless) == 1:
        for s in range(n):
            if s != trickless[0]:
                tot[s] += 50
    c = t.caller_side
    opponents = [s for s in range(n) if s != c]
    made: bool | None
    hang: Points = 0
    if any(tot[c] < tot[s] for s in opponents):
        half = Decimal(tot[c]) / 2
        if rs.score_options.split_rounds_down:
            half = Decimal(int(half))
        for s in opponents:
            tot[s] += half
        tot[c] = 0
        made = False
    elif any(tot[c] == tot[s] for s in opponents):
        hang = tot[c]
        tot[c] = 0
        made = False
    else:
        made = True
    scores = [_whole(v) for v in tot]
    if hang:
        return DealScore(scores, made, pot + hang)
    if pot:
        top = max(scores)
        leaders = [s for s in range(n) if scores[s] == top]
        if len(leaders) == 1:
            scores[leaders[0]] += pot
        else:
            return DealScore(scores, made, pot)  # a tie at the top: it stays pending
    return DealScore(scores, made, 0)


def _whole(v: Points) -> Points:
    """Keep halves as Decimal, whole values as int (yu3 convention 7 (docs/rules/yu3.md))."""
    if isinstance(v, Decimal) and v == v.to_integral_value():
        return int(v)
    return v


# ------------------------------------------------------------ match points
LIMIT = {NO_TRUMPS: 5, ALL_TRUMPS: 4}  # bg4-46; suit contracts: 6


def limit_digit(kind: int) -> int:
    return LIMIT.get(kind, 6)


def round_one(x: int, limit: int, up_on_limit: bool = False) -> int:
    """÷10: a last digit below the limit rounds down, above it up (bg4-46)."""
    d = x % 10
    if d < limit or (d == limit and not up_on_limit):
        return x // 10
    return x // 10 + 1


def round_pair(a: int, b: int, limit: int) -> tuple[int, int]:
    """Both sides' points to match points.  When both end on the limit digit the
    lower rounds up and the higher down (bg4-46: 56–106 → 6–10, 6–156 → 1–15);
    equal scores on the limit (a hang, bg4-50) are settled by the caller."""
    if a % 10 == limit and b % 10 == limit and a != b:
        return (round_one(a, limit, a < b), round_one(b, limit, b < a))
    return round_one(a, limit), round_one(b, limit)


def match_points(rs: Ruleset, t: Tally, pot: Points = 0) -> DealScore:
    """bg4: raw totals, No-trumps doubled (bg4-19), valat +90 (bg4-40), then
    match points.  Made: each side its own; failed: the defenders take all;
    equal: the callers' points hang for the next deal (bg4-41 … bg4-44).  Under
    contra/recontra the side with more points takes the whole deal ×2/×4 and a
    tie hangs all of it (bg4-45, A23: round first, then multiply)."""
    options = rs.score_options
    kind = t.contract.kind
    limit = limit_digit(kind)
    caller = t.caller_side
    defender = 1 - caller
    nt = 2 if kind == NO_TRUMPS else 1
    raw = [p * nt for p in t.points]
    for s in (0, 1):
        if t.tricks[s] or not rs.decl_needs_trick:  # bg4-37 (q2)
            raw[s] += t.decl[s]
        if t.tricks[s] or not rs.bela.needs_trick:  # switch belote-needs-trick
            raw[s] += t.bela[s]
    valat = 0
    if t.capot_side is not None:
        valat = rs.capot_bonus * (2 if kind == NO_TRUMPS and options.valat_doubled_in_nt else 1)
        if t.contract.double == 1 or options.valat_under_contra:
            raw[t.capot_side] += valat
            valat = 0  # counted inside the multiplied total
    c, d = raw[caller], raw[defender]
    scores: list[Points] = [0, 0]
    hang = 0
    factor = t.contract.double
    if factor == 1:
        if c > d:
            scores[caller], scores[defender] = round_pair(c, d, limit)
            made: bool | None = True
        elif c < d:
            scores[defender] = round_one(c + d, limit)
            made = False
        else:
            # bg4-44, bg4-50: the defenders write their own (rounded down on the
            # limit), the callers' points hang (rounded up on the limit)
            scores[defender] = round_one(d, limit)
            hang = round_one(c, limit, up_on_limit=True)
            made = False
    else:
        whole = round_one(c + d, limit) * factor
        if c != d:
            winner = caller if c > d else defender
            scores[winner] = whole + (valat // 10 if t.capot_side == winner else 0)
            made = c > d
        else:
            hang = whole
            made = False
    if made is False and options.kirtik and hang == 0:
        scores[caller] -= 10  # bg4-48: −10 MP for a failed contract
    # hanging points already pending go to the side with the positive score (A22)
    if hang:
        return DealScore(scores, made, pot + hang)
    if pot:
        scores[caller if made else defender] += pot
    return DealScore(scores, made, 0)


def match_points_solo(rs: Ruleset, t: Tally, pot: Points = 0) -> DealScore:
    """bg3 (A27, our reading): bg4-q2 with "opponents" = the other players combined.
    Each seat's raw points as in bg4; made: the caller has more than the others
    together, and everyone writes his own; failed: the caller writes '-' and his
    points are shared equally by the others; equal: his points hang.  Contra ×2,
    recontra ×4 go to the caller, or are shared by the others.  Hanging points go
    to the single top scorer of the next deal with a contract (as ru3)."""
    kind = t.contract.kind
    limit = limit_digit(kind)
    n = len(t.points)
    c = t.caller_side
    others = [s for s in range(n) if s != c]
    nt = 2 if kind == NO_TRUMPS else 1
    raw = [p * nt for p in t.points]
    for s in range(n):
        if t.tricks[s] or not rs.decl_needs_trick:
            raw[s] += t.decl[s]
        if t.tricks[s] or not rs.bela.needs_trick:
            raw[s] += t.bela[s]
    if t.capot_side is not None:
        raw[t.capot_side] += rs.capot_bonus
    opp = sum(raw[s] for s in others)
    scores: list[Points] = [0] * n
    hang = 0
    f = t.contract.double
    if raw[c] == opp:
        hang = round_one(raw[c] * f, limit, up_on_limit=True)
        for s in others:
            scores[s] = round_one(raw[s], limit) if f == 1 else 0
        made: bool | None = False
    elif f == 1:
        made = raw[c] > opp
        if made:
            scores = [round_one(v, limit) for v in raw]
        else:
            for s in others:
                scores[s] = round_one(raw[s] + raw[c] // len(others), limit)
    else:
        made = raw[c] > opp
        whole = round_one(sum(raw), limit) * f
        if made:
            scores[c] = whole
        else:
            for s in others:
                scores[s] = whole // len(others)
    if hang:
        return DealScore(scores, made, pot + hang)
    if pot:
        top = max(scores)
        leaders = [s for s in range(n) if scores[s] == top]
        if len(leaders) != 1:
            return DealScore(scores, made, pot)
        scores[leaders[0]] += pot
    return DealScore(scores, made, 0)


# ------------------------------------------------------------------ contrée
def contree(rs: Ruleset, t: Tally, pot: Points = 0) -> DealScore:
    """Points made + points bid (contree convention 6 (docs/rules/contree.md))."""
    caller = t.caller_side
    defender = 1 - caller
    pts = t.points  # with the last trick at 100 for a side that took all eight (§1)
    bel = t.bela
    v = t.contract.value or 0
    m = t.contract.double
    if t.contract.capot:
        made = t.capot_side == caller
    else:
        made = pts[caller] + bel[caller] >= v
    scores: list[Points] = [0, 0]
    if made and m == 1:
        scores[caller] = pts[caller] + v + bel[caller]
        scores[defender] = pts[defender] + bel[defender]
    elif made:
        base = 252 if t.capot_side == caller else 162
        scores[caller] = base + v * m + bel[caller] + bel[defender]
    else:
        scores[defender] = 162 + v * m + bel[caller] + bel[defender]
    return DealScore(scores, made)


# ----------------------------------------------------------------- penalty
def breach_scores(rs: Ruleset, kind: int, offender_side: int, all_declared: int) -> list[Points]:
    """mk4-22: the other side scores 162, nothing else counts.  bg4-49 (switch
    breach-penalty=on): 162 / 258 (All trumps) / 260 (No trumps, A24) plus every
    declaration of the deal, in match points."""
    scores: list[Points] = [0] * rs.sides
    if rs.units is Units.MP:
        base = {ALL_TRUMPS: 258, NO_TRUMPS: 260}.get(kind, 162) + all_declared
        value = round_one(base, limit_digit(kind))
    else:
        value = rs.breach_penalty
    for s in range(rs.sides):
        if s != offender_side:
            scores[s] = value
    return scores


#: the scoring rule of each ``Scoring`` name (``Ruleset.scoring``)
RULES: Final[dict[Scoring, ScoringRule]] = {
    Scoring.RAW_PARTNERSHIP: raw_partnership,
    Scoring.SOLOIST_RAW: soloist_raw,
    Scoring.CONTRACTOR_SPLIT: contractor_split,
    Scoring.MATCH_POINTS: match_points,
    Scoring.MATCH_POINTS_SOLO: match_points_solo,
    Scoring.CONTREE: contree,
    Scoring.HUNGARIAN: hungarian_scoring,
}


def score_deal(rs: Ruleset, t: Tally, pot: Points = 0) -> DealScore:
    """The deal's scores by the ruleset's scoring rule, ``pot`` the points hanging."""
    return RULES[rs.scoring](rs, t, pot)
