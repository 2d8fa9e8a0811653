"""ru-pair rules (docs/rules/ru-pair.md) checked on whole records through the reader and
the engine.

Dealer 4, so seat 1 calls first and leads.  Five cards each and the turned TH; seat 2
ends with the turned card.  Seats 1 and 2 hold equal plain runs to the nine.
"""

from __future__ import annotations

import pytest
from support.rulecheck import Deal, check, no_contract

from ingest.bgn import game_from_json, game_to_json, parse_games

HEAD = '[Variant "ru-pair"]\n[Target "1001"]\n\ndeal 1 dealer 4\n'

LAYOUT = """hands 1: 7S 8S 9S 9H KD / 7C 8C QC
      2: 7D 8D 9D AS KS / TH 9C TC
      3: JS QS JH QH JD / QD JC KC
      4: TS 7H 8H AH KH / TD AD AC
turn TH
"""

#: seat 2 takes the turned TH.  Side A takes 7H 9H TH JH (44) and 8H 7C 8D QH (3): 47;
#: side B the other six tricks: 115.  The runs of seats 1 and 2 are equal and plain;
#: as in ru3 the earlier seat from the dealer wins the contest, so side A adds 20.
#: A 67 against the takers' 115: made, each side its own.
TAKEN = HEAD + LAYOUT + """bids pass take
declare 1: run3:9S 2: run3:9D
play 1. 7S KS JS TS
2. 7H 9H TH JH
3. JD TD KD 7D
4. 8H 7C 8D QH
5. JC AC 8C 9C
6. KH 8S 9D QS
7. AH 9S TC QD
8. AD QC AS KC
score 67 115
result *
"""

#: No-trumps named by seat 2 in round two, the cards of TAKEN, but with no trump seat 2's
#: TH wins trick 2 and it leads the 7D to trick 3: 130 card points; side A takes only 8H 7C 8D QH (3), side B the rest (127);
#: with A's run, doubled: (3 + 20) x 2 = 46, 127 x 2 = 254
NO_TRUMPS = (TAKEN.replace("bids pass take", "bids pass pass pass pass pass NT")
             .replace("3. JD TD KD 7D", "3. 7D JD TD KD").replace("score 67 115", "score 46 254"))

#: All-trumps named by seat 2 in round two: 258 card points, A 192 and B 66; the takers
#: fall and side A writes all 258 and its run: 278
ALL_TRUMPS = HEAD + LAYOUT + """bids pass pass pass pass pass AT
declare 1: run3:9S 2: run3:9D
play 1. 7S KS JS TS
2. JH 7H 9H TH
3. JD TD KD 7D
4. JC AC 7C 9C
5. QS 8H 9S AS
6. 8S 8D QH KH
7. 8C TC KC AH
8. 9D QD AD QC
score 278 -
result *
"""

#: the first delivery only, for a deal where all eight calls pass
FIVE = """hands 1: 7S 8S 9S 9H KD
      2: 7D 8D 9D AS KS
      3: JS QS JH QH JD
      4: TS 7H 8H AH KH
turn TH
bids pass pass pass pass pass pass pass pass
score 0 0
result *
"""


@pytest.mark.rule("ru-pair-01", "ru-pair-03", "ru-pair-12")
def test_pairs_add_their_points_and_the_taker_gets_the_turned_card():
    """Two pairs sitting opposite add their points (ru-pair-01); the passers get three
    cards, the bidder two and the turned card (ru-pair-03); the declaration contest is
    ru3's, where the earlier of two equal runs wins (ru-pair-12)."""
    assert check(TAKEN) == ([], [Deal(True, [67, 115], [67, 115])], "*")
    three_more = TAKEN.replace("/ TH 9C TC", "/ TH 9C TC 7S")
    assert check(three_more).lines == [
        "t.bgn:6:7: D202 seat 2 holds 9 cards, not 8 (game 1, deal 1)",
        "t.bgn:6:36: D201 7S appears twice in the deal (game 1, deal 1)",
    ]


@pytest.mark.rule("ru-pair-02", "ru-pair-04")
def test_five_cards_and_a_turned_card_and_all_pass_redeals():
    """Five cards each and a turned card (ru-pair-02); when all eight calls pass the next
    seat deals again by default (ru-pair-04): nothing scores."""
    assert check(HEAD + FIVE) == ([], [Deal(None, [0, 0], [0, 0])], "*")
    assert check(HEAD + FIVE.replace(" KS\n", " KS 9C\n", 1)).lines == [
        "t.bgn:6:7: D202 seat 2 holds 6 cards, not 5 (game 1, deal 1)"]


@pytest.mark.rule("ru-pair-05", "ru-pair-06")
def test_round_two_offers_no_trumps_and_all_trumps():
    """Suit, No-trumps and All-trumps contracts exist, No-trumps and All-trumps in round
    two (ru-pair-05); in No-trumps every point is doubled, the run too (ru-pair-06)."""
    assert check(NO_TRUMPS) == ([], [Deal(True, [46, 254], [46, 254])], "*")
    assert check(ALL_TRUMPS) == ([], [Deal(False, [278, 0], [278, 0])], "*")
    early = NO_TRUMPS.replace("bids pass pass pass pass pass NT", "bids pass NT")
    assert check(early).lines == no_contract(
        "t.bgn:10:11: B302 'NT' in round 1: take the turned suit or pass (game 1, deal 1)",
        hands_line=5, held=8, dealt=5, seats=4, play_line=12,
        sheet="t.bgn:20:7: S601 score for side A is 0, not 46 (game 1, deal 1)")


#: every seat holds one suit; eight passes, and under `all-pass=dealer` the dealer (seat
#: 4) takes the turned TH with his second delivery.  Seat 4 ruffs the first trick and
#: leads hearts to the rest: side B takes all 162, side A nothing.
DEALER_TAKES = """[Variant "ru-pair"]
[Target "1001"]
[Rules "all-pass=dealer"]

deal 1 dealer 4
hands 1: 7S 8S 9S TS JS / QS KS AS
      2: 7D 8D 9D TD JD / QD KD AD
      3: 7C 8C 9C TC JC / QC KC AC
      4: 7H 8H 9H JH QH / TH KH AH
turn TH
bids pass pass pass pass pass pass pass pass
play 1. 7S 7D 7C 7H
2. 8H 8S 8D 8C
3. 9H 9S 9D 9C
4. QH TS TD TC
5. JH JS JD JC
6. TH QS QD QC
7. KH KS KD KC
8. AH AS AD AC
score 0 162
result *
"""


@pytest.mark.rule("ru-pair-04", "C17")
def test_under_the_no_all_pass_convention_the_dealer_takes_the_turned_card():
    """Under the club's convention `all-pass=dealer` eight passes give the dealer the
    turned card (ru-pair-04, C17): the deal has a contract and is played, in the BGN
    text and in the JSON form alike; by default the same play after eight passes is no
    deal at all (P103)."""
    assert check(DEALER_TAKES) == ([], [Deal(True, [0, 162], [0, 162])], "*")
    game = next(iter(parse_games(DEALER_TAKES)))
    again = game_from_json(game_to_json(game))
    assert again.errors == [] and len(again.deals[0].plays) == 32
    redeal = DEALER_TAKES.replace('[Rules "all-pass=dealer"]\n', "")
    assert check(redeal).lines == [
        "t.bgn:11:1: P103 'play' after an auction in which every seat passed (game 1, deal 1)"]
