"""The state the walk carries: across the deals of a game (``GameWalk``) and
through the phases of one deal (``DealWalk``).

Each phase of a deal is a function of the deal's state in its own module: the
walk and the phases before the play (``replay.engine.walk``), the play
(``replay.engine.play``), a claim (``replay.engine.claims``), the deal's score
(``replay.engine.score``) and the check of the written score sheet
(``replay.engine.sheet``).  They import this module; it imports none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from replay.engine.report import SEATS_FROM, DealReport, GameReport, Violation
from replay.model.cards import CONTRACT_TABLES, NO_TRUMPS
from replay.model.elements import Pos
from replay.model.record import Deal, Game
from replay.rules.bela import BelaBook
from replay.rules.bidding import Contract
from replay.rules.ruleset import EndRule, Ruleset
from replay.rules.tally import Points

SIDE_NAMES = "AB"
#: no cards for any seat: what a deal holds in ``played_by`` and ``discarded`` until
#: it needs its own (shared, never changed)
_NONE_PLAYED: Final[dict[int, int]] = {}


class GameWalk:
    """State carried across deals: running totals, hanging points, the winner."""

    def __init__(self, game: Game, ruleset: Ruleset, report: GameReport) -> None:
        self.game = game
        self.rs = ruleset
        self.report = report
        self.totals: list[Points] = [0] * ruleset.sides
        self.pot: Points = 0  # hanging points waiting for the next deal (bg4-44)
        self.winner: int | None = None  # side index
        self.after_win_reported = False

    def flag(self, code: str, pos: Pos, deal: int | None, trick: int | None, seat: int | None,
             message: str) -> None:
        self.report.violations.append(Violation(code, pos[0], pos[1], deal, trick, seat, message))

    def side_name(self, side: int) -> str:
        """A side as reports write it: "A"/"B" in partnerships, else the seat number."""
        return SIDE_NAMES[side] if self.rs.players == 4 else str(side + 1)

    def side_label(self, side: int) -> str:
        return ("side " if self.rs.players == 4 else "seat ") + self.side_name(side)

    def close_deal(self, scores: Sequence[Points], may_end: bool = True,
                   last_trick: int | None = None) -> None:
        """Add a deal's scores to the totals and decide the game (docs/bgn/replay.md §12)."""
        for i, s in enumerate(scores):
            self.totals[i] += s
        if self.winner is None and may_end:
            self.winner = self.decide(self.totals, last_trick)

    def decide(self, totals: Sequence[Points], last_trick: int | None = None) -> int | None:
        """After a deal: a side at or over the target wins; the higher total if
        several; equal totals play on (yu4-44, bg4-47, A4).  ru3-28: of several
        over the target, the one who took the last trick; else play on."""
        over = [i for i, t in enumerate(totals) if t >= self.rs.target]
        if not over:
            return None
        if self.rs.end_rule is EndRule.LAST_TRICK and len(over) > 1:
            return last_trick if last_trick in over else None
        best = max(totals[i] for i in over)
        leaders = [i for i in over if totals[i] == best]
        return leaders[0] if len(leaders) == 1 else None


class DealWalk:
    """One deal: auction, layout, declarations, play, claim, score."""

    def __init__(self, gw: GameWalk, deal: Deal, index: int, is_last: bool) -> None:
        self.gw = gw
        self.rs = gw.rs
        self.deal = deal
        self.index = index
        self.is_last = is_last
        self.broken = False  # D204: made null, score zeros, total unchanged
        self.game_won_by_run8: int | None = None  # side whose 8-card run won the game
        self.ended_game: int | None = None  # side that ended the game inside this deal
        self.hand: dict[int, int] = {}
        self.played_by: dict[int, int] = _NONE_PLAYED  # made by assign_plays when needed
        self.known = False
        self.decl_by_side = [0] * self.rs.sides
        self.decl_all = 0
        self.announced: tuple[str, ...] = ()  # Hungarian figures validly announced
        self.betl = False
        self.play_kind = NO_TRUMPS
        self.soloist_won = 0  # cards in the soloist's tricks (figures)
        self.belas: BelaBook | None = None  # the bela words of the play, once one is met
        self.soloist_last: int | None = None  # his card in the last trick, if he won it
        self.contract: Contract | None = None  # the auction's, once it is walked
        self.ct = CONTRACT_TABLES[NO_TRUMPS]  # the tables of the contract played
        self.discarded: dict[int, int] = _NONE_PLAYED  # seat -> cards laid away (yu3-06)
        n = self.rs.players
        self.n = n
        self.first = deal.dealer % n + 1 if 1 <= deal.dealer <= n else 1
        self.order = SEATS_FROM[n][self.first]
        self.dr = DealReport(deal=index, made=None, score=[0] * self.rs.sides,
                             total=list(gw.totals), hang=gw.pot, dealer=deal.dealer,
                             line=deal.pos[0])

    def flag(self, code: str, pos: Pos, trick: int | None, seat: int | None, message: str) -> None:
        self.gw.flag(code, pos, self.index, trick, seat, message)

    def full_hand(self, seat: int) -> int:
        """What the seat held: its written hand, else the cards it played."""
        if seat in self.hand:
            return self.hand[seat]
        return self.played_by.get(seat, 0)

    def claimed_game(self) -> int | None:
        """The side whose true 'claim game' ended the game in this deal, else None (read
        through a call: in ``play`` the attribute is narrowed to None, which mypyc checks)."""
        return self.ended_game

    def last_winner(self) -> int | None:
        """The seat that won the last whole trick of the play, None before any."""
        played = self.dr.played
        return played.winners[-1] if played is not None and played.winners else None
