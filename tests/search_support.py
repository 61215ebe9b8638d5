"""What the search agent's tests share: one answer per seed of the search agent, the greedy agent's
answer, and a card decision among options (issue 15)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.decisions import Decision, DecisionKind
from engine.hextech.agents import GreedyAgent
from engine.hextech.search import SearchAgent
from engine.hextech.view import PlayerView


def searched(view: PlayerView, decision: Decision, budget: int, seeds: int) -> set[str]:
    """The search agent's answers at ``budget`` over ``seeds`` seeds (one answer: it does not
    depend on the seed)."""
    return {SearchAgent(random.Random(seed), budget).decide(view, decision) for seed in range(seeds)}


def greedy(view: PlayerView, decision: Decision) -> str:
    """The greedy agent's answer (the search agent's answer on ties)."""
    return GreedyAgent(random.Random(1)).decide(view, decision)


def choose(options: Sequence[str], about: str) -> Decision:
    """Player A's card decision about ``about`` among ``options``."""
    return Decision(DecisionKind.CHOOSE, 0, tuple(options), about)
