"""The four seats of a mahjong table and their letters (standard rules 术语 一).

Players are ``0..3``, written ``A``–``D`` in logs, decisions and reports; every rule set above the
core seats four players.
"""

from __future__ import annotations

from typing import Final

PLAYERS: Final = "ABCD"
