"""The tree walk of a contract condition: the reference the engine's one implementation, the compiled
form of :func:`engine.hextech.predicates.compiled`, is tested against (issue 33 item 5)."""

from __future__ import annotations

from engine.core.errors import CardError
from engine.hextech.conditions.hand_reading import WinFacts
from engine.hextech.predicates import COMPARE, REGISTRY, All, AnyOf, Call, Compare, Condition


def walk(condition: Condition, facts: WinFacts) -> bool:
    """Whether ``condition`` holds, part by part: ``all``/``any`` stop at the first part that decides,
    an unknown word or comparison raises :class:`CardError` when it is reached."""
    if isinstance(condition, Call | Compare):
        call = condition if isinstance(condition, Call) else condition.left
        if call.name not in REGISTRY:
            raise CardError(f"unknown predicate {call.name!r}")
        if isinstance(condition, Call):
            return bool(REGISTRY[call.name].fn(facts, *call.args))
        if condition.op not in COMPARE:
            raise CardError(f"unknown comparison {condition.op!r}")
        return COMPARE[condition.op](int(REGISTRY[call.name].fn(facts, *call.args)), condition.right)
    if isinstance(condition, All):
        return all(walk(part, facts) for part in condition.parts)
    if isinstance(condition, AnyOf):
        return any(walk(part, facts) for part in condition.parts)
    return not walk(condition.part, facts)
