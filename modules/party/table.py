"""The party module's state in a session: the chips, the F-T trackers, the per-card counts (§7).

Chips live for the whole session (§16); F-T trackers for the round, and a
player's end when he wins (§7.6).  The one-lasting-card slot (§7.3, §14.1)
is the engine's, shared with chance cards (§6.9).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from modules.party.challenges import ChallengePolicy, ChallengeResult
from modules.party.chips import ChipLedger
from modules.party.designated import DesignatedTile


@dataclass
class PartyTable:
    """Everything the party module keeps; ``policy`` is how bots answer challenges.

    ``completions`` and ``paid`` count, per card this round, the completed
    challenges and the chips paid (for ``Reward.rewarded``, ``needs``, ``cap``);
    ``outcomes`` keeps every performer's outcome of the session with its round
    and the letters of the players whose chips it moved.
    """

    ledger: ChipLedger
    policy: ChallengePolicy = field(default_factory=ChallengePolicy)
    round_no: int = 1
    watched: dict[str, tuple[int, DesignatedTile]] = field(default_factory=dict)
    completions: dict[str, int] = field(default_factory=dict)
    paid: dict[str, int] = field(default_factory=dict)
    outcomes: list[tuple[int, ChallengeResult, str]] = field(default_factory=list)

    def trackers_of(self, player: int) -> list[DesignatedTile]:
        """``player``'s F-T trackers, by card id."""
        return [tracker for card, (holder, tracker) in sorted(self.watched.items()) if holder == player]

    def leave(self, player: int) -> None:
        """A winner leaves the round: his F-T challenges end (§7.6)."""
        self.watched = {card: held for card, held in self.watched.items() if held[0] != player}

    def end_round(self) -> None:
        """The round is over: the F-T challenges end; chips stay (§7.5, §16)."""
        self.watched.clear()
        self.completions.clear()
        self.paid.clear()
        self.round_no += 1
