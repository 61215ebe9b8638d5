"""The ``hextech`` rule set as the registry gives it (issue 14 item 2): its declaration matches the
table the engine plays, and its ``score``/``settle`` follow §13 on the rulebook's cases."""

from __future__ import annotations

import random
from typing import Unpack

import pytest
from win_flags import WinFlags

from engine.core.errors import InputError
from engine.core.melds import Meld
from engine.core.registry import installed, ruleset
from engine.core.ruleset import Call, DealerRotation
from engine.core.tiles import EAST, NUM_INSTANCES, parse, parse_one
from engine.core.wall import Wall
from engine.core.win import WinContext
from engine.hextech.session import SessionConfig

HEXTECH = ruleset("hextech")
OPTIONS = HEXTECH.resolve_options(())


def win(
    concealed: str,
    tile: str,
    *,
    winner: int = 0,
    discarder: int | None = None,
    melds: tuple[str, ...] = (),
    flowers: str = "",
    **flags: Unpack[WinFlags],
) -> WinContext:
    """A win of the rulebook's examples: East round, player 0 the dealer."""
    return WinContext(
        concealed=tuple(parse(concealed)),
        melds=tuple(Meld.parse(m) for m in melds),
        winning_tile=parse_one(tile),
        winner=winner,
        discarder=discarder,
        prevalent_wind=EAST,
        seat_wind=EAST + winner,
        dealer=0,
        flowers=tuple(parse(flowers)),
        **flags,
    )


def lines(hand: WinContext) -> list[tuple[str, int]]:
    return [(fan.name, fan.value) for fan in HEXTECH.score(hand, OPTIONS).fan]


def test_hextech_is_installed_through_its_entry_point() -> None:
    """``[project.entry-points."hexmj.rulesets"]`` names ``engine.hextech.plugin``; it loads."""
    found = installed()
    assert "hextech" in found.rulesets and "hextech" not in found.broken
    assert HEXTECH.name == "hextech" and HEXTECH.title == "海克斯麻将 V1.2"


def test_its_tiles_are_the_144_of_the_wall_the_table_shuffles_11() -> None:
    """§11 phase 1 洗牌并码牌: the wall holds every instance once, flowers included; 13 tiles a hand."""
    assert HEXTECH.tiles.size == NUM_INSTANCES == 144
    assert sorted(Wall.shuffled(random.Random(7))) == list(HEXTECH.tiles.instances())
    assert len(HEXTECH.tiles.flowers) == 8 and HEXTECH.hand_size == 13


def test_its_session_is_8_rounds_or_the_4_round_test_and_the_deal_rotates_4_18() -> None:
    """§4: A B C D A B C D, no 连庄; §18.1: a first test may play 4 rounds.  The option takes exactly
    what a session takes."""
    assert HEXTECH.session_rounds == SessionConfig(seed=1).rounds == 8
    assert HEXTECH.dealer_rotation is DealerRotation.ROTATE
    assert HEXTECH.resolve_options(["rounds=4"])["rounds"] == 4 == SessionConfig(1, rounds=4).rounds
    with pytest.raises(InputError, match="--option rounds: takes one of 8, 4, not 5"):
        HEXTECH.resolve_options(["rounds=5"])
    with pytest.raises(InputError):
        SessionConfig(1, rounds=5)


def test_its_mode_option_is_the_three_pools_3() -> None:
    """§3: 策略模式, 聚会模式, 全模块模式; without the option, all (R200)."""
    assert OPTIONS == {"rounds": 8, "mode": "all"}
    assert HEXTECH.resolve_options(["mode=strategy"])["mode"] == "strategy"
    with pytest.raises(InputError, match="--option mode: takes one of strategy, party, all, not 'solo'"):
        HEXTECH.resolve_options(["mode=solo"])


def test_hu_beats_pon_and_kong_which_beat_chi_and_three_may_win_one_discard_11_12() -> None:
    """§11 phase 2 胡牌优先级高于碰、杠和吃; §12.3 一炮多响: two or three winners on one discard."""
    assert HEXTECH.priority(Call.HU) < HEXTECH.priority(Call.PON) == HEXTECH.priority(Call.KONG)
    assert HEXTECH.priority(Call.KONG) < HEXTECH.priority(Call.CHI)
    assert HEXTECH.priority(Call.HU) < HEXTECH.priority(Call.ADDED_KONG)
    assert HEXTECH.winners_per_discard == 3 and HEXTECH.chi_from_upper_seat_only


def test_its_win_forms_are_four_sets_seven_pairs_and_thirteen_orphans_13_11() -> None:
    """§13.11.2 七对 and §13.11.8 十三幺 are hands; a hand of no form is none."""
    assert HEXTECH.may_win(win("19m19p19s12345677z", "7z"), OPTIONS)
    assert HEXTECH.may_win(win("1133m5577p99s1122z", "2z"), OPTIONS)
    assert not HEXTECH.may_win(win("1133m5577p99s1123z", "3z"), OPTIONS)


def test_example_4_without_its_contract_reaches_the_add_on_cap_13_15() -> None:
    """示例四 less its black contract: first hu 4, 自摸 1, 十三幺 3 + 门清 1 + 海底捞月 1 reach the
    add-on cap of 5, so 集齐四季 adds nothing (§13.7): 10."""
    scored = HEXTECH.score(win("19m19p19s12345677z", "7z", flowers="1234f", last_of_wall=True), OPTIONS)
    assert [(f.name, f.value) for f in scored.fan] == [
        ("第一名胡牌", 4),
        ("自摸", 1),
        ("门清胡牌", 1),
        ("十三幺", 3),
        ("海底捞月", 1),
        ("集齐四季", 0),
    ]
    assert scored.total == 10


def test_example_3_without_its_contract_a_concealed_kong_then_its_replacement_13_15() -> None:
    """示例三 less its normal contract: 4 + 自摸 1 + 暗杠 2 + 门清 1 + 杠上开花 1 = 9."""
    hand = win("123m456m789s22z", "3m", melds=("ankan 5555p",), after_kong=True)
    assert lines(hand) == [("第一名胡牌", 4), ("自摸", 1), ("暗杠", 2), ("门清胡牌", 1), ("杠上开花", 1)]


def test_the_cap_example_of_13_7() -> None:
    """§13.7: 暗杠 2, 清一色 2 and 门清 1 reach 5; 杠上开花 then adds nothing."""
    hand = win("123p234p777p11p", "1p", melds=("ankan 5555p",), after_kong=True)
    assert lines(hand) == [
        ("第一名胡牌", 4),
        ("自摸", 1),
        ("暗杠", 2),
        ("门清胡牌", 1),
        ("清一色", 2),
        ("杠上开花", 0),
    ]
    assert HEXTECH.score(hand, OPTIONS).total == 10


def test_a_win_on_the_last_discard_is_he_di_lao_yu_and_no_self_draw_13_5() -> None:
    """§13.5 点炮胡牌不获得自摸奖励; §13.16 河底捞鱼 +1 for the discard after the last tile."""
    hand = win("123m456p789s234m55z", "5z", winner=2, discarder=1, last_of_wall=True)
    assert lines(hand) == [("第一名胡牌", 4), ("门清胡牌", 1), ("河底捞鱼", 1)]


def test_heavenly_has_no_self_draw_bonus_and_robbing_a_kong_is_a_discard_win_13_10() -> None:
    """§13.10.5 天胡 +2 without the self-draw point; 抢杠胡 +1 on the tile added to a pon (§13.9.4)."""
    assert lines(win("123m456p789s234m55z", "5z", heavenly=True)) == [
        ("第一名胡牌", 4),
        ("门清胡牌", 1),
        ("天胡", 2),
    ]
    robbed = win("123m456p789s234m55z", "4m", winner=1, discarder=3, robbing_kong=True)
    assert lines(robbed) == [("第一名胡牌", 4), ("门清胡牌", 1), ("抢杠胡", 1)]


def test_the_winner_collects_and_nobody_pays_13_1() -> None:
    """§13.1: 玩家获得分数时，其他玩家不会自动扣除相同分数 — neither the discarder (点炮) nor the
    others (自摸) pay (R491)."""
    ron = win("123m456p789s234m55z", "5z", winner=2, discarder=1)
    assert HEXTECH.settle(ron, HEXTECH.score(ron, OPTIONS), OPTIONS) == (0, 0, 5, 0)
    drawn = win("123m456p789s234m55z", "5z", winner=3)
    assert HEXTECH.settle(drawn, HEXTECH.score(drawn, OPTIONS), OPTIONS) == (0, 0, 0, 6)


def test_a_hand_that_is_no_hu_or_a_contradiction_is_refused_13_10() -> None:
    """Not a complete hand; 地胡 is a self-drawn win (§13.10.6), never one on a discard."""
    with pytest.raises(InputError, match="not a complete hand"):
        HEXTECH.score(win("123m456p789s234m56z", "6z"), OPTIONS)
    with pytest.raises(InputError, match="earthly needs win_by tsumo"):
        HEXTECH.score(win("123m456p789s234m55z", "5z", winner=1, discarder=0, earthly=True), OPTIONS)
