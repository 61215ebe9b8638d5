"""The numbered sections of the spec documents the code carries, as the rules index lists them
(``docs/rules-index.md``, ``tools/rules_index.py``).

The rulebook's own sections are read from the copy the real table carries
(``tools/physical/rulebook.txt``, whose §13.9.6–§13.10.5 are the spec README's fill of the cut-off
passage, R682).  Seeds 002 (the standard rules) and 003 (the 红中 rules) are not in the repository:
their section lists are copied here, each heading (``【出牌】`` of 002, ``付钱规则`` of 003) with the
items it numbers.  Code cites them as ``spec 002 【出牌】 3``
(``术语`` for 【基本术语及一般规定】) and ``spec 003 付钱规则``.
"""

from __future__ import annotations

from typing import Final

SEED_002: Final = (
    ("麻将牌", ()),
    (
        "术语",
        (
            ("一", "门风"),
            ("二", "庄家、旁家"),
            ("三", "手牌"),
            ("四", "将牌"),
            ("五", "顺子"),
            ("六", "刻子"),
            ("七", "对子"),
            ("八", "字牌"),
            ("九", "幺九牌"),
            ("十", "吃牌"),
            ("十一", "碰牌"),
            ("十二", "杠"),
            ("十三", "补花"),
            ("十四", "听牌"),
            ("十五", "和牌"),
            ("十六", "自摸和"),
            ("十七", "点和"),
            ("十八", "报牌"),
            ("十九", "番种"),
            ("二十", "荒牌"),
            ("二十一", "牌墙、牌城"),
            ("二十二", "牌池"),
        ),
    ),
    ("出牌", (("1", "吃牌"), ("2", "碰牌"), ("3", "开杠"))),
    ("和牌的规定", (("一", "和牌的程序"), ("二", "和牌的要求"))),
    ("番种的分值与计分", ()),
    (
        "番数计算规则",
        (
            ("1", "不重复原则"),
            ("2", "不拆移原则"),
            ("3", "不得相同的原则"),
            ("4", "就高不就低原则"),
            ("5", "套算一次原则"),
        ),
    ),
    ("游戏模式", ()),
    ("胜负判定", (("1", "和牌方胜利"), ("2", "无人和牌则平局"), ("3", "逃跑"))),
    ("积分规则", (("1", "自摸"), ("2", "点和（放炮）"), ("3", "逃跑"))),
    ("游戏等级", ()),
)
"""Seed 002's headings, each with the items it numbers (``术语`` is 【基本术语及一般规定】)."""

HEADING_TITLES: Final = {"术语": "基本术语及一般规定"}
"""A heading's full title where code cites it by a shorter name."""

SEED_003: Final = (
    ("牌张的要求", ()),
    ("胡牌要求", ()),
    ("计番牌型", ()),
    ("报警", ()),
    ("付钱规则", ()),
    ("番数计算", ()),
    ("特殊玩法", ()),
)
"""Seed 003's headings (its text numbers nothing below them)."""

NOT_IN_CODE: Final = {
    "§3.4": "the table itself: the markers a real table prepares; the console keeps their counts "
    "(docs/console.md, 实体桌)",
    "002 游戏等级": "not carried: coin rooms and their levels are an online platform's, no rule of "
    "play (R680)",
    "002 胜负判定 3": "not carried: a player running away mid-game is a platform's; a table plays its four "
    "seats to the end (R680)",
    "002 积分规则 3": "not carried: the runaway's penalty is a platform's (R680)",
    "002 术语 十八": "the table itself: a player announces a call or a win aloud; the engine's decisions "
    "are its announcements",
}
"""Sections no code carries, each with where it is carried instead, or why not at all."""
