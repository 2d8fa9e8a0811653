"""The double-dummy search kernel, compiled with numba (``replay.solver.search`` drives it).

The kernel stays one file: numba checks a function cached on disk against its
own source file only, so a helper moved to another file could change while the
search, which inlines it, kept running the cached code built from the old one.

Everything here is plain integer code on numpy arrays so that numba compiles it
and ``NUMBA_DISABLE_JIT=1`` runs the very same functions as Python.

A position is: the hands (``hands[seat]``, a 32-bit card mask per seat 1..n),
the trick in progress (``tcards[0:p]``, led by ``leader``; ``w`` the index of
the card winning it so far), ``won`` (a bit per ruleset side that has taken a
trick: a capot is still possible while at most one bit is set) and ``rem``, the
card points still to be won (cards in hands and in the trick, plus the last-trick
bonus).  The value searched is the points camp ``persp`` secures from here on
when the camp of each seat (``ctx[CAMP + seat]``) plays for its camp: the seats of
``persp`` maximise it, the others minimise it.

Two payoffs (``ctx[MODE]``):

- ``POINTS``: card points of the tricks a camp takes, the last-trick bonus, and
  the capot bonus of the ruleset when one side takes every trick;
- ``ALL_OR_NOTHING``: play stops at the first trick taken by a seat of the
  ``ctx[STOP]`` mask; camp 0 scores 1 when play reaches the end without a stop,
  camp 1 scores 1 otherwise.  Betl (the soloist must take no trick) and a claim
  of the rest (the claimers must take every trick) are both this game.

The move generator ``legal`` is the compiled form of ``replay.rules.legality.judge``
(``tests/solver/test_solver.py`` holds the two equal on random positions of every
variant and contract kind); the search plays only its cards.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from platformdirs import user_cache_dir

# numba writes its compiled cache beside the source by default, which is inside
# the installation for an installed package: keep it in the user's cache folder
# instead (a NUMBA_CACHE_DIR set by the user wins).
os.environ.setdefault("NUMBA_CACHE_DIR", os.path.join(user_cache_dir("belot-replay"), "numba"))

from numba import njit  # noqa: E402  (reads NUMBA_CACHE_DIR when first imported)

#: How the kernel is compiled: cached on disk, and the helpers inlined into the
#: search at numba's level (``inline="always"``): LLVM does not inline across
#: numba functions, and a call costs more than most helpers (each array goes
#: over as about eight words on the stack).  ``_nrt=False`` turns numba's
#: reference counting off: the kernel allocates no array, and taking and
#: dropping the count of the five arrays at every recursive call was a third
#: of the search's time in a perf profile.  The flag is numba's own (its test
#: suite uses it) but not in its typed signature; should a numba release drop
#: it, deleting it here only makes the kernel slower.  Together these took a
#: node from about 200 to 80-110 ns (benchmarks/bench_solver.py).
#: ``nogil``: the kernel runs without Python's lock, so that threads can search
#: the children of one position side by side (``replay.solver.threads``).
_OPTIONS: dict[str, Any] = {"cache": True, "_nrt": False, "nogil": True}
kernel = njit(**_OPTIONS)
helper = njit(inline="always", **_OPTIONS)

# ---- the context array: per-contract tables and the variant's rules, by offset
STR = 0  # 32 strengths in this contract's order (ContractTables.strength)
PTS = 32  # 32 card points
ABOVE = 64  # 32 masks: same-suit cards that beat the card
ORDER = 96  # the 32 cards sorted by suit, then strength (weakest first)
N = 128  # players
KIND = 129  # 0..3 trump suit, 4 No trumps, 5 All trumps
TRUMP = 130  # ContractTables.trump_mask
RUFF = 131  # ContractTables.ruff_mask: cards that win a trick led in another suit
LAST_BONUS = 132
CAPOT_BONUS = 133
MODE = 134
STOP = 135  # ALL_OR_NOTHING: a bit per seat whose trick ends the play
# PlayDuties, one flag each (replay.rules.legality.PlayDuties)
OVERBEAT_TRUMP = 136
OVERBEAT_TRUMP_OVER_PARTNER = 137
ALL_TRUMPS_RAISE_OVER_PARTNER = 138
OVERBEAT_PLAIN = 139
OVERBEAT_PLAIN_OVER_PARTNER = 140
OVERBEAT_LAPSES_AFTER_RUFF = 141
RUFF_WHEN_PARTNER_WINS = 142
OVERRUFF = 143
OVERRUFF_OVER_PARTNER = 144
UNDERRUFF = 145
SIDE = 146  # ruleset side of seats 0..4 (partner test of the duties)
CAMP = 151  # camp (0 or 1) of seats 0..4: who plays for whom
CAMP_OF_SIDE = 156  # camp of ruleset sides 0..3 (who scores a capot)
#: 4 x 256: a suit's cards (bit ``card & 7``) -> the same cards by strength (bit 0: weakest)
BY_STRENGTH = 160
#: 4 x 256: a suit's cards still out, by strength -> their count and points, as ``suit_word`` keys them
SUIT_POINTS = 160 + 1024
#: 4 x 256: a suit's cards by strength (``BY_STRENGTH``'s form) -> the sum of their card points
STRENGTH_POINTS = 160 + 2048
CTX_SIZE = 160 + 3072

POINTS = 0
ALL_OR_NOTHING = 1

#: rows of the search's scratch buffer (one per card played below the root)
BUF_ROWS = 48
#: column of the buffer's last row counting the nodes searched; the row before
#: it counts, per card, the cut-offs its lead made (history heuristic)
NODES = 31
#: column of the buffer's last row that another thread sets to stop this
#: search: the position it was part of is settled.  A stopped search returns at
#: once and stores nothing, since its values are no longer bounds of anything.
STOPPED = 30
#: the buffer's row holding the position searched: the hands (columns 0-4, by
#: seat) and the trick in progress (columns 8-11).  The search plays and takes
#: back its cards there, so that its recursive call passes three arrays, not five
#: (numba passes each array as several words: about 3% of a node)
POS_ROW = BUF_ROWS - 3
#: the buffer's row holding, per depth, the card (plus one) that last settled a
#: node of that depth after the first card tried there had not: the next node
#: of the same depth without a table move tries it first (the killer heuristic
#: of chess programs; a card that refutes one line often refutes its
#: neighbours, and a late cut-off pays a whole subtree for the card before it)
KILLERS = BUF_ROWS - 4

#: transposition table row: the four suit words and the rest of the key, each
#: XORed with the row's data word (``TT_DATA``: lower bound, upper bound and best
#: card packed).  Threads share the table without locks: a row read while
#: another thread writes it mixes two writes, and then its key words no longer
#: match once the data word is taken off, so it reads as a miss (the scheme of
#: chess programs' lockless tables: one 64-bit store is never torn).
TT_H1, TT_META, TT_DATA = 0, 4, 5
TT_WIDTH = 8
#: the data word's fields: bounds offset by ``INF`` in 22 bits each, the best card above them
_BOUND_BITS = 22
_MOVE_SHIFT = 2 * _BOUND_BITS

#: index of a one-bit 32-bit mask: 2**i % 37 is distinct for i < 36
_MOD37 = np.full(37, -1, dtype=np.int64)
for _i in range(33):
    _MOD37[(1 << _i) % 37] = _i

#: ``_COMPRESS[mask * 256 + out]``: the bits of ``mask`` at the set bits of ``out``, packed
#: (bit i of the result: the i-th set bit of ``out``)
_COMPRESS = np.zeros(1 << 16, dtype=np.int64)
for _i in range(8):
    _mask = np.arange(1 << 16) >> 8
    _out = np.arange(1 << 16) & 0xFF
    _place = np.zeros(1 << 16, dtype=np.int64)
    for _j in range(_i):
        _place += (_out >> _j) & 1
    _COMPRESS |= np.where((_out >> _i) & 1, ((_mask >> _i) & 1) << _place, 0)

INF = 1 << 20


@helper
def low_index(bit):
    """Index of the single set bit of ``bit``."""
    return _MOD37[bit % 37]


@helper
def bit_count(m):
    """Set bits of a mask below 2**32 (every card mask is), in a few steps."""
    m = m - ((m >> 1) & 0x55555555)
    m = (m & 0x33333333) + ((m >> 2) & 0x33333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F
    return ((m * 0x01010101) & 0xFFFFFFFF) >> 24


@helper
def seat_at(leader, i, n):
    """The seat that plays the ``i``-th card of a trick led by ``leader``."""
    s = leader + i
    return s - n if s > n else s


@helper
def beats(ctx, card, best, led):
    """``replay.rules.legality.beats``: the led suit or a trump of a suit contract, ranked higher."""
    return ((card >> 3) == led or (ctx[RUFF] >> card) & 1 == 1) and ctx[STR + card] > ctx[STR + best]


@helper
def legal(ctx, hand, tcards, p, w, leader, seat):
    """The cards ``seat`` may play: ``replay.rules.legality.judge`` step for step
    (follow → overbeat → ruff → over-ruff → under-ruff → free)."""
    if p == 0:
        return hand
    n = ctx[N]
    lead = tcards[0]
    led_mask = 0xFF << (8 * (lead >> 3))
    trump_mask = ctx[TRUMP]
    best = tcards[w]
    partner_wins = ctx[SIDE + seat_at(leader, w, n)] == ctx[SIDE + seat]
    follow = hand & led_mask
    if follow:
        if led_mask & trump_mask:
            if ctx[KIND] > 3:
                over_partner = ctx[ALL_TRUMPS_RAISE_OVER_PARTNER]
            else:
                over_partner = ctx[OVERBEAT_TRUMP_OVER_PARTNER]
            if ctx[OVERBEAT_TRUMP] and (over_partner or not partner_wins):
                higher = follow & ctx[ABOVE + best]
                if higher:
                    return higher
            return follow
        if ctx[OVERBEAT_PLAIN] and (ctx[OVERBEAT_PLAIN_OVER_PARTNER] or not partner_wins):
            ruffed = (trump_mask >> best) & 1
            if not (ruffed and ctx[OVERBEAT_LAPSES_AFTER_RUFF]):
                best_led = best
                if ruffed:  # no lapse: beat the best card of the led suit
                    best_led = lead
                    for i in range(1, p):
                        c = tcards[i]
                        if (c >> 3) == (lead >> 3) and ctx[STR + c] > ctx[STR + best_led]:
                            best_led = c
                higher = follow & ctx[ABOVE + best_led]
                if higher:
                    return higher
        return follow
    if ctx[KIND] > 3:  # No trumps / All trumps: a void seat plays anything
        return hand
    trumps = hand & trump_mask
    if not trumps or not (ctx[RUFF_WHEN_PARTNER_WINS] or not partner_wins):
        return hand
    if (trump_mask >> best) & 1:  # a trump lies in the trick: over-ruff?
        if ctx[OVERRUFF] and (ctx[OVERRUFF_OVER_PARTNER] or not partner_wins):
            higher = trumps & ctx[ABOVE + best]
            if higher:
                return higher
            if not ctx[UNDERRUFF]:
                return hand
    return trumps


@helper
def alive_cards(hands, tcards, p, n):
    """Cards not yet gone: in a hand or in the trick in progress."""
    alive = 0
    for s in range(1, n + 1):
        alive |= hands[s]
    for i in range(p):
        alive |= 1 << tcards[i]
    return alive


@helper
def equivalent(ctx, lower, card, alive):
    """``card`` stands for ``lower``, the next weaker legal card in ``ORDER``:
    same suit, same points, no alive card ranked between them."""
    return ((lower >> 3) == (card >> 3) and ctx[PTS + lower] == ctx[PTS + card]
            and (ctx[ABOVE + lower] & ~ctx[ABOVE + card] & ~(1 << card) & alive) == 0)


@helper
def representatives(ctx, legal_mask, alive, out):
    """Fill ``out[card]`` with the card that stands for it (-1: not legal).

    Two legal cards are equivalent when they are of one suit, worth the same
    points and no card still alive ranks between them: whichever is played, the
    same tricks fall the same way.  Adjacency alone is not enough (a 10 and an
    ace, or a 9 and a jack of trumps, differ in points).  Returns the number of
    distinct representatives."""
    for c in range(32):
        out[c] = -1
    count = 0
    prev = -1
    rep = -1
    for k in range(32):
        c = ctx[ORDER + k]
        if not (legal_mask >> c) & 1:
            continue
        if prev >= 0 and equivalent(ctx, prev, c, alive):
            out[c] = rep
        else:
            rep = c
            out[c] = c
            count += 1
        prev = c
    return count


@helper
def table_key(ctx, hands):
    """The trick start's table key, one word per suit (``suit_word``).

    Positions with the same key play the same: which tricks fall to whom
    depends only on the order of the cards still out, and what they are worth
    only on their points.  So a deal reached with the 7 gone and the 8 still
    out shares an entry with the one reached the other way round."""
    return (suit_word(ctx, hands, 0), suit_word(ctx, hands, 1), suit_word(ctx, hands, 2),
            suit_word(ctx, hands, 3))


@helper
def suit_word(ctx, hands, suit):
    """The cards of ``suit`` still out in strength order: their count and
    points (``SUIT_POINTS``, 28 bits), then which of them each seat but the
    last holds (8 bits a seat, the last seat holds the rest)."""
    n = ctx[N]
    shift = 8 * suit
    table = BY_STRENGTH + 256 * suit
    out = 0
    for s in range(1, n + 1):
        out |= ctx[table + ((hands[s] >> shift) & 0xFF)]
    word = ctx[SUIT_POINTS + 256 * suit + out]
    for s in range(1, n):
        held = ctx[table + ((hands[s] >> shift) & 0xFF)]
        word |= _COMPRESS[held * 256 + out] << (20 + 8 * s)
    return word


@helper
def relative_card(ctx, hands, card):
    """``card`` as its suit and its place among the suit's cards still out
    (0: the strongest), the form the table stores a best card in."""
    n = ctx[N]
    alive = 0
    for s in range(1, n + 1):
        alive |= hands[s]
    suit = card >> 3
    place = 0
    for o in range(8 * suit + 7, 8 * suit - 1, -1):
        c = ctx[ORDER + o]
        if c == card:
            break
        if (alive >> c) & 1:
            place += 1
    return 8 * suit + place


@helper
def absolute_card(ctx, hands, rel):
    """The card at ``rel`` (``relative_card``'s form) in this position, or -1."""
    n = ctx[N]
    alive = 0
    for s in range(1, n + 1):
        alive |= hands[s]
    suit = rel >> 3
    place = rel & 7
    for o in range(8 * suit + 7, 8 * suit - 1, -1):
        c = ctx[ORDER + o]
        if (alive >> c) & 1:
            if place == 0:
                return c
            place -= 1
    return -1


@helper
def _tt_index(tt, key, meta):
    h = (meta * 0x9E37) & 0xFFFFFFFFF
    for s in range(4):
        x = key[s] ^ (key[s] >> 30)  # 60-bit words folded: the product stays in 63 bits
        h = ((h ^ x) & 0xFFFFFFFFF) * 0x2545F49
        h ^= h >> 23
    return h & (tt.shape[0] - 1)


@helper
def _meta(ctx, leader, won, persp, gen):
    """The rest of a trick-start key; ``normal`` tells whether the stored bounds
    are camp 0's: once no capot is possible (or in ALL_OR_NOTHING) the game is
    constant-sum and both camps share one entry."""
    normal = ctx[MODE] == ALL_OR_NOTHING or bit_count(won) >= 2 or ctx[CAPOT_BONUS] == 0
    wkey = 15 if normal else won
    pkey = 0 if normal else persp
    return leader + 8 * wkey + 128 * pkey + 256 * gen, normal


@helper
def _end_value(ctx, won, persp):
    """The value of a position with no card left."""
    if ctx[MODE] == ALL_OR_NOTHING:
        return 1 if persp == 0 else 0
    if ctx[CAPOT_BONUS] and bit_count(won) == 1 and ctx[CAMP_OF_SIDE + low_index(won)] == persp:
        return ctx[CAPOT_BONUS]
    return 0


@helper
def _ceiling(ctx, won, rem, persp):
    """The most camp ``persp`` can still score."""
    if ctx[MODE] == ALL_OR_NOTHING:
        return 1
    top = rem
    if ctx[CAPOT_BONUS] and (won == 0 or (bit_count(won) == 1
                                          and ctx[CAMP_OF_SIDE + low_index(won)] == persp)):
        top += ctx[CAPOT_BONUS]
    return top


@helper
def _order(ctx, hands, tcards, p, w, leader, seat, legal_mask, buf, depth):
    """The distinct candidate cards into ``buf[depth, 0:k]``, most promising
    first (scores in ``buf[depth, 16:32]``); returns ``k``.

    A lead: cards no opposing seat can beat in their suit nor ruff (by points),
    then low cards of suits where a partner holds the best card, then other low
    cards; ties broken by how often the card's lead cut the search off before.
    A follow: cards that take the trick (the last seat of a trick: the
    cheapest first; the others: those that keep it, by points), then points
    onto the camp's winning card, then the cheapest discard."""
    if legal_mask & (legal_mask - 1) == 0:  # one card: nothing to order
        buf[depth, 0] = low_index(legal_mask)
        return 1
    n = ctx[N]
    alive = alive_cards(hands, tcards, p, n)
    k = 0
    my_camp = ctx[CAMP + seat]
    foes = 0
    friends = 0
    if p == 0:
        for s2 in range(1, n + 1):
            if ctx[CAMP + s2] != my_camp:
                foes |= hands[s2]
            elif s2 != seat:
                friends |= hands[s2]
    else:  # the opposing seats still to play to this trick, and whether one may ruff
        led_mask = 0xFF << (8 * (tcards[0] >> 3))
        late_ruff = False
        for i in range(p + 1, n):
            s2 = seat_at(leader, i, n)
            if ctx[CAMP + s2] != my_camp:
                h = hands[s2]
                foes |= h
                if not h & led_mask and h & ctx[RUFF] and not led_mask & ctx[RUFF]:
                    late_ruff = True
        best = tcards[w]
        partner_holds = (ctx[CAMP + seat_at(leader, w, n)] == my_camp
                         and _holds(ctx, best, foes, late_ruff))
    for suit in range(4):
        suit_mask = 0xFF << (8 * suit)
        if not legal_mask & suit_mask:
            continue
        ruffers = 0
        if p == 0:  # seats void in the suit that hold a trump (none when it is trumps)
            friend_ruffs = False
            for s2 in range(1, n + 1):
                h = hands[s2]
                if not h & suit_mask and h & ctx[RUFF]:
                    if ctx[CAMP + s2] != my_camp:
                        ruffers += 1
                    elif s2 != seat:
                        friend_ruffs = True
            friend_top = _masters(ctx, friends, foes, suit) != 0
        prev = -1
        for o in range(8 * suit, 8 * suit + 8):
            c = ctx[ORDER + o]
            if not (legal_mask >> c) & 1:
                continue
            if prev >= 0 and equivalent(ctx, prev, c, alive):
                prev = c
                continue
            prev = c
            pts = ctx[PTS + c]
            if p == 0:
                if (ctx[ABOVE + c] & foes) == 0 and (ruffers == 0 or (ctx[RUFF] >> c) & 1):
                    sc = 30 + pts
                elif friend_ruffs and ruffers == 0:
                    sc = 20 - pts
                elif friend_top and (ruffers == 0 or (ctx[RUFF] >> c) & 1):
                    sc = 15 - pts
                elif ruffers and not (ctx[RUFF] >> c) & 1:
                    sc = -20 - pts
                else:
                    sc = -pts
                sc = sc * 4096 + min(buf[BUF_ROWS - 2, c], 4095)
            else:
                if beats(ctx, c, best, tcards[0] >> 3):
                    if p == n - 1:  # the last to play takes the trick as cheaply as it can
                        sc = 60 - pts
                    else:
                        sc = 60 + pts if _holds(ctx, c, foes, late_ruff) else 30 - pts
                elif partner_holds:
                    sc = 50 + pts
                else:
                    sc = 20 - pts
            # insertion: highest score first
            j = k
            while j > 0 and buf[depth, 16 + j - 1] < sc:
                buf[depth, j] = buf[depth, j - 1]
                buf[depth, 16 + j] = buf[depth, 16 + j - 1]
                j -= 1
            buf[depth, j] = c
            buf[depth, 16 + j] = sc
            k += 1
    return k


@helper
def _holds(ctx, card, late_foes, late_ruff):
    """Does ``card``, winning the trick now, keep it: no opposing seat still to
    play holds a card above it, nor can ruff it?"""
    return (ctx[ABOVE + card] & late_foes) == 0 and (not late_ruff or (ctx[RUFF] >> card) & 1)


@helper
def _masters(ctx, mine, theirs, suit):
    """The cards of ``mine`` in ``suit`` that no card of ``theirs`` beats,
    in strength order (``BY_STRENGTH``'s form: bit 0 the weakest): those above
    the strongest card ``theirs`` holds in the suit."""
    shift = 8 * suit
    table = BY_STRENGTH + 256 * suit
    below = ctx[table + ((theirs >> shift) & 0xFF)]
    below |= below >> 1  # every strength at or below their best card
    below |= below >> 2
    below |= below >> 4
    return ctx[table + ((mine >> shift) & 0xFF)] & ~below


@helper
def _quick_points(ctx, hands, leader):
    """Points the leader's camp is sure to take by cashing the leader's own
    winners first: cards no other seat can beat in their suit, each taking a
    trick and keeping the lead (a partner's higher card or ruff would take the
    lead away, so partners count as others here).  In a plain suit of a suit
    contract a seat void in it may ruff: only as many winners count as the
    shortest holding of another seat with a trump.  A lower bound of the
    leader's camp's points from here.

    The winners of a suit are ``_masters``: the leader's cards above the
    strongest card any other seat holds."""
    n = ctx[N]
    hand = hands[leader]
    others = 0
    for s in range(1, n + 1):
        if s != leader:
            others |= hands[s]
    total = 0
    for suit in range(4):
        shift = 8 * suit
        if not (hand >> shift) & 0xFF:
            continue
        if ctx[KIND] == suit:  # trumps: counted for the whole camp (_camp_trumps)
            continue
        win = _masters(ctx, hand, others, suit)
        if not win:
            continue
        if ctx[KIND] < 4 and not (ctx[RUFF] >> shift) & 0xFF:
            limit = 99
            for s in range(1, n + 1):
                if s != leader and hands[s] & ctx[RUFF]:
                    length = bit_count((hands[s] >> shift) & 0xFF)
                    if length < limit:
                        limit = length
            extra = bit_count(win) - limit
            while extra > 0:  # only the strongest ``limit`` winners cash
                win &= win - 1
                extra -= 1
        total += ctx[STRENGTH_POINTS + 256 * suit + win]
        cashed = bit_count(win)
        table = BY_STRENGTH + 256 * suit
        for s in range(1, n + 1):  # every other seat follows with its weakest cards
            if s == leader:
                continue
            held = ctx[table + ((hands[s] >> shift) & 0xFF)]
            if bit_count(held) > cashed:
                low = 0
                for _ in range(cashed):
                    low |= held & -held
                    held &= held - 1
                held = low
            total += ctx[STRENGTH_POINTS + 256 * suit + held]
    return total


@helper
def _camp_trumps(ctx, hands, camp):
    """In a suit contract, the points of the trumps of camp ``camp`` that rank
    above every trump of the other camp, the same for the other camp, and
    whether each holds such a trump.  Each of them takes the trick it falls in
    for its camp, whoever leads: lower bounds of both camps' points from a
    trick start."""
    if ctx[KIND] > 3:
        return 0, False, 0, False
    n = ctx[N]
    mine = 0
    theirs = 0
    for s in range(1, n + 1):
        if ctx[CAMP + s] == camp:
            mine |= hands[s]
        else:
            theirs |= hands[s]
    suit = ctx[KIND]
    top = _masters(ctx, mine, theirs, suit)
    their_top = _masters(ctx, theirs, mine, suit)
    pts = STRENGTH_POINTS + 256 * suit
    return ctx[pts + top], top != 0, ctx[pts + their_top], their_top != 0


@kernel
def search(ctx, tt, buf, depth, p, w, leader, won, rem, persp, gen, alpha, beta, only):
    """Alpha-beta (fail-soft, principal variation search) value of the position
    for camp ``persp``; with ``only >= 0``, the value once that card is played.
    The position is the buffer's ``POS_ROW`` (``_put_position``).  The one
    recursive function: numba's cache needs every recursive call typed exactly
    (int64)."""
    n = ctx[N]
    buf[BUF_ROWS - 1, NODES] += 1
    if buf[BUF_ROWS - 1, STOPPED]:
        return 0
    hands = buf[POS_ROW, 0:5]
    tcards = buf[POS_ROW, 8:12]
    seat = seat_at(leader, p, n)
    hand = hands[seat]
    key_meta = 0
    key = (np.int64(0), np.int64(0), np.int64(0), np.int64(0))
    normal = False
    first = -1  # the card to try first: the table's best move, else the killer
    row = -1
    if only >= 0:
        k = 1
        buf[depth, 0] = only
    else:
        if p == 0:
            if hand == 0:
                return _end_value(ctx, won, persp)
            if hand & (hand - 1) == 0:
                return _last_trick(ctx, hands, leader, won, persp)
            top = _ceiling(ctx, won, rem, persp)
            if top <= alpha:
                return top
            if ctx[MODE] == POINTS:
                lead_camp = ctx[CAMP + leader]
                sure, takes, other, other_takes = _camp_trumps(ctx, hands, lead_camp)
                sure += _quick_points(ctx, hands, leader)
                takes = takes or sure > 0
                if lead_camp == persp:
                    if sure >= beta:
                        return sure
                    if other_takes and rem - other <= alpha:
                        return rem - other
                else:
                    if takes and rem - sure <= alpha:
                        return rem - sure
                    if other >= beta:
                        return other
            key_meta, normal = _meta(ctx, leader, won, persp, gen)
            key = table_key(ctx, hands)
            row = _tt_find(tt, key, key_meta)
            d = _tt_data(tt, row, key, key_meta)
            if d >= 0:
                lo, hi = _tt_bounds(ctx, d, normal, persp, rem)
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                first = absolute_card(ctx, hands, (d >> _MOVE_SHIFT) & 63)
        legal_mask = legal(ctx, hand, tcards, p, w, leader, seat)
        k = _order(ctx, hands, tcards, p, w, leader, seat, legal_mask, buf, depth)
        if first < 0:  # no table move: this depth's killer, if it is a candidate here
            first = buf[KILLERS, depth] - 1
        if first >= 0:  # tried first
            for i in range(k):
                if buf[depth, i] == first:
                    for j in range(i, 0, -1):
                        buf[depth, j] = buf[depth, j - 1]
                    buf[depth, 0] = first
                    break
    maximizing = ctx[CAMP + seat] == persp
    a, b = alpha, beta
    best = -INF if maximizing else INF
    best_card = buf[depth, 0]
    none = np.int64(-1)
    zero = np.int64(0)
    last = np.int64(0xFFFFF)  # 5 bits a suit: the index of the suit's last card tried (31: none)
    for i in range(k):
        c = buf[depth, i]
        j = (last >> (5 * (c >> 3))) & 31
        last = (last & ~(31 << (5 * (c >> 3)))) | (i << (5 * (c >> 3)))
        if j != 31:  # a card next to the suit's last one tried may be settled by its value
            bound = _sibling_bound(ctx, buf, hands, tcards, p, depth, j, c, maximizing)
            buf[depth, 16 + i] = bound
            if maximizing:
                if bound <= a:
                    if bound > best:
                        best = bound
                        best_card = c
                    continue
            elif bound >= b:
                if bound < best:
                    best = bound
                    best_card = c
                continue
        bit = 1 << c
        hands[seat] ^= bit
        tcards[p] = c
        nw = w
        if p == 0 or beats(ctx, c, tcards[w], tcards[0] >> 3):
            nw = p
        # principal variation search: in a window wider than one point, a card
        # after the first is scouted with a null window at the bound to beat;
        # only a card that beats it is searched again for its value
        ca, cb = a, b
        if i > 0 and b - a > 1:
            ca, cb = scout_window(maximizing, a, b)
        for _attempt in range(2):
            if p + 1 < n:
                v = search(ctx, tt, buf, depth + 1, p + 1, nw, leader, won, rem, persp,
                           gen, ca, cb, none)
            else:  # the trick is complete: score it, then search the next trick (or the end)
                winner = seat_at(leader, nw, n)
                pts = zero
                for j in range(n):
                    pts += ctx[PTS + tcards[j]]
                if hands[1] == 0:  # a trick complete: every hand holds as many cards
                    pts += ctx[LAST_BONUS]
                nwon = won | (1 << ctx[SIDE + winner])
                stopped = False
                if ctx[MODE] == ALL_OR_NOTHING:
                    gain = zero
                    if (ctx[STOP] >> winner) & 1:
                        stopped = True
                        v = zero if persp == 0 else zero + 1
                else:
                    gain = pts if ctx[CAMP + winner] == persp else zero
                if not stopped:
                    t0, t1, t2, t3 = tcards[0], tcards[1], tcards[2], tcards[3]
                    v = gain + search(ctx, tt, buf, depth + 1, zero, zero, winner, nwon,
                                      rem - pts, persp, gen, ca - gain, cb - gain, none)
                    tcards[0], tcards[1], tcards[2], tcards[3] = t0, t1, t2, t3
            if (ca == a and cb == b) or v <= a or v >= b:
                break  # the whole window searched, or the scout settled the card
            ca, cb = research_window(maximizing, a, b, v)
        hands[seat] ^= bit
        buf[depth, 16 + i] = v
        if maximizing:
            if v > best:
                best = v
                best_card = c
                if best > a:
                    a = best
        else:
            if v < best:
                best = v
                best_card = c
                if best < b:
                    b = best
        if a >= b:
            if p == 0:
                buf[BUF_ROWS - 2, c] += bit_count(hand)
            if i > 0:
                buf[KILLERS, depth] = c + 1
            break
    if p == 0 and only < 0 and not buf[BUF_ROWS - 1, STOPPED]:
        _tt_store(ctx, tt, row, key, key_meta, normal, persp, rem, alpha, beta, best,
                  relative_card(ctx, hands, best_card) + 64 * bit_count(hand))
    return best


@helper
def scout_window(maximizing, a, b):
    """The null window a card after the first is scouted with, in the window
    (``a``, ``b``): does it beat the bound to beat (``a`` at a node of the camp
    searched, ``b`` at the other camp's)?"""
    return (a, a + 1) if maximizing else (b - 1, b)


@helper
def research_window(maximizing, a, b, v):
    """The window a scouted card is searched again with when its scout's value
    ``v`` lies inside (``a``, ``b``): it is worth at least ``v`` at a node of the
    camp searched (how much more?), at most ``v`` at the other camp's (how much
    less?)."""
    return (v - 1, b) if maximizing else (a, v + 1)


@helper
def _sibling_bound(ctx, buf, hands, tcards, p, depth, i, c, maximizing):
    """What ``buf[depth, i]``, the last card of ``c``'s suit tried at this
    node, says of ``c``'s value: a bound from above at a node of ``persp``'s
    camp, from below at the other camp's (``INF`` / ``-INF``: nothing).

    When the two are neighbours (one suit, no card still in play ranked
    between them), playing one or the other makes every later trick go the
    same way: only their two points change places, between this trick and the
    one the other card falls in later.  So the two values differ by at most
    the difference of their points (an all-or-nothing game: not at all).  That
    card's ``buf[depth, 16 + i]`` is its value or a bound of the same side (it
    failed low at this camp's node, or high at the other's, or was itself
    settled here), so the bound holds.  The search skips ``c`` when
    the bound cannot move the window: in a null-window probe this answers many
    of the other camp's replies that must all be tried, whenever the value has
    a few points to spare.  Only the suit's last card tried is looked at:
    looking at every earlier one found 1% more and cost more than that."""
    c2 = buf[depth, i]
    # alive_cards's mask, written without its loops: this runs for most cards of
    # every node, and the inlined loops made the whole recursion slower
    alive = hands[1] | hands[2] | hands[3] | hands[4]  # seats a ruleset lacks hold nothing
    if p > 0:
        alive |= 1 << tcards[0]
        if p > 1:
            alive |= 1 << tcards[1]
            if p > 2:
                alive |= 1 << tcards[2]
    # cards above the weaker one but not above the stronger: the stronger and those between
    if (ctx[ABOVE + c] ^ ctx[ABOVE + c2]) & ~((1 << c) | (1 << c2)) & alive:
        return INF if maximizing else -INF
    d = abs(ctx[PTS + c] - ctx[PTS + c2]) if ctx[MODE] == POINTS else 0
    return buf[depth, 16 + i] + d if maximizing else buf[depth, 16 + i] - d


@helper
def _last_trick(ctx, hands, leader, won, persp):
    """One card each: the last trick plays itself."""
    n = ctx[N]
    lead = low_index(hands[leader])
    best = lead
    w = 0
    pts = ctx[PTS + lead] + ctx[LAST_BONUS]
    for i in range(1, n):
        c = low_index(hands[seat_at(leader, i, n)])
        pts += ctx[PTS + c]
        if beats(ctx, c, best, lead >> 3):
            best = c
            w = i
    winner = seat_at(leader, w, n)
    if ctx[MODE] == ALL_OR_NOTHING:
        if (ctx[STOP] >> winner) & 1:
            return 0 if persp == 0 else 1
        return 1 if persp == 0 else 0
    gain = pts if ctx[CAMP + winner] == persp else 0
    return gain + _end_value(ctx, won | (1 << ctx[SIDE + winner]), persp)


@helper
def _tt_find(tt, key, key_meta):
    """The row of a key's two-row bucket that holds it, else the one to replace:
    the entry with fewer cards left (deeper entries are cheaper to recompute)."""
    row = _tt_index(tt, key, key_meta) & ~1
    if _tt_hit(tt, row, key, key_meta):
        return row
    if _tt_hit(tt, row + 1, key, key_meta):
        return row + 1
    gen = key_meta >> 8
    w0 = _tt_weight(tt, row, gen)
    w1 = _tt_weight(tt, row + 1, gen)
    return row + 1 if w1 < w0 else row


@helper
def _tt_weight(tt, row, gen):
    """How dear a row is to keep: its cards left (its best card's field), -1
    for a row of an earlier game."""
    data = tt[row, TT_DATA]
    if ((tt[row, TT_META] ^ data) >> 8) != gen:
        return -1
    return data >> _MOVE_SHIFT


@helper
def _tt_hit(tt, row, key, key_meta):
    return _tt_data(tt, row, key, key_meta) >= 0


@helper
def _tt_data(tt, row, key, key_meta):
    """The row's data word when it holds ``key``, else -1.  The word is read
    once: what is decoded from it is what the key check passed (another thread
    may write the row meanwhile)."""
    d = tt[row, TT_DATA]
    if ((tt[row, 0] ^ d) == key[0] and (tt[row, 1] ^ d) == key[1]
            and (tt[row, 2] ^ d) == key[2] and (tt[row, 3] ^ d) == key[3]
            and (tt[row, TT_META] ^ d) == key_meta):
        return d
    return -1


@helper
def _tt_bounds(ctx, d, normal, persp, rem):
    """The bounds of data word ``d``, seen from ``persp``."""
    mask = (1 << _BOUND_BITS) - 1
    lo = (d & mask) - INF
    hi = ((d >> _BOUND_BITS) & mask) - INF
    if normal and persp == 1:
        total = 1 if ctx[MODE] == ALL_OR_NOTHING else rem
        lo, hi = total - hi, total - lo
    return lo, hi


@helper
def _tt_store(ctx, tt, row, key, key_meta, normal, persp, rem, alpha, beta, best, best_card):
    """Record what a search of window (alpha, beta) proved about a trick start."""
    lo, hi = -INF, INF
    d = _tt_data(tt, row, key, key_meta)
    if d >= 0:
        lo, hi = _tt_bounds(ctx, d, normal, persp, rem)
    if best <= alpha:
        hi = min(hi, best)
    elif best >= beta:
        lo = max(lo, best)
    else:
        lo = best
        hi = best
    if normal and persp == 1:
        total = 1 if ctx[MODE] == ALL_OR_NOTHING else rem
        lo, hi = total - hi, total - lo
    lo = min(max(lo, -INF), INF)  # a bound beyond the range is no bound
    hi = min(max(hi, -INF), INF)
    d = (lo + INF) | ((hi + INF) << _BOUND_BITS) | (best_card << _MOVE_SHIFT)
    tt[row, TT_DATA] = d
    for s in range(4):
        tt[row, s] = key[s] ^ d
    tt[row, TT_META] = key_meta ^ d


@helper
def _put_position(buf, hands, tcards):
    """Put a position's hands and trick into the buffer's ``POS_ROW``."""
    for s in range(5):
        buf[POS_ROW, s] = hands[s]
    for i in range(4):
        buf[POS_ROW, 8 + i] = tcards[i]


@kernel
def solve(ctx, tt, buf, hands, tcards, p, w, leader, won, rem, persp, gen, card):
    """The exact value (after ``card`` when ``card >= 0``): one principal
    variation search over the whole range, from nothing to ``top``."""
    return window(ctx, tt, buf, hands, tcards, p, w, leader, won, rem, persp, gen, np.int64(-1),
                  top(ctx, rem) + 1, card)


@helper
def top(ctx, rem):
    """The most a camp can score with ``rem`` points still to win."""
    return 1 if ctx[MODE] == ALL_OR_NOTHING else rem + ctx[CAPOT_BONUS]


@kernel
def children(ctx, buf, hands, tcards, p, w, leader, seat):
    """The distinct legal cards of ``seat`` into ``buf[0, 0:k]`` in the search's
    order (``_order``); returns ``k``."""
    legal_mask = legal(ctx, hands[seat], tcards, p, w, leader, seat)
    return _order(ctx, hands, tcards, p, w, leader, seat, legal_mask, buf, np.int64(0))


@kernel
def window(ctx, tt, buf, hands, tcards, p, w, leader, won, rem, persp, gen, alpha, beta, card):
    """One search of the window (``alpha``, ``beta``), after ``card`` when
    ``card >= 0``: the fail-soft value."""
    _put_position(buf, hands, tcards)
    return search(ctx, tt, buf, np.int64(0), p, w, leader, won, rem, persp, gen, alpha, beta, card)


@kernel
def at_least(ctx, tt, buf, hands, tcards, p, w, leader, won, rem, persp, gen, card, beta):
    """Is the value (after ``card`` when ``card >= 0``) at least ``beta``?  One
    null-window search."""
    return window(ctx, tt, buf, hands, tcards, p, w, leader, won, rem, persp, gen, beta - 1, beta,
                  card) >= beta
