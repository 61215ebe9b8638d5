"""The contracts and augment shapes the scoring tests use: the compiled ``cards/*.hex`` (lib 七–十),
so the card text is what is tested."""

from __future__ import annotations

from engine.hextech.contracts import ContractTerms
from tools.cmd_score import catalogue

CATALOGUE = catalogue()

CONTRACT_IDS: tuple[str, ...] = tuple(
    [f"C-{n:02d}" for n in range(1, 25)] + [f"B-{n:02d}" for n in range(1, 17)]
)
"""The 24 normal and 16 black contracts of the card library (lib 九, 十)."""


def terms(card_id: str) -> ContractTerms:
    """The compiled contract terms of ``card_id``."""
    found = CATALOGUE.contract(card_id)
    assert found is not None, f"{card_id} is not a compiled contract"
    return found
