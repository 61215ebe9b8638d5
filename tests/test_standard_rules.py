"""The ``standard`` rule set's declaration, options, win check and settlement (spec 002; issue 14
item 3), through the registry that every command uses."""

from __future__ import annotations

import pytest

from engine.core.errors import InputError
from engine.core.registry import installed, ruleset
from engine.core.ruleset import Call, DealerRotation
from engine.standard.rules import STANDARD
from engine.standard.vectors import parse_case

BIG_FOUR_ALL_HONOURS = ";EEE1,SSS2,WWW3;NNNPP;E,E,0,0,0,0"
"""大四喜 88 + 字一色 64 + 单钓将 1 = 153 fan."""
FOUR_FAN = ";345p0;345m567sWW687p;E,E,1,0,0,0"
"""喜相逢 + 连六 + 坎张 + 自摸: 4 fan, short of 起和分."""
CHICKEN = ";123m0,345m0;56s678pWW7s;N,E,0,0,0,0"


def test_the_registry_finds_the_plugin() -> None:
    """The entry point ``standard`` in ``hexmj.rulesets`` loads the declaration itself."""
    assert ruleset("standard") is STANDARD
    assert "standard" in installed().rulesets


def test_declaration_spec_002() -> None:
    """【麻将牌】 144 tiles with 8 flowers; 【出牌】 注 胡 > 碰/杠 > 吃 (R410); one winner per
    discard (和牌的规定 二 (三)); 庄家不连庄 and four 圈 of four (R403)."""
    rules = ruleset("standard")
    assert rules.tiles.size == 144 and len(rules.tiles.flowers) == 8
    assert (
        rules.priority(Call.HU)
        < rules.priority(Call.PON)
        == rules.priority(Call.KONG)
        < rules.priority(Call.CHI)
    )
    assert rules.priority(Call.ADDED_KONG) == rules.priority(Call.CONCEALED_KONG) == rules.priority(Call.KONG)
    assert rules.winners_per_discard == 1 and rules.chi_from_upper_seat_only
    assert rules.dealer_rotation is DealerRotation.ROTATE
    assert rules.session_rounds == 16


def test_options_and_their_defaults() -> None:
    """limit (【游戏模式】), min_fan (起和分, R402), base (底分 1..10, 【积分规则】)."""
    rules = ruleset("standard")
    assert rules.resolve_options([]) == {"limit": "limited", "min_fan": 8, "base": 1}
    assert rules.resolve_options(["limit=unlimited", "base=10", "min_fan=0"]) == {
        "limit": "unlimited",
        "min_fan": 0,
        "base": 10,
    }
    with pytest.raises(InputError, match=r"base: takes 1\.\.10"):
        rules.resolve_options(["base=11"])
    with pytest.raises(InputError, match="limit: takes one of limited, unlimited"):
        rules.resolve_options(["limit=some"])


def test_limited_mode_caps_at_128_unlimited_does_not() -> None:
    """【游戏模式】: 限制模式总番数不超过128番; 无限制模式无上限 (R408)."""
    rules = ruleset("standard")
    win, _ = parse_case(BIG_FOUR_ALL_HONOURS)
    assert rules.score(win, rules.resolve_options([])).total == 128
    assert rules.score(win, rules.resolve_options(["limit=unlimited"])).total == 153
    small, _ = parse_case(CHICKEN)
    assert rules.score(small, rules.resolve_options([])).total == 8


def test_may_win_needs_the_minimum_before_flowers() -> None:
    """术语 十五 and row 81: 花牌 不计在起和分内 (R402)."""
    rules = ruleset("standard")
    defaults = rules.resolve_options([])
    assert rules.may_win(parse_case(CHICKEN)[0], defaults)
    short, _ = parse_case(FOUR_FAN)
    assert not rules.may_win(short, defaults)
    with_flowers, _ = parse_case("12345678f" + FOUR_FAN)
    assert rules.score(with_flowers, defaults).total == 12
    assert not rules.may_win(with_flowers, defaults)
    assert rules.may_win(short, rules.resolve_options(["min_fan=4"]))
    assert not rules.may_win(
        parse_case(";;25m36p47sESWNPFC1m;E,E,0,0,0,0")[0], rules.resolve_options(["min_fan=0"])
    )


def test_settlement_self_drawn_each_loser_pays() -> None:
    """【积分规则】 1: 输方 −底分×番数, 赢方 +底分×番数×3."""
    rules = ruleset("standard")
    win, _ = parse_case("18f;FFFF2;678999m22sCC2s;E,S,1,0,0,0")
    options = rules.resolve_options(["base=2"])
    scored = rules.score(win, options)
    assert scored.total == 10
    assert rules.settle(win, scored, options) == (60, -20, -20, -20)


def test_settlement_discard_the_discarder_alone_pays() -> None:
    """【积分规则】 2: 放炮者 −底分×番数, 非放炮者 0, 赢方 +底分×番数."""
    rules = ruleset("standard")
    win, _ = parse_case(CHICKEN)
    options = rules.resolve_options(["base=3"])
    assert win.discarder == 3
    assert rules.settle(win, rules.score(win, options), options) == (24, 0, 0, -24)


def test_no_legal_form_scores_nothing() -> None:
    win, _ = parse_case(";;25m36p47sESWNPFC1m;E,E,0,0,0,0")
    scored = ruleset("standard").score(win, {"limit": "unlimited"})
    assert scored.fan == () and scored.total == 0
