"""The structure words of a hand condition: the sets, chows and pair of the reading under test, read
by their treated identity (a set a shape grant made counts as its base kind), and the form it is read
in (§9.5, CARD-INVENTORY §5, H23).

Each word's evaluation stands right above its declaration."""

from __future__ import annotations

from engine.core.tiles import NUMBER_SUITS, Suit
from engine.hextech.conditions.hand_reading import (
    Arg,
    Const,
    Expression,
    Param,
    PredicateSpec,
    WinFacts,
    chow_numbers,
    filter_kinds,
    fixed_filter,
    number_suit,
    set_kinds,
    sets,
)

KINDS = Param("kinds", "set_kinds")
WHERE = Param("where", "tile_filter", optional=True)


def _count(facts: WinFacts, kinds: Arg, where: Arg = "any") -> int:
    return len(sets(facts, kinds, where))


def _fast_count(const: Const, kinds: Arg, where: Arg = "any") -> Expression | None:
    test = fixed_filter(where)
    if test is None:
        return None
    wanted, within = const(set_kinds(kinds)), const(test.issuperset)
    groups = "facts.decomposition.groups"
    return f"sum(1 for g in {groups} if g.kind in {wanted} and {within}(g.treated))", "int"


COUNT = PredicateSpec(
    "count",
    "int",
    (KINDS, WHERE),
    "Sets of those kinds whose treated tiles all pass the filter: `count(chow) >= 2` (C-01 shape).",
    _count,
    _fast_count,
    (0, 7),
)


def _distinct_sets(facts: WinFacts, kinds: Arg, where: Arg = "any") -> int:
    return len({tuple(sorted(g.treated)) for g in sets(facts, kinds, where)})


DISTINCT_SETS = PredicateSpec(
    "distinct_sets",
    "int",
    (KINDS, WHERE),
    "Like `count`, but sets with the same treated faces count once (两副不同的…).",
    _distinct_sets,
    values=(0, 7),
)


def _has_chow(facts: WinFacts, a: int, b: int, c: int) -> bool:
    wanted = tuple(sorted((a, b, c)))
    return any(chow_numbers(g) == wanted and number_suit(g) is not None for g in sets(facts, "chow"))


HAS_CHOW = PredicateSpec(
    "has_chow",
    "bool",
    (Param("a", "number"), Param("b", "number"), Param("c", "number")),
    "A chow of one number suit whose treated numbers are a, b, c: `has_chow(1,2,3)`.",
    _has_chow,
)


def _same_number_chows(facts: WinFacts) -> int:
    suits_by_numbers: dict[tuple[int, ...], set[Suit]] = {}
    for group in sets(facts, "chow"):
        suit = number_suit(group)
        if suit is not None:
            suits_by_numbers.setdefault(chow_numbers(group), set()).add(suit)
    return max((len(s) for s in suits_by_numbers.values()), default=0)


SAME_NUMBER_CHOWS = PredicateSpec(
    "same_number_chows_different_suits",
    "int",
    (),
    "The most chows that share the same treated numbers, each in a different suit (三色同顺).",
    _same_number_chows,
    values=(0, 3),
)


def _suits_with(facts: WinFacts, kinds: Arg) -> int:
    return len({s for g in sets(facts, kinds) if (s := number_suit(g)) is not None})


SUITS_WITH = PredicateSpec(
    "suits_with",
    "int",
    (KINDS,),
    "Number suits (m, p, s) holding at least one set of those kinds: `suits_with(set) == 3`.",
    _suits_with,
    values=(0, 3),
)


def _suits_with_chows(facts: WinFacts, *starts: int) -> int:
    runs: set[tuple[Suit, int]] = set()
    for group in sets(facts, "chow"):
        suit, numbers = number_suit(group), chow_numbers(group)
        if suit is not None and numbers == (numbers[0], numbers[0] + 1, numbers[0] + 2):
            runs.add((suit, numbers[0]))
    return sum(1 for suit in NUMBER_SUITS if all((suit, n) in runs for n in starts))


def _fast_suits_with_chows(const: Const, *starts: int) -> Expression:
    needs = [const(frozenset(base + n - 1 for n in starts)) for base in (0, 9, 18)]
    return "(" + " + ".join(f"({need} <= facts.runs)" for need in needs) + ")", "int"


SUITS_WITH_CHOWS = PredicateSpec(
    "suits_with_chows",
    "int",
    (Param("starts", "number", variadic=True),),
    "Number suits holding a chow n, n+1, n+2 for every given n: `suits_with_chows(1, 4, 7)`.",
    _suits_with_chows,
    _fast_suits_with_chows,
    (0, 3),
)


def _pair(facts: WinFacts, where: Arg = "any") -> bool:
    pair = facts.decomposition.pair
    test = filter_kinds(where, facts)
    return pair is not None and all(t in test for t in pair.treated)


PAIR = PredicateSpec(
    "pair",
    "bool",
    (WHERE,),
    "The hand has one pair (将) and its treated tiles pass the filter; seven pairs has none.",
    _pair,
)


def _form(facts: WinFacts, name: str) -> bool:
    return facts.decomposition.form == name


def _fast_form(const: Const, name: str) -> Expression:
    return f"(facts.decomposition.form == {const(name)})", "bool"


FORM = PredicateSpec(
    "form",
    "bool",
    (Param("name", "form"),),
    "The hand is read in that form: standard, seven_pairs, thirteen_orphans or a granted form.",
    _form,
    _fast_form,
)

WORDS = (COUNT, DISTINCT_SETS, HAS_CHOW, SAME_NUMBER_CHOWS, SUITS_WITH, SUITS_WITH_CHOWS, PAIR, FORM)
"""The words of this family, in the order the reference lists them."""
