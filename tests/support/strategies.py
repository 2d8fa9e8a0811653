"""Hypothesis strategies for well-formed BGN records (reusable by any test).

``games()`` draws a :class:`replay.model.record.Game` that the canonical writer turns
into text the reader accepts: sections in order and allowed by the variant,
no play after an all-pass auction, at most one claim and nothing after a
``claim rest``.  The cards, calls and numbers are random, not legal Belot:
these records exercise the notation, not the rules.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import strategies as st

from ingest.bgn.dates import UnreadableDate, canonical_date, is_canonical
from ingest.bgn.lexer import ANNOTATIONS, FIGURES, collapse
from replay.model.elements import Announce, Call, Claim, Combination, Exchange, Play
from replay.model.record import Deal, Game, ScoreLine
from replay.model.variants import TABLES, table_facts, variant_id

CARDS = [r + s for s in "SHDC" for r in "789TJQKA"]
SUIT_CALLS = ["S", "H", "D", "C", "NT", "AT"]
VARIANTS = sorted(TABLES)

cards = st.sampled_from(CARDS)
# text without line breaks (tag values, comments); no surrogates
_line_chars = st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r")
tag_values = st.text(_line_chars, max_size=20)
tag_names = st.from_regex(r"[A-Za-z0-9_]{1,12}", fullmatch=True)


def _kept_as_written(date: str) -> bool:
    """Whether the reader keeps a ``Date`` value as it stands (a date in another form
    it keeps in the canonical one: a game built so would not read back the same)."""
    try:
        return not date or is_canonical(date) or canonical_date(date) == date
    except UnreadableDate:
        return True


date_values = st.one_of(
    st.from_regex(r"([0-9]{4}|\?{4})\.(0[1-9]|1[0-2]|\?\?)\.(0[1-9]|1[0-9]|2[0-8]|\?\?)",
                  fullmatch=True).filter(lambda d: not d.startswith("0000")),
    tag_values.filter(_kept_as_written))
comment_texts = st.text(_line_chars, min_size=1, max_size=24).map(collapse).filter(bool)
calls = st.one_of(
    st.sampled_from(["pass", "take", "X", "XX", *SUIT_CALLS]),
    st.builds(lambda p, s: f"{p}{s}", st.integers(0, 250), st.sampled_from(SUIT_CALLS)),
    st.builds(lambda s: f"capot{s}", st.sampled_from(SUIT_CALLS)),
)
combinations = st.one_of(
    st.builds(lambda k, c: f"run{k}:{c}", st.integers(3, 8), cards),
    st.builds(lambda r: f"carre:{r}", st.sampled_from("789TJQKA")),
)
numbers = st.one_of(
    st.integers(-300, 2000).map(Decimal),
    st.integers(-600, 4000).map(lambda h: Decimal(h) / 2),
)


@st.composite
def deals(draw, variant: str | None, number: int) -> Deal:
    facts = table_facts(variant)
    n = facts.players
    deal = Deal(number=draw(st.integers(0, 30)) if draw(st.booleans()) else number,
                dealer=draw(st.integers(1, n)))
    prev = "deal"
    if draw(st.booleans()):
        seats = draw(st.lists(st.integers(1, n), min_size=1, max_size=n, unique=True))
        deal.hands = {s: draw(st.lists(st.lists(cards, min_size=1, max_size=8),
                                       min_size=1, max_size=3)) for s in seats}
        prev = "hands"
    if facts.turn and draw(st.booleans()):
        deal.turn = draw(cards)
        prev = "turn"
    if facts.talon and draw(st.booleans()):
        deal.talon = draw(st.lists(cards, min_size=1, max_size=7))
        prev = "talon"
    if draw(st.booleans()):
        deal.bids = [Call(draw(calls), draw(st.none() | st.integers(1, n)),
                          draw(st.none() | comment_texts))
                     for _ in range(draw(st.integers(1, 8)))]
        prev = "bids"

    def announce(after: str) -> list[Announce]:
        return [Announce(draw(st.integers(1, n)),
                         draw(st.lists(st.sampled_from(sorted(FIGURES)), min_size=1, max_size=3)),
                         after)
                for _ in range(draw(st.integers(1, 2)))]

    if draw(st.integers(0, 4)) == 0:
        deal.announce.extend(announce(prev))
        prev = "announce"
    if draw(st.booleans()):
        deal.exchange = [Exchange(draw(st.integers(1, n)), action,
                                  draw(st.lists(cards, min_size=1,
                                                max_size=1 if action == "swap" else 4)))
                         for action in draw(st.lists(st.sampled_from(["swap", "take", "discard"]),
                                                     min_size=1, max_size=4))]
        prev = "exchange"
    if draw(st.booleans()):
        deal.declare = {s: [Combination(c) for c in draw(st.lists(combinations, max_size=3))]
                        for s in range(1, n + 1)}
        prev = "declare"
    if facts.figures and prev in ("exchange", "declare") and draw(st.booleans()):
        deal.announce.extend(announce(prev))
    all_pass = deal.bids is not None and all(c.call == "pass" for c in deal.bids)
    if not all_pass and draw(st.booleans()):
        count = draw(st.integers(0, 4 * n + 2))
        deal.plays = [
            Play(draw(cards),
                 seat=draw(st.none() | st.integers(1, n)),
                 trick=draw(st.none() | st.integers(0, 12)) if draw(st.integers(0, 3)) == 0
                 else None,
                 bela=draw(st.sampled_from([None, None, None, "bela", "rebela", "bela rebela"])),
                 annotation=draw(st.none() | st.sampled_from(ANNOTATIONS)),
                 comment=draw(st.none() | comment_texts))
            for _ in range(count)
        ]
        if count == 0 or draw(st.booleans()):
            what = draw(st.sampled_from(["rest", "game"]))
            after = count if what == "rest" else draw(st.integers(0, count))
            deal.claim = Claim(draw(st.integers(1, n)), what, after)
        if facts.figures and draw(st.integers(0, 3)) == 0:
            deal.announce.extend(announce("play"))
    if draw(st.booleans()):
        values = draw(st.lists(st.none() | numbers, max_size=n))
        hang = draw(st.none() | numbers)
        if values or hang is not None:
            deal.score = ScoreLine(values, hang=hang)
    if draw(st.booleans()):
        deal.total = ScoreLine(draw(st.lists(numbers, min_size=1, max_size=n)))
    return deal


@st.composite
def games(draw, tagged: bool | None = None) -> Game:
    """A well-formed game; ``tagged=True`` always gives it tags (so several games
    written one after another read back as the same games)."""
    game = Game()
    has_tags = tagged if tagged is not None else draw(st.integers(0, 9)) > 0
    variant = None
    if has_tags:
        # as the reader keeps them: a variant id in lower case, a date in the canonical
        # form or one it cannot read
        variant = draw(st.sampled_from(VARIANTS) | tag_values.filter(lambda v: variant_id(v) == v))
        game.tags["Variant"] = variant
        for name in draw(st.lists(tag_names | st.sampled_from(
                ["Event", "Site", "Date", "Round", "Seat1", "Seat3", "Target", "Rules", "Result",
                 "GameId", "Source"]), max_size=4)):
            if name != "Variant":
                game.tags[name] = draw(date_values if name == "Date" else tag_values)
    game.comments = draw(st.lists(comment_texts, max_size=2))
    game.deals = [draw(deals(variant, i + 1)) for i in range(draw(st.integers(0, 3)))]
    n = table_facts(variant).players
    if draw(st.integers(0, 4)) > 0:
        game.result = draw(st.sampled_from(["A", "B", "*", *map(str, range(1, n + 1))]))
    if not game.tags and not game.deals and game.result is None:
        game.result = "*"  # a game needs something to write
    return game
