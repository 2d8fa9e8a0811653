"""Which cards a seat may play to a trick, and which duty a card breaks.

The duties are evaluated in the order of rules-matrix.md §5.3:
follow suit → overbeat in the led suit → ruff → over-ruff → under-ruff → free.
Each step narrows the allowed set; a card outside it breaks that step's duty,
reported with the code of bgn.md §5 (the first duty broken, §9.6):

- ``C401`` did not follow the led suit while holding it;
- ``C403`` a trump too low where a higher one was owed (trump lead, over-ruff),
  in suit contracts; ``C404`` in All trumps and for the plain-suit overbeat (iber);
- ``C402`` a non-trump where a trump was owed (ruff, over-ruff, under-ruff).

Everything is integer masks: ``hand`` is the seat's 32-bit mask, ``trick`` the
cards already in the trick (ints), ``seats`` their seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from replay.cards import SUIT_MASK, SUIT_OF, ContractTables


@dataclass(frozen=True, slots=True)
class PlayDuties:
    """A variant's play duties (rules-matrix.md §5.2 E); rows cited per ruleset."""

    #: must beat the best card of a plain led suit (iber: yu4-33, mk4-19)
    overbeat_plain: bool
    #: must beat the best trump on a trump lead (yu4-33, mk4-21, bg4-22)
    overbeat_trump: bool
    #: the plain overbeat holds even when partner's card is best (yu4-36 switch)
    overbeat_plain_over_partner: bool
    #: the trump raise holds even when partner's card is best (bg4 trump-raise-partner)
    overbeat_trump_over_partner: bool
    #: once a trump lies on a plain lead, followers need not overbeat (yu4-34, mk4-21)
    overbeat_lapses_after_ruff: bool
    #: a void seat must ruff even when partner holds the trick (yu4-31; bg4 switch)
    ruff_when_partner_wins: bool
    #: must over-ruff an earlier trump when able (yu4-34, mk4 A40)
    overruff: bool
    #: ... also when that trump is partner's (yu4-34 vs the yu4-36 house rule)
    overruff_over_partner: bool
    #: void, cannot over-ruff: must still play a (lower) trump (yu4-35, mk4 A40)
    underruff: bool
    #: in All trumps the raise holds whoever is winning (bg4-27)
    all_trumps_raise_over_partner: bool = True


def beats(card: int, best: int, led: int, ct: ContractTables) -> bool:
    """Does ``card`` take the trick from ``best``, the card winning it so far?

    A card can win only in the led suit or as a trump of a suit contract
    (``ct.ruff_mask``), and then only by ranking higher in this contract's order
    (yu4-32, mk4-18, §5.1 item 2).  In No trumps and All trumps no suit dominates:
    a card of another suit never wins (bg4-15, bg4-16), although in All trumps
    every suit is *ranked* as trump.  The engine's card loop inlines this test;
    ``tests/test_play_reference.py`` pins the two together.
    """
    return (SUIT_OF[card] == led or (ct.ruff_mask >> card) & 1 == 1) and (
        ct.strength[card] > ct.strength[best])


def trick_winner(trick: list[int], ct: ContractTables) -> int:
    """Index in ``trick`` of the winning card: the highest trump of a suit
    contract, else the highest card of the led suit (see ``beats``)."""
    led = SUIT_OF[trick[0]]
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], led, ct):
            best = i
    return best


def judge(
    hand: int,
    card: int,
    trick: list[int],
    seats: list[int],
    seat: int,
    ct: ContractTables,
    duties: PlayDuties,
    side_of: tuple[int, ...],
    w: int = -1,
) -> tuple[int, str | None]:
    """The legal set for ``seat`` and the code of the duty ``card`` breaks.

    Pass ``card = -1`` to get the legal set alone.  Returns ``(legal_mask,
    code)``; ``code`` is ``None`` when the card is legal (or not asked).
    ``w``, when known, is the index of the card winning the trick so far.
    """
    if not trick:
        return hand, None
    bit = (1 << card) if card >= 0 else 0
    lead = trick[0]
    led_mask = SUIT_MASK[SUIT_OF[lead]]
    trump_mask = ct.trump_mask
    if w < 0:
        w = trick_winner(trick, ct)
    best = trick[w]
    partner_wins = side_of[seats[w]] == side_of[seat]

    follow = hand & led_mask
    if follow:
        if bit and not bit & follow:
            return follow, "C401"
        if led_mask & trump_mask:
            # trump led (or any lead in All trumps): raise on the best trump
            over_partner = (duties.all_trumps_raise_over_partner if ct.kind > 3
                            else duties.overbeat_trump_over_partner)
            if duties.overbeat_trump and (over_partner or not partner_wins):
                higher = follow & ct.above[best]
                if higher:
                    code = "C404" if ct.kind > 3 else "C403"
                    return higher, (code if bit and not bit & higher else None)
            return follow, None
        if duties.overbeat_plain and (duties.overbeat_plain_over_partner or not partner_wins):
            ruffed = (trump_mask >> best) & 1
            if not (ruffed and duties.overbeat_lapses_after_ruff):
                best_led = best
                if ruffed:  # no lapse: beat the best card of the led suit
                    best_led = max(
                        (c for c in trick if SUIT_OF[c] == SUIT_OF[lead]), key=ct.strength.__getitem__
                    )
                higher = follow & ct.above[best_led]
                if higher:
                    return higher, ("C404" if bit and not bit & higher else None)
        return follow, None

    # void in the led suit
    if ct.kind > 3:  # No trumps / All trumps: no ruffing duty, any card
        return hand, None
    trumps = hand & trump_mask
    if not trumps or not (duties.ruff_when_partner_wins or not partner_wins):
        return hand, None
    if (trump_mask >> best) & 1:  # a trump lies in the trick: over-ruff?
        due = duties.overruff and (duties.overruff_over_partner or not partner_wins)
        if due:
            higher = trumps & ct.above[best]
            if higher:
                if bit and not bit & higher:
                    return higher, ("C403" if bit & trump_mask else "C402")
                return higher, None
            if not duties.underruff:
                return hand, None
    if bit and not bit & trumps:
        return trumps, "C402"
    return trumps, None


def legal_cards(hand, trick, seats, seat, ct, duties, side_of) -> int:
    """The mask of cards ``seat`` may play (shared by the engine, claims and the simulator)."""
    return judge(hand, -1, trick, seats, seat, ct, duties, side_of)[0]
