"""The hextech bots by the names ``hexmj play --agents`` takes: ``random``, ``greedy``, ``search``
and ``search:N`` (a budgeted bot with its budget), each with its own generator derived from the
session seed and its seat, so a seed fixes every answer."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from engine.agents.bots import RandomBot
from engine.agents.budget import agent_factory
from engine.agents.hextech.bots import GreedyAgent
from engine.core.agent import Agent
from engine.core.errors import InputError
from engine.hextech.view import PlayerView


def search_agent(rng: random.Random, budget: int | None = None) -> Agent[PlayerView]:
    """The search agent (:mod:`engine.agents.hextech.search`, imported when first asked for, so a
    session of other bots does not load its imagined play) with ``budget`` imagined rounds per
    candidate answer, or its default."""
    from engine.agents.hextech import search

    return search.SearchAgent(rng, search.BUDGET if budget is None else budget)


AGENTS: dict[str, Callable[[random.Random], Agent[PlayerView]]] = {
    "random": RandomBot,
    "greedy": GreedyAgent,
    "search": search_agent,
}
"""The bots ``hexmj play --agents`` knows, by name."""
BUDGETED: dict[str, Callable[[random.Random, int], Agent[PlayerView]]] = {"search": search_agent}
"""The bots that take a budget, ``NAME:N`` (``search:64``)."""


def bot_factory(name: str, letter: str) -> Callable[[random.Random], Agent[PlayerView]]:
    """The bot an agent name stands for (``greedy``, ``random``, ``search``, ``search:N``), or an
    :class:`~engine.core.errors.InputError` naming the seat ``letter``."""
    return agent_factory(name, letter, AGENTS, BUDGETED)


def make_agents(
    names: list[str],
    seed: int,
    extra: Mapping[str, Callable[[random.Random], Agent[PlayerView]]] | None = None,
) -> list[Agent[PlayerView]]:
    """Four agents by name, each with its own RNG derived from the session seed (deterministic);
    ``extra`` adds the caller's own agents by name to the bots (``hexmj play``: a person at a terminal)."""
    if len(names) != 4:
        raise InputError(f"--agents: expected 4 names separated by commas, got {len(names)}")
    known = {**AGENTS, **(extra or {})}
    agents = []
    for letter, name in zip("ABCD", names, strict=True):
        agents.append(agent_factory(name, letter, known, BUDGETED)(random.Random(f"{seed}:agent:{letter}")))
    return agents
