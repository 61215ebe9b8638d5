"""The bots' reading of the table facts of the event heard (``engine.hextech.conditions.event``): a
playout is all play, so a watch's ``is(phase, play)`` holds at every moment of it."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.conditions.reading import Moment, Reading
from engine.hextech.predicates import Call
from engine.hextech.view import PlayerView


def _is_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return 1


WORDS: Mapping[str, Reading] = {
    "is": Reading(known=_is_at),
}
"""Each fact's reading."""
