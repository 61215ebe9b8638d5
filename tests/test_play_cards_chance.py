"""The chance cards O-P01…O-X09 working in play (lib 四, §6.4–§6.11): one given / when / then each.

Unless a test says otherwise the card is drawn by the dealer A at the start of round 1 through W-15
末位启程 (after the deal, before contracts, §6.4), so its effect runs on a known table.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

import pytest
from play_cards_support import CardPlay, seat

from engine.core.decisions import Decision, DecisionKind
from engine.core.tiles import kind_of_instance, parse, parse_one

SINGLES = "1m4m7m2p5p8p3s6s9s1z2z3z4z6z"
"""A dealer hand of fourteen unrelated tiles: nothing to call, no win."""

PON_5P = {"A": "5p1m4m7m2p8p3s6s9s1z2z3z4z6z", "B": "55p1m4m7m2p8p3s6s1z2z3z4z", "C": "123m456m789m46p55s"}
"""A discards 5p: B could pon it, C wins on it."""


def start(card: str, hands: Mapping[str, str] | None = None, **kw: Any) -> CardPlay:
    """Round 1 with W-15: the dealer A draws ``card`` (then ``O-P03``s) at set-up."""
    chance = [card, *kw.pop("more", [])]
    return CardPlay(hands=hands or {"A": SINGLES}, world="W-15", chance=chance, **kw)


def after_opening(card: str, hands: Mapping[str, str] | None = None, **kw: Any) -> CardPlay:
    """Round 1 with W-05: the dealer A opens with 1z and draws ``card`` once that discard has settled
    (§6.6), so A's "下一回合" is A's second turn (a card drawn at set-up lasts only to the opening
    turn, R130).  The hand must hold 1z."""
    sc = CardPlay(hands=hands or {"A": SINGLES}, world="W-05", chance=[card, *kw.pop("more", [])], **kw)
    sc.discard("1z")
    return sc


def on_honour_discard(card: str, hands: Mapping[str, str], first: str, **kw: Any) -> CardPlay:
    """W-05: A discards ``first`` on turn 1, then 1z on turn 2, which draws ``card`` after settling."""
    sc = CardPlay(hands=hands, world="W-05", chance=[card], **kw)
    sc.discard(first)
    sc.turn_of("A")
    sc.advance("discard 1z")
    return sc


def called(sc: CardPlay, player: int) -> list[str]:
    """Every call option offered to ``player`` so far."""
    return [o for d in sc.asked if d.player == player and d.kind is DecisionKind.CALL for o in d.options]


def test_op01_look_at_two_and_reorder_s6_lib4() -> None:
    """O-P01 偷看未来: the top two tiles are seen and put back in the holder's order."""
    sc = start("O-P01", draws="1m9m")
    d = sc.pending
    assert d is not None and d.about == "O-P01" and set(d.options) == {"1m 9m", "9m 1m"}
    sc.advance("9m 1m")
    assert sc.top(2) == "9m 1m"


def test_op02_extra_tidy_draws_one_then_discards_one_s6_11() -> None:
    """O-P02 灵活调整 (§6.11): draw 1 from the top (no win), then discard 1 that others may answer."""
    sc = start("O-P02", draws="7z")
    d = sc.pending
    assert d is not None and d.kind is DecisionKind.TURN and "discard 7z" in d.options
    assert all(o.startswith("discard") for o in d.options)
    sc.advance("discard 7z")
    assert [e.data["tile"] for e in sc.of("draw.extra")] == ["7z"]
    assert len(sc.player("A").hand) == 14


def test_a_safe_discard_cannot_be_called_but_can_be_won_on_lib2() -> None:
    """O-P03 安全通道 (A's next discard), lib 二.1 安全弃牌: B may not pon A's 5p; C may still ron it."""
    sc = start("O-P03", PON_5P)
    d = sc.advance("discard 5p")
    assert d is not None and d.player == seat("C") and "hu" in d.options
    assert "pon" not in called(sc, 1)


def test_op04_look_at_three_and_reorder_s6_lib4() -> None:
    """O-P04 精准排列: the top three in any order."""
    sc = start("O-P04", draws="1m2m3m")
    d = sc.pending
    assert d is not None and len(d.options) == 6
    sc.advance("3m 1m 2m")
    assert sc.top(3) == "3m 1m 2m"


def test_op05_retrieve_an_older_number_discard_then_discard_one_s14_5() -> None:
    """O-P05 牌河回声: takes back 5m (not the latest discard 1z) and discards one."""
    sc = on_honour_discard("O-P05", {"A": "5m1z" + "1m4m7m2p8p3s6s9s2z3z4z6z"}, "5m")
    d = sc.pending
    assert d is not None and d.kind is DecisionKind.TURN and d.player == 0 and "discard 5m" in d.options
    river = [kind_of_instance(i) for i in sc.player("A").river]
    assert parse_one("5m") not in river and parse_one("1z") in river


def test_op06_a_tile_of_the_chosen_suit_goes_on_top_s6_lib4() -> None:
    """O-P06 花色雷达: choose pin; of the top three 1m 2m 3p, 3p is put on top."""
    sc = start("O-P06", draws="1m2m3p")
    d = sc.advance("p")
    assert d is not None and d.about == "O-P06" and set(d.options) == {"3p", "pass"}
    d = sc.advance("3p")
    assert d is not None and set(d.options) == {"1m 2m", "2m 1m"}
    sc.advance("2m 1m")
    assert sc.top(3) == "3p 2m 1m"


def test_op06_the_holder_picks_which_tile_of_the_suit_or_none_s6_lib4() -> None:
    """O-P06 花色雷达 "你可以将其中1张所选花色的牌放到最上方，其余牌按任意顺序放回" (R300): of 1m 2p 3p with
    pin chosen A may put 3p (not only the first pin, 2p) on top, the rest in A's order; or decline,
    and the three stay as they were."""
    sc = start("O-P06", draws="1m2p3p")
    d = sc.advance("p")
    assert d is not None and set(d.options) == {"2p", "3p", "pass"}
    sc.advance("3p", "1m 2p")
    assert sc.top(3) == "3p 1m 2p"
    sc = start("O-P06", draws="1m2p3p")
    sc.advance("p", "pass")
    assert sc.top(3) == "1m 2p 3p"


def test_op07_next_normal_draw_from_the_tail_is_a_normal_draw_s6_lib4() -> None:
    """O-P07 两端选择: A chooses the tail before the next normal draw; it counts as a normal draw."""
    sc = start("O-P07", tail="9s")
    sc.discard("1m")
    d = sc.choice_about("O-P07")
    sc.advance(d.options[1])
    draw = sc.of("draw.normal")[-1]
    assert draw.player == 0 and draw.data["tile"] == "9s" and draw.data["end"] == "tail"
    assert sc.player("A").normal_draws == 1


def test_op07_applies_to_the_next_normal_draw_only_s6_9() -> None:
    """O-P07 两端选择 (§6.9): after that draw the card is spent; A's following draw asks nothing."""
    sc = start("O-P07", tail="9s")
    sc.discard("1m")
    sc.advance(sc.choice_about("O-P07").options[0])
    sc.discard(sc.pending.options[0][8:] if sc.pending else "")
    sc.turn_of("A")
    assert sum(1 for d in sc.asked if d.about == "O-P07") == 1


def test_op08_peek_one_random_tile_of_another_player_h2() -> None:
    """O-P08 暗手探查 (H2): A picks B and privately sees one of B's hidden tiles."""
    sc = start("O-P08", {"A": SINGLES, "B": "9999m" + "1p4p7p2s5s8s3z4z5z"})
    sc.advance("B")
    seen = sc.round.seen.get(0, ())
    assert len(seen) == 1 and seen[0] in {kind_of_instance(i) for i in sc.player("B").hand}
    assert 1 not in sc.round.seen


def test_op09_put_one_to_the_bottom_then_draw_from_the_top_h11() -> None:
    """O-P09 底部置换 (H11): 6z goes under the wall, the top tile 9s comes in; the hand stays 14."""
    sc = start("O-P09", draws="9s")
    sc.advance(sc.pending.options[0] if sc.pending else "", "6z")
    assert sc.has("A", "9s") and not sc.has("A", "6z") and len(sc.player("A").hand) == 14


def test_op09_the_tile_drawn_cannot_win_directly_s6_11() -> None:
    """O-P09 底部置换: A's 7z goes under, the top 3p completes A's hand, yet hu is not offered."""
    sc = start("O-P09", {"A": "123m456m789m12p55s7z"}, draws="3p")
    turn = sc.advance(sc.pending.options[0] if sc.pending else "", "7z")
    assert turn is not None and turn.kind is DecisionKind.TURN and "hu" not in turn.options
    assert sc.has("A", "3p")


def test_on01_a_random_hand_tile_is_public_until_the_next_turn_ends_s14_4() -> None:
    """O-N01 手牌曝光 (§14.4): one tile revealed at random; hidden again after A's next turn."""
    sc = start("O-N01")
    assert len(sc.player("A").revealed) == 1
    sc.discard("1m")
    sc.turn_of("A")
    sc.discard(sc.pending.options[0][8:] if sc.pending else "")
    sc.until_event("turn.ended", player=0)
    assert len(sc.player("A").revealed) == 0


def test_on02_no_chi_or_pon_before_the_next_turn_s6_lib4() -> None:
    """O-N02 沉默回合: B discards 5p before A's next turn; A holding 55p is not offered pon."""
    sc = after_opening("O-N02", {"A": "55p" + "1m4m7m2p8p3s6s9s1z2z3z4z"}, draws="5p")
    sc.until_event("discard.settled", player=1)
    assert sc.of("discard.settled")[1].data["tile"] == "5p"
    assert "pon" not in called(sc, 0)


def test_on03_next_discard_must_be_of_the_suit_the_lower_seat_names_s6_lib4() -> None:
    """O-N03 花色限制: B (the lower seat) names sou; A's next discard options are sou tiles only."""
    sc = start("O-N03")
    d = sc.pending
    assert d is not None and d.player == seat("B") and d.about == "O-N03"
    turn = sc.advance("s")
    assert turn is not None and turn.player == 0
    assert turn.options == ("discard 3s", "discard 6s", "discard 9s")


def test_on04_the_holder_reveals_a_number_tile_of_their_choice_s14_4() -> None:
    """O-N04 暂时公开 (§14.4): A picks one number tile to show."""
    sc = start("O-N04")
    d = sc.pending
    assert d is not None and "1z" not in d.options and "5p" in d.options
    sc.advance("5p")
    (shown,) = sc.player("A").revealed
    assert kind_of_instance(shown) == parse_one("5p")


def test_on05_the_hand_is_scrambled_h1() -> None:
    """O-N05 牌序紊乱 (H1): the hand is shuffled face down; the tiles stay the same."""
    sc = start("O-N05")
    assert [e.player for e in sc.of("hand.scrambled")] == [0]
    assert sorted(kind_of_instance(i) for i in sc.player("A").hand) == sorted(parse(SINGLES))


def test_on06_on_the_next_pon_one_hand_tile_is_revealed_s6_lib4() -> None:
    """O-N06 延迟反应: A pons B's 5p; one of A's tiles is shown for that call."""
    sc = start("O-N06", {"A": "55p" + "1m4m7m2p8p3s6s9s1z2z3z4z"}, draws="5p")
    sc.discard("1m")
    sc.play_until(lambda d: d.player == 0 and "pon" in d.options)
    d = sc.advance("pon")
    assert d is not None and d.about == "O-N06" and d.player == 0
    sc.advance("1z")
    names = sc.names()
    assert "tiles.revealed" in names[names.index("call.declared") :]
    assert [m.meld.kind.value for m in sc.player("A").melds] == ["pon"]


def test_on07_the_next_normal_draw_is_shown_s6_lib4() -> None:
    """O-N07 明摸一巡: A's next normal draw 9s is revealed when drawn."""
    sc = after_opening("O-N07", draws="2z3z4z9s")
    sc.turn_of("A")
    shown = [e for e in sc.of("tiles.revealed") if e.player == 0]
    assert shown and shown[-1].data["tiles"] == "9s"


def test_on08_the_next_normal_draw_cannot_be_discarded_that_turn_s6_lib4() -> None:
    """O-N08 喜新厌旧: A's next normal draw 9s is not among A's discard options that turn."""
    sc = start("O-N08", draws="2z3z4z9s")
    sc.discard("1m")
    turn = sc.turn_of("A")
    assert "discard 9s" not in turn.options and "discard 4m" in turn.options


def test_on09_no_kong_before_the_next_turn_s6_lib4() -> None:
    """O-N09 暂停杠牌: before A's next turn A holding 111m may pon B's 1m ("仍可吃、碰") but not kong it."""
    sc = after_opening("O-N09", {"A": "111m7m2p5p8p3s6s9s1z2z3z4z"}, draws="1m")
    d = sc.play_until(lambda d: d.kind is DecisionKind.CALL and d.player == 0)
    assert "pon" in d.options and not any(o.startswith("kong") for o in d.options)


def test_on09_drawn_at_set_up_ends_as_the_dealers_opening_turn_starts_lib2_1() -> None:
    """lib 二.1 你的下一回合, R130 (control): O-N09 drawn by the dealer at set-up has ended by the
    dealer's opening turn, which offers the concealed kong of 1111m."""
    sc = start("O-N09", {"A": "1111m" + "2p5p8p3s6s9s1z2z3z4z"})
    d = sc.pending
    assert d is not None and d.kind is DecisionKind.TURN and "ankan 1m" in d.options


def test_oc01_the_second_option_makes_the_next_discard_safe_lib2() -> None:
    """O-C01 进取或防守: option ② — B may not pon A's next discard, C may ron it."""
    sc = start("O-C01", PON_5P)
    sc.advance(sc.pending.options[1] if sc.pending else "")
    d = sc.advance("discard 5p")
    assert d is not None and d.player == seat("C") and "hu" in d.options
    assert "pon" not in called(sc, 1)


def test_oc02_the_first_option_shows_three_tiles_without_reordering_s6_lib4() -> None:
    """O-C02 视野或置换: option ① — A sees the top three; their order is unchanged."""
    sc = start("O-C02", draws="1m2m3m")
    sc.advance(sc.pending.options[0] if sc.pending else "")
    assert sc.round.seen[0] == tuple(parse("1m2m3m"))
    assert sc.top(3) == "1m 2m 3m"


def test_oc03_reveal_two_then_extra_tidy_s6_11() -> None:
    """O-C03 公开换效率: A shows two tiles, then makes an extra tidy."""
    sc = start("O-C03", draws="7z")
    sc.advance(sc.pending.options[0] if sc.pending else "", "1m", "4m")
    assert len(sc.player("A").revealed) == 2
    assert [e.data["tile"] for e in sc.of("draw.extra")] == ["7z"]


def test_oc04_a_top_tile_of_the_named_suit_is_taken_then_one_discarded_s6_lib4() -> None:
    """O-C04 花色赌注: A names man, the top tile 7m is man: it joins the hand and A discards one."""
    sc = start("O-C04", draws="7m")
    d = sc.advance("m", "7m")
    assert d is not None and d.kind is DecisionKind.TURN and d.player == 0
    assert sc.has("A", "7m") and "7m" in [e.data["tile"] for e in sc.of("tile.acquired")]


def test_oc05_first_option_takes_back_the_latest_discard_then_discards_s14_5() -> None:
    """O-C05 回收或观察: option ① — the 1z just discarded returns to the hand, then a discard."""
    sc = on_honour_discard("O-C05", {"A": "5m1z" + "1m4m7m2p8p3s6s9s2z3z4z6z"}, "5m")
    d = sc.advance(sc.pending.options[0] if sc.pending else "")
    assert d is not None and d.kind is DecisionKind.TURN and "discard 1z" in d.options
    assert parse_one("1z") not in [kind_of_instance(i) for i in sc.player("A").river]


def test_oc06_a_vow_of_no_pon_then_a_look_after_the_next_turn_s6_lib4() -> None:
    """O-C06 临时誓约: A vows no pon; B's 5p is not offered; after A's next turn A reorders three."""
    sc = after_opening("O-C06", {"A": "55p" + "1m4m7m2p8p3s6s9s1z2z3z4z"}, draws="5p")
    sc.advance(sc.pending.options[1] if sc.pending else "")
    sc.until_event("discard.settled", player=1)
    assert "pon" not in called(sc, 0)
    d = sc.choice_about("O-C06")
    assert len(d.options) == 6


def test_oc07_option_one_reveals_a_tile_and_reorders_four_s6_lib4() -> None:
    """O-C07 公开研究: option ① — one tile shown, then the top four reordered."""
    sc = start("O-C07", draws="1m2m3m4m")
    sc.advance(sc.pending.options[0] if sc.pending else "", "1z")
    d = sc.pending
    assert d is not None and len(d.options) == 24
    assert len(sc.player("A").revealed) == 1


def test_oc08_option_one_peeks_at_the_top_tile_before_drawing_it_s6_lib4() -> None:
    """O-C08 顶部或尾部: option ① — A sees the top tile before the next normal draw."""
    sc = start("O-C08", draws="2z3z4z9s")
    sc.advance(sc.pending.options[0] if sc.pending else "")
    sc.discard("1m")
    sc.until_event("draw.normal.before", player=0)
    assert sc.round.seen.get(0) == (parse_one("9s"),)


def test_oc08_option_two_draws_blind_from_the_tail_s6_lib4() -> None:
    """O-C08 顶部或尾部: option ② — the next normal draw comes from the tail."""
    sc = start("O-C08", tail="9s")
    sc.advance(sc.pending.options[1] if sc.pending else "")
    sc.discard("1m")
    sc.until_event("draw.normal", player=0)
    assert sc.of("draw.normal")[-1].data == {"tile": "9s", "k": 1, "end": "tail"}


def test_oc09_without_the_party_module_only_the_look_is_open_s6_12() -> None:
    """O-C09 挑战或观察 (§6.12): the party option needs the party module; ② alone is open, so it is
    carried out unasked (R558): the holder's decision is the look's order."""
    sc = start("O-C09", draws="1m2m")
    d = sc.pending
    assert d is not None and d.about == "O-C09" and d.options == ("1m 2m", "2m 1m")
    assert sc.of("party.draw") == []


def test_ox01_players_move_one_seat_clockwise_seats_keep_the_dealer_s14_3() -> None:
    """O-X01 顺位换座 (§14.3): every player moves to the next seat; A keeps the 14 tiles and opens."""
    sc = start("O-X01")
    assert sc.round.table.seat_of == [1, 2, 3, 0]
    assert sc.round.dealer == seat("D")
    d = sc.pending
    assert d is not None and d.player == 0 and d.kind is DecisionKind.TURN


def test_ox02_everyone_passes_a_hidden_tile_to_the_next_player_h3() -> None:
    """O-X02 左手交换 (H3): A passes 6z to B, B passes to C, …, D to A."""
    sc = start("O-X02", {"A": SINGLES, "B": "9999m" + "1p4p7p2s5s8s3z4z5z"})
    sc.advance("6z", "9m")
    while sc.pending is not None and sc.pending.kind is DecisionKind.CHOOSE:
        sc.advance(sc.pending.options[0])
    assert sc.has("B", "6z") and sc.has("C", "9m")
    assert not sc.has("A", "6z")
    assert [len(p.hand) for p in sc.round.table.players] == [14, 13, 13, 13]


def test_ox03_every_player_shows_a_random_tile_until_the_drawers_next_turn_s14_4() -> None:
    """O-X03 全员明灯 (§14.4, R131): each in-game player has one tile revealed at random; "公开牌在抽牌者
    的下一回合开始时重新隐藏" — B's, C's and D's own turns do not hide them (control), A's does."""
    sc = after_opening("O-X03")
    assert [len(p.revealed) for p in sc.round.table.players] == [1, 1, 1, 1]
    sc.until_event("turn.started", player=3)
    assert [len(p.revealed) for p in sc.round.table.players[1:]] == [1, 1, 1]
    sc.until_event("turn.started", player=0)
    assert [len(p.revealed) for p in sc.round.table.players] == [0, 0, 0, 0]


def test_op05_with_nothing_to_retrieve_it_is_unexecutable_and_redrawn_once_s6_8() -> None:
    """O-P05 牌河回声 (§6.8, ruling "a retrieval and its discard are one step"): drawn at set-up with an
    empty river it does nothing, goes to the discards and O-P03 is drawn in its place."""
    sc = start("O-P05", more=["O-P03"])
    assert [c for c, _ in sc.drawn_cards()] == ["O-P05", "O-P03"]
    assert [e.data["card"] for e in sc.of("chance.unexecutable")] == ["O-P05"]


def test_a_second_unexecutable_card_is_not_redrawn_s6_8() -> None:
    """§6.8 每次触发最多重抽一次；第二张仍无法执行时，本次机遇无事发生: O-P05 (nothing to retrieve yet) is
    redrawn once; the replacement O-X09 cannot run either (its treasure primitive is absent without
    the treasure module), so the trigger ends there and O-P03 stays in the deck."""
    sc = start("O-P05", more=["O-X09", "O-P03"])
    assert [c for c, _ in sc.drawn_cards()] == ["O-P05", "O-X09"]
    assert [e.data["card"] for e in sc.of("chance.unexecutable")] == ["O-P05", "O-X09"]


def test_ox04_the_top_four_are_public_s6_lib4() -> None:
    """O-X04 公共未来: the top four are seen by everyone in the holder's order."""
    sc = start("O-X04", draws="1m2m3m4m")
    sc.advance("4m 3m 2m 1m")
    assert sc.top(4) == "4m 3m 2m 1m"
    assert all(sc.round.seen.get(p) == tuple(parse("1m2m3m4m")) for p in range(4))


def test_ox05_every_player_tidies_clockwise_from_the_holder_s6_11() -> None:
    """O-X05 全员整理 (§6.11): A, B, C, D each draw one and discard one, in that order."""
    sc = start("O-X05", draws="1z2z3z4z")
    while sc.pending is not None and sc.pending.kind is DecisionKind.TURN and len(sc.of("draw.extra")) <= 4:
        if len(sc.of("discard.made")) == 4:
            break
        sc.advance(sc.pending.options[-1])
    assert [e.player for e in sc.of("draw.extra")] == [0, 1, 2, 3]


def test_ox06_option_one_draws_another_chance_card_s6_7() -> None:
    """O-X06 命运接力: option ① — A draws the next chance card too."""
    sc = start("O-X06", more=["O-P03"])
    sc.advance(sc.pending.options[0] if sc.pending else "")
    assert sc.drawn_cards() == [("O-X06", 0), ("O-P03", 0)]


def test_ox08_option_two_takes_one_of_the_top_four_then_discards_s6_lib4() -> None:
    """O-X08 幸运捷径: option ② — 3m of the top four joins the hand, the rest go back on top in the
    holder's order (其余按任意顺序放回)."""
    sc = start("O-X08", draws="1m2m3m4m")
    sc.advance("3m", "4m 2m 1m")
    assert sc.pending is not None and sc.pending.kind is DecisionKind.TURN
    assert sc.top(3) == "4m 2m 1m"


def test_ox08_option_one_needs_a_contract_to_replace_s6_8_lib4() -> None:
    """O-X08 幸运捷径 ①"选择1张替换当前契约" (R304): drawn at set-up (W-15), before A chooses a contract,
    there is none to replace, so ② alone is open and is carried out unasked (R558): the decision is its
    look; control: A holding C-01 is offered both."""
    sc = start("O-X08", draws="1m2m3m4m")
    d = sc.pending
    assert d is not None and d.about == "O-X08" and d.options == ("1m", "2m", "3m", "4m")
    sc = CardPlay(hands={"A": SINGLES}, world="W-05", chance=["O-X08"], contracts={"A": "C-01"})
    sc.discard("1z")
    d = sc.choice_about("O-X08")
    assert [o[0] for o in d.options] == ["①", "②"]


def test_ox09_redraw_treasure_runs_the_treasure_module_s8_4() -> None:
    """O-X09 宝牌改写 (§8.4): the treasure module's ``redraw_treasure`` runs for the holder."""
    calls: list[tuple[int, dict[str, object]]] = []

    def redraw(game: object, holder: int, args: Mapping[str, object]) -> Generator[Decision, str, None]:
        calls.append((holder, dict(args)))
        return
        yield

    sc = start("O-X09", modules=frozenset({"treasure"}), module_primitives={"redraw_treasure": redraw})
    assert calls and calls[0][0] == 0 and calls[0][1]["card"] == "O-X09"
    assert sc.drawn_cards()[0] == ("O-X09", 0)


@pytest.mark.parametrize("card", ["O-P01"])
def test_a_chance_card_goes_to_the_discard_pile_after_resolving_s6_5(card: str) -> None:
    """§6.5: an immediate chance card is discarded once resolved (O-P01)."""
    sc = start(card, draws="1m9m")
    sc.advance("1m 9m")
    assert sc.decks["chance"].discards == [card]


def test_on03_without_the_named_suit_any_tile_may_go_s6_lib4() -> None:
    """O-N03 花色限制: B names sou, A holds no sou; A may discard any tile."""
    sc = start("O-N03", {"A": "1m4m7m2p5p8p1z2z3z4z5z6z7z9m"})
    turn = sc.advance("s")
    assert (
        turn is not None
        and turn.player == 0
        and "discard 1z" in turn.options
        and "discard 1m" in turn.options
    )


def test_on07_a_kept_drawn_tile_is_hidden_again_after_the_turn_s14_4() -> None:
    """O-N07 明摸一巡 (§14.4): A keeps the shown 9s and discards 4m; at the end of the turn 9s is hidden."""
    sc = after_opening("O-N07", draws="2z3z4z9s")
    sc.turn_of("A")
    assert len(sc.player("A").revealed) == 1
    sc.discard("4m")
    sc.until_event("turn.ended", player=0, since=0)
    assert sc.player("A").revealed == set()


def test_op06_without_the_chosen_suit_the_order_is_kept_s6_lib4() -> None:
    """O-P06 花色雷达: choose sou; the top three 1m 2m 3p hold none, so they go back unchanged."""
    sc = start("O-P06", draws="1m2m3p")
    sc.advance("s")
    assert sc.top(3) == "1m 2m 3p"


def test_ox07_no_calls_on_other_players_discards_either_s6_lib4() -> None:
    """O-X07 和平一巡 (ruling: every player's discards): C may not pon B's 5p before A's next turn."""
    sc = after_opening("O-X07", {"A": SINGLES, "C": "55p1m4m7m2p8p3s6s1z2z3z4z"}, draws="5p")
    sc.until_event("discard.settled", player=1)
    assert sc.of("discard.settled")[-1].data["tile"] == "5p"
    assert "pon" not in called(sc, 2)


def test_oc09_with_the_party_module_the_challenge_is_offered_s6_12() -> None:
    """O-C09 挑战或观察 (§6.12): with the party module on, both options are offered."""
    sc = start("O-C09", draws="1m2m", modules=frozenset({"party"}), party=["F-I01"])
    d = sc.pending
    assert d is not None and d.about == "O-C09" and len(d.options) == 2


def test_ox06_option_two_rolls_for_the_player_who_draws_h24() -> None:
    """O-X06 命运接力 (H24): option ② — a die names an in-game player, who draws the next chance card."""
    sc = start("O-X06", more=["O-P03"])
    sc.advance(sc.pending.options[1] if sc.pending else "")
    (roll,) = sc.of("die.rolled")
    drawn = sc.drawn_cards()
    assert drawn[0] == ("O-X06", 0) and drawn[1][0] == "O-P03"
    assert drawn[1][1] == (0 + 1 + (int(str(roll.data["value"])) - 1)) % 4
