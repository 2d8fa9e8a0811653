"""Records the rule tests of more than one variant replay: ``RUNS`` is a yu4 deal that
mk4 replays under its own declaring rules."""

#: runs in every seat: seat 2 holds 9H to KH in trump, seat 4 7S to TS and 9D to JD;
#: side A holds three-card runs only, and seat 1's AH 7H 8H, which is no run
RUNS = """[Variant "yu4"]

deal 1 dealer 4
hands 1: JS QS KS AH 7H 8H / QD JC
      2: 9H TH JH QH KH AS / 7D 8D
      3: AD KD 8C 9C TC QC / KC AC
      4: 7S 8S 9S TS 9D TD / JD 7C
bids pass H
declare 1: run3:KS run3:8H 2: run5:KH 3: run3:TC run3:AC 4: run4:TS run3:JD
play 1. 7H 9H 8C 7S
2. 7D KD TD QD
3. 7C JC TH 9C
4. 8D AD 9D 8H
5. JS AS TC 8S
6. JH QC 9S AH
7. QH KC TS QS
8. KH AC JD KS
score 11 321
result *
"""
