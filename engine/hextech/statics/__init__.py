"""The statics of the card language — the legality questions a card may ``allow`` or ``forbid`` —
one module per family, each declared with its answer (:class:`~engine.hextech.statics.spec.StaticSpec`):
``calls`` (chi, pon, kongs, a discard nobody may call), ``discards``, ``hu`` and ``contract``.  The
rules (:class:`engine.hextech.rules.Rules`) ask a question by looking up the statics that answer its
act (:data:`ASKING`).  What a static is to the bots is in the family of the same name of
:mod:`engine.agents.hextech.statics`.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.hextech.statics import calls, contract, discards, hu
from engine.hextech.statics.spec import StaticSpec

FAMILIES = (calls, discards, hu, contract)
"""The families, in the order the reference lists their statics."""

STATICS: Mapping[str, StaticSpec] = {spec.name: spec for family in FAMILIES for spec in family.WORDS}
"""Every legality question a static may answer, by name."""

ASKING: Mapping[str, tuple[StaticSpec, ...]] = {
    act: tuple(spec for spec in STATICS.values() if act in spec.asks)
    for act in dict.fromkeys(act for spec in STATICS.values() for act in spec.asks)
}
"""The statics that answer each act the rules ask about, in declaration order (a player's own before
the discarder's)."""

UNANSWERED: Mapping[str, str] = {
    "change_contract": "no card of the library allows or forbids it and no rule lets a revealed contract "
    "change, so the rules never ask it; a card that allows it is written but changes nothing",
}
"""The statics the rules never ask, each with the reason."""
