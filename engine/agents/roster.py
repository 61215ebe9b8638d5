"""The bots of any rule set on the core's table by the names ``--agents`` and the console take:
``random``, ``greedy``, ``search`` and ``search:N`` (the search bot with a budget of ``N`` imagined
draws, :mod:`engine.agents.budget`), each with its own generator derived from the session's seed and
its seat, so a seed fixes every answer (§4 seats; issue 33 item 2)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from engine.agents.bots import PERSON, GreedyBot, LoggedPerson, RandomBot
from engine.agents.budget import agent_factory
from engine.agents.search import SearchBot
from engine.core.agent import Agent
from engine.core.errors import InputError
from engine.core.seat_view import SeatView

Factory = Callable[[random.Random], Agent[SeatView]]
"""What makes one seat's agent from its generator."""

BOTS: dict[str, Factory] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
"""The bots that play any rule set, by name."""
BUDGETED: dict[str, Callable[[random.Random, int], Agent[SeatView]]] = {"search": SearchBot}
"""The bots that take a budget, ``NAME:N`` (``search:64``)."""
LOGGED: dict[str, Factory] = {**BOTS, PERSON: LoggedPerson}
"""The agents a log's header may name: the bots and a person's seat."""


def table_bot(name: str, letter: str, known: Mapping[str, Factory] | None = None) -> Factory:
    """The factory an agent name stands for in ``known`` (the bots by default), or ``NAME:N`` for a
    budgeted bot; an :class:`~engine.core.errors.InputError` naming the seat ``letter`` otherwise."""
    return agent_factory(name, letter, BOTS if known is None else known, BUDGETED)


def make_bots(
    names: list[str], seed: int, known: Mapping[str, Factory] | None = None
) -> list[Agent[SeatView]]:
    """Four agents by name from ``known`` (the bots by default), each with its own generator derived
    from the seed and its seat."""
    if len(names) != 4:
        raise InputError(f"--agents: expected 4 names separated by commas, got {len(names)}")
    return [
        table_bot(name, letter, known)(random.Random(f"{seed}:agent:{letter}"))
        for letter, name in zip("ABCD", names, strict=True)
    ]
