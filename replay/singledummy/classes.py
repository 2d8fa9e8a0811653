"""Layouts of hidden cards by card classes: count them exactly, draw them uniformly.

A *layout* gives every hidden card to one holder (a seat, or 0 for the cards out
of play), each holder receiving exactly its number of hidden cards, no card going
to a holder that cannot hold it.  Cards that the same holders may take form a
*class*; a layout is a choice, per class, of how many of its cards each holder
takes (a *split*) and of which cards those are.  Given the splits, the cards of a
class of ``k`` cards can be dealt in ``k! / (k_1! ... k_m!)`` ways, so

    layouts(i, room) = sum over the splits s of class i that fit in room:
                       multinomial(k_i; s) * layouts(i + 1, room - s)

where ``room`` is what each holder still takes.  Drawing the split of each class
in turn with probability ``multinomial * layouts(rest) / layouts(here)`` (exact
integers), then the cards of the class by a uniform permutation cut at the split,
gives every layout the probability ``1 / layouts(0, sizes)``: i.i.d. uniform.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import product
from math import factorial

import numpy as np

from replay.model.cards import cards_in

#: a split of one class: how many of its cards each of its holders takes
Split = tuple[int, ...]
#: what each holder still takes, in holder order
Room = tuple[int, ...]

#: the exclusive bound of a draw of ``Generator.integers`` on int64
_DRAW = 1 << 63


@dataclass(frozen=True, slots=True)
class CardClass:
    """Hidden cards that exactly the same holders may take."""

    #: indices (into ``Layouts.holders``) of the holders that may take them
    holders: tuple[int, ...]
    cards: tuple[int, ...]


@dataclass(slots=True)
class Layouts:
    """The layouts of ``hidden`` among ``holders`` (exact count, uniform draws)."""

    holders: tuple[int, ...]
    sizes: Room
    classes: tuple[CardClass, ...]
    #: a card no holder may take (no layout at all), else -1
    homeless: int = -1
    _counts: dict[tuple[int, Room], int] = field(default_factory=dict)
    _splits: dict[tuple[int, Room], tuple[list[Split], list[int]]] = field(
        default_factory=dict)

    def count(self) -> int:
        """The exact number of layouts."""
        if self.homeless >= 0 or sum(self.sizes) != sum(len(c.cards) for c in self.classes):
            return 0
        return self._count(0, self.sizes)

    def _count(self, i: int, room: Room) -> int:
        if i == len(self.classes):
            return 1 if not any(room) else 0
        key = (i, room)
        got = self._counts.get(key)
        if got is None:
            got = sum(w for _, w in self._weighted(i, room))
            self._counts[key] = got
        return got

    def _weighted(self, i: int, room: Room) -> list[tuple[Split, int]]:
        """The splits of class ``i`` that fit in ``room``, each with the number of
        layouts it leads to (nonzero only)."""
        cc = self.classes[i]
        k = len(cc.cards)
        out = []
        for split in _splits(k, [room[h] for h in cc.holders]):
            rest = list(room)
            ways = factorial(k)
            for h, took in zip(cc.holders, split, strict=True):
                rest[h] -= took
                ways //= factorial(took)
            w = ways * self._count(i + 1, tuple(rest))
            if w:
                out.append((split, w))
        return out

    def _choices(self, i: int, room: Room) -> tuple[list[Split], list[int]]:
        """The splits of class ``i`` in ``room`` and their cumulative weights."""
        key = (i, room)
        got = self._splits.get(key)
        if got is None:
            splits: list[Split] = []
            cumulative: list[int] = []
            total = 0
            for split, w in self._weighted(i, room):
                total += w
                splits.append(split)
                cumulative.append(total)
            got = self._splits[key] = (splits, cumulative)
        return got

    def sample(self, count: int, rng: np.random.Generator) -> list[list[int]]:
        """``count`` uniform layouts: per layout, the mask each holder receives (in
        holder order).  The caller has checked that ``count()`` is not 0."""
        nh = len(self.holders)
        masks = np.zeros((count, nh), dtype=np.uint64)
        splits = self._draw_splits(count, rng)
        for i, cc in enumerate(self.classes):
            k = len(cc.cards)
            bits = np.array([1 << c for c in cc.cards], dtype=np.uint64)
            if len(cc.holders) == 1:
                masks[:, cc.holders[0]] |= np.bitwise_or.reduce(bits)
                continue
            # a uniform permutation of the class's cards per layout (Fisher-Yates)
            order = rng.permuted(np.broadcast_to(np.arange(k), (count, k)), axis=1)
            dealt = bits[order]
            # the split cuts the permutation: the first s_1 cards to holder 1, ...
            ends = np.cumsum(splits[i], axis=1)
            column = np.arange(k)
            start = np.zeros(count, dtype=np.int64)
            for j, h in enumerate(cc.holders):
                end = ends[:, j]
                taken = (column >= start[:, None]) & (column < end[:, None])
                masks[:, h] |= np.bitwise_or.reduce(np.where(taken, dealt, 0), axis=1)
                start = end
        return [[int(m) for m in row] for row in masks.tolist()]

    def _draw_splits(self, count: int, rng: np.random.Generator) -> list[np.ndarray]:
        """Per class, a ``(count, holders of the class)`` array of the drawn splits."""
        out = [np.zeros((count, len(cc.holders)), dtype=np.int64) for cc in self.classes]
        raw = rng.integers(0, _DRAW, size=(count, len(self.classes)), dtype=np.int64).tolist()
        for r in range(count):
            room = self.sizes
            for i, cc in enumerate(self.classes):
                splits, cumulative = self._choices(i, room)
                if len(splits) == 1:
                    split = splits[0]
                else:
                    u = _below(cumulative[-1], raw[r][i], rng)
                    split = splits[bisect_right(cumulative, u)]
                out[i][r] = split
                rest = list(room)
                for h, took in zip(cc.holders, split, strict=True):
                    rest[h] -= took
                room = tuple(rest)
        return out


def _below(total: int, draw: int, rng: np.random.Generator) -> int:
    """A uniform integer in ``[0, total)`` from a uniform 63-bit ``draw``: taken
    modulo ``total`` when it falls below the largest multiple of ``total`` (no
    bias), else drawn again."""
    if total >= _DRAW:
        # more layouts than one draw covers: enough 63-bit draws side by side
        words = -(-total.bit_length() // 63) + 1
        limit = (1 << (63 * words)) // total * total
        while True:
            value = 0
            for _ in range(words):
                value = (value << 63) | int(rng.integers(0, _DRAW, dtype=np.int64))
            if value < limit:
                return value % total
    limit = _DRAW // total * total
    while draw >= limit:
        draw = int(rng.integers(0, _DRAW, dtype=np.int64))
    return draw % total


def _splits(k: int, rooms: list[int]) -> list[Split]:
    """Every way to give ``k`` cards to holders that take at most ``rooms``."""
    if len(rooms) == 1:
        return [(k,)] if k <= rooms[0] else []
    out = []
    for head in product(*(range(min(k, r) + 1) for r in rooms[:-1])):
        last = k - sum(head)
        if 0 <= last <= rooms[-1]:
            out.append((*head, last))
    return out


def layouts_of(hidden: int, sizes: dict[int, int], barred: dict[int, int]) -> Layouts:
    """The layouts of the cards of ``hidden`` among the holders of ``sizes`` (holder
    -> how many hidden cards it takes), no holder taking a card of its ``barred``
    mask.  Holders that take nothing hold no class."""
    holders = tuple(sorted(h for h, n in sizes.items() if n > 0))
    by_holders: dict[tuple[int, ...], list[int]] = {}
    homeless = -1
    for c in cards_in(hidden):
        able = tuple(i for i, h in enumerate(holders) if not barred.get(h, 0) >> c & 1)
        if not able and homeless < 0:
            homeless = c
        by_holders.setdefault(able, []).append(c)
    classes = tuple(CardClass(able, tuple(cards)) for able, cards in sorted(by_holders.items())
                    if able)
    return Layouts(holders, tuple(sizes[h] for h in holders), classes, homeless)
