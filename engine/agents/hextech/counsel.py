"""The hextech rule set's counsel to the one set of bots (§5.2, §9.1, §10, §11; issue 33 item 1):
what :class:`engine.agents.bots.GreedyBot` and :class:`engine.agents.search.SearchBot` know of a
hextech seat's hand and its cards.

A hand is weighed by its plain shanten (four sets and a pair, seven pairs, thirteen orphans:
:func:`~engine.core.shanten.shanten_counts`); a discard's tie order is the most isolated tile first
(an honour or terminal before a middle tile, then the lower face); no wait is judged (every complete
hand wins, its contract aside); a call that lowers the shanten is welcome only while it keeps the
held contract alive (:func:`engine.agents.hextech.choices.calls_welcome`); the card decisions — the
abandon window, the contract, the augment, the lasting card kept, a card's choice — are answered by
:mod:`engine.agents.hextech.choices`; and the search bot imagines the rest of the round
(:mod:`engine.agents.hextech.search`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from enum import StrEnum
from itertools import compress
from typing import cast

from engine.agents.counsel import Foresight
from engine.agents.hextech import choices
from engine.core.decisions import Decision, DecisionKind
from engine.core.shanten import DiscardShanten, shanten_counts
from engine.core.tiles import NUM_KINDS, TERMINALS
from engine.core.view import View
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


def _lowest(after: DiscardShanten, vec: Sequence[int]) -> int:
    """The lowest shanten after one discard.  No discard leaves less than the hand's own shanten, so
    the search ends at the first face that keeps it (a hand of full size that is not complete always
    holds a tile its best reading leaves out)."""
    now = after.own()
    found = []
    for k in compress(range(NUM_KINDS), vec):
        if after[k] == now:
            return now
        found.append(after[k])
    return min(found)


class HextechAdvice:
    """One hextech hand weighed by its plain shanten, the shanten after each discard worked out as
    it is asked."""

    def __init__(self, view: PlayerView, counts: list[int]) -> None:
        self.view = view
        self.counts = counts
        self.n_melds = view.n_melds
        self.key = b""
        self.after: DiscardShanten | None = None

    @property
    def judges(self) -> bool:
        """Never: every complete hand of the forms wins, its contract aside."""
        return False

    def shanten(self, counts: Sequence[int], melded: int, tiles: Sequence[int]) -> int:
        """The plain shanten of ``counts`` beside ``melded`` more melds."""
        return shanten_counts(counts, self.n_melds + melded)

    def lowest(self, counts: Sequence[int], melded: int, tiles: Sequence[int]) -> int:
        """The lowest plain shanten any one discard of ``counts`` leaves."""
        return _lowest(DiscardShanten(counts, self.n_melds + melded), counts)

    def discards(self) -> DiscardShanten:
        """The plain shanten after discarding each face held."""
        after = self.after
        if after is None:
            self.key = bytes(self.counts)
            after = self.after = DiscardShanten(self.key, self.n_melds)
        return after

    def least(self) -> int:
        """The lowest plain shanten any one discard of the hand leaves."""
        return _lowest(self.discards(), self.counts)

    def floor(self) -> int:
        """The hand's own shanten, which no discard goes below."""
        return self.discards().own()

    def order(self, faces: Sequence[int]) -> list[int]:
        """The most isolated first, then the lower face."""
        self.discards()
        places = _discard_order(self.key)
        return [place & choices.FACE for place in sorted([places[k] for k in faces])]

    def welcome(self, verb: str) -> bool:
        """Whether the call keeps the held contract alive (:func:`choices.calls_welcome`)."""
        return choices.calls_welcome(self.view, verb)

    def pays(self, less: Sequence[int]) -> bool:
        """Every waiting hand may win."""
        return True


def _abandon(view: PlayerView, decision: Decision, rng: random.Random) -> str:
    return choices.keep_or_abandon(view, rng)


def _contract(view: PlayerView, decision: Decision, rng: random.Random) -> str:
    return choices.choose_contract(view, decision.options, rng)


def _augment(view: PlayerView, decision: Decision, rng: random.Random) -> str:
    return choices.choose_augment(view, decision.options)


def _card(view: PlayerView, decision: Decision, rng: random.Random) -> str:
    return choices.choose_card(view, decision.options)


def _choose(view: PlayerView, decision: Decision, rng: random.Random) -> str:
    return choices.choose(view, decision.options, decision.about, rng)


ANSWERS: dict[StrEnum, Callable[[PlayerView, Decision, random.Random], str]] = {
    HextechKind.ABANDON: _abandon,
    HextechKind.CONTRACT: _contract,
    HextechKind.AUGMENT: _augment,
    HextechKind.KEEP_LASTING: _card,
    DecisionKind.CHOOSE: _choose,
}
"""The greedy answer to each card decision, by its kind (the first option for any other)."""


class HextechCounsel:
    """The hextech rule set's counsel."""

    @property
    def budget(self) -> int:
        """The imagined rounds a candidate answer of the search bot (:data:`search.BUDGET`)."""
        from engine.agents.hextech import search

        return search.BUDGET

    def advise(self, view: View, counts: list[int]) -> HextechAdvice:
        """The hand weighed by its plain shanten; the view is a hextech seat's (its rule set named)."""
        return HextechAdvice(cast(PlayerView, view), counts)

    def answer(self, view: View, decision: Decision, rng: random.Random) -> str:
        """The card decision's answer from :mod:`choices`, else the first option."""
        answer = ANSWERS.get(decision.kind)
        if answer is None:
            return decision.options[0]
        return answer(cast(PlayerView, view), decision, rng)

    def foresight(self, rng: random.Random, budget: int | None) -> Foresight:
        """The imagined rounds (:mod:`engine.agents.hextech.search`, imported when a search bot first
        plays a hextech seat, so that a session of other bots does not load its imagined play)."""
        from engine.agents.hextech import search

        return search.ImaginedRounds(rng, search.BUDGET if budget is None else budget)


COUNSEL = HextechCounsel()
"""The counsel :data:`engine.agents.counsel.COUNSELS` names for the hextech rule set."""
