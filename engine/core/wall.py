"""The wall: 144 tile instances with a front (牌墙顶部) and a tail (尾部) (§11, lib 二.1).

Normal draws come from the front; flower and kong replacements from the
tail.  A card that puts a tile "to the bottom" (牌墙底部) slides it *under*
the current tail tile, so the next replacement still draws that tail tile
(CARD-INVENTORY H11).  Every tile left in the wall is drawable (§10: normal,
flower and kong draws all reach it), so ``len(wall)`` is the drawable count.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable

from engine.core.picks import shuffle
from engine.core.tiles import NUM_INSTANCES


class Wall(deque[int]):
    """An ordered pile of tile instances; index 0 is the front (top).

    A double-ended queue, so that ``len(wall)`` and ``not wall``, asked at every draw and discard,
    cost no call of ours; the flow moves tiles only through the methods below."""

    __slots__ = ()

    @classmethod
    def shuffled(cls, rng: random.Random) -> Wall:
        """All 144 instances in the order a seeded shuffle gives them (§11 phase 1 "洗牌并码牌")."""
        tiles = list(range(NUM_INSTANCES))
        shuffle(rng, tiles)
        return cls(tiles)

    def draw_front(self) -> int:
        """Take the top tile: a normal draw or an extra draw."""
        return self.popleft()

    def draw_tail(self) -> int:
        """Take the tail tile: a flower or kong replacement, or a card's tail draw."""
        return self.pop()

    def look_front(self, n: int) -> list[int]:
        """The first ``min(n, len)`` tiles, top first, without taking them."""
        return [self[i] for i in range(min(n, len(self)))]

    def look_tail(self, n: int) -> list[int]:
        """The last ``min(n, len)`` tiles, tail first, without taking them."""
        size = len(self)
        return [self[size - 1 - i] for i in range(min(n, size))]

    def put_front(self, tiles: Iterable[int]) -> None:
        """Put tiles back on top; the first of ``tiles`` becomes the new top."""
        self.extendleft(reversed(list(tiles)))

    def put_tail(self, tiles: Iterable[int]) -> None:
        """Put tiles back at the tail; the first of ``tiles`` becomes the next tail draw."""
        self.extend(reversed(list(tiles)))

    def put_bottom(self, tile: int) -> None:
        """Slide ``tile`` under the current tail tile (H11); into an empty wall it becomes the tail."""
        self.insert(max(len(self) - 1, 0), tile)

    def tiles(self) -> list[int]:
        """A copy of the wall, front first."""
        return list(self)
