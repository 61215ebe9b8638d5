"""The augments S-01…S-18, G-01…G-18, P-01…P-18 working in play (lib 六–八, §5.3–§5.4, §15).

Each test gives the augment to one player for the round (its shape grants reach the rules as in a
session) and checks its effect when its moment comes.  Optional abilities ask ``use <id>`` / ``pass``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping

import pytest
from play_cards_support import CardPlay, use

from engine.core.decisions import HU, Decision, DecisionKind
from engine.core.tiles import format_one, kind_of_instance, parse_one
from engine.hextech.conditions.hand_reading import TREASURE
from engine.hextech.decision_kinds import HextechKind

PLAIN_A = "1m4m7m2p6p8p3s6s9s1z2z3z4z6z"
"""A dealer hand of fourteen unrelated tiles."""


def called(sc: CardPlay, player: int) -> list[str]:
    """Every call option offered to ``player`` so far."""
    return [o for d in sc.asked if d.player == player and d.kind is DecisionKind.CALL for o in d.options]


def river(sc: CardPlay, letter: str) -> list[int]:
    """The kinds in a player's river."""
    return [kind_of_instance(i) for i in sc.player(letter).river]


# -- shape grants at hu (lib 七 G-01/G-03/G-14, lib 八 P-01/P-02/P-05/P-11/P-15/P-16) -----------------

SHAPES = [
    ("G-01", "124m456p789s555s1z", "1z"),
    ("G-03", "123m456p789s555s1z", "2z"),
    ("G-14", "12m3p456p789s555s1z", "1z"),
    ("P-01", "123m456p789s12z55s", "3z"),
    ("P-02", "123m456p789s111z5m", "5p"),
    ("P-05", "129m456p789s111z5s", "5s"),
    ("P-11", "5m5p5s123m456p789s1z", "1z"),
    ("P-15", "123m456p789s112z5s", "5s"),
    ("P-16", "189m456p789s111z5s", "5s"),
]


@pytest.mark.parametrize(("card", "hand", "tile"), SHAPES, ids=[s[0] for s in SHAPES])
def test_shape_grant_lets_the_holder_win_with_the_bent_set_lib7_lib8(card: str, hand: str, tile: str) -> None:
    """G-01 门清协议, G-03 荣誉军团, G-14 三色桥梁, P-01 荣誉序列, P-02 四海同数, P-05 百搭核心,
    P-11 三色共鸣, P-15 荣誉百搭, P-16 首尾相连: B rons A's discard only with the augment."""
    a_hand = tile + "1m4m7m2p8p3s6s9s3z4z6z7z1p"
    without = CardPlay(hands={"A": a_hand, "B": hand})
    after = without.advance(f"discard {tile}")
    assert after is None or after.player != 1 or HU not in after.options
    sc = CardPlay(hands={"A": a_hand, "B": hand}, augments={"B": [card]})
    d = sc.advance(f"discard {tile}")
    assert d is not None and d.player == 1 and HU in d.options
    sc.advance(HU)
    assert [w.player for w in sc.round.wins] == [1]


# -- silver (lib 六) ---------------------------------------------------------------------------------


def test_s01_after_five_normal_draws_without_calls_look_at_two_lib6() -> None:
    """S-01 稳健运营: at A's 5th normal draw, with no call made, A reorders the top two."""
    sc = CardPlay(hands={"A": PLAIN_A}, augments={"A": ["S-01"]})
    d = sc.choice_about("S-01")
    assert d.player == 0 and sc.player("A").normal_draws == 5 and len(d.options) == 2


def test_s02_first_chi_gives_an_extra_tidy_lib6() -> None:
    """S-02 顺子工坊: B chis 345m, then draws one extra and discards one (§6.11)."""
    sc = CardPlay(hands={"A": "3m" + PLAIN_A[2:], "B": "45m1p4p7p2s5s8s1z2z3z4z"}, augments={"B": ["S-02"]})
    d = sc.advance("discard 3m", "chi 345m")
    assert [e.player for e in sc.of("draw.extra")] == [1]
    assert d is not None and d.player == 1 and d.kind is DecisionKind.TURN


def test_s03_first_pon_looks_at_two_lib6() -> None:
    """S-03 刻子工坊: B pons 5p, then reorders the top two."""
    sc = CardPlay(hands={"A": "5p" + PLAIN_A[2:], "B": "55p1m4m7m8p3s6s1z2z3z4z"}, augments={"B": ["S-03"]})
    d = sc.advance("discard 5p", "pon")
    assert d is not None and d.about == "S-03" and d.player == 1


def test_s04_first_flower_replacement_chosen_from_two_tail_tiles_lib6() -> None:
    """S-04 花牌检索: B's flower; B sees the two tail tiles 9m 8m and takes 8m; 9m stays at the tail."""
    sc = CardPlay(
        hands={"B": "1p4p7p2s5s8s1z2z3z4z5z6z7z"}, draws="1f", tail="9m8m", augments={"B": ["S-04"]}
    )
    d = sc.choice_about("S-04")
    assert set(d.options) == {"9m", "8m"}
    sc.advance("8m")
    assert sc.has("B", "8m") and not sc.has("B", "9m")
    assert kind_of_instance(sc.round.table.wall.look_tail(1)[0]) == parse_one("9m")


def test_s05_a_discard_made_safe_before_it_is_made_lib6() -> None:
    """S-05 安全弃牌: A uses it before discarding 5p; B may not pon it."""
    sc = CardPlay(hands={"A": "5p" + PLAIN_A[2:], "B": "55p1m4m7m8p3s6s1z2z3z4z"}, augments={"A": ["S-05"]})
    d = sc.pending
    assert d is not None and d.about == "S-05"
    sc.advance(use("S-05"), "discard 5p")
    assert "pon" not in called(sc, 1)
    assert sc.of("discard.settled")[-1].data["tile"] == "5p"


def test_s06_one_offered_normal_contract_is_swapped_s9_1() -> None:
    """S-06 契约预案 (§9.1): A puts back C-01 and gets C-09 in its place."""
    sc = CardPlay(hands={}, augments={"A": ["S-06"]}, offered={"A": ["C-01", "C-02", "B-04", "C-09"]})
    d = sc.advance(use("S-06"))
    assert d is not None and d.about == "S-06" and "C-01" in d.options
    contract = sc.advance("C-01")
    assert contract is not None and contract.kind is HextechKind.CONTRACT
    assert set(contract.options) == {"C-02", "C-09", "B-04"}


def test_s07_redraw_an_honour_matching_the_own_river_lib6() -> None:
    """S-07 字牌回收: A drew 1z, already in A's river; it goes to the bottom and A draws 7s."""
    sc = CardPlay(hands={"A": "1z1m4m7m2p6p8p3s6s9s2z3z5z6z"}, draws="5m6m7m1z7s", augments={"A": ["S-07"]})
    sc.discard("1z")
    sc.choice_about("S-07")
    sc.advance(use("S-07"))
    assert sc.has("A", "7s") and not sc.has("A", "1z")


def test_s08_acquiring_a_tile_with_two_copies_in_view_looks_at_three_lib6() -> None:
    """S-08 绝张观察: B and C discarded 5p; A draws 5p and reorders the top three."""
    sc = CardPlay(hands={"A": PLAIN_A}, draws="5p5p2z5p", augments={"A": ["S-08"]})
    d = sc.choice_about("S-08")
    assert d.player == 0 and len(d.options) == 6
    assert sc.of("draw.normal")[-1].data["tile"] == "5p"


def test_s09_second_exposed_meld_with_a_chow_looks_at_three_lib6() -> None:
    """S-09 双面准备: B pons 5p, then chis 345m: two melds, one a chow."""
    sc = CardPlay(
        hands={"A": "5p3m" + PLAIN_A[2:-2], "B": "55p45m1p8p3s6s9s1z2z3z"}, augments={"B": ["S-09"]}
    )
    sc.advance("discard 5p", "pon")
    assert not any(d.about == "S-09" for d in sc.asked)
    sc.turn_of("A")
    sc.advance("discard 3m")
    call = sc.play_until(lambda d: d.player == 1 and "chi 345m" in d.options)
    d = sc.advance(call.options[-1])
    assert d is not None and d.about == "S-09"


def test_s10_the_first_chance_card_may_be_redrawn_and_the_second_resolves_lib6() -> None:
    """S-10 机遇过滤: A discards O-P01 and draws O-P03, which must be resolved."""
    sc = CardPlay(hands={"A": PLAIN_A}, world="W-15", augments={"A": ["S-10"]}, chance=["O-P01", "O-P03"])
    d = sc.pending
    assert d is not None and d.about == "S-10"
    sc.advance(d.options[0])
    assert [c for c, _ in sc.drawn_cards()] == ["O-P01", "O-P03"]
    assert sc.round.card_states.safe(0)


def test_s11_lowest_score_first_draw_chosen_from_the_top_two_lib6() -> None:
    """S-11 末位补偿: B is lowest; B's first draw is 9m of 1m 9m; 1m stays on top for C."""
    sc = CardPlay(
        hands={"A": PLAIN_A}, draws="1m9m", number=2, scores=(3, -1, 0, 0), augments={"B": ["S-11"]}
    )
    d = sc.choice_about("S-11")
    assert d.player == 1 and set(d.options) == {"1m", "9m"}
    sc.advance("9m")
    assert sc.top(1) == "1m" and sc.of("draw.normal")[-1].data["tile"] == "9m"


def test_s12_redraw_a_number_tile_matching_the_own_river_lib6() -> None:
    """S-12 牌河记忆: A drew 1m, already in A's river; it goes to the bottom and A draws 9s."""
    sc = CardPlay(hands={"A": PLAIN_A}, draws="5z5z5z1m9s", augments={"A": ["S-12"]})
    sc.discard("1m")
    sc.choice_about("S-12")
    sc.advance(use("S-12"))
    assert sc.has("A", "9s") and not sc.has("A", "1m")
    assert sc.of("draw.normal")[-1].data == {"tile": "9s", "end": "top", "k": 1}


def test_s13_own_discard_called_by_another_looks_at_two_lib6() -> None:
    """S-13 被鸣观察: B pons A's 5p; A reorders the top two."""
    sc = CardPlay(hands={"A": "5p" + PLAIN_A[2:], "B": "55p1m4m7m8p3s6s1z2z3z4z"}, augments={"A": ["S-13"]})
    sc.advance("discard 5p", "pon")
    d = sc.choice_about("S-13")
    assert d.player == 0


def test_s14_after_the_turn_reveal_a_pair_then_look_at_three_lib6() -> None:
    """S-14 对子信号: after A's turn A reveals a pair (only 1z is paired), then reorders three."""
    sc = CardPlay(hands={"A": "11z1m4m7m2p6p8p3s6s9s2z3z6z"}, augments={"A": ["S-14"]})
    sc.discard("1m")
    sc.choice_about("S-14")
    d = sc.advance(use("S-14"))
    assert d is not None and d.options == ("1z",)


def test_s15_wall_at_32_looks_at_two_lib6() -> None:
    """S-15 尾局规划: the first time the drawable tiles fall to 32, B reorders the top two."""
    sc = CardPlay(hands={}, augments={"B": ["S-15"]})
    d = sc.choice_about("S-15")
    assert d.player == 1 and len(sc.round.table.wall) <= 32


def test_s16_first_treasure_acquired_may_look_at_two_s8() -> None:
    """S-16 藏宝直觉 (§8): with 9s the treasure, A draws 9s and may reorder the top two."""
    treasure = frozenset({parse_one("9s")})
    sc = CardPlay(
        hands={"A": PLAIN_A.replace("9s", "5s")},
        draws="2z3z4z9s",
        augments={"A": ["S-16"]},
        modules=frozenset({"treasure"}),
        tile_marks=lambda p, s: {TREASURE: treasure},
    )
    d = sc.choice_about("S-16")
    assert d.player == 0 and sc.of("draw.normal")[-1].data["tile"] == "9s"


def test_s17_first_party_draw_is_two_keep_one_s7_2() -> None:
    """S-17 挑战筛选 (§7.2): B's party draw (W-14) becomes two cards, B keeps one."""
    sc = CardPlay(
        hands={"A": "5p" + PLAIN_A[2:], "B": "55p1m4m7m8p3s6s1z2z3z4z"},
        world="W-14",
        augments={"B": ["S-17"]},
        party=["F-I01", "F-I02"],
        modules=frozenset({"party"}),
    )
    d = sc.advance("discard 5p", "pon")
    assert d is not None and d.player == 1 and set(d.options) == {"F-I01", "F-I02"}


def test_s18_at_set_up_a_number_tile_goes_to_the_bottom_for_the_top_tile_lib6() -> None:
    """S-18 开局微调: before contracts A puts 1m under the wall and draws the top tile 9s."""
    sc = CardPlay(hands={"A": PLAIN_A}, draws="9s", augments={"A": ["S-18"]})
    d = sc.pending
    assert d is not None and d.about == "S-18"
    d = sc.advance(use("S-18"))
    assert d is not None and "1z" not in d.options and "1m" in d.options
    sc.advance("1m")
    kinds = [kind_of_instance(i) for i in sc.player("A").hand]
    assert parse_one("9s") in kinds and parse_one("1m") not in kinds


# -- gold (lib 七) -----------------------------------------------------------------------------------


def test_g02_after_a_kong_replacement_an_extra_tidy_lib7() -> None:
    """G-02 杠杆循环: A's concealed kong is replaced, then A may tidy (draw 1, discard 1)."""
    sc = CardPlay(hands={"A": "1111m" + PLAIN_A[8:]}, tail="9p", draws="7z", augments={"A": ["G-02"]})
    d = sc.advance("ankan 1m")
    assert d is not None and d.about == "G-02"
    sc.advance(use("G-02"))
    assert [e.data["tile"] for e in sc.of("draw.extra")] == ["7z"]


def test_g04_chi_from_the_opposite_seat_once_per_round_lib7() -> None:
    """G-04 三家皆可吃: C may chi A's 3m (A is not C's upper seat); the second time not."""
    sc = CardPlay(hands={"A": "3m3m" + PLAIN_A[4:], "C": "4455m1p4p7p2s5s8s1z2z"}, augments={"C": ["G-04"]})
    sc.advance("discard 3m")
    d = sc.play_until(lambda d: d.player == 2 and d.kind is DecisionKind.CALL)
    assert "chi 345m" in d.options
    sc.advance("chi 345m")
    assert [m.meld.kind.value for m in sc.player("C").melds] == ["chi"]
    sc.turn_of("A")
    sc.discard("3m")
    assert sum(1 for o in called(sc, 2) if o.startswith("chi")) == 1


def test_g05_every_flower_replacement_chosen_from_two_tail_tiles_lib7() -> None:
    """G-05 花园经济: two flowers in play, each replacement chosen from the two tail tiles."""
    sc = CardPlay(
        hands={"B": "1p4p7p2s5s8s1z2z3z4z5z6z7z"}, draws="1f", tail="2f9m8m7m", augments={"B": ["G-05"]}
    )
    first = sc.choice_about("G-05")
    assert set(first.options) == {"2f", "9m"}
    sc.advance("2f")
    second = sc.choice_about("G-05")
    assert len(second.options) == 2


def test_g06_replace_the_contract_before_the_window_s9_lib7() -> None:
    """G-06 契约改签: on A's turn A swaps C-01 for C-02 from the deck."""
    sc = CardPlay(
        hands={"A": PLAIN_A}, contracts={"A": "C-01"}, contract_deck=["C-02"], augments={"A": ["G-06"]}
    )
    sc.play_until(lambda d: d.about == "G-06", limit=40)
    sc.advance(use("G-06"), "C-02")
    assert sc.player("A").contract == "C-02"


def test_g07_a_chance_draw_may_become_two_keep_one_lib7() -> None:
    """G-07 机遇双选: A's chance draw (W-15) becomes O-P01 or O-P03; A keeps O-P03."""
    sc = CardPlay(hands={"A": PLAIN_A}, world="W-15", augments={"A": ["G-07"]}, chance=["O-P01", "O-P03"])
    d = sc.advance(use("G-07"))
    assert d is not None and set(d.options) == {"O-P01", "O-P03"}
    sc.advance("O-P03")
    assert sc.round.card_states.safe(0)


def test_g08_a_route_chosen_at_the_start_two_chows_give_an_extra_tidy_lib7() -> None:
    """G-08 双路线: B chooses the chow route when the round starts; B's second chi gives an extra tidy."""
    sc = CardPlay(
        hands={"A": "3m6p" + PLAIN_A[4:], "B": "45m78p1s4s7s2z3z4z5z6z7z"}, augments={"B": ["G-08"]}
    )
    d = sc.pending
    assert d is not None and d.about == "G-08" and set(d.options) == {"chow", "pung"}
    sc.advance("chow", "discard 3m", "chi 345m")
    assert sc.of("draw.extra") == []
    sc.turn_of("A")
    sc.advance("discard 6p")
    call = sc.play_until(lambda d: d.player == 1 and "chi 678p" in d.options)
    sc.advance(call.options[call.options.index("chi 678p")])
    assert [e.player for e in sc.of("draw.extra")] == [1]


def test_g09_at_turn_start_retrieve_an_older_number_discard_lib7() -> None:
    """G-09 牌河回收: at A's third turn A takes back 5m (not the latest 1z) and discards one."""
    sc = CardPlay(hands={"A": "5m" + PLAIN_A[2:]}, augments={"A": ["G-09"]})
    sc.discard("5m")
    sc.turn_of("A")
    sc.discard("1z")
    sc.choice_about("G-09")
    d = sc.advance(use("G-09"))
    assert d is not None and d.kind is DecisionKind.TURN and "discard 5m" in d.options
    assert parse_one("5m") not in river(sc, "A")


def test_g09_not_offered_without_an_older_number_discard_lib7() -> None:
    """G-09 牌河回收 "取回1张不是最新弃出的数字牌": A's river holds only 1z and then 1z with the latest 1m,
    so no turn start offers G-09; control: ``test_g09_at_turn_start_…`` with 5m under the latest."""
    sc = CardPlay(hands={"A": PLAIN_A}, augments={"A": ["G-09"]})
    sc.discard("1z")
    sc.turn_of("A")
    sc.discard("1m")
    sc.turn_of("A")
    assert len(sc.of("turn.started")) > 4 and not [d for d in sc.asked if d.about == "G-09"]


def test_g10_only_the_own_seat_wind_drawn_is_offered_lib7() -> None:
    """G-10 风向调整: A (east) draws 9s: no offer; then draws 1z: offered."""
    sc = CardPlay(
        hands={"A": PLAIN_A.replace("1z", "5z")}, draws="2z3z4z9s5m6m7m1z", augments={"A": ["G-10"]}
    )
    sc.discard("1m")
    turn = sc.play_until(lambda d: d.player == 0)
    assert turn.kind is DecisionKind.TURN


def test_g11_reveal_three_then_look_at_four_lib7() -> None:
    """G-11 公开研究: on A's turn A shows three tiles."""
    sc = CardPlay(hands={"A": PLAIN_A}, augments={"A": ["G-11"]})
    sc.play_until(lambda d: d.about == "G-11", limit=40)
    sc.advance(use("G-11"), "1m", "4m", "7m")
    assert len(sc.player("A").revealed) == 3


def test_g12_keeping_the_contract_at_the_window_gives_an_extra_tidy_s10() -> None:
    """G-12 绝境推进 (§10): B keeps C-01 at the window, then draws one extra and discards one."""
    sc = CardPlay(hands={}, contracts={"B": "C-01"}, augments={"B": ["G-12"]})
    sc.play_until(lambda d: d.kind is HextechKind.ABANDON)
    sc.advance("keep")
    assert [e.player for e in sc.of("draw.extra")] == [1]


def test_g13_after_a_concealed_kong_chi_from_any_seat_lib7() -> None:
    """G-13 暗杠开路: C draws the fourth 1m, kongs it, then may chi A's 3p."""
    sc = CardPlay(
        hands={"A": "3p3p" + PLAIN_A[4:], "C": "111m45p1s4s7s2z3z4z5z6z"},
        draws="7z1m",
        tail="9s",
        augments={"C": ["G-13"]},
    )
    sc.discard("3p")
    assert "chi 345p" not in called(sc, 2)
    sc.turn_of("C")
    sc.advance("ankan 1m")
    sc.turn_of("A")
    sc.advance("discard 3p")
    d = sc.play_until(lambda d: d.player == 2 and d.kind is DecisionKind.CALL)
    assert "chi 345p" in d.options


def test_g15_a_normal_draw_chosen_from_the_top_two_rest_to_the_bottom_lib7() -> None:
    """G-15 双顶择一: A's draw: 1m 9m seen, 9m taken, 1m to the bottom."""
    sc = CardPlay(hands={"A": PLAIN_A}, draws="5z5z5z1m9m", augments={"A": ["G-15"]})
    sc.discard("1m")
    sc.choice_about("G-15")
    sc.advance(use("G-15"), "9m")
    assert sc.of("draw.normal")[-1].data["tile"] == "9m"
    assert sc.top(1) != "1m"


def test_g16_wall_at_32_may_swap_the_unfinished_contract_lib7() -> None:
    """G-16 尾局改签: at 32 drawable tiles A may take C-02 for the unfinished C-01."""
    sc = CardPlay(hands={}, contracts={"A": "C-01"}, contract_deck=["C-02"], augments={"A": ["G-16"]})
    d = sc.choice_about("G-16")
    assert "C-02" in d.options
    sc.advance("C-02")
    assert sc.player("A").contract == "C-02"


def test_g17_contract_completed_choose_the_top_of_three_lib7() -> None:
    """G-17 契约兑现: C-12 completes with A's kong; A puts 3m on top of 1m 2m 3m."""
    sc = CardPlay(
        hands={"A": "1111m" + PLAIN_A[8:]},
        tail="9p",
        draws="1p2p3p",
        contracts={"A": "C-12"},
        augments={"A": ["G-17"]},
    )
    d = sc.advance("ankan 1m")
    assert d is not None and d.about == "G-17" and set(d.options) == {"1p", "2p", "3p"}
    d = sc.advance("3p")
    assert d is not None and d.about == "G-17" and set(d.options) == {"1p 2p", "2p 1p"}
    sc.advance("2p 1p")
    assert sc.top(3) == "3p 2p 1p"


def test_g17_the_rest_go_back_under_in_any_order_lib7() -> None:
    """G-17 契约兑现 "其余按任意顺序放回其下": A puts 1p on top and 3p 2p under it, not in the seen order;
    control: with the rest kept as seen the wall reads 1p 2p 3p."""
    for rest, top in (("3p 2p", "1p 3p 2p"), ("2p 3p", "1p 2p 3p")):
        sc = CardPlay(
            hands={"A": "1111m" + PLAIN_A[8:]},
            tail="9p",
            draws="1p2p3p",
            contracts={"A": "C-12"},
            augments={"A": ["G-17"]},
        )
        sc.advance("ankan 1m", "1p", rest)
        assert sc.top(3) == top


def test_g18_a_flower_replacement_may_go_under_for_another_tail_tile_h11() -> None:
    """G-18 花牌借路 (H11): B's replacement 9m goes to the bottom; B draws 8m from the tail."""
    sc = CardPlay(
        hands={"B": "1p4p7p2s5s8s1z2z3z4z5z6z7z"}, draws="1f", tail="9m8m", augments={"B": ["G-18"]}
    )
    sc.choice_about("G-18")
    sc.advance(use("G-18"))
    assert sc.has("B", "8m") and not sc.has("B", "9m")


def test_g18_the_tile_sent_under_is_not_acquired_h11() -> None:
    """G-18 花牌借路 "可以将该补牌放到牌墙底部，再从牌墙尾部补1张牌" (R302): the 9m B sent under the wall
    never entered B's hand, so only 8m is acquired; control: passing, B acquires 9m."""
    acquired = {}
    for answer in (use("G-18"), "pass"):
        sc = CardPlay(
            hands={"B": "1p4p7p2s5s8s1z2z3z4z5z6z7z"}, draws="1f", tail="9m8m", augments={"B": ["G-18"]}
        )
        sc.choice_about("G-18")
        since = len(sc.events)
        sc.advance(answer)
        acquired[answer] = [
            e.data["tile"] for e in sc.events[since:] if e.name == "tile.acquired" and e.player == 1
        ]
    assert acquired == {use("G-18"): ["8m"], "pass": ["9m"]}


# -- prismatic (lib 八) ------------------------------------------------------------------------------


def test_p03_chi_from_any_seat_twice_per_round_lib8() -> None:
    """P-03 任意上家: C may chi A's 3m."""
    sc = CardPlay(hands={"A": "3m" + PLAIN_A[2:], "C": "45m1p4p7p2s5s8s1z2z3z4z"}, augments={"C": ["P-03"]})
    sc.advance("discard 3m")
    d = sc.play_until(lambda d: d.player == 2 and d.kind is DecisionKind.CALL)
    assert "chi 345m" in d.options


def test_p04_contract_completed_swap_hand_tiles_with_the_top_lib8() -> None:
    """P-04 乾坤置换: after C-12 completes A gives 6z for the top tile 9p."""
    sc = CardPlay(
        hands={"A": "1111m" + PLAIN_A[8:]},
        tail="9s",
        draws="9p",
        contracts={"A": "C-12"},
        augments={"A": ["P-04"]},
    )
    d = sc.advance("ankan 1m")
    assert d is not None and d.about == "P-04"
    sc.advance(use("P-04"), "1", "6z")
    assert sc.has("A", "9p") and not sc.has("A", "6z")


def test_p04_a_flower_seen_stays_on_top_and_is_not_swapped_lib8() -> None:
    """P-04 乾坤置换 补充 "查看到花牌时不参与交换，按原相对顺序放回顶部" (R303): A chooses 6z and 4z and sees
    1f 9p; 1f stays on top, A gives only 6z (A's pick) for 9p and keeps 4z; control: no flower
    is revealed or replaced for A."""
    sc = CardPlay(
        hands={"A": "1111m" + PLAIN_A[8:]},
        tail="9s",
        draws="1f9p",
        contracts={"A": "C-12"},
        augments={"A": ["P-04"]},
    )
    sc.advance("ankan 1m", use("P-04"), "2", "6z", "4z")
    d = sc.pending
    assert d is not None and d.about == "P-04" and set(d.options) == {"4z", "6z"}
    sc.advance("6z")
    assert sc.has("A", "9p") and sc.has("A", "4z") and not sc.has("A", "6z")
    assert sc.top(1) == "1f" and not sc.player("A").flowers and not sc.of("flower.revealed")


def test_p06_five_uncalled_discards_give_an_extra_tidy_lib8() -> None:
    """P-06 时间折叠: after A's 5th discard, none called, A tidies."""
    sc = CardPlay(hands={"A": PLAIN_A}, augments={"A": ["P-06"]})
    sc.until_event("draw.extra", player=0)
    assert len(sc.player("A").discarded) == 5


def test_p07_every_chance_draw_is_two_keep_one_lib8() -> None:
    """P-07 双重机遇: A's chance draw offers O-P01 and O-P03 without asking first."""
    sc = CardPlay(hands={"A": PLAIN_A}, world="W-15", augments={"A": ["P-07"]}, chance=["O-P01", "O-P03"])
    d = sc.pending
    assert d is not None and set(d.options) == {"O-P01", "O-P03"}


def test_p08_a_normal_draw_may_go_under_for_a_new_one_lib8() -> None:
    """P-08 命运改写: A's draw 1z goes to the bottom; A draws 9s as the normal draw."""
    sc = CardPlay(hands={"A": PLAIN_A.replace("1z", "5z")}, draws="2z3z4z1z9s", augments={"A": ["P-08"]})
    sc.discard("1m")
    sc.choice_about("P-08")
    sc.advance(use("P-08"))
    assert sc.has("A", "9s") and not sc.has("A", "1z")


def test_p09_offered_three_normal_and_two_black_contracts_s9_1() -> None:
    """P-09 开放契约 (§9.1): A chooses among 3 normal and 2 black contracts."""
    sc = CardPlay(hands={}, augments={"A": ["P-09"]}, offered={"A": ["C-01", "C-02", "B-04", "C-09", "B-05"]})
    d = sc.pending
    assert d is not None and d.kind is HextechKind.CONTRACT
    assert set(d.options) == {"C-01", "C-02", "C-09", "B-04", "B-05"}


def test_p10_a_discard_may_be_taken_back_and_another_made_lib8() -> None:
    """P-10 逆转牌河: A discards 1m, takes it back and discards 6z instead."""
    sc = CardPlay(hands={"A": PLAIN_A}, augments={"A": ["P-10"]})
    d = sc.advance("discard 1m")
    assert d is not None and d.about == "P-10"
    d = sc.advance(use("P-10"))
    assert d is not None and d.kind is DecisionKind.TURN and d.player == 0
    sc.discard("6z")
    assert river(sc, "A") == [parse_one("6z")]


def test_p10_the_retracted_tile_is_not_discarded_again_lib8() -> None:
    """P-10 逆转牌河 "收回该弃牌并改为弃出另一张牌" (R301): after taking back 1m A is offered every other
    discard but not 1m; control: the first discard offered 1m. The retraction names the tile."""
    sc = CardPlay(hands={"A": PLAIN_A}, augments={"A": ["P-10"]})
    assert "discard 1m" in sc.pending.options if sc.pending else False
    sc.advance("discard 1m")
    d = sc.advance(use("P-10"))
    assert d is not None and d.kind is DecisionKind.TURN
    assert "discard 1m" not in d.options and "discard 4m" in d.options
    assert sc.of("discard.retracted")[-1].data["tile"] == "1m"


def test_p12_a_normal_draw_from_the_tail_lib8() -> None:
    """P-12 尾部通道: A's next normal draw is the tail tile 9s."""
    sc = CardPlay(hands={"A": PLAIN_A}, tail="9s", augments={"A": ["P-12"]})
    sc.discard("1m")
    sc.choice_about("P-12")
    sc.advance(use("P-12"))
    draw = sc.of("draw.normal")[-1]
    assert draw.player == 0 and draw.data["tile"] == "9s" and draw.data["end"] == "tail"


def test_p13_at_turn_start_exchange_a_hidden_tile_with_another_s14_2() -> None:
    """P-13 公平暗换 (§14.2): at the start of A's turn — the dealer's opening turn is one (R130) — A gives
    6z to B and receives 9m."""
    sc = CardPlay(hands={"A": PLAIN_A, "B": "9m1p4p7p2s5s8s1z2z3z4z5z7z"}, augments={"A": ["P-13"]})
    sc.choice_about("P-13")
    sc.advance(use("P-13"), "B", "6z", "9m")
    assert sc.has("A", "9m") and sc.has("B", "6z")


def test_p14_a_personal_treasure_face_is_chosen_at_set_up_s8_3() -> None:
    """P-14 自定宝牌 (§8.3): taken up at set-up, it hands the naming of the face to the treasure
    module's primitive (``cards/examples/P-14.yaml`` plays the module's own question)."""
    calls: list[dict[str, object]] = []

    def personal(game: object, holder: int, args: Mapping[str, object]) -> Generator[Decision, str, None]:
        calls.append({"holder": holder, **args})
        return
        yield

    sc = CardPlay(
        hands={"A": PLAIN_A},
        augments={"A": ["P-14"]},
        modules=frozenset({"treasure"}),
        module_primitives={"set_personal_treasure": personal},
    )
    sc.advance(use("P-14"))
    assert calls and calls[0]["holder"] == 0 and calls[0]["face"] == "chosen"


def test_p17_win_with_the_contract_unfinished_abandons_it_lib8() -> None:
    """P-17 契约缓冲: B's C-06 (wind pung) is unmet; with P-17 B may ron, and C-06 is abandoned."""
    hands = {"A": "3p19m19s1234567z5m6m", "B": "123m456m789m12p55s"}
    plain = CardPlay(hands=hands, contracts={"B": "C-06"})
    after = plain.advance("discard 3p")
    assert after is None or after.player != 1 or HU not in after.options
    sc = CardPlay(hands=hands, contracts={"B": "C-06"}, augments={"B": ["P-17"]})
    d = sc.advance("discard 3p")
    assert d is not None and d.player == 1 and HU in d.options
    sc.advance(HU)
    assert sc.player("B").contract_status.value == "abandoned" and sc.player("B").won


def test_p18_at_24_or_fewer_a_normal_draw_chosen_from_three_lib8() -> None:
    """P-18 末日三选一: with ≤ 24 drawable tiles, A's normal draw is chosen from the top three."""
    sc = CardPlay(hands={}, augments={"A": ["P-18"]})
    sc.choice_about("P-18")
    assert len(sc.round.table.wall) == 24
    top_three = tuple(format_one(kind_of_instance(i)) for i in sc.round.table.wall.look_front(3))
    d = sc.advance(use("P-18"))
    assert d is not None and d.about == "P-18"
    assert d.options == top_three


def test_p01_chi_an_honour_run_from_the_upper_seat_lib8() -> None:
    """P-01 荣誉序列: B may chi A's 3z with 1z 2z (east-south-west), once per round."""
    sc = CardPlay(
        hands={"A": "3z" + PLAIN_A[:-8] + "5z6z7z", "B": "12z1m4m7m2p5p8p3s6s9s5z6z"},
        augments={"B": ["P-01"]},
    )
    d = sc.advance("discard 3z")
    assert d is not None and d.player == 1 and "chi 123z" in d.options
    plain = CardPlay(hands={"A": "3z" + PLAIN_A[:-8] + "5z6z7z", "B": "12z1m4m7m2p5p8p3s6s9s5z6z"})
    after = plain.advance("discard 3z")
    assert after is None or after.player != 1 or "chi 123z" not in after.options


def test_s04_only_the_first_flower_is_chosen_lib6() -> None:
    """S-04 花牌检索 (每局1次): B's second flower is replaced plainly from the tail."""
    sc = CardPlay(
        hands={"B": "1p4p7p2s5s8s1z2z3z4z5z6z7z"}, draws="1f", tail="2f9m8m", augments={"B": ["S-04"]}
    )
    first = sc.choice_about("S-04")
    assert set(first.options) == {"2f", "9m"}
    sc.advance("2f")
    sc.until_event("draw.replacement", player=1, since=0)
    assert sum(1 for d in sc.asked if d.about == "S-04") == 1
    assert sc.pending is None or sc.pending.about != "S-04"


def test_b11_the_chosen_suit_counts_at_hu_s9_6() -> None:
    """B-11 一门封锁 (lib 十): dealer B names man; with nine man tiles B may ron C's 4s; naming pin, not."""
    hand = "123m456m789m55p23s1z"
    for suit, wins in (("m", True), ("p", False)):
        sc = CardPlay(hands={"B": hand}, dealer=1, draws="4s", offered={"B": ["C-01", "C-02", "B-11"]})
        sc.advance("B-11", suit, "discard 1z")
        d = sc.play_until(lambda d: d.player == 1 or (d.kind is DecisionKind.TURN and d.player == 2))
        if d.player == 2:
            d = sc.advance("discard 4s") or d
        assert (d.player == 1 and HU in d.options) is wins
