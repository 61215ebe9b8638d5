"""The hextech rule set's greedy bot (§5.2, §9.1, §10, §11), the one plain bot of its own: it reads
its cards.  It answers a seat's decisions through the core's agent protocol
(:class:`engine.core.agent.Agent`), handed its own :class:`~engine.hextech.view.PlayerView` and a
:class:`~engine.core.decisions.Decision`, and returns one of the decision's options; the engine
validates the answer.  Its random peer is every rule set's :class:`engine.agents.bots.RandomBot`,
and what it shares with the core table's greedy bot is :mod:`engine.agents.greedy`.

:class:`GreedyAgent` takes every legal win; discards to the lowest shanten; calls and kongs only when
they lower (or keep) the shanten and keep its contract alive; card choices (contracts, the abandon
window, augments, card options, reorders, targets) come from :mod:`engine.agents.hextech.choices`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import StrEnum
from itertools import compress

from engine.agents.greedy import after_kong, called_tiles, face, hand_vector, less, move
from engine.agents.hextech import choices
from engine.core.decisions import HU, PASS, Decision, DecisionKind
from engine.core.shanten import DiscardShanten, shanten_counts
from engine.core.tiles import NUM_KINDS, TERMINALS, format_one
from engine.hextech.decision_kinds import HextechKind
from engine.hextech.view import PlayerView


def _isolation(k: int, vec: bytes) -> int:
    """How little a tile connects to the rest of the hand: honours and terminals first (a tie-break)."""
    if k >= choices.HONOURS:
        return 10 - vec[k]
    lo, hi = choices.NEAR[k]
    return (10 if k in TERMINALS else 6) - sum(vec[lo:hi])


_ISOLATED_PLACES: dict[tuple[bytes, int], tuple[int, ...]] = {}


def _isolated_places(suit: bytes, first: int) -> tuple[int, ...]:
    """Each face's place in the discard order of one suit's key (:func:`choices.order_places` by
    :func:`_isolation`)."""
    key = (suit, first)
    places = _ISOLATED_PLACES.get(key)
    if places is None:
        vec = bytes(first) + suit
        isolated = (_isolation(k, vec) for k in range(first, first + len(suit)))
        places = choices.kept_order(_ISOLATED_PLACES, key, choices.order_places(isolated, first))
    return places


def _discard_order(key: bytes) -> tuple[int, ...]:
    """Each face's place in the greedy discard order for the hand ``key``: the most isolated first,
    then the lower face."""
    return (
        _isolated_places(key[0:9], 0)
        + _isolated_places(key[9:18], 9)
        + _isolated_places(key[18:27], 18)
        + _isolated_places(key[27:34], choices.HONOURS)
    )


def _lowest(vec: list[int], n: int) -> int:
    """The lowest shanten after one discard.  No discard leaves less than the hand's own shanten, so
    the search ends at the first face that keeps it (a hand of full size that is not complete always
    holds a tile its best reading leaves out)."""
    after = DiscardShanten(vec, n)
    now = after.own()
    found = []
    for k in compress(range(NUM_KINDS), vec):
        if after[k] == now:
            return now
        found.append(after[k])
    return min(found)


def _best(vec: list[int], n: int, allowed: list[int]) -> int:
    """The discard among ``allowed`` that leaves the lowest shanten, the most isolated on ties (then
    the lowest face; the tile itself counts alike for every face).  No discard leaves less than the
    hand's own shanten, so the first in that order to keep it is the one."""
    key = bytes(vec)
    after = DiscardShanten(key, n)
    now = after.own()
    places = _discard_order(key)
    order = sorted([places[k] for k in allowed])
    for place in order:
        if after[place & choices.FACE] == now:
            return place & choices.FACE
    return min([place & choices.FACE for place in order], key=after.__getitem__)


class GreedyAgent:
    """A shanten-driven bot that takes every legal win."""

    name = "greedy"
    sees = True
    person = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView, decision: Decision) -> str:
        """The greedy answer for each kind of decision."""
        return _HANDLERS.get(decision.kind, GreedyAgent._first)(self, view, decision)

    def _turn(self, view: PlayerView, decision: Decision) -> str:
        options = decision.options
        if HU in options:
            return HU
        vec = hand_vector(view.hand)
        n = view.n_melds
        discards = []
        for option in options:
            verb, kind = move(option)
            if verb == "discard":
                discards.append(kind)
            elif verb in ("ankan", "kakan"):
                after, added = after_kong(vec, verb, kind)
                if shanten_counts(after, n + added) <= _lowest(vec, n):
                    return option
        return f"discard {format_one(_best(vec, n, discards))}"

    def _call(self, view: PlayerView, decision: Decision) -> str:
        options = decision.options
        if HU in options:
            return HU
        vec = hand_vector(view.hand)
        n = view.n_melds
        now = shanten_counts(vec, n)
        about = face(decision.about)
        for option in options:
            verb, _, run = option.partition(" ")
            if verb == "kong":
                after = less(vec, called_tiles(verb, run, about))
                if shanten_counts(after, n + 1) <= now and choices.calls_welcome(view, verb):
                    return option
            elif verb in ("pon", "chi"):
                after = less(vec, called_tiles(verb, run, about))
                if _lowest(after, n + 1) < now and choices.calls_welcome(view, verb):
                    return option
        return PASS

    def _abandon(self, view: PlayerView, decision: Decision) -> str:
        return choices.keep_or_abandon(view, self.rng)

    def _contract(self, view: PlayerView, decision: Decision) -> str:
        return choices.choose_contract(view, decision.options, self.rng)

    def _augment(self, view: PlayerView, decision: Decision) -> str:
        return choices.choose_augment(view, decision.options)

    def _card(self, view: PlayerView, decision: Decision) -> str:
        return choices.choose_card(view, decision.options)

    def _choose(self, view: PlayerView, decision: Decision) -> str:
        return choices.choose(view, decision.options, decision.about, self.rng)

    def _first(self, view: PlayerView, decision: Decision) -> str:
        return decision.options[0]


_HANDLERS: dict[StrEnum, Callable[[GreedyAgent, PlayerView, Decision], str]] = {
    DecisionKind.TURN: GreedyAgent._turn,
    DecisionKind.CALL: GreedyAgent._call,
    DecisionKind.ROB_KONG: GreedyAgent._call,
    HextechKind.ABANDON: GreedyAgent._abandon,
    HextechKind.CONTRACT: GreedyAgent._contract,
    HextechKind.AUGMENT: GreedyAgent._augment,
    HextechKind.KEEP_LASTING: GreedyAgent._card,
    DecisionKind.CHOOSE: GreedyAgent._choose,
}
"""The greedy answer's method for each kind of decision (a module-level table: compiled classes have
no class-level dictionaries of their own methods)."""
