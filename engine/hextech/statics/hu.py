"""The static of winning: may a player win with the contract unfinished (§9, lib 八 P-17).  An
``allow`` of it lets the scorer read the contract as abandoned when the hu would otherwise not be
legal (CARD-INVENTORY §3 pair 9)."""

from __future__ import annotations

from engine.hextech.statics.spec import StaticSpec, always

HU = "hu"
"""The act the rules ask this static about."""

HU_WITHOUT_CONTRACT = StaticSpec(
    "hu_without_contract",
    (),
    "may this player win with the contract unfinished?",
    "§9, lib 八 P-17",
    asks=(HU,),
    permits=always,
)

WORDS = (HU_WITHOUT_CONTRACT,)
"""The statics of this family."""
