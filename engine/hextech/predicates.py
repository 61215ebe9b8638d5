"""Contract conditions: the tree a hand condition is written as, the words it may use and the one
function each condition is compiled into (§9, lib 九–十).

A condition is a small expression tree: named words from :data:`REGISTRY` combined with ``all`` /
``any`` / ``not`` and compared with integers.  The card language compiles ``complete at hu when …``
into these nodes; :func:`compiled` makes each once into the one function that answers it against the
facts of one win (:class:`~engine.hextech.conditions.hand_reading.WinFacts`).  The words live by
family, each declared with its evaluation (:mod:`engine.hextech.conditions`: ``sets``, ``faces``,
``win``); the table facts of filters and guards are the same tree over other words, compiled by the
same :func:`compile_condition` (:mod:`engine.hextech.effects.facts`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, TypeAlias, cast

from engine.core.errors import CardError
from engine.core.tiles import TileSyntaxError, parse_one
from engine.hextech.conditions import faces, sets, win
from engine.hextech.conditions.hand_reading import (
    FACT_FILTERS,
    SET_KINDS,
    TILE_CLASSES,
    Arg,
    Const,
    Expression,
    Param,
    PredicateSpec,
    WinFacts,
    alternatives,
)

CompareOp = Literal[">=", ">", "==", "!=", "<=", "<"]


@dataclass(frozen=True)
class Call:
    """A named predicate or measure from :data:`REGISTRY` with its arguments."""

    name: str
    args: tuple[Arg, ...] = ()


@dataclass(frozen=True)
class Compare:
    """A measure compared with an integer, e.g. ``count(chow) >= 2``."""

    left: Call
    op: CompareOp
    right: int


@dataclass(frozen=True)
class All:
    """Every part holds."""

    parts: tuple[Condition, ...]


@dataclass(frozen=True)
class AnyOf:
    """At least one part holds."""

    parts: tuple[Condition, ...]


@dataclass(frozen=True)
class Not:
    """The part does not hold."""

    part: Condition


Condition: TypeAlias = "Call | Compare | All | AnyOf | Not"


FAMILIES = (sets, faces, win)
"""The families of the words, in the order the reference lists them."""

REGISTRY: dict[str, PredicateSpec] = {word.name: word for family in FAMILIES for word in family.WORDS}
"""Every word a contract condition may use, by name."""

VALUE_RANGES: dict[str, tuple[int, int]] = {
    name: spec.values for name, spec in REGISTRY.items() if spec.values is not None
}
"""The values each whole-number word can take on a win (both ends included): at most seven sets
(seven pairs), three number suits, a win's tiles, fourteen faces.  A comparison of a word with a
number in its range is what ``hexmj tune`` may vary (issue 34, R650)."""


# ---- checking --------------------------------------------------------------------------


def _arg_problem(param: Param, arg: Arg) -> str | None:
    for atom in alternatives(arg):
        if param.kind == "number":
            if not isinstance(atom, int) or not 1 <= atom <= 9 or isinstance(arg, tuple):
                return f"{param.name} must be a number 1..9, not {arg!r}"
        elif param.kind == "set_kinds":
            if atom not in SET_KINDS:
                return f"{param.name}: unknown set kind {atom!r} (one of {', '.join(SET_KINDS)})"
        elif param.kind == "form":
            if not isinstance(atom, str) or isinstance(arg, tuple):
                return f"{param.name} must be one form name, not {arg!r}"
        elif isinstance(atom, int):
            if not 1 <= atom <= 9:
                return f"{param.name}: a number filter must be 1..9, not {atom}"
        elif atom not in TILE_CLASSES and atom not in FACT_FILTERS:
            try:
                parse_one(atom)
            except TileSyntaxError:
                known = ", ".join((*TILE_CLASSES, *FACT_FILTERS))
                return f"{param.name}: unknown tile filter {atom!r} (one of {known}, a tile or 1..9)"
    return None


def _call_problems(call: Call) -> list[str]:
    spec = REGISTRY.get(call.name)
    if spec is None:
        return [f"unknown predicate {call.name!r} (one of {', '.join(sorted(REGISTRY))})"]
    params = spec.params
    variadic = bool(params) and params[-1].variadic
    least = sum(1 for p in params if not p.optional)
    most = None if variadic else len(params)
    if len(call.args) < least or (most is not None and len(call.args) > most):
        wanted = f"{least}+" if most is None else (f"{least}" if least == most else f"{least}..{most}")
        return [f"{call.name} takes {wanted} argument(s), got {len(call.args)}"]
    problems = []
    for index, arg in enumerate(call.args):
        param = params[min(index, len(params) - 1)]
        problem = _arg_problem(param, arg)
        if problem:
            problems.append(f"{call.name}: {problem}")
    return problems


def problems(condition: Condition) -> tuple[str, ...]:
    """Every mistake in ``condition``: unknown words, wrong arguments, a number used as a truth
    or a truth compared with a number.  Empty when the condition can be evaluated."""
    found: list[str] = []
    if isinstance(condition, Call):
        found += _call_problems(condition)
        spec = REGISTRY.get(condition.name)
        if spec is not None and spec.returns == "int":
            found.append(f"{condition.name} is a number: compare it, e.g. {condition.name}(…) >= 1")
    elif isinstance(condition, Compare):
        found += _call_problems(condition.left)
        spec = REGISTRY.get(condition.left.name)
        if spec is not None and spec.returns == "bool":
            found.append(f"{condition.left.name} is a truth and cannot be compared with a number")
    elif isinstance(condition, All | AnyOf):
        for part in condition.parts:
            found += problems(part)
    else:
        found += problems(condition.part)
    return tuple(found)


def check(condition: Condition) -> None:
    """Raise :class:`engine.core.errors.CardError` naming the first problem of ``condition``."""
    found = problems(condition)
    if found:
        raise CardError(found[0])


COMPARE: dict[CompareOp, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "==": operator.eq,
    "!=": operator.ne,
    "<=": operator.le,
    "<": operator.lt,
}
"""The comparisons a condition may write (``count(chow) >= 2``); shared by every evaluator of
conditions (the scorer's, the table's facts, the bots' estimates)."""


# ---- compiled conditions -------------------------------------------------------------


@dataclass(frozen=True)
class Words:
    """What a condition is compiled against: ``expression`` gives the expression of a call of a word it
    knows (``const`` binds the values it needs; the facts the compiled test is given are named
    ``facts`` in its text), ``None`` for a word it does not know; ``unknown`` gives, for the name of
    such a word, the part that raises :class:`engine.core.errors.CardError` when it is reached."""

    expression: Callable[[Const, Call], Expression | None]
    unknown: Callable[[str], Callable[[Any], bool]]


def compile_condition(condition: Condition, words: Words) -> Callable[[Any], bool]:
    """``condition`` made into one Python function of the facts its words read: the engine's one
    implementation of conditions, for a hand condition's words (:func:`compiled`) and the table facts
    (:func:`engine.hextech.effects.facts.compiled`).  ``all``/``any`` stop at the first part that
    decides; an unknown word or comparison raises :class:`engine.core.errors.CardError` when it is
    reached."""
    source = _Source(words)
    text = source.condition(condition)
    namespace = dict(source.constants)
    exec(compile(f"def test(facts):\n    return {text}\n", "<condition>", "exec"), namespace)
    return cast(Callable[[Any], bool], namespace["test"])


class _Source:
    """The text of one compiled condition.  Every value in it (filters, names, numbers, functions) is
    a constant bound by a generated name, never written into the text."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.constants: dict[str, object] = {}

    def const(self, value: object) -> str:
        name = f"_k{len(self.constants)}"
        self.constants[name] = value
        return name

    def condition(self, condition: Condition) -> str:
        if isinstance(condition, Call | Compare):
            call = condition if isinstance(condition, Call) else condition.left
            found = self.words.expression(self.const, call)
            if found is None:
                return self.refused(self.words.unknown(call.name))
            text, kind = found
            if isinstance(condition, Call):
                return text if kind == "bool" else f"bool({text})"
            if condition.op not in COMPARE:
                return self.refused(refusal(f"unknown comparison {condition.op!r}"))
            measure = text if kind == "int" else f"int({text})"
            return f"({measure} {condition.op} {self.const(condition.right)})"
        if isinstance(condition, All | AnyOf):
            if not condition.parts:
                return "True" if isinstance(condition, All) else "False"
            joint = " and " if isinstance(condition, All) else " or "
            return "(" + joint.join(self.condition(part) for part in condition.parts) + ")"
        return f"(not {self.condition(condition.part)})"

    def refused(self, test: Callable[[Any], bool]) -> str:
        """A part that runs ``test``, which raises, when it is reached."""
        return f"{self.const(test)}(facts)"


def refusal(message: str) -> Callable[[Any], bool]:
    """A part of a compiled condition that raises :class:`engine.core.errors.CardError` with
    ``message`` when it is reached."""

    def test(_facts: object) -> bool:
        raise CardError(message)

    return test


def _hand_word(const: Const, call: Call) -> Expression | None:
    """A word of a hand condition with its arguments: its specialised expression
    (:attr:`PredicateSpec.fast`) for well-formed arguments that do not depend on the win, else a call
    of its evaluation; ``None`` for a word the registry lacks."""
    spec = REGISTRY.get(call.name)
    if spec is None:
        return None
    if spec.fast is not None and not _call_problems(call):
        found = spec.fast(const, *call.args)
        if found is not None:
            return found
    fn = const(spec.fn)
    if not call.args:
        return f"{fn}(facts)", "any"
    return f"{fn}(facts, *{const(call.args)})", "any"


HAND_WORDS = Words(_hand_word, lambda name: refusal(f"unknown predicate {name!r}"))
"""The words of a hand condition, as a condition is compiled against them."""

Test: TypeAlias = Callable[[WinFacts], bool]
"""A compiled hand condition: the facts of one win in, whether the condition holds out."""


@lru_cache(maxsize=4096)
def compiled(condition: Condition) -> Test:
    """The hand condition ``condition`` compiled once (:func:`compile_condition`), remembered by its
    value (conditions are immutable values: equal conditions share one test)."""
    return compile_condition(condition, HAND_WORDS)


def mentions(condition: Condition, word: str) -> bool:
    """Whether ``condition`` uses ``word`` as a predicate name or an argument (e.g. ``chosen_suit``)."""
    if isinstance(condition, Call | Compare):
        call = condition if isinstance(condition, Call) else condition.left
        atoms = [a for arg in call.args for a in alternatives(arg)]
        return call.name == word or word in atoms
    if isinstance(condition, All | AnyOf):
        return any(mentions(part, word) for part in condition.parts)
    return mentions(condition.part, word)
