"""A challenge's outcome and what it does to the chips (§7.1, §7.4, §17.4, lib 二.3).

Every challenge ends in one :class:`Outcome`, recorded per performer.  The
right to refuse is unconditional and free (§17.4); skipping with a chip costs
one (§7.4); the card's alternative action counts as done (lib 二.3).  No
outcome touches the score, a draw, a call or a win (§7.1).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from modules.party.chips import ChipLedger, SpendPurpose


class Outcome(StrEnum):
    """How one performer's challenge ended."""

    DONE = "done"
    ALTERNATIVE = "alternative"
    REFUSED = "refused"
    CHIP_SKIPPED = "chip_skipped"
    FAILED = "failed"

    @property
    def completed(self) -> bool:
        """Done, by the action or by the card's alternative: the card's chips are earned."""
        return self in COMPLETED


COMPLETED = frozenset({Outcome.DONE, Outcome.ALTERNATIVE})


@dataclass(frozen=True)
class ChallengeResult:
    """One performer's recorded outcome of a challenge and the chips it moved."""

    card: str
    player: int
    outcome: Outcome
    chips: int


def settle(
    ledger: ChipLedger, card: str, player: int, outcome: Outcome, reward: int, round_no: int
) -> ChallengeResult:
    """Record ``player``'s ``outcome`` of ``card`` and move the chips.

    A completed challenge earns ``reward`` chips (what the card says for this
    completion); a chip skip spends one chip, and a player without a chip
    cannot choose it (:class:`~engine.errors.IllegalActionError`); a refusal
    or a failure moves nothing.
    """
    if outcome is Outcome.CHIP_SKIPPED:
        ledger.spend(player, SpendPurpose.SKIP_CHALLENGE, card, round_no)
        return ChallengeResult(card, player, outcome, -1)
    earned = reward if outcome.completed else 0
    ledger.earn(player, earned, card, round_no)
    return ChallengeResult(card, player, outcome, earned)


@dataclass(frozen=True)
class ChallengePolicy:
    """How a bot answers a challenge: it accepts with probability ``accept``.

    Otherwise it does the alternative with probability ``alternative``, and
    else refuses (free, §17.4).  Draws come from the session's seeded RNG,
    so a simulation replays.
    """

    accept: float = 0.8
    alternative: float = 0.1

    def decide(self, rng: random.Random) -> Outcome:
        """The bot's outcome for one challenge."""
        roll = rng.random()
        if roll < self.accept:
            return Outcome.DONE
        if roll < self.accept + self.alternative:
            return Outcome.ALTERNATIVE
        return Outcome.REFUSED
