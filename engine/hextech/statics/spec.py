"""What a static is made of: its declaration with the answer it gives (§15), and the question it is
asked with."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from engine.core.table import Table
from engine.hextech.effects.hooks import Status
from engine.hextech.state import PlayerState
from engine.hextech.vocabulary import Param


@dataclass(init=False)
class Asked:
    """One legality question as the rules ask it: may ``player`` do the act (a call, a discard, a hu)
    with the tile ``face`` — the tile drawn this turn ``drawn``, on ``source``'s discard?  (Asked at
    every call and discard, so its ``__init__`` is written out for the compiled build.)"""

    table: Table[PlayerState]
    player: int
    face: int
    drawn: int | None
    source: int | None

    def __init__(
        self,
        table: Table[PlayerState],
        player: int,
        face: int,
        drawn: int | None = None,
        source: int | None = None,
    ) -> None:
        self.table = table
        self.player = player
        self.face = face
        self.drawn = drawn
        self.source = source


Answer = Callable[[Status, Asked], bool]
"""Whether a static in force touches the question asked: for a ``forbid``, that it bars the act; for
an ``allow``, that it permits what the base rule refuses."""


def always(status: Status, asked: Asked) -> bool:
    """The static touches every question it answers."""
    return True


@dataclass(frozen=True)
class StaticSpec:
    """A legality question a card may ``allow`` or ``forbid``, with its parameters, declared with its
    answer: the acts of the rules it answers (``asks``), whose statics are asked (the asker's, or the
    discarder's for a call on a discard), whether a ``forbid`` of it bars the act asked (``bars``) and
    whether an ``allow`` permits it (``permits``; ``None``: an ``allow`` of it permits nothing the
    base rule refuses)."""

    name: str
    params: tuple[Param, ...]
    question: str
    section: str
    asks: tuple[str, ...]
    bars: Answer = always
    permits: Answer | None = None
    whose: Literal["asker", "source"] = "asker"
