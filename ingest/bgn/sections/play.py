"""The play and claims: ``play``.

Cards in the order they were played, each perhaps after its seat (``2: AS``),
with trick numbers (``3.``), ``bela``/``rebela`` after a king or queen of trump,
an annotation (``!``, ``?``), and a claim ``N: claim rest`` or ``N: claim game``
(docs/bgn/game.md).  After ``claim rest`` no card may follow; after ``claim`` the
next word must be ``rest`` or ``game``.

Canonical trick lines are read whole into the deal's compact
:class:`replay.model.record.PlayLane` (``ingest.bgn.sections.fast``); any token the lane
cannot hold makes it Play objects again (:func:`unlane`).
"""

from __future__ import annotations

from ingest.bgn.errors import p101, p103, quote
from ingest.bgn.lexer import ANNOT, CARD, KW, PREFIX, TRICK, Descriptor
from ingest.bgn.sections.records import GameState
from ingest.bgn.sections.states import TOP_WORDS, unexpected
from replay.model.elements import NOPOS, Claim, Play, Pos
from replay.model.lanes import PlayLane


def open_play(r: GameState, pos: Pos) -> None:
    state = r.play
    state.plays = r.deal.plays = []
    r.deal.play_pos = pos
    state.current = None
    state.prefix = None
    state.trick = None
    state.block = None


def unlane(r: GameState, lane: PlayLane) -> None:
    """Turn the compact plays into Play objects: the general path reads on."""
    state = r.play
    plays = lane.materialize()
    state.lane = None
    state.plays = r.deal.plays = plays
    state.current = plays[-1] if plays else None


def play_token(r: GameState, d: Descriptor, tok: str, ln: int, col: int) -> bool:
    """The tokens a play section is mostly made of, read before any other check: a
    card, a trick number, a ``bela`` on the card before.  False for any other token
    (``in_play`` or a keyword reads it)."""
    state = r.play
    kind = d[0]
    if state.lane is not None and not (kind == KW and d[1] in TOP_WORDS):
        unlane(r, state.lane)
    if kind == CARD:
        if state.block is not None:
            blocked(r, tok, (ln, col))
        prefix = state.prefix
        if prefix is None:
            pos = (ln, col)
        else:
            pos = state.prefix_pos
            state.prefix = None
        t = state.trick
        if t is None:
            p = Play(d[1], prefix, None, None, d[2], None, pos)
        else:
            p = Play(d[1], prefix, t, None, d[2], None, pos, NOPOS, state.trick_pos)
            state.trick = None
        state.plays.append(p)
        state.current = p
        return True
    if kind == TRICK:
        if state.trick is not None or state.prefix is not None or state.block is not None:
            bad_trick(r, tok, (ln, col))
        state.trick = d[1]
        state.trick_pos = (ln, col)
        state.current = None
        return True
    if kind == KW and d[1] == "bela" and state.current is not None and state.current.bela is None:
        cur = state.current
        cur.bela = "bela"
        cur.bela_pos = (ln, col)
        if d[2] is not None:
            annotate(r, d[2], tok, (ln, col))
        return True
    return False


def blocked(r: GameState, tok: str, pos: Pos) -> None:
    """A token after ``claim`` that is not ``rest`` or ``game``, or a card after
    ``claim rest``."""
    if r.play.block == "claim":  # placed at the wrong word, not at 'claim'
        raise p101(pos, f"expected 'rest' or 'game' after 'claim', found {quote(tok)}")
    raise p103(pos, f"a card after 'claim rest': {quote(tok)}")


def bad_trick(r: GameState, tok: str, pos: Pos) -> None:
    """A trick number where none may stand."""
    state = r.play
    if state.block == "claim":
        blocked(r, tok, pos)
    if state.block == "rest":
        raise p103(pos, f"a trick number after 'claim rest': {quote(tok)}")
    if state.trick is not None:
        raise p101(state.trick_pos, f"trick number {state.trick}. with no card after it")
    raise p101(state.prefix_pos, f"expected a card or 'claim' after '{state.prefix}:', "
                                  f"found {quote(tok)}")


def annotate(r: GameState, a: str, tok: str, pos: Pos) -> None:
    """An annotation (``!``, ``?`` …) on the card before."""
    cur = r.play.current
    if cur is None:
        raise p101(pos, f"annotation {quote(tok)} with no card before it")
    if cur.annotation is not None:
        raise p101(pos, f"a second annotation on {cur.card}: {quote(tok)}")
    cur.annotation = a


def in_play(r: GameState, d: Descriptor, tok: str, pos: Pos, glued: bool) -> None:
    state = r.play
    kind = d[0]
    if state.block == "claim" and not (kind == KW and d[1] in ("rest", "game")):
        blocked(r, tok, pos)
    if kind == ANNOT:
        annotate(r, d[1], tok, pos)
    elif kind == PREFIX:
        if state.prefix is not None:
            raise p101(state.prefix_pos, f"expected a card or 'claim' after "
                                          f"'{state.prefix}:', found {quote(tok)}")
        state.prefix = r.seat(d[1], tok, pos)
        state.prefix_pos = pos
        state.current = None
    elif kind == KW:
        w = d[1]
        if w in ("bela", "rebela"):
            bela(r, w, d, tok, pos)
        elif w == "claim":
            claim(r, pos)
        elif w in ("rest", "game"):
            if state.block != "claim":
                raise p103(pos, f"{quote(tok)} can only follow 'claim'")
            r.deal.claim = Claim(state.claim_seat, w, len(state.plays), state.claim_pos)
            state.block = "rest" if w == "rest" else None
        else:
            raise p103(pos, f"{quote(tok)} cannot stand in 'play'")
    else:
        raise unexpected(d, tok, pos, "a card, a trick number, a seat prefix, 'bela' "
                                      "or an annotation")


def bela(r: GameState, w: str, d: Descriptor, tok: str, pos: Pos) -> None:
    """``bela`` or ``rebela`` (``w``) on the card before: ``bela rebela`` when both."""
    cur = r.play.current
    if cur is None:
        raise p101(pos, f"{quote(tok)} with no card before it")
    if cur.bela is None:
        cur.bela = w
        cur.bela_pos = pos
    elif cur.bela == "bela" and w == "rebela":
        cur.bela = "bela rebela"
        cur.rebela_pos = pos
    else:
        raise p101(pos, f"a second {quote(tok)} on {cur.card}")
    if d[2] is not None:
        annotate(r, d[2], tok, pos)


def claim(r: GameState, pos: Pos) -> None:
    """``N: claim``: the claiming seat is the prefix before it."""
    state = r.play
    if state.trick is not None:
        raise p101(state.trick_pos, f"trick number {state.trick}. with no card after it")
    if r.deal.claim is not None or state.block is not None:
        raise p103(pos, "a second claim in one deal")
    if state.prefix is None:
        raise p101(pos, "'claim' needs the claiming seat before it, as in '1: claim rest'")
    state.claim_seat = state.prefix
    state.claim_pos = pos
    state.prefix = None
    state.current = None
    state.block = "claim"


def close_play(r: GameState, found: str | None) -> None:
    state = r.play
    if state.trick is not None:
        raise p101(state.trick_pos, f"trick number {state.trick}. with no card after it")
    if state.prefix is not None:
        raise p101(state.prefix_pos, f"expected a card or 'claim' after '{state.prefix}:', "
                                      f"found {quote(found)}")
    if state.block == "claim":
        raise p101(state.claim_pos, f"expected 'rest' or 'game' after 'claim', "
                                     f"found {quote(found)}")
    if not r.deal.plays and r.deal.claim is None:
        raise p101(r.kw_pos, "empty 'play' section")
    state.current = None
