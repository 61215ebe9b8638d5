"""The plain bots (issue 14 item 2; issue 33 item 1, "one set of bots").

* :class:`RandomBot`: a uniformly random legal answer from its own seeded generator, one agent over
  the view of any rule set: it reads the decision's options alone.
* :class:`GreedyBot`, the greedy bot of every rule set, from a seat's view alone (any rule set's
  :class:`~engine.core.view.View`): it wins whenever it may (``hu`` is offered only when the rule
  set allows the win); at its turn declares a kong whose hand stands at the best shanten a discard
  reaches, else discards to the lowest shanten, the first of those in a tie order, and of discards
  that leave it waiting one with a wait the rule set lets it win on when the rule set judges its
  waits; calls a pon, an exposed kong or a chi only when the call lowers the shanten (a kong: keeps
  it) and the call is welcome.  The shanten, the tie order, the judging of waits, the welcome of a
  call and the answers to a rule set's own kinds of decision are the rule set's counsel's
  (:mod:`engine.agents.counsel`), found by the view's rule set.

A seat a person answered (the host console's ``web`` seat) is named in a log as :data:`PERSON`;
replaying the log, :class:`LoggedPerson` stands for it and has no answer of its own (R375).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.agents.counsel import Advice, counsel_of
from engine.agents.greedy import (
    CALLS,
    DISCARD,
    KONGS,
    after_kong,
    called_tiles,
    face,
    hand_vector,
    less,
    move,
)
from engine.core.decisions import HU, PASS, Decision, DecisionKind
from engine.core.errors import LogError
from engine.core.melds import Meld
from engine.core.picks import choice
from engine.core.seats import PLAYERS
from engine.core.tiles import FACES
from engine.core.view import View


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


def lowest_first(after: Mapping[int, int], floor: int, ordered: Sequence[int]) -> int:
    """The first of the discards ``ordered`` that leaves the lowest shanten ``after`` it: the first to
    reach ``floor``, which none goes below, else the first of the least."""
    pick, best = ordered[0], after[ordered[0]]
    for k in ordered:
        left = after[k]
        if left == floor:
            return k
        if left < best:
            pick, best = k, left
    return pick


_KNOWN = 1 << 10
"""How many waiting hands a greedy bot remembers the judgement of (bounded, so a long session's
memory stays flat)."""


class GreedyBot:
    """A shanten-driven bot that takes every win offered, counselled by the view's rule set."""

    name = "greedy"
    sees = True
    person = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.paying: dict[tuple[bytes, tuple[Meld, ...], int, int], bool] = {}
        """Whether a waiting hand pays (:meth:`~engine.agents.counsel.Advice.pays`), by its tiles,
        its melds, the prevalent wind and the dealer: a waiting hand that draws what it throws is
        weighed again and again."""

    def decide(self, view: View, decision: Decision) -> str:
        """The greedy answer: a win, else the turn's or the call's best move, else the counsel's."""
        kind = decision.kind
        if kind is DecisionKind.TURN:
            return self.turn(view, decision.options)
        if kind is DecisionKind.CALL or kind is DecisionKind.ROB_KONG:
            return self.call(view, decision)
        if HU in decision.options:
            return HU
        return counsel_of(view).answer(view, decision, self.rng)

    def turn(self, view: View, options: tuple[str, ...]) -> str:
        """A win, a kong that keeps the best shanten a discard reaches, else the best discard."""
        if HU in options:
            return HU
        vec = hand_vector(view.hand)
        advice = counsel_of(view).advise(view, vec)
        discards = []
        for option in options:
            verb, kind = move(option)
            if verb == DISCARD:
                discards.append(kind)
            elif verb in KONGS:
                after, added = after_kong(vec, verb, kind)
                if advice.shanten(after, added, (kind,) * (4 if added else 1)) <= advice.least():
                    return option
        ordered = advice.order(discards)
        after_discard = advice.discards()
        pick = lowest_first(after_discard, advice.floor(), ordered)
        if after_discard[pick] == 0 and advice.judges:
            ready = [k for k in ordered if after_discard[k] == 0]
            if len(ready) > 1:
                pick = next((k for k in ready if self.pays(view, advice, vec, k)), pick)
        return f"discard {FACES[pick]}"

    def pays(self, view: View, advice: Advice, vec: list[int], k: int) -> bool:
        """Whether the hand less ``k`` pays, remembered."""
        rest = list(vec)
        rest[k] -= 1
        key = (bytes(rest), view.melds[view.me], view.prevalent_wind, view.dealer)
        known = self.paying.get(key)
        if known is None:
            if len(self.paying) >= _KNOWN:
                self.paying.clear()
            known = self.paying[key] = advice.pays(rest)
        return known

    def call(self, view: View, decision: Decision) -> str:
        """A win, else the first welcome call that lowers the shanten (a kong: keeps it), else
        ``pass``."""
        options = decision.options
        if HU in options:
            return HU
        vec = hand_vector(view.hand)
        advice = counsel_of(view).advise(view, vec)
        now = advice.shanten(vec, 0, ())
        about = face(decision.about)
        for option in options:
            verb, _, run = option.partition(" ")
            if verb not in CALLS:
                continue
            used = called_tiles(verb, run, about)
            after, tiles = less(vec, used), (about, *used)
            if verb == "kong":
                if advice.shanten(after, 1, tiles) <= now and advice.welcome(verb):
                    return option
            elif advice.lowest(after, 1, tiles) < now and advice.welcome(verb):
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
