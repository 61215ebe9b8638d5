"""The limits on a card's uses at a real table (§5.5, §6.3, lib 二.2): what the markers of "每局一次"
and "整场一次" would count.

A limit ``N per round`` or ``N per session`` counts each holder's uses of the ability (a world card's
``per player`` limit its actors' uses, and its other limit the whole card's, §6.3).  A limit per turn
is the holder's to keep: the console does not see turns.
"""

from __future__ import annotations

from engine.hextech.vocabulary import CompiledCard, LimitRule, StaticRule
from tools.physical.state import TableState


def _keys(
    st: TableState,
    source: str,
    holder: int | None,
    index: int,
    rules: tuple[LimitRule, ...],
    actor: int | None,
) -> list[tuple[tuple[object, ...], int]]:
    """Each counted limit's counter and its most."""
    found: list[tuple[tuple[object, ...], int]] = []
    for rule in rules:
        if rule.period == "turn":
            continue
        who = actor if rule.per_player else holder
        span: object = st.rnd.number if rule.period == "round" else "session"
        found.append(((source, index, rule.period, rule.per_player, who, span), rule.count))
    return found


def used_up(
    st: TableState,
    source: str,
    holder: int | None,
    index: int,
    rules: tuple[LimitRule, ...],
    actor: int | None,
) -> bool:
    """Whether any limit of the ability has no use left."""
    return any(st.count(key) >= most for key, most in _keys(st, source, holder, index, rules, actor))


def spend(
    st: TableState,
    source: str,
    holder: int | None,
    index: int,
    rules: tuple[LimitRule, ...],
    actor: int | None,
    uses: int = 1,
) -> None:
    """Count ``uses`` of the ability against each of its limits; ``-1`` gives back the use counted
    when a card that may be used was declined (R623)."""
    for key, _most in _keys(st, source, holder, index, rules, actor):
        st.counters[key] = st.count(key) + uses


def static_index(card: CompiledCard, rule: StaticRule) -> int:
    """Where a static stands on its card, apart from its hooks' indices."""
    return -1 - card.statics.index(rule)


def static_used_up(st: TableState, card: CompiledCard, holder: int, rule: StaticRule) -> bool:
    """Whether an allowance (G-04's chi from any player) has no use left."""
    return used_up(st, card.id, holder, static_index(card, rule), rule.limits, holder)
