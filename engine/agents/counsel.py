"""What a rule set tells the one set of bots (issue 33 item 1, "one set of bots"; §11 phase 2).

:class:`engine.agents.bots.GreedyBot` and :class:`engine.agents.search.SearchBot` are one class each
for every rule set: the greedy bot's skeleton (a win when offered; a kong that keeps the best
shanten; the discard to the lowest shanten, first in a tie order; a call only when it lowers the
shanten) and the search bot's asking are the core's, and what a rule set knows of a hand comes from
its :class:`Counsel`: its shanten (:meth:`Counsel.advise`, an :class:`Advice` on one hand at one
decision), the answers to its own kinds of decision (:meth:`Counsel.answer`) and the foresight its
search bot thinks with (:meth:`Counsel.foresight`).

A counsel is found by the name of the rule set whose view the bot is handed
(:attr:`engine.core.view.View.rules`): :data:`COUNSELS` names the module that declares each rule
set's own as ``COUNSEL``, and a rule set without one is counselled toward its view's aim
(:data:`engine.agents.aimed.AIMED`, the core's: every view has one).  A new rule set's counsel is a
module and a line here; the bots are not edited.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Final, Protocol

from engine.agents.aimed import AIMED
from engine.core.decisions import Decision
from engine.core.view import View


class Advice(Protocol):
    """A rule set's reading of one seat's concealed hand (34 counts) at one decision: its shanten
    beside the seat's melds and those a kong or a call would add, and its discard order."""

    @property
    def judges(self) -> bool:
        """Whether the rule set wins only some waiting hands, so that of discards leaving the hand
        waiting one that pays (:meth:`pays`) is preferred."""
        ...

    def shanten(self, counts: Sequence[int], melded: int, tiles: Sequence[int]) -> int:
        """The shanten of ``counts`` beside the seat's melds and ``melded`` more made of ``tiles``
        (a kong's four, or the tile a kong adds to a pon; a call's three)."""
        ...

    def lowest(self, counts: Sequence[int], melded: int, tiles: Sequence[int]) -> int:
        """The lowest :meth:`shanten` any one discard of ``counts`` leaves."""
        ...

    def discards(self) -> Mapping[int, int]:
        """The shanten the advised hand is left at by discarding each face it holds."""
        ...

    def least(self) -> int:
        """The lowest shanten any one discard of the advised hand leaves."""
        ...

    def floor(self) -> int:
        """A shanten no discard of the advised hand goes below (the first discard in the tie order
        reaching it is the one)."""
        ...

    def order(self, faces: Sequence[int]) -> list[int]:
        """The discards ``faces`` in the order the rule set throws them, the first first (of those
        leaving the lowest shanten the bot throws the first)."""
        ...

    def welcome(self, verb: str) -> bool:
        """Whether a call of ``verb`` that lowers the shanten is welcome besides."""
        ...

    def pays(self, less: Sequence[int]) -> bool:
        """Whether the waiting hand ``less`` has a wait the rule set lets it win on."""
        ...


class Foresight(Protocol):
    """How a rule set's search bot looks ahead: it answers every decision of the seat."""

    def decide(self, view: View, decision: Decision) -> str:
        """The searched answer."""
        ...


class Counsel(Protocol):
    """What one rule set tells the bots of its hands and its own decisions."""

    @property
    def budget(self) -> int:
        """The search bot's budget when ``search`` names none."""
        ...

    def advise(self, view: View, counts: list[int]) -> Advice:
        """The advice on the seat's concealed hand ``counts`` (those of ``view.hand``)."""
        ...

    def answer(self, view: View, decision: Decision, rng: random.Random) -> str:
        """The greedy answer to a decision of a kind other than a turn or a call."""
        ...

    def foresight(self, rng: random.Random, budget: int | None) -> Foresight:
        """The search bot's look ahead, from the seat's generator, ``budget`` or :attr:`budget`."""
        ...


COUNSELS: Final[Mapping[str, str]] = {"hextech": "engine.agents.hextech.counsel"}
"""The module declaring each rule set's own counsel as ``COUNSEL``, by the rule set's name; the
module is imported when a view of the rule set first asks."""

_LOADED: dict[str, Counsel] = {}


def counsel_named(rules: str) -> Counsel:
    """The counsel of the rule set named ``rules``: its own, else the counsel toward the view's aim."""
    found = _LOADED.get(rules)
    if found is None:
        module = COUNSELS.get(rules)
        found = AIMED if module is None else import_module(module).COUNSEL
        _LOADED[rules] = found
    return found


def counsel_of(view: View) -> Counsel:
    """The counsel of the rule set whose seat ``view`` is."""
    return counsel_named(view.rules)
