"""A session of any rule set: :attr:`RuleSet.session_rounds` rounds, the deal moving by
:attr:`RuleSet.dealer_rotation`, the prevalent wind by 圈 (standard rules 术语 一–二; issue 14
item 1).

Player A deals the first round.  The prevalent wind is 东 for the first 圈 and moves on (南, 西,
北, then 东 again) each time the deal comes back to A from another seat (R474).  Each round's wall
is shuffled by a generator seeded with the session's seed and the round's number, so a seed fixes
every wall and, with the answers, the session.  :meth:`TableSession.steps` yields every decision
of every round; :func:`engine.core.session.drive` answers them, each agent handed only its own seat's
view (:mod:`engine.core.seat_view`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass

from engine.core.deal import arranged_wall, shuffled_wall
from engine.core.decisions import Decision
from engine.core.flow import RoundResult, play_round
from engine.core.ruleset import DealerRotation, OptionValue, RuleSet
from engine.core.seat_view import BLIND, SeatView, view_of
from engine.core.seats import PLAYERS
from engine.core.standings import Standing, standings
from engine.core.table import Player, Sink, Table
from engine.core.tiles import WINDS
from engine.core.wall import Wall


@dataclass(frozen=True)
class TableConfig:
    """What fixes a session besides its answers: the rule set, its options' values, the seed, and
    how many rounds (by default the rule set's session)."""

    rules: RuleSet
    options: Mapping[str, OptionValue]
    seed: int
    rounds: int = 0

    @property
    def length(self) -> int:
        """The rounds the session plays."""
        return self.rounds or self.rules.session_rounds


@dataclass(frozen=True)
class RoundRecord:
    """One round of a session: its number (from 1) and what it produced."""

    number: int
    result: RoundResult


@dataclass(frozen=True)
class SessionResult:
    """A finished session: its rounds and each player's total."""

    config: TableConfig
    rounds: tuple[RoundRecord, ...]
    totals: tuple[int, ...]

    def standings(self) -> list[Standing]:
        """By total, highest first; equal totals share a rank (:func:`engine.core.standings.standings`)."""
        return standings(self.totals)


def next_dealer(rotation: DealerRotation, dealer: int, result: RoundResult) -> int:
    """Who deals after ``result`` (:class:`DealerRotation`): the next seat, the first winner (the
    dealer again after 荒牌), or the dealer again when it won or nobody did."""
    if rotation is DealerRotation.ROTATE:
        return (dealer + 1) % 4
    if rotation is DealerRotation.WINNER_DEALS:
        return result.wins[0].winner if result.wins else dealer
    kept = result.drawn or any(w.winner == dealer for w in result.wins)
    return dealer if kept else (dealer + 1) % 4


WallMaker = Callable[[int], Wall]
"""The wall of round ``number`` (a scripted table's arranged order, in tests)."""


class TableSession:
    """A session in play; :attr:`table` is the round being played (for the views)."""

    def __init__(
        self, config: TableConfig, sinks: Sequence[Sink] = (), walls: WallMaker | None = None
    ) -> None:
        self.config = config
        self.sinks = tuple(sinks)
        self.walls = walls or self._shuffled
        self.table = Table(config.rules, config.options, Wall(), players=[Player() for _ in PLAYERS])
        self.totals: tuple[int, ...] = (0, 0, 0, 0)

    def _shuffled(self, number: int) -> Wall:
        return shuffled_wall(self.config.rules.tiles, random.Random(f"{self.config.seed}:wall:{number}"))

    def steps(self) -> Generator[Decision, str, SessionResult]:
        """Every decision of every round, in order; the session's result."""
        rules = self.config.rules
        dealer, laps = 0, 0
        records = []
        for number in range(1, self.config.length + 1):
            self.table = Table(
                rules,
                self.config.options,
                self.walls(number),
                players=[Player() for _ in PLAYERS],
                dealer_seat=dealer,
                prevalent_wind=WINDS[laps % 4],
                scores=self.totals,
                sinks=self.sinks,
            )
            result = yield from play_round(self.table, number)
            self.totals = tuple(t + g for t, g in zip(self.totals, result.gains, strict=True))
            records.append(RoundRecord(number, result))
            following = next_dealer(rules.dealer_rotation, dealer, result)
            if following == 0 and dealer != 0:
                laps += 1
            dealer = following
        return SessionResult(self.config, tuple(records), self.totals)

    blind = BLIND
    """The view handed to a bot that reads none."""

    def view(self, player: int) -> SeatView:
        """What ``player`` may see of the round in play."""
        return view_of(self.table, player)

    def policy_answer(self, decision: Decision) -> str | None:
        """None: every seat of the core's table is answered by its agent."""
        return None


def scripted_walls(rules: RuleSet, orders: Sequence[Sequence[int]]) -> WallMaker:
    """Walls in given orders, round by round (a test's arranged session)."""
    return lambda number: arranged_wall(rules.tiles, orders[number - 1])
