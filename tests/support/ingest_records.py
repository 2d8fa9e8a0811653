"""The hand-worked records of the ingest table tests, in one file text (``FILE``): the
base deal of the engine tests (support/engine_util.py) with declarations (game 1),
bela (game 2) and a mk4 revoke (game 3), then a game that cannot be read and one of an
unknown variant.  test_ingest_tables works out every row they give."""

TRICK_LINES = """play 1. 7S 9S JS KS
2. AS 8S TS QS
3. KH 7H TH JH
4. QH AH 8H 9H
5. 9D JD KD 7D
6. AD 8D TD QD
7. KC 7C TC JC
8. 9C QC AC 8C"""

HANDS = """hands 1: 7S 8S 7H 8H 7D 8D / 7C 8C
      2: 9S TS 9H TH 9D TD / 9C TC
      3: JS QS JH QH JD QD / JC QC
      4: KS AS KH AH KD AD / KC AC"""

# Game 1 (yu4): declarations decide the deal.  Seat 2 declares four nines (150, B),
# seat 3 four jacks (200, A): the best single declaration is A's, so only A's count
# (yu4-18): A 34 + 200 = 234 against B 128; the callers fall and A takes all,
# 34 + 128 + 200 = 362 (yu4-42).  Deal 2: everyone passes.
GAME1 = f"""[Variant "yu4"]
[Event "Club night"]
[Site "Skopje"]
[Date "2026.11.27"]
[Round "3"]
[Seat1 "Marko"]
[Seat2 "Ana"]
[Seat3 "Ivan"]
[Seat4 "Jelena"]
[GameId "club-17"]
[Source "paper"]
[Table "5"]

{{Table five}}
deal 1 dealer 4
{HANDS}
bids pass {{thinking}} H
declare 1: - 2: carre:9 3: carre:J 4: -
{TRICK_LINES}
score 362 -
total 362 0
deal 2 dealer 1
bids pass pass pass pass
result *
"""

# Game 2 (yu4): bela.  Seat 4 holds KH and QH, seat 3 AH instead of QH; seat 4 leads
# KH with 'bela' (trick 3) and plays QH in trick 4: the same cards fall in the same
# tricks, so A 34, B 128 + 20 = 148, made.
BELA_HANDS = """hands 1: 7S 8S 7H 8H 7D 8D / 7C 8C
      2: 9S TS 9H TH 9D TD / 9C TC
      3: JS QS JH AH JD QD / JC QC
      4: KS AS KH QH KD AD / KC AC"""
GAME2 = f"""[Variant "yu4"]
[Event "Bela"]
[Date "2026.??.??"]

deal 1 dealer 4
{BELA_HANDS}
bids pass H
{TRICK_LINES.replace("3. KH 7H", "3. KH! bela {nice} 7H").replace("4. QH AH", "4. AH QH")}
score 34 148
result *
"""

# Game 3 (mk4): seat 1 (side A, defending) plays 7C on a diamond lead in trick 5 while
# holding 7D 8D: a revoke (C401), and in mk4 the deal ends at that card: the callers
# (B) score 162, A '-' (mk4-22).
GAME3 = f"""[Variant "mk4"]
[Event "Penalty"]

deal 1 dealer 4
{HANDS}
bids pass H
{TRICK_LINES.replace("9D JD KD 7D", "9D JD KD 7C")}
score - 162
total 0 162
result *
"""

GAME4_BROKEN = """[Variant "yu4"]
[Event "broken"]

deal 1 dealer 4
bids pass ZZ
result *
"""

GAME5_UNKNOWN = """[Variant "xx9"]

deal 1 dealer 4
bids pass pass pass pass
result *
"""

FILE = "\n".join([GAME1, GAME2, GAME3, GAME4_BROKEN, GAME5_UNKNOWN])
