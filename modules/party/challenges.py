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

from modules.party.chips import SPEND_COST, ChipLedger, SpendPurpose


class Outcome(StrEnum):
    """How one performer's challenge ended."""

    DONE = "done"
    ALTERNATIVE = "alternative"
    REFUSED = "refused"
    CHIP_SKIPPED = "chip_skipped"
    FAILED = "failed"
    LOST = "lost"
    """Played and lost, in a challenge that is a game (F-R02 猜拳 "无论胜负…完成猜拳后获得"): completed."""

    @property
    def completed(self) -> bool:
        """Done, by the action or by the card's alternative: the card's chips are earned."""
        return self in COMPLETED


COMPLETED = frozenset({Outcome.DONE, Outcome.ALTERNATIVE, Outcome.LOST})


@dataclass(frozen=True)
class ChallengeResult:
    """One performer's recorded outcome of a challenge and the chips it moved."""

    card: str
    player: int
    outcome: Outcome
    chips: int


@dataclass(frozen=True)
class Reward:
    """What completing a card's challenge pays, as the card's ``challenge(...)`` says (lib 二.3).

    ``chips`` per paying completion, to ``to`` (empty: the performer who
    completed it); only the card's first ``rewarded`` completions of the
    round pay (0: all; F-R05, F-S02); every ``needs``-th completion pays
    (F-R06: both must be done); at most ``cap`` chips from the card in a
    round (0: no cap; F-R04).
    """

    chips: int = 1
    to: tuple[int, ...] = ()
    rewarded: int = 0
    needs: int = 1
    cap: int = 0

    def pays(self, completion: int, paid: int) -> int:
        """The chips the card's ``completion``-th completion this round pays, ``paid`` already paid."""
        if (self.rewarded and completion > self.rewarded) or completion % max(self.needs, 1):
            return 0
        return max(0, min(self.chips, self.cap - paid)) if self.cap else self.chips


def settle(
    ledger: ChipLedger,
    card: str,
    player: int,
    outcome: Outcome,
    chips: int,
    round_no: int,
    to: tuple[int, ...] = (),
) -> ChallengeResult:
    """Record ``player``'s ``outcome`` of ``card`` and move the chips.

    A completed challenge pays ``chips`` to each of ``to`` (empty: to the
    performer); a chip skip spends one of the performer's chips, and a player
    without one cannot choose it (:class:`~engine.core.errors.IllegalActionError`);
    a refusal or a failure moves nothing.
    """
    if outcome is Outcome.CHIP_SKIPPED:
        ledger.spend(player, SpendPurpose.SKIP_CHALLENGE, card, round_no)
        return ChallengeResult(card, player, outcome, -SPEND_COST)
    earned = chips if outcome.completed else 0
    for recipient in to or (player,):
        ledger.earn(recipient, earned, card, round_no)
    return ChallengeResult(card, player, outcome, earned)


@dataclass(frozen=True)
class ChallengePolicy:
    """How a bot answers a challenge: it accepts with probability ``accept``.

    Otherwise it does the alternative with probability ``alternative``, and
    else refuses (free, §17.4) — or, holding a chip, skips with it with
    probability ``skip`` (§7.4).  Offered to pay a chip to put away its
    lasting challenge, it does so with probability ``discard`` (§7.4).
    Draws come from the session's seeded RNG, so a simulation replays.
    """

    accept: float = 0.8
    alternative: float = 0.1
    skip: float = 0.0
    discard: float = 0.0

    def decide(self, rng: random.Random, can_skip: bool = False) -> Outcome:
        """The bot's outcome for one challenge; ``can_skip``: it holds a chip to skip with."""
        roll = rng.random()
        if roll < self.accept:
            return Outcome.DONE
        if roll < self.accept + self.alternative:
            return Outcome.ALTERNATIVE
        if can_skip and self.skip > 0 and rng.random() < self.skip:
            return Outcome.CHIP_SKIPPED
        return Outcome.REFUSED

    def discards(self, rng: random.Random) -> bool:
        """Whether the bot pays a chip to put away its lasting challenge now (§7.4)."""
        return self.discard > 0 and rng.random() < self.discard
