"""The one table with every hand open, as a replay's frame and a round's winners show it, at a
table of any rule set (issue 33 item 1; §11 phase 3, standard rules 和牌): each seat's concealed
tiles in face order and its melds, its river and flowers, whether it has won, the wall left and the
dealer, read from :class:`engine.core.table.Table`, which every rule set plays on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.core.seats import PLAYERS
from engine.core.table import P, Table
from engine.core.tiles import FACES, INSTANCE_KINDS
from tools.console_web.round_results import Hand


class Laid(NamedTuple):
    """The table with every hand open, as a replay's frame shows it: each seat's hand, melds, river
    and flowers, the wall left and the dealer."""

    seats: Mapping[str, Mapping[str, Any]]
    wall: int
    dealer: str


def laid_hand(table: Table[P] | None, player: int) -> Hand:
    """``player``'s concealed tiles in face order and melds as they lie (none before the first
    deal)."""
    if table is None:
        return [], []
    held = table.players[player]
    hand = [FACES[k] for k in sorted(INSTANCE_KINDS[i] for i in held.hand)]
    melds = [{"kind": m.meld.kind.value, "tiles": [FACES[k] for k in m.meld.tiles]} for m in held.melds]
    return hand, melds


def laid_open(table: Table[P] | None) -> Laid | None:
    """Every seat's hand, melds, river and flowers, whether it has won, the wall and the dealer;
    ``None`` before the first deal."""
    if table is None:
        return None
    seats = {}
    for p, held in enumerate(table.players):
        hand, melds = laid_hand(table, p)
        seats[PLAYERS[p]] = {
            "hand": hand,
            "melds": melds,
            "river": [FACES[INSTANCE_KINDS[i]] for i in held.river],
            "flowers": [FACES[INSTANCE_KINDS[i]] for i in held.flowers],
            "won": held.won,
        }
    return Laid(seats, len(table.wall), PLAYERS[table.dealer])
