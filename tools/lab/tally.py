"""Exact integer counts over session records, built where the games are played and merged in any order.

A :class:`Tally` holds, for one cohort (§16, §18.4), every sum the metrics
of §18.3 are computed from: counts, sums and sums of squares of integers.
Integer sums do not depend on the order of addition, so tallies built by
different workers and merged in whatever order they arrive give the same
figures to the last digit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.core.errors import InputError
from tools.lab.records import Cohort, ContractRecord, HeldCard, PlayerRound, SessionRecord
from tools.lab.stats import Estimate, mean_of_moments, rate, share


@dataclass
class Moments:
    """Count, sum and sum of squares of integer observations."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        """Count one observation."""
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        """Add another set of observations."""
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def minus(self, other: Moments) -> Moments:
        """The observations of ``self`` that are not in its part ``other``."""
        return Moments(self.n - other.n, self.total - other.total, self.squares - other.squares)

    def estimate(self) -> Estimate:
        """The mean with its 95 % interval."""
        return mean_of_moments(self.n, self.total, self.squares)

    def rate(self) -> Estimate:
        """The mean of counts (per round) with its 95 % interval, never below 0."""
        return rate(self.n, self.total, self.squares)

    def share(self) -> Estimate:
        """The share of observations that are 1, of observations that are 0 or 1, with its Wilson interval."""
        return share(self.total, self.n)


@dataclass
class Held:
    """A held card's player-rounds (§5, §9): round scores, wins (0/1), triggers, failures, and for a
    contract its completions and abandons (§9.5, §10)."""

    score: Moments = field(default_factory=Moments)
    wins: Moments = field(default_factory=Moments)
    triggered: Moments = field(default_factory=Moments)
    unable: Moments = field(default_factory=Moments)
    completed: int = 0
    abandoned: int = 0

    def add(self, score: int, won: bool, card: HeldCard) -> None:
        """Count one player-round holding ``card``."""
        self.score.add(score)
        self.wins.add(won)
        self.triggered.add(card.triggered)
        self.unable.add(card.unable)
        if isinstance(card, ContractRecord):
            self.completed += card.completed
            self.abandoned += card.abandoned

    def merge(self, other: Held) -> None:
        """Add another tally of the same card."""
        for mine, theirs in zip(self._parts(), other._parts(), strict=True):
            mine.merge(theirs)
        self.completed += other.completed
        self.abandoned += other.abandoned

    def _parts(self) -> tuple[Moments, ...]:
        return self.score, self.wins, self.triggered, self.unable


@dataclass
class Drawn:
    """A chance or party card's draws (§6.8, §7.2): how many, how many triggered, how many unexecutable."""

    n: int = 0
    triggered: int = 0
    unexecutable: int = 0

    def merge(self, other: Drawn) -> None:
        """Add another tally of the same card."""
        self.n += other.n
        self.triggered += other.triggered
        self.unexecutable += other.unexecutable


@dataclass
class Completion:
    """Contracts of one kind chosen and completed (§9.5)."""

    chosen: int = 0
    completed: int = 0

    def merge(self, other: Completion) -> None:
        """Add another count of the same kind."""
        self.chosen += other.chosen
        self.completed += other.completed


@dataclass
class Party:
    """The party module's sessions (§7.1, §7.4): the challenges asked in each, each outcome among
    them, and the chips all four players hold at each session's end."""

    asked: Moments = field(default_factory=Moments)
    outcomes: Counter[str] = field(default_factory=Counter)
    chips: Moments = field(default_factory=Moments)

    def add(self, record: SessionRecord) -> None:
        """Count one session played with the party module on (its record has ``chips``)."""
        if record.chips is None:
            return
        outcomes = [c.outcome for rnd in record.played for c in rnd.challenges]
        self.asked.add(len(outcomes))
        self.outcomes.update(outcomes)
        self.chips.add(sum(record.chips))

    def merge(self, other: Party) -> None:
        """Add another tally of party sessions."""
        self.asked.merge(other.asked)
        self.outcomes.update(other.outcomes)
        self.chips.merge(other.chips)


@dataclass
class Tally:
    """Every count the §18.3 report needs, for the records of one cohort; ``agents`` holds the
    augments and contracts again per agent (by name, as the record's seats say) that held them."""

    cohort: Cohort | None = None
    games: int = 0
    chance: Drawn = field(default_factory=Drawn)
    normal: Completion = field(default_factory=Completion)
    black: Completion = field(default_factory=Completion)
    wall_at_win: tuple[Moments, Moments, Moments] = field(
        default_factory=lambda: (Moments(), Moments(), Moments())
    )
    places: Counter[int] = field(default_factory=Counter)
    exhausted: int = 0
    rounds: int = 0
    turns: Moments = field(default_factory=Moments)
    everyone: Held = field(default_factory=Held)
    round_scores: Counter[int] = field(default_factory=Counter)
    final_scores: Counter[int] = field(default_factory=Counter)
    held: dict[str, Held] = field(default_factory=dict)
    world: dict[str, Held] = field(default_factory=dict)
    drawn: dict[str, Drawn] = field(default_factory=dict)
    party: Party = field(default_factory=Party)
    agents: dict[str, dict[str, Held]] = field(default_factory=dict)

    def add(self, record: SessionRecord) -> None:
        """Count one session; a record of another cohort is refused (§16, §18.4)."""
        self._join(record.cohort)
        self.games += 1
        self.final_scores.update(record.final_scores)
        self.party.add(record)
        for rnd in record.played:
            self.exhausted += rnd.exhausted
            self.rounds += 1
            if rnd.turns is not None:
                self.turns.add(rnd.turns)
            self.places[0] += 4 - len(rnd.wins)
            for win in rnd.wins:
                self.wall_at_win[win.order - 1].add(win.wall_left)
                self.places[win.order] += 1
            if rnd.world is not None:
                world = self.world.setdefault(rnd.world.card, Held())
                world.triggered.add(rnd.world.triggered)
                world.unable.add(rnd.world.unexecutable)
            winners = {win.player for win in rnd.wins}
            for player, seat in enumerate(rnd.players):
                self._add_seat(seat.score, player in winners, seat, record.agents[player])
            for card in rnd.drawn:
                counts = self.drawn.setdefault(card.card, Drawn())
                for tally in (counts, self.chance) if card.deck == "chance" else (counts,):
                    tally.n += 1
                    tally.triggered += card.triggered
                    tally.unexecutable += card.unexecutable

    def _add_seat(self, score: int, won: bool, seat: PlayerRound, agent: str) -> None:
        self.round_scores[score] += 1
        self.everyone.score.add(score)
        self.everyone.wins.add(won)
        by_agent = self.agents.setdefault(agent, {})
        for card in (*seat.augments, *((seat.contract,) if seat.contract else ())):
            self.held.setdefault(card.card, Held()).add(score, won, card)
            by_agent.setdefault(card.card, Held()).add(score, won, card)
        if seat.contract is not None:
            kind = self.normal if seat.contract.kind == "normal" else self.black
            kind.chosen += 1
            kind.completed += seat.contract.completed

    def merge(self, other: Tally) -> None:
        """Add a tally of the same cohort built elsewhere."""
        if other.cohort is None:
            return
        self._join(other.cohort)
        self.games += other.games
        self.chance.merge(other.chance)
        self.normal.merge(other.normal)
        self.black.merge(other.black)
        for wall, their_wall in zip(self.wall_at_win, other.wall_at_win, strict=True):
            wall.merge(their_wall)
        self.places.update(other.places)
        self.exhausted += other.exhausted
        self.rounds += other.rounds
        self.turns.merge(other.turns)
        self.everyone.merge(other.everyone)
        self.round_scores.update(other.round_scores)
        self.final_scores.update(other.final_scores)
        for card, held in other.held.items():
            self.held.setdefault(card, Held()).merge(held)
        for card, world in other.world.items():
            self.world.setdefault(card, Held()).merge(world)
        for card, drawn in other.drawn.items():
            self.drawn.setdefault(card, Drawn()).merge(drawn)
        self.party.merge(other.party)
        for agent, cards in other.agents.items():
            mine = self.agents.setdefault(agent, {})
            for card, held in cards.items():
                mine.setdefault(card, Held()).merge(held)

    def _join(self, cohort: Cohort) -> None:
        if self.cohort is None:
            self.cohort = cohort
        elif cohort != self.cohort:
            raise InputError(
                "records of different card versions, session lengths or modes never mix (§16, §18.4): "
                f"{_describe(self.cohort)} and {_describe(cohort)}"
            )


def _describe(cohort: Cohort) -> str:
    return f"{cohort.mode}/{cohort.rounds} rounds/versions {cohort.versions}"


def tally(records: Iterable[SessionRecord]) -> Tally:
    """The tally of ``records``."""
    counts = Tally()
    for record in records:
        counts.add(record)
    return counts
