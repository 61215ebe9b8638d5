"""Faults the card examples found in the engine (issue 12), each fixed for every card that uses the
same primitive, fact or duration, each held against its passage with a control case.
"""

from __future__ import annotations

from play_cards_support import CardPlay, seat

from engine.decisions import HU, PASS, DecisionKind

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
