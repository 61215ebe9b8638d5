"""The 番 of a 红中 win, clause by clause (spec 003 计番牌型, 番数计算, 特殊玩法; docs/rulings.md
R433–R445).  Each test quotes the clause it proves and holds a case where it must not fire.

Hands are written with the winning tile among the concealed ones; the winner is seat 0, the dealer
seat 0, the discarder seat 1 unless a test says otherwise."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hongzhong_support import lines, scored, win

from engine.core.win import Scored

EIGHT_WAN_KANCHAN = "11m234m567m789p777z"
"""Eight 万 and a 79p 坎张 waiting on 8p alone."""
ELEVEN_WAN = "123m345m678m99m234p"
"""Eleven 万, no 嘴子."""
KONG_BLOOM_KANCHAN = "11m234m567m79p8p"
"""Eight 万 and 79p won on 8p, beside a concealed kong."""


def test_a_plain_win_is_one_and_half_its_tiles() -> None:
    """Spec 003: "底番：平胡：1" and "支番：平胡：成牌的支数/2": eleven 万 on a two-sided wait are 1 + 5 (a
    half dropped, R433)."""
    assert lines(win(ELEVEN_WAN, "4p")) == {"平胡": 1, "支番": 5}


def test_the_half_is_dropped() -> None:
    """Spec 003: "平胡：成牌的支数/2": nine 万 give 4, ten 万 give 5 (R433)."""
    assert lines(win("234m567m789m678p88p", "6p"))["支番"] == 4
    assert lines(win("11m234m567m789m888p", "8p"))["支番"] == 5


def test_the_tiles_counted_are_the_eight_suit() -> None:
    """Spec 003: "成牌的支数": the tiles of the suit that reached eight, not the whole hand; the 红中 and the
    other suit add nothing (R433)."""
    assert lines(win("11m234m567m789p777z", "1m"))["支番"] == 4


def test_a_closed_wait_on_one_tile_is_ya_dang() -> None:
    """Spec 003: "压档：即坎张，需要唯一一种牌才能构成顺子的和牌" with "压档：2" and
    "（成牌的支数+压档点数）/2": eight 万 and 79p won on 8p are 2 + (8 + 8) / 2 (R434)."""
    assert lines(win(EIGHT_WAN_KANCHAN, "8p")) == {"压档": 2, "支番": 8}


def test_a_closed_wait_that_is_not_the_only_wait_is_no_ya_dang() -> None:
    """Spec 003: "需要唯一一种牌": 6888p waits on 6p and 7p; won on 7p, the middle of 678p, it is a plain win
    (R434)."""
    assert lines(win("234m567m789m678p88p", "7p")) == {"平胡": 1, "支番": 4}


def test_an_edge_wait_is_no_ya_dang() -> None:
    """Spec 003: "压档：即坎张": 12p waits on 3p alone, but 3p is no middle tile (R434)."""
    assert lines(win("11m234m567m123p777z", "3p")) == {"平胡": 1, "支番": 4}


def test_the_higher_the_tile_the_more_ya_dang_is_worth() -> None:
    """Spec 003: "所压的牌牌点越大番数越高": 压档点数 is the tile's number — 2p adds 2, 8p adds 8 (R434)."""
    assert lines(win("11m234m567m123p777z", "2p"))["支番"] == (8 + 2) // 2
    assert lines(win(EIGHT_WAN_KANCHAN, "8p"))["支番"] == (8 + 8) // 2


def test_self_draw_is_three_and_all_its_tiles() -> None:
    """Spec 003: "自摸：3" and "自摸：成牌的支数": eleven 万 self-drawn are 3 + 11; on a discard 1 + 5."""
    assert lines(win(ELEVEN_WAN, "4p", discarder=None)) == {"自摸": 3, "支番": 11}
    assert lines(win(ELEVEN_WAN, "4p")) == {"平胡": 1, "支番": 5}


def test_a_self_drawn_closed_wait_is_four_and_tiles_plus_points() -> None:
    """Spec 003: "压档自摸：4" and "压档自摸：成牌的支数+压档点数": 8p self-drawn into 79p are 4 + (8 + 8)."""
    assert lines(win(EIGHT_WAN_KANCHAN, "8p", discarder=None)) == {"压档自摸": 4, "支番": 16}


def test_kongs() -> None:
    """Spec 003: "杠：明杠：1；暗杠：2": an exposed kong 1, one added to a pon 1 (a 明杠, R436), a concealed
    kong 2; four tiles held but never declared are no kong."""
    assert lines(win("11m234m567m", "1m", "minkan 5555s", "ankan 9999p")) == {
        "平胡": 1,
        "支番": 4,
        "明杠": 1,
        "暗杠": 2,
    }
    assert lines(win("11m234m567m", "1m", "kakan 5555s", "ankan 9999p"))["明杠"] == 1
    assert lines(win("11m234m567m", "1m", "ankan 1111p", "ankan 9999s"))["暗杠"] == 4
    assert {"明杠", "暗杠"}.isdisjoint(lines(win("11m123m123m456m777z", "7z")))


def test_all_pungs() -> None:
    """Spec 003: "对对胡：全部由刻子加上一个对子组成的和牌" is a 嘴子 of 5; one run spoils it."""
    assert lines(win("111m555m999m22p333p", "3p")) == {"平胡": 1, "支番": 4, "对对胡": 5}
    assert "对对胡" not in lines(win("111m555m789m22p333p", "3p"))


def test_one_to_nine() -> None:
    """Spec 003: "通天：某种花色有1-9的顺子" is a 嘴子 of 5; 123 456 of 万 and 789 of 筒 are no 通天."""
    assert lines(win("123m456m789m22p345p", "2p")) == {"平胡": 1, "支番": 4, "通天": 5}
    assert "通天" not in lines(win("123m456m789p22p345p", "2p"))


def test_four_cores() -> None:
    """Spec 003: "四核：某种牌有四张且没有开杠，而做为一个刻子及与另两张牌构成一个顺子的和牌" is a 嘴子 of 5:
    a pon or a concealed pung of 5m and the fourth 5m in 456m; a kong is none, nor four copies as a pair and
    two runs (R440)."""
    assert lines(win("11m456m789m234p", "1m", "pon 555m")) == {"平胡": 1, "支番": 5, "四核": 5}
    assert lines(win("11m555m456m789m234p", "1m"))["四核"] == 5
    assert "四核" not in lines(win("11m456m789m234p", "1m", "ankan 5555p"))
    assert "四核" not in lines(win("11m123m123m456m777z", "7z"))


def test_one_suit_and_red_dragons() -> None:
    """Spec 003: "混一色：由一种花色加上风牌组成的和牌" is a 嘴子 of 5 — the 红中 are the set's 风牌 (R430,
    R441); without a 红中 the hand is 清一色 instead, with a second suit neither."""
    assert lines(win("11m234m567m789m777z", "1m")) == {"平胡": 1, "支番": 5, "混一色": 5}
    assert "混一色" not in lines(win("11m234m567m888m123m", "8m"))
    assert "混一色" not in lines(win("11m234m567m789m777p", "1m"))


def test_one_suit() -> None:
    """Spec 003: "清一色：由同一种花色组成的和牌" is a 全交 of 10; a 红中 makes it 混一色 (R441)."""
    assert lines(win("11m234m567m888m123m", "8m")) == {"平胡": 1, "支番": 7, "清一色": 10}
    assert "清一色" not in lines(win("11m234m567m789m777z", "1m"))


def test_a_win_on_a_kong_replacement() -> None:
    """Spec 003: "杠后开花：由开杠后，补上来的牌构成和牌" is a 嘴子 of 5, doubled as every 嘴子 on a self-draw
    (R439, R443); the same hand drawn otherwise has none."""
    bloom = lines(win("11m234m567m345m", "1m", "ankan 9999p", discarder=None, after_kong=True))
    assert bloom == {"自摸": 3, "支番": 11, "暗杠": 2, "杠后开花": 5, "自摸嘴子翻番": 5}
    assert lines(win("11m234m567m345m", "1m", "ankan 9999p", discarder=None)) == {
        "自摸": 3,
        "支番": 11,
        "暗杠": 2,
    }


def test_two_zuizi_are_ten() -> None:
    """Spec 003: "全交(10番)：两嘴": two 嘴子 are the 10 of a 全交 — their own 5 + 5, counted once (R438)."""
    both = scored(win("111m555m888m99m777z", "7z"))
    assert {f.name: f.value for f in both.fan} == {"平胡": 1, "支番": 5, "对对胡": 5, "混一色": 5}
    assert both.total == 1 + 5 + 10


def test_double_eight() -> None:
    """Spec 003: "双八支：由一种花色的八支牌与另一种花色的两个杠组成的和牌" is a 全交 of 10; two kongs of two
    different suits are none (R441)."""
    assert lines(win("11m234m567m", "1m", "ankan 1111p", "ankan 9999p")) == {
        "平胡": 1,
        "支番": 4,
        "暗杠": 4,
        "双八支": 10,
    }
    assert "双八支" not in lines(win("11m234m567m", "1m", "ankan 1111p", "ankan 9999s"))


def test_double_four_cores() -> None:
    """Spec 003: "若有两种这样的牌就构成双四核" and "全交(10番)：…双四核": 5m and 7m, each a pon with its
    fourth tile in a run, are one 全交 of 10 and not two 四核 (R440); one of them is a 四核."""
    assert lines(win("456m678m11p", "1p", "pon 555m", "pon 777m")) == {"平胡": 1, "支番": 6, "双四核": 10}
    single = lines(win("456m678m11p", "1p", "pon 555m", "pon 999m"))
    assert single["四核"] == 5 and "双四核" not in single


def test_one_to_nine_with_four_cores() -> None:
    """Spec 003: "通天四核：某种花色有1-9的顺子，且其中有一张牌有4张": no line of its own — 通天 and 四核, two
    嘴子, when the fourth tile makes a 四核; four 5m as a pair and two runs are 通天 only (R440)."""
    assert lines(win("123m456m789m555m11p", "1p")) == {"平胡": 1, "支番": 6, "通天": 5, "四核": 5}
    plain = lines(win("123m456m789m345m55m", "1m"))
    assert "通天" in plain and "四核" not in plain and "通天四核" not in plain


def test_heavenly_win() -> None:
    """Spec 003: "天胡：发完牌以后构成胡牌的牌型" is a 全交 of 10 for the dealer, doubled as a self-draw
    (R439, R442); a dealer's win later in the round has none."""
    heaven = lines(win(ELEVEN_WAN, "9m", discarder=None, heavenly=True))
    assert heaven == {"自摸": 3, "支番": 11, "天胡": 10, "自摸嘴子翻番": 10}
    assert "天胡" not in lines(win(ELEVEN_WAN, "9m", discarder=None))


def test_earthly_win() -> None:
    """Spec 003: "地胡：发完牌后已经构成听牌，并且庄家开完牌后胡牌" is a 全交 of 10: a player other than the
    dealer winning on the dealer's opening discard; the dealer has no 地胡 (R442)."""
    assert lines(win(ELEVEN_WAN, "9m", winner=1, discarder=0, earthly=True)) == {
        "平胡": 1,
        "支番": 5,
        "地胡": 10,
    }
    assert "地胡" not in lines(win(ELEVEN_WAN, "9m", winner=0, discarder=1, earthly=True))


def test_self_draw_doubles_the_zuizi() -> None:
    """Spec 003: "自摸嘴子翻番": a self-drawn 通天 counts its 5 twice; on a discard once; a self-draw without
    a 嘴子 has no line (R439)."""
    assert lines(win("123m456m789m22p345p", "2p", discarder=None))["自摸嘴子翻番"] == 5
    assert "自摸嘴子翻番" not in lines(win("123m456m789m22p345p", "2p"))
    assert "自摸嘴子翻番" not in lines(win(ELEVEN_WAN, "4p", discarder=None))


def test_self_draw_doubles_the_quanjiao_too() -> None:
    """Spec 003: "自摸嘴子翻番" doubles a 全交 as it does the two 嘴子 it equals: a self-drawn 清一色 counts
    10 twice (R439)."""
    assert lines(win("11m234m567m888m123m", "8m", discarder=None))["自摸嘴子翻番"] == 10


def test_the_total_is_the_sum_of_the_lines() -> None:
    """Spec 003: "总番数": every line added — a 坎张 on 8p drawn after a concealed kong of 9s: 4 + (8 + 8) + 2
    + 5 + 5 (R445)."""
    hand = win(KONG_BLOOM_KANCHAN, "8p", "ankan 9999s", discarder=None, after_kong=True)
    result = scored(hand)
    assert result.total == sum(f.value * f.count for f in result.fan)
    assert {f.name: f.value for f in result.fan} == {
        "压档自摸": 4,
        "支番": 8 + 8,
        "暗杠": 2,
        "杠后开花": 5,
        "自摸嘴子翻番": 5,
    }
    assert result.total == 4 + 16 + 2 + 5 + 5


def test_the_reading_worth_most_counts() -> None:
    """Of 111222333m read as three pungs or three runs, the pungs' 对对胡 counts (R437)."""
    assert lines(win("111222333m55m777z", "7z")) == {"平胡": 1, "支番": 5, "对对胡": 5, "混一色": 5}


def test_heaven_and_earth_bonus() -> None:
    """Spec 003: "天/地胡加番：选中后打出天/地胡额外加5番": 5 more, not doubled; off (the default), none
    (R444)."""
    chosen = lines(win(ELEVEN_WAN, "9m", discarder=None, heavenly=True), "heaven_earth_bonus")
    assert chosen["天/地胡加番"] == 5 and chosen["自摸嘴子翻番"] == 10
    assert (
        lines(win(ELEVEN_WAN, "9m", winner=1, discarder=0, earthly=True), "heaven_earth_bonus")["天/地胡加番"]
        == 5
    )
    assert "天/地胡加番" not in lines(win(ELEVEN_WAN, "9m", discarder=None, heavenly=True))
    assert "天/地胡加番" not in lines(win(ELEVEN_WAN, "4p", discarder=None), "heaven_earth_bonus")


def test_kong_bloom_bonus() -> None:
    """Spec 003: "杠后开花加番：选中后打出杠后开花额外加5番": 5 more, not doubled; off, none (R444)."""
    hand = win("11m234m567m345m", "1m", "ankan 9999p", discarder=None, after_kong=True)
    chosen = lines(hand, "kong_bloom_bonus")
    assert chosen["杠后开花加番"] == 5 and chosen["自摸嘴子翻番"] == 5
    assert "杠后开花加番" not in lines(hand)


def test_a_hand_that_is_no_win_scores_nothing() -> None:
    """A well-formed hand that is not complete scores no line and 0, as under every rule set (R554)."""
    assert scored(win("11m234m567m1789p77z", "1m")) == Scored((), 0)


def test_the_documented_example() -> None:
    """docs/hongzhong.md's scored example: its code runs, and its table and its gains are what the
    rule set gives."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "hongzhong.md").read_text("utf-8")
    code = re.search(r"^```python\n(.*?)^```$", doc, flags=re.M | re.S)
    assert code is not None
    run: dict[str, Any] = {}
    exec(code[1], run)
    table = doc[doc.index("<!-- example -->") : doc.index("<!-- /example -->")]
    shown = {m[1]: int(m[2]) for m in re.finditer(r"^\| (\S+) \| (\d+) \|", table, flags=re.M)}
    total = shown.pop("总番数")
    result = scored(win(KONG_BLOOM_KANCHAN, "8p", "ankan 9999s", discarder=None, after_kong=True))
    assert run["scored"] == result
    assert shown == {f.name: f.value * f.count for f in result.fan}
    assert total == result.total
    gains = re.search(r"rules\.settle\(win, scored, options\)  # (\(.*\))", code[1])
    assert gains is not None and gains[1] == str(run["rules"].settle(run["win"], result, run["options"]))
