"""A table of a rule set other than hextech in play on the console (issue 14 item 5; R370–R375).

A :class:`RulesTable` opens its session on the core's neutral table
(:class:`engine.core.table_session.TableSession`) as every command does, through the core table's
session kind (:class:`tools.kinds.table.TableSessionKind`, seated at the console: its feed and
its winners' hands), and plays it as :func:`engine.core.session.drive` does,
with one difference: a person's seat is answered from the web, so the table stops at that seat's
decision and goes on when :meth:`RulesTable.decide` gets an offered option (as every console
table does, :class:`~tools.console_web.seated.SeatedTable`).  Bot seats are answered
at once by the core's bots (``random``, ``greedy``), each from its own seat's view; 补花 happens in
the deal and the draws without a decision.  Every event and decision goes to the table's log in the
``hexmj play --rules NAME --log`` format (a person's seat named ``web``, R375), which
``hexmj replay`` replays.  A table rebuilt from its stored lines re-plays them, checking every
line, and stops again where it was; a log that does not replay leaves the table ``failed``.

The session runs the rule set's length (4 rounds for a test session, R372) with its dealer
rotation; when it ends its results stay until every seat has confirmed "开始新一场" (bots at once),
then the next session is set up, as a hextech table does (§16, R523).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from engine.agents.bots import PERSON
from engine.agents.roster import make_bots
from engine.core.decisions import Decision, DecisionKind, check_answer
from engine.core.errors import IllegalActionError, LogError
from engine.core.log_writer import LogWriter
from engine.core.registry import ruleset
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.seat_view import BLIND
from engine.core.seats import PLAYERS
from engine.core.table_log import TableHeader
from engine.core.table_session import SessionResult
from engine.core.tiles import FACES
from tools.console_web.feed import PublicFeed
from tools.console_web.messages import host_message, seat_message
from tools.console_web.round_results import Hand, WinnerHands, rules_round, standings
from tools.console_web.seated import NEW, PLAYING, RESULTS, STAND_IN, STOPPED, SeatedTable
from tools.console_web.table_shown import TABLE_FEED, table_facts, table_public, table_seat
from tools.kinds.kind import Seated
from tools.kinds.table import TableSessionKind
from tools.table_record import record_text, result_json, session_record

TEST_ROUNDS = 4
"""The rounds of a shortened test session of any rule set (R372)."""


class RulesTable(SeatedTable[SessionResult]):
    """One table's session of a rule set other than hextech."""

    writer: LogWriter

    @cached_property
    def rules(self) -> RuleSet:
        """The table's rule set, from the registry."""
        return ruleset(self.spec.rules)

    @property
    def rounds(self) -> int:
        """The rule set's session, or 4 rounds for a test session (R372)."""
        return TEST_ROUNDS if self.spec.test else self.rules.session_rounds

    def header(self) -> TableHeader:
        """The log's header: the rule set, its options, the seed, the length and the agents."""
        return TableHeader(self.rules.name, self.options, self.seed, self.rounds, self.spec.agents())

    @property
    def options(self) -> dict[str, OptionValue]:
        """The table's options in the rule set's order (the store keeps them sorted by name); one the
        rule set has added since the table was stored takes its default, and the stored header no
        longer matches."""
        given = self.spec.options
        return {option.name: given.get(option.name, option.default) for option in self.rules.options}

    def _start(self, stored: Sequence[dict[str, Any]]) -> None:
        header = self.header()
        expected = list(stored[1:])
        self.writer = LogWriter(self._lines, expected, f"table {self.spec.id} session {self.number}")
        if stored and dict(stored[0]) != header.line():
            self.failure = f"{self.writer.path}:1: the stored header is not this table's"
        if not stored:
            self.writer.write(header.line())
        self.feed = PublicFeed(TABLE_FEED)
        self.winners = WinnerHands(self._laid_down)
        setup = TableSessionKind(self.rules.name, self.rules).setup(header, None)
        opened = setup.open(self.writer, True, bool(expected), Seated((self.feed.event, self._heard)))
        self.session = opened.session
        self.agents = list(opened.agents)
        self.stand_ins = make_bots([STAND_IN] * 4, header.seed)
        self._replaying(expected)
        self._steps = self.session.steps()
        if self.failure is None:
            self._run(lambda: next(self._steps))
        if not self.writer.replayed_all() and self.failure is None:
            self.stop(f"{self.writer.path}: the stored log goes on past where the session stands")

    def _answer(self, decision: Decision) -> str | None:
        """The logged answer while the stored log lasts (a bot asked all the same, so a table
        rebuilt after a restart goes on as it would have), then a bot's from its own seat's view;
        ``None`` at a person's decision."""
        scripted = self._logged()
        agent = self.agents[decision.player]
        if agent.name == PERSON:
            if scripted is None:
                return None
            self.answered[PLAYERS[decision.player]] += 1
        else:
            view = self.session.view(decision.player) if agent.sees else BLIND
            bot = agent.decide(view, decision)
            if scripted is None:
                return check_answer(decision, bot)
        try:
            return check_answer(decision, scripted)
        except IllegalActionError as err:
            where = f"{self.writer.path}:{self.writer.checked + 2}"
            raise LogError(f"{where}: logged answer does not fit: {err}") from None

    def _bot_seat(self, player: int) -> bool:
        return self.agents[player].name != PERSON

    def stand_in_answer(self, decision: Decision) -> str:
        """The stand-in bot's answer from the seat's own view (R535)."""
        return self.stand_ins[decision.player].decide(self.session.view(decision.player), decision)

    def _answered(self, decision: Decision, answer: str) -> None:
        """Log the answer; a discard is public and goes to the feed (出牌 2)."""
        self.writer.decision(decision, answer)
        if decision.kind is DecisionKind.TURN:
            self.feed.turn_answer(decision.player, answer)

    def _heard(self, name: str, player: int | None, data: Mapping[str, Any]) -> None:
        """A table sink: each winner's hand as laid down, and the rounds' ends."""
        if name == "win" and player is not None:
            self.winners.won(player)
        elif name == "round.ended":
            self.winners.ended()

    def _laid_down(self, player: int) -> Hand:
        """A winner's concealed tiles and melds as the table lays them open (standard rules 和牌)."""
        held = self.session.table.seats[player]
        melds = [{"kind": m.kind.value, "tiles": [FACES[k] for k in m.tiles]} for m in held.melds]
        return [FACES[k] for k in sorted(held.hand)], melds

    def finished_rounds(self) -> int:
        """How many rounds of the session have ended."""
        return sum("gains" in played for played in self.feed.account)

    def round_result(self) -> dict[str, Any] | None:
        """The result of the round last finished: its wins with their fan, the gains, the standings."""
        ended = [played for played in self.feed.account if "gains" in played]
        if not ended:
            return None
        return rules_round(ended[-1], self.winners.finished, self.session.totals)

    @property
    def state(self) -> str:
        """``stopped`` once it has failed, ``results`` once the session has ended, ``new`` before its
        first round is dealt, else ``playing``."""
        if self.failure is not None:
            return STOPPED
        if self.result is not None:
            return RESULTS
        if self.feed.round == 0:
            return NEW
        return PLAYING

    def record(self) -> str:
        """The store's record of the session that has ended (R374, R380): its rule set, every
        option's value, the seed, the agents (a person's seat ``web``), each round's wins with their
        fan and gains, the standings."""
        assert self.result is not None
        return record_text(session_record(self.result, self.spec.agents(), "console"))

    def facts(self) -> dict[str, Any]:
        """What every screen shows alike: the rule set, the session's state and results, the seats'
        nicknames, bots, scores and connections."""
        results = None
        if self.result is not None:
            results = result_json(self.result, self.spec.agents())
            results.pop("seed", None)
        return {
            "table": self.spec.id,
            "rules": self.rules.name,
            "rules_title": self.rules.title,
            "rule_options": self.options,
            "rule_words": [option.shown(self.options[option.name]) for option in self.rules.options],
            "settlement": self.rules.settlement,
            "state": self.state,
            "test": self.spec.test,
            "results": results,
            "confirmed": sorted(self.confirmed),
            "connected": sorted(letter for letter, n in self.connected.items() if n > 0),
            "reason": self.failure,
            "nicknames": {letter: self.spec.nicknames.get(letter, letter) for letter in PLAYERS},
            "bots": sorted(self.spec.bots),
            "scores": self.session.totals,
            "hand_size": self.rules.hand_size,
            "round_result": self.round_result(),
            "round_seen": self.round_seen(self.finished_rounds()),
            "timer": self.spec.timer,
            "session": self.number,
            "standing_in": self.standing_in(),
            "standings": standings(self.session.totals),
        }

    def seat_message(self, letter: str) -> dict[str, Any]:
        """The message of seat ``letter``: built from that seat's own view only."""
        view = self.session.view(PLAYERS.index(letter))
        facts = table_facts(self.facts(), self.feed, self.holders.joined())
        return seat_message(
            table_seat(view, self.pending, self.rules.hand_size), self.pending, facts, self.answered[letter]
        )

    def host_message(self, links: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The host's message: built from the public parts of the table only."""
        facts = table_facts(self.facts(), self.feed, self.holders.joined())
        return host_message(
            table_public(self.session.table, self.rules.hand_size), facts, self.holders.links(links or {})
        )
