"""What the rules reference says about each variant beyond the matrix rows: a summary,
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
#: rulesets themselves (replay.ruleset.SWITCHES)
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
CONVENTIONS: dict[str, list[str]] = {
    "contree": [
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
    ],
    "fr4": [
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
    ],
    "yu3": [
        "The seat after the dealer is the soloist: it must name a suit; any other call is "
        "B302 and leaves the deal without a contract.",
        "`hands` lists the soloist's 6 / 6 cards and the others' 6 / 4; the soloist's "
        "`exchange` discards exactly two cards (else B303), which score for him.",
        "Declarations are judged on the hand after the discards; the soloist's best is "
        "compared with the better of the defenders'.",
        "Score: each seat its own points; the soloist passes with at least the defenders' "
        "sum; a failed soloist writes `-`.",
        "End: after each deal, the highest total at or over 701 wins.",
    ],
    "ru3": [
        "`hands` lists 6 / 3 cards; `turn` the turned card; `talon` the four cards nobody "
        "gets. The seven swap is legal only in a round-one contract, for the seat holding the "
        "trump seven, before its first card.",
        "Runs count at most five cards; a carré beats any run; ties go to trump, then to the "
        "seat that declared earlier.",
        "Belote (`bela`) on the king or the queen of trump while the seat still holds the "
        "other; it needs a trick.",
        "Hanging points go to the single top scorer of the next deal; a failed contractor's "
        "points are split between the opponents (switch `split-rounding`).",
        "End: after each deal one seat at or over 501 wins; several: the one that took the "
        "last trick; a `claim game` right after a won trick ends the game.",
    ],
    "hu3": [
        "`hands`: the cards held while bidding (6; hu2 8), `/`, the face-down cards picked up "
        "once trump is fixed (3; hu2 4); `turn` the under-card; `talon` the face-up rest, top "
        "card first.",
        "Round one `take` or `pass`; round two a suit other than the turned one or `NT`, "
        "strictly higher on spades < diamonds < clubs < hearts < NT. Kontra (`X`) per "
        "defender and the soloist's rekontra (`XX`) close the same `bids` section.",
        "Only the soloist announces figures: `absolut` and `hundred` before the pickup (the "
        "first `announce`), the others with the full hand (the second).",
        "`exchange` `swap` the trump seven (or its substitute) for the under-card, `take` "
        "visible trumps in order, `discard` back to nine; a break is one B303.",
        "No-trumps: no declarations (A502); the soloist's best is compared with the better "
        "of the defenders'; declarations and bela need a trick.",
        "Scores in game points: the deal is worth 1 plus the announced figures; kontra "
        "doubles between the soloist and the doubler. The game ends after the first deal "
        "that brings some seat to 80.",
    ],
}
CONVENTIONS["hu2"] = CONVENTIONS["hu3"]

#: variants the books name without rules: refused with P102 (replay.ruleset.UNSUPPORTED)
REFUSED_WHY = {
    "mk2": "The Macedonian book gives only the target (501), not the deal, the bidding or the "
           "hand size (mk2-03).",
    "mk3": "The Macedonian book gives only the target (701), not the deal, the bidding, the "
           "hand size or the soloist's rules (mk3-02).",
    "hu4": "The Hungarian book only mentions the four-player game (the dealer sits out) "
           "without describing it (hu3-01).",
}
