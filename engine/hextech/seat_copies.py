"""What the table shows of each player at the moment a view is taken (§5.4, §11 phase 3, §12.4,
§14.4): copies of the public parts, never the table's own lists, that a view
(:class:`engine.hextech.view.Snapshot`) reads as kinds when its agent asks.

A view is taken at every decision an agent that reads it answers; the copies are built here, in
one pass over the four players, and the view reads its parts from them the first time its agent
asks.  Tiles are instances here.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core.melds import Meld
from engine.core.tiles import INSTANCE_KINDS
from engine.hextech.state import ContractStatus, PlayerState


class Seat(NamedTuple):
    """What the table shows of one player: the river, flowers, tiles a card revealed, melds, whether
    they have won and their hand once laid down, the hand's size, the contract and its status, and
    whether their latest discard is still in the river (not called away, R353)."""

    river: tuple[int, ...]
    flowers: tuple[int, ...]
    revealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    won: bool
    hand_size: int
    won_hand: tuple[int, ...]
    contract: str | None
    status: ContractStatus
    latest_kept: bool


def seat_copies(players: list[PlayerState]) -> tuple[Seat, ...]:
    """Each player's :class:`Seat` as the table stands."""
    return tuple([_seat(player) for player in players])


def _seat(player: PlayerState) -> Seat:
    """One player's copy (built as a plain tuple, without the named tuple's interpreted ``__new__``)."""
    latest = player.last_discard
    return tuple.__new__(
        Seat,
        (
            tuple(player.river),
            tuple(player.flowers),
            tuple(player.revealed) if player.revealed else (),
            tuple([m.meld for m in player.melds]) if player.melds else (),
            player.won,
            len(player.hand),
            tuple(player.hand) if player.won else (),
            player.contract,
            player.contract_status,
            latest is not None and any(tile == latest for tile in player.river),
        ),
    )


def hand_kinds(player: PlayerState) -> tuple[int, ...]:
    """The player's concealed tiles as kinds, lowest first."""
    return tuple(sorted([INSTANCE_KINDS[i] for i in player.hand]))
