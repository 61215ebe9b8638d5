"""A card's own state lives with the card runtime (issue 33 item 4): B-09's public tiles, B-10's forced
tile and forced discards, P-10's discard taken back, the values a holder chose for a card, the safe
discard a card gives (S-05, O-P03, O-C01) and the normal draw it binds to an end (O-P07, O-C08) are
kept per card and holder in the round's store (:mod:`engine.hextech.card_state`); the contracts
offered to each seat, however many a card makes them (P-09, S-06), are the round's one §9.1 record
(:mod:`engine.hextech.contract_offers`), and a redraw (S-10, F-I08) is asked of the card being
announced.  Played here clause by clause on arranged tables, each with a control where the state
must not change."""

from __future__ import annotations

from play_cards_support import CardPlay, seat, use

from engine.core.decisions import DecisionKind
from engine.core.tiles import kind_of_instance, parse_one
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.plugins import Modules
from engine.hextech.round_state import DrawnCard
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
    assert b09.revealed_discarded == 2 and a.contract_status is ContractStatus.FAILED  # type: ignore[comparison-overlap]  # the discard changed it


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


# ---- the contracts offered to a seat (§9.1): P-09's size, S-06's swap, what goes back ---------------


def test_p09_its_holder_is_offered_three_normal_and_two_black_the_rest_go_back_s9_1() -> None:
    """P-09 开放契约 "改为抽取3张普通契约和2张黑色契约，并从中选择1张" (§9.1): A's offer is 3 + 2, drawn
    as 2 + 1 and then the two more P-09 asks; the four A does not keep go back to their decks, in the
    round's result the session reshuffles from.  Control: B, without P-09, is offered 2 + 1 and its two
    not kept go back too."""
    sc = CardPlay(
        hands={},
        augments={"A": ["P-09"]},
        offered={"A": ["C-01", "C-02", "B-04", "C-09", "B-05"], "B": ["C-03", "C-04", "B-06"]},
    )
    offered = sc.round.offered
    assert offered.size(0) == (3, 2) and offered.size(1) == (2, 1)
    assert offered.candidates[0] == ["C-01", "C-02", "B-04", "C-09", "B-05"]
    assert offered.candidates[1] == ["C-03", "C-04", "B-06"]
    assert offered.returned == {"normal": [], "black": []}
    b = sc.advance("C-09")
    assert b is not None and b.kind is HextechKind.CONTRACT and b.player == seat("B")
    sc.advance("B-06")
    assert sc.player("A").contract == "C-09" and sc.player("B").contract == "B-06"
    assert offered.returned == {"normal": ["C-01", "C-02", "C-03", "C-04"], "black": ["B-04", "B-05"]}
    assert sc.finish().returned_contracts == offered.returned


def test_s06_the_contract_put_back_leaves_the_offer_and_goes_back_s9_1() -> None:
    """S-06 契约预案 "将其中1张普通契约放回牌库，并重新抽取1张普通契约" (§9.1): A puts back C-01; C-09 takes
    its place among A's candidates and C-01 is among the contracts that go back.  Control: A declines
    S-06 and the offer stands, nothing gone back before the choice."""
    sc = CardPlay(hands={}, augments={"A": ["S-06"]}, offered={"A": ["C-01", "C-02", "B-04", "C-09"]})
    offered = sc.round.offered
    sc.advance(use("S-06"), "C-01")
    assert offered.candidates[0] == ["C-02", "B-04", "C-09"]
    assert offered.returned == {"normal": ["C-01"], "black": []}
    sc.advance("C-09")
    assert offered.returned == {"normal": ["C-01", "C-02"], "black": ["B-04"]}
    kept = CardPlay(hands={}, augments={"A": ["S-06"]}, offered={"A": ["C-01", "C-02", "B-04", "C-09"]})
    contract = kept.advance("pass")
    assert contract is not None and contract.kind is HextechKind.CONTRACT
    assert kept.round.offered.candidates[0] == ["C-01", "C-02", "B-04"]
    assert kept.round.offered.returned == {"normal": [], "black": []}


# ---- a safe discard (安全弃牌, lib 二.1) is the card's own until the discard settles ------------------

SAFE_5P = {"A": "5p5p1m4m7m2p8p3s6s9s1z2z3z", "B": "55p1m4m7m2p8p3s6s1z2z3z4z"}
"""A holds two 5p, B the other two: B could pon either."""


def test_s05_the_discard_it_makes_safe_is_its_own_until_it_settles_lib2() -> None:
    """S-05 安全弃牌 "在自己弃牌前发动。该弃牌成为安全弃牌" (lib 二.1 "不能被吃、碰或杠"): once A uses it,
    A's discard is safe by S-05 for A, B is offered no pon on the 5p, and once that discard settles
    the safe discard is spent.  Control: A's next 5p, S-05 declined, is no safe discard and B may pon."""
    sc = CardPlay(hands=SAFE_5P, augments={"A": ["S-05"]})
    states = sc.round.card_states
    assert not states.safe(0)
    sc.advance(use("S-05"))
    s05 = states.get("S-05", 0)
    assert states.safe(0) and s05 is not None and s05.safe and not states.safe(1)
    sc.advance("discard 5p")
    assert not states.safe(0) and not s05.safe
    assert not any(d.player == seat("B") and "pon" in d.options for d in sc.asked)
    sc.turn_of("A")
    offered = sc.advance("discard 5p")
    assert offered is not None and offered.player == seat("B") and "pon" in offered.options
    assert not states.safe(0)


def test_op03_a_safe_next_discard_is_given_by_the_drawn_card_lib2() -> None:
    """O-P03 安全通道 "你的下一张弃牌成为安全弃牌" (lib 二.1): drawn at set-up (W-15), it makes A's next
    discard safe, kept with O-P03 for A; the discard spends it.  Control: B's discard is not safe."""
    sc = CardPlay(hands=SAFE_5P, world="W-15", chance=["O-P03"])
    states = sc.round.card_states
    op03 = states.get("O-P03", 0)
    assert states.safe(0) and op03 is not None and op03.safe
    sc.advance("discard 5p")
    assert not states.safe(0) and not op03.safe and not states.safe(1)


# ---- a normal draw a card binds to an end (O-P07, O-C08; H17) ---------------------------------------

SINGLES = "1m4m7m2p5p8p3s6s9s1z2z3z4z6z"
"""A dealer hand of fourteen unrelated tiles: nothing to call, no win."""


def test_oc08_the_bound_draw_is_its_own_and_spent_by_the_next_normal_draw_s6_lib4() -> None:
    """O-C08 顶部或尾部 "①下一次从牌墙顶部摸牌，并在摸前查看该牌" (lib 四): A's next normal draw is bound
    to the top, looked at first, kept with O-C08 for A; that draw spends it.  Control: A's draw after
    it is bound to nothing and nobody else's draw was ever bound."""
    sc = CardPlay(hands={"A": SINGLES}, world="W-15", chance=["O-C08"], draws="2z3z4z9s")
    states = sc.round.card_states
    sc.advance("①下一次从牌墙顶部摸牌，并在摸前查看该牌")
    oc08 = states.get("O-C08", 0)
    assert states.bound_draw(0) and oc08 is not None and oc08.draw_end == ("top", True)
    assert not any(states.bound_draw(p) for p in (1, 2, 3))
    sc.discard("1m")
    sc.until_event("draw.normal", player=0)
    assert sc.of("draw.normal")[-1].data["end"] == "top" and sc.round.seen.get(0) == (parse_one("9s"),)
    assert not states.bound_draw(0) and oc08.draw_end is None
    assert states.take_draw_end(0) == ("top", False)


def test_op07_the_tail_chosen_binds_one_normal_draw_s6_lib4() -> None:
    """O-P07 两端选择 "在下一次正常摸牌前，选择从牌墙顶部或尾部摸牌" (lib 四): choosing the tail binds A's
    normal draw, kept with O-P07 for A, which comes from the tail and spends it.  Control: before the
    choice no draw of A's is bound."""
    sc = CardPlay(hands={"A": SINGLES}, world="W-15", chance=["O-P07"], tail="9s")
    states = sc.round.card_states
    sc.discard("1m")
    choice = sc.choice_about("O-P07")
    assert not states.bound_draw(0)
    sc.advance(choice.options[1])
    assert sc.of("draw.normal")[-1].data == {"tile": "9s", "k": 1, "end": "tail"}
    op07 = states.get("O-P07", 0)
    assert op07 is not None and op07.draw_end is None and not states.bound_draw(0)


def _oc08_then_a_second_lasting_card(kept: str) -> CardPlay:
    """W-05: A's first honour discard draws O-C08 and A binds the next normal draw to the tail; B's
    draws O-X06, whose die (3, counted from C) has A draw O-P03, a second lasting chance card, and A
    keeps ``kept`` (§6.9)."""
    sc = CardPlay(
        hands={"A": SINGLES, "B": "1z1m4m7m2p5p8p3s6s9s2z3z4z"},
        world="W-05",
        chance=["O-C08", "O-X06", "O-P03"],
        tail="9s",
        draws="7z",
        die=[3],
    )
    sc.advance("discard 1z", "②下一次从牌墙尾部盲摸，不得预先查看")
    assert sc.round.card_states.bound_draw(0)
    sc.advance("discard 1z")
    sc.choice_about("O-X06")
    keep = sc.advance("②掷骰子指定1名仍在游戏中的玩家抽1张机遇牌")
    assert keep is not None and keep.kind is HextechKind.KEEP_LASTING and keep.options == ("O-C08", "O-P03")
    sc.advance(kept)
    return sc


def test_oc08_let_go_at_the_keep_one_choice_takes_its_bound_draw_with_it_s6_9_r720() -> None:
    """§6.9 "另一张立即放入弃牌区且不触发" (R720): A keeps O-P03, O-C08 ends, and A's next normal draw is
    bound to nothing: it comes from the top, not the tail O-C08 chose."""
    sc = _oc08_then_a_second_lasting_card("O-P03")
    assert [e.data["card"] for e in sc.of("card.ended")] == ["O-C08"]
    assert not sc.round.card_states.bound_draw(0)
    sc.until_event("draw.normal", player=0)
    draw = sc.of("draw.normal")[-1]
    assert draw.data["end"] == "top" and draw.data["tile"] != "9s"


def test_oc08_kept_at_the_keep_one_choice_still_binds_the_draw_s6_9_r720() -> None:
    """§6.9 "由玩家选择保留其中1张" (control, R720): A keeps O-C08, and A's next normal draw comes from
    the tail as O-C08 chose."""
    sc = _oc08_then_a_second_lasting_card("O-C08")
    assert sc.round.card_states.bound_draw(0)
    sc.until_event("draw.normal", player=0)
    assert sc.of("draw.normal")[-1].data == {"tile": "9s", "k": 1, "end": "tail"}


# ---- a redraw is asked of the card being announced (重抽: S-10, F-I08; R361) --------------------------


def test_s10_the_card_put_away_is_the_one_announced_and_the_second_resolves_lib6() -> None:
    """S-10 机遇过滤 "可以弃置该牌并重抽1张；第二张必须结算" (lib 六): A's first chance card O-P01 is put
    away, O-P03 drawn in its place is resolved (A's next discard made safe), and the request ends with
    the announcement.  Control: A takes "结算该牌" and O-P01 itself is resolved, nothing put away."""
    sc = CardPlay(hands={"A": PLAIN_A}, world="W-15", augments={"A": ["S-10"]}, chance=["O-P01", "O-P03"])
    sc.advance("弃置该牌并重抽1张")
    assert sc.round.drawn == [
        DrawnCard("O-P01", "chance", 0, False, discarded=True),
        DrawnCard("O-P03", "chance", 0, False),
    ]
    assert sc.round.card_states.safe(0) and not sc.round.in_force.redraw_asked
    kept = CardPlay(hands={"A": PLAIN_A}, world="W-15", augments={"A": ["S-10"]}, chance=["O-P01", "O-P03"])
    asked = kept.advance("结算该牌")
    assert asked is not None and asked.about == "O-P01"
    kept.advance(asked.options[0])
    assert kept.round.drawn == [DrawnCard("O-P01", "chance", 0, False)] and not kept.round.card_states.safe(0)
    assert not kept.round.in_force.redraw_asked


def test_fi08_a_relay_copy_is_put_away_and_the_request_ends_with_it_lib5() -> None:
    """F-I08 欢乐接力 说明 "由本牌抽到F-I08时，弃置并重抽；不能形成无限接力" (lib 五): B's ① draws the second
    F-I08, which is put away, and F-I01 drawn in its place; the request ends with that announcement.
    Control: B's own F-I08, drawn by W-14, is not put away."""
    sc = CardPlay(
        hands={"A": "1z1m2m3m4p5p6p7s8s9s2z3z4z9m", "B": "1z1z7m2m3m4m5p6p7p2s3s6z9s"},
        world="W-14",
        party=["F-I08", "F-I08", "F-I01"],
        plugins=Modules.for_mode("party"),
    )
    sc.advance("discard 1z", "pon")
    sc.advance("①自己再抽1张欢乐挑战牌")
    assert sc.drawn_cards("party") == [("F-I08", seat("B")), ("F-I08", seat("B")), ("F-I01", seat("B"))]
    assert not sc.round.in_force.redraw_asked
    sc.finish()
    party = [(d.card, d.player, d.discarded) for d in sc.round.drawn if d.deck == "party"]
    assert sorted(party) == [("F-I01", 1, False), ("F-I08", 1, False), ("F-I08", 1, True)]
