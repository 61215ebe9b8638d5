"""The bots' reading of the table facts of the rivers (``engine.hextech.conditions.river``): their
value at a moment of a playout, from the playout's own discards, and the river a public watch on the
holder's own discards asks for, thrown as the round goes (C-03, C-09, B-16)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.agents.hextech.aims import HONOURS, NO_AIM, Context, Steer, lower_bound, suit_kinds
from engine.agents.hextech.conditions.reading import Moment, Reading
from engine.core.tiles import NUMBER_SUITS, is_number, suit_of
from engine.hextech.predicates import Call, Compare
from engine.hextech.view import PlayerView


def _river_suits_aim(term: Compare, ctx: Context) -> Steer:
    """``river_suits(holder) >= n`` (C-03: a 万, a 条 and a 筒 in the holder's river): while its
    river lacks suits, their tiles are thrown first of equal discards."""
    thrown = {NUMBER_SUITS[k // 9] for k in ctx.discarded if k < HONOURS}
    if len(thrown) >= (lower_bound(term) or 0):
        return NO_AIM
    return Steer(spread=suit_kinds([s for s in NUMBER_SUITS if s not in thrown]))


def _fresh_aim(term: Compare, ctx: Context) -> Steer:
    """``distinct_discards(holder) == n`` with ``discards(holder) == n`` (C-09: the first four
    discards all different): while the river holds fewer than ``n``, none repeated, the first ``n``
    throw no face twice."""
    first = lower_bound(term) or 0
    river = ctx.discarded
    if len(river) >= first or len(set(river)) < len(river):
        return NO_AIM
    return Steer(unrepeated=first)


def _suits_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return len({suit_of(k) for k in moment.discards if is_number(k)})


def _discards_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return len(moment.discards)


def _distinct_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return len(set(moment.discards))


def _repeated_at(call: Call, moment: Moment, view: PlayerView) -> int:
    return int(len(set(moment.discards)) < len(moment.discards))


WORDS: Mapping[str, Reading] = {
    "river_suits": Reading(measured=_river_suits_aim, known=_suits_at),
    "discards": Reading(known=_discards_at),
    "distinct_discards": Reading(measured=_fresh_aim, known=_distinct_at),
    "repeated_discard": Reading(known=_repeated_at),
}
"""Each fact's reading."""
