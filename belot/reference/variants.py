"""What the rules reference says about each variant beyond its rules: a summary,
what each house-rule switch changes, and the project's replay conventions where the
rule books are silent (docs/rules/<variant>.md, ``belot explain bg4``)."""

from __future__ import annotations

#: variant id -> (name, one-line state), in the order of the docs' navigation
VARIANTS: dict[str, tuple[str, str]] = {
    "yu4": ("International / Serbian Belot for four",
            "Full rules: 1001, iber, štih-mač, the eight-card Belot."),
    "yu3": ("Serbian Belot for three", "Full rules: forced soloist, two discards, 701."),
    "mk4": ("Macedonian Bela for four",
            "Full rules: forced dealer, the 162 penalty, the automatic end."),
    "bg4": ("Bulgarian contract Belot",
            "Full rules: clubs < diamonds < hearts < spades < No-trumps < All-trumps, contra "
            "and recontra, match points to 151, hanging points; three profiles."),
    "bg3": ("Bulgarian Belot for three",
            "Deal, bidding and play from the books; the scoring is the bg4 q2 scoring against "
            "the other players combined, a default of this project and not a rule-book fact."),
    "bg2": ("Bulgarian Belot for two", "As bg3, for two players on 24 cards."),
    "fr4": ("French classic belote", "Full rules on the q1 base; a `Target` tag is required."),
    "contree": ("Belote contrée", "Full rules: 80 to 160 and capot bids, coinche, surcoinche; "
                "checked deal for deal against colver 0.11.1."),
    "ru3": ("Russian belot for three", "Full rules: seven swap, split, hanging points, capots, 501."),
    "ru-pair": ("Russian pair belot (\"Гамблер\" club)",
                "Deal, play and totals from the book; conventions the club never defines are "
                "refused (P102)."),
    "hu3": ("Hungarian Belot for three", "Full rules: figures, Betl, kontra per defender, 80 "
            "game points."),
    "hu2": ("Hungarian Belot for two", "As hu3, for two players with twelve cards."),
}

#: switch -> (rule row, what each value does); the values and the default come from the
#: rulesets themselves (replay.rules.ruleset.SWITCHES)
SWITCH_EFFECTS: dict[str, tuple[str, str]] = {
    "iber-partner": ("yu4-36", "`on`: beat the best card of the led suit even over the "
                     "partner; `off`: no duty to beat a card of the partner who is winning."),
    "carre-tens": ("yu4-23", "`on`: four tens are a carré worth 100; `off`: they are no "
                   "declaration (A502)."),
    "profile": ("", "`o` (Bulgarian online rules), `q1`, `q2`: sets the switches below "
                "as that text reads them (see Profiles); explicit switches apply after it."),
    "trump-raise-partner": ("bg4-22", "`on`: on a trump lead, raise even over the partner; "
                            "`off`: not when the partner is winning."),
    "ruff-if-partner-wins": ("bg4-23", "`off`: a void seat need not ruff while its partner "
                             "holds the trick; `on`: it must always ruff."),
    "underruff": ("bg4-24", "`off`: a seat that cannot over-ruff may play any card; `on`: it "
                  "must still play a lower trump."),
    "valat-x-nt": ("bg4-19", "`on`: the valat bonus is doubled in No-trumps."),
    "valat-x-contra": ("bg4-40", "`on`: the valat bonus is doubled by contra and recontra."),
    "run8": ("bg4-29", "An eight-card run counts `100` (as five) or `120` (five plus three)."),
    "card-reuse": ("bg4-32", "`on`: a card may count in a run and a carré; `off`: only once "
                   "(A504)."),
    "carre-order": ("bg4-34", "`points`: carrés rank J 9 A T K Q; `natural`: A K Q J T 9."),
    "nt-four-aces": ("bg4-35", "`on`: four aces count 200 in No-trumps."),
    "belote-needs-trick": ("bg4-37", "`on`: a belote scores only for a team that took a trick."),
    "double-levels": ("bg4-10", "`3` allows a third doubling level."),
    "forced-dealer": ("bg4-13", "`on`: after three passes the dealer must name a contract."),
    "forced-dealer-annul": ("bg4-13", "With a forced dealer: `7` lets him annul the deal with "
                            "7 card points or less, `any` with any hand."),
    "deal-packets": ("bg4-06", "`3+2`: five cards before bidding; `3+3+2`: six."),
    "kirtik": ("bg4-48", "`on`: a failed contract costs 10 match points more."),
    "breach-penalty": ("bg4-49", "`on`: a play violation (C401-C404, D203) ends the deal; the "
                       "other team gets 162 (258 in All-trumps) and every declaration."),
    "split-rounding": ("ru3-23", "How a failed contractor's points are split between the two "
                       "opponents: `exact` (halves kept) or `down` (rounded down)."),
    "all-pass": ("ru-pair-04", "`redeal`: when all pass the next seat deals; `dealer`: after "
                 "eight passes the dealer takes the turned card."),
}

#: the project's replay conventions per variant, where the books leave the replay open
CONVENTIONS: dict[str, dict[int, str]] = {
    "contree": dict(enumerate([
        "Cards: one suit is trump in every deal (no No-trumps, no All-trumps); classic order "
        "and points, 162 a deal; a side that takes all eight tricks gets 100 for the last "
        "trick instead of 10 (252).",
        "Deal: eight cards each at once, no turned card; the seat after the dealer calls and "
        "leads first; the dealer rotates after every deal, passed-out deals included.",
        "Auction: `pass`; bids `80S` to `160C` and `capotS` to `capotC` (250), each strictly "
        "higher than the last, any suit, over the partner too; `X` (coinche) by the side "
        "against the highest bid; `XX` (surcoinche) by the bidding side. After `X` nobody "
        "bids. Four passes: passed out; three passes after the last call end the auction; "
        "`XX` ends it at once.",
        "Play: on a trump lead beat the highest trump when able, even over the partner; follow "
        "a plain suit with any card of it; void in a plain suit: any card while the partner "
        "is master, else a trump (over-ruffing an opponent when able, never forced to "
        "under-ruff).",
        "Belote: the only declaration; counted by itself for a seat dealt K and Q of trump, "
        "announced or not; `bela` in the record is optional.",
        "Scoring (exact points): made when the taker's card points plus belote reach the bid "
        "(capot: all eight tricks). Made without coinche: taker card points + bid + belote, "
        "defence its own. Made coinched: the taker scores 162 (252) + bid x 2 or 3 + both "
        "belotes, the defence 0. Failed: the defence scores 162 + bid x multiplier + both "
        "belotes. Nothing hangs.",
        "Game: to 2000 (a `Target` tag may change it); the side at or over the target after a "
        "deal wins, the higher if both.",
    ], 1)),
    "fr4": dict(enumerate([
        "Deal and bidding: five cards each and a turned card; round one `take` or `pass`, "
        "round two another suit or `pass`; the first taker ends the bidding; eight passes: "
        "the next seat deals. A suit in round one, or the turned suit in round two, is B302. "
        "The taker's second delivery in `hands` holds the turned card and two more.",
        "Play (q1 with an over-ruff duty): follow suit; raise on a trump lead unless the "
        "partner is winning; void in a plain suit: ruff even when the partner wins; over-ruff "
        "an opponent's trump when able, else still play a lower trump.",
        "Declarations: runs and carrés contested apart as in bg4, q1 values (eight cards = "
        "120), needing a trick; belote 20 needs no trick.",
        "Scoring in raw points: the taker's side needs strictly more; failed or tied: the "
        "other side takes everything; capot +90.",
        "Target from the `Target` tag (P102 without it); no game ends on a capot deal or a "
        "deal where all passed.",
    ], 1)),
}

#: conventions shared by yu3 and ru3 (1-9), then yu3's (10-15) and ru3's own (16-23)
_YU3_RU3 = {
    1: "Seats 1 to 3; the seat after the dealer calls first and leads to the first trick "
       "(in yu3 it is the soloist; in ru3 it leads even when another seat is the "
       "contractor). The dealer is taken from each deal header; a dealer out of rotation is "
       "no violation.",
    2: "Only combinations written in `declare` count, judged on the hand after the exchange "
       "(yu3: the soloist's ten cards after his discards; ru3: after the seven swap, so the "
       "card swapped in can be declared and the seven cannot). A501, A502 and A504 "
       "combinations are left out; the seat's others still count.",
    3: "An exchange against the rules (B303) is reported and carried out as written as far "
       "as the seat holds the cards: yu3 discards leave the hand and score for the "
       "discarding seat; a ru3 `swap` exchanges the named card for the turned one even when "
       "it is not the trump seven or the contract came from round two. A card the seat does "
       "not hold is D203. A soloist who discards other than two cards gets one B303 (at the "
       "`discard` token). A card left in a hand after the last trick scores for nobody.",
    4: "A call that is not allowed (B302) counts as a pass. yu3: only the seat after the "
       "dealer calls, and any call of it that is not a suit is B302 and leaves the deal "
       "without a contract, reported like a deal where all passed. ru3: round one `take` or "
       "`pass`, round two a suit other than the turned one or `pass`; anything else is B302; "
       "six passes make no contract.",
    5: "Card-play codes as in yu4: a revoke is C401; void and holding a trump but playing "
       "another card, C402; a trump lower than the best trump in the trick while holding a "
       "higher one (trump lead or over-ruff), C403; in yu3 only, a lower card of a plain led "
       "suit before any trump, while holding a higher one, C404. ru3 has no duty to beat a "
       "plain suit and no partner exceptions. No penalties: the card stands.",
    6: "A card the seat does not hold (D203) counts as played by the seat whose turn it was "
       "and leaves the hand that held it.",
    7: "On the sheet `-` marks a failed soloist or contractor, `0` a hanging ru3 contractor "
       "and capoted seats; reports write 0 for `-`. ru3 halves are written `97.5`. S601 "
       "compares the three numbers and `hang` (absent = 0); S602 compares with the engine's "
       "own running total.",
    8: "S603: a wrong `result` token, or one deal recorded after the game was won (that deal "
       "is still replayed and reported, its totals keep adding up, the result stands). At "
       "most one per game.",
    9: "`claim game` is true when the claimer's running total plus the card points of the "
       "complete tricks he won in the deal (+10 after the last), plus his credited bela "
       "(only once he has won a trick; in yu3 also the soloist's discards) reaches the "
       "target; the deal is then scored as exactly those figures, `made` null, and that "
       "seat wins. In ru3 only right after a trick the claimer won, not the last one.",
    10: "Record: `hands` 6 / 6 for the soloist and 6 / 4 for the others; `bids` with the "
        "soloist's suit; `exchange 1: discard c1 c2` (the soloist's seat); `declare` for "
        "all three seats; ten tricks.",
    11: "The soloist's two discards count as card points for him (trump values when they are "
        "trumps) but are no trick won: his declarations and bela still need a trick won in "
        "play (A6). Any two cards may be discarded (A7).",
    12: "Declarations: the soloist's best against the better of the two defenders' best, "
        "compared as in yu4 (value, carré over run, longer run, higher top card, carrés A > K "
        "> Q > T, the run in trump); identical and both plain: nobody. The eight-card run is "
        "worth 100, outranks everything and does not end the game. If the soloist's is best "
        "all his count; if a defender's, all declarations of both defenders count, each for "
        "a defender who took a trick himself (A8). If the winning side's are void for want "
        "of a trick, the other side's do not count instead.",
    13: "Bela: `bela` on the first of king and queen of trump played by a seat still holding "
        "the other; it needs a trick by that seat (A46); `bela` on the second card is A503. "
        "It counts towards a claim from its first card (C14).",
    14: "Score: each seat its own points; the soloist passes with at least the two defenders' "
        "sum (a tie passes, C15); failed: the soloist 0 (`-`), the defenders their own. A "
        "seat taking all ten tricks adds 90 and keeps only its own declarations (if it won "
        "the contest) and bela; the trickless seats' are void. `hang` is always 0.",
    15: "End: after each deal with a contract, the highest total at or over 701 wins; equal "
        "highest totals play on.",
    16: "Record: `hands` 6 / 3; `turn`; `talon` (the four cards nobody gets); `bids` (round "
        "one, then round two); `exchange <seat>: swap 7X` when made; `declare` for all seats; "
        "nine tricks; `score ... [hang p]`. A deal where all passed has `deal`, six-card "
        "`hands`, `turn` and six passes only. The five cards out of play score for nobody.",
    17: "The seven swap is legal only in a round-one contract, for the seat holding the trump "
        "seven, once (when the turned card is the seven there is no swap).",
    18: "Combinations: runs 20, 50, 100, five or more counting as their highest five (A13); "
        "carrés J 200, 9 150, A T K Q 100 (eights and sevens: A502). Any carré beats any run; "
        "carrés by value, then A > T > K > Q; runs by counted length, top card, trump, then "
        "the earlier announcement, i.e. the earlier seat counted from the dealer. Only the "
        "best seat scores, all its combinations, if it took a trick; otherwise nobody (A17).",
    19: "Belote: `bela` on the king or the queen of trump, valid if the seat held both after "
        "the exchange, on whichever of the two it plays first or second (announced before "
        "that card while still holding it); once per seat; `rebela` is optional on the other "
        "card; anything else is A503. It is worth 20, needs a trick, stays outside the "
        "contest and counts in the contract test.",
    20: "A seat's points: cards, last 10, combinations, belote and the capot bonus (one "
        "trickless seat: +50 to each other seat; one seat with every trick: +100 to it, the "
        "others nothing). A contractor below either opponent fails: he writes `-` and his "
        "points are split into two halves for the opponents (`split-rounding=exact` keeps "
        "halves, `down` rounds each down); level with one, the deal hangs (A16): the "
        "opponents write their own, the contractor 0, his points hang; else made. `made` is "
        "true, false (failed or hanging) or null (no contract, claim).",
    21: "Hanging points go to the single top scorer of the next deal with a contract (judged "
        "before the pot); a tied top leaves them pending, as do all-pass deals; pots add up; "
        "the report's `hang` is the pot pending after the deal; a pot pending at the end of "
        "the game is lost.",
    22: "End: after each deal, one seat at or over 501 wins; several: the one of them that "
        "took the last trick of the deal; otherwise play goes on (also after an all-pass "
        "deal).",
    23: "Dealer (A10): the top scorer of the deal (after split and pot); a tie: the tied seat "
        "nearest after the old dealer; after an all-pass deal, the next seat.",
}
CONVENTIONS["yu3"] = {n: t for n, t in _YU3_RU3.items() if n <= 15}
CONVENTIONS["ru3"] = {n: t for n, t in _YU3_RU3.items() if n <= 9 or n >= 16}

CONVENTIONS["hu3"] = {
    1: "`hands`: per seat the cards held while bidding (6; hu2 8), `/`, then the face-down "
       "cards picked up once trump is fixed (3; hu2 4). `turn` is the under-card; `talon` the "
       "rest of the pack (4; hu2 7), top card first, the first being the visible one. Hands, "
       "turn and talon make the 32 cards.",
    2: "A played deal: `deal`, `hands`, `turn`, `talon`, `bids`, `announce` (figures before "
       "the pickup), `exchange`, `declare` (every seat, `-` for none), `announce` (figures "
       "after the pickup), `play`, `score`, `total`.",
    3: "A deal where everybody passed both rounds: `deal`, `hands` with the first delivery "
       "only (no `/`), `turn`, `bids` (n passes of each round) and nothing else; it scores "
       "nothing and the next seat deals.",
    4: "Round one from the seat after the dealer: `take` (accept the turned suit) or "
       "`pass`; the first `take` ends the bidding and that seat is the soloist. Any other "
       "call in round one is B302 and counts as a pass.",
    5: "Round two, again from the seat after the dealer: a suit other than the turned one, "
       "or `NT`, strictly higher than the last call on spades < diamonds < clubs < hearts < "
       "NT, or `pass`; a seat that passed may call later. It ends when the other seats have "
       "passed after the last call (hu2: one pass); n passes without a call: all passed. "
       "`take`, the turned suit, a call not higher, `X` or `XX` here is B302 and counts as "
       "a pass.",
    6: "Kontra and rekontra close the same `bids` section: one call per defender in turn "
       "from the seat after the soloist (`X` or `pass`), then, if any defender said `X`, "
       "the soloist's `XX` or `pass`. Calls left out at the end are passes. A wrong call "
       "here is B302 and counts as a pass; a call after this round is B301 (seat null). "
       "Kontra and rekontra multiply the final value (Betl included), whatever their place.",
    7: "Only the soloist announces. An `announce` before any `exchange` and `declare` is "
       "made before the pickup; one after them, after the pickup. `absolut` and `hundred` "
       "count only before the pickup; the other figures (`betl` too) before or after it, "
       "but before play.",
    8: "An announcement against these rules is B302 and ignored: `absolut` or `hundred` "
       "after the pickup, a figure by a defender, a figure twice, any figure after `betl`, "
       "`tuletroa`, `celad`, `ultimo` or `alltrumps` in No-trumps, an `announce` after "
       "`play`.",
    9: "`exchange <seat>: swap <card> take <cards> discard <cards>`. `swap` gives the card "
       "for the under-card (the given card becomes the under-card); allowed only after a "
       "round-one trump, once per deal, with the required card: the trump seven; the trump "
       "eight when a trump seven is one of the two visible cards; the trump nine when they "
       "are the seven and the eight. Any seat holding the required card may swap.",
    10: "`take`: only the seat that swapped, right after its swap, takes cards from the top "
        "of the stock in order, each a trump, as many as it likes. `discard`: as many cards "
        "back, any of its hand, to 9 (12). Discarded cards are out of play and count for "
        "nobody.",
    11: "An exchange entry against any of this is one B303 and is carried out exactly as "
        "written: the cards move as recorded and play goes on with those hands.",
    12: "Declarations are checked against the hand the seat plays with, after the exchange "
        "(a card swapped in or taken can be declared; a discarded one cannot: A501).",
    13: "No-trumps: no declarations (each is A502 and ignored) and no bela (A503). Betl: "
        "declarations made before Betl was announced are void (no violation); `bela` is A503.",
    14: "Ranking, best first: an eight-card run (worth 100); four jacks 200; four nines 150; "
        "the other carrés at 100 in the order A, K, Q, T, 8, 7; runs of 100 (longer first, "
        "then higher top card); runs of 50; runs of 20. Equal runs: the higher top card, then "
        "the one in trump, else nobody scores. A run and a carré may share a card; two runs "
        "may not (A504).",
    15: "The soloist's best is compared with the better of the defenders' bests: stronger, "
        "all his count for him; weaker, all declarations of both defenders count for them; "
        "equal, nobody's.",
    16: "Declarations and bela count only for a side that took a trick; the two defenders are "
        "one side. What is lost for want of a trick goes to no one.",
    17: "A seat's points: the card points of its tricks, +10 for the last trick (when all "
        "tricks were played), + its side's counted declarations and bela. The soloist passes "
        "the basic test with more than both defenders together (hu2: the opponent); equal "
        "fails.",
    18: "Figures: `absolut` = the soloist's points at least 82 (No-trumps 66); `hundred` at "
        "least 100 (No-trumps 80); `twohundred` at least 200; `tuletroa` (trump J, 9, 7), "
        "`celad` (trump A, K, Q), `alltrumps` (trump J 9 A T K Q), `fortyfour` (the four "
        "aces): those cards among the soloist's tricks, whoever played them; `ultimo`: he "
        "wins the last trick with the trump seven; `volat`: he wins every trick.",
    19: "The deal's value V = 1 + the values of the figures validly announced (`hundred` "
        "includes `absolut`: 4 + 3, counted once). Made = basic test passed and every figure "
        "made. Betl: V = 10 (no +1), made when the soloist takes no trick; play stops at his "
        "first trick.",
    20: "Scores in game points: without kontra, made: soloist +V; failed: each defender +V, "
        "the soloist `-`. Each kontra is a separate account between its giver and the soloist "
        "at twice V (four times after rekontra): made, giver -2V and soloist +2V; failed, the "
        "reverse; a defender without kontra gets 0 on a pass and +V on a failure.",
    21: "The game ends after the first deal after which some seat has at least the target "
        "(the `Target` tag, else 80) and the strictly highest total; that seat is the result. "
        "A deal after that: one S603 at it; it is still replayed and the result stands.",
    22: "Violation fields: `trick` for C401, C402, D203 and A503, else null; `seat` the seat "
        "that called (B301 after the bidding: null), announced, exchanged, declared or "
        "played; null for S601 to S603.",
}
CONVENTIONS["hu2"] = CONVENTIONS["hu3"]

#: variants the books name without rules: refused with P102 (replay.rules.ruleset.UNSUPPORTED)
REFUSED_WHY = {
    "mk2": "The Macedonian book gives only the target (501), not the deal, the bidding or the "
           "hand size (mk2-03).",
    "mk3": "The Macedonian book gives only the target (701), not the deal, the bidding, the "
           "hand size or the soloist's rules (mk3-02).",
    "hu4": "The Hungarian book only mentions the four-player game (the dealer sits out) "
           "without describing it (hu3-01).",
}
