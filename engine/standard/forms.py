"""The whole-hand forms of the standard rules (spec 002 【和牌的规定】 二 (一) 2 and the fan table),
judged on a concealed hand of fourteen tiles read as the bit mask of the kinds it holds
(``held``), how many kinds that is (``kinds``) and its per-suit keys
(``engine.standard.decompose``).

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

from itertools import permutations
from typing import Final

from engine.core.tiles import ORPHANS
from engine.standard import fans as F
from engine.standard.decompose import FACE_BITS, HONOUR_SUIT, SUIT_OF, UNIT

KNITTED: Final = tuple(
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


def _mask(kinds: tuple[int, ...]) -> int:
    bits = 0
    for k in kinds:
        bits |= 1 << k
    return bits


KNITTED_MASKS: Final = tuple(_mask(pattern) for pattern in KNITTED)
KNITTED_KEYS: Final = tuple(
    tuple(sum(UNIT[k] for k in pattern if SUIT_OF[k] == suit) for suit in range(HONOUR_SUIT))
    for pattern in KNITTED
)
"""Each knitted straight's nine tiles as the keys of the three number suits."""
_ORPHANS: Final = _mask(ORPHANS)
_HONOURS: Final = _mask(tuple(range(27, 34)))
_NUMBERS: Final = (1 << 27) - 1
_SHIFTED: Final = frozenset(0b1111111 << suit * 9 + start for suit in range(3) for start in range(3))
_ODD: Final = sum(1 << FACE_BITS * face for face in range(9))
"""The lowest bit of each face of a key: set where a face is held an odd number of times."""
NINE_GATES: Final = sum(n << FACE_BITS * face for face, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)))
"""九莲宝灯's thirteen tiles before the win as a number suit's key."""


def seven_pairs(keys: list[int], held: int, kinds: int) -> int:
    """The pairs form's fan: 连七对 (6) when the seven pairs are seven consecutive numbers of one
    suit, 七对 (19), or 0 when a kind is held an odd number of times (fourteen tiles, each kind
    even: seven pairs, four of a kind counting as two)."""
    if (keys[0] | keys[1] | keys[2] | keys[3]) & _ODD:
        return 0
    return F.SEVEN_SHIFTED_PAIRS if kinds == 7 and held in _SHIFTED else F.SEVEN_PAIRS


def thirteen_orphans(held: int, kinds: int) -> bool:
    """十三幺: each terminal and honour held, and nothing else."""
    return kinds == 13 and held == _ORPHANS


def knitted_singles(held: int, kinds: int) -> int:
    """The knitted form's fan: 七星不靠 (20), 全不靠 (34), or 0 when the hand is neither."""
    if kinds != 14:
        return 0
    numbers = held & _NUMBERS
    if not any(numbers & ~pattern == 0 for pattern in KNITTED_MASKS):
        return 0
    return F.GREATER_HONORS_AND_KNITTED if held & _HONOURS == _HONOURS else F.LESSER_HONORS_AND_KNITTED


def whole_knitted_straight(held: int) -> bool:
    """A 全不靠 whose numbers are a whole knitted straight, which therefore also counts 组合龙."""
    return held & _NUMBERS in KNITTED_MASKS


def knitted_straight(held: int) -> int:
    """The index in :data:`KNITTED` of the knitted straight ``held`` holds, or -1."""
    for index, pattern in enumerate(KNITTED_MASKS):
        if held & pattern == pattern:
            return index
    return -1


def nine_gates(keys: list[int], winning_tile: int) -> bool:
    """九莲宝灯: the thirteen tiles before the win are 1112345678999 of the winning tile's suit."""
    suit = SUIT_OF[winning_tile]
    return suit < HONOUR_SUIT and keys[suit] - UNIT[winning_tile] == NINE_GATES
