"""The rulings R117–R124 of docs/rulings.md: the hard cases and pairs of CARD-INVENTORY decided last
(H12, H25, §3 pairs 5, 6, 8, 10, 15, 17) and lint's view of bounds and safe discards (R114, R115, R89)."""

from __future__ import annotations

from pathlib import Path

from play_cards_support import CardPlay, use

from dsl.lint import lint
from engine.core.decisions import HU, DecisionKind
from engine.hextech.state import ContractStatus

PLAIN_A = "1m4m7m2p6p8p3s6s9s1z2z3z4z6z"
"""A dealer hand of fourteen unrelated tiles."""


def options(sc: CardPlay) -> tuple[str, ...]:
    """The options of the decision waiting."""
    assert sc.pending is not None
    return sc.pending.options


def leave_in_wall(sc: CardPlay, drawable: int) -> None:
    """Take tiles off the tail until ``drawable`` remain: a table late in the round (§10)."""
    wall = sc.round.table.wall
    while len(wall) > drawable:
        wall.draw_tail()


# -- H25: F-S02 and 加杠 -------------------------------------------------------------------------


def test_kakan_names_the_discarder_of_the_original_pon_h25() -> None:
    """F-S02 碰杠致谢 (H25, R118): B pons A's 5p, later adds the drawn 5p; the 加杠 names A as 出牌玩家."""
    sc = CardPlay(hands={"A": "5p" + PLAIN_A[2:], "B": "55p1m4m7m2p8p3s6s9s1z2z3z"}, draws="1s2s9m5p")
    sc.advance("discard 5p", "pon", "discard 1z")
    turn = sc.turn_of("B")
    assert "kakan 5p" in turn.options
    sc.advance("kakan 5p")
    exposed = sc.of("meld.exposed")[-1]
    assert (exposed.player, exposed.data["kind"], exposed.data["from"]) == (1, "kakan", "A")
    assert sc.of("kong.established")[-1].data["from"] == "A"


# -- pair 6: chance discard rules vs contracts ------------------------------------------------------


def test_on03_naming_the_b11_suit_leaves_a_free_choice_outside_it_pair6() -> None:
    """O-N03 花色限制 vs B-11 一门封锁 (§15 L3 over L7, R121): A locked man; B names man for A's next
    discard. The contract wins: no man tile is offered, every other tile is."""
    sc = CardPlay(
        hands={"A": "1m2m3m4m5m6m1p2p3p1s2s3s1z2z"},
        draws="9s8s7s9p",
        world="W-05",
        chance=["O-N03"],
        offered={"A": ["C-01", "C-02", "B-11"]},
    )
    sc.advance("B-11", "m", "discard 1z")
    assert sc.pending is not None and sc.pending.about == "O-N03"
    sc.advance("m")
    turn = sc.turn_of("A")
    assert not any(o.endswith("m") for o in turn.options)
    assert {"discard 1p", "discard 1s", "discard 2z", "discard 9p"} <= set(turn.options)


def test_on03_with_only_repeats_of_the_suit_falls_back_to_b16_pair6() -> None:
    """O-N03 花色限制 vs B-16 不走回头路 (R121): A's only pin tile repeats 1p; B names pin. A may discard any
    tile that is not a repeat, and not 1p."""
    sc = CardPlay(
        hands={"A": "1p1p1m2m3m4m5m6m7m1s2s3s1z2z"},
        draws="9s8s7s9m9s8s7s8m",
        world="W-05",
        chance=["O-N03"],
        contracts={"A": "B-16"},
    )
    sc.discard("1p")
    sc.turn_of("A")
    sc.advance("discard 1z")
    sc.choice_about("O-N03")
    sc.advance("p")
    turn = sc.turn_of("A")
    assert "discard 1p" not in turn.options and "discard 1z" not in turn.options
    assert {"discard 1m", "discard 1s", "discard 2z"} <= set(turn.options)


def test_b10_obligation_beats_on08_pair6() -> None:
    """O-N08 喜新厌旧 vs B-10 过载摸牌 (R121): A must not discard the drawn 9p (O-N08) but must discard it
    (B-10). The contract wins and O-N08's own fallback agrees: 9p is the only discard."""
    sc = CardPlay(
        hands={"A": PLAIN_A}, draws="9s8s7s9p", world="W-05", chance=["O-N08"], contracts={"A": "B-10"}
    )
    sc.discard("1z")
    turn = sc.turn_of("A")
    assert [o for o in turn.options if o.startswith("discard")] == ["discard 9p"]


# -- pair 5: P-10's replacement discard with B-11 and B-16 ------------------------------------------


def test_p10_replacement_obeys_b16_and_the_void_discard_is_no_repeat_pair5() -> None:
    """P-10 逆转牌河 with B-16 (R90, R122): A has discarded 3z; A discards 1z and takes it back. The
    replacement may not repeat 3z; a turn later 1z is offered, since the retracted discard is void,
    and the contract is still open."""
    sc = CardPlay(
        hands={"A": "3z3z1z" + PLAIN_A[2:18] + "5z6z7z"},
        draws="9s8s7s6s9p8p7p6p",
        contracts={"A": "B-16"},
        augments={"A": ["P-10"]},
    )
    sc.advance("discard 3z", "pass")
    sc.turn_of("A")
    again = sc.advance("discard 1z", use("P-10"))
    assert again is not None and again.player == 0 and "discard 3z" not in again.options
    sc.discard("6s")
    turn = sc.turn_of("A")
    assert "discard 1z" in turn.options
    sc.discard("1z")
    assert sc.player("A").contract_status is ContractStatus.OPEN


def test_p10_replacement_obeys_b11_pair5() -> None:
    """P-10 逆转牌河 with B-11 一门封锁 (R90, R122): after A's first normal draw A discards 1z and takes it
    back; the replacement may not be a man tile."""
    sc = CardPlay(
        hands={"A": "1m2m3m1z2z3z"},
        draws="9s8s7s9p",
        offered={"A": ["C-01", "C-02", "B-11"]},
        augments={"A": ["P-10"]},
    )
    sc.advance("B-11", "m", "discard 3z", "pass")
    sc.turn_of("A")
    again = sc.advance("discard 1z", use("P-10"))
    assert again is not None and again.player == 0
    assert not any(o.endswith("m") for o in again.options) and "discard 9p" in again.options


# -- pair 8: redraws vs draw statuses --------------------------------------------------------------


def test_p08_redraw_comes_before_b10_attaches_pair8() -> None:
    """P-08 命运改写 vs B-10 过载摸牌 (R123): A sends 7z back and redraws 5p; B-10's obligation is on 5p,
    and the two draws are one normal draw."""
    sc = CardPlay(hands={"A": PLAIN_A}, draws="1s2s3s7z5p", contracts={"A": "B-10"}, augments={"A": ["P-08"]})
    sc.discard("1z")
    sc.choice_about("P-08")
    turn = sc.advance(use("P-08"))
    assert turn is not None and [o for o in turn.options if o.startswith("discard")] == ["discard 5p"]
    assert sc.player("A").normal_draws == 1
    assert [e.data["tile"] for e in sc.of("draw.normal") if e.player == 0] == ["5p"]


def test_p08_sent_back_tile_is_never_acquired_pair8() -> None:
    """P-08 命运改写 (R123): the 5p sent back is not the turn's draw; B-10 does not bind it, and no
    ``tile.acquired`` names it."""
    sc = CardPlay(hands={"A": PLAIN_A}, draws="1s2s3s5p7z", contracts={"A": "B-10"}, augments={"A": ["P-08"]})
    sc.discard("1z")
    sc.choice_about("P-08")
    sc.advance(use("P-08"))
    assert sc.round.card_states.must_discard(0) is None
    assert [e.data["tile"] for e in sc.of("tile.acquired") if e.player == 0][-1:] == ["7z"]
    assert "5p" not in [e.data["tile"] for e in sc.of("tile.acquired") if e.player == 0]


# -- pair 10: contract changes vs §9.4 -------------------------------------------------------------


def test_g06_may_replace_a_completed_contract_pair10() -> None:
    """G-06 契约改签 (§9.4, §15 supplement 1, R119): A's C-05 completed with the 暗杠; G-06 has no "未完成"
    condition, so A may still swap it for C-02, which starts open."""
    sc = CardPlay(
        hands={"A": "1111m" + PLAIN_A[8:]},
        tail="9p",
        contracts={"A": "C-05"},
        contract_deck=["C-02"],
        augments={"A": ["G-06"]},
    )
    sc.advance("pass", "ankan 1m")
    assert sc.player("A").contract_status is ContractStatus.COMPLETED
    sc.choice_about("G-06")
    sc.advance(use("G-06"), "C-02")
    assert (sc.player("A").contract, sc.player("A").contract_status) == ("C-02", ContractStatus.OPEN)


# -- pair 15: B-14 / B-15 vs calls -----------------------------------------------------------------


def test_b14_holder_may_pon_and_the_form_is_then_lost_pair15() -> None:
    """B-14 四对双刻 (§9.9, R120): B may pon A's 5p (no ban is written); with the pung exposed the form
    cannot complete, so B's later complete hand is no legal hu."""
    sc = CardPlay(
        hands={"A": "5p" + PLAIN_A[2:], "B": "55p11m22m33m44m777s"},
        draws="9s9p9m7s",
        contracts={"B": "B-14"},
    )
    call = sc.advance("discard 5p")
    assert call is not None and call.player == 1 and "pon" in call.options
    sc.advance("pon", "discard 7s")
    turn = sc.turn_of("B")
    assert HU not in turn.options


def test_b14_holder_is_offered_ron_on_the_tile_that_gives_the_form_pair15() -> None:
    """B-14 四对双刻 (§9.9): B's concealed four pairs and a pung wait on 9p for the second pung; the hand
    reads in no plain form, yet A's 9p is offered to B as a hu."""
    sc = CardPlay(
        hands={"A": "9p" + PLAIN_A[2:], "B": "11m55m99m11p555s99p"},
        contracts={"B": "B-14"},
    )
    call = sc.advance("discard 9p")
    assert call is not None and call.player == 1 and HU in call.options


# -- pair 17: party cards --------------------------------------------------------------------------


def test_party_cards_meet_no_rule_pair17(tmp_path: Path) -> None:
    """Party cards (§7.1, R124): none of the shipped ones is in a conflict, and lint rejects a party card
    that forbids anything."""
    assert not any(c.startswith("F-") for f in lint().findings for c in f.cards)
    path = tmp_path / "party.hex"
    path.write_text(
        'card F-S91 "禁吃" party social {\n  持续时间: "x"\n  卡面正文: "x"\n  forbid chi for holder\n}\n',
        encoding="utf-8",
    )
    [finding] = lint([path]).findings
    assert (finding.severity, finding.code, finding.cards) == ("error", "PARTY-RULE", ("F-S91",))


# -- H12: wall thresholds --------------------------------------------------------------------------


def test_s15_looks_after_the_whole_effect_settles_h12() -> None:
    """S-15 尾局规划 (H12, R117): with 34 drawable tiles, O-X05 gives all four players an extra tidy; the
    count crosses 32 at B's draw, but C looks only when all four tidies have settled."""
    sc = CardPlay(hands={"A": PLAIN_A}, world="W-05", chance=["O-X05"], augments={"C": ["S-15"]})
    leave_in_wall(sc, 34)
    sc.advance("discard 1z")
    look = sc.choice_about("S-15")
    assert look.player == 2
    assert len(sc.of("draw.extra")) == 4 and len(sc.round.table.wall) == 30
    assert len(sc.of("discard.settled")) == 5


def test_w08_a_card_caused_crossing_is_the_first_and_draws_nothing_h12() -> None:
    """W-08 临界牌墙 (§6.7, H12, R117 as R552 rules it): B's S-02 extra tidy takes the wall from 33 to
    32, the first drop to 32, which W-08 does not answer; C's normal draw to 31 is no longer the first,
    so nobody draws."""
    sc = CardPlay(
        hands={"A": "3m" + PLAIN_A[2:], "B": "12m4m7m2p5p8p3s6s9s1z2z3z"},
        world="W-08",
        chance=["O-P03"] * 4,
        augments={"B": ["S-02"]},
    )
    leave_in_wall(sc, 33)
    sc.advance("discard 3m", "chi 123m")
    sc.until_event("draw.normal", player=3)
    assert len(sc.of("draw.extra")) == 1
    assert [e.data["drawable"] for e in sc.of("wall.count")] == [32, 31, 30]
    assert sc.of("chance.draw") == []


# -- R114, R115: what lint counts as bounded --------------------------------------------------------


def test_a_chance_trigger_with_no_count_is_unbounded_r115(tmp_path: Path) -> None:
    """R114, R115 (lib 二.2, §6.3): only augments and world cards get a default count, so a chance card's
    trigger with no count, fed by a `limit none` augment, is an endless chain; an augment with no count
    is not."""
    feeder = (
        'card G-91 "无尽弃" gold {\n  频率: "每次"\n  卡面正文: "y"\n'
        "  on tile.acquired limit none do discard()\n}\n"
    )
    chance = (
        'card O-P91 "摸" chance positive {\n  时机: "x"\n  卡面正文: "x"\n'
        "  on discard.settled do draw_tile()\n}\n"
    )
    path = tmp_path / "cards.hex"
    path.write_text(feeder + chance, encoding="utf-8")
    [finding] = lint([path]).findings
    assert (finding.code, finding.cards) == ("LOOP", ("G-91", "O-P91"))
    augment = chance.replace('O-P91 "摸" chance positive', 'S-91 "摸" silver').replace("时机", "频率")
    path.write_text(feeder + augment, encoding="utf-8")
    assert lint([path]).findings == ()


# -- R89: safe discards in lint --------------------------------------------------------------------


def test_lint_sees_every_safe_discard_r89() -> None:
    """R89 (lib 二.1 安全弃牌): O-P03, O-C01② and S-05 make a discard safe through ``make_safe``; lint lists
    them with O-X07 as beating the chi permissions, by the ruling's data."""
    found = {
        f.cards[0]: f
        for f in lint().findings
        if f.code == "PERMISSION-CONFLICT" and f.cards[0] in {"O-P03", "O-C01", "O-X07", "S-05"}
    }
    assert set(found) == {"O-P03", "O-C01", "O-X07", "S-05"}
    for card, finding in found.items():
        assert finding.severity == "warning" and f"{card} wins" in finding.message
        assert {"G-04", "G-13", "P-03"} <= set(finding.cards)


def test_no_call_offered_on_a_safe_discard_to_a_chi_permission_r89() -> None:
    """R89: C holds G-04 and may chi from anyone, but not A's 3m made safe by O-P03."""
    sc = CardPlay(
        hands={"A": "3m" + PLAIN_A[2:], "C": "45m1p4p7p2s5s8s1z2z3z4z5z"},
        world="W-15",
        chance=["O-P03"],
        augments={"C": ["G-04"]},
    )
    sc.discard("3m")
    assert not any(
        d.player == 2 and d.kind is DecisionKind.CALL and any(o.startswith("chi") for o in d.options)
        for d in sc.asked
    )


def test_p10_replacement_is_still_bound_by_on08_pair5() -> None:
    """P-10 逆转牌河 with O-N08 喜新厌旧 (§15, R122, R129): A draws 9p under O-N08, discards 1m and takes it
    back; 9p is still the turn's drawn tile, so the replacement may not be 9p. The replacement is the
    normal discard that ends O-N08: a turn later the drawn 5p may go."""
    sc = CardPlay(
        hands={"A": PLAIN_A},
        draws="9s8s7s9p1s2s3s5p",
        world="W-05",
        chance=["O-N08"],
        augments={"A": ["P-10"]},
    )
    sc.advance("discard 1z", "pass")
    sc.turn_of("A")
    again = sc.advance("discard 1m", use("P-10"))
    assert again is not None and again.player == 0
    assert "discard 9p" not in again.options and "discard 4m" in again.options
    sc.discard("4m")
    turn = sc.turn_of("A")
    assert "discard 5p" in turn.options
