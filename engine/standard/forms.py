"""The whole-hand forms of the standard rules (spec 002 【和牌的规定】 二 (一) 2 and the fan table).

* 七对 (row 19): seven pairs, four of a kind counting as two; 连七对 (row 6) when they are seven
  consecutive numbers of one suit;
* 十三幺 (row 7): the thirteen terminals and honours, one of them twice;
* 全不靠 (row 34): fourteen single tiles, the numbers from one knitted pattern (147, 258 and 369
  each in its own suit), the rest honours; 七星不靠 (row 20) when all seven honours are there;
* 组合龙 (row 35): a knitted straight (the nine tiles of one pattern) with the basic form's fourth
  set and pair;
* 九莲宝灯 (row 4): the concealed 1112345678999 of one suit, completed by any tile of it.

None allows a declared meld but 组合龙, which allows one (its set).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from engine.core.tiles import ORPHANS

KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            suit * 9 + rank
            for suit, start in zip(order, (0, 1, 2), strict=True)
            for rank in (start, start + 3, start + 6)
        )
    )
    for order in permutations(range(3))
)
"""The six knitted straights: 147, 258 and 369 each in a different suit."""

HONOURS = tuple(range(27, 34))
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def seven_pairs(counts: Sequence[int]) -> bool:
    """七对: every kind held an even number of times (fourteen tiles, no meld)."""
    return all(n % 2 == 0 for n in counts)


def shifted_pairs(counts: Sequence[int]) -> bool:
    """连七对: the pairs are seven consecutive numbers of one suit."""
    held = [k for k in range(34) if counts[k]]
    return (
        len(held) == 7
        and held[6] < 27
        and held[6] - held[0] == 6
        and held[0] // 9 == held[6] // 9
        and all(counts[k] == 2 for k in held)
    )


def thirteen_orphans(counts: Sequence[int]) -> bool:
    """十三幺: each terminal and honour held, and nothing else."""
    return all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14


def knitted_singles(counts: Sequence[int]) -> int:
    """The knitted form's fan: 七星不靠 (20), 全不靠 (34), or 0 when the hand is neither."""
    if any(n > 1 for n in counts) or sum(counts) != 14:
        return 0
    numbers = {k for k in range(27) if counts[k]}
    if not any(numbers <= set(pattern) for pattern in KNITTED):
        return 0
    return 20 if all(counts[k] for k in HONOURS) else 34


def knitted_straight(counts: Sequence[int]) -> tuple[int, ...]:
    """The knitted straight the concealed ``counts`` hold (its nine kinds), or ``()``."""
    for pattern in KNITTED:
        if all(counts[k] for k in pattern):
            return pattern
    return ()


def nine_gates(standing: Sequence[int], winning_tile: int) -> bool:
    """九莲宝灯: the thirteen tiles before the win are 1112345678999 of the winning tile's suit."""
    if winning_tile >= 27 or sum(standing) != 13:
        return False
    low = winning_tile // 9 * 9
    return tuple(standing[low : low + 9]) == NINE_GATES
