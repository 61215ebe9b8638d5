"""How much a budgeted agent may think: ``NAME:N`` in ``--agents`` and at the console (``search:64``),
one grammar and one bound for every rule set's roster."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TypeVar

from engine.core.errors import InputError

A = TypeVar("A")

MAX_BUDGET = 4096
"""The largest budget ``NAME:N`` accepts."""


def is_whole(text: str, digits: int) -> bool:
    """Whether ``text`` is a whole number of at most ``digits`` ASCII digits (``٣`` and ``²`` are not:
    a budget reads the same in every place that takes one)."""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def budget_of(base: str, text: str, letter: str) -> int:
    """The budget ``text`` of ``NAME:N`` (``base`` the agent's name, ``letter`` its seat): a whole
    number 1…:data:`MAX_BUDGET`, else an :class:`~engine.core.errors.InputError` saying so."""
    if not is_whole(text, len(str(MAX_BUDGET))) or not 1 <= int(text) <= MAX_BUDGET:
        raise InputError(
            f"--agents: the budget of {base} for {letter} must be a whole number 1…{MAX_BUDGET}, got {text!r}"
        )
    return int(text)


def agent_factory(
    name: str,
    letter: str,
    known: Mapping[str, Callable[[random.Random], A]],
    budgeted: Mapping[str, Callable[[random.Random, int], A]],
) -> Callable[[random.Random], A]:
    """The factory an ``--agents`` name stands for in a roster: a ``known`` name, or ``NAME:N`` for a
    ``budgeted`` bot with its budget; an :class:`~engine.core.errors.InputError` naming the seat
    ``letter`` otherwise."""
    base, colon, budget = name.partition(":")
    if colon and base in budgeted:
        think, n = budgeted[base], budget_of(base, budget, letter)
        return lambda rng: think(rng, n)
    factory = known.get(name)
    if factory is None:
        raise InputError(f"--agents: unknown agent {name!r} for {letter} (one of {', '.join(known)})")
    return factory
