"""Which cards a seat may play to a trick, and which duty a card breaks.

The duties are evaluated in the order of docs/rules/:
follow suit → overbeat in the led suit → ruff → over-ruff → under-ruff → free.
Each step narrows the allowed set; a card outside it breaks that step's duty,
reported with the code of docs/codes.md (the first duty broken, docs/bgn/replay.md §6):

- ``C401`` did not follow the led suit while holding it;
- ``C403`` a trump too low where a higher one was owed (trump lead, over-ruff),
  in suit contracts; ``C404`` in All trumps and for the plain-suit overbeat (iber);
- ``C402`` a non-trump where a trump was owed (ruff, over-ruff, under-ruff).

Everything is integer masks: ``hand`` is the seat's 32-bit mask, ``trick`` the
cards already in the trick (ints), ``seats`` their seats.

This module is the one owner of the play rules: the trick winner (``beats``,
``trick_winner``), the legal set (``judge``, ``legal_cards``), the breach and
its reason (``verify_card``, ``Breach``) and the engine's shortcut for the
usual card that no duty can touch (``no_duty_bites``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from replay.model.cards import CARD_TEXT, SUIT_MASK, SUIT_NAMES, SUIT_OF, ContractTables, cards_in
from replay.model.pickling import by_fields


@dataclass(frozen=True, slots=True)
class PlayDuties:
    """A variant's play duties (docs/rules/); rows cited per ruleset."""

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
    ``tests/engine/test_rules_fidelity.py`` pins the two together.
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
    seats: Sequence[int],
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


def legal_cards(hand: int, trick: list[int], seats: Sequence[int], seat: int, ct: ContractTables,
                duties: PlayDuties, side_of: tuple[int, ...]) -> int:
    """The mask of cards ``seat`` may play (shared by the engine, claims and the simulator)."""
    return judge(hand, -1, trick, seats, seat, ct, duties, side_of)[0]


@dataclass(frozen=True, slots=True)
class Breach:
    """A card that breaks a play duty: the code of docs/codes.md and the reason in words."""

    code: str
    message: str


def breach_reason(code: str, seat: int, card: int, trick: list[int], hand: int,
                  ct: ContractTables) -> str:
    """The reason a player reads for the duty ``code`` that ``card`` broke."""
    led = SUIT_OF[trick[0]]
    text = CARD_TEXT[card]
    if code == "C401":
        held = " ".join(CARD_TEXT[x] for x in cards_in(hand & SUIT_MASK[led]))
        return f"seat {seat} did not follow {SUIT_NAMES[led]} while holding {held}"
    if code == "C402":
        held = " ".join(CARD_TEXT[x] for x in cards_in(hand & ct.trump_mask))
        return f"seat {seat} played {text} instead of a trump while holding {held}"
    if code == "C403":
        return f"seat {seat} played {text}, a trump too low, while holding a higher trump"
    return (f"seat {seat} played {text} without beating the best {SUIT_NAMES[led]} "
            "while holding a higher one")


def verify_card(hand: int, card: int, trick: list[int], seats: Sequence[int], seat: int,
                ct: ContractTables, duties: PlayDuties, side_of: tuple[int, ...],
                w: int = -1) -> Breach | None:
    """The duty ``card`` breaks when ``seat`` plays it from ``hand`` to ``trick``,
    with its reason; None when the card is legal (arguments as for ``judge``)."""
    code = judge(hand, card, trick, seats, seat, ct, duties, side_of, w)[1]
    if code is None:
        return None
    return Breach(code, breach_reason(code, seat, card, trick, hand, ct))


def follow_is_free(lead: int, ct: ContractTables, duties: PlayDuties) -> bool:
    """After the lead card ``lead``: may any card of the led suit follow, the
    variant having no duty to beat on this lead (no iber on a plain lead, no
    raise on a trump lead)?"""
    return not (duties.overbeat_trump if (ct.trump_mask >> lead) & 1 else duties.overbeat_plain)


def no_duty_bites(card: int, hand: int, led_mask: int, best: int, free_follow: bool,
                  ct: ContractTables) -> bool:
    """True when no duty of §5.3 can be broken by ``card``, a follower's card (not
    the lead) held in ``hand``; ``led_mask`` is the led suit, ``best`` the card
    winning the trick so far, ``free_follow`` is ``follow_is_free`` of the lead.

    The cases, each of which meets every duty whatever the partner exceptions:

    - a card of the led suit that beats the trick so far (it obeys every raise);
    - any card of the led suit where the variant has no duty to beat on this lead;
    - a card of the led suit from a hand holding nothing above the best card, that
      best card being of the led suit (there is nothing to beat it with);
    - any card from a hand void in the led suit, in No trumps and All trumps (no
      ruffing duty) or holding no trump (nothing to ruff with).

    False means only "ask ``judge``": the card may still be legal.  The engine
    skips ``judge`` when this holds (the usual card); its card loop inlines this
    test, as it does ``beats``.  ``tests/engine/test_legality.py`` checks on random
    positions of every variant that ``judge`` finds no breach wherever this is
    True, and on replayed records that the engine asks ``verify_card`` exactly
    where this is False.
    """
    if (led_mask >> card) & 1:
        return (ct.strength[card] > ct.strength[best] or free_follow
                or ((led_mask >> best) & 1 == 1 and not hand & ct.above[best]))
    return not hand & led_mask and (ct.kind > 3 or not hand & ct.trump_mask)


by_fields(PlayDuties, Breach)  # compiled by mypyc, frozen classes pickle this way
