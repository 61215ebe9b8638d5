"""The party module's words (§7): declared here, run by the module (``modules/party/play.py``,
``hexmj_primitives``)."""

from __future__ import annotations

from engine.hextech.effects.program import in_module
from engine.hextech.vocabulary import CHIPS as MOST_CHIPS
from engine.hextech.vocabulary import HOLDER, Param, PrimitiveSpec

CHALLENGE = PrimitiveSpec(
    "challenge",
    (
        Param("performer", "players", "holder"),
        Param("reward", "int", 1, 0, MOST_CHIPS),
        Param("consent", "flag", "no"),
        Param("reward_to", "players", "performer"),
        Param("rewarded", "int", 0, 0, MOST_CHIPS),
        Param("needs", "int", 1, 1, MOST_CHIPS),
        Param("max", "int", 0, 0, MOST_CHIPS),
        Param("lose", "flag", "no"),
    ),
    "Show the card's challenge; the outcome is recorded (done, alternative, refused, skipped "
    "by a chip, failed); `reward` chips to `reward_to` for each completion; `rewarded` N: only "
    "the card's first N completions earn chips (0: all); `needs` N: chips after N completions; "
    "`max`: at most this many chips in all (0: no cap); `lose`: the challenge is a game the "
    "performer may lose, played all the same (`lost`, paid as done; `challenge_lost` holds).",
    "§7.1, lib 二.3",
    decision="performers",
)


CHIPS = PrimitiveSpec(
    "chips",
    (Param("n", "int", low=-MOST_CHIPS, high=MOST_CHIPS), HOLDER),
    "Award (or spend, n < 0) party chips; not score.",
    "§7.4",
)


WATCH_TILE = PrimitiveSpec(
    "watch_tile",
    (Param("face", "tile"),),
    "The designated-tile template: check newly acquired copies at the end of each turn.",
    "§7.5, lib 二.4",
    lasting=True,
)


in_module(CHALLENGE, CHIPS, WATCH_TILE)

WORDS = (CHALLENGE, CHIPS, WATCH_TILE)
"""The words of this family, in the order the reference lists them."""
