"""What a word of the card language is to the bots: its worth and how the search agent imagines it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Worth:
    """A word's worth to its holder when a program runs it (a rough value: a draw 1, a look 0.5, a
    loss below 0; aimed at another player it counts the other way, ``choices.card_value``); the moves
    the search agent's imagined rounds make for it, in order, by name
    (``engine.agents.hextech.imagined_programs.MOVES``); whether it makes a player pick a hand tile
    to lose (``gives``); whether it lets a player pick a tile to add to the hand, from the wall or
    the river (``takes``)."""

    value: float
    moves: tuple[str, ...] = ()
    gives: bool = False
    takes: bool = False
