"""A table with cards in play, for the one-test-per-card play tests (issue "The game engine", item 3).

:class:`CardPlay` is the engine's :class:`engine.hextech.scenario.Scenario` playing with the whole card
library (every version-1 card, compiled): the world card, each player's augments, the contracts held
(``contracts``) or really offered and chosen (``offered``, so the cards timed at the contract choice —
S-06, P-09, B-09, B-11, B-15 — see it happen, §9.1), stacked chance / party / treasure decks and the
enabled modules (``plugins``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

from dsl import compile_cards, load_cards
from engine.hextech.scenario import Scenario, seat
from engine.hextech.vocabulary import CompiledCard

__all__ = ["CardPlay", "seat", "use"]


@cache
def library() -> dict[str, CompiledCard]:
    """Every library card (version 1) compiled, by id."""
    return {card.id: card for card in compile_cards(load_cards()) if card.version == 1}


def use(card_id: str) -> str:
    """The answer that takes up an optional card ability (``may do``)."""
    return f"use {card_id}"


@dataclass
class CardPlay(Scenario):
    """One round on an arranged table with the library's cards in play; ``events`` records every event."""

    library: Mapping[str, CompiledCard] = field(default_factory=library)
