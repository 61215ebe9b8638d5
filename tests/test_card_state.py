"""A card's own state lives with the card runtime (issue 33 item 4): B-09's public tiles, B-10's forced
tile and forced discards, P-10's discard taken back and the values a holder chose for a card are kept
per card and holder in the round's store (:mod:`engine.hextech.card_state`), played here clause by
clause on arranged tables, each with a control where the state must not change."""

from __future__ import annotations

from play_cards_support import CardPlay, use

from engine.core.decisions import DecisionKind
from engine.core.tiles import kind_of_instance, parse_one
from engine.hextech.state import ContractStatus

PLAIN_A = "1m4m7m2p6p8p3s6s9s1z2z3z4z6z"


def _b10(augments: dict[str, list[str]] | None = None, black_deck: tuple[str, ...] = ()) -> CardPlay:
    """A holds B-10 from the start; B, C and D draw 5z, then A draws 9s (and after them 8s)."""
    return CardPlay(
        hands={"A": "1z2z3z"},
        draws="5z5z5z9s6z6z6z8s",
        contracts={"A": "B-10"},
        augments=augments or {},
        black_deck=black_deck,
    )


def test_b10_the_drawn_number_tile_is_the_tile_it_obliges_s9_5() -> None:
    """B-10 过载摸牌 "本局最先正常摸到的3张数字牌，必须在该回合直接弃出" (§9.5, R352): A's drawn 9s is the
    tile B-10 obliges A to discard, the only discard offered; once discarded that very copy is in the
    river and B-10 counts one forced discard.  Control: A's opening discard, before any draw, is free
    and counts nothing."""
    sc = _b10()
    states = sc.round.card_states
    assert states.must_discard(0) is None and states.forced_discards(0) == 0
    sc.discard("1z")
    assert states.forced_discards(0) == 0 and not states.forced(0)
    turn = sc.turn_of("A")
    drawn = states.must_discard(0)
    assert drawn is not None and kind_of_instance(drawn) == parse_one("9s")
    assert turn.options == ("discard 9s",)
    sc.discard("9s")
    assert sc.player("A").river[-1] == drawn
    assert states.must_discard(0) is None and states.forced(0)
    b10 = states.get("B-10", 0)
    assert b10 is not None and b10.forced_discards == 1 == states.forced_discards(0)


def test_b10_an_honour_draw_obliges_nothing_s9_5() -> None:
    """B-10 "花牌和字牌不计入3次" (§9.5), control: A's normal draw 6z is no number tile, so B-10 obliges no
    discard and counts none; A may discard any tile."""
    sc = CardPlay(hands={"A": "1z2z3z"}, draws="5z5z5z6z", contracts={"A": "B-10"})
    sc.discard("1z")
    turn = sc.turn_of("A")
    assert sc.round.card_states.must_discard(0) is None
    assert len(turn.options) > 1 and "discard 6z" in turn.options
    sc.discard("6z")
    assert sc.round.card_states.forced_discards(0) == 0 and not sc.round.card_states.forced(0)


def test_b10_progress_restarts_when_g06_replaces_it_s9_5_r556() -> None:
    """G-06 契约改签 "原契约进度清零" on B-10 (§9.5, R556): after one forced discard A swaps B-10 for B-12;
    B-10's count is gone and no forced discard is counted for A.  Control: before the swap it was one."""
    sc = _b10(augments={"A": ["G-06"]}, black_deck=("B-12",))
    sc.advance("pass", "discard 1z")
    sc.play_until(lambda d: d.player == 0 and d.kind is DecisionKind.TURN)
    sc.discard("9s")
    states = sc.round.card_states
    assert states.forced_discards(0) == 1
    sc.play_until(lambda d: d.about == "G-06")
    sc.advance(use("G-06"), "B-12")
    assert sc.player("A").contract == "B-12"
    b10 = states.get("B-10", 0)
    assert b10 is not None and b10.forced_discards == 0 and b10.forced_tile is None
    assert states.forced_discards(0) == 0 and states.must_discard(0) is None


def test_p10_the_discard_taken_back_is_void_and_another_follows_lib8() -> None:
    """P-10 逆转牌河 "收回该弃牌并改为弃出另一张牌" (lib 八, R90, R301): A discards 1m and takes it back;
    while A chooses again 1m is in the hand and in no record of discards; A discards 6z, which alone stands.
    Control: on the same table with P-10 declined, the 1m discard stands."""
    sc = CardPlay(hands={"A": PLAIN_A}, augments={"A": ["P-10"]})
    sc.advance("discard 1m")
    again = sc.advance(use("P-10"))
    a = sc.player("A")
    assert again is not None and again.kind is DecisionKind.TURN and "discard 1m" not in again.options
    assert a.river == [] and a.discarded == [] and sc.has("A", "1m") == 1
    sc.discard("6z")
    assert not sc.round.taken_back
    assert a.discarded == [parse_one("6z")] and [kind_of_instance(i) for i in a.river] == [parse_one("6z")]
    kept = CardPlay(hands={"A": PLAIN_A}, augments={"A": ["P-10"]})
    kept.advance("discard 1m", "pass")
    assert kept.player("A").discarded == [parse_one("1m")] and not kept.round.taken_back


def test_p10_may_not_take_back_a_discard_b10_forced_h4() -> None:
    """P-10 vs B-10 (H4: L3 beats L4): A's forced discard of the drawn 9s is one the store marks forced,
    and P-10 is not offered.  Control: A's free opening discard 1z is not forced and P-10 is offered."""
    sc = _b10(augments={"A": ["P-10"]})
    offer = sc.advance("discard 1z")
    assert offer is not None and offer.about == "P-10" and not sc.round.card_states.forced(0)
    sc.advance("pass")
    sc.turn_of("A")
    after = sc.advance("discard 9s")
    assert sc.round.card_states.forced(0)
    assert after is None or after.about != "P-10"


def test_b09_its_public_tiles_and_their_discards_are_its_own_s9_5() -> None:
    """B-09 公开实验 "选择契约后立即公开3张手牌" and "累计弃出超过1张公开牌时，本契约失败" (§9.5, §14.4):
    the three tiles A shows are B-09's public tiles; a hidden tile discarded counts nothing (control),
    the first public tile discarded counts one and keeps the contract open, the second fails it."""
    sc = CardPlay(hands={"A": "1m4m7m9p"}, offered={"A": ["C-01", "C-02", "B-09"]})
    sc.advance("B-09", "1m", "4m", "7m")
    b09 = sc.round.card_states.get("B-09", 0)
    a = sc.player("A")
    assert b09 is not None and {kind_of_instance(i) for i in b09.revealed} == {
        parse_one(t) for t in ("1m", "4m", "7m")
    }
    assert b09.revealed == a.revealed and sc.round.card_states.get("C-01", 0) is None
    sc.discard("9p")
    assert b09.revealed_discarded == 0 and a.contract_status is ContractStatus.OPEN
    sc.turn_of("A")
    sc.discard("1m")
    assert b09.revealed_discarded == 1 and a.contract_status is ContractStatus.OPEN
    sc.turn_of("A")
    sc.discard("4m")
    assert b09.revealed_discarded == 2 and a.contract_status is ContractStatus.FAILED


def test_b11_the_chosen_suit_is_the_card_s_own_value_s9_5() -> None:
    """B-11 一门封锁 "选择万、条、筒中的一种花色" (§9.5): the suit A names is kept with B-11 for A and read by
    its rule on discards.  Control: nobody else has chosen anything for B-11."""
    sc = CardPlay(hands={"A": "1m2m3m1z"}, draws="5z5z5z6z", offered={"A": ["C-01", "C-02", "B-11"]})
    sc.advance("B-11", "m")
    assert dict(sc.round.card_states.values("B-11", 0)) == {"chosen_suit": "m"}
    assert dict(sc.round.card_states.values("B-11", 1)) == {}
    sc.discard("1z")
    turn = sc.turn_of("A")
    assert not any(o.endswith("m") for o in turn.options)
