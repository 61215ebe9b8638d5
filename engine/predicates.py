"""The hand-predicate vocabulary in which contracts state their conditions (§9, lib 九–十).

A condition is a small expression tree: named predicates from
:data:`REGISTRY` combined with ``all`` / ``any`` / ``not`` and compared with
integers.  The card language compiles ``complete at hu when …`` into these
nodes; :func:`evaluate` answers them against the facts of one win.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeAlias

Arg: TypeAlias = "str | int | tuple[str | int, ...]"
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


@dataclass(frozen=True)
class PredicateSpec:
    """One word of the vocabulary: its name, whether it yields a number or a truth, its arguments."""

    name: str
    returns: Literal["bool", "int"]
    params: tuple[str, ...]
    doc: str
    fn: Callable[..., int | bool]


REGISTRY: dict[str, PredicateSpec] = {}
