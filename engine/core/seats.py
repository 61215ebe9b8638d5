"""The four seats of a mahjong table, their letters, their order of play and their winds
(standard rules 术语 一; §4, §6.4).

Players are ``0..3``, written ``A``–``D`` in logs, decisions and reports; every rule set above the
core seats four players.  Seats are ``0..3`` too, in the order of play; a rule set whose players
may change seats (O-X01, §14.3) looks the seat of a player up, the turn order and the winds stay
with the seats.
"""

from __future__ import annotations

from typing import Final

from engine.core.tiles import EAST

PLAYERS: Final = "ABCD"
SEATS_AFTER: Final = tuple(tuple((seat + step) % 4 for step in (1, 2, 3)) for seat in range(4))
"""The other seats in the order of play from each seat, its 下家 first (standard rules 和牌的规定 二
(三): "从打牌者按逆时针方向"; §6.4)."""
SEATS_BEFORE: Final = tuple(following[::-1] for following in SEATS_AFTER)
"""The other seats against the order of play from each seat, its 上家 first."""


def seat_wind(seat: int, dealer_seat: int) -> int:
    """门风: 东 at the dealer's seat, then 南 西 北 in the order of play ("门风东者为庄家", spec 002 术语
    一); the one source of every seat wind (§4, §14.3, R2)."""
    return EAST + (seat - dealer_seat) % 4


def seat_distance(source_seat: int, seat: int) -> int:
    """Steps in the order of play from ``source_seat`` to ``seat`` (1 for the 下家): orders an event's
    listeners (§6.4)."""
    return (seat - source_seat) % 4
