"""Faults the card examples found in how a card's effects end with it and how a redraw is owned
(issue 12), each fixed for every card that uses the same mechanism, each held against its passage
with a control case.
"""

from __future__ import annotations

from play_cards_support import CardPlay, seat

from engine.core.decisions import Decision, DecisionKind
from engine.hextech.plugins import Modules

A, B, C, D = (seat(letter) for letter in "ABCD")


# ---- a lasting card let go at the keep-one choice takes its safe discard with it (§6.9, R360) ------


def _keep_one(kept: str) -> CardPlay:
    """W-09: after D's win C's O-X06 die lands on A, who holds O-P03 and draws O-N09; A keeps ``kept``
    and then discards 5p, which C (holding 55p) could pon."""
    sc = CardPlay(
        hands={
            "A": "1m4m7m2p5p8p3s6s9s1z2z3z4z6z",
            "C": "55p1m2m3m4m6m7m9m1s3s7s8s",
            "D": "123m456m789m46p55s",
        },
        draws="9p5p9m",
        world="W-09",
        chance=["O-P03", "O-N02", "O-X06", "O-N09"],
    )
    sc.advance("discard 6z", "discard 9p", "discard 5p", "hu", "②掷骰子指定1名仍在游戏中的玩家抽1张机遇牌")
    asked = sc.advance(kept)
    assert asked is not None and (asked.kind, asked.player) == (DecisionKind.TURN, A)
    return sc


def test_a_safe_discard_card_let_go_at_the_keep_one_choice_no_longer_protects() -> None:
    """§6.9 "由玩家选择保留其中1张，另一张弃置且不生效": A keeps O-N09, O-P03 ends, and C is offered
    pon on A's 5p (O-N09 itself lapses as A's turn starts, "直到你的下一回合开始")."""
    sc = _keep_one("O-N09")
    assert [e.data["card"] for e in sc.of("card.ended")] == ["O-P03", "O-N09"]
    asked = sc.advance("discard 5p")
    assert asked is not None and asked.player == C and "pon" in asked.options


def test_a_safe_discard_card_kept_at_the_keep_one_choice_still_protects() -> None:
    """§6.9 "由玩家选择保留其中1张" (control): A keeps O-P03, and no one may call A's 5p."""
    sc = _keep_one("O-P03")
    asked = sc.advance("discard 5p")
    assert asked is not None and asked.kind == DecisionKind.TURN and asked.player == B


# ---- a redraw belongs to the one draw that asked for it (lib 五 F-I08, lib 六 S-10, R361) ----------


def _relay(party: list[str]) -> tuple[CardPlay, Decision | None]:
    """W-14: B pons A's 5p, draws F-I08 and takes ① (draw himself another challenge card)."""
    sc = CardPlay(
        hands={"A": "5p19m19s1234567z5m6m", "B": "55p1234567z9m9p9s1s"},
        world="W-14",
        party=party,
        plugins=Modules.for_mode("party"),
    )
    return sc, sc.advance("discard 5p", "pon", "①自己再抽1张欢乐挑战牌")


def test_the_card_drawn_after_a_relay_redraw_is_not_put_away() -> None:
    """lib 五 F-I08 说明 "由本牌抽到F-I08时，弃置并重抽；不能形成无限接力": the copy drawn in place of
    the one put away is resolved, and the card its ① draws (F-I05) is resolved, not redrawn."""
    sc, _ = _relay(["F-I08", "F-I08", "F-I08", "F-I05", "F-I01"])
    asked = sc.advance("①自己再抽1张欢乐挑战牌")
    assert [e.data["card"] for e in sc.of("party.drawn")] == ["F-I08", "F-I08", "F-I08", "F-I05"]
    assert asked is not None and asked.about == "challenge F-I05"


def test_a_relay_copy_drawn_by_the_relay_is_still_put_away() -> None:
    """lib 五 F-I08 说明 "由本牌抽到F-I08时，弃置并重抽" (control): the second copy is put away and the
    card after it resolved."""
    sc, asked = _relay(["F-I08", "F-I08", "F-I05"])
    assert [e.data["card"] for e in sc.of("party.drawn")] == ["F-I08", "F-I08", "F-I05"]
    assert asked is not None and asked.about == "challenge F-I05"


# ---- a card whose duration ends announces its end (docs/modules.md, R362) -------------------------


def _celebration() -> CardPlay:
    """W-14: B pons A's 5p and draws F-R01 (持续时间 "直到下一名玩家胡牌"), then discards 2z."""
    sc = CardPlay(
        hands={"A": "5p", "B": "55p1z2z", "C": "123m456m789m123s2z"},
        world="W-14",
        party=["F-R01"],
        plugins=Modules.for_mode("party"),
    )
    sc.advance("discard 5p", "pon", "discard 2z")
    return sc


def test_a_card_whose_duration_ends_is_announced_ended() -> None:
    """lib 五 F-R01 持续时间 "直到下一名玩家胡牌", "结算后弃置本牌": C wins, B celebrates, and the card's
    end follows the celebration as every card's end does."""
    sc = _celebration()
    sc.advance("hu", "done")
    names = [e.name for e in sc.events]
    assert [e.data["card"] for e in sc.of("card.ended")] == ["F-R01"]
    assert names.index("challenge.settled") < names.index("card.ended")
    assert sc.round.in_force.lasting.get(("party", B)) is None


def test_a_card_whose_duration_runs_on_is_not_announced_ended() -> None:
    """lib 五 F-R01 持续时间 "直到下一名玩家胡牌" (control): before anyone wins the card stays, unended."""
    sc = _celebration()
    assert sc.of("card.ended") == []
    assert sc.round.in_force.lasting.get(("party", B)) == "F-R01"
