"""Every score item of §13, its cap and its exclusions, each with a concrete hand (§13.3–§13.13)."""

from __future__ import annotations

import pytest

from engine.core.errors import InputError
from engine.core.melds import Meld, MeldKind
from engine.core.shapes import ShapeGrant
from engine.core.tiles import parse, parse_one
from engine.hextech.hookspecs import ScoreContribution
from engine.hextech.scoring import ScoreItem, ScoreResult, WinInput, score_non_winner, score_win, total

PLAIN = "123m456p789s11122z"


def win(
    concealed: str,
    win_tile: str,
    win_by: str = "ron",
    *,
    hu_order: int = 1,
    melds: tuple[str, ...] = (),
    **extra: object,
) -> ScoreResult:
    """Score a win written in tile notation."""
    return score_win(
        WinInput(
            concealed=tuple(parse(concealed)),
            win_tile=parse_one(win_tile),
            win_by=win_by,  # type: ignore[arg-type]
            hu_order=hu_order,
            melds=tuple(Meld.parse(m) for m in melds),
            **extra,  # type: ignore[arg-type]
        )
    )


def points(result: ScoreResult) -> dict[str, int]:
    """Points by item id (kongs summed)."""
    found: dict[str, int] = {}
    for item in result.items:
        found[item.id] = found.get(item.id, 0) + item.points
    return found


def item(result: ScoreResult, item_id: str) -> ScoreItem:
    """The one item with that id."""
    (found,) = [i for i in result.items if i.id == item_id]
    return found


@pytest.mark.parametrize(("order", "expected"), [(1, 4), (2, 3), (3, 2)])
def test_hu_order_points_13_3(order: int, expected: int) -> None:
    """§13.3: first, second, third winner score 4, 3, 2."""
    result = win(PLAIN, "2z", melds=(), hu_order=order, flags=frozenset())
    assert item(result, "hu_order").points == expected


def test_self_draw_13_5_and_ron_without_it() -> None:
    """§13.5: a self-draw earns 1; a win on a discard does not."""
    assert points(win(PLAIN, "2z", "tsumo"))["self_draw"] == 1
    assert "self_draw" not in points(win(PLAIN, "2z", "ron"))


def test_concealed_hand_13_11_1_kept_by_ankan_broken_by_pon() -> None:
    """§13.11.1 / §13.9.1: a concealed kong keeps 门清, a pon breaks it."""
    with_ankan = win("123m456p789s22z", "2z", melds=("ankan 1111z",))
    assert points(with_ankan)["concealed_hand"] == 1
    with_pon = win("123m456p789s22z", "2z", melds=("pon 111z",))
    assert "concealed_hand" not in points(with_pon)


def test_kong_points_13_9_and_cap_2_per_round() -> None:
    """§13.9.1–§13.9.5: ankan 2, minkan 1, kakan 1; at most 2 from kongs in a round."""
    two_small = win("123m456p22z", "2z", melds=("minkan 7777s", "kakan 1111z"))
    assert [(i.id, i.points) for i in two_small.items if i.id in ("minkan", "kakan")] == [
        ("minkan", 1),
        ("kakan", 1),
    ]
    capped = win("123m456p22z", "2z", melds=("ankan 7777s", "minkan 1111z"))
    assert item(capped, "ankan").points == 2
    assert item(capped, "minkan") == ScoreItem("minkan", "明杠", 0, "kong")


def test_kong_points_as_the_table_passes_them_13_9_4() -> None:
    """§13.9.4: a robbed 加杠 never stood, so the table leaves it out of ``kongs``."""
    result = win("123m456p789s22z", "2z", melds=("kakan 1111z",), kongs=())
    assert "kakan" not in points(result)


@pytest.mark.parametrize(
    ("flag", "win_by", "name"),
    [
        ("kong_replacement", "tsumo", "杠上开花"),
        ("robbing_kong", "ron", "抢杠胡"),
        ("last_tile", "tsumo", "海底捞月"),
        ("last_discard", "ron", "河底捞鱼"),
    ],
)
def test_special_wins_13_10_one_point(flag: str, win_by: str, name: str) -> None:
    """§13.16: 杠上开花, 抢杠胡, 海底捞月, 河底捞鱼 are 1 each."""
    result = win(PLAIN, "2z", win_by, flags=frozenset({flag}))
    assert item(result, flag) == ScoreItem(flag, name, 1, None)


def test_heavenly_13_10_5_two_points_no_self_draw() -> None:
    """§13.10.5: 天胡 +2, and no self-draw bonus."""
    result = win(PLAIN, "2z", "tsumo", flags=frozenset({"heavenly"}))
    assert points(result)["heavenly"] == 2
    assert "self_draw" not in points(result)


def test_earthly_13_10_6_two_points_with_self_draw() -> None:
    """§13.10.6: 地胡 +2 and it is a self-draw, so +1 too."""
    result = win(PLAIN, "2z", "tsumo", hu_order=2, flags=frozenset({"earthly"}))
    assert points(result)["earthly"] == 2
    assert points(result)["self_draw"] == 1


def test_special_win_cap_2_13_10_7() -> None:
    """§13.10.7: at most 2 from special wins per hu: 地胡 2 + 海底捞月 1 keep 2."""
    result = win(PLAIN, "2z", "tsumo", hu_order=2, flags=frozenset({"earthly", "last_tile"}))
    assert points(result)["earthly"] + points(result)["last_tile"] == 2
    assert [i.id for i in result.items if i.capped_by == "special_win"] == ["earthly"]


def test_seven_pairs_13_11_2_with_concealed_hand() -> None:
    """§13.11.2: 七对 +1, and it may count 门清 too."""
    result = win("1122m3344p5566s77z", "7z")
    assert points(result)["seven_pairs"] == 1
    assert points(result)["concealed_hand"] == 1


def test_all_pungs_13_11_3() -> None:
    """§13.11.3: four pungs or kongs and a pair."""
    result = win("111m999p22z", "2z", melds=("pon 555s", "pon 777z"))
    assert points(result)["all_pungs"] == 1


def test_half_flush_13_11_4_and_full_flush_13_11_5() -> None:
    """§13.11.4–5: one suit with honours 混一色 +1; one suit, no honours 清一色 +2 only."""
    half = win("123456789m11122z", "2z")
    assert points(half)["half_flush"] == 1
    full = win("123456789m11122m", "2m")
    assert points(full)["full_flush"] == 2
    assert "half_flush" not in points(full)


def test_pure_straight_13_11_6() -> None:
    """§13.11.6: 123, 456, 789 of one suit: 一条龙 +1; across suits it is not."""
    assert points(win("123456789m11122z", "2z"))["pure_straight"] == 1
    assert "pure_straight" not in points(win(PLAIN, "2z"))


def test_all_honours_13_11_7_excludes_flushes() -> None:
    """§13.11.7: 字一色 +3, never 混一色 or 清一色 (here with 门清 and 碰碰胡: 5, kept to 4)."""
    result = win("11122233344455z", "5z")
    found = points(result)
    assert [i.id for i in result.items if i.capped_by == "pattern"] == ["all_honours"]
    assert found["all_honours"] + found["all_pungs"] + found["concealed_hand"] == 4
    assert "half_flush" not in found and "full_flush" not in found


def test_thirteen_orphans_13_11_8_with_concealed_hand() -> None:
    """§13.11.8: 十三幺 +3, with 门清; never 七对, 碰碰胡 or 一条龙."""
    result = win("19m19p19s12345677z", "7z")
    found = points(result)
    assert found["thirteen_orphans"] == 3
    assert found["concealed_hand"] == 1
    assert not {"seven_pairs", "all_pungs", "pure_straight"} & set(found)


def test_all_terminals_13_11_9() -> None:
    """§13.11.9: only ones and nines: 清老头 +3 (a pung hand also 碰碰胡)."""
    result = win("111999m111p99s", "9s", melds=("pon 999p",))
    assert points(result)["all_terminals"] == 3
    assert points(result)["all_pungs"] == 1


def test_pattern_cap_4_13_11_10() -> None:
    """§13.11.10: 字一色 3 + 七对 1 + 门清 1 = 5 patterns, kept to 4."""
    result = win("11223344556677z", "7z")
    found = points(result)
    assert found["all_honours"] + found["seven_pairs"] + found["concealed_hand"] == 4
    assert any(i.capped_by == "pattern" for i in result.items)


def test_flower_sets_13_12() -> None:
    """§13.12: 四季 +1, 四君子 +1; all eight: 八花 +2 instead of both."""
    assert points(win(PLAIN, "2z", flowers=tuple(parse("1234f"))))["four_seasons"] == 1
    assert points(win(PLAIN, "2z", flowers=tuple(parse("5678f"))))["four_gentlemen"] == 1
    eight = points(win(PLAIN, "2z", flowers=tuple(parse("12345678f"))))
    assert eight["eight_flowers"] == 2
    assert "four_seasons" not in eight and "four_gentlemen" not in eight
    assert not {"four_seasons", "eight_flowers"} & set(points(win(PLAIN, "2z", flowers=tuple(parse("123f")))))


def test_treasure_13_6_once_per_win() -> None:
    """§13.6: two treasure tiles in the hand still give 1; with the module off, nothing."""
    red = parse_one("1z")
    assert points(win(PLAIN, "2z", is_treasure=lambda k: k == red))["treasure"] == 1
    assert "treasure" not in points(win(PLAIN, "2z"))
    assert "treasure" not in points(win(PLAIN, "2z", is_treasure=lambda k: k == parse_one("5m")))


def test_add_on_cap_5_13_7() -> None:
    """§13.7: ankan 2 + 清一色 2 + 门清 1 reach 5; 杠上开花 then adds nothing."""
    result = win(
        "345678999m11m", "1m", "tsumo", melds=("ankan 2222m",), flags=frozenset({"kong_replacement"})
    )
    assert item(result, "kong_replacement") == ScoreItem("kong_replacement", "杠上开花", 0, "add_on")
    assert total(result.items) == 4 + 1 + 5


def test_augment_direct_points_are_add_ons_5_4() -> None:
    """§5.4: an augment's direct points are add-ons under the cap of 5."""
    result = win("345678999m11m", "1m", melds=("ankan 2222m",), direct_points=2)
    assert item(result, "augment").points == 0
    assert item(result, "augment").capped_by == "add_on"


def test_module_items_count_under_the_add_on_cap_13_2() -> None:
    """§13.2: a module's add-on item counts under the cap; a non-add-on item does not."""
    extra = (ScoreContribution("bonus", "额外", 1), ScoreContribution("plain", "普通", 1, add_on=False))
    result = win(PLAIN, "2z", extra=extra)
    assert points(result)["bonus"] == 1 and points(result)["plain"] == 1


def test_non_winner_keeps_at_most_2_13_8() -> None:
    """§13.8: a non-winner keeps instant add-ons, at most 2: ankan + minkan keep 2."""
    kept = score_non_winner((MeldKind.ANKAN, MeldKind.MINKAN))
    assert total(kept) == 2
    assert kept[1].capped_by == "kong"
    assert total(score_non_winner((MeldKind.MINKAN,), direct_points=3)) == 2


def test_decomposition_that_scores_most_is_chosen_13_11() -> None:
    """111222333m reads as three pungs (碰碰胡) or three chows: the pungs score more."""
    result = win("111222333m44455z", "5z")
    assert points(result)["all_pungs"] == 1


def test_grants_make_a_hand_complete_lib_p16() -> None:
    """lib P-16: 8-9-1 of one suit as a chow completes the hand."""
    assert not win("891m456p789s11122z", "2z").legal
    granted = win("891m456p789s11122z", "2z", grants=(ShapeGrant("P-16", "wrap_chow"),))
    assert granted.legal
    assert granted.decomposition is not None and "P-16" in granted.decomposition.grants_used


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"flags": frozenset({"robbing_kong"}), "win_by": "tsumo"}, "flags"),
        ({"flags": frozenset({"heavenly"}), "win_by": "tsumo", "hu_order": 2}, "flags"),
        ({"flags": frozenset({"nonsense"})}, "flags"),
        ({"hu_order": 4}, "hu_order"),
    ],
)
def test_impossible_descriptions_are_input_errors(kwargs: dict[str, object], field: str) -> None:
    """§13.10: 抢杠胡 is a win on another's kong tile; 天胡 is the first hu; orders are 1–3."""
    base: dict[str, object] = {"win_by": "ron", "hu_order": 1}
    base.update(kwargs)
    with pytest.raises(InputError, match=field):
        win(PLAIN, "2z", **base)  # type: ignore[arg-type]


def test_incomplete_hand_is_not_legal() -> None:
    """Standard rules: four sets and a pair, or a listed form; otherwise no hu."""
    result = win("123m456p789s11123z", "3z")
    assert not result.legal and result.reason == "not a complete hand"
