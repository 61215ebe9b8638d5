"""The one set of bots by the names ``--agents``, the lab and the console take, at every rule set's
table (issue 33 item 1): ``random``, ``greedy``, ``search`` and ``search:N`` (the search bot with a
budget of ``N``, :mod:`engine.agents.budget`), each one class whose knowledge of a hand is its
view's rule set's counsel (:mod:`engine.agents.counsel`), each with its own generator derived from
the session's seed and its seat, so a seed fixes every answer (§4 seats).  A person's seat (``web``,
a terminal's) is an agent the caller adds by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, overload

from engine.agents.bots import PERSON, GreedyBot, LoggedPerson, RandomBot
from engine.agents.budget import agent_factory
from engine.agents.search import SearchBot
from engine.core.agent import Agent
from engine.core.errors import InputError
from engine.core.view import View

Factory = Callable[[random.Random], Agent[View]]
"""What makes one seat's agent from its generator."""

BOTS: dict[str, Factory] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
"""The bots, by name: each plays every rule set."""
BUDGETED: dict[str, Callable[[random.Random, int], Agent[View]]] = {"search": SearchBot}
"""The bots that take a budget, ``NAME:N`` (``search:64``)."""
LOGGED: dict[str, Factory] = {**BOTS, PERSON: LoggedPerson}
"""The agents a log's header may name: the bots and a person's seat."""


V = TypeVar("V", bound=View)
"""The view a roster's agents read: any seat's view (the bots), or one rule set's (a person's seat)."""


@overload
def bot_factory(name: str, letter: str, known: None = None) -> Factory: ...
@overload
def bot_factory(
    name: str, letter: str, known: Mapping[str, Callable[[random.Random], Agent[V]]]
) -> Callable[[random.Random], Agent[V]]: ...
def bot_factory(
    name: str, letter: str, known: Mapping[str, Callable[[random.Random], Agent[V]]] | None = None
) -> Callable[[random.Random], Agent[Any]]:
    """The factory an agent name stands for in ``known`` (the bots by default), or ``NAME:N`` for a
    budgeted bot; an :class:`~engine.core.errors.InputError` naming the seat ``letter`` otherwise."""
    return agent_factory(name, letter, BOTS if known is None else known, BUDGETED)


@overload
def make_bots(names: list[str], seed: int, known: None = None) -> list[Agent[View]]: ...
@overload
def make_bots(
    names: list[str], seed: int, known: Mapping[str, Callable[[random.Random], Agent[V]]]
) -> list[Agent[V]]: ...
def make_bots(
    names: list[str], seed: int, known: Mapping[str, Callable[[random.Random], Agent[V]]] | None = None
) -> list[Agent[Any]]:
    """Four agents by name from ``known`` (the bots by default), each with its own generator derived
    from the seed and its seat."""
    if len(names) != 4:
        raise InputError(f"--agents: expected 4 names separated by commas, got {len(names)}")
    return [
        bot_factory(name, letter, known)(random.Random(f"{seed}:agent:{letter}"))
        for letter, name in zip("ABCD", names, strict=True)
    ]
