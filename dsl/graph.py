"""Trigger chains: events → the card abilities that listen → the events their effects cause.

A chain that can come back to where it started repeats for ever unless one
of its steps is bounded: by a written count, or by the default count the
compiler gives an augment's ability (lib 二.2, :data:`dsl.compiler.AUGMENTS`);
because it belongs to a world card that card-caused events never trigger
(§6.7, §14.6); or by the card's own guard (O-X06, F-I08).  A contract, chance,
party or treasure trigger with no written count has no count in the engine
(docs/rulings.md R114), so it bounds nothing here either.  A card never retriggers itself (lib 二.2), so a
loop through one card alone is bounded too, unless an event the rules make as the player's own
closes it (P-10's replacement discard, R192).  What is left — a strongly
connected set of unbounded steps of two or more cards — is an endless chain.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import networkx as nx

from dsl.compiler import AUGMENTS
from dsl.model import Card, Effect, EffectCall, Replacement, Resolution, Trigger
from engine.hextech.vocabulary import ARGUMENT_WORDS, EVENTS, LEVEL_OF_TYPE, Level
from engine.hextech.words import PRIMITIVES

RULE_CAUSES: Mapping[str, tuple[str, ...]] = {
    "chance.draw": ("chance.drawn",),
    "party.draw": ("party.drawn",),
    "chi.established": ("meld.exposed",),
    "pon.established": ("meld.exposed",),
    "kong.established": ("meld.exposed", "draw.replacement"),
    "flower.revealed": ("draw.replacement",),
    "draw.normal.taken": ("draw.normal",),
    "draw.normal": ("tile.acquired",),
    "draw.replacement": ("tile.acquired",),
    "draw.extra": ("tile.acquired",),
    "discard.made": ("discard.settled",),
}
"""What the rules themselves make follow an event, with no choice (§6.5, §6.6, §7.2, §11, §13.9)."""

WORLD_BOUND = "a world card: card-caused events never trigger it (§6.7, §14.6)"
DEFAULT_BOUND = "an augment's ability with no count written: once per round (lib 二.2)"
OWN_GUARD = "its own guard: a card it draws cannot trigger it again"


@dataclass(frozen=True)
class Step:
    """One ability of one card as a link of a chain.

    ``bound`` says why the step cannot repeat without end (a limit, the world
    card rule, the card's own guard); empty when nothing stops it.
    """

    card: str
    base: str
    ability: int
    listens: frozenset[str]
    causes: frozenset[str]
    bound: str = ""
    by_rule: frozenset[str] = frozenset()
    """The caused events the rules make as the player's own, which the step's own card hears (R192)."""


@dataclass(frozen=True)
class Chain:
    """An endless trigger chain: the cards on it and the events that carry it, sorted."""

    cards: tuple[str, ...]
    events: tuple[str, ...]


def _calls(effects: Iterable[Effect]) -> Iterable[EffectCall]:
    for effect in effects:
        if isinstance(effect, EffectCall):
            yield effect
        yield from _calls(getattr(effect, "effects", ()))
        yield from _calls(getattr(effect, "then", ()))
        yield from _calls(getattr(effect, "otherwise", ()))
        for option in getattr(effect, "options", ()):
            yield from _calls(option.effects)


def _decks(call: EffectCall) -> set[str]:
    return {
        str(atom.value)
        for arg in call.args
        if arg.name in (None, "deck")
        for atom in arg.alternatives
        if atom.value in ARGUMENT_WORDS["deck"]
    }


def rule_caused_events(effects: Iterable[Effect]) -> frozenset[str]:
    """The events a body of effects has the rules make as the player's own (``PRIMITIVES[…].then_rule``),
    which its own card hears (R192)."""
    return frozenset(
        event
        for call in _calls(effects)
        if call.name in PRIMITIVES
        for event in PRIMITIVES[call.name].then_rule
    )


def caused_events(effects: Iterable[Effect]) -> frozenset[str]:
    """The events a body of effects may cause (``PRIMITIVES[…].causes``), narrowed to the decks it names."""
    events: set[str] = set()
    for call in _calls(effects):
        spec = PRIMITIVES.get(call.name)
        if spec is None:
            continue
        decks = _decks(call)
        events.update(
            event
            for event in spec.causes
            if not decks or event.split(".")[0] not in ARGUMENT_WORDS["deck"] or event.split(".")[0] in decks
        )
    return frozenset(events)


def _drawn_event(card: Card) -> str:
    return f"{card.type}.drawn"


def _own_guard(card: Card) -> bool:
    return any(
        isinstance(ability, Trigger)
        and _drawn_event(card) in ability.events
        and any(call.name == "redraw" for call in _calls(ability.effects))
        for ability in card.abilities
    )


def card_steps(card: Card) -> list[Step]:
    """The chain links of a card: each trigger, replacement and ``resolve`` with why it is bounded."""
    world = LEVEL_OF_TYPE.get(card.type) == Level.WORLD
    guarded = _own_guard(card)
    steps = []
    for index, ability in enumerate(card.abilities):
        if isinstance(ability, Resolution) and _drawn_event(card) in EVENTS:
            listens, bound = frozenset({_drawn_event(card)}), ""
        elif isinstance(ability, Trigger | Replacement):
            events = ability.events if isinstance(ability, Trigger) else (ability.event,)
            listens, bound = frozenset(events), _limit_bound(ability, card.type in AUGMENTS)
        else:
            continue
        if world:
            bound = WORLD_BOUND
        elif guarded and not bound:
            bound = OWN_GUARD
        effects = ability.effects
        causes, by_rule = caused_events(effects), rule_caused_events(effects)
        steps.append(Step(card.id, card.base_id, index, listens, causes, bound, by_rule))
    return steps


def _limit_bound(ability: Trigger | Replacement, augment: bool) -> str:
    """The count that bounds an ability as the compiler limits it: a written count, or an augment's
    default of once per round when none is written; ``limit none`` and every other type: none (R114)."""
    counted = [limit for limit in ability.limits if limit.count is not None]
    if counted:
        return f"limit {counted[0].count} per {' per '.join(counted[0].per)}"
    if ability.limits or not augment:
        return ""
    return DEFAULT_BOUND


def trigger_graph(steps: Iterable[Step]) -> nx.DiGraph:
    """The graph of the unbounded steps: ``("event", name)`` → ``("step", card, i)`` → ``("event", name)``."""
    graph = nx.DiGraph()
    for step in steps:
        if step.bound:
            continue
        node = ("step", step.card, step.ability)
        graph.add_node(node, base=step.base)
        graph.add_edges_from((("event", event), node) for event in step.listens)
        graph.add_edges_from(
            (node, ("event", event), {"by_rule": event in step.by_rule}) for event in step.causes
        )
    graph.add_edges_from(
        (("event", event), ("event", follow)) for event, follows in RULE_CAUSES.items() for follow in follows
    )
    return graph


def endless_chains(steps: Iterable[Step]) -> list[Chain]:
    """Every endless chain among ``steps``: strongly connected unbounded steps of two or more cards, or
    of one card when an event the rules make as the player's own closes the loop (R192)."""
    graph = trigger_graph(steps)
    chains = []
    for component in nx.strongly_connected_components(graph):
        step_nodes = [node for node in component if node[0] == "step"]
        by_rule = any(
            graph.edges[edge]["by_rule"] for edge in graph.subgraph(component).edges if edge[0][0] == "step"
        )
        if not step_nodes or (len({graph.nodes[node]["base"] for node in step_nodes}) < 2 and not by_rule):
            continue
        cards = tuple(sorted({node[1] for node in step_nodes}))
        events = tuple(sorted(node[1] for node in component if node[0] == "event"))
        chains.append(Chain(cards, events))
    return sorted(chains, key=lambda chain: chain.cards)
