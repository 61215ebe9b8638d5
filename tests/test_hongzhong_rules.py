"""The 红中 rule set's declaration and who may win (spec 003 牌张的要求, 胡牌要求, 特殊玩法 可点炮胡;
docs/rulings.md R430–R432, R450–R452).  Each test quotes the clause it proves and holds a case where
the clause must not fire."""

from __future__ import annotations

from importlib import metadata

import pytest
from hongzhong_support import RULES, options, scored, win

from engine.core.errors import InputError
from engine.core.registry import ENTRY_POINT_GROUP, installed
from engine.core.ruleset import Call, DealerRotation
from engine.core.win import Scored


def test_the_set_is_three_suits_and_four_red_dragons() -> None:
    """Spec 003: "筒、条、万加上四张红中，共112张牌": 108 suited tiles and four 红中, no other honour, no
    flower."""
    assert RULES.tiles.size == 112
    assert RULES.tiles.kinds == (*range(27), 33)
    assert RULES.tiles.flowers == ()
    with pytest.raises(InputError, match="1z is not a tile of the 红中 set"):
        RULES.may_win(win("11m123m456m789m111z", "1z"), options())
    assert RULES.may_win(win("11m123m456m789m777z", "7z"), options())


def test_pon_and_kong_but_no_chi() -> None:
    """Spec 003: "可碰可杠、不准吃牌": 碰 and the kongs stand one tier below 胡; there is no 吃."""
    assert RULES.calls == ((Call.HU,), (Call.PON, Call.KONG, Call.ADDED_KONG, Call.CONCEALED_KONG))
    assert RULES.priority(Call.HU) < RULES.priority(Call.PON) == RULES.priority(Call.ADDED_KONG)
    assert not RULES.allows(Call.CHI)
    with pytest.raises(InputError, match="no call 'chi'"):
        RULES.priority(Call.CHI)
    with pytest.raises(InputError, match="no chi"):
        RULES.may_win(win("11m456m789m777z", "7z", "chi 123m"), options())


def test_the_red_dragons_pair_pon_and_kong_among_themselves() -> None:
    """Spec 003: "四单张风牌任意两张可做为和牌的对子，也可与第三张风碰牌或四张一起也可以开杠": any two 红中
    are the pair, three a pon, four a kong — and a 红中 never stands in for another tile (R430)."""
    assert RULES.may_win(win("123m345m678m999m77z", "7z"), options())
    assert RULES.may_win(win("11m234m567m888m", "8m", "pon 777z"), options())
    assert RULES.may_win(win("11m234m567m888m", "8m", "minkan 7777z"), options())
    assert not RULES.may_win(win("123m456m78m7z11p234p", "7z"), options())


@pytest.mark.parametrize(
    "hand",
    [
        "11m123m456m234p567p",  # AA（对），ABC，ABC，ABC，ABC
        "11m123m456m789p777z",  # AA（对），ABC，ABC，ABC，AAA
        "11m123m456m777z999p",  # AA（对），ABC，ABC，AAA，AAA
        "11m123m555m777z999p",  # AA（对），ABC，AAA，AAA，AAA
        "11m222m555m777z999p",  # AA（对），AAA，AAA，AAA，AAA
    ],
)
def test_the_five_basic_shapes_win(hand: str) -> None:
    """Spec 003: "和牌者的牌型只有基本牌型 （每把牌一定要有个对子，才可以胡的）" and its five shapes."""
    assert RULES.may_win(win(hand, "1m"), options())


def test_no_other_shape_wins() -> None:
    """Spec 003: "和牌者的牌型只有基本牌型": seven pairs, ten of them 万, is no win (R432)."""
    assert RULES.win_forms == ("standard",)
    assert not RULES.may_win(win("1133557799m2244p", "1m"), options())
    assert scored(win("1133557799m2244p", "1m")) == Scored((), 0)


def test_eight_of_a_suit() -> None:
    """Spec 003: "和牌必须够八支 即和牌中筒、条、万中必须有一种花色达到八支牌或以上": eight 万 win; a hand
    whose longest suit holds seven (a kong and a run) does not."""
    assert RULES.may_win(win("11m123m456m234p567p", "1m"), options())
    seven = win("123m11p456p777z", "1p", "ankan 5555m")
    assert not RULES.may_win(seven, options())
    assert scored(seven) == Scored((), 0)


def test_the_eight_count_the_melds_and_a_kong_as_four() -> None:
    """Spec 003: "和牌中…达到八支": the declared sets are part of the hand, and a kong is four tiles (two
    kongs of 万 are eight 万, as 双八支's "另一种花色的两个杠" counts them, R431)."""
    assert RULES.may_win(win("22m345m789p777z", "2m", "pon 111m"), options())
    assert RULES.may_win(win("11p456p777z", "1p", "ankan 1111m", "ankan 9999m"), options())
    assert not RULES.may_win(win("11p456p777z", "1p", "pon 111m", "pon 999m"), options())


def test_the_red_dragons_are_in_no_suit() -> None:
    """Spec 003: "筒、条、万中必须有一种花色": six 万 and three 红中 are not eight of a suit (R431)."""
    assert not RULES.may_win(win("234m567m777z11p456p", "1p"), options())
    assert RULES.may_win(win("234m567m11m777z456p", "1m"), options())


def test_a_discard_wins_only_with_discard_win() -> None:
    """Spec 003: "可点炮胡：不选只能自摸胡": with the option off a discard (and a robbed kong) is no win, a
    self-draw still is; on, as by default, a discard wins (R450)."""
    hand = "11m123m456m234p567p"
    off = options("discard_win=off")
    assert not RULES.may_win(win(hand, "1m", discarder=2), off)
    assert not RULES.may_win(win(hand, "1m", discarder=2, robbing_kong=True), off)
    assert RULES.may_win(win(hand, "1m", discarder=None), off)
    assert RULES.may_win(win(hand, "1m", discarder=2), options())


def test_one_winner_per_discard_in_seat_order() -> None:
    """Spec 003: "无一炮两响" / "一盘只能有一位和牌者。如有一人以上同时表示和牌时，从打牌者按逆时针方向，顺序
    在前者被 定为“和牌者”": one claim of the top tier stands, taken in seat order from the discarder
    (R452)."""
    assert RULES.winners_per_discard == 1
    assert RULES.calls[0] == (Call.HU,)


def test_the_session_and_the_deal() -> None:
    """The document is silent; spec 002 术语 二 "无论是否和牌，庄家不连庄": the deal passes on after
    every round, sixteen rounds a session (R451)."""
    assert RULES.dealer_rotation is DealerRotation.ROTATE
    assert RULES.session_rounds == 16
    assert RULES.hand_size == 13


def test_the_options_and_their_defaults() -> None:
    """特殊玩法: 可点炮胡, 胡牌赢3家, 报警, 天/地胡加番, 杠后开花加番 — their names, their Chinese and their
    defaults (R450); a name the rule set lacks is refused."""
    declared = {o.name: (o.default, o.help.split("：")[0]) for o in RULES.options}
    assert declared == {
        "discard_win": (True, "可点炮胡"),
        "all_three_pay": (False, "胡牌赢3家"),
        "alarm": (True, "报警"),
        "heaven_earth_bonus": (False, "天/地胡加番"),
        "kong_bloom_bonus": (False, "杠后开花加番"),
    }
    with pytest.raises(InputError, match="no such option"):
        options("chi")


def test_the_rule_set_is_a_plugin() -> None:
    """Issue 14 item 2: the rule set registers through the entry-point group ``hexmj.rulesets`` under
    its own name, from a package that imports only the core."""
    (entry,) = [e for e in metadata.entry_points(group=ENTRY_POINT_GROUP) if e.name == "hongzhong"]
    assert entry.value == "engine.hongzhong.plugin"
    assert installed().rulesets["hongzhong"] is RULES
    assert (RULES.name, RULES.source) == ("hongzhong", "spec 003")
