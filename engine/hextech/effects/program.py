"""Running a card's effect program: primitives, choices, for-each, if, statuses, delayed steps.

A program is the compiled form of a card's ``do …`` (``engine.hextech.vocabulary``
``Program``).  :func:`run_program` walks it as a generator step, so a choice
suspends resolution until the holder answers.  Each primitive is a word of the card
language, declared and run in its family of :mod:`engine.hextech.words`, which registers
its run here (:func:`primitive`, :func:`in_module`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from engine.core.decisions import Decision, DecisionKind
from engine.hextech.effects.context import Ctx
from engine.hextech.effects.facts import holds
from engine.hextech.vocabulary import (
    ArgValue,
    ChooseStep,
    ForEachStep,
    IfStep,
    LaterStep,
    PrimitiveSpec,
    PrimitiveStep,
    Program,
    StatusStep,
)

Step = Generator[Decision, str, None]
Primitive = Callable[[Ctx, dict[str, ArgValue]], Step]
PRIMITIVES: dict[str, Primitive] = {}


def primitive(word: PrimitiveSpec) -> Callable[[Primitive], Primitive]:
    """Register the run of a word, declared by ``word`` right above it (``engine.hextech.words``)."""

    def register(function: Primitive) -> Primitive:
        PRIMITIVES[word.name] = function
        return function

    return register


IN_MODULE: set[str] = set()
"""The words whose run hands them to the enabled module that implements them (:func:`in_module`)."""


def in_module(*words: PrimitiveSpec) -> None:
    """Register the words an enabled module runs (``hexmj_primitives``): each is handed to the module
    with its player roles resolved by its parameters' kinds (:func:`_module_primitive`)."""
    for word in words:
        PRIMITIVES[word.name] = _in_module(word.name, {param.name: param.kind for param in word.params})
        IN_MODULE.add(word.name)


def _in_module(name: str, kinds: dict[str, str]) -> Primitive:
    def run(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
        return _module_primitive(ctx, name, kinds, args)

    return run


Precondition = Callable[[Ctx, dict[str, ArgValue]], bool]
PRECONDITIONS: dict[str, Precondition] = {}
"""For primitives an optional ability opens with: whether they can act at all, so the holder is not
offered a use that would do nothing (P-10 after a B-10 forced discard, H4)."""


def precondition(word: PrimitiveSpec) -> Callable[[Precondition], Precondition]:
    """Register the precondition of a word's run."""

    def register(function: Precondition) -> Precondition:
        PRECONDITIONS[word.name] = function
        return function

    return register


def runnable(ctx: Ctx, program: Program) -> bool:
    """Whether the program's first step can act now (primitives without a precondition always can)."""
    first = program[0] if program else None
    if not isinstance(first, PrimitiveStep):
        return True
    check = PRECONDITIONS.get(first.primitive)
    return check is None or check(ctx, dict(first.args))


def run_program(ctx: Ctx, program: Program) -> Step:
    """Run the steps in order; a step that can do nothing marks the context unexecutable (§6.8)."""
    for step in program:
        if isinstance(step, PrimitiveStep):
            function = PRIMITIVES.get(step.primitive)
            if function is not None:
                yield from function(ctx, dict(step.args))
            else:
                yield from _module_primitive(ctx, step.primitive, {}, dict(step.args))
        elif isinstance(step, ChooseStep):
            yield from _choose(ctx, step)
        elif isinstance(step, ForEachStep):
            for p in ctx.players(step.players, step.start):
                ctx.names["each"] = p
                yield from run_program(ctx, step.steps)
        elif isinstance(step, IfStep):
            yield from run_program(ctx, step.then if holds(step.condition, ctx) else step.otherwise)
        elif isinstance(step, StatusStep):
            ctx.game.add_status(ctx, step.rule)
            ctx.did_something = True
        elif isinstance(step, LaterStep):
            ctx.game.add_later(ctx, step.expiry, step.steps)
            ctx.did_something = True


def _module_primitive(ctx: Ctx, name: str, kinds: dict[str, str], given: dict[str, ArgValue]) -> Step:
    """A primitive an enabled module implements (``hexmj_primitives``), with player roles resolved to
    players (by the parameters' ``kinds``) and the card's id as ``card``; no module implements it: not
    executable (§6.8)."""
    function = ctx.game.module_primitives.get(name)
    holder = ctx.holder if ctx.holder is not None else ctx.actor
    if function is None or holder is None:
        ctx.unexecutable = True
        return
    ctx.did_something = True
    module = ctx.game.primitive_modules.get(name)
    if module is not None:
        ctx.game.bus.wake_module(module)
    args: dict[str, object] = {"card": ctx.card.id}
    for arg, value in given.items():
        if kinds.get(arg) == "player":
            args[arg] = ctx.player(value)
        elif kinds.get(arg) == "players":
            args[arg] = tuple(ctx.players(value, "holder"))
        else:
            args[arg] = value
    result = yield from function(ctx.game.session, holder, args)
    if result is not None:
        ctx.game.card_states.of(ctx.card.base_id, holder).reported = result


def _choose(ctx: Ctx, step: ChooseStep) -> Step:
    """``choose one``: only the options whose preconditions hold are offered; none → unexecutable; one
    alone is no choice ("选择一项" of one): it is carried out unasked (R558)."""
    open_options = [o for o in step.options if holds(o.condition, ctx) and runnable(ctx, o.steps)]
    chooser = ctx.holder if ctx.holder is not None else ctx.actor
    if not open_options or chooser is None:
        ctx.unexecutable = True
        return
    labels = tuple(o.label for o in open_options)
    answer = (
        labels[0] if len(labels) == 1 else (yield Decision(DecisionKind.CHOOSE, chooser, labels, ctx.card.id))
    )
    chosen = open_options[labels.index(answer)]
    ctx.remember("choice", answer)
    ctx.did_something = True
    yield from run_program(ctx, chosen.steps)
