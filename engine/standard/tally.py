"""A reading's fans as three machine words, and the first counting principle applied to them
(spec 002 【番数计算规则】 1, 不重复; the table's 不计 of ``engine.standard.fans``).

Fans 1–61 are the bits of ``low`` and fans 62–81 those of ``high``; the sixteen fans from 箭刻 to
明杠 (rows 59–74) are the only ones a hand can count more than once (幺九刻 of each pung, 一般高
twice, two 暗杠 …), and ``multi`` holds how many times each of them counts, three bits a fan.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.standard.fans import ABSORBS, CHICKEN_HAND, LEAVES_OUT, SIZE, VALUES

HIGH: Final = 62
"""The first fan kept in ``high``."""
FIRSTS: Final[tuple[int, ...]] = (0, HIGH)
"""The fan of the lowest bit of ``low`` and of ``high``."""
MULTI: Final = 59
"""The first of the fans that can count more than once (箭刻)."""
MULTI_END: Final = 75
"""One past the last of them (明杠)."""
_FIELD: Final = 3
_MOST: Final = 7


def _bits(fans: Iterable[int]) -> int:
    mask = 0
    for fan in fans:
        mask |= 1 << fan
    return mask


_LEAVES_LOW: Final = tuple(_bits(o for o in LEAVES_OUT[fan] if o < HIGH) for fan in range(SIZE))
_LEAVES_HIGH: Final = tuple(_bits(o - HIGH for o in LEAVES_OUT[fan] if o >= HIGH) for fan in range(SIZE))
_ABSORBS: Final = ABSORBS
_VALUES: Final = VALUES


class Tally:
    """Which fans a reading counts and how many times; after :meth:`settle`, only those the table
    lets count beside one another, and their ``total``."""

    def __init__(self, low: int = 0, high: int = 0, multi: int = 0) -> None:
        self.low = low
        self.high = high
        self.multi = multi
        self.total = 0

    @staticmethod
    def of(counted: Iterable[tuple[int, int]]) -> Tally:
        """The tally of fan numbers and how many times each counts."""
        tally = Tally()
        for fan, times in counted:
            tally.add(fan, times)
        return tally

    def copy(self) -> Tally:
        return Tally(self.low, self.high, self.multi)

    def add(self, fan: int, times: int = 1) -> None:
        """Count ``fan`` ``times`` times more; only rows 59–74 count more than once."""
        if MULTI <= fan < MULTI_END:
            self.multi += times << _FIELD * (fan - MULTI)
        elif times != 1:
            raise ValueError(f"fan {fan} counts once, not {times} times")
        if fan < HIGH:
            self.low |= 1 << fan
        else:
            self.high |= 1 << fan - HIGH

    def join(self, other: Tally) -> None:
        """Count ``other``'s fans too."""
        self.low |= other.low
        self.high |= other.high
        self.multi += other.multi

    def times(self, fan: int) -> int:
        """How many times ``fan`` counts (0 when it does not)."""
        if not (self.low >> fan if fan < HIGH else self.high >> fan - HIGH) & 1:
            return 0
        return self.multi >> _FIELD * (fan - MULTI) & _MOST if MULTI <= fan < MULTI_END else 1

    def settle(self) -> None:
        """Leave out, from the top of the table down, what each counted fan does not count beside
        it, and take in what it absorbs (九莲宝灯's 幺九刻); a reading left with nothing is 无番和
        (row 43)."""
        left_low = left_high = 0
        kept_low = kept_high = 0
        total = 0
        for first in FIRSTS:
            bits = self.low if first == 0 else self.high
            while bits:
                lowest = bits & -bits
                bits ^= lowest
                fan = first + lowest.bit_length() - 1
                left = left_low >> fan if fan < HIGH else left_high >> fan - HIGH
                if left & 1:
                    continue
                times = self.multi >> _FIELD * (fan - MULTI) & _MOST if MULTI <= fan < MULTI_END else 1
                if times:
                    if fan < HIGH:
                        kept_low |= lowest
                    else:
                        kept_high |= lowest
                    left_low |= _LEAVES_LOW[fan]
                    left_high |= _LEAVES_HIGH[fan]
                    for other in _ABSORBS[fan]:
                        self._absorb(other)
                    total += _VALUES[fan] * times
        self.low = kept_low
        self.high = kept_high
        if total == 0:
            self.low = 1 << CHICKEN_HAND
            total = _VALUES[CHICKEN_HAND]
        self.total = total

    def _absorb(self, fan: int) -> None:
        """One instance of ``fan`` (one of rows 59–74) taken into another fan."""
        times = self.times(fan)
        if times:
            self.multi -= 1 << _FIELD * (fan - MULTI)
            if times == 1:
                if fan < HIGH:
                    self.low &= ~(1 << fan)
                else:
                    self.high &= ~(1 << fan - HIGH)

    def vector(self) -> list[int]:
        """How many times each fan counts, indexed by fan number."""
        return [self.times(fan) for fan in range(SIZE)]
