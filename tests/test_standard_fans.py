"""The standard rules' fan families through the rule set's public ``score`` (spec 002
【番种的分值与计分】, 【番数计算规则】): each family with a hand that counts the fan and a control
hand that must not, naming the seed-002 row (and the ruling where the seed left a question).

Hands are written in the vector case format (``engine.standard.vectors``):
``flowers;claims;tiles;prevalent,seat,self_drawn,last_tile,last_wall,kong``, the rightmost tile
the winning one."""

from __future__ import annotations

import pytest

from engine.core.registry import ruleset
from engine.standard.vectors import parse_case


def fans(case: str) -> dict[str, int]:
    """Each counted fan of the hand and the fan it brings (value × count); {} for no legal form."""
    scored = ruleset("standard").score(parse_case(case)[0], {"limit": "unlimited"})
    assert scored.total == sum(line.value * line.count for line in scored.fan)
    return {line.name: line.value * line.count for line in scored.fan}


CASES = [
    # row 4 九莲宝灯 (R409): one 幺九刻 and 门前清 go into it; the 2 adds 双暗刻 and 连六
    (
        "row-4-nine-gates",
        ";;1112345678999s2s;E,E,0,0,0,0",
        {"九莲宝灯": 88, "双暗刻": 2, "连六": 1, "幺九刻": 1},
    ),
    # control: 1111234567899 before the win is not the nine gates
    (
        "row-4-control",
        ";;11112345678999s;E,E,0,0,0,0",
        {"清一色": 24, "清龙": 16, "门前清": 2, "四归一": 2, "幺九刻": 1},
    ),
    # row 6 连七对 against row 19 七对 (清一色 stays with 七对, not with 连七对)
    ("row-6-shifted-pairs", ";;11223344556677s;S,W,0,0,0,0", {"连七对": 88}),
    ("row-19-seven-pairs-not-shifted", ";;11223344556688s;E,E,0,0,0,0", {"七对": 24, "清一色": 24}),
    ("row-19-self-drawn", ";;EE22334455s66p77m;S,W,1,0,0,0", {"七对": 24, "自摸": 1}),
    # row 7 十三幺: 不求人 left out, 自摸 stays; a tile outside the thirteen is no form at all
    ("row-7-thirteen-orphans", ";;19m19p19sESWNPFCC;E,E,1,0,0,0", {"十三幺": 88, "自摸": 1}),
    ("row-7-control", ";;19m19p19sESWNPFF5m;E,E,1,0,0,0", {}),
    # row 12 四暗刻 leaves out 不求人 but not 自摸 (R400)
    (
        "row-12-four-concealed-pungs",
        ";;111m222p333s44sEEE;S,W,1,0,0,0",
        {"四暗刻": 64, "三色三节高": 8, "幺九刻": 2, "自摸": 1},
    ),
    # control (R407): the pung a discard completes is exposed: 三暗刻, and 碰碰和 counts
    (
        "row-33-discard-completes-a-pung",
        ";;111m222p444sEE33s3s;S,W,0,0,0,0",
        {"三暗刻": 16, "三色三节高": 8, "碰碰和": 6, "门前清": 2, "幺九刻": 1},
    ),
    # row 21 全双刻 with 四暗刻 and 推不倒 (断幺 and 缺一门 left out)
    ("row-21-all-even-pungs", ";;222444666s888p8s8s;E,N,0,0,0,0", {"四暗刻": 64, "全双刻": 24, "推不倒": 8}),
    # row 3 绿一色: with 发 no 混一色; without 发 清一色 counts ("如无发…可计清一色")
    (
        "row-3-all-green-with-green-dragon",
        ";;234234666888sFF;E,N,0,0,0,0",
        {"绿一色": 88, "门前清": 2, "双暗刻": 2, "一般高": 1, "单钓将": 1},
    ),
    (
        "row-3-all-green-full-flush",
        ";;2342346668882s2s;E,N,0,0,0,0",
        {"绿一色": 88, "清一色": 24, "门前清": 2, "四归一": 2, "双暗刻": 2, "断幺": 2, "一般高": 1},
    ),
    # row 40 推不倒 (no 缺一门); control: a 7m is no reversible tile
    ("row-40-reversible", ";;123345888p456sPP;E,N,0,0,0,0", {"推不倒": 8, "门前清": 2, "单钓将": 1}),
    ("row-40-control", ";;123345888p456s77m;E,N,0,0,0,0", {"门前清": 2, "无字": 1, "单钓将": 1}),
    # row 25 全大 (大于五 and 无字 left out) with 三色三同顺 and 四归一
    (
        "row-25-upper-tiles",
        ";;789m789p78999s77s9s;E,N,0,0,0,0",
        {"全大": 24, "三色三同顺": 8, "门前清": 2, "四归一": 2, "幺九刻": 1},
    ),
    # 就高不就低 (principle 4): 123m123m123m read as 111 222 333m, 一色三节高 over 一色三同顺
    (
        "principle-4-highest-reading",
        ";;123m123m123m456p77s;E,N,0,0,0,0",
        {"一色三节高": 24, "三暗刻": 16, "门前清": 2, "幺九刻": 1, "无字": 1, "单钓将": 1},
    ),
    # R412: 234567m234567p is 喜相逢 ×2 + 连六, three fans of four sets, not four
    (
        "principle-5-once-only",
        ";;234567m234567p9s9s;E,N,0,0,0,0",
        {"门前清": 2, "平和": 2, "喜相逢": 2, "连六": 1, "单钓将": 1},
    ),
    # R412: 清龙's own chows make no 连六 or 老少副; the fourth chow adds one fan with them
    (
        "row-28-pure-straight-and-one-more",
        ";;12345566789s22p4s;E,E,1,0,0,0",
        {"清龙": 16, "不求人": 4, "平和": 2, "一般高": 1, "缺一门": 1},
    ),
    # row 39 花龙; control for row 77: 12345 won on the 3 waits for 6 too, no 边张
    (
        "row-39-mixed-straight-no-edge",
        ";;12345m789p456s99s3m;E,N,0,0,0,0",
        {"花龙": 8, "门前清": 2, "平和": 2},
    ),
    # row 77 边张: 1233 won on the 3 (the seed's own example); the fourth chow adds one fan to 花龙,
    # 喜相逢 rather than 老少副 (R412: of equal choices the fan higher in the table)
    (
        "row-77-edge-wait",
        ";;123789m456p1233s3s;E,N,0,0,0,0",
        {"花龙": 8, "门前清": 2, "平和": 2, "喜相逢": 1, "边张": 1},
    ),
    # row 78 坎张: 4556 won on the 5; control: 45567 won on the 6 (waits for 3 too)
    (
        "row-78-closed-wait",
        ";;4556m789p123s999s5m;E,N,0,0,0,0",
        {"花龙": 8, "门前清": 2, "幺九刻": 1, "无字": 1, "坎张": 1},
    ),
    ("row-78-control", ";;45567m789p123s99s6m;E,N,0,0,0,0", {"花龙": 8, "门前清": 2, "平和": 2}),
    # rows 38, 60, 61, 73 (R413): 三风刻's pungs and the wind pungs are not 幺九刻; 999m is
    (
        "row-38-three-winds",
        ";EEE1,SSS2;999mNNN5p5p;E,N,0,0,0,0",
        {
            "三风刻": 12,
            "碰碰和": 6,
            "圈风刻": 2,
            "门风刻": 2,
            "双暗刻": 2,
            "幺九刻": 1,
            "缺一门": 1,
            "单钓将": 1,
        },
    ),
    (
        "row-38-and-a-terminal-pung",
        ";EEE1,SSS2,WWW3;999m5p5p;N,N,0,0,0,0",
        {"三风刻": 12, "碰碰和": 6, "幺九刻": 1, "缺一门": 1, "单钓将": 1},
    ),
    # rows 44, 45: the wall's last tile, drawn (no 自摸) or discarded
    (
        "row-44-last-tile-draw",
        ";123m0,456m0,789m0;1234p1p;E,N,1,0,1,0",
        {"清龙": 16, "妙手回春": 8, "平和": 2, "缺一门": 1},
    ),
    (
        "row-45-last-tile-claim",
        ";123m0,456m0,789m0;1234p1p;E,N,0,0,1,0",
        {"清龙": 16, "海底捞月": 8, "平和": 2, "缺一门": 1},
    ),
    # row 46 杠上开花 (no 自摸); control (R406): without a kong the flag is only 自摸
    (
        "row-46-replacement-tile",
        ";1111p0,456m0,789m0;1234s1s;E,N,1,0,0,1",
        {"杠上开花": 8, "暗杠": 2, "连六": 1, "幺九刻": 1, "无字": 1},
    ),
    (
        "row-46-control",
        ";123m0,456m0,789m0;1234p1p;E,N,1,0,0,1",
        {"清龙": 16, "平和": 2, "缺一门": 1, "自摸": 1},
    ),
    # row 47 抢杠和 leaves out 和绝张; control (R406): holding two more of the tile, nobody robbed it
    (
        "row-47-robbing-the-kong",
        ";456m0,789m0;11s234s56s7s;E,N,0,1,0,1",
        {"抢杠和": 8, "平和": 2, "连六": 2, "缺一门": 1},
    ),
    ("row-47-control", ";456m0,789m0;77s234s56s7s;E,N,0,1,0,1", {"平和": 2, "连六": 2, "缺一门": 1}),
    # row 58 (R406): three copies in one's own melds make the fourth 和绝张, flag or not
    (
        "row-58-last-copy-from-the-melds",
        ";888m1,123p0,678s0;67m99s8m;N,E,0,0,0,0",
        {"和绝张": 4, "四归一": 2, "喜相逢": 1, "无字": 1},
    ),
    # row 53 双暗杠 (no 暗杠, no 双暗刻)
    (
        "row-53-two-concealed-kongs",
        ";1111p0,6666m0;123s1234s1s;E,N,1,0,0,0",
        {"双暗杠": 6, "不求人": 4, "幺九刻": 1, "无字": 1},
    ),
    # R401: one exposed and one concealed kong are 明杠 + 暗杠
    (
        "r401-melded-and-concealed-kong",
        ";1111p1,1111m0;11134445s;E,E,1,0,0,0",
        {"三同刻": 16, "双暗刻": 2, "暗杠": 2, "幺九刻": 3, "明杠": 1, "无字": 1, "自摸": 1},
    ),
    # rows 34, 35: 全不靠 with the nine numbers is also 组合龙; row 20 七星不靠
    ("row-34-35-knitted", ";;147m369p25sESWFP8s;S,W,1,0,0,0", {"全不靠": 12, "组合龙": 12, "自摸": 1}),
    ("row-20-greater-knitted", ";;25m36p47sESWNPFC1s;E,E,0,0,0,0", {"七星不靠": 24}),
    ("row-34-control", ";;25m36p47sESWNPFC1m;E,E,0,0,0,0", {}),
    # row 35 (R405): 组合龙 with a chow and a number pair is 平和; with an honour pair it is not
    (
        "row-35-knitted-straight-all-chows",
        ";;147m258p369s11m23s4s;E,N,0,0,0,0",
        {"组合龙": 12, "门前清": 2, "平和": 2},
    ),
    ("row-35-control", ";;147m258p369s234sEE;E,N,0,0,0,0", {"组合龙": 12, "门前清": 2, "单钓将": 1}),
    # row 43 无番和 and row 81 花牌, counted after it
    ("row-43-chicken-hand", ";123m0,345m0;56s678pWW7s;N,E,0,0,0,0", {"无番和": 8}),
    ("row-81-flowers-after-the-chicken", "12f;123m0,345m0;56s678pWW7s;N,E,0,0,0,0", {"无番和": 8, "花牌": 2}),
    # row 1 大四喜 with 字一色: 圈风刻, 门风刻, 三风刻, 碰碰和 and every 幺九刻 left out
    (
        "row-1-big-four-winds",
        ";EEE1,SSS2,WWW3;NNNPP;E,E,0,0,0,0",
        {"大四喜": 88, "字一色": 64, "单钓将": 1},
    ),
]


@pytest.mark.parametrize(("case", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_fan_family(case: str, expected: dict[str, int]) -> None:
    assert fans(case) == expected
