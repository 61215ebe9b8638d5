"""The bots' reading of the words that draw cards (``engine.hextech.words.deck``): a card drawn is a
small gain whatever it turns out to be (§6.4); the imagined rounds move no tile for it."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.words.worth import Worth

WORDS: Mapping[str, Worth] = {
    "draw_card": Worth(0.3),
    "draw_keep": Worth(0.3),
    "redraw": Worth(0.2),
}
"""Each word's worth and imagined moves."""
