"""A counted win as fan lines and a total: 花牌 last, one fan each, and the limited mode's cap
(spec 002 row 81, 【游戏模式】; R408)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.core.ruleset import OptionValue
from engine.core.win import Fan, Scored, WinContext
from engine.standard import fans as F
from engine.standard.count import highest
from engine.standard.tally import FIRSTS

LIMIT = 128
"""The limited mode's cap on a win's total (【游戏模式】)."""

_TIMES: Final = 8
"""The most times a fan line can count: the eight flowers (幺九刻, 明杠 and the like at most four)."""
_LINES: Final = tuple(
    Fan(F.NAMES[fan], F.VALUES[fan], times) if fan and times else None
    for fan in range(F.SIZE)
    for times in range(_TIMES + 1)
)
"""Each fan line once, at ``fan * 9 + times``."""
_NOTHING = Scored((), 0)


def _line(fan: int, times: int) -> Fan:
    line = _LINES[fan * (_TIMES + 1) + times] if times <= _TIMES else None
    return Fan(F.NAMES[fan], F.VALUES[fan], times) if line is None else line


def itemise(win: WinContext, limited: bool) -> Scored:
    """Each fan the win counts in table order, 花牌 last, and the total; nothing for a hand in no
    legal form."""
    best = highest(win)
    if best is None:
        return _NOTHING
    lines: list[Fan] = []
    for first in FIRSTS:
        bits = best.low if first == 0 else best.high
        while bits:
            lowest = bits & -bits
            bits ^= lowest
            fan = first + lowest.bit_length() - 1
            lines.append(_line(fan, best.times(fan)))
    flowers = len(win.flowers)
    if flowers:
        lines.append(_line(F.FLOWER_TILES, flowers))
    total = best.total + flowers
    return Scored(tuple(lines), min(total, LIMIT) if limited else total)


def score(win: WinContext, options: Mapping[str, OptionValue]) -> Scored:
    """The rule set's score of a win: :func:`itemise`, capped unless the ``limit`` option is
    ``unlimited``."""
    return itemise(win, options.get("limit", "limited") == "limited")
