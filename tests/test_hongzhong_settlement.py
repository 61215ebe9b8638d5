"""Who pays for a 红中 win, clause by clause (spec 003 付钱规则, 报警, 特殊玩法 胡牌赢3家 and 报警;
docs/rulings.md R446–R449).  Each test quotes the clause it proves and holds a case where it must not
fire.  The winner is seat 0; ``sources`` name who gave each meld's tile (``None``: a concealed
kong)."""

from __future__ import annotations

import pytest
from hongzhong_support import gains, scored, win

from engine.core.errors import InputError

ELEVEN_WAN = "123m345m678m99m234p"
"""Eleven 万, no 嘴子: 6 on a discard, 14 self-drawn."""


def test_the_discarder_pays() -> None:
    """Spec 003: "谁点炮谁付钱": seat 2's discard costs seat 2 the win's 6, nobody else anything."""
    assert gains(win(ELEVEN_WAN, "4p", discarder=2)) == (6, 0, -6, 0)


def test_a_self_draw_is_paid_by_all_three() -> None:
    """Spec 003: "自摸其他3家都付钱": each of the three others pays the 14 of the self-draw."""
    assert gains(win(ELEVEN_WAN, "4p", discarder=None)) == (42, -14, -14, -14)
    assert gains(win(ELEVEN_WAN, "4p", discarder=None, winner=2)) == (-14, -14, 42, -14)


def test_all_three_pay_a_discard_win_with_the_option() -> None:
    """Spec 003: "胡牌赢3家：选中后点炮和自摸胡牌，都是3家付银子": chosen, a discard win too is paid by each
    of the three; not chosen (the default), by the discarder alone (R446)."""
    assert gains(win(ELEVEN_WAN, "4p", discarder=2), "all_three_pay") == (18, -6, -6, -6)
    assert gains(win(ELEVEN_WAN, "4p", discarder=None), "all_three_pay") == (42, -14, -14, -14)
    assert gains(win(ELEVEN_WAN, "4p", discarder=2)) == (6, 0, -6, 0)


FLUSH = ("234m77m", "7m", "pon 111m", "pon 555m", "pon 999m")
"""清一色 with three pons: 1 + 14/2 + 10 = 18 on a discard, 3 + 14 + 10 + 10 = 37 self-drawn."""


def test_one_player_who_gave_three_pons_of_a_flush_pays_for_all() -> None:
    """Spec 003: "清一色或混一色3对报警…如果是同一家打给另一家3对造成报警的，如果是交的话，不管哪个出冲都由打
    三对的 人包牌": seat 2 gave all three pons of a 清一色 (a 全交): seat 3 discards the winning tile, seat 2
    pays what the three would, 3 × 18 (R447, R448)."""
    assert scored(win(*FLUSH, sources=(2, 2, 2))).total == 18
    assert gains(win(*FLUSH, discarder=3, sources=(2, 2, 2))) == (54, 0, -54, 0)
    assert gains(win(*FLUSH, discarder=None, sources=(2, 2, 2))) == (111, 0, -111, 0)


def test_pons_from_several_players_make_the_discarder_pay_for_all() -> None:
    """Spec 003: "如果不是同一个人打的3对，谁出冲谁包牌": the pons came from seats 2, 2 and 1; seat 3 let the
    winning tile go and pays 3 × 18; on a self-draw nobody let it go and all three pay (R448)."""
    assert gains(win(*FLUSH, discarder=3, sources=(2, 2, 1))) == (54, 0, 0, -54)
    assert gains(win(*FLUSH, discarder=None, sources=(2, 2, 1))) == (111, -37, -37, -37)


def test_a_mixed_flush_that_is_not_jiao_is_paid_by_its_discarder() -> None:
    """Spec 003: "如果是交的话" — a 混一色 alone is one 嘴子, no 交: though seat 2 gave all three pons, seat 3
    who let the tile go pays for all (the paragraph's 谁出冲谁包牌, R448); with 对对胡 too, two 嘴子 are 交
    (两嘴) and seat 2 pays (R438)."""
    mixed = ("234m99m", "9m", "pon 111m", "pon 555m", "pon 777z")
    assert scored(win(*mixed)).total == 1 + 5 + 5
    assert gains(win(*mixed, discarder=3, sources=(2, 2, 2))) == (33, 0, 0, -33)
    pungs = ("888m99m", "9m", "pon 111m", "pon 555m", "pon 777z")
    assert scored(win(*pungs)).total == 1 + 5 + 5 + 5
    assert gains(win(*pungs, discarder=3, sources=(2, 2, 2))) == (48, 0, -48, 0)


def test_two_pons_raise_no_flush_alarm() -> None:
    """Spec 003: "3对报警": a 混一色 with two pons is paid as any discard (R448)."""
    assert gains(win("234m99m777z", "9m", "pon 111m", "pon 555m", discarder=3, sources=(2, 2))) == (
        11,
        0,
        0,
        -11,
    )


def test_a_warned_hand_that_is_no_flush_makes_nobody_liable() -> None:
    """Spec 003: "对下来3对是同一色的" warns of a flush; three pons of 万 in a win that holds 筒 too are no 清
    一色 or 混一色, and the discarder pays as usual (R448)."""
    hand = win("234p99m", "9m", "pon 111m", "pon 555m", "pon 777m", discarder=3, sources=(2, 2, 2))
    assert gains(hand) == (scored(hand).total, 0, 0, -scored(hand).total)


def test_without_the_alarm_option_nobody_is_liable() -> None:
    """Spec 003: "报警：选中后有报警规则": with alarm off the discarder pays the 18 alone (R450)."""
    assert gains(win(*FLUSH, discarder=3, sources=(2, 2, 2)), "alarm=off") == (18, 0, 0, -18)


DOUBLE_EIGHT = ("11m567m", "1m", "ankan 1111p", "ankan 9999p", "pon 222m")
"""双八支 with a pon of its eight-tile suit: 1 + 4 + 4 + 10 = 19."""


def test_double_eight_with_a_claimed_set_makes_the_discarder_pay_for_all() -> None:
    """Spec 003: "双八支报警（由同一种颜色任意两杠报警，如果对下来另一个颜色的牌，谁出冲就有谁包": two kongs
    of 筒 and a pon of 万: seat 3 who let the tile go pays 3 × 19 (R449)."""
    assert scored(win(*DOUBLE_EIGHT)).total == 19
    assert gains(win(*DOUBLE_EIGHT, discarder=3, sources=(None, None, 2))) == (57, 0, 0, -57)


def test_double_eight_without_a_claimed_set_is_paid_as_usual() -> None:
    """Spec 003: "如果没有对下来别的牌，只算交牌，不包牌，谁出冲谁付银子": the eight 万 all concealed, seat 3
    pays the 19 alone; a self-draw is paid by all three (R449)."""
    hand = win("11m234m567m", "1m", "ankan 1111p", "ankan 9999p", discarder=3, sources=(None, None))
    assert gains(hand) == (19, 0, 0, -19)
    drawn = win(*DOUBLE_EIGHT, discarder=None, sources=(None, None, 2))
    total = scored(drawn).total
    assert gains(drawn) == (3 * total, -total, -total, -total)


def test_double_four_cores_on_a_pon_face_make_the_discarder_pay_for_all() -> None:
    """Spec 003: "双四核报警（不论谁打的2对（颜色相同），必须对下来，如果是真的，那就谁顶嘴子打谁包": pons of
    5m and 7m and the fourth 5m let go by seat 3: seat 3 pays 3 × 20 (R449)."""
    hand = win("46m678m11p5m", "5m", "pon 555m", "pon 777m", discarder=3, sources=(1, 2))
    assert scored(hand).total == 20
    assert gains(hand) == (60, 0, 0, -60)


def test_double_four_cores_not_on_a_pon_face_are_paid_as_usual() -> None:
    """Spec 003: "如果不顶嘴子，只算交牌，不包牌，谁出冲谁付银子": won on 1p, seat 3 pays the 17 alone; with
    the pons of two suits there is no warning either (R449)."""
    assert gains(win("456m678m11p", "1p", "pon 555m", "pon 777m", discarder=3, sources=(1, 2))) == (
        17,
        0,
        0,
        -17,
    )
    mixed = win("46m678p11m5m", "5m", "pon 555m", "pon 777p", discarder=3, sources=(1, 2))
    assert "双四核" in {f.name for f in scored(mixed).fan}
    assert gains(mixed) == (scored(mixed).total, 0, 0, -scored(mixed).total)


def test_the_gains_balance() -> None:
    """What the payers lose the winner gains, whoever pays."""
    for hand in (win(*FLUSH, discarder=3, sources=(2, 2, 2)), win(ELEVEN_WAN, "4p", discarder=None)):
        assert sum(gains(hand)) == 0


def test_bad_seats_and_sources_are_refused() -> None:
    """A winner who discarded his own tile, or meld sources that do not match the melds, are refused."""
    with pytest.raises(InputError, match="discarder"):
        gains(win(ELEVEN_WAN, "4p", discarder=0))
    with pytest.raises(InputError, match="meld_sources: 1 given for 3"):
        gains(win(*FLUSH, discarder=3, sources=(2,)))
