"""yu3 rules (docs/rules/yu3.md) checked on whole records through the reader and the engine.

Seat 1, after dealer 3, is the soloist: six cards and six more, two laid away, ten
tricks against seats 2 and 3 with ten cards each.  Card points are worked trick by
trick beside each record; the scores follow yu3 convention 14 (each seat its own; the
soloist passes with at least the defenders' sum).
"""

from __future__ import annotations

import pytest
from support.engine_util import replay_text
from support.rulecheck import Deal, check

#: hearts; the soloist lays away 7C 8C (no points).  Seat 2 takes no trick.  Soloist:
#: KC TH (14), JC JH 9D (22), AC 9H JS (27), 9C AH AD (22), AS JD TC (23), KS TD QC
#: and the last trick (27): 135.  Seat 3: 8S TS 8H (10), 7D QD QH (6), 8D KD 7H (4),
#: 7S QS KH (7): 27.
SOLO = """[Variant "yu3"]

deal 1 dealer 3
hands 1: JH 9H AH TH 7S 8S / AS KS 7D 8D 7C 8C
      2: 9S TS JS QS 9D TD / JD QD KD AD
      3: 9C TC JC QC KC AC / KH QH 7H 8H
bids H
exchange 1: discard 7C 8C
declare 1: - 2: run4:QS 3: run6:AC
play 1. 8S TS 8H
2. KC TH 9S
3. 7D QD QH
4. JC JH 9D
5. 8D KD 7H
6. AC 9H JS
7. 7S QS KH
8. 9C AH AD
9. AS JD TC
10. KS TD QC
score 135 - 127
result *
"""

#: the soloist holds the six top hearts and lays away TS TD (20 points for him)
STRONG = """
deal {n} dealer 3
hands 1: JH 9H AH TH KH QH / AS TS AD TD AC TC
      2: 8H 7S 8S 9S JS QS / KS 7D 8D 9D
      3: 7H JD QD KD 7C 8C / 9C JC QC KC
bids H
exchange 1: discard TS TD
declare 1: run6:AH 2: run3:KS 3: run3:KC
"""

#: the soloist takes all ten tricks: 142 card points with the last trick, 20 laid away
#: (AH 8H 7H 11, AS KS KD 19, AD 9D QD 14, AC QS KC 18 in the first four tricks)
CAPOT_PLAY = """play 1. AH 8H 7H
2. AS KS KD
3. AD 9D QD
4. AC QS KC{claim4}
5. KH bela JS QC
6. QH 9S JD
7. JH 8S JC
8. TH 8D 9C
9. TC 7S 8C
10. 9H 7D 7C{claim10}
"""


def capot(n: int, claim4: str = "", claim10: str = "") -> str:
    return STRONG.format(n=n) + CAPOT_PLAY.format(claim4=claim4, claim10=claim10)


@pytest.mark.rule("yu3-01", "yu3-02", "yu3-08")
def test_three_scores_and_the_defenders_declarations_each_need_a_trick():
    """Three players each keep a score (yu3-01); cards keep the yu4 values and the last
    trick its 10 (yu3-02); seat 3's run of six (100) beats seat 2's four and the
    soloist declares nothing, so the defenders' declarations count, each for a defender
    who took a trick himself: seat 2 took none and loses its 50 (yu3-08).  The soloist
    passes with 135 against 0 + 127."""
    r = replay_text(SOLO)
    assert [t.points for t in r.deals[0].tricks] == [10, 14, 6, 22, 4, 27, 7, 22, 23, 27]
    assert [t.winner for t in r.deals[0].tricks] == [3, 1, 3, 1, 3, 1, 3, 1, 1, 1]
    assert check(SOLO) == ([], [Deal(True, [135, 0, 127], [135, 0, 127])], "*")


@pytest.mark.rule("yu3-08")
def test_the_soloists_best_declaration_leaves_the_defenders_none():
    """When the soloist holds the best declaration only his count (yu3-08): his run of
    six in trump (100) against the defenders' runs of three, which score nothing though
    both took a trick.  Soloist: 118 in tricks, 20 laid away, 100: 238."""
    play = """play 1. AS JS 7H
2. 8C AC 8H
3. 7S JC TH
4. TC 9D 7C
5. KH 8S KC
6. AD 8D JD
7. JH 7D KD
8. AH QS QC
9. QH KS 9C
10. 9H 9S QD
"""
    text = '[Variant "yu3"]\n' + STRONG.format(n=1) + play + "score 238 11 13\nresult *\n"
    r = replay_text(text)
    # seat 3 ruffs the AS with 7H (13), seat 2 ruffs the AC with 8H (11)
    assert [t.winner for t in r.deals[0].tricks][:2] == [3, 2]
    assert check(text) == ([], [Deal(True, [238, 11, 13], [238, 11, 13])], "*")


@pytest.mark.rule("yu3-03")
def test_six_cards_each_before_the_call():
    """The first delivery is six cards each, in two packets of three (yu3-03): when the
    soloist's call is refused the deal has no contract and the hands are those six; a
    seventh is reported."""
    pre = """[Variant "yu3"]

deal 1 dealer 3
hands 1: JH 9H AH TH 7S 8S
      2: 9S TS JS QS 9D TD
      3: 9C TC JC QC KC AC
bids pass
result *
"""
    refused = "t.bgn:7:6: B302 seat 1 must name trump in yu3: 'pass' is not a suit (game 1, deal 1)"
    assert check(pre) == ([refused], [Deal(None, [0, 0, 0], [0, 0, 0])], "*")
    assert check(pre.replace("7S 8S\n", "7S 8S AS\n")).lines == [
        "t.bgn:4:7: D202 seat 1 holds 7 cards, not 6 (game 1, deal 1)", refused]


@pytest.mark.rule("yu3-05")
def test_twelve_cards_for_the_soloist_and_ten_for_the_others():
    """The soloist gets six more cards (twelve), the others four more (ten each)
    (yu3-05): a defender with nine leaves a card out."""
    nine = SOLO.replace("/ KH QH 7H 8H", "/ KH QH 7H")
    assert check(nine).lines == [
        "t.bgn:4:1: D201 missing from the deck: 8H (game 1, deal 1)",
        "t.bgn:6:7: D202 seat 3 holds 9 cards, not 10 (game 1, deal 1)",
        "t.bgn:10:15: D203 seat 3 played 8H, which it does not hold (game 1, deal 1, trick 1)",
    ]


@pytest.mark.rule("yu3-14")
def test_a_seat_taking_all_ten_tricks_adds_ninety():
    """A player taking all ten tricks adds 90 (yu3-14): the soloist's 142 + 20 laid away
    + 90 + his run of six (100) + bela (20) = 372; the defenders score nothing."""
    text = '[Variant "yu3"]\n' + capot(1) + "score 372 0 0\nresult *\n"
    r = replay_text(text)
    assert [t.winner for t in r.deals[0].tricks] == [1] * 10
    assert check(text) == ([], [Deal(True, [372, 0, 0], [372, 0, 0])], "*")


@pytest.mark.rule("yu3-15")
def test_the_game_is_to_seven_hundred_and_one_with_the_claim():
    """The game is to 701, and a player who has reached it may claim (yu3-15).  Two
    capot deals make 744: the claim after the last card of deal 2 holds and seat 1
    wins.  Claimed after trick 4 of deal 2 the soloist has 372 + 62 in tricks + 20 laid
    away = 454, short of 701: a false claim, the deal scored as claimed."""
    won = ('[Variant "yu3"]\n' + capot(1) + "score 372 0 0\n"
           + capot(2, claim10=" 1: claim game") + "score 372 0 0\ntotal 744 0 0\nresult 1\n")
    assert check(won) == ([], [Deal(True, [372, 0, 0], [372, 0, 0]),
                               Deal(True, [372, 0, 0], [744, 0, 0])], "1")
    early = '[Variant "yu3"]\n' + capot(1) + capot(2, claim4=" 1: claim game") + "result *\n"
    assert check(early) == (
        ["t.bgn:31:16: A505 seat 1 has 454, short of 701 (game 1, deal 2, trick 5)"],
        [Deal(True, [372, 0, 0], [372, 0, 0]), Deal(None, [82, 0, 0], [454, 0, 0])], "*")
