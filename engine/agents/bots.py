"""The plain bots (issue 14 item 2; issue 33 item 1).

* :class:`RandomBot`: a uniformly random legal answer from its own seeded generator, one agent over
  the view of any rule set, hextech's among them: it reads the decision's options alone.
* :class:`GreedyBot`, the greedy bot of any rule set, from a seat's view alone (any rule set's
  :class:`~engine.core.view.View`, hextech's among them; what it shares with hextech's greedy bot is
  :mod:`engine.agents.greedy`): it wins whenever it may (``hu`` is offered only when the rule set
  allows the win); otherwise discards to the lowest shanten toward the rule set's own win forms and
  suit length (the view's :class:`~engine.core.aim.Aim`), the least connected tile first on ties (an
  honour or terminal before a middle tile), and of discards that leave it waiting one with a wait
  the rule set lets it win on (a minimum of fan: the aim's judge) when there is one; declares a kong
  that keeps its shanten and calls a pon, an exposed kong or a chi only when the call lowers it.

A seat a person answered (the host console's ``web`` seat) is named in a log as :data:`PERSON`;
replaying the log, :class:`LoggedPerson` stands for it and has no answer of its own (R375).
"""

from __future__ import annotations

import random

from engine.agents.greedy import after_kong, called_tiles, face, hand_vector, less, move
from engine.core.aim import Aim
from engine.core.decisions import HU, PASS, Decision, DecisionKind
from engine.core.errors import LogError
from engine.core.melds import Meld
from engine.core.picks import choice
from engine.core.seats import PLAYERS
from engine.core.tiles import FACES, NUM_KINDS, TERMINALS
from engine.core.view import View
from engine.core.win import WinContext


class RandomBot:
    """Any legal answer, uniformly, whatever the view: ``rng.choice`` of the options
    (:func:`engine.core.picks.choice`, bit for bit), so a seed fixes its every answer."""

    name = "random"
    sees = False
    person = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: object, decision: Decision) -> str:
        """One of the options, at random."""
        return choice(self.rng, decision.options)


def connection(vec: list[int], k: int) -> int:
    """How much ``k`` joins the rest of the hand: the other copies of it and the faces within two of
    it in its suit, less one for a terminal; an honour only by its copies, a single one least of all
    (an honour, then a terminal, then a middle tile goes first)."""
    if k >= 27:
        return 2 * vec[k] - 4
    low, high = k - k % 9, k - k % 9 + 8
    near = sum(vec[j] for j in range(max(low, k - 2), min(high, k + 2) + 1)) - 1
    return near - (k in TERMINALS)


def lowest_after_discard(aim: Aim, vec: list[int], n_melds: int, declared: tuple[int, ...]) -> int:
    """The lowest shanten toward ``aim`` any one discard leaves."""
    return min(aim.after_discards(vec, n_melds, declared).values())


def declared_tiles(view: View) -> tuple[int, ...]:
    """The tiles of the deciding seat's melds, a kong's four."""
    return tuple(t for meld in view.melds[view.me] for t in meld.tiles)


def pays(view: View, less: list[int], declared: tuple[int, ...]) -> bool:
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


_KNOWN = 1 << 10
"""How many waiting hands a greedy bot remembers the judgement of (bounded, so a long session's
memory stays flat)."""


class GreedyBot:
    """A shanten-driven bot that takes every win offered."""

    name = "greedy"
    sees = True
    person = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.paying: dict[tuple[bytes, tuple[Meld, ...], int, int], bool] = {}
        """Whether a waiting hand pays (:func:`pays`), by its tiles, its melds, the prevalent wind and
        the dealer: a waiting hand that draws what it throws is weighed again and again."""

    def decide(self, view: View, decision: Decision) -> str:
        """The greedy answer: a win, else the turn's or the call's best move."""
        if HU in decision.options:
            return HU
        if decision.kind is DecisionKind.TURN:
            return self.turn(view, decision.options)
        if decision.kind is DecisionKind.CALL:
            return self.call(view, decision)
        return decision.options[0]

    def turn(self, view: View, options: tuple[str, ...]) -> str:
        """A kong that keeps the best shanten a discard reaches, else the best discard."""
        vec = hand_vector(view.hand)
        n, aim, declared = view.n_melds, view.aim, declared_tiles(view)
        after_discard = aim.after_discards(vec, n, declared)
        best = min(after_discard.values())
        discards = []
        for option in options:
            verb, kind = move(option)
            if verb == "discard":
                discards.append(kind)
                continue
            after, added = after_kong(vec, verb, kind)
            kong = (kind,) * (4 if added else 1)
            if aim.shanten(after, n + added, declared + kong) <= best:
                return option
        low = min(after_discard[k] for k in discards)
        ready = [k for k in discards if after_discard[k] == low]
        ready.sort(key=lambda k: (connection(vec, k), k))
        pick = ready[0]
        if low == 0 and aim.judge is not None and len(ready) > 1:
            pick = next((k for k in ready if self.pays(view, vec, k, declared)), pick)
        return f"discard {FACES[pick]}"

    def pays(self, view: View, vec: list[int], k: int, declared: tuple[int, ...]) -> bool:
        """:func:`pays` of the hand less ``k``, remembered."""
        less = list(vec)
        less[k] -= 1
        key = (bytes(less), view.melds[view.me], view.prevalent_wind, view.dealer)
        known = self.paying.get(key)
        if known is None:
            if len(self.paying) >= _KNOWN:
                self.paying.clear()
            known = self.paying[key] = pays(view, less, declared)
        return known

    def call(self, view: View, decision: Decision) -> str:
        """The first call that lowers the shanten, else ``pass``."""
        vec = hand_vector(view.hand)
        n, aim, declared = view.n_melds, view.aim, declared_tiles(view)
        now = aim.shanten(vec, n, declared)
        about = face(decision.about)
        for option in decision.options:
            verb, _, run = option.partition(" ")
            if verb == PASS:
                continue
            used = called_tiles(verb, run, about)
            after, melded = less(vec, used), (*declared, about, *used)
            if verb == "kong":
                if aim.shanten(after, n + 1, melded) <= now:
                    return option
                continue
            if lowest_after_discard(aim, after, n + 1, melded) < now:
                return option
        return PASS


PERSON = "web"
"""The agent name of a seat a person answered from the host console (R375)."""


class LoggedPerson:
    """A person's seat in a log being replayed: each of its answers is the logged one, so it is
    never asked; asked all the same, past the log's last answer, it is a :class:`LogError`."""

    name = PERSON
    sees = False
    person = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: object, decision: Decision) -> str:
        """Never an answer: a person's answers are in the log alone."""
        raise LogError(f"{PLAYERS[decision.player]} is a person's seat and the log has no answer left")
