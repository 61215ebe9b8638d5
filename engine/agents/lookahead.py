"""The search bot's foresight toward a view's aim (§4 seats; issue 33 item 2), its counsel's at
standard's and 红中's tables (:mod:`engine.agents.aimed`): it reads its own seat's view alone (any
rule set's :class:`~engine.core.view.View`) and looks ahead over the tiles that view has not shown
it.

A hand is weighed by its *standing*: its shanten toward the rule set's win forms (the view's
:class:`~engine.core.aim.Aim`), then how many tiles still unseen from this seat would lower it
(受入: the rule set's tile set, four of each kind, less the seat's own hand, every river and every
open meld; a waiting hand counts only the waits the rule set lets it win on, the aim's judge, and
one with none stands no better than a hand one from waiting that nothing improves).

* A win offered is taken.
* At its turn, of the legal discards it keeps the least shanten, then the most unseen improving
  tiles; where several stand equal it imagines ``budget`` draws from the unseen tiles (the same
  draws for each, from a generator seeded by its seat's seed and the decision, so a seed fixes a
  game) and keeps the one whose hand, after each imagined draw and its best discard, stands best in
  all (the least shanten summed, then the most improving tiles); then the least connected tile,
  then the lowest kind.  A kong is declared
  when the hand after it stands at least as well as after the best discard.
* A call (pon, chi, an exposed kong) is made when the hand after it and its best discard stands
  better than the hand that passes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.agents.greedy import connection, hand_vector
from engine.core.aim import Aim
from engine.core.decisions import HU, PASS, Decision, DecisionKind
from engine.core.melds import Meld, MeldKind
from engine.core.tiles import FACES, NUM_KINDS, parse, parse_one
from engine.core.view import View
from engine.core.win import WinContext

BUDGET = 8
"""The imagined draws per candidate discard when no budget is given."""

Standing = tuple[int, int]
"""A hand's shanten and, negated, its unseen improving tiles: the lower the better."""
DEAD: Standing = (1, 0)
"""A waiting hand with no unseen wait the rule set lets it win on: it stands as a hand one from
waiting that no tile is known to improve."""


def unseen_tiles(view: View) -> list[int]:
    """How many of each kind the seat has not seen: four of each of the rule set's kinds, less its own
    hand, every river and every meld it sees (another seat's concealed kong is unseen)."""
    left = [0] * NUM_KINDS
    for k in view.kinds:
        left[k] = 4
    seen = [*view.hand, *(t for river in view.rivers for t in river)]
    seen += [t for melds in view.melds for meld in melds for t in meld.tiles]
    for k in seen:
        if k < NUM_KINDS and left[k]:
            left[k] -= 1
    return left


class Weighing:
    """One seat's hand weighed at one decision: its aim, its melds (a call or kong imagined among
    them) and the tiles unseen from it."""

    def __init__(self, view: View, unseen: Sequence[int], melds: tuple[Meld, ...] | None = None) -> None:
        self.view = view
        self.aim: Aim = view.aim
        self.unseen = unseen
        self.melds = view.melds[view.me] if melds is None else melds
        self.declared = tuple(t for meld in self.melds for t in meld.tiles)

    def standing(self, counts: Sequence[int]) -> Standing:
        """The standing of a hand waiting for a draw (``3n+1`` tiles with its melds)."""
        aim, unseen, n_melds, declared = self.aim, self.unseen, len(self.melds), self.declared
        now = aim.shanten(counts, n_melds, declared)
        if now == 0 and aim.judge is not None:
            paying = sum(unseen[w] for w in aim.waits(counts, n_melds) if self.pays(counts, w))
            return (0, -paying) if paying else DEAD
        improving = 0
        plus = list(counts)
        for k in range(NUM_KINDS):
            if unseen[k] and counts[k] < 4:
                plus[k] += 1
                if aim.shanten(plus, n_melds, declared) < now:
                    improving += unseen[k]
                plus[k] -= 1
        return now, -improving

    def pays(self, counts: Sequence[int], wait: int) -> bool:
        """Whether the rule set lets the waiting hand win on ``wait``, by self-draw or on the 上家's
        discard (:attr:`Aim.judge`); never on a wait whose four copies the seat holds or declared,
        which no wall holds (the set has four of each tile)."""
        judge, view = self.aim.judge, self.view
        assert judge is not None
        if counts[wait] + self.declared.count(wait) >= 4:
            return False
        me = view.me
        hand = tuple(sorted((*(t for t in range(NUM_KINDS) for _ in range(counts[t])), wait)))
        winds = (view.prevalent_wind, view.seat_wind, view.dealer)
        return any(
            judge(WinContext(hand, self.melds, wait, me, source, *winds)) for source in (None, (me + 3) % 4)
        )

    def after_discard(self, counts: list[int], k: int) -> Standing:
        """The standing of ``counts`` less one ``k``."""
        counts[k] -= 1
        try:
            return self.standing(counts)
        finally:
            counts[k] += 1

    def best_discard(self, counts: list[int]) -> Standing:
        """The standing after the discard a hand of ``3n+2`` tiles keeps best: the least shanten, then
        of those the least connected tile's standing."""
        after = self.aim.after_discards(counts, len(self.melds), self.declared)
        low = min(after.values())
        pick = min((k for k in after if after[k] == low), key=lambda k: (connection(counts, k), k))
        return self.after_discard(counts, pick)


def with_kong(melds: tuple[Meld, ...], verb: str, face: int) -> tuple[Meld, ...]:
    """The seat's melds after declaring a kong of ``face`` at its turn: a concealed kong added, or the
    pon of ``face`` made an added kong."""
    if verb == "ankan":
        return (*melds, Meld(MeldKind.ANKAN, (face,) * 4))
    return tuple(
        Meld(MeldKind.KAKAN, (face,) * 4) if m.kind is MeldKind.PON and m.tiles[0] == face else m
        for m in melds
    )


def with_call(melds: tuple[Meld, ...], verb: str, face: int, used: Sequence[int]) -> tuple[Meld, ...]:
    """The seat's melds after calling ``face`` with its own tiles ``used``."""
    kind = {"pon": MeldKind.PON, "kong": MeldKind.MINKAN}.get(verb, MeldKind.CHI)
    return (*melds, Meld(kind, (face, *used)))


class Lookahead:
    """Looks ahead over the unseen tiles, ``budget`` imagined draws per candidate it cannot tell apart,
    from generators seeded by ``seed`` (drawn from the seat's generator)."""

    def __init__(self, seed: int, budget: int = BUDGET) -> None:
        self.seed = seed
        self.budget = budget

    def __reduce__(self) -> tuple[type[Lookahead], tuple[int, int]]:
        """Pickled by its seed and budget, as the console hands its bot to a worker process (R520):
        the compiled class is made again through its ``__init__``, not by an argumentless
        ``__new__``."""
        return Lookahead, (self.seed, self.budget)

    def decide(self, view: View, decision: Decision) -> str:
        """A win, else the turn's or the call's best move by standing."""
        if HU in decision.options:
            return HU
        if decision.kind is DecisionKind.TURN:
            return self.turn(view, decision)
        if decision.kind is DecisionKind.CALL:
            return self.call(view, decision)
        return decision.options[0]

    def imagined(self, view: View, decision: Decision, unseen: Sequence[int]) -> list[int]:
        """``budget`` draws from the unseen tiles, from a generator seeded by the seat's seed, the
        decision and the seat's hand and wall: the same decision in the same game draws the same."""
        rng = random.Random(f"{self.seed}:{decision.describe()}:{view.wall_left}:{bytes(view.hand).hex()}")
        kinds = [k for k in range(NUM_KINDS) if unseen[k]]
        if not kinds:
            return []
        return rng.choices(kinds, weights=[unseen[k] for k in kinds], k=self.budget)

    def turn(self, view: View, decision: Decision) -> str:
        """The discard of the best standing (imagined draws between equals), or a kong standing as well."""
        weighing = Weighing(view, unseen_tiles(view))
        vec = hand_vector(view.hand)
        discards: dict[int, Standing] = {}
        kongs: list[tuple[str, Standing]] = []
        for option in decision.options:
            verb, _, face_text = option.partition(" ")
            face = parse_one(face_text)
            if verb == "discard":
                discards[face] = weighing.after_discard(vec, face)
                continue
            after = list(vec)
            after[face] -= 4 if verb == "ankan" else 1
            kong = Weighing(view, weighing.unseen, with_kong(weighing.melds, verb, face))
            kongs.append((option, kong.standing(after)))
        best = min(discards.values())
        for option, standing in kongs:
            if standing <= best:
                return option
        equal = [k for k in discards if discards[k] == best]
        if len(equal) > 1:
            equal = self.looked_ahead(view, decision, weighing, vec, equal)
        pick = min(equal, key=lambda k: (connection(vec, k), k))
        return f"discard {FACES[pick]}"

    def looked_ahead(
        self, view: View, decision: Decision, weighing: Weighing, vec: list[int], equal: list[int]
    ) -> list[int]:
        """Of discards standing equal, those whose hand, after each of the imagined draws and its best
        discard, stands best in all (shanten summed, then improving tiles)."""
        draws = self.imagined(view, decision, weighing.unseen)
        if not draws:
            return equal
        totals: dict[int, Standing] = {}
        for k in equal:
            vec[k] -= 1
            shanten, improving = 0, 0
            for drawn in draws:
                vec[drawn] += 1
                less = list(weighing.unseen)
                less[drawn] -= 1
                later = Weighing(view, less).best_discard(vec)
                shanten, improving = shanten + later[0], improving + later[1]
                vec[drawn] -= 1
            vec[k] += 1
            totals[k] = (shanten, improving)
        top = min(totals.values())
        return [k for k in equal if totals[k] == top]

    def call(self, view: View, decision: Decision) -> str:
        """The call whose hand after its best discard stands best, if better than passing's."""
        weighing = Weighing(view, unseen_tiles(view))
        vec = hand_vector(view.hand)
        face = parse_one(decision.about)
        pick, best = PASS, weighing.standing(vec)
        for option in decision.options:
            verb, _, run = option.partition(" ")
            if verb == PASS:
                continue
            if verb == "pon":
                used = [face, face]
            elif verb == "kong":
                used = [face, face, face]
            else:
                used = [k for k in parse(run) if k != face]
            after = list(vec)
            for k in used:
                after[k] -= 1
            called = Weighing(view, weighing.unseen, with_call(weighing.melds, verb, face, used))
            standing = called.standing(after) if verb == "kong" else called.best_discard(after)
            if standing < best:
                pick, best = option, standing
        return pick
