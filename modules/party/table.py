"""The party module's state in a session: chips, lasting challenges, F-T trackers, outcomes (§7).

Chips live for the whole session (§16); lasting challenges and F-T trackers
for the round, and a player's end when he wins (§7.6).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from modules.party.challenges import ChallengePolicy, ChallengeResult
from modules.party.chips import ChipLedger
from modules.party.designated import DesignatedTile


@dataclass
class PartyTable:
    """Everything the party module keeps; ``policy`` is how bots answer challenges."""

    ledger: ChipLedger
    policy: ChallengePolicy = field(default_factory=ChallengePolicy)
    round_no: int = 1
    lasting: dict[int, str] = field(default_factory=dict)
    watched: dict[str, tuple[int, DesignatedTile]] = field(default_factory=dict)
    results: list[ChallengeResult] = field(default_factory=list)

    def trackers_of(self, player: int) -> list[DesignatedTile]:
        """``player``'s F-T trackers, by card id."""
        return [tracker for card, (holder, tracker) in sorted(self.watched.items()) if holder == player]

    def leave(self, player: int) -> None:
        """A winner leaves the round: his lasting challenge ends (§7.6)."""
        card = self.lasting.pop(player, None)
        if card is not None:
            self.watched.pop(card, None)

    def end_round(self) -> None:
        """The round is over: lasting challenges and trackers end; chips stay (§7.3, §16)."""
        self.lasting.clear()
        self.watched.clear()
        self.round_no += 1
