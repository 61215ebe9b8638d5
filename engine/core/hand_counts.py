"""A player's concealed tiles as 34 counts, kept while the hand is unchanged: every response to a
discard and every self-draw reads them (§12.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.hand import ShortHand
from engine.core.shanten import shanten_counts
from engine.core.tiles import ALL_KINDS, INSTANCE_KINDS, NUM_KINDS


@dataclass(slots=True, init=False)
class HandCounts:
    """One player's concealed tiles as 34 counts (and their shanten, once asked), kept while the hand
    is unchanged: the responses to every discard read them (§12.2).  ``vector`` is shared; a reader
    that changes it restores it.  ``flowers``: the hand holds a flower, which the counts leave out.
    (``__init__`` is written out so that the compiled build compiles it too.)"""

    hand: list[int]
    vector: list[int]
    flowers: bool
    _shanten: tuple[int, int] | None
    """The last shanten asked: for how many melds, and its value."""
    _short: ShortHand | None
    """The counts read for the tile that would complete them, once asked (:meth:`completed_by`)."""

    def __init__(self, hand: list[int], vector: list[int], flowers: bool) -> None:
        self.hand = hand
        self.vector = vector
        self.flowers = flowers
        self._shanten = None
        self._short = None

    def completed_by(self, face: int, n_melds: int) -> bool:
        """Whether one more ``face`` completes the concealed tiles beside ``n_melds`` melds in a form
        without grants (a hu on a discard, §12.2): :func:`~engine.core.hand.is_complete_counts` of the
        counts with that tile."""
        short = self._short
        if short is None:
            short = self._short = ShortHand(self.vector)
        return short.completed_by(face, n_melds)

    def shanten(self, n_melds: int) -> int:
        """The shanten of the concealed tiles beside ``n_melds`` melds."""
        known = self._shanten
        if known is None or known[0] != n_melds:
            known = self._shanten = (n_melds, shanten_counts(self.vector, n_melds))
        return known[1]


def count_hand(memo: dict[int, HandCounts], player: int, hand: list[int]) -> HandCounts:
    """The player's :class:`HandCounts`, recounted only when their concealed tiles changed; a tile
    drawn onto the end of the hand is added to the kept counts."""
    counted = memo.get(player)
    if counted is None:
        counted = memo[player] = _counted(hand)
    elif counted.hand != hand:
        counted = memo[player] = _drawn_to(counted, hand) if hand[:-1] == counted.hand else _counted(hand)
    return counted


def _drawn_to(counted: HandCounts, hand: list[int]) -> HandCounts:
    """The counts of ``hand``: the counted hand with one tile drawn onto its end."""
    vector = counted.vector[:]
    face = INSTANCE_KINDS[hand[-1]]
    if face < NUM_KINDS:
        vector[face] += 1
    return HandCounts(hand[:], vector, counted.flowers or face >= NUM_KINDS)


def _counted(hand: list[int]) -> HandCounts:
    """The counts of a hand's tile instances, flowers set apart."""
    vector = [0] * ALL_KINDS
    for i in hand:
        k = INSTANCE_KINDS[i]
        vector[k] = vector[k] + 1
    flowers = any(vector[NUM_KINDS:])
    del vector[NUM_KINDS:]
    return HandCounts(hand[:], vector, flowers)
