"""Scenarios: given a table, when this happens, then that — short rule and card tests (§11, §12).

A :class:`Scenario` arranges the wall so the deal gives each player the
hand written in tile notation, the next normal draws come in the order
written, and the tail (flower and kong replacements) holds the tiles
written for it.  :meth:`Scenario.advance` answers decisions from a script and
stops at the first one the script does not cover, so a test can look at its
options; :meth:`Scenario.finish` plays the rest with a plain policy (discard
the tile just drawn, pass every call, keep every contract).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field

from engine.bus import Bus, Event
from engine.decisions import HU, KEEP, PASS, Decision, DecisionKind, check_answer
from engine.round import ContractOffer, Round, RoundResult
from engine.rules import Rules
from engine.state import PLAYERS
from engine.tiles import NUM_INSTANCES, format_one, format_tiles, instances_of, kind_of_instance, parse
from engine.wall import Wall


def arranged_wall(hands: Mapping[str, str], *, dealer: int = 0, draws: str = "", tail: str = "") -> Wall:
    """A wall whose deal gives ``hands`` (by letter; short hands are filled with single copies of
    unused faces), whose next normal draws are ``draws`` and whose first replacements are ``tail``;
    the flowers left over sit in the middle of the wall."""
    used: set[int] = set()

    def take(text: str) -> list[int]:
        chosen = []
        for k in parse(text):
            free = [i for i in instances_of(k) if i not in used]
            if not free:
                raise ValueError(f"no copy of {format_one(k)} left for {text!r}")
            used.add(free[0])
            chosen.append(free[0])
        return chosen

    written = {letter: take(text) for letter, text in sorted(hands.items())}
    front_draws = take(draws)
    tail_tiles = take(tail)
    ordinary = sorted((i for i in range(136) if i not in used), key=lambda i: (i % 4, i))
    flowers = [i for i in range(136, NUM_INSTANCES) if i not in used]
    front: list[int] = []
    for step in range(4):
        player = (dealer + step) % 4
        size = 14 if step == 0 else 13
        tiles = written.get(PLAYERS[player], [])
        if len(tiles) > size:
            raise ValueError(f"{PLAYERS[player]} is dealt {size} tiles, not {len(tiles)}")
        while len(tiles) < size:
            tiles.append(ordinary.pop(0))
        front += tiles
    half = len(ordinary) // 2
    rest = [*ordinary[:half], *flowers, *ordinary[half:]]
    return Wall([*front, *front_draws, *rest, *reversed(tail_tiles)])


class RoundDriver:
    """Drives ``round``'s play one decision at a time: :meth:`advance` answers from a script, each
    answer checked against the options and handed to :meth:`_answered` to be recorded."""

    round: Round
    result: RoundResult | None

    def _start(self) -> None:
        self._steps: Generator[Decision, str, RoundResult] = self.round.play()
        self._pending: Decision | None = None
        self.result = None
        self._send(None)

    def _send(self, answer: str | None) -> None:
        try:
            self._pending = next(self._steps) if answer is None else self._steps.send(answer)
        except StopIteration as done:
            self._pending = None
            self.result = done.value

    def _answered(self, decision: Decision, answer: str) -> None:
        """Record one answer given (nothing by default)."""

    @property
    def pending(self) -> Decision | None:
        """The decision waiting for an answer, or ``None`` once the round is over."""
        return self._pending

    def advance(self, *answers: str) -> Decision | None:
        """Answer the next decisions in turn with ``answers`` (each checked); return the next one."""
        for answer in answers:
            decision = self._pending
            if decision is None:
                raise AssertionError(f"the round ended before the answer {answer!r}")
            self._answered(decision, check_answer(decision, answer))
            self._send(answer)
        return self._pending

    def finish(self, *, take_wins: bool = False) -> RoundResult:
        """Play on with the plain policy (discard the drawn tile, pass, keep); ``take_wins``: hu when
        offered."""
        while self._pending is not None:
            self.advance(plain_answer(self._pending, self.round, take_wins=take_wins))
        assert self.result is not None
        return self.result


@dataclass
class Scenario(RoundDriver):
    """One round on an arranged table; ``events`` collects every event name with its player and data."""

    hands: Mapping[str, str]
    draws: str = ""
    tail: str = ""
    dealer: int = 0
    rules: Rules = field(default_factory=Rules)
    contracts: ContractOffer | None = None
    events: list[Event] = field(default_factory=list)
    decisions: list[tuple[Decision, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        wall = arranged_wall(self.hands, dealer=self.dealer, draws=self.draws, tail=self.tail)
        self.round = Round(
            dealer_seat=self.dealer,
            rng=random.Random(0),
            rules=self.rules,
            bus=Bus(sinks=[self.events.append]),
            contracts=self.contracts,
            wall=wall,
        )
        self._start()

    def _answered(self, decision: Decision, answer: str) -> None:
        self.decisions.append((decision, answer))

    def play_until(self, want: Callable[[Decision], bool]) -> Decision:
        """Play on with the plain policy up to the first decision ``want`` accepts, and return it."""
        while self._pending is not None and not want(self._pending):
            self.advance(plain_answer(self._pending, self.round))
        if self._pending is None:
            raise AssertionError("the round ended before the decision looked for")
        return self._pending

    def names(self) -> list[str]:
        """The event names in order."""
        return [e.name for e in self.events]

    def hand(self, letter: str) -> str:
        """A player's concealed hand in notation."""
        return format_tiles(kind_of_instance(i) for i in self.round.table.players[PLAYERS.index(letter)].hand)


def plain_answer(decision: Decision, rnd: Round, *, take_wins: bool = False) -> str:
    """Discard the tile just drawn (tsumogiri), pass, keep; hu only with ``take_wins``."""
    if take_wins and HU in decision.options:
        return HU
    if decision.kind is DecisionKind.TURN:
        hand = rnd.table.players[decision.player].hand
        drawn = f"discard {format_one(kind_of_instance(hand[-1]))}"
        return drawn if drawn in decision.options else _last_discard(decision.options)
    if PASS in decision.options:
        return PASS
    if KEEP in decision.options:
        return KEEP
    return decision.options[0]


def _last_discard(options: Sequence[str]) -> str:
    return [o for o in options if o.startswith("discard")][-1]
