"""The bots' reading of the words on the order of play (``engine.hextech.words.table``): a safe discard
is a small gain (lib 二.1 安全弃牌)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.words.worth import Worth

WORDS: Mapping[str, Worth] = {
    "make_safe": Worth(0.3),
}
"""Each word's worth."""
