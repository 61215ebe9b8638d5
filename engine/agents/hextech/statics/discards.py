"""The bots' reading of the statics of discards (``engine.hextech.statics.discards``): the aim a
discard its held contract forbids its holder gives the hand (``forbid ACTION for holder``, B-11, B-16)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.aims import Context, Steer
from engine.agents.hextech.choices import COPIES
from engine.agents.hextech.statics.aim import Aim
from engine.core.tiles import NUM_KINDS
from engine.hextech.conditions.hand_reading import filter_kinds
from engine.hextech.vocabulary import StaticRule

ROUND = NUM_KINDS * COPIES
"""More discards than a round holds: every one of them (B-16's bar on repeats)."""


def _discard_suit_aim(rule: StaticRule, ctx: Context) -> Steer:
    """``forbid discard_suit(suit: …)``: the suit's tiles stay (B-11's kind)."""
    suit = dict(rule.args).get("suit", "")
    return Steer(protect=filter_kinds(suit, ctx.facts_of()))  # type: ignore[arg-type]


def _repeat_aim(rule: StaticRule, ctx: Context) -> Steer:
    """``forbid discard_repeat`` (B-16: no face thrown twice, a repeat only when nothing else may
    go, R121): the faces already thrown stay, and the imagined rounds throw no face twice."""
    return Steer(protect=frozenset(ctx.discarded), unrepeated=ROUND)


WORDS: Mapping[str, Aim] = {
    "discard_suit": _discard_suit_aim,
    "discard_repeat": _repeat_aim,
}
"""Each static's aim."""
