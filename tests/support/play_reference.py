"""A deliberately plain reference of the card-play rules, for checking the engine.

Written straight from the rule rows (docs: the rules reference, rows cited by id)
with strings, lists and ifs: no masks, no precomputed tables, no fast paths, and
nothing imported from ``replay/``.  A card is its text, ``"JH"`` (rank then
suit, ranks ``7 8 9 T J Q K A``, suits ``S H D C``).  The tests compare this
module with the engine on random positions and on every card of simulated
records; if both were written from the same mistaken idea they would agree, so
this file is kept short enough to be read against the rule rows line by line.

A contract is ``("suit", "H")``, ``("nt", None)``, ``("at", None)`` or
``("betl", None)`` (Hungarian Betl: no trump, plain order, follow suit only).
"""

from __future__ import annotations

from dataclasses import dataclass

# §2 card table: orders listed from the highest card down
TRUMP_ORDER = ["J", "9", "A", "T", "K", "Q", "8", "7"]  # yu4-05, bg4-14
PLAIN_ORDER = ["A", "T", "K", "Q", "J", "9", "8", "7"]  # yu4-04, bg4-14
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
LAST_TRICK = 10  # yu4-06, bg4-39; contree §1: 100 when one side takes every trick


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def is_trump(card: str, contract: tuple) -> bool:
    """A card of the trump suit of a suit contract.  In All trumps every suit is
    *ranked* like trump, but no suit is trump over another (bg4-16)."""
    kind, trump = contract
    return kind == "suit" and suit(card) == trump


def ranked_as_trump(card: str, contract: tuple) -> bool:
    kind = contract[0]
    return kind == "at" or is_trump(card, contract)


def power(card: str, contract: tuple) -> int:
    """How high the card ranks within its own suit (bigger is higher)."""
    order = TRUMP_ORDER if ranked_as_trump(card, contract) else PLAIN_ORDER
    return 8 - order.index(rank(card))


def points(card: str, contract: tuple) -> int:
    """Card points: trump values for trumps and in All trumps; plain values
    otherwise, No trumps and Betl included (§2, bg4-17)."""
    table = TRUMP_POINTS if ranked_as_trump(card, contract) else PLAIN_POINTS
    return table[rank(card)]


def winner(trick: list[str], contract: tuple) -> int:
    """Index of the card that takes the trick: the highest trump of a suit
    contract if any was played, else the highest card of the suit led.  Cards of
    any other suit never win (§5.1 item 2, yu4-32, bg4-15, bg4-16)."""
    trumps = [i for i, c in enumerate(trick) if is_trump(c, contract)]
    if trumps:
        return max(trumps, key=lambda i: power(trick[i], contract))
    led = suit(trick[0])
    followers = [i for i, c in enumerate(trick) if suit(c) == led]
    return max(followers, key=lambda i: power(trick[i], contract))


@dataclass(frozen=True)
class Duties:
    """One variant's reading of the play rows (the play rows of docs/rules/*.md), as booleans."""

    #: plain led suit: beat the best card of that suit if able (iber)
    iber: bool
    #: ... even when partner holds the trick
    iber_over_partner: bool
    #: trump led: beat the best trump if able
    raise_trump: bool
    #: ... even when partner holds the trick
    raise_over_partner: bool
    #: void in a plain led suit: ruff even when partner holds the trick
    ruff_if_partner_wins: bool
    #: an earlier trump on the trick must be over-ruffed if able
    overruff: bool
    #: ... even when it is partner's
    overruff_partner: bool
    #: unable to over-ruff: a lower trump must still be played
    underruff: bool


# bg4 profiles (bg4 intro, §5.4): trump-raise-partner, ruff-if-partner-wins, underruff
BG_PROFILES = {
    "o": {"trump-raise-partner": "on", "ruff-if-partner-wins": "off", "underruff": "off"},
    "q1": {"trump-raise-partner": "off", "ruff-if-partner-wins": "on", "underruff": "on"},
    "q2": {"trump-raise-partner": "on", "ruff-if-partner-wins": "on", "underruff": "on"},
}


def duties(variant: str, switches: dict[str, str]) -> Duties:
    """The duties of a variant under its house-rule switches (absent = default)."""
    if variant in ("yu4", "yu3", "mk4"):
        # yu4-31..36, yu3-12, mk4-19..21 (A39, A40): iber everywhere, over partner too,
        # always ruff, over-ruff any earlier trump, under-ruff when unable.  yu4's
        # iber-partner=off exempts partner's best card from every "beat it" duty.
        exempt = variant == "yu4" and switches.get("iber-partner", "on") == "off"
        return Duties(True, not exempt, True, not exempt, True, True, not exempt, True)
    if variant == "ru3":
        # ru3-21, ru3-22, A14: no iber; trumps must be beaten; always ruff; under-ruff
        return Duties(False, False, True, True, True, True, True, True)
    if variant == "ru-pair":
        # ru-pair-09, ru-pair-10: raise partner's trump too; ruff only against the
        # opponents; over-ruff an opponent's trump; still ruff when unable (best reading)
        return Duties(False, False, True, True, False, True, False, True)
    if variant in ("bg4", "bg3", "bg2"):
        # bg4-21..27; bg3 and bg2 take profile q2 unless told otherwise (A27)
        profile = switches.get("profile", "o" if variant == "bg4" else "q2")
        sw = dict(BG_PROFILES[profile])
        sw.update({k: v for k, v in switches.items() if k in sw})
        return Duties(False, False, True, sw["trump-raise-partner"] == "on",
                      sw["ruff-if-partner-wins"] == "on", True, False, sw["underruff"] == "on")
    if variant == "fr4":
        # fr4 follows q1 with the over-ruff duty: no raise over partner, always ruff,
        # over-ruff an opponent's trump, else a lower trump
        return Duties(False, False, True, False, True, True, False, True)
    if variant == "contree":
        # contree §4: raise on a trump lead even over partner; partner master -> any
        # card; over-ruff an opponent; never forced to under-ruff
        return Duties(False, False, True, True, False, True, False, False)
    if variant in ("hu3", "hu2"):
        # hu3-14: follow, ruff when void; no beating duty of any kind
        return Duties(False, False, False, False, True, False, False, True)
    raise ValueError(variant)


def partners(a: int, b: int, players: int) -> bool:
    """Seats on one side: 1+3 and 2+4 with four players; everyone alone otherwise."""
    return a == b or (players == 4 and a % 2 == b % 2)


def legal(hand: list[str], trick: list[str], seats: list[int], seat: int, contract: tuple,
          d: Duties, players: int) -> list[str]:
    """The cards of ``hand`` that ``seat`` may play to ``trick`` (played by ``seats``).

    The duties in the order follow suit, beat in the led suit, ruff, over-ruff,
    under-ruff, free (§5.3)."""
    if not trick:
        return list(hand)  # the leader plays any card
    kind = contract[0]
    led = suit(trick[0])
    follow = [c for c in hand if suit(c) == led]
    best = trick[winner(trick, contract)]
    partner_holds = partners(seats[winner(trick, contract)], seat, players)

    if kind in ("nt", "betl"):
        return follow or list(hand)  # bg4-26, hu3-19 (A37): follow suit only
    if kind == "at":
        # bg4-27: follow and beat the best card of the led suit whoever holds the
        # trick; void: any card (no suit is trump over another)
        if not follow:
            return list(hand)
        higher = [c for c in follow if power(c, contract) > power(best, contract)]
        return higher or follow

    trump = contract[1]
    if follow:
        if led == trump:
            if d.raise_trump and (d.raise_over_partner or not partner_holds):
                higher = [c for c in follow if power(c, contract) > power(best, contract)]
                if higher:
                    return higher
            return follow
        ruffed = any(is_trump(c, contract) for c in trick)
        if d.iber and not ruffed and (d.iber_over_partner or not partner_holds):
            # yu4-34: once a trump lies on a plain lead the followers need not beat
            higher = [c for c in follow if power(c, contract) > power(best, contract)]
            if higher:
                return higher
        return follow

    trumps = [c for c in hand if is_trump(c, contract)]
    if not trumps:
        return list(hand)
    if partner_holds and not d.ruff_if_partner_wins:
        return list(hand)  # ru-pair-09, bg4-23 (o), contree C1
    trump_on_trick = any(is_trump(c, contract) for c in trick)
    if trump_on_trick and d.overruff and (d.overruff_partner or not partner_holds):
        higher = [c for c in trumps if power(c, contract) > power(best, contract)]
        if higher:
            return higher
        if not d.underruff:
            return list(hand)  # bg4-24 (o), contree C4: any card
    return trumps


def trick_points(trick: list[str], contract: tuple, last: bool) -> int:
    return sum(points(c, contract) for c in trick) + (LAST_TRICK if last else 0)
