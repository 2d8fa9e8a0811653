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

    def sample(self, count: int, rng: np.random.Generator) -> np.ndarray:
        """``count`` uniform layouts: a ``(count, holders)`` array of the mask each
        holder receives (in holder order).  The caller has checked that ``count()``
        is not 0."""
        masks = np.zeros((count, len(self.holders)), dtype=np.uint64)
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
        return masks

    def _draw_splits(self, count: int, rng: np.random.Generator) -> list[np.ndarray]:
        """Per class, a ``(count, holders of the class)`` array of the drawn splits.
        The layouts that reach a class with the same room left draw together."""
        out = [np.zeros((count, len(cc.holders)), dtype=np.int64) for cc in self.classes]
        rooms: dict[Room, np.ndarray] = {self.sizes: np.arange(count)}
        for i, cc in enumerate(self.classes):
            reached: dict[Room, list[np.ndarray]] = {}
            for room, rows in rooms.items():
                splits, cumulative = self._choices(i, room)
                pick = _pick(cumulative, len(rows), rng)
                out[i][rows] = np.array(splits, dtype=np.int64)[pick]
                for j in np.unique(pick).tolist():
                    rest = list(room)
                    for h, took in zip(cc.holders, splits[j], strict=True):
                        rest[h] -= took
                    reached.setdefault(tuple(rest), []).append(rows[pick == j])
            rooms = {room: np.concatenate(parts) for room, parts in reached.items()}
        return out


def _pick(cumulative: list[int], count: int, rng: np.random.Generator) -> np.ndarray:
    """``count`` indices drawn with the probabilities of the weights whose running
    sums are ``cumulative`` (exact integers): a uniform integer below the total,
    placed among the running sums."""
    if len(cumulative) == 1:
        return np.zeros(count, dtype=np.int64)
    total = cumulative[-1]
    # the seat to play holds a card, so at most 31 hidden cards go to at most four
    # holders: at most 31! / (8! 8! 8! 7!), about 2.5e16 layouts, below one int64 draw
    assert total < _DRAW
    # Generator.integers draws an exact uniform integer in [0, total)
    u = rng.integers(0, total, size=count, dtype=np.int64)
    return np.searchsorted(np.array(cumulative, dtype=np.int64), u, side="right")


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
