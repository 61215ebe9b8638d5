"""What the search agent's tests share: one answer per seed of the search agent, the greedy agent's
answer, a card decision among options, the library and a seat early in the round (issue 15)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.agents.bots import GreedyBot
from engine.agents.search import SearchBot
from engine.core.decisions import Decision, DecisionKind
from engine.core.tiles import parse
from engine.hextech.view import BLIND, PlayerView, with_parts
from engine.hextech.vocabulary import CompiledCard
from tools.hextech_session import session_cards


def searched(view: PlayerView, decision: Decision, budget: int, seeds: int) -> set[str]:
    """The search agent's answers at ``budget`` over ``seeds`` seeds (one answer: it does not
    depend on the seed)."""
    return {SearchBot(random.Random(seed), budget).decide(view, decision) for seed in range(seeds)}


def greedy(view: PlayerView, decision: Decision) -> str:
    """The greedy agent's answer (the search agent's answer on ties)."""
    return GreedyBot(random.Random(1)).decide(view, decision)


def choose(options: Sequence[str], about: str) -> Decision:
    """Player A's card decision about ``about`` among ``options``."""
    return Decision(DecisionKind.CHOOSE, 0, tuple(options), about)


def library_of(mode: str = "all") -> Mapping[str, CompiledCard]:
    """The compiled cards of ``mode``'s pool by id."""
    cards, _ = session_cards(mode)
    return {card.id: card for card in cards}


def seat(library: Mapping[str, CompiledCard], hand: str) -> PlayerView:
    """Player A early in the round (80 drawable tiles) holding ``hand``, no contract."""
    return with_parts(BLIND, hand=tuple(sorted(parse(hand))), wall_left=80, cards=library)
