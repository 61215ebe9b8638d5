"""The one table in play on the console, of every rule set: its session, its log, its end (§16,
§17.2, §18.1; issue 33 item 1; R370–R375, R795).

A :class:`LiveTable` opens its session as every command does, through its rule set's session kind,
seated at the console by the rule set's parts (:data:`RULE_PARTS`,
:class:`~tools.console_web.rule_parts.SessionParts`: its public feed, its winners' hands and its
web seats), and plays it as :func:`engine.core.session.drive` does, with one difference: a person's
seat is answered from the web, so the table stops at that seat's decision and goes on when
:meth:`~tools.console_web.seated.SeatedTable.decide` gets an offered option.  A bot's seat is
answered as :func:`engine.core.session.ask` answers it (a module's policy answer for its challenge,
§8.4, else the bot from its own seat's view); at a table the console plays, a searching bot's
thinking (:data:`~tools.console_web.bot_pool.THINKERS`) is set aside for a worker process
(:attr:`LiveTable.thought`), whatever the rule set.  Every event and decision goes to the table's
log in the ``hexmj play --log`` format of its rule set (a person's seat named ``web``, R375), which
``hexmj replay`` replays.  A table rebuilt from its stored lines re-plays them, checking that the
stored header is this table's and that every line comes out the same, and stops again where it was;
a log that does not replay leaves the table stopped with the reason.

When the session ends its results stay until every seat has confirmed "开始新一场" (bots at once);
only then does the table set up the next session (§16).  A 4-round test session is marked (§18.1,
R372).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.agent import Agent
from engine.core.decisions import Decision, DecisionKind, check_answer
from engine.core.errors import IllegalActionError, LogError
from engine.core.log_writer import LogWriter
from engine.core.seats import PLAYERS
from engine.core.session import ask
from tools.console_web.bot_pool import THINKERS, Thought
from tools.console_web.hextech_parts import HextechRules
from tools.console_web.messages import Facts, host_message, seat_message
from tools.console_web.rule_parts import RuleParts, SessionParts
from tools.console_web.seated import NEW, PLAYING, RESULTS, STOPPED, SeatedTable, Totals
from tools.console_web.table_parts import TableRules
from tools.rules_option import DEFAULT

RULE_PARTS: Mapping[str, RuleParts] = {DEFAULT: HextechRules()}
"""The parts of each rule set with its own; every other installed rule set plays on the core's
table (:data:`TABLE_RULES`)."""
TABLE_RULES: RuleParts = TableRules()
"""The parts of a rule set played on the core's table."""


def rule_parts(rules: str) -> RuleParts:
    """The parts of the rule set named ``rules``."""
    return RULE_PARTS.get(rules, TABLE_RULES)


class LiveTable(SeatedTable[Totals]):
    """One table's session in play, of any rule set."""

    writer: LogWriter
    parts: SessionParts
    thought: Thought | None = None
    """A searching bot's decision set aside for a worker process: the bot and its own view."""

    def _start(self, stored: Sequence[dict[str, Any]]) -> None:
        spec = self.spec
        self.thought = None
        expected = list(stored[1:])
        self.writer = LogWriter(self._lines, expected, f"table {spec.id} session {self.number}")
        parts = rule_parts(spec.rules).at_table(spec, self.seed, self.writer, bool(stored), bool(expected))
        self.parts = parts
        self.feed = parts.feed
        self.session = parts.session
        if stored and dict(stored[0]) != parts.line:
            self.failure = f"{self.writer.path}:1: the stored header is not this table's"
            return
        self._replaying(expected)
        self._steps = self.session.steps()
        self._run(lambda: next(self._steps))
        if not self.writer.replayed_all() and self.failure is None:
            self.stop(f"{self.writer.place()}: the stored log goes on past where the session stands")

    @property
    def agents(self) -> list[Agent[Any]]:
        """The seats' agents of the session in play."""
        return self.parts.agents

    def _answer(self, decision: Decision) -> str | None:
        """The logged answer while the stored log lasts (bots asked all the same, as ``drive`` does),
        then a bot's (:func:`~engine.core.session.ask`); ``None`` at a person's decision, and at a
        searching bot's at a table that sets its thinking aside (:attr:`thought`, for a worker)."""
        scripted = self._logged()
        agent = self.agents[decision.player]
        answer = scripted
        if agent.person:
            if scripted is not None:
                self.answered[PLAYERS[decision.player]] += 1
        elif scripted is None and self.aside and agent.name in THINKERS:
            answer = self.session.policy_answer(decision)
            if answer is None:
                self.thought = Thought(agent, self.parts.packed(self.session.view(decision.player)))
        else:
            bot = ask(self.session, agent, decision)
            answer = bot if scripted is None else scripted
        if answer is None:
            return None
        try:
            return check_answer(decision, answer)
        except IllegalActionError as err:
            if scripted is None:
                raise
            raise LogError(f"{self.writer.place()}: logged answer does not fit: {err}") from None

    def _bot_seat(self, player: int) -> bool:
        return not self.agents[player].person

    def _answered(self, decision: Decision, answer: str) -> None:
        """Log the answer; a turn's answer goes to the feed, which hears it on a table whose
        discards are no event (standard rules 出牌 2)."""
        self.writer.decision(decision, answer)
        if decision.kind is DecisionKind.TURN:
            self.feed.turn_answer(decision.player, answer)

    def take_thought(self, answer: str, agent: Agent[Any]) -> None:
        """A worker process's answer to the searching bot's decision set aside, and the bot as it
        stands after thinking (its random numbers drawn, its notes of the round)."""
        decision = self.waiting
        if decision is None or self.thought is None:
            raise IllegalActionError(f"table {self.spec.id}: no bot is thinking")
        self.thought = None
        self.agents[decision.player] = agent
        self.answer_waiting(answer)

    def stand_in_answer(self, decision: Decision) -> str:
        """The stand-in bot's answer, as a bot seat's is given (a module's decision by its module's
        bot policy, R535)."""
        return ask(self.session, self.parts.stand_ins[decision.player], decision)

    def finished_rounds(self) -> int:
        """How many rounds of the session have ended."""
        return self.parts.finished_rounds()

    def round_result(self) -> dict[str, Any] | None:
        """The result of the round last finished (§13, §16), or ``None`` before the first has ended."""
        return self.parts.round_result()

    @property
    def state(self) -> str:
        """``stopped`` once it has failed, ``results`` once the session has ended, ``new`` before its
        first round, else ``playing``."""
        if self.failure is not None:
            return STOPPED
        if self.result is not None:
            return RESULTS
        if not self.parts.begun():
            return NEW
        return PLAYING

    def record(self) -> str:
        """The record of the session that has ended, as its rule set's record store keeps it (§18.3)."""
        assert self.result is not None
        return self.parts.record(self.result)

    def facts(self) -> Facts:
        """What every screen shows alike, the rule set's own facts among them."""
        own = self.parts.own_facts(self.result)
        return Facts(
            table=self.spec.id,
            state=self.state,
            nicknames=self.spec.nicknames,
            test=self.spec.test,
            feed=self.feed,
            scores=self.parts.totals(),
            results=own.results,
            confirmed=frozenset(self.confirmed),
            connected=frozenset(letter for letter, n in self.connected.items() if n > 0),
            failure=self.failure,
            bots=self.spec.bots,
            round_result=self.round_result(),
            round_seen=self.round_seen(self.finished_rounds()),
            timer=self.spec.timer,
            session=self.number,
            standing_in=self.standing_in(),
            joined=self.holders.joined(),
            own=own.own,
            seats_own=own.seats_own,
            library=own.library,
        )

    def seat_message(self, letter: str) -> dict[str, Any]:
        """The message of seat ``letter``: built from that seat's own view only."""
        sight = self.parts.seat_sight(PLAYERS.index(letter), self.pending)
        return seat_message(sight, self.pending, self.facts(), self.answered[letter])

    def host_message(self, links: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The host's message: built from the public table only; ``links`` the seats' join links."""
        return host_message(self.parts.table_sight(), self.facts(), self.holders.links(links or {}))
