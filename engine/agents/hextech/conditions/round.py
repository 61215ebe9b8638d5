"""The bots' reading of the table facts of the round (``engine.hextech.conditions.round``): the normal
draws made and whether the player has won, at a moment of a playout."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.conditions.reading import Moment, Reading
from engine.hextech.predicates import Call
from engine.hextech.view import PlayerView


def _draws_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return moment.draws


def _won_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return int(moment.won)


WORDS: Mapping[str, Reading] = {
    "normal_draws": Reading(known=_draws_at),
    "has_won": Reading(known=_won_at),
}
"""Each fact's reading."""
