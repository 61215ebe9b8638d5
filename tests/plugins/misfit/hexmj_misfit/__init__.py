"""A module whose ``hexmj_decks`` asks for an argument the specification does not have."""

from __future__ import annotations

from engine.hextech.hookspecs import DeckSpec, ModuleSpec, hookimpl


@hookimpl
def hexmj_module() -> ModuleSpec:
    """The misfit module: on in the all mode, no cards."""
    return ModuleSpec(name="misfit", title="错配模块", tag="错配模块", modes=("all",), card_files=())


@hookimpl
def hexmj_decks(table: object) -> list[DeckSpec]:
    """Asks for ``table``, which ``hexmj_decks`` does not offer."""
    return []
