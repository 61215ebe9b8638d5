"""The 81-fan table of the standard rules as data (spec 002 【番种的分值与计分】; 番种, 术语 十九).

Each row is a fan's number and name as seed 002 writes them, its value, and the fans it does not
count beside it (不计): ``excludes`` are those seed 002's definition names; ``implied`` those the
first counting principle, 不重复, leaves out because the fan cannot stand without them (七对 is
always 门前清; 清一色 is always 缺一门 of two suits; 双暗杠 is two 暗杠 and a 双暗刻).  A fan left out
by a fan that itself does not count still counts (四暗刻 leaves out 不求人, whose 自摸 stays).
``absorbs`` names fans of which the row takes one instance into itself (九莲宝灯's 幺九刻).
What a combination fan's own sets would make among themselves (清龙's 连六, 三同刻's 双同刻) is
not declared here: 不拆移 keeps it out (``engine.standard.combos``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class FanRow:
    """One row of the fan table."""

    number: int
    name: str
    value: int
    excludes: tuple[int, ...] = ()
    implied: tuple[int, ...] = ()
    absorbs: tuple[int, ...] = ()


BIG_FOUR_WINDS: Final = 1
BIG_THREE_DRAGONS: Final = 2
ALL_GREEN: Final = 3
NINE_GATES: Final = 4
FOUR_KONGS: Final = 5
SEVEN_SHIFTED_PAIRS: Final = 6
THIRTEEN_ORPHANS: Final = 7
ALL_TERMINALS: Final = 8
LITTLE_FOUR_WINDS: Final = 9
LITTLE_THREE_DRAGONS: Final = 10
ALL_HONORS: Final = 11
FOUR_CONCEALED_PUNGS: Final = 12
PURE_TERMINAL_CHOWS: Final = 13
QUADRUPLE_CHOW: Final = 14
FOUR_PURE_SHIFTED_PUNGS: Final = 15
FOUR_PURE_SHIFTED_CHOWS: Final = 16
THREE_KONGS: Final = 17
ALL_TERMINALS_AND_HONORS: Final = 18
SEVEN_PAIRS: Final = 19
GREATER_HONORS_AND_KNITTED: Final = 20
ALL_EVEN_PUNGS: Final = 21
FULL_FLUSH: Final = 22
PURE_TRIPLE_CHOW: Final = 23
PURE_SHIFTED_PUNGS: Final = 24
UPPER_TILES: Final = 25
MIDDLE_TILES: Final = 26
LOWER_TILES: Final = 27
PURE_STRAIGHT: Final = 28
THREE_SUITED_TERMINAL_CHOWS: Final = 29
PURE_SHIFTED_CHOWS: Final = 30
ALL_FIVE: Final = 31
TRIPLE_PUNG: Final = 32
THREE_CONCEALED_PUNGS: Final = 33
LESSER_HONORS_AND_KNITTED: Final = 34
KNITTED_STRAIGHT: Final = 35
UPPER_FOUR: Final = 36
LOWER_FOUR: Final = 37
BIG_THREE_WINDS: Final = 38
MIXED_STRAIGHT: Final = 39
REVERSIBLE_TILES: Final = 40
MIXED_TRIPLE_CHOW: Final = 41
MIXED_SHIFTED_PUNGS: Final = 42
CHICKEN_HAND: Final = 43
LAST_TILE_DRAW: Final = 44
LAST_TILE_CLAIM: Final = 45
OUT_WITH_REPLACEMENT_TILE: Final = 46
ROBBING_THE_KONG: Final = 47
ALL_PUNGS: Final = 48
HALF_FLUSH: Final = 49
MIXED_SHIFTED_CHOWS: Final = 50
ALL_TYPES: Final = 51
MELDED_HAND: Final = 52
TWO_CONCEALED_KONGS: Final = 53
TWO_DRAGON_PUNGS: Final = 54
OUTSIDE_HAND: Final = 55
FULLY_CONCEALED_HAND: Final = 56
TWO_MELDED_KONGS: Final = 57
LAST_TILE: Final = 58
DRAGON_PUNG: Final = 59
PREVALENT_WIND: Final = 60
SEAT_WIND: Final = 61
CONCEALED_HAND: Final = 62
ALL_CHOWS: Final = 63
TILE_HOG: Final = 64
DOUBLE_PUNG: Final = 65
TWO_CONCEALED_PUNGS: Final = 66
CONCEALED_KONG: Final = 67
ALL_SIMPLES: Final = 68
PURE_DOUBLE_CHOW: Final = 69
MIXED_DOUBLE_CHOW: Final = 70
SHORT_STRAIGHT: Final = 71
TWO_TERMINAL_CHOWS: Final = 72
PUNG_OF_TERMINALS_OR_HONORS: Final = 73
MELDED_KONG: Final = 74
ONE_VOIDED_SUIT: Final = 75
NO_HONORS: Final = 76
EDGE_WAIT: Final = 77
CLOSED_WAIT: Final = 78
SINGLE_WAIT: Final = 79
SELF_DRAWN: Final = 80
FLOWER_TILES: Final = 81

FAN_TABLE: Final[tuple[FanRow, ...]] = (
    FanRow(1, "大四喜", 88, (60, 61, 38, 48), (73,)),
    FanRow(2, "大三元", 88, (59,), (54,)),
    FanRow(3, "绿一色", 88, (49,), (75,)),
    FanRow(4, "九莲宝灯", 88, (22,), (62, 56, 76, 75), (73,)),
    FanRow(5, "四杠", 88, (), (17, 57, 74, 53, 67, 48, 79)),
    FanRow(6, "连七对", 88, (22, 56, 79), (19, 62, 76, 75)),
    FanRow(7, "十三幺", 88, (51, 56, 79), (62, 18)),
    FanRow(8, "清幺九", 64, (48, 65, 76), (18, 55, 73)),
    FanRow(9, "小四喜", 64, (38,), (73,)),
    FanRow(10, "小三元", 64, (59,), (54,)),
    FanRow(11, "字一色", 64, (48,), (18, 55, 73)),
    FanRow(12, "四暗刻", 64, (62, 48), (56,)),
    FanRow(13, "一色双龙会", 64, (63, 19, 22), (76, 75)),
    FanRow(14, "一色四同顺", 48, (24, 69, 64), (23,)),
    FanRow(15, "一色四节高", 48, (23, 48), (24,)),
    FanRow(16, "一色四步高", 32),
    FanRow(17, "三杠", 32, (), (57, 74, 53, 67)),
    FanRow(18, "混幺九", 32, (48,), (73, 55)),
    FanRow(19, "七对", 24, (56, 79), (62,)),
    FanRow(20, "七星不靠", 24, (51, 56, 79), (34, 62)),
    FanRow(21, "全双刻", 24, (48, 68), (76,)),
    FanRow(22, "清一色", 24, (76,), (75,)),
    FanRow(23, "一色三同顺", 24, (24,)),
    FanRow(24, "一色三节高", 24, (23,)),
    FanRow(25, "全大", 24, (76,), (36,)),
    FanRow(26, "全中", 24, (68,), (76,)),
    FanRow(27, "全小", 24, (76,), (37,)),
    FanRow(28, "清龙", 16),
    FanRow(29, "三色双龙会", 16, (70, 72, 76, 63)),
    FanRow(30, "一色三步高", 16),
    FanRow(31, "全带五", 16, (68,), (76,)),
    FanRow(32, "三同刻", 16),
    FanRow(33, "三暗刻", 16),
    FanRow(34, "全不靠", 12, (51, 56, 79), (62,)),
    FanRow(35, "组合龙", 12),
    FanRow(36, "大于五", 12, (76,)),
    FanRow(37, "小于五", 12, (76,)),
    FanRow(38, "三风刻", 12),
    FanRow(39, "花龙", 8),
    FanRow(40, "推不倒", 8, (75,)),
    FanRow(41, "三色三同顺", 8),
    FanRow(42, "三色三节高", 8),
    FanRow(43, "无番和", 8),
    FanRow(44, "妙手回春", 8, (80,)),
    FanRow(45, "海底捞月", 8),
    FanRow(46, "杠上开花", 8, (80,)),
    FanRow(47, "抢杠和", 8, (58,)),
    FanRow(48, "碰碰和", 6),
    FanRow(49, "混一色", 6),
    FanRow(50, "三色三步高", 6),
    FanRow(51, "五门齐", 6),
    FanRow(52, "全求人", 6, (79,)),
    FanRow(53, "双暗杠", 6, (), (67, 66)),
    FanRow(54, "双箭刻", 6, (), (59,)),
    FanRow(55, "全带幺", 4),
    FanRow(56, "不求人", 4, (), (80,)),
    FanRow(57, "双明杠", 4, (), (74,)),
    FanRow(58, "和绝张", 4),
    FanRow(59, "箭刻", 2),
    FanRow(60, "圈风刻", 2),
    FanRow(61, "门风刻", 2),
    FanRow(62, "门前清", 2),
    FanRow(63, "平和", 2, (), (76,)),
    FanRow(64, "四归一", 2),
    FanRow(65, "双同刻", 2),
    FanRow(66, "双暗刻", 2),
    FanRow(67, "暗杠", 2),
    FanRow(68, "断幺", 2, (), (76,)),
    FanRow(69, "一般高", 1),
    FanRow(70, "喜相逢", 1),
    FanRow(71, "连六", 1),
    FanRow(72, "老少副", 1),
    FanRow(73, "幺九刻", 1),
    FanRow(74, "明杠", 1),
    FanRow(75, "缺一门", 1),
    FanRow(76, "无字", 1),
    FanRow(77, "边张", 1),
    FanRow(78, "坎张", 1),
    FanRow(79, "单钓将", 1),
    FanRow(80, "自摸", 1),
    FanRow(81, "花牌", 1),
)
"""The 81 rows in seed 002's order (88 番 first), which is also the order the exclusions are
applied in: a fan leaves out those after it."""

SIZE: Final = len(FAN_TABLE) + 1
"""Fan-count vectors are indexed by fan number; index 0 is unused."""
NAMES: Final[tuple[str, ...]] = ("", *(row.name for row in FAN_TABLE))
VALUES: Final[tuple[int, ...]] = (0, *(row.value for row in FAN_TABLE))
LEAVES_OUT: Final[tuple[tuple[int, ...], ...]] = ((), *(row.excludes + row.implied for row in FAN_TABLE))
ABSORBS: Final[tuple[tuple[int, ...], ...]] = ((), *(row.absorbs for row in FAN_TABLE))
BY_NAME: dict[str, int] = {row.name: row.number for row in FAN_TABLE}
