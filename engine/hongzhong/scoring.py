"""The 番 of a 红中 win (spec 003 计番牌型, 番数计算; docs/rulings.md R433–R445).

A win is the sum of its lines: 底番 (平胡 1, 压档 2, 自摸 3, 压档自摸 4); 支番 from 成牌的支数 (平胡
支数/2, 压档 (支数+压档点数)/2, 自摸 支数, 压档自摸 支数+压档点数, a half dropped); each kong (明杠 1,
暗杠 2); each 嘴子 (5: 对对胡, 通天, 四核, 混一色, 杠后开花) and each 全交 (10: 清一色, 双八支, 双四核,
天胡, 地胡; 两嘴 is two 嘴子 together); on a self-draw the 嘴子 and 全交 once more (自摸嘴子翻番);
and the options' extra 5 for 天/地胡 and 杠后开花.  Of several readings the one worth most counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core.groups import Decomposition, SetKind
from engine.core.melds import Meld, MeldKind
from engine.core.ruleset import OptionValue
from engine.core.tiles import RED
from engine.core.win import Fan, Scored, WinContext
from engine.hongzhong.hand import (
    EIGHT,
    SUITS,
    check_tiles,
    kanchan_points,
    middle_of_run,
    only_wait,
    readings,
    suit_counts,
    tiles_of,
    zhi,
)
from engine.hongzhong.options import HEAVEN_EARTH_BONUS, KONG_BLOOM_BONUS, chosen

ZUIZI = 5
"""嘴子（5番）."""
QUANJIAO = 10
"""全交(10番)."""
EXTRA = 5
"""额外加5番: what the 天/地胡 and 杠后开花 options add."""
ZUIZI_NAMES = ("对对胡", "通天", "四核", "混一色", "杠后开花")
QUANJIAO_NAMES = ("两嘴", "清一色", "双八支", "双四核", "天胡", "地胡")
SELF_DRAW_DOUBLE = "自摸嘴子翻番"
ZHI_FAN = "支番"
KONG_FAN: Mapping[MeldKind, tuple[str, int]] = {
    MeldKind.MINKAN: ("明杠", 1),
    MeldKind.KAKAN: ("明杠", 1),
    MeldKind.ANKAN: ("暗杠", 2),
}
"""杠：明杠：1；暗杠：2 — a kong added to one's pon is a 明杠 (spec 002 出牌 3, R436)."""
BASE: Mapping[tuple[bool, bool], tuple[str, int, int]] = {
    (False, False): ("平胡", 1, 2),
    (True, False): ("压档", 2, 2),
    (False, True): ("自摸", 3, 1),
    (True, True): ("压档自摸", 4, 1),
}
"""底番 by (压档, 自摸): the name, its 底番 and what its 支番 divides by (平胡：成牌的支数/2 …)."""


def score(win: WinContext, options: Mapping[str, OptionValue]) -> Scored:
    """Itemise ``win``: the reading worth most (R437).  A hand that is no win in the basic shapes with
    eight of a suit scores nothing, no line and a total of 0, as under every rule set
    (``RuleSet.score``, R554); a tile the set does not have raises :class:`InputError`."""
    check_tiles(win)
    found = readings(win.concealed, win.melds)
    if not found:
        return NO_WIN
    only = only_wait(win)
    scored = [_scored(_lines(win, reading, only, options)) for reading in found]
    return max(scored, key=lambda s: s.total)


NO_WIN = Scored((), 0)
"""The score of a hand that is no win: no line (spec 003 胡牌要求)."""


def _scored(lines: Sequence[Fan]) -> Scored:
    return Scored(tuple(lines), sum(f.value * f.count for f in lines))


def _lines(
    win: WinContext, reading: Decomposition, only: bool, options: Mapping[str, OptionValue]
) -> list[Fan]:
    kanchan = only and middle_of_run(reading, win.winning_tile)
    name, base, divisor = BASE[kanchan, win.self_drawn]
    points = kanchan_points(win) if kanchan else 0
    lines = [Fan(name, base), Fan(ZHI_FAN, (zhi(win.concealed, win.melds) + points) // divisor)]
    lines += kong_lines(win.melds)
    patterns = [Fan(n, ZUIZI) for n in zuizi(win, reading)]
    patterns += [Fan(n, QUANJIAO) for n in quanjiao(win, reading)]
    lines += patterns
    if win.self_drawn and patterns:
        lines.append(Fan(SELF_DRAW_DOUBLE, sum(f.value for f in patterns)))
    heaven_earth = any(f.name in ("天胡", "地胡") for f in patterns)
    if heaven_earth and chosen(options, HEAVEN_EARTH_BONUS):
        lines.append(Fan("天/地胡加番", EXTRA))
    if win.after_kong and chosen(options, KONG_BLOOM_BONUS):
        lines.append(Fan("杠后开花加番", EXTRA))
    return lines


def kong_lines(melds: Sequence[Meld]) -> list[Fan]:
    """One line per kind of kong the hand declared: 明杠 1 and 暗杠 2 each."""
    kinds = [KONG_FAN[m.kind] for m in melds if m.kind in KONG_FAN]
    return [Fan(name, value, kinds.count((name, value))) for name, value in sorted(set(kinds), key=_by_value)]


def _by_value(line: tuple[str, int]) -> int:
    return line[1]


def si_he(reading: Decomposition) -> list[int]:
    """四核: each face of which the hand holds four, not a kong, three as a 刻子 and the fourth in a
    run (R440)."""
    pungs = {g.tiles[0] for g in reading.groups if g.kind is SetKind.PUNG}
    in_runs = {t for g in reading.groups if g.kind is SetKind.CHOW for t in g.tiles}
    return sorted(pungs & in_runs)


def zuizi(win: WinContext, reading: Decomposition) -> list[str]:
    """The 嘴子 of ``reading``, in the document's order; a pair of 四核 is one 双四核 instead (R440)."""
    groups = reading.groups
    runs = {g.tiles[0] for g in groups if g.kind is SetKind.CHOW}
    found = []
    if not runs:
        found.append("对对胡")
    if any({9 * s, 9 * s + 3, 9 * s + 6} <= runs for s in range(SUITS)):
        found.append("通天")
    found += ["四核"] * (len(si_he(reading)) % 2)
    tiles = tiles_of(win.concealed, win.melds)
    if _one_suit(tiles) and RED in tiles:
        found.append("混一色")
    if win.after_kong:
        found.append("杠后开花")
    return found


def quanjiao(win: WinContext, reading: Decomposition) -> list[str]:
    """The 全交 of ``reading``, in the document's order (两嘴 is no line of its own, R438)."""
    tiles = tiles_of(win.concealed, win.melds)
    found = []
    if _one_suit(tiles) and RED not in tiles:
        found.append("清一色")
    if double_eight_suit(win.melds, tiles) is not None:
        found.append("双八支")
    found += ["双四核"] * (len(si_he(reading)) // 2)
    if win.heavenly and win.winner == win.dealer:
        found.append("天胡")
    if win.earthly and win.winner != win.dealer:
        found.append("地胡")
    return found


def double_eight_suit(melds: Sequence[Meld], tiles: Sequence[int]) -> int | None:
    """双八支: the suit (0 万, 1 筒, 2 条) of two of the hand's kongs when another suit holds eight
    tiles (由一种花色的八支牌与另一种花色的两个杠组成, R441); ``None`` when the hand is none."""
    kongs = [m.tiles[0] // 9 for m in melds if m.is_kong and m.tiles[0] != RED]
    counts = suit_counts(tiles)
    for suit in range(SUITS):
        if kongs.count(suit) >= 2 and any(n >= EIGHT for s, n in enumerate(counts) if s != suit):
            return suit
    return None


def _one_suit(tiles: Sequence[int]) -> bool:
    """The suited tiles are all of one suit."""
    return sum(1 for n in suit_counts(tiles) if n) == 1
