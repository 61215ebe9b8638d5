"""The search bot of every rule set (§4 seats; issue 33 items 1 and 2): one :class:`SearchBot` that
reads its own seat's view alone and thinks with the foresight of the view's rule set, its counsel's
(:meth:`engine.agents.counsel.Counsel.foresight`): toward the view's aim, shanten and the unseen
tiles that improve it (:mod:`engine.agents.lookahead`), or at a hextech seat the rest of the round
imagined (:mod:`engine.agents.hextech.search`).  ``search:N`` gives it a budget of ``N`` imagined
draws or rounds a candidate; plain ``search`` the counsel's own.  Its foresight draws from the
seat's generator, so a seed fixes its every answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.agents.counsel import Foresight, counsel_named, counsel_of
from engine.core.decisions import Decision
from engine.core.view import View


class SearchBot:
    """Answers each decision by the foresight of its seat's rule set, made at its first decision."""

    name = "search"
    sees = True
    person = False

    def __init__(self, rng: random.Random, budget: int | None = None) -> None:
        self.rng = rng
        self.asked = budget
        """The budget ``search:N`` gave, ``None`` for the counsel's own."""
        self.foresight: Foresight | None = None

    def __reduce__(
        self,
    ) -> tuple[
        Callable[[random.Random, int | None, Foresight | None], SearchBot],
        tuple[random.Random, int | None, Foresight | None],
    ]:
        """Pickled by its generator, budget and foresight, as the console hands it to a worker process
        (R520): the compiled class is made again through :func:`searching`, not by an argumentless
        ``__new__``."""
        return searching, (self.rng, self.asked, self.foresight)

    def budget_at(self, rules: str) -> int:
        """The imagined draws or rounds a candidate it thinks with at a table of ``rules``."""
        return counsel_named(rules).budget if self.asked is None else self.asked

    def decide(self, view: View, decision: Decision) -> str:
        """The answer its rule set's foresight finds."""
        foresight = self.foresight
        if foresight is None:
            foresight = self.foresight = counsel_of(view).foresight(self.rng, self.asked)
        return foresight.decide(view, decision)


def searching(rng: random.Random, budget: int | None, foresight: Foresight | None) -> SearchBot:
    """A search bot as one pickled is made again."""
    bot = SearchBot(rng, budget)
    bot.foresight = foresight
    return bot
