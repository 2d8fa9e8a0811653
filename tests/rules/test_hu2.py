"""hu2 rules (docs/rules/hu2.md) checked on whole records through the reader and the engine.

Two players: eight cards each before the bidding, four more after, twelve tricks;
the turned card and a talon of seven stay out of play (hu3 convention 1).
"""

from __future__ import annotations

import pytest
from support.engine_util import replay_text
from support.rulecheck import Deal, check

#: dealer 2: seat 1 passes, seat 2 takes the turned QH and swaps its trump seven for
#: it.  Seat 1 takes only trick 10 (8D JD, 2); seat 2 the other eleven, 122, and its
#: bela 20.  Seat 1's run of five (100) beats seat 2's four and counts for him: 102
#: against 142, the soloist passes: V = 1.  Out of play: 7H and the talon, 38.
TAKEN = """[Variant "hu2"]

deal 1 dealer 2
hands 1: 7S 9S TS JS 7D JD 7C QC / 8S 9D KD JC
      2: AS 9H JH KH AH 8D TC KC / KS 7H 8H TD
turn QH
talon QD 8C AD AC 9C TH QS
bids pass take
exchange 2: swap 7H
declare 1: run5:JS 2: run4:AH
play 1. TS AS
2. JH 7S
3. 9H 7D
4. AH 7C
5. KH bela 8S
6. QH 9S
7. KS JS
8. 8H 9D
9. TC JC
10. 8D JD
11. KD TD
12. KC QC
score 0 1
total 0 1
result *
"""

PRE_BID = """[Variant "hu2"]

deal 1 dealer 2
hands 1: 9S AS 9H 7D 8D KD TC KC
      2: 8S QS 8H TH 9D QD 9C AC
turn TD
bids pass pass pass pass
result *
"""


@pytest.mark.rule("hu2-01", "hu2-02")
def test_eight_cards_then_four_more_twelve_tricks_against_one_opponent():
    """Eight cards each before the bidding, twelve in all, twelve tricks (hu2-01); the
    soloist plays against one opponent, two scores (hu2-02)."""
    r = replay_text(TAKEN)
    assert len(r.deals[0].tricks) == 12
    assert r.deals[0].card_points == [2, 122]
    assert check(TAKEN) == ([], [Deal(True, [0, 1], [0, 1])], "*")
    assert check(TAKEN.replace("/ KS 7H 8H TD", "/ KS 7H 8H")).lines == [
        "t.bgn:4:1: D201 missing from the deck: TD (game 1, deal 1)",
        "t.bgn:5:7: D202 seat 2 holds 11 cards, not 12 (game 1, deal 1)",
        "t.bgn:21:8: D203 seat 2 played TD, which it does not hold (game 1, deal 1, trick 11)",
    ]
    assert check(PRE_BID) == ([], [Deal(None, [0, 0], [0, 0])], "*")
    assert check(PRE_BID.replace("TC KC\n", "TC KC JC\n")).lines == [
        "t.bgn:4:7: D202 seat 1 holds 9 cards, not 8 (game 1, deal 1)"]
