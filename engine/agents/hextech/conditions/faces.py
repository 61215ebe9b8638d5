"""The bots' reading of the face words of a hand condition (``engine.hextech.conditions.faces``): a
word bounded from above makes the faces it rules out *junk*, one bounded from below makes its faces
*wanted*; ``distinct_faces`` protects the single tiles, ``suits_with_numbers`` aims at the numbers in
the suit holding most of them (§9.5)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.aims import (
    ALL_FACES,
    NO_AIM,
    Context,
    Steer,
    lower_bound,
    numbers_of,
    run_in,
    suit_kinds,
    suits_by_count,
    upper_bound,
)
from engine.agents.hextech.conditions.reading import Reading
from engine.core.tiles import NUM_KINDS, NUMBER_SUITS
from engine.hextech.conditions.hand_reading import filter_kinds
from engine.hextech.predicates import Compare


def _tiles_aim(term: Compare, ctx: Context) -> Steer:
    kinds = filter_kinds(term.left.args[0], ctx.facts_of())  # type: ignore[arg-type]
    if upper_bound(term) == 0:
        return Steer(junk=kinds)
    least = lower_bound(term)
    if least:
        return Steer(wanted=kinds, need=least - sum(ctx.counts[k] for k in kinds))
    return NO_AIM


def _number_suits_aim(term: Compare, ctx: Context) -> Steer:
    most = upper_bound(term)
    if most is None or most >= len(NUMBER_SUITS):
        return NO_AIM
    return Steer(junk=suit_kinds(suits_by_count(ctx.counts)[most:]))


def _max_suit_aim(term: Compare, ctx: Context) -> Steer:
    least = lower_bound(term)
    if not least:
        return NO_AIM
    kinds = suit_kinds(suits_by_count(ctx.counts)[:1])
    return Steer(wanted=kinds, need=least - sum(ctx.counts[k] for k in kinds))


def _revealed_aim(term: Compare, ctx: Context) -> Steer:
    return Steer(protect=frozenset(ctx.revealed)) if lower_bound(term) else NO_AIM


def _distinct_aim(term: Compare, ctx: Context) -> Steer:
    """``distinct_faces >= n`` (B-16's nine faces): while the hand holds no more than ``n`` faces,
    its single tiles are *protected* (a duplicate goes instead) and, while fewer, the faces it lacks
    are *wanted*, as many as it lacks."""
    least = lower_bound(term) or 0
    faces = frozenset(k for k in range(NUM_KINDS) if ctx.counts[k])
    if len(faces) > least:
        return NO_AIM
    singles = frozenset(k for k in faces if ctx.counts[k] == 1)
    return Steer(wanted=ALL_FACES - faces, need=least - len(faces), protect=singles)


def _numbers_aim(term: Compare, ctx: Context) -> Steer:
    """``suits_with_numbers(a, …) >= 1`` (C-20's 一 and 九 of one suit): those numbers aimed at in
    the suit holding most of them."""
    if (lower_bound(term) or 0) != 1:
        return NO_AIM
    return run_in(ctx, numbers_of(term.left.args))


WORDS: Mapping[str, Reading] = {
    "tiles": Reading(measured=_tiles_aim),
    "distinct_faces": Reading(measured=_distinct_aim),
    "max_suit_tiles": Reading(measured=_max_suit_aim),
    "number_suits": Reading(measured=_number_suits_aim),
    "suits_with_numbers": Reading(measured=_numbers_aim),
}
"""Each word's reading."""
