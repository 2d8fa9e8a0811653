"""The code reference: one entry per code the engine can emit.

Each entry says what the code means, the rules (row ids, docs/rules/) it enforces,
and carries a minimal record that triggers it with the exact report line that
``belot validate`` prints for it.  The test suite replays every record and checks
that it yields exactly that code and that line, so this page cannot drift from the
engine (docs/codes.md, ``belot explain C401``).
"""

from __future__ import annotations

from typing import NamedTuple

from replay.engine.report import CODE_ORDER


class Code(NamedTuple):
    code: str
    title: str
    #: what the code means, in a paragraph
    meaning: str
    #: row ids of the rules it enforces (docs/rules/<variant>.md); empty for notation codes
    rules: tuple[str, ...]
    #: a minimal record that yields exactly this code, and the report line it gives
    record: str
    line: str


#: the file name the example report lines use
EXAMPLE_FILE = "example.bgn"

#: the families of codes, by their first letter
FAMILIES = {
    "P": "notation: the record cannot be read (the rest of the game is skipped)",
    "D": "deal layout: the cards do not add up",
    "B": "bidding and exchange",
    "C": "card play",
    "A": "declarations, bela and claims",
    "S": "the score sheet",
    "W": "warnings: read, but not in the canonical form; the game stays clean",
}

_HANDS = """\
hands 1: 7S 8S 9S 8H 7D 8D / 7C 8C
      2: 7H 9H TH JH 9D TD / 9C TC
      3: JS QS KS AS JD QD / JC QC
      4: TS QH KH AH KD AD / KC AC
"""

#: the cards held while bidding (first deliveries only), for deals where all pass
_PRE_BID = """\
hands 1: 7S 8S 7H 8H 7D 8D
      2: 9S TS 9H TH 9D TD
      3: JS QS JH QH JD QD
      4: KS AS KH AH KD AD
"""

#: seat 1 holds four sevens
_SEVENS = """\
hands 1: 7S 7H 7D 7C 8S 8D / 8H 8C
      2: 9S 9H 9D 9C TS TD / TH TC
      3: JS JH JD JC QS QD / QH QC
      4: KS KH KD KC AS AD / AH AC
"""

_CLEAN = """\
hands 1: 7S 8S 7H 8H 7D 8D / 7C 8C
      2: 9S TS 9H TH 9D TD / 9C TC
      3: JS QS JH QH JD QD / JC QC
      4: KS AS KH AH KD AD / KC AC
bids pass H
play 1. 7S 9S JS KS
2. AS 8S TS QS
3. KH 7H TH JH
4. QH AH 8H 9H
5. 9D JD KD 7D
6. AD 8D TD QD
7. KC 7C TC JC
8. 9C QC AC 8C
"""


def _yu4(body: str, result: str = "*") -> str:
    return f'[Variant "yu4"]\n\ndeal 1 dealer 4\n{body}result {result}\n'


def _dated(date: str) -> str:
    """The clean deal, in a game with this ``Date`` tag."""
    return f'[Variant "yu4"]\n[Date "{date}"]\n\ndeal 1 dealer 4\n{_CLEAN}result *\n'


CODES: tuple[Code, ...] = (
    Code("P101", "malformed tag or token",
         "A tag line, a card, a call or another token that the notation does not allow: "
         "an unknown word, a card that does not exist, an empty section. The reader "
         "cannot tell what was meant, so the rest of the game is skipped (reading goes "
         "on at the next game).", (),
         _yu4(_HANDS + "bids pass H\nplay 1. 7S 7X\n"),
         "example.bgn:9:12: P101 expected a card, a trick number, a seat prefix, 'bela' "
         "or an annotation, found '7X' (game 1, deal 1)"),
    Code("P102", "unknown variant or house-rule switch",
         "The `Variant` tag is missing or names no supported ruleset (an id is read in any "
         "letters: `YU4` is `yu4`), the `Rules` tag names "
         "a switch or value the variant does not have, or `Target` is required and absent. "
         "mk2, mk3 and hu4 are refused here because their rule books give no rules, and so "
         "is a ru-pair record that relies on a club convention the book never defines.",
         ("mk2-03", "mk3-02", "ru-pair-13"),
         '[Variant "yu5"]\n\ndeal 1 dealer 4\nbids pass H\nresult *\n',
         "example.bgn:1:1: P102 unknown or unsupported variant 'yu5' (supported: bg2, "
         "bg3, bg4, contree, fr4, hu2, hu3, mk4, ru-pair, ru3, yu3, yu4) (game 1)"),
    Code("P103", "a section where it cannot stand",
         "A deal section out of order or repeated, a `turn` or `talon` in a variant "
         "without one, `play` after an auction that made no contract, a card after "
         "`claim rest`. The rest of the game is skipped.", (),
         _yu4("bids pass H\n" + _HANDS),
         "example.bgn:5:1: P103 'hands' cannot stand after 'bids' (game 1, deal 1)"),
    Code("P104", "text that is not UTF-8",
         "A byte that is not UTF-8 (or not of the encoding `--encoding` names): the file "
         "was written in another encoding, most often latin-1 (cp1252), cp1250 or cp1251. "
         "The finding is placed at the first such byte of the game, says the encoding the "
         "text looks like when that is clear, and the rest of the game is skipped; the "
         "other games of the file are read. Read the file again with `--encoding NAME`; "
         "`fmt --in-place` and `convert -o` write nothing for such a file, and nothing is "
         "ever replaced by U+FFFD (docs/troubleshooting.md). The record below shows the "
         "byte 0xE9 (é in latin-1) as `\\xE9`.", (),
         '[Variant "yu4"]\n[Seat1 "Ren\udce9e"]\n\ndeal 1 dealer 4\n' + _PRE_BID
         + "bids pass pass pass pass\nresult *\n",
         "example.bgn:2:12: P104 byte 0xE9 is not UTF-8 text; it looks like cp1252 (latin-1, "
         "Western European): read the file with --encoding cp1252 (game 1)"),
    Code("D201", "a card twice, a card missing, or a card outside the deck",
         "The layout of the deal (`hands`, `turn`, `talon`) names a card twice, leaves "
         "one out of the deck, or names a card the variant's deck does not have (a 7 or "
         "an 8 in the 24-card deck of bg3 and bg2). Where the taker receives the turned "
         "card, it belongs in the taker's second delivery; in another hand it is a card "
         "twice. A card repeated in play is D203, not D201.",
         ("yu4-03", "yu4-10", "bg3-02", "bg2-01", "fr4-05", "ru-pair-03"),
         _yu4(_PRE_BID.replace("2: 9S TS", "2: 7S TS") + "bids pass pass pass pass\n"),
         "example.bgn:5:10: D201 7S appears twice in the deal (game 1, deal 1)"),
    Code("D202", "the wrong number of cards",
         "A seat holds more or fewer cards than the variant deals (counted over all its "
         "deliveries; in a deal where all passed, the cards held while bidding).",
         ("yu4-09", "yu4-10", "yu3-05", "bg4-06", "bg4-07", "mk4-05", "ru3-09", "hu3-05"),
         _yu4(_PRE_BID.replace("3: JS QS JH QH JD QD", "3: JS QS JH QH JD") + "bids pass pass pass pass\n"),
         "example.bgn:6:7: D202 seat 3 holds 5 cards, not 6 (game 1, deal 1)"),
    Code("D203", "a card the seat does not hold",
         "A card is played, swapped or discarded by a seat that does not hold it (or "
         "holds it no more). In play it counts as the card of the seat whose turn it was "
         "and leaves the hand that held it; its legality is not judged. In mk4 (and bg4 "
         "with `breach-penalty=on`) it ends the deal with the penalty.",
         ("mk4-22", "bg4-49"),
         _yu4(_HANDS + "bids pass H\nplay 1. 7S JS\n"),
         "example.bgn:9:12: D203 seat 2 played JS, which it does not hold (game 1, deal "
         "1, trick 1)"),
    Code("D204", "the deal does not hold together",
         "A deal number that does not follow the previous one, play that stops with no "
         "claim or end of game, a contract with no play, or a missing `hands` where cards "
         "stay out of play. The deal is scored zero and the totals stand.", (),
         '[Variant "yu4"]\n\ndeal 2 dealer 4\nbids pass pass pass pass\nresult *\n',
         "example.bgn:3:6: D204 deal number 2 should be 1 (game 1, deal 1)"),
    Code("B301", "a call out of turn",
         "A call whose seat prefix is not the seat whose turn it is, or a call after the "
         "bidding had ended.", ("yu4-11", "yu4-12", "bg4-09", "bg4-12"),
         _yu4(_HANDS + "bids pass H pass\nplay 1. 7S\n"),
         "example.bgn:8:13: B301 call 'pass' after the bidding had ended (game 1, deal 1)"),
    Code("B302", "a call the variant does not allow here",
         "A call outside the variant's vocabulary, a bid that is not higher, a contra of "
         "one's own side, a forced call missing, a Hungarian figure announced too late. "
         "The call counts as a pass in that seat's turn.",
         ("yu4-11", "mk4-06", "bg4-08", "bg4-09", "fr4-03", "fr4-04", "ru3-07", "ru3-08",
          "hu3-06", "hu3-07", "hu3-17"),
         _yu4(_HANDS + "bids NT H\nplay 1. 7S\n"),
         "example.bgn:8:6: B302 'NT' is not a call in yu4: name a suit or pass (game 1, "
         "deal 1)"),
    Code("B303", "an exchange against the rules",
         "A swap without the trump seven, the wrong number of discards, cards taken that "
         "may not be taken, or an `exchange` in a variant that has none.",
         ("yu3-06", "ru3-10", "hu3-09", "hu3-10"),
         _yu4(_HANDS + "bids pass H\nexchange 1: swap 8H\nplay 1. 7S\n"),
         "example.bgn:9:13: B303 there is no exchange in yu4 (game 1, deal 1)"),
    Code("C401", "did not follow suit (revoke)",
         "The seat held a card of the led suit and played another suit.",
         ("yu4-31", "yu3-12", "bg4-21", "mk4-19", "ru3-21", "hu3-14"),
         _yu4(_HANDS + "bids pass H\nplay 1. 7D 7H\n"),
         "example.bgn:9:12: C401 seat 2 did not follow diamonds while holding 9D TD "
         "(game 1, deal 1, trick 1)"),
    Code("C402", "did not ruff",
         "Void in the led suit, the seat played a card that is not a trump where the "
         "variant demanded a trump: a ruff, or an over-ruff it could make.",
         ("yu4-31", "yu4-34", "bg4-23", "bg4-24", "mk4-20", "ru3-21", "ru-pair-09", "hu3-14"),
         _yu4(_HANDS + "bids pass H\nplay 1. 7S 9D\n"),
         "example.bgn:9:12: C402 seat 2 played 9D instead of a trump while holding 7H "
         "9H TH JH (game 1, deal 1, trick 1)"),
    Code("C403", "a trump too low",
         "In a suit contract the seat played a trump lower than a higher one it held, "
         "where the variant demanded the higher: raising on a trump lead, over-ruffing.",
         ("yu4-33", "yu4-34", "bg4-22", "bg4-24", "mk4-21", "ru3-22", "ru-pair-10"),
         _yu4(_HANDS + "bids pass H\nplay 1. 8H 7H\n"),
         "example.bgn:9:12: C403 seat 2 played 7H, a trump too low, while holding a "
         "higher trump (game 1, deal 1, trick 1)"),
    Code("C404", "did not beat the led suit (iber)",
         "The seat followed a plain led suit with a lower card while holding a higher "
         "one, where the variant demands beating it (iber, overbeat); in All-trumps every "
         "missed raise is C404.",
         ("yu4-33", "yu4-36", "mk4-19", "bg4-27"),
         _yu4(_HANDS + "bids pass H\nplay 1. 7D TD JD KD\n"),
         "example.bgn:9:18: C404 seat 4 played KD without beating the best diamonds "
         "while holding a higher one (game 1, deal 1, trick 1)"),
    Code("C405", "a card out of turn",
         "A seat prefix or a trick number that disagrees with whose turn it was. The card "
         "counts for the seat whose turn it was and is not judged further.",
         ("yu4-30", "yu4-32"),
         _yu4(_HANDS + "bids pass H\nplay 1. 7S 3:TD\n"),
         "example.bgn:9:12: C405 TD played out of turn: it was seat 2's turn (game 1, "
         "deal 1, trick 1)"),
    Code("A501", "a declaration the seat does not hold",
         "A run or carré written in `declare` that is not in the seat's hand (its "
         "`hands`, or the cards it played when `hands` is absent). It is left out.",
         ("yu4-17", "yu4-20", "yu4-23"),
         _yu4(_HANDS + "bids pass H\ndeclare 1: run3:KS\nplay 1. 7S\n"),
         "example.bgn:9:12: A501 seat 1 declared run3:KS without holding it (game 1, "
         "deal 1)"),
    Code("A502", "a declaration the contract does not allow",
         "A declaration that is none in this variant or contract (four eights or sevens, "
         "any declaration in No-trumps, four tens under `carre-tens=off`), or one made by "
         "the wrong seat or at the wrong time. It is left out.",
         ("yu4-23", "mk4-09", "bg4-35"),
         _yu4(_SEVENS + "bids pass H\ndeclare 1: carre:7\nplay 1. 7S\n"),
         "example.bgn:9:12: A502 carre:7 is not a declaration in yu4 (game 1, deal 1)"),
    Code("A503", "a false bela",
         "`bela` on a card that is not the first of the king and queen of trump played by "
         "a seat holding both (any suit in All-trumps), or a `rebela` that does not follow "
         "one. It scores nothing.",
         ("yu4-28", "yu4-29", "bg4-38", "mk4-17", "ru3-19"),
         _yu4(_HANDS + "bids pass H\nplay 1. 7S TH bela\n"),
         "example.bgn:9:15: A503 'bela' on TH: bela is announced with the first of the "
         "king and queen of trump, by the seat that holds both (game 1, deal 1, trick 1)"),
    Code("A504", "a card in two declarations",
         "A card counted in two declarations where the variant forbids it: two runs "
         "anywhere, a run and a carré under bg4's `card-reuse=off`. The later one is "
         "left out.",
         ("yu4-24", "bg4-32", "ru3-18", "mk4-15"),
         _yu4(_HANDS + "bids pass H\ndeclare 3: run4:AS run3:KS\nplay 1. 7S\n"),
         "example.bgn:9:20: A504 run3:KS uses a card of an earlier declaration of seat "
         "3 (game 1, deal 1)"),
    Code("A505", "a false claim",
         "`claim rest` when the claiming side cannot win every remaining trick against "
         "every legal defence (all hands known), or `claim game` short of the target or "
         "in a variant without it. The deal is scored as claimed.",
         ("yu4-43", "yu3-15", "ru3-27", "mk4-26"),
         _yu4(_HANDS + "bids pass H\nplay 1: claim rest\n"),
         "example.bgn:9:9: A505 seat 1 cannot win every remaining trick against every "
         "defence (game 1, deal 1, trick 1)"),
    Code("S601", "a wrong deal score",
         "The `score` line differs from the engine's own score for the deal (compared "
         "number by number, `-` as 0, `hang` too).",
         ("yu4-39", "yu4-40", "yu4-41", "yu4-42", "bg4-41", "bg4-46", "mk4-24", "mk4-25"),
         _yu4(_CLEAN + "score 34 120\n"),
         "example.bgn:17:10: S601 score for side B is 128, not 120 (game 1, deal 1)"),
    Code("S602", "a wrong running total",
         "The `total` line differs from the engine's own running total (never from the "
         "earlier written lines, so one wrong score makes every later total differ).",
         ("yu4-41", "yu4-42"),
         _yu4(_CLEAN + "total 34 120\n"),
         "example.bgn:17:10: S602 total for side B is 128, not 120 (game 1, deal 1)"),
    Code("S603", "a wrong result, or play after the game was won",
         "The `result` token differs from the engine's result, or cards or deals follow "
         "the deal that won the game (those cards are not replayed).",
         ("yu4-43", "yu4-44", "bg4-47", "mk4-26"),
         _yu4(_CLEAN, result="A"),
         "example.bgn:17:8: S603 the result is *, not A (game 1)"),
    Code("W701", "a date in another form",
         "The `Date` tag holds a date in a common form other than the canonical "
         "`YYYY.MM.DD`: ISO `2025-03-14`, `2025/03/14` or `20250314`, one-digit parts "
         "(`2025.3.14`), or the day first with dots (`14.03.2025`, `14.3.2025.`). It is "
         "read as that date: the dataset stores it and its date filters find the game, "
         "and `belot fmt` and `belot convert` write it `YYYY.MM.DD`. A warning, not a "
         "violation: the game stays clean and the exit status 0.", (),
         _dated("2025-03-14"),
         "example.bgn:2:1: W701 date '2025-03-14' read as 2025.03.14 (the canonical form "
         "is YYYY.MM.DD) (game 1)"),
    Code("W702", "a date that cannot be read",
         "The `Date` tag says no one date: a month name (`March 14`), a day or month that "
         "does not exist (`2025.13.45`, `2025.02.30`), the day and the month with "
         "slashes or dashes (`14/03/2025`, which could be either way round), a year of two "
         "digits. The tag is kept as written and the game has no date (the dataset's "
         "`played_on` is null, so the date filters leave it out). Write `YYYY.MM.DD`, "
         "with `??` for a part not known (`2025.03.??`). A warning, not a violation: "
         "the game stays clean and the exit status 0.", (),
         _dated("14/03/2025"),
         "example.bgn:2:1: W702 date '14/03/2025' cannot be read: the day and the month "
         "could stand either way; write YYYY.MM.DD (?? for an unknown part) (game 1)"),
)

BY_CODE: dict[str, Code] = {c.code: c for c in CODES}

assert set(BY_CODE) == set(CODE_ORDER), "every engine and reader code has one entry"
