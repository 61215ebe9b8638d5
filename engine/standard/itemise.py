"""A counted win as fan lines and a total: 花牌 last, one fan each, and the limited mode's cap
(spec 002 row 81, 【游戏模式】; R408)."""

from __future__ import annotations

from engine.core.ruleset import Fan, Scored, WinContext
from engine.standard import fans as F
from engine.standard.count import count

LIMIT = 128
"""The limited mode's cap on a win's total (【游戏模式】)."""

_LINES: dict[tuple[int, int], Fan] = {}
"""Each fan line once: a fan number and its count."""
_NOTHING = Scored((), 0)


def _line(fan: int, times: int) -> Fan:
    line = _LINES.get((fan, times))
    if line is None:
        line = _LINES[(fan, times)] = Fan(F.NAMES[fan], F.VALUES[fan], times)
    return line


def itemise(win: WinContext, limited: bool) -> Scored:
    """Each fan the win counts in table order, 花牌 last, and the total; nothing for a hand in no
    legal form."""
    found = count(win)
    if found is None:
        return _NOTHING
    counted, total = found
    flowers = len(win.flowers)
    counted[F.FLOWER_TILES] = flowers
    total += flowers
    lines = [_line(fan, counted[fan]) for fan in range(1, F.SIZE) if counted[fan]]
    return Scored(tuple(lines), min(total, LIMIT) if limited else total)
