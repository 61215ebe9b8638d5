"""What a word of a condition is to the bots (:class:`Reading`), and the moment of a playout a table
fact is read at (:class:`Moment`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.agents.hextech.aims import Context, Steer
from engine.hextech.predicates import Call, Compare
from engine.hextech.view import PlayerView


@dataclass(frozen=True, init=False)
class Moment:
    """The player's table facts at one point of a playout: its discards so far, its normal draws,
    whether it has won (a watch's facts, ``engine.hextech.effects.facts.FACTS``).  Its ``__init__`` is
    written out, so that the compiled build compiles it (docs/performance.md)."""

    discards: tuple[int, ...]
    draws: int
    won: bool

    def __init__(self, discards: tuple[int, ...], draws: int, won: bool) -> None:
        object.__setattr__(self, "discards", discards)
        object.__setattr__(self, "draws", draws)
        object.__setattr__(self, "won", won)


Measured = Callable[[Compare, Context], Steer]
"""The aim a word gives a hand when a held contract compares it with a number."""
Asked = Callable[[Call, Context], Steer]
"""The aim a word gives a hand when a held contract asks it as a truth."""
Known = Callable[[Call, Moment, PlayerView], int]
"""A table fact's value at a moment of a playout of the player's own hand."""


@dataclass(frozen=True)
class Reading:
    """What a word of a condition is to the bots, each part where they read it: the aim a held
    contract gives a hand when its hand condition (or, for a table fact, a public watch on the
    holder's own discards) compares the word with a number (``measured``) or asks it as a truth
    (``asked``), read by :func:`engine.agents.hextech.steering.steer_of`; a table fact's value at a
    moment of a playout (``known``), read by :func:`engine.agents.hextech.choices.holds_at`."""

    measured: Measured | None = None
    asked: Asked | None = None
    known: Known | None = None
