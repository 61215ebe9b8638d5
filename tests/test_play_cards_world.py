"""The world cards W-01…W-16 working in play (lib 三, §6.2–§6.7): one given / when / then each."""

from __future__ import annotations

from play_cards_support import CardPlay, seat

from engine.core.decisions import DecisionKind
from engine.core.tiles import parse_one
from engine.hextech.conditions.hand_reading import TREASURE
from engine.hextech.decision_kinds import HextechKind

SAFE = ["O-P03"] * 6
"""Chance cards that resolve without a question (a safe next discard), so the trigger is what is seen."""


def _between(names: list[str], first: str, middle: str, last: str) -> bool:
    """``middle`` happens after the first ``first`` and before the next ``last``."""
    a = names.index(first)
    b = names.index(middle, a)
    return last in names[b:] and names.index(last, a) > b


def test_w01_first_kong_draws_a_chance_card_before_the_replacement_not_on_the_second_s6_6() -> None:
    """W-01 杠潮涌动 (§6.6): after the kong stands, before the tail draw; once per player per round."""
    sc = CardPlay(hands={"A": "1111m2222m345p111s"}, tail="9p9s", world="W-01", chance=SAFE)
    sc.advance("ankan 1m")
    assert _between(sc.names(), "kong.established", "chance.draw", "draw.replacement")
    sc.advance("ankan 2m")
    assert [e.player for e in sc.of("chance.draw")] == [0]
    assert len(sc.of("kong.established")) == 2


def test_w02_a_flower_revealed_in_play_draws_before_its_replacement_setup_flowers_do_not_s6_6() -> None:
    """W-02 花开时刻 (§6.6): a flower made public in play draws a chance card, then the replacement."""
    sc = CardPlay(hands={"A": "1f123m456p789s112z"}, draws="2f", tail="9m9p", world="W-02", chance=SAFE)
    assert sc.of("chance.draw") == []
    sc.until_event("draw.replacement", player=1)
    names = sc.names()
    play_flower = next(
        i for i, e in enumerate(sc.events) if e.name == "flower.revealed" and e.data["phase"] == "play"
    )
    assert names.index("chance.draw", play_flower) < names.index("draw.replacement", play_flower)
    assert [e.player for e in sc.of("chance.draw")] == [1]


def test_w03_first_exposed_meld_draws_a_chance_card_s6_2() -> None:
    """W-03 开门见喜 (lib 三): a pon makes an exposed meld → the caller draws a chance card."""
    sc = CardPlay(
        hands={"A": "5p19m19s1234567z5m6m", "B": "55p1m4m7m2p8p3s6s1z2z3z4z"}, world="W-03", chance=SAFE
    )
    sc.advance("discard 5p", "pon")
    assert [e.player for e in sc.of("chance.draw")] == [1]
    assert sc.names().index("pon.established") < sc.names().index("chance.draw")


def test_w04_completing_the_contract_draws_a_chance_card_s9_5() -> None:
    """W-04 契约回响 (§9.5): C-12 completes with a concealed kong → the holder draws a chance card."""
    sc = CardPlay(
        hands={"A": "1111m345p789s1122z"}, tail="9p", world="W-04", contracts={"A": "C-12"}, chance=SAFE
    )
    sc.advance("ankan 1m")
    assert sc.names().index("contract.completed") < sc.names().index("chance.draw")
    assert [e.player for e in sc.of("chance.draw")] == [0]


def test_w05_an_honour_discard_draws_after_the_responses_settle_s6_6() -> None:
    """W-05 字牌风暴 (§6.6): discard of an honour → chance card after the discard's responses settle."""
    sc = CardPlay(hands={"A": "1z123m456p789s1122s"}, world="W-05", chance=SAFE)
    sc.discard("1z")
    names = sc.names()
    assert names.index("discard.settled") < names.index("chance.draw")
    assert [e.player for e in sc.of("chance.draw")] == [0]


def test_w06_a_terminal_discard_draws_after_the_responses_settle_s6_6() -> None:
    """W-06 幺九之门 (§6.6): discard of 9m → chance card after settlement; a simple does not draw."""
    sc = CardPlay(hands={"A": "9m5m23m456p789s1122s"}, world="W-06", chance=SAFE)
    sc.advance("discard 5m")
    assert sc.of("chance.draw") == []
    sc.turn_of("A")
    sc.discard("9m")
    draws = sc.of("chance.draw")
    assert draws and draws[-1].player == 0


def test_w07_a_second_exposed_meld_draws_a_chance_card_s6_2() -> None:
    """W-07 双副露时代 (lib 三): the first meld does not draw, the second one does."""
    sc = CardPlay(
        hands={"A": "5p19m19s1234567z5m6m", "B": "55p66p1m4m7m3s6s1z2z3z"},
        draws="7z6p",
        world="W-07",
        chance=SAFE,
    )
    sc.advance("discard 5p", "pon")
    assert sc.of("chance.draw") == []
    call = sc.play_until(lambda d: d.player == 1 and d.kind is DecisionKind.CALL and "pon" in d.options)
    sc.advance("pon")
    assert call.about == "6p"
    assert [e.player for e in sc.of("chance.draw")] == [1]


def test_w08_wall_at_32_everyone_draws_from_the_next_actor_once_s6_4() -> None:
    """W-08 临界牌墙 (§6.4): the first time drawable tiles fall to 32, all in-game players draw, clockwise
    from the next actor; it happens once."""
    sc = CardPlay(hands={}, world="W-08", chance=SAFE * 2)
    first = sc.until_event("chance.draw")
    assert len(sc.round.table.wall) <= 32
    sc.finish()
    draws = [e.player for e in sc.of("chance.draw")]
    start = first.player
    assert start is not None and len(draws) == 4
    assert draws == [(start + i) % 4 for i in range(4)]


def test_w09_after_the_first_win_settles_the_players_left_draw_from_the_next_actor_s6_4() -> None:
    """W-09 首胡余波 (§6.4, §12.3): B rons A; then C, D, A draw in that order."""
    sc = CardPlay(hands={"A": "3p19m19s1234567z5m6m", "B": "123m456m789m12p55s"}, world="W-09", chance=SAFE)
    sc.advance("discard 3p", "hu")
    assert sc.names().index("hu.settled") < sc.names().index("chance.draw")
    assert [e.player for e in sc.of("chance.draw")] == [2, 3, 0]


def test_w10_when_only_two_players_remain_both_draw_next_actor_first_s6_4() -> None:
    """W-10 双人残局 (§6.4): B and D ron the same discard; A and C are left and draw, C first."""
    sc = CardPlay(
        hands={"A": "3p19m19s1234567z5m6m", "B": "123m456m789m12p55s", "D": "123s456s789s12p77z"},
        world="W-10",
        chance=SAFE,
    )
    sc.advance("discard 3p", "hu", "hu")
    assert [e.player for e in sc.of("chance.draw")] == [2, 0]


def test_w11_three_suits_in_the_river_draw_a_chance_card_s6_2() -> None:
    """W-11 三门成河 (lib 三): A's river gets man, pin and sou → A draws after the third."""
    sc = CardPlay(hands={"A": "1m2p3s456m789p1122z"}, world="W-11", chance=SAFE)
    sc.advance("discard 1m")
    sc.turn_of("A")
    sc.discard("2p")
    assert all(e.player != 0 for e in sc.of("chance.draw"))
    sc.turn_of("A")
    sc.discard("3s")
    assert [e.player for e in sc.of("chance.draw")] == [0]


def test_w12_discarding_a_face_already_in_the_own_river_draws_s6_2() -> None:
    """W-12 旧牌重逢 (lib 三): A discards 9m a second time → A draws after settlement."""
    sc = CardPlay(hands={"A": "9m9m23m456p789s1122z"}, world="W-12", chance=SAFE)
    sc.advance("discard 9m")
    assert all(e.player != 0 for e in sc.of("chance.draw"))
    sc.turn_of("A")
    sc.discard("9m")
    assert [e.player for e in sc.of("chance.draw")] == [0]


def test_w13_discarding_the_treasure_draws_a_chance_card_s8() -> None:
    """W-13 宝牌落河 (§8, treasure module): with 5m the treasure, discarding it draws."""
    treasure = frozenset({parse_one("5m")})
    sc = CardPlay(
        hands={"A": "5m123m456p789s1122z"},
        world="W-13",
        chance=SAFE,
        modules=frozenset({"treasure"}),
        tile_marks=lambda p, s: {TREASURE: treasure},
    )
    sc.discard("5m")
    assert [e.player for e in sc.of("chance.draw")] == [0]


def test_w14_first_exposed_meld_draws_a_party_card_instead_s7_2() -> None:
    """W-14 欢乐副露 (§7.2, party module): a pon draws from the party deck, not the chance deck."""
    sc = CardPlay(
        hands={"A": "5p19m19s1234567z5m6m", "B": "55p1m4m7m2p8p3s6s1z2z3z4z"},
        world="W-14",
        chance=SAFE,
        party=["F-I01"],
        modules=frozenset({"party"}),
    )
    sc.advance("discard 5p", "pon")
    assert [e.player for e in sc.of("party.draw")] == [1]
    assert sc.of("chance.draw") == []


def test_w15_lowest_scored_players_draw_before_the_contract_choice_s6_4() -> None:
    """W-15 末位启程 (§6.4, §11 phase 1): in round 3 the players tied lowest draw, from the dealer,
    after the deal and before contracts are chosen."""
    sc = CardPlay(
        hands={},
        world="W-15",
        number=3,
        scores=(4, -2, 3, -2),
        chance=SAFE,
        offered={
            "A": ["C-01", "C-02", "B-04"],
            "B": ["C-03", "C-06", "B-05"],
            "C": ["C-07", "C-08", "B-06"],
            "D": ["C-14", "C-15", "B-07"],
        },
    )
    assert [e.player for e in sc.of("chance.draw")] == [1, 3]
    assert sc.pending is not None and sc.pending.kind is HextechKind.CONTRACT
    assert "contract.revealed" not in sc.names()


def test_w16_two_uncalled_discards_in_a_row_draw_a_chance_card_s6_2() -> None:
    """W-16 静水两巡 (lib 三): A's second consecutive uncalled discard draws after settlement."""
    sc = CardPlay(hands={"A": "1m123m456p789s1122z"}, world="W-16", chance=SAFE)
    sc.advance("discard 1m")
    assert sc.of("chance.draw") == []
    sc.turn_of("A")
    sc.discard("1z")
    assert sc.of("chance.draw")[0].player == seat("A")


def test_w05_discards_made_by_a_card_effect_do_not_trigger_it_s6_7() -> None:
    """W-05 字牌风暴 (§6.7): A's 1z draws O-X05 全员整理; the honour discards B, C and D make in that
    extra tidy are card-caused and draw nothing."""
    sc = CardPlay(hands={"A": "1z123m456p789s1122s"}, draws="5z6z7z4z", world="W-05", chance=["O-X05", *SAFE])
    sc.advance("discard 1z")
    while sc.pending is not None and sc.pending.kind is DecisionKind.TURN and len(sc.of("draw.extra")) <= 4:
        if len(sc.of("discard.made")) == 5:
            break
        turn = sc.pending
        honours = [o for o in turn.options if o.endswith("z")]
        sc.advance(honours[-1] if honours else turn.options[-1])
    assert [e.player for e in sc.of("draw.extra")] == [0, 1, 2, 3]
    assert [e.player for e in sc.of("chance.draw")] == [0]
