"""The counsel toward a view's aim (issue 14 item 2; issue 33 item 1): what the bots know of a hand
at standard's and 红中's tables and at any rule set's that declares no counsel of its own.

A hand is weighed by its shanten toward the rule set's own win forms and suit length (the view's
:class:`~engine.core.aim.Aim`, beside the seat's melds, a kong's four tiles counted); a discard's
tie order is the least connected tile first (:func:`~engine.agents.greedy.connection`: an honour,
then a terminal, then a middle tile), then the lowest face; of discards that leave the hand waiting
one with a wait the rule set lets it win on (the aim's judge: a minimum of fan, a suit length) is
preferred; every call that lowers the shanten is welcome; a decision of another kind is answered
with its first option; and the search bot looks ahead over shanten and waits
(:mod:`engine.agents.lookahead`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.agents.greedy import connection
from engine.agents.lookahead import BUDGET, Lookahead
from engine.core.aim import Aim
from engine.core.decisions import Decision
from engine.core.tiles import NUM_KINDS
from engine.core.view import View
from engine.core.win import WinContext


def pays(view: View, less: Sequence[int], declared: tuple[int, ...]) -> bool:
    """Whether the waiting hand ``less`` has a wait the rule set lets it win on, by self-draw or on
    the 上家's discard (:attr:`Aim.judge`: a minimum of fan, a suit length)."""
    aim, me = view.aim, view.me
    judge = aim.judge
    assert judge is not None
    melds, winds = view.melds[me], (view.prevalent_wind, view.seat_wind, view.dealer)
    hand = [t for t in range(NUM_KINDS) for _ in range(less[t])]
    for wait in aim.waits(less, view.n_melds):
        if less[wait] + declared.count(wait) >= 4:
            continue
        concealed = tuple(sorted((*hand, wait)))
        for source in (None, (me + 3) % 4):
            if judge(WinContext(concealed, melds, wait, me, source, *winds)):
                return True
    return False


class AimedAdvice:
    """One hand weighed toward the view's aim: the shanten after each discard worked out when first
    asked (a call asks none)."""

    def __init__(self, view: View, counts: list[int]) -> None:
        self.view = view
        self.aim: Aim = view.aim
        self.counts = counts
        self.n_melds = view.n_melds
        self.declared = tuple([t for meld in view.melds[view.me] for t in meld.tiles])
        self.after: dict[int, int] | None = None
        self.low = 0

    @property
    def judges(self) -> bool:
        """Whether the aim judges a complete hand (a minimum of fan, a suit length)."""
        return self.aim.judge is not None

    def shanten(self, counts: Sequence[int], melded: int, tiles: Sequence[int]) -> int:
        """The aim's shanten of ``counts`` beside the melds and ``melded`` more of ``tiles``."""
        return self.aim.shanten(counts, self.n_melds + melded, (*self.declared, *tiles))

    def lowest(self, counts: Sequence[int], melded: int, tiles: Sequence[int]) -> int:
        """The lowest shanten toward the aim any one discard leaves."""
        return min(self.aim.after_discards(counts, self.n_melds + melded, (*self.declared, *tiles)).values())

    def discards(self) -> dict[int, int]:
        """The shanten after discarding each face held."""
        after = self.after
        if after is None:
            after = self.after = self.aim.after_discards(self.counts, self.n_melds, self.declared)
            self.low = min(after.values())
        return after

    def least(self) -> int:
        """The lowest shanten any discard of the hand leaves."""
        self.discards()
        return self.low

    def floor(self) -> int:
        """The lowest shanten any discard leaves: none goes below it."""
        return self.least()

    def order(self, faces: Sequence[int]) -> list[int]:
        """Those leaving the lowest shanten first, the least connected of them first, then the lowest
        face; the others after them (never thrown while one of those may be)."""
        after, counts = self.discards(), self.counts
        low = min([after[k] for k in faces])
        ready = sorted([k for k in faces if after[k] == low], key=lambda k: (connection(counts, k), k))
        return ready + [k for k in faces if after[k] != low]

    def welcome(self, verb: str) -> bool:
        """Every call that lowers the shanten."""
        return True

    def pays(self, less: Sequence[int]) -> bool:
        """:func:`pays` of the waiting hand ``less``."""
        return pays(self.view, less, self.declared)


class AimedCounsel:
    """The counsel toward the view's aim."""

    @property
    def budget(self) -> int:
        """The lookahead's imagined draws a candidate."""
        return BUDGET

    def advise(self, view: View, counts: list[int]) -> AimedAdvice:
        """The hand weighed toward ``view``'s aim."""
        return AimedAdvice(view, counts)

    def answer(self, view: View, decision: Decision, rng: random.Random) -> str:
        """The first option: the core's kinds of decision are turns and calls."""
        return decision.options[0]

    def foresight(self, rng: random.Random, budget: int | None) -> Lookahead:
        """The lookahead over shanten and waits, seeded from the seat's generator."""
        return Lookahead(rng.getrandbits(64), BUDGET if budget is None else budget)


AIMED = AimedCounsel()
"""The counsel of every rule set that declares none of its own."""
