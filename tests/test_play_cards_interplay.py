"""Cards meeting the rules and each other in play: the hard cases of the card inventory (H4, H13–H19)."""

from __future__ import annotations

from play_cards_support import CardPlay, use

from engine.core.decisions import HU, DecisionKind
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.state import ContractStatus

PLAIN_A = "1m4m7m2p6p8p3s6s9s1z2z3z4z6z"
"""A dealer hand of fourteen unrelated tiles."""


def called(sc: CardPlay, player: int) -> list[str]:
    """Every call option offered to ``player`` so far."""
    return [o for d in sc.asked if d.player == player and d.kind is DecisionKind.CALL for o in d.options]


def test_s04_applies_to_the_initial_flower_replacement_h13() -> None:
    """S-04 花牌检索 (H13): A's flower in the deal is replaced by a choice of the two tail tiles."""
    sc = CardPlay(hands={"A": "1f" + PLAIN_A[2:]}, tail="9m8m", augments={"A": ["S-04"]})
    d = sc.pending
    assert d is not None and d.about == "S-04" and set(d.options) == {"9m", "8m"}


def test_w02_does_not_fire_on_the_initial_flower_h13() -> None:
    """W-02 花开时刻 (H13): a flower replaced during the deal draws no chance card."""
    sc = CardPlay(hands={"A": "1f" + PLAIN_A[2:]}, tail="9m", world="W-02", chance=["O-P03"])
    assert sc.of("flower.revealed") and sc.of("chance.draw") == []


def test_g04_does_not_override_a_safe_discard_h15() -> None:
    """G-04 三家皆可吃 vs S-05 安全弃牌 (H15): C may not chi A's safe 3m."""
    sc = CardPlay(
        hands={"A": "3m" + PLAIN_A[2:], "C": "45m1p4p7p2s5s8s1z2z3z4z"},
        augments={"A": ["S-05"], "C": ["G-04"]},
    )
    sc.advance(use("S-05"))
    sc.discard("3m")
    assert not any(o.startswith("chi") for o in called(sc, 2))


def test_p08_redraw_is_a_normal_draw_that_can_win_h14() -> None:
    """P-08 命运改写 (H14): A sends 6z under the wall, redraws 3p and may win by self-draw."""
    sc = CardPlay(hands={"A": "123m456m789m12p55s7z"}, draws="1z2z3z6z3p", augments={"A": ["P-08"]})
    sc.discard("7z")
    sc.choice_about("P-08")
    turn = sc.advance(use("P-08"))
    assert turn is not None and turn.player == 0 and HU in turn.options


def test_g15_pick_is_a_normal_draw_that_can_win_h14() -> None:
    """G-15 双顶择一 (H14): A picks 3p of 6z 3p as the normal draw and may win."""
    sc = CardPlay(hands={"A": "123m456m789m12p55s7z"}, draws="1z2z4z6z3p", augments={"A": ["G-15"]})
    sc.discard("7z")
    sc.choice_about("G-15")
    turn = sc.advance(use("G-15"), "3p")
    assert turn is not None and turn.player == 0 and HU in turn.options


def test_w04_fires_for_a_winner_before_the_exit_h18() -> None:
    """W-04 契约回响 (H18): B's C-01 completes at hu; B draws before leaving the round."""
    sc = CardPlay(
        hands={"A": "5s", "B": "123m456p789s111z5s"}, contracts={"B": "C-01"}, world="W-04", chance=["O-P03"]
    )
    sc.advance("discard 5s", HU)
    names = sc.names()
    assert [e.player for e in sc.of("chance.draw")] == [1]
    assert names.index("contract.completed") < names.index("chance.draw") < names.index("player.exited")


def test_w09_draws_after_every_winner_of_the_discard_h18() -> None:
    """W-09 首胡余波 (H18): B and D both ron A's 3p; only then C and A draw, C first."""
    sc = CardPlay(
        hands={"A": "3p19m19s1234567z5m6m", "B": "123m456m789m12p55s", "D": "123s456s789s12p77z"},
        world="W-09",
        chance=["O-P03", "O-P03"],
    )
    sc.advance("discard 3p", HU, HU)
    names = sc.names()
    last_win = max(i for i, n in enumerate(names) if n == "hu.confirmed")
    assert names.index("chance.draw") > last_win
    assert [e.player for e in sc.of("chance.draw")] == [2, 0]


def test_c03_a_called_discard_does_not_count_h19() -> None:
    """C-03 三门开张 (H19): A's 1m is chi'd by B, so 2p and 3s leave two suits in the river."""
    sc = CardPlay(hands={"A": "1m2p3s", "B": "23m"}, contracts={"A": "C-03"})
    sc.advance("discard 1m", "chi 123m")
    sc.turn_of("A")
    sc.discard("2p")
    sc.turn_of("A")
    sc.discard("3s")
    assert sc.player("A").contract_status is ContractStatus.OPEN


def test_p10_a_retracted_discard_is_void_for_triggers_h4() -> None:
    """P-10 逆转牌河 (H4): A discards 1z, takes it back and discards 1m; W-05 sees no honour discard."""
    sc = CardPlay(hands={"A": PLAIN_A}, world="W-05", augments={"A": ["P-10"]}, chance=["O-P03"])
    sc.advance("discard 1z", use("P-10"))
    sc.discard("1m")
    assert sc.of("chance.draw") == []
    assert [e.data["tile"] for e in sc.of("discard.settled")] == ["1m"]


def test_oc08_tail_choice_binds_the_draw_over_g15_h17() -> None:
    """O-C08② vs G-15 (H17): A chose the tail; G-15 is not offered for that draw."""
    sc = CardPlay(hands={"A": PLAIN_A}, tail="9s", world="W-15", chance=["O-C08"], augments={"A": ["G-15"]})
    sc.advance(sc.pending.options[1] if sc.pending else "")
    sc.discard("1m")
    sc.until_event("draw.normal", player=0)
    assert not any(d.about == "G-15" for d in sc.asked)
    assert sc.of("draw.normal")[-1].data["tile"] == "9s"


def test_a_winner_about_to_exit_does_not_tidy_h18() -> None:
    """W-04 契约回响 + O-P02 灵活调整 (H18, §6.6): B's C-01 completes at hu; the extra tidy drawn for the
    exiting winner is unexecutable, so it is redrawn once (O-P01 resolves instead)."""
    sc = CardPlay(
        hands={"A": "5s", "B": "123m456p789s111z5s"},
        contracts={"B": "C-01"},
        world="W-04",
        chance=["O-P02", "O-P01"],
        draws="1m9m",
    )
    sc.advance("discard 5s", HU)
    assert sc.of("draw.extra") == []
    assert [c for c, _ in sc.drawn_cards()] == ["O-P02", "O-P01"]


def test_a_set_up_tidy_discard_opens_a_response_window_h8() -> None:
    """O-P02 灵活调整 drawn at set-up through W-15 (H8, H9): A's tidy discard 7z may be ponned by B; B's
    nested discard follows, then A opens the round."""
    sc = CardPlay(
        hands={"A": PLAIN_A, "B": "77z1m4m7m2p5p8p3s6s9s1z2z"}, draws="7z", world="W-15", chance=["O-P02"]
    )
    call = sc.advance("discard 7z")
    assert call is not None and call.player == 1 and "pon" in call.options
    nested = sc.advance("pon")
    assert nested is not None and nested.player == 1 and nested.kind is DecisionKind.TURN
    opener = sc.advance(nested.options[0])
    while opener is not None and opener.player != 0:
        opener = sc.advance("pass")
    assert opener is not None and opener.player == 0 and opener.kind is DecisionKind.TURN


def test_p10_cannot_retract_a_b10_forced_discard_h4() -> None:
    """P-10 逆转牌河 vs B-10 过载摸牌 (H4, L3): A's forced discard of the drawn 9s cannot be taken back."""
    sc = CardPlay(hands={"A": "1z2z3z"}, draws="5z5z5z9s", contracts={"A": "B-10"}, augments={"A": ["P-10"]})
    sc.advance("discard 1z", "pass")
    sc.turn_of("A")
    after = sc.advance("discard 9s")
    assert after is None or after.about != "P-10"


def test_p10_taking_back_a_second_revealed_tile_keeps_b09_open_h4_h5() -> None:
    """P-10 逆转牌河 vs B-09 公开实验 (§9.5, §15, R90, R128): A shows 1m 4m 7m and discards 1m; a turn later
    A discards 4m, takes it back and discards 5p instead. The void discard is no revealed discard: the
    contract stays open and 4m is back in the hand, still revealed, until A really discards it."""
    sc = CardPlay(hands={"A": "1m4m7m"}, offered={"A": ["C-01", "C-02", "B-09"]}, augments={"A": ["P-10"]})
    sc.advance("B-09", "1m", "4m", "7m", "discard 1m", "pass")
    sc.turn_of("A")
    sc.advance("discard 4m", use("P-10"))
    sc.discard("5p")
    a = sc.player("A")
    b09 = sc.round.card_states.of("B-09", 0)
    assert a.contract_status is ContractStatus.OPEN and b09.revealed_discarded == 1
    assert sc.has("A", "4m") == 1 and len(a.revealed) == 2 and a.revealed == b09.revealed & set(a.hand)
    sc.turn_of("A")
    sc.discard("4m")
    assert a.contract_status is ContractStatus.FAILED  # type: ignore[comparison-overlap]  # the discard changed it


def test_p17_abandoning_a_black_contract_at_hu_costs_a_point_s10_2() -> None:
    """P-17 契约缓冲 (§10.2): B wins with B-05 unfinished; the black contract is abandoned at a cost of 1."""
    sc = CardPlay(
        hands={"A": "3p19m19s1234567z5m6m", "B": "123m456m789m12p55s"},
        contracts={"B": "B-05"},
        augments={"B": ["P-17"]},
    )
    sc.advance("discard 3p", HU)
    result = sc.finish()
    assert result.penalties[1] == -1


def test_competing_chi_claims_go_to_the_natural_lower_seat_h16() -> None:
    """G-04 三家皆可吃 (H16): B and C both chi A's 3m; pon beats chi, and between chis B (the natural
    lower seat) takes it."""
    sc = CardPlay(
        hands={"A": "3m" + PLAIN_A[2:], "B": "45m1p4p7p2s5s8s1z2z3z4z", "C": "45m1p4p7p2s5s8s1z2z3z4z"},
        augments={"C": ["G-04"]},
    )
    sc.advance("discard 3m", "chi 345m", "chi 345m")
    assert [m.meld.kind.value for m in sc.player("B").melds] == ["chi"]
    assert sc.player("C").melds == []


def test_an_immediate_card_does_not_take_the_lasting_slot_s6_9() -> None:
    """O-X06 命运接力 then O-N02 沉默回合 (§6.9): O-X06 is immediate, so drawing the lasting O-N02 right
    after it asks no keep-one-of-two question."""
    sc = CardPlay(hands={"A": PLAIN_A}, world="W-15", chance=["O-X06", "O-N02"])
    after = sc.advance(sc.pending.options[0] if sc.pending else "")
    assert after is not None and after.kind is not HextechKind.KEEP_LASTING
    assert [c for c, _ in sc.drawn_cards()] == ["O-X06", "O-N02"]


def test_s11_in_round_1_every_holder_qualifies_h7() -> None:
    """S-11 末位补偿 (H7): in round 1 all scores are 0, so B's first draw is chosen from the top two."""
    sc = CardPlay(hands={"A": PLAIN_A}, draws="1m9m", augments={"B": ["S-11"]})
    d = sc.choice_about("S-11")
    assert d.player == 1 and set(d.options) == {"1m", "9m"}


def test_b12_a_win_before_the_window_completes_it_s9_6() -> None:
    """B-12 无副露冲刺 (lib 十): B rons before the abandon window; the contract is met."""
    sc = CardPlay(hands={"A": "3p19m19s1234567z5m6m", "B": "123m456m789m12p55s"}, contracts={"B": "B-12"})
    d = sc.advance("discard 3p")
    assert d is not None and d.player == 1 and HU in d.options
    sc.advance(HU)
    assert sc.player("B").contract_status is ContractStatus.COMPLETED


def test_b09_revealed_tiles_kept_in_the_win_complete_it_h5() -> None:
    """B-09 公开实验 (H5): dealer B shows 1m 2m 3m at the reveal, keeps them and rons C's 4s."""
    sc = CardPlay(
        hands={"B": "123m456m789m55p23s1z"}, dealer=1, draws="4s", offered={"B": ["C-01", "C-02", "B-09"]}
    )
    sc.advance("B-09", "1m", "2m", "3m", "discard 1z")
    turn = sc.turn_of("C")
    assert turn.player == 2
    d = sc.advance("discard 4s")
    assert d is not None and d.player == 1 and HU in d.options
    sc.advance(HU)
    assert sc.player("B").contract_status is ContractStatus.COMPLETED


def test_b15_the_written_number_is_the_one_verified_h6() -> None:
    """B-15 幸运号码 (H6): dealer B writes 13812345678; eleven digits 1,1,2,3,3,4,5,6,7,8,8, a pair and a
    single wind win on C's 1z."""
    sc = CardPlay(
        hands={"B": "1m1p2m3m3p4s5s6s7s8m8p55z7z"},
        dealer=1,
        draws="1z",
        offered={"B": ["C-01", "C-02", "B-15"]},
    )
    choice = sc.advance("B-15")
    assert choice is not None and choice.about == "B-15" and "13812345678" in choice.options
    sc.advance("13812345678", "discard 7z")
    sc.turn_of("C")
    d = sc.advance("discard 1z")
    assert d is not None and d.player == 1 and HU in d.options


def test_p03_allows_two_chis_from_any_seat_not_three_lib8() -> None:
    """P-03 任意上家 (每局最多2次): C chis A's 3m twice; the third 3m is not offered."""
    sc = CardPlay(hands={"A": "333m" + PLAIN_A[4:-2], "C": "444555m1p4p7p2s5s8s"}, augments={"C": ["P-03"]})
    for turn in range(3):
        if turn:
            sc.turn_of("A")
        sc.advance("discard 3m")
        while sc.pending is not None and sc.pending.kind is DecisionKind.CALL:
            d = sc.pending
            sc.advance("chi 345m" if d.player == 2 and "chi 345m" in d.options else "pass")
    assert [m.meld.kind.value for m in sc.player("C").melds] == ["chi", "chi"]
    assert sum(1 for o in called(sc, 2) if o.startswith("chi")) == 2


def test_ox08_option_one_replaces_the_contract_from_two_s9_lib4() -> None:
    """O-X08 幸运捷径: option ① — A's unfinished C-01 is replaced by C-09, chosen of C-09 and C-10."""
    sc = CardPlay(
        hands={"A": PLAIN_A},
        world="W-15",
        chance=["O-X08"],
        contracts={"A": "C-01"},
        contract_deck=["C-09", "C-10"],
    )
    d = sc.advance(sc.pending.options[0] if sc.pending else "")
    assert d is not None and set(d.options) == {"C-09", "C-10"}
    sc.advance("C-09")
    assert sc.player("A").contract == "C-09"
    assert sc.player("A").contract_status is ContractStatus.OPEN


def test_oc04_a_top_tile_of_another_suit_stays_on_top_s6_lib4() -> None:
    """O-C04 花色赌注: A names pin, the top tile 7m is man; it stays on top and A's hand is unchanged."""
    sc = CardPlay(hands={"A": PLAIN_A}, world="W-15", chance=["O-C04"], draws="7m")
    d = sc.advance("p")
    assert d is not None and d.kind is DecisionKind.TURN and len(sc.player("A").hand) == 14
    assert sc.top(1) == "7m"


def test_p06_a_called_discard_among_the_first_five_cancels_it_lib8() -> None:
    """P-06 时间折叠: B pons A's first discard; A never gets the extra tidy."""
    sc = CardPlay(hands={"A": "5p" + PLAIN_A[2:], "B": "55p1m4m7m8p3s6s1z2z3z4z"}, augments={"A": ["P-06"]})
    sc.advance("discard 5p", "pon")
    sc.finish()
    assert [e for e in sc.of("draw.extra") if e.player == 0] == []


def test_a_winners_augments_pause_s5_4() -> None:
    """S-15 尾局规划 (§5.4, §12.5): B rons early and leaves; when the wall falls to 32, B is not asked."""
    sc = CardPlay(
        hands={"A": "3p19m19s1234567z5m6m", "B": "123m456m789m12p55s"},
        augments={"B": ["S-15"], "C": ["S-15"]},
    )
    sc.advance("discard 3p", HU)
    sc.choice_about("S-15")
    sc.finish()
    assert [d.player for d in sc.asked if d.about == "S-15"] == [2]


def test_op07_a_tail_draw_is_a_normal_draw_that_can_win_h14() -> None:
    """O-P07 两端选择 (H14): A chooses the tail, draws 3p there and may win by self-draw."""
    sc = CardPlay(hands={"A": "123m456m789m12p55s7z"}, tail="3p", world="W-15", chance=["O-P07"])
    sc.discard("7z")
    sc.advance(sc.choice_about("O-P07").options[1])
    turn = sc.pending
    assert turn is not None and turn.player == 0 and HU in turn.options
