"""The core table's parts of the one console table and of the replay view, for every rule set played
on it (standard rules 和牌, 出牌 2–3; issue 14 item 5, issue 33 item 1; R370–R375, R795).

A session of such a rule set at the console is opened through the core table's session kind
(:class:`tools.kinds.table.TableSessionKind`) with the table's options in the rule set's order, its
length the rule set's or 4 rounds for a test session (R372), seated with its public feed
(:data:`~tools.console_web.table_shown.TABLE_FEED`) and its winners' hands as the table lays them
open.  Its round result is the feed's account of the round (its wins' fan and the gains), its own
facts the rule set, its options and settlement, a seat's sight its
:class:`~engine.core.seat_view.SeatView`, its record the store's (R374, R380).  A searching bot's
view goes to a worker whole.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from engine.agents.roster import make_bots
from engine.core.agent import Agent
from engine.core.decisions import Decision
from engine.core.log_writer import LogWriter
from engine.core.registry import ruleset
from engine.core.seat_view import SeatView
from engine.core.seats import PLAYERS
from engine.core.table_log import TableHeader
from engine.core.table_log import read_header as read_table_header
from engine.core.table_session import SessionResult, TableSession
from tools.console_web.bot_pool import Packed
from tools.console_web.feed import PublicFeed
from tools.console_web.laid import laid_hand
from tools.console_web.messages import SeatSight, TableSight
from tools.console_web.round_results import WinnerHands, rules_round
from tools.console_web.rule_parts import WEB_SEATS, LoggedSeat, OwnFacts, Replayed
from tools.console_web.seated import STAND_IN
from tools.console_web.spec import WEB, TableSpec
from tools.console_web.table_shown import TABLE_FEED, table_own, table_public, table_seat
from tools.kinds.kind import Seated
from tools.kinds.table import TableSessionKind, TableSetup
from tools.table_record import record_text, result_json, session_record

TEST_ROUNDS = 4
"""The rounds of a shortened test session of any rule set (R372)."""


class TableParts:
    """A session of the core's table seated at the console (see the module)."""

    def __init__(
        self,
        setup: TableSetup,
        writer: LogWriter,
        replaying: bool,
        people: Mapping[str, Callable[[random.Random], Agent[Any]]],
        round_ended: Callable[[], None] | None = None,
    ) -> None:
        self.line = setup.line
        self.rules = setup.rules
        self.header = setup.header
        self.feed = PublicFeed(TABLE_FEED)
        self.winners = WinnerHands(lambda player: laid_hand(self.session.table, player))
        self._round_ended = round_ended
        opened = setup.open(writer, True, replaying, Seated((self.feed.event, self._heard), people))
        self.session: TableSession = opened.session
        self.agents: list[Agent[Any]] = list(opened.agents)
        self.stand_ins: Sequence[Agent[Any]] = make_bots([STAND_IN] * 4, setup.header.seed)

    def _heard(self, name: str, player: int | None, data: Mapping[str, Any]) -> None:
        """A table sink: each winner's hand as laid down, and the rounds' ends."""
        if name == "win" and player is not None:
            self.winners.won(player)
        elif name == "round.ended":
            self.winners.ended()
            if self._round_ended is not None:
                self._round_ended()

    def totals(self) -> Sequence[int]:
        """Each seat's total so far."""
        return self.session.totals

    def begun(self) -> bool:
        """Whether the first round has been dealt."""
        return self.feed.round != 0

    def finished_rounds(self) -> int:
        """How many rounds have ended."""
        return sum("gains" in played for played in self.feed.account)

    def round_result(self) -> dict[str, Any] | None:
        """The result of the round last finished: its wins with their fan, the gains, the standings."""
        ended = [played for played in self.feed.account if "gains" in played]
        if not ended:
            return None
        return rules_round(ended[-1], self.winners.finished, self.session.totals)

    def own_facts(self, result: SessionResult | None) -> OwnFacts:
        """The rule set, its options and settlement, and the results."""
        results = None
        if result is not None:
            results = result_json(result, self.header.agents)
            results.pop("seed", None)
        own = table_own(self.rules, self.header.options)
        return OwnFacts(own, [{}] * len(PLAYERS), results, None)

    def seat_sight(self, player: int, pending: Decision | None) -> SeatSight:
        """The seat's own view (another seat's concealed kong face down, 出牌 3 (二))."""
        return table_seat(self.session.view(player), pending, self.rules.hand_size)

    def table_sight(self) -> TableSight:
        """The public table, every concealed kong face down."""
        return table_public(self.session.table, self.rules.hand_size)

    def record(self, result: SessionResult) -> str:
        """The store's record (R374, R380): the rule set, every option's value, the seed, the agents
        (a person's seat ``web``), each round's wins with their fan and gains, the standings."""
        return record_text(session_record(result, self.header.agents, "console"))

    def packed(self, view: SeatView) -> Packed:
        """The view whole."""
        return Packed(SeatView, tuple(getattr(view, f.name) for f in fields(view)))


@dataclass(frozen=True)
class TableRules:
    """The sessions of the core table's rule sets at a console table and in a replay."""

    def at_table(
        self, spec: TableSpec, seed: int, writer: LogWriter, stored: bool, replaying: bool
    ) -> TableParts:
        """The table's rule set with its options in the rule set's order (one added since the table
        was stored takes its default, and the stored header no longer matches), its length, agents."""
        rules = ruleset(spec.rules)
        options = {option.name: spec.options.get(option.name, option.default) for option in rules.options}
        rounds = TEST_ROUNDS if spec.test else rules.session_rounds
        header = TableHeader(rules.name, options, seed, rounds, spec.agents())
        setup = TableSessionKind(rules.name, rules).setup(header, None)
        if not stored:
            writer.write(setup.line)
        return TableParts(setup, writer, replaying, WEB_SEATS)

    def replayed(
        self, head: Mapping[str, Any], where: str, writer: LogWriter, round_ended: Callable[[], None]
    ) -> Replayed:
        """The log's session on the rule set and options its header names."""
        header = read_table_header(head, Path(where))
        setup = TableSessionKind(header.rules).setup(header, Path(where))
        parts = TableParts(setup, writer, True, {WEB: _logged_person}, round_ended)
        return Replayed(setup.rules.name, f"{setup.rules.title} · 种子 {header.seed}", {}, parts)


def _logged_person(rng: random.Random) -> LoggedSeat:
    return LoggedSeat(person=True)
