"""The static of a revealed contract: may its holder change it (§9.4).  The rules ask it nowhere
(:data:`engine.hextech.statics.UNANSWERED`)."""

from __future__ import annotations

from engine.hextech.statics.spec import StaticSpec

CHANGE_CONTRACT = StaticSpec(
    "change_contract", (), "may this player change the revealed contract?", "§9.4", asks=()
)

WORDS = (CHANGE_CONTRACT,)
"""The statics of this family."""
