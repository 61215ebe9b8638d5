"""What a bot plays toward: a rule set's win forms read as shanten (issue 14 items 2 and 5).

A rule set names its win forms (:attr:`engine.core.ruleset.RuleSet.win_forms`).  The core reads
five names as shanten: ``standard`` (four sets and a pair), ``seven_pairs`` and
``thirteen_orphans`` (:mod:`engine.core.shanten`), ``honours_and_knitted`` (全不靠) and
``knitted_straight`` (组合龙, :mod:`engine.core.knitted`).  A form of the rule set's own is declared
with its shanten (:attr:`~engine.core.ruleset.RuleSet.form_shanten`); a name neither gives is not
aimed at, though its win is taken when the rule set offers it.  A rule set whose win needs
``suit_floor`` tiles of one number suit, declared melds counted (红中's 八支), has it read into the
shanten: a hand whose longest suit is ``g`` tiles short of it is at least ``g - 1`` from complete
(the winning tile may be the last of them).

Every value is of a hand of ``13 - 3 * n_melds`` concealed tiles, or one more, beside ``n_melds``
melds; ``declared`` are the melds' tiles, a kong's four.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields

from engine.core.groups import (
    HONOURS_AND_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
)
from engine.core.knitted import (
    BEYOND,
    PATTERNS,
    honours_and_knitted_shanten,
    knitted_straight_shanten,
)
from engine.core.shanten import DiscardShanten, DrawShanten, seven_pairs_shanten, thirteen_orphans_shanten
from engine.core.tiles import NUM_KINDS
from engine.core.win import WinContext

FormShanten = Callable[[Sequence[int], int], int]
"""The shanten toward one form of 34 counts of concealed tiles beside a number of melds."""
Judge = Callable[[WinContext], bool]
"""Whether a complete hand is a win the rule set lets its holder declare, the table's options
given."""
_NUMBER_SUITS = 3


@dataclass(frozen=True)
class Aim:
    """The forms a rule set's win takes and the suit length it needs, as one shanten
    (:func:`aim_of` reads them from a rule set's declaration)."""

    standard: bool = True
    seven_pairs: bool = True
    thirteen_orphans: bool = True
    honours_and_knitted: bool = False
    knitted_straight: bool = False
    own: tuple[FormShanten, ...] = ()
    """The shanten of the forms of the rule set's own."""
    suit_floor: int = 0
    judge: Judge | None = field(default=None, compare=False)
    """The rule set's own judgement of a complete hand (a minimum of fan, a suit length), for a bot
    choosing between waits; ``None`` when every complete hand of the forms wins."""

    def __reduce__(self) -> tuple[type[Aim], tuple[object, ...]]:
        """Pickled by its fields, as a seat's view goes to a worker process (R520): the compiled
        frozen class is made again through its ``__init__``, not field by field."""
        return Aim, tuple(getattr(self, f.name) for f in fields(self))

    def shanten(self, counts: Sequence[int], n_melds: int, declared: Sequence[int] = ()) -> int:
        """The hand's shanten toward the nearest of the forms, and the suit length."""
        best = self._forms(counts, n_melds)
        if self.suit_floor:
            best = max(best, self.suit_floor - 1 - max(_suit_lengths(counts, declared)))
        return best

    def after_discards(
        self, counts: Sequence[int], n_melds: int, declared: Sequence[int] = ()
    ) -> dict[int, int]:
        """:meth:`shanten` of the hand less one tile, by each face the hand holds (a bot weighing its
        discards)."""
        held = [k for k in range(NUM_KINDS) if counts[k]]
        after: dict[int, int]
        if self.standard:
            fast = DiscardShanten(counts, n_melds, self.seven_pairs, self.thirteen_orphans)
            after = {k: fast[k] for k in held}
        else:
            after = {k: BEYOND for k in held}
        if not self.standard or self.own or self._knitted_near(counts, n_melds, max(after.values())):
            less = list(counts)
            for k in held:
                less[k] -= 1
                best = after[k] if self.standard else self._paired(less, n_melds)
                after[k] = self._others(less, n_melds, best)
                less[k] += 1
        if self.suit_floor:
            lengths = _suit_lengths(counts, declared)
            for k in held:
                suit = k // 9
                if suit < _NUMBER_SUITS:
                    lengths[suit] -= 1
                after[k] = max(after[k], self.suit_floor - 1 - max(lengths))
                if suit < _NUMBER_SUITS:
                    lengths[suit] += 1
        return after

    def waits(self, counts: Sequence[int], n_melds: int) -> list[int]:
        """The faces that complete a waiting hand in one of the forms (a face held four times is
        none): those of the standard form, seven pairs and thirteen orphans within a draw's reach
        (:meth:`~engine.core.shanten.DrawShanten.reach`), then, where the hand waits in another
        form, every face tried."""
        found: list[int] = []
        if self.standard:
            draws = DrawShanten(counts, n_melds, self.seven_pairs, self.thirteen_orphans)
            near = draws.reach(0)
            found = [k for k in range(NUM_KINDS) if near[k] and counts[k] < 4 and draws[k] < 0]
        if self.own or not self.standard or self._knitted_waiting(counts, n_melds):
            plus = list(counts)
            for k in range(NUM_KINDS):
                if counts[k] < 4 and k not in found:
                    plus[k] += 1
                    if self._forms(plus, n_melds) < 0:
                        found.append(k)
                    plus[k] -= 1
            found.sort()
        return found

    def _knitted_waiting(self, counts: Sequence[int], n_melds: int) -> bool:
        """Whether the hand waits in a knitted form."""
        return (self.honours_and_knitted and honours_and_knitted_shanten(counts, n_melds) <= 0) or (
            self.knitted_straight and knitted_straight_shanten(counts, n_melds, 1) <= 0
        )

    def _forms(self, counts: Sequence[int], n_melds: int) -> int:
        """The hand's shanten toward the nearest of the forms."""
        if self.standard:
            best = DiscardShanten(counts, n_melds, self.seven_pairs, self.thirteen_orphans).own()
        else:
            best = self._paired(counts, n_melds)
        return self._others(counts, n_melds, best)

    def _paired(self, counts: Sequence[int], n_melds: int) -> int:
        """Seven pairs and thirteen orphans, where declared, for a rule set without the standard
        form."""
        best = BEYOND
        if not n_melds:
            if self.seven_pairs:
                best = seven_pairs_shanten(counts)
            if self.thirteen_orphans:
                best = min(best, thirteen_orphans_shanten(counts))
        return best

    def _others(self, counts: Sequence[int], n_melds: int, best: int) -> int:
        """``best`` lowered by the knitted forms and the rule set's own, where declared."""
        if self.honours_and_knitted:
            best = min(best, honours_and_knitted_shanten(counts, n_melds))
        if self.knitted_straight:
            best = knitted_straight_shanten(counts, n_melds, best)
        for form in self.own:
            best = min(best, form(counts, n_melds))
        return best

    def _knitted_near(self, counts: Sequence[int], n_melds: int, worst: int) -> bool:
        """Whether a knitted form may come below ``worst`` after some discard: a discard takes at most
        one face from a pattern, so 组合龙 stays at least the faces the hand lacks of it less one, and
        全不靠 at least its shanten before the discard."""
        if n_melds > 1 or not (self.honours_and_knitted or self.knitted_straight):
            return False
        lacking = min(sum(1 for k in pattern if not counts[k]) for pattern in PATTERNS)
        if self.knitted_straight and lacking - 1 < worst:
            return True
        if self.honours_and_knitted and not n_melds:
            return honours_and_knitted_shanten(counts, 0) < worst
        return False


def _suit_lengths(counts: Sequence[int], declared: Sequence[int]) -> list[int]:
    """How many tiles of each number suit the hand holds, its melds' among them."""
    lengths = [sum(counts[9 * suit : 9 * suit + 9]) for suit in range(_NUMBER_SUITS)]
    for tile in declared:
        if tile < 9 * _NUMBER_SUITS:
            lengths[tile // 9] += 1
    return lengths


def aim_of(
    forms: Sequence[str], form_shanten: Mapping[str, FormShanten], suit_floor: int, judge: Judge | None = None
) -> Aim:
    """The aim of a rule set's win forms (the core's by name, its own by ``form_shanten``), the suit
    length its win needs and its judgement of a complete hand."""
    own = tuple(form_shanten[name] for name in forms if name in form_shanten)
    return Aim(
        standard=STANDARD in forms,
        seven_pairs=SEVEN_PAIRS in forms,
        thirteen_orphans=THIRTEEN_ORPHANS in forms,
        honours_and_knitted=HONOURS_AND_KNITTED in forms,
        knitted_straight=KNITTED_STRAIGHT in forms,
        own=own,
        suit_floor=suit_floor,
        judge=judge,
    )


PLAIN = Aim()
"""The standard form, seven pairs and thirteen orphans, as :func:`engine.core.shanten.shanten_counts`
reads them."""
