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
from engine.hextech.conditions.hand_reading import Const, Expression
from engine.hextech.conditions.table_reading import FactSpec
from engine.hextech.effects.context import Ctx
from engine.hextech.predicates import Call, Condition, Words, compile_condition

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
    """``condition`` made once into one function of the context (the engine's one implementation of
    conditions, :func:`engine.hextech.predicates.compile_condition`), remembered by its value
    (conditions are immutable values): ``all`` / ``any`` stop at the first part that decides, and an
    unknown fact raises :class:`engine.core.errors.CardError` naming the card when it is reached."""
    return compile_condition(condition, TABLE_FACTS)


def _fact(const: Const, call: Call) -> Expression | None:
    """A table fact with its arguments: a call of its evaluation; ``None`` for a fact there is not."""
    spec = FACTS.get(call.name)
    if spec is None:
        return None
    return f"{const(spec.fn)}(facts, {const(call.args)})", "any"


def _no_fact(name: str) -> Test:
    def test(ctx: Ctx) -> bool:
        raise CardError(f"{ctx.card.id}: the engine has no fact {name!r}")

    return test


TABLE_FACTS = Words(_fact, _no_fact)
"""The table facts, as a condition is compiled against them."""
