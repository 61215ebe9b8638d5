"""Card conditions compiled once answer as walking the tree does (§6.3 guards, event filters): every
connective and comparison, short-circuits, an unknown fact raising only when reached; fixed tile
filters pass the kinds their words name."""

from __future__ import annotations

import pytest

from engine.core.errors import CardError
from engine.core.tiles import ALL_KINDS, is_flower, is_number, number_of, parse_one
from engine.hextech.conditions.hand_reading import TILE_CLASSES
from engine.hextech.effects.context import Ctx, fixed_kinds
from engine.hextech.effects.facts import FACTS, compiled, holds
from engine.hextech.predicates import COMPARE, All, AnyOf, Call, Compare, Condition, Not
from engine.hextech.scenario import Scenario
from engine.hextech.vocabulary import CompiledCard, Level

CARD = CompiledCard("S-99-v1", "S-99", 1, "测试", "silver", None, Level.AUGMENT, ())

DRAWABLE = Call("drawable")
IN_GAME = Call("in_game")
CONDITIONS: tuple[Condition, ...] = (
    DRAWABLE,
    Call("contract_revealed"),
    Call("module_enabled", ("party",)),
    *(Compare(DRAWABLE, op, 80) for op in COMPARE),
    Compare(Call("normal_draws", ("holder",)), "==", 0),
    All(()),
    AnyOf(()),
    All((Compare(IN_GAME, "==", 4),)),
    All((Compare(IN_GAME, "==", 4), Not(Call("window_opened")))),
    AnyOf((Call("has_won", ("holder",)), Compare(DRAWABLE, "<=", 32))),
    All((IN_GAME, DRAWABLE, Compare(Call("round_number"), ">=", 1))),
    AnyOf((Not(IN_GAME), Call("window_opened"), Compare(DRAWABLE, ">", 0))),
)


def _walk(condition: Condition, ctx: Ctx) -> bool:
    """The tree walk the compiled form follows."""
    if isinstance(condition, Call):
        return bool(FACTS[condition.name].fn(ctx, condition.args))
    if isinstance(condition, Compare):
        left = condition.left
        return COMPARE[condition.op](int(FACTS[left.name].fn(ctx, left.args)), condition.right)
    if isinstance(condition, All):
        return all(_walk(part, ctx) for part in condition.parts)
    if isinstance(condition, AnyOf):
        return any(_walk(part, ctx) for part in condition.parts)
    assert isinstance(condition, Not)
    return not _walk(condition.part, ctx)


@pytest.fixture
def ctx() -> Ctx:
    return Ctx(Scenario(hands={}).round, CARD, 1)


@pytest.mark.parametrize("condition", CONDITIONS, ids=repr)
def test_a_compiled_condition_answers_as_the_tree_walk(condition: Condition, ctx: Ctx) -> None:
    assert compiled(condition)(ctx) is _walk(condition, ctx)
    assert holds(condition, ctx) is _walk(condition, ctx)


def test_a_condition_is_compiled_once(ctx: Ctx) -> None:
    condition = Compare(DRAWABLE, ">", 3)
    assert compiled(condition) is compiled(condition)
    assert holds(None, ctx)


def test_an_unknown_fact_raises_only_when_reached(ctx: Ctx) -> None:
    unknown = Call("no_such_fact")
    test = compiled(All((Compare(DRAWABLE, ">", 0), unknown)))
    with pytest.raises(CardError, match="S-99-v1: the engine has no fact 'no_such_fact'"):
        test(ctx)
    assert compiled(AnyOf((Compare(DRAWABLE, ">", 0), unknown)))(ctx)
    assert not compiled(All((Compare(DRAWABLE, "<", 0), unknown)))(ctx)


def _by_word(atom: str | int) -> set[int]:
    if isinstance(atom, int):
        return {k for k in range(ALL_KINDS) if is_number(k) and number_of(k) == atom}
    if atom in TILE_CLASSES:
        return {k for k in range(ALL_KINDS) if TILE_CLASSES[atom](k)}
    if atom == "flower":
        return {k for k in range(ALL_KINDS) if is_flower(k)}
    if atom in ("drawn", "latest", "not_latest"):
        return _by_word("any")
    return {parse_one(atom)}


@pytest.mark.parametrize(
    "arg", ["terminal", "any", "flower", 5, "5m", "latest", ("man", "red"), (1, 9, "east"), ("wind", "7z")]
)
def test_a_fixed_tile_filter_passes_the_kinds_its_words_name(
    arg: str | int | tuple[str | int, ...], ctx: Ctx
) -> None:
    atoms = arg if isinstance(arg, tuple) else (arg,)
    wanted = frozenset[int]().union(*(_by_word(atom) for atom in atoms))
    assert fixed_kinds(arg) == wanted
    test = ctx.tile_filter(arg)
    assert [k for k in range(ALL_KINDS) if test(k)] == sorted(wanted)


@pytest.mark.parametrize(
    "arg", ["treasure", "chosen_suit", "suit", "pair", "seat_wind", ("terminal", "pair")]
)
def test_a_filter_that_reads_the_table_is_never_fixed(arg: str | tuple[str, ...]) -> None:
    assert fixed_kinds(arg) is None
