"""The effect primitives cards are written with, and the machinery that runs card programs.

Each primitive is a small named function registered in
:data:`engine.effects.program.PRIMITIVES`, grouped by what it acts on:
``deck_ops`` (chance and party cards), ``wall_ops`` (the wall), ``hand_ops``
(hands and discards), ``table_ops`` (values, players, seats, contracts,
treasure, party).  ``table_changes`` makes the changes the round keeps
track of (reveals, views, retractions, seats, contracts).  ``hooks`` puts
cards on the bus; ``facts`` answers the guards; ``context`` resolves roles
and tile filters.
"""

from engine.effects import deck_ops, hand_ops, table_ops, wall_ops
from engine.effects.program import PRIMITIVES, run_program

__all__ = ["PRIMITIVES", "deck_ops", "hand_ops", "run_program", "table_ops", "wall_ops"]
