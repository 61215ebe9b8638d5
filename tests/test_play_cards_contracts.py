"""The contracts C-01…C-24 and black contracts B-01…B-16 working in play (lib 九–十, §9, §10, §12.3).

Hidden contracts are verified at hu: the holder may win only with the contract met (§9.6), so a
hand that meets it is offered hu and one that does not is not.  Public contracts complete on the
table when their event comes (§9.5).  Prohibitions refuse the call and name the contract (§9.7).
"""

from __future__ import annotations

from typing import Any

import pytest
from play_cards_support import CardPlay, seat

from engine.core.decisions import HU, DecisionKind
from engine.core.tiles import parse_one
from engine.hextech.conditions.hand_reading import TREASURE
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.rules import CallKind
from engine.hextech.state import ContractStatus

# -- verified at hu (§9.6) ------------------------------------------------------------------------------

AT_HU = [
    # card, B's hand that meets it, a hand that does not, the tile B wins on
    ("C-01", "123m456p789s111z5s", "111m444p789s222z5s", "5s"),
    ("C-02", "111m444p789s123m5s", "123m456p789s111z5s", "5s"),
    ("C-06", "111z123m456p789s5s", "555z123m456p789s5s", "5s"),
    ("C-07", "555z123m456p789s5s", "111z123m456p789s5s", "5s"),
    ("C-08", "123m789p456s111z5s", "234m789p456s111z5s", "5s"),
    ("C-14", "123m456m789p111z5s", "123m456p789s111z5s", "5s"),
    ("C-15", "123m456p789s234m1z", "123m456p789s111z5s", "1z|5s"),
    ("C-16", "123m456p789s234m1z", "123m456p789s11z55s", "1z|5s"),
    ("C-17", "123m456p789s111z5s", "123m456m789p111z5p", "5s|5p"),
    ("C-18", "234m234p789s111z5s", "234m345p789s111z5s", "5s"),
    ("C-19", "123m456p789s111z5s", "123m456p789s234s5s", "5s"),
    ("C-20", "123m789m456p111z5s", "234m678m456p111z5s", "5s"),
    ("C-21", "123m456p111z222z5s", "123m456m111z222z5s", "5s"),
    ("C-22", "123m456p789s111z5z", "123m456p789s111z5s", "5z|5s"),
    ("C-23", "456m456p456s111z5z", "123m456p789s111z5z", "5z"),
    ("B-01", "111m444p789s123m5s", "123m456p789s111z5s", "5s"),
    ("B-02", "123m456p789s111z5s", "111m444p789s222z5s", "5s"),
    ("B-04", "123m456p789s234m5s", "123m456p789s111z5s", "5s"),
    ("B-05", "111z222z123m456p5s", "111z123m456p789s5s", "5s"),
    ("B-06", "123m456m789m234m5m", "123m456m789m111z5m", "5m"),
    ("B-07", "111m444p777s222z5s", "123m444p777s222z5s", "5s"),
    ("B-08", "1122m3344p5566s7z", "123m456p789s111z7z", "7z"),
    ("B-14", "11m22m33p44p555s66s", "123m456p789s111z6s", "6s"),
    ("B-15", "1m1p2m3m3p4s5s6s7s8m8p55z", "123m456p789s111z5z", "1z|5z"),
    ("B-16", "123m456p789s234m5s", "123m234m345m111z5s", "5s"),
]


def _ron(card: str, hand: str, tile: str, **kw: Any) -> CardPlay:
    """B holds ``card`` and ``hand``; the dealer A discards ``tile`` first."""
    sc = CardPlay(hands={"A": tile, "B": hand}, contracts={"B": card}, **kw)
    sc.advance(f"discard {tile}")
    return sc


def _offered_hu(sc: CardPlay, letter: str) -> bool:
    d = sc.pending
    return d is not None and d.player == seat(letter) and HU in d.options


@pytest.mark.parametrize(("card", "met", "unmet", "tiles"), AT_HU, ids=[row[0] for row in AT_HU])
def test_hidden_contract_is_verified_at_hu_s9_6(card: str, met: str, unmet: str, tiles: str) -> None:
    """Lib 九–十, §9.6: the hand that meets the contract may ron and completes it; the other may not."""
    win, other = (tiles.split("|") * 2)[:2]
    sc = _ron(card, met, win)
    assert _offered_hu(sc, "B")
    sc.advance(HU)
    assert sc.player("B").contract_status is ContractStatus.COMPLETED
    assert any(item[0].startswith("contract") for item in sc.round.wins[0].items)
    assert not _offered_hu(_ron(card, unmet, other), "B")


def test_c24_treasure_tile_in_the_win_completes_it_s8() -> None:
    """C-24 宝牌同行 (§8, treasure module): with 5s the treasure B may ron on 5s; on 2s (no treasure) not."""
    marks = frozenset({parse_one("5s")})
    kw: dict[str, Any] = {"modules": frozenset({"treasure"}), "tile_marks": lambda p, s: {TREASURE: marks}}
    sc = _ron("C-24", "123m456p789s111z5s", "5s", **kw)
    assert _offered_hu(sc, "B")
    assert not _offered_hu(_ron("C-24", "123m456p789p111z2s", "2s", **kw), "B")


@pytest.mark.parametrize("card", ["B-03", "B-13"])
def test_self_draw_contract_refuses_ron_and_allows_self_draw_s9_6(card: str) -> None:
    """B-03 极限门清, B-13 红中自摸 (lib 十): B's complete hand (with 7z) may not ron 3p; drawing 3p wins."""
    hand = "123m456m789m12p77z"
    assert not _offered_hu(_ron(card, hand, "3p"), "B")
    sc = CardPlay(hands={"A": "1z", "B": hand}, draws="5z6z5z6z3p", contracts={"B": card})
    sc.turn_of("B")
    sc.discard("5z")
    turn = sc.turn_of("B")
    assert HU in turn.options


# -- prohibitions (§9.7) ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "call", "hand", "tile"),
    [
        ("B-01", CallKind.CHI, "45m1p4p7p2s5s8s1z2z3z4z5z", "3m"),
        ("B-02", CallKind.PON, "55p1m4m7m2s5s8s1z2z3z4z5z", "5p"),
        ("B-03", CallKind.PON, "55p1m4m7m2s5s8s1z2z3z4z5z", "5p"),
        ("B-12", CallKind.CHI, "45m1p4p7p2s5s8s1z2z3z4z5z", "3m"),
    ],
)
def test_contract_prohibition_refuses_the_call_and_names_the_contract_s9_7(
    card: str, call: CallKind, hand: str, tile: str
) -> None:
    """B-01 禁吃协议, B-02 禁碰协议, B-03 极限门清, B-12 无副露冲刺 (§9.7, L3): the call on A's discard
    is not offered to B, and the rules name the contract that refused it."""
    sc = CardPlay(hands={"A": tile, "B": hand}, contracts={"B": card})
    sc.advance(f"discard {tile}")
    offered = [o for d in sc.asked if d.player == 1 for o in d.options]
    if sc.pending is not None and sc.pending.player == 1:
        offered += list(sc.pending.options)
    assert not any(o.startswith(call.value) for o in offered)
    verdict = sc.round.rules.may_call(sc.round.table, 1, call, parse_one(tile), 0)
    assert not verdict.allowed and verdict.by == card and verdict.level == 3


# -- completed on the table (§9.5) ----------------------------------------------------------------------


def test_c03_three_suits_in_the_river_completes_s9_5() -> None:
    """C-03 三门开张: A's river holds man, pin and sou after the third discard."""
    sc = CardPlay(hands={"A": "1m2p3s"}, contracts={"A": "C-03"})
    sc.discard("1m")
    sc.turn_of("A")
    sc.discard("2p")
    assert sc.player("A").contract_status is ContractStatus.OPEN
    sc.turn_of("A")
    sc.discard("3s")
    assert sc.player("A").contract_status is ContractStatus.COMPLETED


@pytest.mark.parametrize(("card", "draws"), [("C-04", 6), ("C-13", 8)])
def test_no_call_contracts_complete_at_the_nth_normal_draw_s9_5(card: str, draws: int) -> None:
    """C-04 稳健六巡, C-13 门清八巡: with no call made, B's contract completes at its 6th / 8th draw."""
    sc = CardPlay(hands={}, contracts={"B": card})
    sc.until_event("contract.completed", player=1)
    assert sc.player("B").normal_draws == draws


def test_c05_a_flower_revealed_in_play_completes_set_up_flowers_do_not_s9_5() -> None:
    """C-05 花杠其一: A's set-up flower does not complete it; B's flower drawn in play does."""
    sc = CardPlay(hands={"A": "1f"}, draws="2f", tail="9m9p", contracts={"A": "C-05", "B": "C-05"})
    assert sc.player("A").contract_status is ContractStatus.OPEN
    sc.until_event("contract.completed", player=1)
    assert sc.player("B").contract_status is ContractStatus.COMPLETED


def test_c09_first_four_discards_all_different_completes_s9_5() -> None:
    """C-09 四弃不重: after A's fourth discard, all different, the contract is complete."""
    sc = CardPlay(hands={}, contracts={"A": "C-09"})
    sc.until_event("contract.completed", player=0)
    faces = sc.player("A").discarded
    assert len(faces) == 4 and len(set(faces)) == 4


def test_c10_two_exposed_melds_completes_s9_5() -> None:
    """C-10 双副露: B's second pon completes it."""
    sc = CardPlay(
        hands={"A": "5p19m19s1234567z5m6m", "B": "55p66p1m4m7m3s6s1z2z3z"},
        draws="7z6p",
        contracts={"B": "C-10"},
    )
    sc.advance("discard 5p", "pon")
    assert sc.player("B").contract_status is ContractStatus.OPEN
    sc.play_until(lambda d: d.player == 1 and d.kind is DecisionKind.CALL and "pon" in d.options)
    sc.advance("pon")
    assert sc.player("B").contract_status is ContractStatus.COMPLETED


def test_c11_first_meld_after_another_player_has_one_completes_s9_5() -> None:
    """C-11 后发开门: C pons first; B's first meld afterwards completes B's contract."""
    sc = CardPlay(hands={"A": "5p6p", "B": "66p", "C": "55p"}, contracts={"B": "C-11", "C": "C-11"})
    sc.advance("discard 5p")
    sc.play_until(lambda d: d.player == 2 and "pon" in d.options)
    sc.advance("pon")
    assert sc.player("C").contract_status is ContractStatus.OPEN
    sc.turn_of("A")
    sc.advance("discard 6p")
    sc.play_until(lambda d: d.player == 1 and "pon" in d.options)
    sc.advance("pon")
    assert sc.player("B").contract_status is ContractStatus.COMPLETED


def test_c12_a_kong_completes_s9_5() -> None:
    """C-12 杠牌试炼: A's concealed kong completes it."""
    sc = CardPlay(hands={"A": "1111m"}, tail="9p", contracts={"A": "C-12"})
    sc.advance("ankan 1m")
    assert sc.player("A").contract_status is ContractStatus.COMPLETED
    assert sc.of("contract.completed")[0].data.get("at_hu") is False


# -- black contracts with table rules (lib 十) ----------------------------------------------------------


def test_b09_three_tiles_shown_at_the_reveal_two_discarded_fails_s9_5() -> None:
    """B-09 公开实验: A shows three tiles when contracts are revealed; discarding two of them fails it."""
    sc = CardPlay(hands={"A": "1m4m7m"}, offered={"A": ["C-01", "C-02", "B-09"]})
    d = sc.advance("B-09")
    assert d is not None and d.about == "B-09" and d.player == 0
    sc.advance("1m", "4m", "7m")
    assert len(sc.player("A").revealed) == 3
    sc.discard("1m")
    assert sc.player("A").contract_status is ContractStatus.OPEN
    sc.turn_of("A")
    sc.discard("4m")
    assert sc.player("A").contract_status is ContractStatus.FAILED


def test_b10_a_drawn_number_tile_must_be_discarded_that_turn_s9_5() -> None:
    """B-10 过载摸牌: A's normal draw 9s (a number) is the only legal discard that turn."""
    sc = CardPlay(hands={"A": "1z2z3z"}, draws="5z5z5z9s", contracts={"A": "B-10"})
    sc.discard("1z")
    turn = sc.turn_of("A")
    assert turn.options == ("discard 9s",)


def test_b11_the_chosen_suit_cannot_be_discarded_after_the_first_draw_s9_5() -> None:
    """B-11 一门封锁: A names man at the reveal; after A's first normal draw no man tile may go."""
    sc = CardPlay(hands={"A": "1m2m3m1z"}, draws="5z5z5z6z", offered={"A": ["C-01", "C-02", "B-11"]})
    d = sc.advance("B-11")
    assert d is not None and d.about == "B-11"
    sc.advance("m")
    first = sc.pending
    assert first is not None and "discard 1m" in first.options
    sc.discard("1z")
    turn = sc.turn_of("A")
    assert not any(o.endswith("m") for o in turn.options)


def test_b12_unwon_at_the_window_fails_s10() -> None:
    """B-12 无副露冲刺 (§10): B has not won when the abandon window opens; the contract fails."""
    sc = CardPlay(hands={}, contracts={"B": "B-12"})
    window = sc.play_until(lambda d: d.kind is HextechKind.ABANDON)
    sc.advance(*(["keep"] * (1 if window.player == 1 else 0)))
    sc.until_event("abandon.window", since=0)
    assert sc.player("B").contract_status is ContractStatus.FAILED


def test_b16_discarding_the_same_face_twice_fails_s9_5() -> None:
    """B-16 不走回头路 (R121): a repeat is offered only once every face A holds is one; A has discarded
    1m…5m and holds only those, so 1m may go again, and the contract fails."""
    sc = CardPlay(
        hands={"A": "111m222m333m444m55m"},
        draws="1p2p3p1m4p5p6p2m7p8p9p3m1s2s3s4m4s5s6s5m",
        contracts={"A": "B-16"},
    )
    gone: list[str] = []
    for face in ("1m", "2m", "3m", "4m", "5m"):
        turn = sc.pending if not gone else sc.turn_of("A")
        assert turn is not None and not any(f"discard {g}" in turn.options for g in gone)
        sc.discard(face)
        gone.append(face)
    turn = sc.turn_of("A")
    assert {"discard 1m", "discard 5m"} <= set(turn.options)
    sc.discard("1m")
    assert sc.player("A").contract_status is ContractStatus.FAILED


def test_b10_three_forced_discards_complete_it_s9_5() -> None:
    """B-10 过载摸牌: A's first three number draws go straight out; then the contract is complete."""
    sc = CardPlay(hands={"A": "1z2z3z"}, draws="5z5z5z9s6z6z6z8s7z7z7z7s", contracts={"A": "B-10"})
    sc.discard("1z")
    sc.until_event("contract.completed", player=0)
    assert sc.round.card_states.forced_discards(0) == 3
    assert [sc.player("A").discarded[i] for i in (1, 2, 3)] == [parse_one(t) for t in ("9s", "8s", "7s")]


@pytest.mark.parametrize(("card", "done"), [("C-12", True), ("C-09", False)])
def test_a_public_contract_must_be_complete_before_the_win_s9_6(card: str, done: bool) -> None:
    """§9.6 with C-12 杠牌试炼 / C-09 四弃不重: A's concealed kong is replaced by the winning 4m; with C-12
    (completed by the kong) hu is offered, with C-09 (still open) it is not."""
    sc = CardPlay(hands={"A": "1111m23m456p789s55s"}, tail="4m", contracts={"A": card})
    turn = sc.advance("ankan 1m")
    assert turn is not None and (HU in turn.options) is done


@pytest.mark.parametrize("card", ["B-02", "B-03", "B-12"])
def test_a_concealed_kong_does_not_break_a_no_call_contract_lib10(card: str) -> None:
    """B-02 禁碰协议, B-03 极限门清, B-12 无副露冲刺 (lib 十 "暗杠不违反本契约"): A may still declare the
    concealed kong of 1111m."""
    sc = CardPlay(hands={"A": "1111m"}, contracts={"A": card})
    assert sc.pending is not None and "ankan 1m" in sc.pending.options
