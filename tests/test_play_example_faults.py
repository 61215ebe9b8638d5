"""Faults the card examples found in the engine (issue 12), each fixed for every card that uses the
same primitive, fact or duration, each held against its passage with a control case.
"""

from __future__ import annotations

from play_cards_support import CardPlay, seat

from engine.core.decisions import HU, PASS, DecisionKind
from engine.core.tiles import kind_of_instance, parse_one
from engine.hextech.plugins import Modules

A, B, C, D = (seat(letter) for letter in "ABCD")


# ---- item 1: the responses to a discard are asked in seat order from the discarder (§12.3) --------


def test_a_ron_is_offered_after_an_earlier_seats_chi_and_beats_it() -> None:
    """§12.3 "同时胡牌玩家的顺序，按照他们与出牌玩家之间的座位顺序判定", §11 phase 2 (hu > chi):
    C's 7p is put to D (chi) first, then to B, who is offered hu and whose hu takes the tile."""
    sc = CardPlay(hands={"A": "9s", "B": "123m456m789m111s7p"}, draws="1z7p")
    sc.advance("discard 9s", "discard 1z")
    asked = sc.advance("discard 7p")
    assert asked is not None and (asked.kind, asked.player) == (DecisionKind.CALL, D)
    assert "chi 789p" in asked.options and HU not in asked.options
    asked = sc.advance("chi 789p")
    assert asked is not None and (asked.player, asked.options) == (B, (PASS, HU))
    sc.advance(HU)
    assert [w.player for w in sc.round.wins] == [B]
    assert not sc.player("D").melds


def test_a_ron_is_asked_first_when_no_earlier_seat_may_call() -> None:
    """§12.3 (control): with nothing for D to call on C's 7s, B is the first asked."""
    sc = CardPlay(hands={"A": "9p", "B": "123m456m789m111p7s"}, draws="1z7s")
    sc.advance("discard 9p", "discard 1z")
    asked = sc.advance("discard 7s")
    assert asked is not None and (asked.player, asked.options) == (B, (PASS, HU))


# ---- item 3: F-R02's lost game (lib 五 F-R02, R41, R351) -------------------------------------------


def _rock_paper_scissors(answer: str) -> CardPlay:
    """W-14: B pons A's 5p, draws F-R02, and plays the game before the next normal draw (6z)."""
    sc = CardPlay(
        hands={"A": "5p", "B": "55p1z2z"},
        draws="7z7z7z6z",
        world="W-14",
        party=["F-R02"],
        plugins=Modules.for_mode("party"),
    )
    sc.advance("discard 5p", "pon", "discard 2z")
    asked = sc.play_until(lambda d: d.about == "challenge F-R02")
    assert asked.options[:3] == ("done", "alternative", "refused") and "lost" in asked.options
    sc.advance(answer)
    return sc


def test_f_r02_lost_reveals_the_drawn_tile_and_still_pays_the_chip() -> None:
    """lib 五 F-R02 "无论胜负…若你输了，将摸到的牌公开到本回合结束。完成猜拳后获得1枚欢乐筹码":
    a lost game pays the chip, and the tile drawn next is public until the turn ends."""
    sc = _rock_paper_scissors("lost")
    settled = sc.of("challenge.settled")[-1]
    assert (settled.data["outcome"], settled.data["chips"]) == ("lost", 1)
    sc.advance("6z")
    assert {sc.round.table.players[B].hand[-1]} == sc.round.table.players[B].revealed


def test_f_r02_won_keeps_the_drawn_tile_hidden() -> None:
    """lib 五 F-R02 "若你输了" (control): a game won or drawn pays the chip and reveals nothing."""
    sc = _rock_paper_scissors("done")
    assert sc.of("challenge.settled")[-1].data["chips"] == 1
    assert sc.of("tiles.revealed") == []
    assert not sc.round.table.players[B].revealed


# ---- item 4: B-10's forced discard (lib 十 B-10, R57, R352) -----------------------------------------


def _b10(hands: str, draw: str, tail: str = "") -> CardPlay:
    """B holds B-10 from the first turn and normally draws ``draw`` first."""
    sc = CardPlay(hands={"B": hands}, draws=draw, tail=tail, contracts={"B": "B-10"})
    sc.turn_of("B")
    return sc


def test_b10_discarding_the_forced_face_while_holding_another_copy_counts() -> None:
    """lib 十 B-10 "必须在该回合直接弃出": with a 9s in hand and 9s drawn, the 9s discarded is the
    forced one; the contract stays open and one forced discard is counted."""
    sc = _b10("123m456p789s1122z", "9s")
    sc.discard("9s")
    assert sc.round.card_states.forced_discards(B) == 1
    sc.until_event("turn.ended", player=B)
    assert sc.of("contract.failed") == []


def test_b10_a_concealed_kong_of_the_forced_tile_fails_it() -> None:
    """R57 (a forced tile "melded into a kong" is kept): a concealed kong of the drawn 9s fails B-10."""
    sc = _b10("123m456p999s1122z", "9s", tail="3z")
    sc.advance("ankan 9s", "discard 3z")
    sc.until_event("turn.ended", player=B)
    assert [e.player for e in sc.of("contract.failed")] == [B]


def test_b10_a_kong_of_another_face_beside_the_forced_discard_does_not_fail_it() -> None:
    """R57 (control): a concealed kong of 1z, and the drawn 9s discarded, keep B-10 open."""
    sc = _b10("123m456p78s1111z2z", "9s", tail="3z")
    sc.advance("ankan 1z")
    sc.advance("discard 9s")
    sc.until_event("turn.ended", player=B)
    assert sc.of("contract.failed") == []


def test_b10_fails_no_more_once_its_holder_has_won() -> None:
    """lib 十 B-10 说明 "该牌当场使你合法胡牌时可以胡", §9.6: an earthly hand on the forced 5s wins
    and the turn's end fails nothing."""
    sc = _b10("123m456p789s1z1z5s5s", "5s")
    sc.advance(HU)
    sc.finish()
    assert [w.player for w in sc.round.wins] == [B]
    assert sc.of("contract.failed") == []


# ---- item 5: the latest discard is the tile last discarded, called away or not (R353) -------------


def _latest_called(**kw: object) -> CardPlay:
    """A opens with 5m, then discards 6z, which B pons: A's river holds 5m, the latest discard is gone."""
    sc = CardPlay(
        hands={"A": "5m4m7m2p6p8p3s6s9s1z2z3z4z6z", "B": "6z6z"},
        draws="7z7z7z1s5z5z5z9p",
        **kw,  # type: ignore[arg-type]
    )
    sc.discard("5m")
    sc.turn_of("A")
    sc.advance("discard 6z", "pon")
    return sc


def test_g09_takes_back_an_older_number_discard_when_the_latest_was_called() -> None:
    """lib 七 G-09 "取回1张不是最新弃出的数字牌"; 说明 "不能取回已被其他玩家使用的牌": with 6z called
    away, 5m is not the latest discard and G-09 may take it back."""
    sc = _latest_called(augments={"A": ["G-09"]})
    asked = sc.play_until(lambda d: d.player == A)
    assert (asked.kind, asked.about) == (DecisionKind.CHOOSE, "G-09")
    assert [kind_of_instance(i) for i in sc.player("A").river] == [parse_one("5m")]
    sc.advance("use G-09")
    assert [e.data["tile"] for e in sc.of("tile.acquired") if e.data.get("via") == "retrieve"] == ["5m"]


def test_g09_never_takes_back_the_latest_discard_in_the_river() -> None:
    """lib 七 G-09 "不是最新弃出的" (control): the river's only tile, the latest discard, is not offered."""
    sc = CardPlay(hands={"A": "5m4m7m2p6p8p3s6s9s1z2z3z4z6z"}, draws="7z7z7z1s", augments={"A": ["G-09"]})
    sc.discard("5m")
    sc.turn_of("A")
    assert not [d for d in sc.asked if d.about == "G-09"]
