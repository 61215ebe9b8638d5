"""The lasting-challenge slot: one lasting party card per player at a time (§7.3, §14.1, lib 二.2).

When a new lasting challenge arrives and one is still running, the player
keeps one of the two; the other is discarded without effect.  F-T cards are
lasting challenges (§7.3).  A chip discards one's own lasting challenge
(§7.4), and a win ends it (§7.6).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalActionError
from modules.party.chips import ChipLedger, SpendPurpose


@dataclass(frozen=True)
class SlotChange:
    """The slot after a change, and the card that left it without effect (if any)."""

    kept: str | None
    discarded: str | None


def take_lasting(current: str | None, arriving: str, keep: str) -> SlotChange:
    """The player keeps ``keep``, one of ``current`` and ``arriving``; the other is discarded (§7.3)."""
    if current is None:
        return SlotChange(kept=arriving, discarded=None)
    if keep not in (current, arriving):
        raise IllegalActionError(f"keep {current} or {arriving}, not {keep}")
    return SlotChange(kept=keep, discarded=arriving if keep == current else current)


def discard_with_chip(ledger: ChipLedger, player: int, current: str | None, round_no: int) -> SlotChange:
    """Spend one chip to discard one's own lasting challenge (§7.4)."""
    if current is None:
        raise IllegalActionError(f"{ledger.names[player]} has no lasting challenge to discard")
    ledger.spend(player, SpendPurpose.DISCARD_LASTING, current, round_no)
    return SlotChange(kept=None, discarded=current)
