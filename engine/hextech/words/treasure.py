"""The treasure module's words (§8): declared here, run by the module (``modules/treasure/play.py``,
``hexmj_primitives``); ``treasure_order`` is read from a T card's compiled step
(``modules/treasure/orders.py``), never run."""

from __future__ import annotations

from engine.hextech.effects.program import in_module
from engine.hextech.vocabulary import Param, PrimitiveSpec

REDRAW_TREASURE = PrimitiveSpec(
    "redraw_treasure",
    (),
    "Discard the treasure order and reveal a new one.",
    "§8.4",
    causes=("treasure.changed",),
)


TREASURE_ORDER = PrimitiveSpec(
    "treasure_order",
    (Param("kind", "order_kind", "face"), Param("face", "tile", "chosen")),
    "What a treasure order makes treasure: a fixed `face`, the holder's seat wind, the die "
    "number in all three suits, a face the dealer names, or the dealer's seat wind at round start.",
    "§8, lib 十一",
)


SET_PERSONAL_TREASURE = PrimitiveSpec(
    "set_personal_treasure",
    (Param("face", "name", "chosen"),),
    "The holder's own treasure face, replacing the public one for the holder only.",
    "§8.3",
)


in_module(REDRAW_TREASURE, SET_PERSONAL_TREASURE)

WORDS = (REDRAW_TREASURE, TREASURE_ORDER, SET_PERSONAL_TREASURE)
"""The words of this family, in the order the reference lists them."""
