"""The bots' reading of the words of how the win came (``engine.hextech.conditions.win``): the
revealed tiles kept are *protected*, a single wait on the pair is played for (§9.5)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.aims import NO_AIM, Context, Steer, lower_bound
from engine.agents.hextech.conditions.reading import Reading
from engine.hextech.predicates import Call, Compare


def _revealed_aim(term: Compare, ctx: Context) -> Steer:
    return Steer(protect=frozenset(ctx.revealed)) if lower_bound(term) else NO_AIM


def _single_aim(call: Call, ctx: Context) -> Steer:
    """``single_wait_on_pair`` (C-16): the imagined rounds wait on the pair alone (:attr:`Steer.single`)."""
    return Steer(single=True)


WORDS: Mapping[str, Reading] = {
    "single_wait_on_pair": Reading(asked=_single_aim),
    "revealed_kept": Reading(measured=_revealed_aim),
}
"""Each word's reading."""
