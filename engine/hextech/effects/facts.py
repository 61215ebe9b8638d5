"""Table facts that event filters and effect guards ask (:data:`FACTS`).

:func:`holds` answers a condition tree (``Call``, ``Compare``, ``All``,
``AnyOf``, ``Not`` of :mod:`engine.hextech.predicates`) against the table, the event
and the card's holder.  Each fact is declared with its evaluation, a small function of the context
and its arguments, in its family of :mod:`engine.hextech.conditions` (``event``, ``river``, ``hand``,
``round``, ``card``).  A tree is made once into one function of the
context (:func:`compiled`), answering each part in order and raising for an unknown fact only
when it is reached.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.core.errors import CardError
from engine.hextech.conditions import card, event, hand, river, round
from engine.hextech.conditions.reading import FactSpec
from engine.hextech.effects.context import Ctx
from engine.hextech.predicates import COMPARE, All, AnyOf, Call, Compare, Condition, Not

FAMILIES = (event, river, hand, round, card)
"""The families of the table facts, in the order the reference lists them."""

FACTS: dict[str, FactSpec] = {word.name: word for family in FAMILIES for word in family.WORDS}
"""Every table fact a filter or guard may ask, by name."""

FACT_VALUES: dict[str, tuple[int, int]] = {
    name: spec.values for name, spec in FACTS.items() if spec.values is not None
}
"""The values each whole-number fact can take (both ends included): three other copies of a face,
three number suits, four melds, each a call and perhaps an added kong (eight calls), the wall after
the deal for what a round counts by draws or discards, a hand's tiles, 34 faces, four players, eight
rounds.  A comparison of a fact with a number in its range is what ``hexmj tune`` may vary
(issue 34, R650)."""


Test = Callable[[Ctx], bool]
"""A compiled condition: the context in, whether the condition holds now out."""


def holds(condition: Condition | None, ctx: Ctx) -> bool:
    """Whether the condition holds now; no condition always holds."""
    return condition is None or compiled(condition)(ctx)


@lru_cache(maxsize=1024)
def compiled(condition: Condition) -> Test:
    """``condition`` made once into one function of the context, remembered by its value (conditions
    are immutable values): ``all`` / ``any`` stop at the first part that decides, and an unknown fact
    raises :class:`engine.core.errors.CardError` when it is reached."""
    return _compile(condition)


def _compile(condition: Condition) -> Test:
    if isinstance(condition, Call):
        measure = _measure(condition)
        return lambda ctx: bool(measure(ctx))
    if isinstance(condition, Compare):
        return _compare(condition)
    if isinstance(condition, All | AnyOf):
        return _joint(tuple(_compile(part) for part in condition.parts), isinstance(condition, All))
    assert isinstance(condition, Not)
    part = _compile(condition.part)
    return lambda ctx: not part(ctx)


def _compare(condition: Compare) -> Test:
    measure = _measure(condition.left)
    right = condition.right
    op = COMPARE.get(condition.op)
    if op is None:
        return lambda ctx: COMPARE[condition.op](int(measure(ctx)), right)
    return lambda ctx: op(int(measure(ctx)), right)


def _joint(parts: tuple[Test, ...], every: bool) -> Test:
    """``all`` (``every``) or ``any`` of the parts, in order, stopping at the first that decides."""
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        first, second = parts
        if every:
            return lambda ctx: first(ctx) and second(ctx)
        return lambda ctx: first(ctx) or second(ctx)
    if every:
        return lambda ctx: all(part(ctx) for part in parts)
    return lambda ctx: any(part(ctx) for part in parts)


def _measure(call: Call) -> Callable[[Ctx], int | bool]:
    """A fact with its arguments; a name no fact has raises when it is asked."""
    spec = FACTS.get(call.name)
    args = call.args
    if spec is None:
        return lambda ctx: _value(call, ctx)
    function = spec.fn
    return lambda ctx: function(ctx, args)


def _value(call: Call, ctx: Ctx) -> int | bool:
    spec = FACTS.get(call.name)
    if spec is None:
        raise CardError(f"{ctx.card.id}: the engine has no fact {call.name!r}")
    return spec.fn(ctx, call.args)
