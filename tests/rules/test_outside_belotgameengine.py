"""An outside authority: the hand-written bg4 cases of another engine, checked against ours.

NikolayIT/BelotGameEngine (MIT, C#) plays Bulgarian Belot and tests its rules with
small hand-written cases.  This file carries over their FACTS — the position and
the answer their tests expect — never their code, and checks each one against
our bg4 engine under its default profile ``o`` (bg4-01 …
bg4-50).  Every case names the test of theirs it comes from
(``src/Tests/Belot.Engine.Tests/GameMechanics/<Class>.<method>``):

- ``ValidCardsServiceTests`` → our legal set (``replay.rules.legality.judge``, through
  tests/support/positions.py's ``legal``: seat 1 leads, seats 1+3 against 2+4);
- ``TrickWinnerServiceTests`` → our trick winner (``replay.rules.legality.trick_winner``);
- ``GetAvailableAnnouncesTests`` → the combinations a hand may declare (the
  simulator's ``_combinations``, values from the bg4 declaration policy);
- ``UpdateActiveAnnouncesTests`` → the declaration contest (``replay.rules.declarations.decide``);
- ``ScoreManagerTests`` → match points (``replay.rules.scoring.match_points`` on a Tally,
  rounding by ``round_one`` / ``round_pair``);
- ``IsBeloteAllowedTests`` → whether the engine accepts a ``bela`` word on a card
  (a one-trick bg4 record replayed; ``A503`` when it does not);
- ``RulesComplianceTests`` → a few of each kind above, and one whole scripted deal
  replayed as a bg4 record.

Their cases speak of seats South, East, North, West in playing order; ours are
seats 1–4 in BGN order, so South = 1, East = 2, North = 3, West = 4 (sides
1+3 and 2+4).  In a trick the leader is seat 1 and the seat to play comes next.

Where their rule choice differs from our reading of the matrix the case is listed
in ``DIFFERENCES`` with the row id and why ours stands; the test asserts OUR
answer there, so it still pins behaviour.  docs/rules-decisions.md ("Other
engines") lists the same differences for readers.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest
from support.engine_util import deal_hands, record, replay_text
from support.positions import legal

from replay.model.cards import (
    ALL_TRUMPS,
    CARD_INDEX,
    CARD_TEXT,
    CONTRACT_TABLES,
    NO_TRUMPS,
    RANKS,
)
from replay.rules.bidding import Contract
from replay.rules.declarations import CARRE, decide, holds, parse_combo
from replay.rules.legality import trick_winner
from replay.rules.rulesets import load_ruleset
from replay.rules.scoring import limit_digit, match_points, round_one, round_pair
from replay.rules.tally import Tally
from replay.simulate import _combinations

S, H, D, C = 0, 1, 2, 3  # our contract kinds 0..3 are the trump suits S H D C
NT, AT = NO_TRUMPS, ALL_TRUMPS
#: their positions in playing order, as our seats
SEAT = {"S": 1, "E": 2, "N": 3, "W": 4}

BG4 = load_ruleset("bg4")  # profile o, every switch at its default


def _mask(cards: str) -> int:
    return sum(1 << CARD_INDEX[c] for c in cards.split())


def suit(s: str, but: str = "") -> str:
    """The eight cards of suit ``s`` (``"H"``), less the ranks in ``but``."""
    return " ".join(r + s for r in RANKS if r not in but)


def rest(cards: str) -> str:
    """Every card of the deck not in ``cards``."""
    held = set(cards.split())
    return " ".join(c for c in CARD_TEXT if c not in held)


# ------------------------------------------------------------------ legal cards
class Play(NamedTuple):
    source: str  # ValidCardsServiceTests member, index or case name
    kind: int  # contract kind
    trick: str  # the cards already in the trick, in playing order; seat 1 led
    hand: str  # the hand of the seat to play next
    legal: str  # the cards it may play


#: ``NoCardsPlayedTests`` and ``OneOrMoreCardsPlayedTests`` hand their trick over as
#: a CardCollection, a bit set that enumerates C D H S and 7 … A within a suit
#: whatever order the test writes — so the trick their engine sees, and the one
#: carried over here, is in that order (their own later comment says as much).
#: A card written twice is one card in a set (OneOrMore[3]: "KS KS KS" is KS).
PLAYS = [
    Play("NoCardsPlayedTests[0]", NT, "", "AD", "AD"),
    Play("NoCardsPlayedTests[1]", AT, "", "AD", "AD"),
    # All trumps: raise on the best card of the led suit (bg4-27)
    Play("OneOrMoreCardsPlayedTests[0]", AT, "9D", "JD AD", "JD"),
    Play("OneOrMoreCardsPlayedTests[1]", AT, "7D 8D QD", "JD KD", "JD KD"),
    Play("OneOrMoreCardsPlayedTests[2]", AT, "9D QD KD", "JC 7D", "7D"),
    # No trumps: follow suit, no raise (bg4-26)
    Play("OneOrMoreCardsPlayedTests[3]", NT, "KS", "TS AD", "TS"),
    Play("OneOrMoreCardsPlayedTests[4]", NT, "KS", "TS AD", "TS"),
    # partner (seat 2) ruffed and holds the trick: seat 4 may play anything (bg4-23, o)
    Play("OneOrMoreCardsPlayedTests[5]", H, "9D 8H 7S", "8S JS JH 7H", "8S JS JH 7H"),
    Play("OneOrMoreCardsPlayedTests[6]", H, "9D 8H", "7D JD JH 7H", "7D JD"),
    # trump led: raise over the best trump, partner's included (bg4-22, o)
    Play("OneOrMoreCardsPlayedTests[7]", D, "TD AD 9S", "7D JD JH 7H", "JD"),
    # void, an opponent holds the trick: ruff (bg4-23)
    Play("OneOrMoreCardsPlayedTests[8]", C, "TD KD AS", "7C JH 7H", "7C"),
    Play("OneOrMoreCardsPlayedTests[9]", S, "QD KD AD", "7C JH 7H", "7C JH 7H"),
    Play("OneOrMoreCardsPlayedTests[10]", D, "KD AD QS", "7C JH 9D", "9D"),
    Play("OneOrMoreCardsPlayedTests[11]", H, "KH AH QS", "7C 8C 9D", "7C 8C 9D"),
    # an opponent ruffed: over-ruff if able, else any card (bg4-24, o)
    Play("OneOrMoreCardsPlayedTests[12]", H, "QD KD AH", "7C JH", "JH"),
    Play("OneOrMoreCardsPlayedTests[13]", H, "QD KD AH", "7C KH", "7C KH"),
    # ObligationMatrixTests: tricks written as ordered arrays
    Play("ObligationMatrix: AT: single higher card is forced", AT, "TS", "JS 7S AH", "JS"),
    Play("ObligationMatrix: AT: all higher cards are offered", AT, "8S", "9S JS KS 7H",
         "9S JS KS"),
    Play("ObligationMatrix: AT: only lower cards", AT, "AS", "TS QS KS 7D", "TS QS KS"),
    Play("ObligationMatrix: AT third seat beats the best so far", AT, "7S KS",
         "TS 9S 8S 7H", "TS 9S"),
    Play("ObligationMatrix: AT raise not waived for partner", AT, "TS 8S", "JS 7S AD", "JS"),
    Play("ObligationMatrix: AT fourth seat beats the best of three", AT, "8S 9S QS",
         "JS TS 7H", "JS"),
    Play("ObligationMatrix: AT void => any card", AT, "7S", "7H AD JC", "7H AD JC"),
    Play("ObligationMatrix: NT any card of the led suit", NT, "AS", "7S 8S KH", "7S 8S"),
    Play("ObligationMatrix: NT void => any card", NT, "AS", "7H 8D QC", "7H 8D QC"),
    Play("ObligationMatrix: trump led: must overtrump", H, "TH", "JH QH 7S", "JH"),
    Play("ObligationMatrix: trump led: only lower trumps", H, "9H", "KH QH 8H AS", "KH QH 8H"),
    Play("ObligationMatrix: trump led: raise not waived for partner", H, "TH 7H",
         "JH 8H AC", "JH"),
    Play("ObligationMatrix: trump led: void in trumps", H, "JH", "AS KD 7C", "AS KD 7C"),
    Play("ObligationMatrix: plain led: follow, no duty to beat", H, "AS", "7S KH", "7S"),
    Play("ObligationMatrix: plain led: void, no trumps", H, "AS", "7D 8C QD", "7D 8C QD"),
    Play("ObligationMatrix: second seat void, opponent leads", H, "TS", "7H AD", "7H"),
    Play("ObligationMatrix: third seat void, partner winning", H, "TS 7S", "7H AD", "7H AD"),
    Play("ObligationMatrix: third seat void, opponent overtook", H, "TS AS", "7H 8D", "7H"),
    Play("ObligationMatrix: fourth seat void, nobody trumped", H, "KS 7S 8S", "7H 8H AD",
         "7H 8H"),
    Play("ObligationMatrix: fourth seat void, partner's ruff holds", H, "KS 7H 9S",
         "8H AD", "8H AD"),
    Play("ObligationMatrix: fourth seat void, partner over-ruffed", H, "KS 7H 8H",
         "9H TH AD", "9H TH"),
    Play("ObligationMatrix: fourth seat void, cannot over-ruff", H, "KS 7H JH",
         "9H KH AD", "9H KH AD"),
    Play("ObligationMatrix: fourth seat void, low ruff under a led nine", H, "9S 7S 8H",
         "TH AD", "TH"),
    Play("ObligationMatrix: leader plays first", H, "", "7S JH AD TC", "7S JH AD TC"),
    # RulesComplianceTests: a discard never holds the trick (bg4-23)
    Play("RulesCompliance: PartnerWinningWithTheLedSuitMustNotForceTrumping", S, "TH AD",
         "7S 7C", "7S 7C"),
    Play("RulesCompliance: OpponentWinningMustForceTrumpingEvenWhenPartnerDiscardedHigh", S,
         "7H AD 8H", "7S 7C", "7S"),
]


@pytest.mark.rule("bg4-21", "bg4-22", "bg4-23", "bg4-24", "bg4-26", "bg4-27")
@pytest.mark.parametrize("case", PLAYS, ids=[p.source for p in PLAYS])
def test_valid_cards_agree(case: Play):
    assert legal("bg4", case.kind, case.trick, case.hand) == set(case.legal.split())


# ------------------------------------------------------------------ trick winner
#: TrickWinnerServiceTests.GetWinnerShouldWorkCorrectly: the four cards in playing
#: order South, East, North, West (South led), the contract, and the winner.
TRICKS = [
    (S, "7S 7D 8D 9D", "S"), (D, "KC JD AC QC", "E"), (S, "AH AD AS AC", "N"),
    (H, "TH KH 8S AH", "W"), (H, "7H TS 8C AD", "S"), (H, "JH JS JC JD", "S"),
    (H, "8H JS KC 8D", "S"), (C, "AH JS KC 8D", "N"), (C, "QH JS KC AC", "W"),
    (C, "AH JS KC AS", "N"), (S, "7S 8S QS 9S", "W"), (S, "JS 9S AS TS", "S"),
    (S, "JS AH AD AC", "S"), (S, "JH AH 9S AD", "N"), (D, "AD JD 9D TD", "E"),
    (D, "AC JC 9D TD", "N"), (NT, "AC TC KC QC", "S"), (NT, "AC TD KS QH", "S"),
    (NT, "8C TD KS QH", "S"), (NT, "TS KS QS QH", "S"), (NT, "8S KS 7S JS", "E"),
    (NT, "KS KD KH KC", "S"), (NT, "8S KS AS JS", "N"), (NT, "8D KD AS AD", "W"),
    (AT, "JC TC KC QC", "S"), (AT, "JC JD JH JS", "S"), (AT, "8C AC 9C JS", "N"),
    (AT, "TD AD 9D JD", "W"), (AT, "QD KD 7D 8D", "E"),
    # All trumps: the only card of the led suit wins; no suit dominates (bg4-16)
    (AT, "QD KS 7H 8C", "S"),
]


@pytest.mark.rule("bg4-15", "bg4-16")
@pytest.mark.parametrize("kind, cards, winner", TRICKS)
def test_trick_winner_agrees(kind: int, cards: str, winner: str):
    trick = [CARD_INDEX[c] for c in cards.split()]
    assert trick_winner(trick, CONTRACT_TABLES[kind]) + 1 == SEAT[winner]


# ---------------------------------------------------- combinations of one hand
class Hand(NamedTuple):
    source: str  # GetAvailableAnnouncesTests method
    hand: str
    declarable: dict[str, int]  # what the hand may declare together, with its value
    instead: str = ""  # a run they offer instead of a carré (it shares a card with it)


#: bg4-32 (o): a card in both a carré and a run — the player declares one of them.
#: Their engine lists the run as an alternative next to the carré; ours lists what
#: may be declared together (the carré first, runs of the cards left) and reports a
#: declaration reusing a card of an earlier one as A504.  Same rule, two spellings.
HANDS = [
    Hand("FourJacks", "JC JD JH JS 7S AD KH 8S", {"carre:J": 200}),
    Hand("FourNines", "9C 9D 9H 9S 7S AD KH 8S", {"carre:9": 150}, instead="run3:9S"),
    Hand("FourOfAKindAces", "AC AD AH AS 7S 8D KH 8S", {"carre:A": 100}),
    Hand("FourOfAKindTens", "TC 7S 8D TS KH TD 8S TH", {"carre:T": 100}),
    Hand("FourOfAKindQueens", "7S 8D KH 8S QC QH QD QS", {"carre:Q": 100}),
    Hand("FourOfAKindKings", "KC KD KH KS JS QC QD QS", {"carre:K": 100}, instead="run3:KS"),
    Hand("FourOfAKindQueensAndKings", "KC KD KH KS QC QD QH QS",
         {"carre:K": 100, "carre:Q": 100}),
    Hand("NoFourOfAKindSevens", "7C 7D 7H 7S AS 8D KH 8S", {}),  # bg4-28: 7s score nothing
    Hand("NoFourOfAKingEights", "8C 8D 8H 8S AS 7D KH 7S", {}),
    Hand("TierceFromSevenToNine", "8C 9C 7C AC AD 7D KH 7S", {"run3:9C": 20}),
    Hand("QuartFromJackToAce", "JD QD AD KD AS AC 7C KH", {"run4:AD": 50}),
    Hand("QuartFromSevenToTenWithAnotherCardOfTheSameSuit", "7S 8S 9S TS QS AC 7C KH",
         {"run4:TS": 50}),
    Hand("QuintFromNineToKing", "9H TH JH QH KH AC TC AS", {"run5:KH": 100}),
    Hand("QuintFromSevenToTenWithAnotherCardOfTheSameSuit", "7H 8H 9H TH JH AH 7C KD",
         {"run5:JH": 100}),
    Hand("SequenceOf6FromEightToKing", "9D TD JD QD KD 8D TC AS", {"run6:KD": 100}),
    # their fixture holds nine cards; the run it asks about does not depend on that
    Hand("SequenceOf6FromSevenToQueenWithAceOfTheSameSuit", "7C 8C 9C TC JC QC AC 7H KD",
         {"run6:QC": 100}),
    Hand("SequenceOf7FromSevenToKing", "9C TC JC QC KC 8C 7C AS", {"run7:KC": 100}),
    # bg4-29 (o): five or more in a row is a quinte, 100 — the whole suit too
    Hand("SequenceOf8FromSevenToAce", "8S KS JS AS 7S QS TS 9S", {"run8:AS": 100}),
    Hand("TwoTiercesFromTheSameSuit", "8S 9S TS TH 9C QS KS AS",
         {"run3:TS": 20, "run3:AS": 20}),
    Hand("TwoQuartsFromDifferentSuits", "7C 8C JS QS 9C TC KS AS",
         {"run4:TC": 50, "run4:AS": 50}),
    Hand("TierceAndQuarteFromDifferentSuits", "7H 8H 9H JS QS KS AS 7C",
         {"run3:9H": 20, "run4:AS": 50}),
    Hand("FourNinesConsumeTheNineOfTheSequence", "9C 9D 9H 9S 7S 8S TS JS",
         {"carre:9": 150}, instead="run5:JS"),
    Hand("TierceAtTheTopOfTheSuit", "QS KS AS 7H 8D 9C TH JD", {"run3:AS": 20}),
    Hand("MiddleQuarteHasItsOwnTopCard", "9D TD JD QD AD 7H 8S 9C", {"run4:QD": 50}),
    Hand("ThreeOfAKindIsNotACombination", "JC JD JH 7S 9S 7D KH 8C", {}),
    Hand("NoCombinationsAvailable", "7C 8C 9S TS TC TH JD AC", {}),
    Hand("FourOfAKindAndQuart", "KC KD QD JD TD 9D KH KS",
         {"carre:K": 100, "run4:QD": 50}, instead="run5:KD"),
]


@pytest.mark.rule("bg4-28", "bg4-29", "bg4-32")
@pytest.mark.parametrize("case", HANDS, ids=[h.source for h in HANDS])
@pytest.mark.parametrize("kind", [S, H, D, C, AT])
def test_hand_combinations_agree(case: Hand, kind: int):
    hand = _mask(case.hand)
    listed = _combinations(hand, BG4, kind)
    assert set(listed) == set(case.declarable)
    trump = kind if kind < 4 else -1
    for text, value in case.declarable.items():
        combo = parse_combo(text)
        assert holds(hand, combo) and BG4.declarations.value(combo, trump) == value
    if case.instead:
        run = parse_combo(case.instead)
        carres = [parse_combo(t) for t in case.declarable if parse_combo(t).kind == CARRE]
        # held, and sharing a card with the carré: one or the other, never both (bg4-32)
        assert holds(hand, run) and any(run.mask & c.mask for c in carres)


def _declaration_codes(hand: str, declare: str, tags: str = "") -> list[str]:
    """Seat 1 holds ``hand``, calls Hearts, declares, and leads; what the engine reports."""
    text = record("bg4", tags=tags, hands=deal_hands({1: hand}, {}),
                  bids="bids H pass pass pass", declare=f"declare 1: {declare}",
                  tricks=[hand.split()[-1]], result="*")
    return [v.code for v in replay_text(text).violations]


#: whole hands only: SequenceOf6FromSevenToQueenWithAceOfTheSameSuit writes nine cards
DEALT = [h for h in HANDS if h.declarable and len(h.hand.split()) == 8]


@pytest.mark.rule("bg4-28", "bg4-29", "bg4-32")
@pytest.mark.parametrize("case", DEALT, ids=[h.source for h in DEALT])
def test_what_is_declarable_together_replays_clean(case: Hand):
    assert _declaration_codes(case.hand, " ".join(case.declarable)) == []


@pytest.mark.rule("bg4-28", "bg4-29", "bg4-32")
@pytest.mark.parametrize("case", [h for h in HANDS if h.instead],
                         ids=[h.source for h in HANDS if h.instead])
def test_carre_or_run_through_a_shared_card_is_one_or_the_other(case: Hand):
    """Their alternative, replayed: the carré or the run alone is a valid declaration;
    both together reuse a card — A504 under bg4-32 (o), fine with card-reuse=on."""
    carre = next(t for t in case.declarable if t.startswith("carre"))
    assert _declaration_codes(case.hand, carre) == []
    assert _declaration_codes(case.hand, case.instead) == []
    assert _declaration_codes(case.hand, f"{carre} {case.instead}") == ["A504"]
    assert _declaration_codes(case.hand, f"{carre} {case.instead}",
                              '[Rules "card-reuse=on"]') == []


@pytest.mark.rule("bg4-29")
@pytest.mark.parametrize("source, cards", [
    ("RulesCompliance: EightCardSuitMustOfferTheLeftoverTierceToTheNine", "S"),
    ("RulesCompliance: AllAnnouncesMustBeRegisteredWhenThePlayerReturns...", "D"),
])
def test_eight_card_suit_under_run8_120(source: str, cards: str):
    """These cases of theirs read a whole suit as a quinte plus the tierce 7-8-9
    (100 + 20), against their own SequenceOf8 case above (100).  That is our switch
    ``run8=120`` (profiles q1, q2; bg4-29), where the suit is one run worth 120."""
    rs = load_ruleset("bg4", "run8=120")
    listed = _combinations(_mask(suit(cards)), rs, H)
    assert listed == [f"run8:A{cards}"]
    assert rs.declarations.value(parse_combo(listed[0]), H) == 100 + 20


@pytest.mark.rule("bg4-35")
def test_no_declarations_in_no_trumps():
    """bg4-35: their service lists combinations whatever the contract; in No trumps
    ours lists none (their scorer voids them there: ScoreManagerTests clears every
    announce of a No-trumps deal)."""
    assert all(_combinations(_mask(h.hand), BG4, NT) == [] for h in HANDS)


# ------------------------------------------------------------ declaration contest
class Contest(NamedTuple):
    source: str  # UpdateActiveAnnouncesTests method
    entries: list[tuple[str, str]]  # (position, combination), belote left out
    counted: list[bool]  # which entries score


#: Belote never enters our contest (bg4-38: it is credited apart); their cases that
#: hold a belote expect it to count, and so would ours.
CONTESTS = [
    Contest("AllAnnouncesShouldBeValidWhenAnnouncedByOnePlayer",
            [("S", "run3:JD"), ("S", "carre:K")], [True, True]),
    Contest("TierceAndQuarteShouldBeValidIfAnnouncedByTheSameTeam",
            [("S", "run3:JD"), ("N", "run4:KC"), ("W", "run3:JH"), ("E", "carre:K")],
            [True, True, False, True]),
    Contest("QuarteShouldBeValidIfAnnouncedQuarteAndTierceByDifferentTeams",
            [("W", "run3:JD"), ("E", "run3:AD"), ("N", "run4:KS")], [False, False, True]),
    Contest("BiggerFourOfAKindShouldDisableOpponentTeamFourOfAKind",
            [("W", "carre:J"), ("S", "carre:9")], [True, False]),
    Contest("BothFourOfAKindShouldBeActiveIfAnnouncedInTheSameTeam",
            [("E", "carre:A"), ("W", "carre:9")], [True, True]),
    Contest("SequencesAndCarresResolveInIndependentPools",
            [("S", "run3:KD"), ("E", "carre:J")], [True, True]),
    # bg4-34 (o): carrés of equal value rank by trump points J 9 A T K Q
    Contest("EqualValueCarreContestGoesToTheHigherTrumpCard(A, T)",
            [("S", "carre:T"), ("W", "carre:A")], [False, True]),
    Contest("EqualValueCarreContestGoesToTheHigherTrumpCard(T, K)",
            [("S", "carre:K"), ("W", "carre:T")], [False, True]),
    Contest("EqualValueCarreContestGoesToTheHigherTrumpCard(T, Q)",
            [("S", "carre:Q"), ("W", "carre:T")], [False, True]),
    Contest("EqualValueCarreContestGoesToTheHigherTrumpCard(K, Q)",
            [("S", "carre:Q"), ("W", "carre:K")], [False, True]),
    Contest("FourNinesBeatFourAces", [("S", "carre:A"), ("E", "carre:9")], [False, True]),
    # bg4-33: equal best runs of the two sides void every run; carrés are untouched
    Contest("EqualBestSequencesKillOnlyTheSequences",
            [("W", "run4:KD"), ("N", "run4:KS"), ("E", "run3:9C"), ("E", "carre:T")],
            [False, False, False, True]),
    Contest("EqualMaxSequencesInTheSameTeamBothCount",
            [("S", "run3:KD"), ("N", "run3:KS"), ("W", "run3:9H")], [True, True, False]),
    Contest("SameAnnouncesInDifferentTeamsShouldNotBeActive",
            [("W", "run4:KD"), ("E", "run3:AD"), ("N", "run4:KS")], [False, False, False]),
    # RulesComplianceTests, the same order of carrés asked the other way round
    Contest("RulesCompliance: FourOfAKindRankingMustFollowTrumpCardValues(T, K)",
            [("S", "carre:K"), ("E", "carre:T")], [False, True]),
    Contest("RulesCompliance: FourOfAKindRankingMustFollowTrumpCardValues(T, Q)",
            [("S", "carre:Q"), ("E", "carre:T")], [False, True]),
    Contest("RulesCompliance: FourOfAKindRankingMustFollowTrumpCardValues(A, T)",
            [("S", "carre:T"), ("E", "carre:A")], [False, True]),
    Contest("RulesCompliance: FourTensMustWinTheQuadContestAgainstFourKings",
            [("W", "carre:T"), ("S", "carre:K")], [True, False]),
]


class Difference(NamedTuple):
    case: Contest  # their answer in ``counted`` is replaced by OURS
    theirs: list[bool]
    row: str
    why: str


#: Where their reading differs from ours.  The test asserts OUR answer.
DIFFERENCES = [
    Difference(
        Contest("LongerSequenceBeatsShorterAtEqualPointValue",
                [("S", "run6:QD"), ("E", "run5:AS")], [False, True]),
        theirs=[True, False],
        row="bg4-33, A25 (§6 T07)",
        why="Runs of five or more are all a quinte worth 100 (bg4-29 o); two quintes "
            "compare by their best five cards, so the quinte to the ace beats the sixte to "
            "the queen (whose best five end at the queen).  They let the longer run win.",
    ),
]


def counted(entries: list[tuple[str, str]], kind: int = H) -> list[bool]:
    """Which entries score in our bg4 contest (runs and carrés apart, bg4-33/34)."""
    valid = []
    for pos, text in entries:
        combo = parse_combo(text)
        valid.append((SEAT[pos], combo, BG4.declarations.value(combo, kind)))
    _, scoring = decide(valid, BG4.declarations, kind, BG4.side_of, [1, 2, 3, 4], BG4.sides)
    return [i in scoring for i in range(len(entries))]


@pytest.mark.rule("bg4-33", "bg4-34")
@pytest.mark.parametrize("case", CONTESTS, ids=[c.source for c in CONTESTS])
@pytest.mark.parametrize("kind", [H, AT])
def test_declaration_contest_agrees(case: Contest, kind: int):
    assert counted(case.entries, kind) == case.counted


@pytest.mark.rule("bg4-33", "A25", "T07")
@pytest.mark.parametrize("diff", DIFFERENCES, ids=[d.case.source for d in DIFFERENCES])
def test_declaration_contest_documented_differences(diff: Difference):
    ours = counted(diff.case.entries)
    assert ours == diff.case.counted and ours != diff.theirs


# ---------------------------------------------------------------------- rounding
#: ScoreManagerTests.RoundPointsShouldWorkCorrectly: (contract, points, the side has
#: more points than the other, match points).
ROUND_POINTS = [
    (AT, 0, False, 0), (AT, 258, False, 26), (AT, 155, True, 16), (AT, 155, False, 16),
    (AT, 153, False, 15), (AT, 154, True, 15), (AT, 154, False, 16), (AT, 3, False, 0),
    (NT, 130, False, 13), (NT, 134, False, 13), (NT, 136, False, 14), (NT, 260, True, 26),
    (NT, 0, True, 0), (S, 0, False, 0), (D, 162, False, 16), (H, 87, True, 9),
    (C, 85, False, 8), (C, 86, False, 9), (H, 86, True, 8), (S, 76, False, 8),
    (D, 76, True, 7),
]

#: ScoreManagerTests.RoundPointsShouldFollowTheContractRoundingTables: (contract,
#: points, match points for the side with more, for the side with fewer).
ROUNDING_TABLE = [
    (AT, 120, 12, 12), (AT, 121, 12, 12), (AT, 122, 12, 12), (AT, 123, 12, 12),
    (AT, 124, 12, 13), (AT, 125, 13, 13), (AT, 126, 13, 13), (AT, 127, 13, 13),
    (AT, 128, 13, 13), (AT, 129, 13, 13),
    (AT, 34, 3, 4), (AT, 224, 22, 23), (AT, 164, 16, 17), (AT, 194, 19, 20), (AT, 154, 15, 16),
    (H, 80, 8, 8), (H, 81, 8, 8), (H, 82, 8, 8), (H, 83, 8, 8), (H, 84, 8, 8), (H, 85, 8, 8),
    (H, 86, 8, 9), (H, 87, 9, 9), (H, 88, 9, 9), (H, 89, 9, 9),
    (C, 56, 5, 6), (C, 106, 10, 11), (C, 6, 0, 1), (C, 156, 15, 16),
    (NT, 130, 13, 13), (NT, 132, 13, 13), (NT, 134, 13, 13), (NT, 136, 14, 14),
    (NT, 138, 14, 14),
]


def round_side(kind: int, points: int, more: bool) -> int:
    """One side's match points.  Our limit-digit rule (bg4-46) looks at the other
    side only when both end on the limit digit — and in a deal they always do
    together, since the two totals add up to 162 / 258 / 260 plus declarations in
    tens.  Their flag "has more points" is our ``round_pair`` order."""
    limit = limit_digit(kind)
    mp = round_one(points, limit, up_on_limit=not more)
    other = points - 10 if more else points + 10  # a score of the other side, same digit
    if points % 10 == limit and other >= 0:
        assert round_pair(points, other, limit)[0] == mp
    return mp


@pytest.mark.rule("bg4-46")
@pytest.mark.parametrize("kind, points, more, mp", ROUND_POINTS)
def test_round_points_agree(kind, points, more, mp):
    assert round_side(kind, points, more) == mp


@pytest.mark.rule("bg4-46")
@pytest.mark.parametrize("kind, points, more_mp, fewer_mp", ROUNDING_TABLE)
def test_rounding_tables_agree(kind, points, more_mp, fewer_mp):
    assert (round_side(kind, points, True), round_side(kind, points, False)) == (
        more_mp, fewer_mp)


# ------------------------------------------------------------------- deal scores
class Deal(NamedTuple):
    """A deal as their ScoreManager sees it: the cards each side took, the last trick,
    the declarations and belotes that count, the bid and what was hanging."""

    kind: int
    bidder: str  # S E N W
    cards: tuple[str, str]  # cards won by South–North, by East–West
    last: int  # side of the last trick: 0 South–North, 1 East–West
    double: int = 1
    decl: tuple[int, int] = (0, 0)
    bela: tuple[int, int] = (0, 0)
    pot: int = 0

    def mirrored(self) -> Deal:
        """The same deal with the sides swapped (their "reverse" assertions)."""
        nxt = {"S": "E", "E": "N", "N": "W", "W": "S"}
        return self._replace(bidder=nxt[self.bidder], cards=self.cards[::-1],
                             last=1 - self.last, decl=self.decl[::-1], bela=self.bela[::-1])


def card_points(deal: Deal) -> list[int]:
    """Each side's card points and last 10, by our contract tables (bg4-17, bg4-39)."""
    ct = CONTRACT_TABLES[deal.kind]
    points = [sum(ct.points[CARD_INDEX[c]] for c in cards.split()) for cards in deal.cards]
    points[deal.last] += 10
    return points


def raw_totals(deal: Deal) -> list[int]:
    """Their "total in round points": cards (×2 in No trumps, bg4-19) + what counts."""
    nt = 2 if deal.kind == NT else 1
    return [p * nt + d + b for p, d, b in zip(card_points(deal), deal.decl, deal.bela,
                                              strict=True)]


def score(deal: Deal) -> tuple[list[int], int]:
    """Our bg4 match points for the deal, and the points left hanging."""
    seat = SEAT[deal.bidder]
    won = [1 if cards else 0 for cards in deal.cards]  # only "took a trick" matters here
    capot = won.index(1) if sum(won) == 1 else None
    t = Tally(Contract(seat, deal.kind, double=deal.double), BG4.side_of[seat],
              card_points(deal), won, list(deal.decl), sum(deal.decl), list(deal.bela), capot)
    r = match_points(BG4, t, deal.pot)
    return r.scores, r.hang


#: GetScoreShouldWorkCorrectly: South–North took JH AH TH 9D and the last trick,
#: East–West 9H JD AD; South's tierce and East's belote count (none in No trumps).
def get_score_deal(kind: int, bidder: str, double: int, pot: int) -> Deal:
    counts = (20, 0) if kind != NT else (0, 0)
    bela = (0, 20) if kind != NT else (0, 0)
    return Deal(kind, bidder, ("JH AH TH 9D", "9H JD AD"), 0, double, counts, bela, pot)


#: (contract, ×, bidder, South–North MP, its total, East–West MP, its total, hanging)
GET_SCORE = [
    (AT, 1, "S", 9, 85, 7, 65, 0), (NT, 1, "S", 7, 66, 3, 26, 0),
    (H, 1, "S", 7, 71, 5, 47, 0), (D, 1, "S", 7, 67, 5, 51, 0),
    (AT, 1, "W", 15, 85, 0, 65, 0), (NT, 1, "W", 9, 66, 0, 26, 0),
    (H, 1, "W", 12, 71, 0, 47, 0), (D, 1, "W", 12, 67, 0, 51, 0),
    (AT, 2, "S", 30, 85, 0, 65, 0), (NT, 2, "S", 18, 66, 0, 26, 0),
    (H, 2, "S", 24, 71, 0, 47, 0), (D, 2, "S", 24, 67, 0, 51, 0),
    (AT, 2, "W", 30, 85, 0, 65, 0), (NT, 2, "W", 18, 66, 0, 26, 0),
    (H, 2, "W", 24, 71, 0, 47, 0), (D, 2, "W", 24, 67, 0, 51, 0),
    (AT, 4, "N", 60, 85, 0, 65, 0), (NT, 4, "N", 36, 66, 0, 26, 0),
    (H, 4, "N", 48, 71, 0, 47, 0), (D, 4, "N", 48, 67, 0, 51, 0),
    (AT, 4, "E", 60, 85, 0, 65, 0), (NT, 4, "E", 36, 66, 0, 26, 0),
    (H, 4, "E", 48, 71, 0, 47, 0), (D, 4, "E", 48, 67, 0, 51, 0),
    (AT, 1, "N", 19, 85, 7, 65, 10), (NT, 1, "N", 17, 66, 3, 26, 10),
    (H, 1, "N", 17, 71, 5, 47, 10), (D, 1, "N", 17, 67, 5, 51, 10),
    (AT, 1, "E", 25, 85, 0, 65, 10), (NT, 1, "E", 19, 66, 0, 26, 10),
    (H, 1, "E", 22, 71, 0, 47, 10), (D, 1, "E", 22, 67, 0, 51, 10),
]


@pytest.mark.rule("bg4-19", "bg4-39", "bg4-41", "bg4-42", "bg4-43")
@pytest.mark.parametrize("kind, double, bidder, sn, sn_total, ew, ew_total, pot", GET_SCORE)
def test_get_score_agrees(kind, double, bidder, sn, sn_total, ew, ew_total, pot):
    deal = get_score_deal(kind, bidder, double, pot)
    assert raw_totals(deal) == [sn_total, ew_total]
    assert score(deal) == ([sn, ew], 0)
    assert score(deal.mirrored()) == ([ew, sn], 0)


#: GetScoreShouldWorkCorrectlyWhenOneOfTheTeamsHasNoTricks: East bid, East–West took
#: 9H JD AD and every trick (valat +90, bg4-40; not doubled by No trumps, o).
#: (contract, ×, East–West MP, its total with the valat)
VALAT = [
    (AT, 1, 15, 145), (NT, 1, 14, 136), (H, 1, 13, 127), (D, 1, 13, 131),
    (AT, 2, 30, 145), (NT, 2, 28, 136), (H, 2, 26, 127), (D, 2, 26, 131),
    (AT, 4, 60, 145), (NT, 4, 56, 136), (H, 4, 52, 127), (D, 4, 52, 131),
]


#: RulesComplianceTests.DoublingMustStillApplyWhenOneTeamIsCapot: East bid, South–North
#: took every card and trick; contra multiplies the valat too (bg4-40, bg4-45, o).
VALAT_DOUBLED = [(H, 2, 50), (H, 4, 100), (AT, 2, 70), (NT, 2, 70)]


@pytest.mark.rule("bg4-40", "bg4-45")
@pytest.mark.parametrize("kind, double, sn", VALAT_DOUBLED)
def test_doubled_valat_agrees(kind, double, sn):
    assert score(Deal(kind, "E", (" ".join(CARD_TEXT), ""), 0, double)) == ([sn, 0], 0)


@pytest.mark.rule("bg4-40")
@pytest.mark.parametrize("kind, double, ew, ew_total", VALAT)
def test_valat_scores_agree(kind, double, ew, ew_total):
    deal = Deal(kind, "E", ("", "9H JD AD"), 1, double)
    assert raw_totals(deal)[1] + BG4.capot_bonus == ew_total
    assert score(deal) == ([0, ew], 0)
    assert score(deal.mirrored()) == ([ew, 0], 0)


#: GetScoreShouldWorkCorrectlyWhenTheScoreIsEqual: South bid; South–North took AS TH,
#: East–West AC and the last trick: 21–21 (42–42 in No trumps), the callers' half
#: hangs (bg4-44), everything hangs under contra (bg4-45).
#: (contract, ×, South–North MP, East–West MP, hanging after, hanging before)
EQUAL = [
    (AT, 1, 0, 2, 2, 0), (NT, 1, 0, 4, 4, 0), (H, 1, 0, 2, 2, 0), (D, 1, 0, 2, 2, 0),
    (AT, 2, 0, 0, 8, 0), (NT, 2, 0, 0, 16, 0), (H, 2, 0, 0, 8, 0), (D, 2, 0, 0, 8, 0),
    (AT, 1, 0, 2, 12, 10), (NT, 1, 0, 4, 14, 10), (H, 1, 0, 2, 12, 10), (D, 1, 0, 2, 12, 10),
    (AT, 4, 0, 0, 26, 10), (NT, 4, 0, 0, 42, 10), (H, 4, 0, 0, 26, 10), (D, 4, 0, 0, 26, 10),
]


@pytest.mark.rule("bg4-44", "bg4-45")
@pytest.mark.parametrize("kind, double, sn, ew, hang, pot", EQUAL)
def test_equal_scores_agree(kind, double, sn, ew, hang, pot):
    deal = Deal(kind, "S", ("AS TH", "AC"), 1, double, pot=pot)
    total = 42 if kind == NT else 21
    assert raw_totals(deal) == [total, total]
    assert score(deal) == ([sn, ew], hang)
    assert score(deal.mirrored()) == ([ew, sn], hang)


#: ScoreManagerTests facts on whole decks: (method, deal, both totals, MP, hanging)
WHOLE_DEALS = [
    ("EqualSuitGameAt106ShouldBank10AndHang11",  # bg4-50
     Deal(H, "S", (suit("H") + " AS TS QS TD",
                   "AC TC KC QC JC AD KD QD JD KS JS"), 0, decl=(0, 50)),
     [106, 106], [0, 10], 11),
    ("EqualAllTrumpsAt154ShouldBank15AndHang16",  # bg4-50
     Deal(AT, "S", (suit("H") + " " + suit("S") + " JD", suit("C") + " " + suit("D", "J")),
          0, decl=(0, 50)),
     [154, 154], [0, 15], 16),
    ("InsideDeclarersLoseEverythingIncludingTheirAnnounces(0)",  # bg4-43
     Deal(H, "S", (suit("S"), " ".join((suit("H"), suit("D"), suit("C")))), 1,
          bela=(20, 0)),
     [50, 132], [0, 18], 0),
    ("InsideDeclarersLoseEverythingIncludingTheirAnnounces(7)",  # bg4-43, A22
     Deal(H, "S", (suit("S"), " ".join((suit("H"), suit("D"), suit("C")))), 1,
          bela=(20, 0), pot=7),
     [50, 132], [0, 25], 0),
    ("MadeSuitContractAtTheX6BoundaryRoundsWinnerDownLoserUp(0)",  # bg4-46
     Deal(H, "S", (suit("H") + " AD QD", suit("S") + " " + suit("C") + " " + suit("D", "AQ")),
          0),
     [86, 76], [8, 8], 0),
    ("MadeSuitContractAtTheX6BoundaryRoundsWinnerDownLoserUp(9)",  # bg4-44, A22
     Deal(H, "S", (suit("H") + " AD QD", suit("S") + " " + suit("C") + " " + suit("D", "AQ")),
          0, pot=9),
     [86, 76], [17, 8], 0),
    ("MadeAllTrumpsAtTheX4BoundaryScores13To13",  # bg4-46
     Deal(AT, "S", (suit("H") + " " + suit("S"), suit("D") + " " + suit("C")), 0),
     [134, 124], [13, 13], 0),
    ("DoubledContractWonByTheDefendersPaysTheWholePotDoubled",  # bg4-45
     Deal(H, "S", (suit("S") + " " + suit("C") + " " + suit("D", "AQ"), suit("H") + " AD QD"),
          1, double=2),
     [76, 86], [0, 32], 0),
    ("RedoubledEqualRoundHangsTheQuadrupledPot(0)",  # bg4-45
     Deal(H, "E", (suit("H") + " KS QS JS", suit("S", "KQJ") + " " + suit("D") + " " + suit("C")),
          0, double=4),
     [81, 81], [0, 0], 64),
    ("RedoubledEqualRoundHangsTheQuadrupledPot(10)",  # bg4-45
     Deal(H, "E", (suit("H") + " KS QS JS", suit("S", "KQJ") + " " + suit("D") + " " + suit("C")),
          0, double=4, pot=10),
     [81, 81], [0, 0], 74),
    ("NoTrumpsDoublesCardsAndLastTen",  # bg4-19
     Deal(NT, "S", (suit("H") + " " + suit("S"), suit("D") + " " + suit("C")), 0),
     [140, 120], [14, 12], 0),
    ("BeloteCountsTowardTheEqualityDecision",  # bg4-41, bg4-44
     Deal(H, "S", ("JH 9H AH TS KS JS", rest("JH 9H AH TS KS JS")), 0, bela=(20, 0)),
     [91, 91], [0, 9], 9),
]


@pytest.mark.rule("bg4-19", "bg4-41", "bg4-43", "bg4-44", "bg4-45", "bg4-46", "bg4-50", "A22")
@pytest.mark.parametrize("source, deal, totals, mp, hang", WHOLE_DEALS,
                         ids=[w[0] for w in WHOLE_DEALS])
def test_whole_deal_scores_agree(source, deal, totals, mp, hang):
    assert raw_totals(deal) == totals
    assert score(deal) == (mp, hang)


# ---------------------------------------------------------------------- belote
class Belote(NamedTuple):
    source: str  # IsBeloteAllowedTests method
    bid: str  # the contract, as BGN writes it
    fixed: dict[int, str]  # cards the seats hold (the rest of the deal filled in)
    trick: str  # the first trick so far, seat 1 leading, with the "bela" word
    codes: list[str]  # what our engine reports: [] = the belote is allowed
    keep_out: dict[int, str] = {}


_BAN = ["A503"]  # bg4-38: bela on a card where it is not allowed
_DISCARD = ["C401", "A503"]  # a discard while holding the led suit; and no bela on it
BELOTES = [
    *[Belote("AllTrumpsPlayingFirst", "AT", {1: "QH KH AH"}, f"{c} bela", codes)
      for c, codes in (("QH", []), ("KH", []), ("AH", _BAN))],
    *[Belote("AllTrumpsPlayingSecond", "AT", {1: "JC", 2: "QC KC QS KS AC"}, f"JC {c} bela",
             codes)
      for c, codes in (("QC", []), ("KC", []), ("AC", _BAN), ("QS", _DISCARD),
                       ("KS", _DISCARD))],
    *[Belote("TrumpsPlayingFirst", bid, {1: "QC KC AC"}, f"{c} bela", codes)
      for bid, c, codes in (("C", "QC", []), ("C", "KC", []), ("C", "AC", _BAN),
                            ("D", "QC", _BAN), ("D", "KC", _BAN), ("D", "AC", _BAN))],
    *[Belote("TrumpsPlayingSecond", bid, {1: "JC", 2: "QC KC AC"}, f"JC {c} bela", codes)
      for bid, c, codes in (("C", "QC", []), ("C", "KC", []), ("C", "AC", _BAN),
                            ("D", "QC", _BAN), ("D", "KC", _BAN), ("D", "AC", _BAN))],
    *[Belote("NoTrumpsShouldNotAllowBelote", "NT", {1: "JC", 2: "QC KC AC"}, f"JC {c} bela",
             _BAN) for c in ("QC", "KC", "AC")],
    # bg4-38 (o): a ruff with the king or queen of trump may carry the belote
    *[Belote("RuffingWithTheTrumpKingOrQueenAllowsBelote", "H", {1: "AS", 2: "QH KH 7C"},
             f"AS {c} bela", [], keep_out={2: "S"}) for c in ("KH", "QH")],
    *[Belote("BeloteIsNotAllowedWhenNotHavingAQueen", bid, {1: "KH AH"}, "KH bela", _BAN,
             keep_out={1: "QH"}) for bid in ("AT", "H")],
    *[Belote("OnlyKingsAndQueensCanAnnounceBelote", "H", {1: "QH KH JH TH 7H"}, f"{c} bela",
             _BAN) for c in ("JH", "TH", "7H")],
    *[Belote("BeloteIsNotAllowedWhenNotHavingAKing", bid, {1: "QH AH"}, "QH bela", _BAN,
             keep_out={1: "KH"}) for bid in ("AT", "H")],
]


@pytest.mark.rule("bg4-38")
@pytest.mark.parametrize("case", BELOTES,
                         ids=[f"{b.source}-{b.bid}-{b.trick}" for b in BELOTES])
def test_belote_allowed_agrees(case: Belote):
    """Replayed through the engine: seat 1 bids the contract and leads; the trick
    stops after the belote card."""
    text = record("bg4", hands=deal_hands(case.fixed, case.keep_out),
                  bids=f"bids {case.bid} pass pass pass", tricks=[case.trick], result="*")
    report = replay_text(text)
    assert [v.code for v in report.violations] == case.codes
    assert all(v.trick == 1 for v in report.violations)


# ------------------------------------------------------------- a whole record
#: RulesComplianceTests.BeloteAnnouncedAfterTheFirstTrickMustBeScored, written as the
#: bg4 record its script plays: Spades by South (seat 1), who leads.  South holds
#: 7S 8S 9S TS JS AS 7H 8H, East every club, North every diamond, West KS QS and six
#: hearts; West leads KS with "bela" in trick 3 and follows with QS in trick 4.  Each
#: trick is written from its leader.
SCRIPTED_HANDS = """hands 1: 7S 8S 9S TS JS AS 7H 8H
      2: 7C 8C 9C TC JC QC KC AC
      3: 7D 8D 9D TD JD QD KD AD
      4: KS QS 9H TH JH QH KH AH"""
SCRIPTED_TRICKS = ["7H 7C 7D AH", "9H 8H 8C 8D", "KS bela AS 9C 9D", "JS TC TD QS",
                   "TS JC JD TH", "9S QC QD JH", "8S KC KD QH", "7S AC AD KH"]


@pytest.mark.rule("bg4-41", "bg4-42", "bg4-46")
def test_scripted_deal_with_a_belote_in_trick_three_agrees():
    """Theirs: South–North 151 points, East–West 11 in cards + 20 belote = 31.  Ours,
    replayed: the same card points, the belote credited to West, and the match
    points of a made contract (151 → 15, 31 → 3; bg4-41, bg4-42, bg4-46)."""
    text = record("bg4", hands=SCRIPTED_HANDS, bids="bids S pass pass pass",
                  tricks=SCRIPTED_TRICKS, result="*")
    report = replay_text(text)
    deal = report.deals[0]
    assert report.violations == []
    assert deal.card_points == [151, 11] and deal.bela == {SEAT["W"]: 20}
    assert (deal.made, deal.score, deal.hang) == (True, [15, 3], 0)
