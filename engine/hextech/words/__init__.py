"""The words of the card language that act — the primitives — one module per family, each word's
declaration (:class:`engine.hextech.vocabulary.PrimitiveSpec`) right above its run.

A family groups the words by what they act on: ``deck`` (chance and party cards), ``choice`` (a value
named, a player picked), ``wall``, ``hand``, ``table`` (the seats, a discard nobody may call),
``contract``, and the modules' ``treasure`` and ``party``, whose words the module runs
(``hexmj_primitives``).  What a word is worth to an agent and how the search agent imagines it are
in the family of the same name of :mod:`engine.agents.hextech.words`.  Importing this package
registers every run (:data:`engine.hextech.effects.program.PRIMITIVES`).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.hextech.vocabulary import PrimitiveSpec
from engine.hextech.words import choice, contract, deck, hand, party, table, treasure, wall

FAMILIES = (deck, choice, wall, hand, table, contract, treasure, party)
"""The families, in the order the reference lists their words."""

PRIMITIVES: Mapping[str, PrimitiveSpec] = {word.name: word for family in FAMILIES for word in family.WORDS}
"""Every effect primitive, by name."""

TABLE_PRIMITIVES = frozenset(name for name, word in PRIMITIVES.items() if word.done_by == "table")
"""The effects the players of a table played with real tiles carry out with the tiles themselves; the
console does every other (:data:`engine.hextech.vocabulary.DONE_BY`)."""

NOT_RUN: Mapping[str, str] = {
    "treasure_order": "a treasure card's order is read from its compiled step when the card is revealed "
    "(modules/treasure/orders.py, §8); the step itself is never run",
}
"""The words no rule set or module runs, each with the reason."""
