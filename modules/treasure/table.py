"""The round's treasure as the table keeps it: the order in force, its history, the P-14 faces (§8).

The order revealed after the world card holds until O-X09 rewrites it; the
rewrite applies from its resolution on and takes nothing back (§8.4): a win
already scored keeps its bonus, later checks use the new order.  P-14 faces
are personal and survive a rewrite (§8.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.errors import IllegalActionError
from engine.core.seats import seat_wind
from engine.core.tiles import format_tiles
from modules.treasure.faces import RevealedOrder, declare, faces_for, public_faces


@dataclass
class TreasureTable:
    """The treasure of the round in progress; ``history`` lists every order revealed this round,
    ``orders`` every order of the session as ``(reveal number, card, public faces)`` (§8, §8.4)."""

    current: RevealedOrder | None = None
    history: list[RevealedOrder] = field(default_factory=list)
    declared: dict[int, int] = field(default_factory=dict)
    dealer: int = 0
    rounds: int = 0
    orders: list[tuple[int, str, str]] = field(default_factory=list)
    _faces: dict[tuple[int, int], frozenset[int]] = field(default_factory=dict, repr=False, compare=False)
    """Each player's faces in a seat under the order and declarations in force, until they change."""

    def start_round(self, revealed: RevealedOrder, dealer: int) -> None:
        """The order revealed after the world card and before the deal (§8); last round's faces go.
        ``dealer`` sits at the seat of his letter as every round starts (R1): that seat is 东 (R2)."""
        self.current = revealed
        self.dealer = dealer
        self.history = [revealed]
        self.declared = {}
        self._faces.clear()
        self.rounds += 1
        self._note(revealed)

    def rewrite(self, revealed: RevealedOrder) -> None:
        """O-X09: the new order applies from now on (§8.4); nothing decided before changes."""
        if self.current is None:
            raise IllegalActionError("no treasure order to rewrite this round")
        self.current = revealed
        self.history.append(revealed)
        self._faces.clear()
        self._note(revealed)

    def _note(self, revealed: RevealedOrder) -> None:
        self.orders.append((self.rounds, revealed.order.card, format_tiles(sorted(public_faces(revealed)))))

    def declare(self, player: int, face: int) -> None:
        """P-14: ``player``'s own treasure face for the rest of the round (§8.3)."""
        self.declared[player] = declare(face)
        self._faces.clear()

    def faces(self, player: int, seat: int) -> frozenset[int]:
        """``player``'s treasure faces now, sitting in ``seat``; none before an order is revealed."""
        if self.current is None:
            return frozenset()
        found = self._faces.get((player, seat))
        if found is None:
            found = self._faces[(player, seat)] = faces_for(
                self.current, seat_wind(seat, self.dealer), self.declared.get(player)
            )
        return found

    def end_round(self) -> str | None:
        """The round is over (§8.5): the order in force goes to the discard pile; returns its card."""
        card = self.current.order.card if self.current else None
        self.current, self.history, self.declared = None, [], {}
        self._faces.clear()
        return card
