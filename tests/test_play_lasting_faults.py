"""Faults the card examples found in how a card's effects end with it and how a redraw is owned
(issue 12), each fixed for every card that uses the same mechanism, each held against its passage
with a control case.
"""

from __future__ import annotations

from play_cards_support import CardPlay, seat

from engine.decisions import DecisionKind

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
    pon on A's 5p."""
    sc = _keep_one("O-N09")
    assert [e.data["card"] for e in sc.of("card.ended")] == ["O-P03"]
    asked = sc.advance("discard 5p")
    assert asked is not None and asked.player == C and "pon" in asked.options


def test_a_safe_discard_card_kept_at_the_keep_one_choice_still_protects() -> None:
    """§6.9 "由玩家选择保留其中1张" (control): A keeps O-P03, and no one may call A's 5p."""
    sc = _keep_one("O-P03")
    asked = sc.advance("discard 5p")
    assert asked is not None and asked.kind == DecisionKind.TURN and asked.player == B
