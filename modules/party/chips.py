"""The party chip ledger (欢乐筹码, §7.4, lib 二.3) and the session's 欢乐之星 (§7.1, §16).

Chips are never points: they change no score, break no tie in the ranking
and travel with the player when seats change (§13.1, §14.3, §16).  Every
change is an entry, so the readable account and a replay show why a player
holds what he holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.core.errors import IllegalActionError, InputError

SPEND_COST = 1
"""§7.4: one chip skips one of your challenges or discards your lasting challenge."""


class SpendPurpose(StrEnum):
    """What a spent chip buys (§7.4)."""

    SKIP_CHALLENGE = "skip_challenge"
    DISCARD_LASTING = "discard_lasting"


@dataclass(frozen=True)
class ChipEntry:
    """One change of a player's chips: who, by how much, and the card or purpose behind it."""

    player: int
    delta: int
    card: str
    reason: str
    round_no: int


@dataclass
class ChipLedger:
    """The chips of the session's players, indexed 0..n-1 in seat order A–D (§4).

    A player's balance is the sum of his entries and never goes below 0.
    """

    names: tuple[str, ...]
    entries: list[ChipEntry] = field(default_factory=list)

    @classmethod
    def for_players(cls, names: tuple[str, ...]) -> ChipLedger:
        """A ledger where every player starts the session at 0 chips (§16)."""
        return cls(names=tuple(names))

    def _check(self, player: int) -> None:
        if not 0 <= player < len(self.names):
            raise InputError(f"no player {player}; the session has {len(self.names)}")

    def balance(self, player: int) -> int:
        """The player's chips now."""
        self._check(player)
        return sum(entry.delta for entry in self.entries if entry.player == player)

    def balances(self) -> tuple[int, ...]:
        """Every player's chips, in seat order."""
        return tuple(self.balance(player) for player in range(len(self.names)))

    def earn(self, player: int, chips: int, card: str, round_no: int) -> None:
        """Give ``chips`` (≥ 0) for completing a challenge of ``card``, as the card says (§7.1)."""
        self._check(player)
        if chips < 0:
            raise InputError(f"a challenge awards chips, never takes them ({chips})")
        if chips:
            self.entries.append(ChipEntry(player, chips, card, "earned", round_no))

    def spend(self, player: int, purpose: SpendPurpose, card: str, round_no: int) -> None:
        """Spend one chip to skip a challenge of ``card`` or discard it as a lasting challenge (§7.4).

        A player without a chip cannot spend one: :class:`IllegalActionError`.
        """
        if self.balance(player) < SPEND_COST:
            raise IllegalActionError(f"{self.names[player]} has no chip to spend on {card}")
        self.entries.append(ChipEntry(player, -SPEND_COST, card, purpose.value, round_no))


def party_stars(ledger: ChipLedger) -> tuple[int, ...]:
    """The 欢乐之星 after round 8: every player holding the most chips, in seat order (§7.1, §16).

    Ties are shared, since chips never break ties (§16); with no chip earned
    at all there is no star.
    """
    balances = ledger.balances()
    best = max(balances, default=0)
    if best <= 0:
        return ()
    return tuple(player for player, chips in enumerate(balances) if chips == best)
