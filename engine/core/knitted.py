"""Shanten toward the knitted forms (standard rules 和牌的规定 二 (一) 3, fan table rows 20, 34, 35).

A *knitted pattern* is 147, 258 and 369, each in its own number suit: six patterns, one per way of
giving the three runs to 万, 筒 and 条.

* 全不靠 (``honours_and_knitted``; 七星不靠 is its hand with all seven honours): fourteen single
  tiles, the numbers from one pattern, the rest honours, no meld.  A hand holding ``u`` distinct
  faces of a pattern and the honours is ``13 - u`` from complete.
* 组合龙 (``knitted_straight``): the nine tiles of a pattern, one set and a pair, one meld at most.
  The pattern counts as three sets already made: a hand lacking ``g`` of its faces is
  ``g`` more than the basic-form shanten of its other tiles beside three more sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from engine.core.shanten import standard_shanten

PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(9 * suit + offset + 3 * step for suit, offset in enumerate(offsets) for step in range(3))
    for offsets in permutations(range(3))
)
"""The six knitted patterns, each the nine kinds of 147, 258 and 369 in three suits."""
HONOURS = tuple(range(27, 34))
BEYOND = 14
"""Above any shanten: the value of a knitted form a hand may not take (too many melds)."""


def honours_and_knitted_shanten(counts: Sequence[int], n_melds: int) -> int:
    """The shanten toward 全不靠: 13 less the most distinct faces of one pattern and the honours held
    (fourteen make the hand); none beside a meld."""
    if n_melds:
        return BEYOND
    honours = sum(1 for k in HONOURS if counts[k])
    held = max(sum(1 for k in pattern if counts[k]) for pattern in PATTERNS)
    return 13 - min(14, honours + held)


def knitted_straight_shanten(counts: Sequence[int], n_melds: int, below: int = BEYOND) -> int:
    """The shanten toward 组合龙, or ``below`` when it is not below ``below``: per pattern, the faces it
    lacks plus the basic-form shanten of the other tiles beside three more sets (a pattern lacking
    ``g`` faces is at least ``g - 1``, and is skipped when that cannot come below ``below``); none
    beside more than one meld."""
    if n_melds > 1:
        return below
    best = below
    for pattern in PATTERNS:
        lacking = sum(1 for k in pattern if not counts[k])
        if lacking - 1 >= best:
            continue
        rest = list(counts)
        for k in pattern:
            if rest[k]:
                rest[k] -= 1
        best = min(best, lacking + standard_shanten(rest, n_melds + 3))
    return best
