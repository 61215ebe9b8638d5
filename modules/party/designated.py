"""The designated-tile template of the F-T cards (指定牌挑战, §7.5, lib 二.4) as a reusable tracker.

The card lies face up in front of its holder until the round ends.  Only a
copy of the designated face acquired after the card was drawn triggers, by a
normal draw, a flower or kong replacement, or a card effect (the engine's
``tile.acquired``, which never covers a call, H21); a copy of the starting hand
or one already held triggers nothing ("起手已有指定牌不触发").  At the end of a
turn in which such a copy was acquired (after the turn's discard, or its hu),
the tracker checks the hand: a fresh copy still in hand — more copies of the
face than before the turn's first one came, R363 — gives the single action;
"检查时手中有至少2张该指定牌" — two or more copies in the concealed hand at that
check, whenever they came — give the double action instead; a copy already
discarded that turn gives nothing, a copy of the face discarded being one of the
turn's fresh copies first.  Each card triggers in at most two
turns a round; each completed action earns 1 chip, a double action too (R33,
re-ruled).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from engine.core.tiles import kind_of_instance

MAX_TRIGGERING_TURNS = 2
"""§7.5: each F-T card triggers in at most 2 turns per round."""
CHIPS_PER_ACTION = 1
"""§7.5: 1 chip per completed single or double action."""
DOUBLE_AT = 2
"""§7.5: at least 2 designated tiles at the check give the double action."""


class DesignatedAction(StrEnum):
    """The action a check asks for: the card's 单张动作 or its 双张动作."""

    SINGLE = "single"
    DOUBLE = "double"


@dataclass
class DesignatedTile:
    """One F-T card in front of its holder: the designated face and what it has seen this round."""

    card: str
    face: int
    fresh: int = 0
    """How many copies came this turn."""
    before: int = 0
    """How many copies the hand held when the turn's first fresh copy came."""
    triggered_turns: int = 0

    def acquire(self, instance: int, hand: Iterable[int]) -> None:
        """A tile came into ``hand`` other than by a call (``tile.acquired``, H21): a copy is noted, and
        with the turn's first one, how many copies the hand held before it."""
        if kind_of_instance(instance) != self.face:
            return
        if not self.fresh:
            self.before = self._copies(hand) - 1
        self.fresh += 1

    def check(self, hand: Iterable[int]) -> DesignatedAction | None:
        """End of a turn (after its discard or hu): the action due, if any, given the concealed hand.
        A fresh copy is still held when the hand holds more copies of the face than before the turn's
        first one came: copies of one face are told apart by no one at the table, so a copy discarded
        is one of the turn's fresh copies first ("同回合已经打出则不触发", R363).  Every copy held then
        counts for the double action.

        The turn's fresh copies are forgotten after the check, whatever its result.
        """
        copies = self._copies(hand)
        fresh, self.fresh = self.fresh, 0
        if not fresh or copies <= self.before or self.triggered_turns >= MAX_TRIGGERING_TURNS:
            return None
        self.triggered_turns += 1
        return DesignatedAction.DOUBLE if copies >= DOUBLE_AT else DesignatedAction.SINGLE

    def _copies(self, hand: Iterable[int]) -> int:
        """How many copies of the designated face ``hand`` holds."""
        return sum(1 for i in hand if kind_of_instance(i) == self.face)
