"""The bots' reading of the words on contracts (``engine.hextech.words.contract``): a wider offer or a
candidate swapped is a gain, a contract replaced a small loss (its progress goes to 0), one abandoned
a loss (§9.1, §9.4, §10.2)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.words.worth import Worth

WORDS: Mapping[str, Worth] = {
    "offer_contracts": Worth(0.5),
    "swap_candidate": Worth(0.5),
    "replace_contract": Worth(-0.2),
    "abandon_contract": Worth(-1.0),
}
"""Each word's worth."""
