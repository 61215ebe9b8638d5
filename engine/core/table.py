"""The table of a round any rule set plays: the wall, four seats, the dealer and the winds
(standard rules 术语 一, 十三, 二十一, 二十二; issue 14 item 1).

Tiles are kinds (:mod:`engine.core.tiles`): a rule set's table never tells two copies of a face
apart.  A :class:`Seat` holds its concealed hand, its declared melds and who gave each meld's
claimed tile, its river (the discards still lying there: a claimed discard moves into the
caller's meld) and the flowers it set aside.  The :class:`Table` keeps, beside the seats, how many
copies of each face are on view (rivers and exposed melds), which is what 和绝张 asks, and the
round's sinks, which hear its events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.aim import Aim
from engine.core.melds import Meld
from engine.core.ruleset import Call, OptionValue, RuleSet
from engine.core.seats import PLAYERS, seat_wind
from engine.core.tiles import NUM_KINDS, WINDS
from engine.core.wall import Wall

Sink = Callable[[str, int | None, Mapping[str, Any]], None]
"""Hears an event of the round: its name, the player it concerns (or ``None``), its data."""


class Seat:
    """One player's tiles: concealed ``hand``, ``melds`` and their ``sources`` (the giver of each
    meld's claimed tile, ``None`` for a concealed kong), ``river`` and ``flowers``."""

    __slots__ = ("discarded", "flowers", "hand", "melds", "river", "sources")

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.melds: list[Meld] = []
        self.sources: list[int | None] = []
        self.river: list[int] = []
        self.flowers: list[int] = []
        self.discarded = False
        """Whether the player has discarded this round (天和 and 地和 are wins before one)."""

    def counts(self) -> list[int]:
        """The concealed hand as 34 per-face counts."""
        vec = [0] * NUM_KINDS
        for k in self.hand:
            vec[k] += 1
        return vec


class Table:
    """A round's wall, seats and circumstances; the flow of :mod:`engine.core.flow` moves its tiles."""

    __slots__ = (
        "aim",
        "any_call",
        "calls",
        "calls_not_upper",
        "dealer",
        "options",
        "plain_judge",
        "prevalent_wind",
        "rules",
        "scores",
        "seats",
        "shown",
        "sinks",
        "tiers",
        "turns",
        "wall",
    )

    def __init__(
        self,
        rules: RuleSet,
        options: Mapping[str, OptionValue],
        wall: Wall,
        *,
        dealer: int = 0,
        prevalent_wind: int = WINDS[0],
        scores: tuple[int, ...] = (0, 0, 0, 0),
        sinks: tuple[Sink, ...] = (),
    ) -> None:
        self.rules = rules
        self.options = options
        self.wall = wall
        self.dealer = dealer
        self.prevalent_wind = prevalent_wind
        self.scores = scores
        self.sinks = sinks
        self.seats = [Seat() for _ in PLAYERS]
        self.shown = [0] * NUM_KINDS
        """Copies of each face on view: in a river or an exposed meld."""
        self.any_call = False
        """Whether any call or kong has been made this round (地和 is a win before one)."""
        self.turns = 0
        """The turns taken: the dealer's first, then one per draw or call that gave a turn."""
        self.calls = frozenset(call for tier in rules.calls for call in tier)
        """The calls the rule set allows, in any tier."""
        self.calls_not_upper = self.calls - {Call.CHI} if rules.chi_from_upper_seat_only else self.calls
        """The calls a seat other than the discarder's 下家 may make on a discard."""
        self.tiers = rules.claim_tiers()
        """Each call's tier and how many of its claims stand, as the response window ranks them."""
        self.aim: Aim = rules.aim(options)
        """What the bots play toward: the rule set's win forms and suit length (:mod:`engine.core.aim`)."""
        self.plain_judge = type(rules).may_win is RuleSet.may_win
        """Whether the rule set judges a win as :meth:`RuleSet.may_win` declares it, a reading in one
        of its win forms, which the core reads as standard, seven pairs or thirteen orphans only:
        then a hand the core finds incomplete in all three is no win, and is not asked."""

    def seat_wind(self, player: int) -> int:
        """门风 of ``player``'s seat: the dealer is 东, its 下家 南, 对家 西, 上家 北 (standard rules 术语
        一); at the core's table a player keeps its seat."""
        return seat_wind(player, self.dealer)

    def emit(self, name: str, player: int | None = None, **data: Any) -> None:
        """Tell the sinks an event; nothing is built when none listens."""
        for sink in self.sinks:
            sink(name, player, data)
