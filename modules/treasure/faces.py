"""Which faces are treasure for a player, and the treasure bonus at a win (§8, §13.6, lib 二.5).

Pure functions of the revealed order, the player's seat wind and his P-14
declaration.  Treasure never changes a tile's identity and makes no hand
legal (§8.1); it only decides the +1 bonus and what W-13, S-16, C-24 and
F-S01 look for.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.errors import IllegalActionError
from engine.core.tiles import NUMBER_SUITS, WINDS, is_flower, kind, name
from modules.treasure.orders import TreasureKind, TreasureOrder

TREASURE_BONUS = 1
"""§8.2, §13.6: +1 for a win holding at least one treasure tile, never more."""
DIE_FACES = range(1, 7)


@dataclass(frozen=True)
class RevealedOrder:
    """An order as fixed for the round: the die (T-08), the named face (T-09), the dealer's wind (T-10).

    ``dealer_wind`` is the wind of the dealer's seat when the round started;
    seat changes later do not move it (T-10).
    """

    order: TreasureOrder
    dealer_wind: int
    die: int | None = None
    named: int | None = None


def reveal(
    order: TreasureOrder, dealer_wind: int, die: int | None = None, named: int | None = None
) -> RevealedOrder:
    """Fix ``order`` for the round at its reveal, after the world card and before the deal (§8).

    T-08 needs the die (1–6), T-09 the dealer's named face, which is never a
    flower; anything else given or missing is an :class:`IllegalActionError`.
    """
    if dealer_wind not in WINDS:
        raise IllegalActionError(f"the dealer's seat wind must be a wind, not {name(dealer_wind)}")
    needs_die = order.kind is TreasureKind.DIE_NUMBER
    needs_name = order.kind is TreasureKind.DEALER_NAMED
    if needs_die != (die is not None) or (die is not None and die not in DIE_FACES):
        raise IllegalActionError(f"{order.card}: the die is rolled (1–6) for a die order only, got {die}")
    if needs_name != (named is not None):
        raise IllegalActionError(f"{order.card}: the dealer names a face for a named order only")
    if named is not None and is_flower(named):
        raise IllegalActionError(f"{order.card}: the dealer cannot name a flower ({name(named)}) (T-09)")
    return RevealedOrder(order=order, dealer_wind=dealer_wind, die=die, named=named)


def public_faces(revealed: RevealedOrder) -> frozenset[int]:
    """The faces the order makes treasure for every player; empty for a personal order (T-07)."""
    order = revealed.order
    match order.kind:
        case TreasureKind.FACE:
            return frozenset({order.face}) if order.face is not None else frozenset()
        case TreasureKind.DIE_NUMBER:
            die = revealed.die or 0
            return frozenset(kind(suit, die) for suit in NUMBER_SUITS)
        case TreasureKind.DEALER_NAMED:
            return frozenset({revealed.named}) if revealed.named is not None else frozenset()
        case TreasureKind.DEALER_WIND:
            return frozenset({revealed.dealer_wind})
        case TreasureKind.SEAT_WIND:
            return frozenset()


def faces_for(revealed: RevealedOrder, seat_wind: int, declared: int | None = None) -> frozenset[int]:
    """The player's treasure faces now (§8.3).

    ``seat_wind`` is the wind of the seat the player sits in now (T-07
    follows seat changes at once).  ``declared`` is his P-14 face: it replaces
    the order's treasure for him alone, whatever the order.
    """
    if declared is not None:
        return frozenset({declared})
    if revealed.order.kind is TreasureKind.SEAT_WIND:
        return frozenset({seat_wind})
    return public_faces(revealed)


def treasure_bonus(hand: Iterable[int], faces: frozenset[int]) -> int:
    """+1 when the complete hand (kinds, declared melds included) holds a treasure tile; else 0 (§8.2)."""
    return TREASURE_BONUS if any(tile in faces for tile in hand) else 0


def declare(face: int) -> int:
    """P-14's declared face: any exact face but a flower, as for T-09 (ruling, docs/rulings.md)."""
    if is_flower(face):
        raise IllegalActionError(f"a flower ({name(face)}) cannot be declared treasure (P-14)")
    return face
