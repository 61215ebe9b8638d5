"""A hextech table in play on the console: its session, its log, its end (§16, §17.2, §18.1).

A :class:`LiveTable` opens its session as every command does, through hextech's session kind
(:class:`tools.kinds.hextech.HextechSessionKind`, seated at the console: its public feed, its
winners' hands and its web seats), and plays it as :func:`engine.core.session.drive` does,
with one difference: a person's seat is answered from the web, so the table
stops at that seat's decision and goes on when :meth:`LiveTable.decide` gets an
offered option (:class:`~tools.console_web.seated.SeatedTable`, what every
console table does alike).  Bots answer their seats at once (a party challenge
by its module's bot policy, as ``drive`` does).  Every event and decision goes
to the table's log in the ``hexmj play --log`` format, which ``hexmj replay``
replays (R371).  A table rebuilt from its stored lines re-plays them, checking
that every line comes out the same, and stops again where it was; a log that
does not replay leaves the table ``failed`` with the reason.

When the session ends its results stay (state ``results``) until every seat
has confirmed "开始新一场" (bots confirm at once); only then does the table
set up the next session, with scores and card states cleared (§16).  A
4-round test session is marked (§18.1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.agents.hextech.roster import make_agents
from engine.core.agent import Agent
from engine.core.decisions import Decision, check_answer
from engine.core.errors import IllegalActionError, LogError
from engine.core.log_writer import LogWriter
from engine.core.seats import PLAYERS
from engine.core.tiles import format_one
from engine.hextech.bus import Event
from engine.hextech.log import DEFAULT_POOL, LogHeader
from engine.hextech.session import MODULE_DECISIONS, SessionResult
from engine.hextech.view import BLIND, KINDS, PlayerView
from tools.console_web.bot_pool import THINKERS, Thought
from tools.console_web.cards import library, pool_path
from tools.console_web.feed import PublicFeed
from tools.console_web.hextech_shown import hextech_facts, hextech_seat, hextech_table
from tools.console_web.messages import Facts, host_message, seat_message
from tools.console_web.public import HEXTECH_FEED, public_view
from tools.console_web.round_results import Hand, HextechWinners, WinnerHands, hextech_round
from tools.console_web.seated import NEW, PLAYING, RESULTS, STAND_IN, STOPPED, SeatedTable
from tools.console_web.spec import WEB
from tools.hextech_session import result_json
from tools.kinds.hextech import HextechSessionKind
from tools.kinds.kind import Seated


class WebSeat:
    """A seat a person answers from their phone; the table asks them, so this agent never decides."""

    name = WEB
    sees = True
    person = True

    def decide(self, view: PlayerView, decision: Decision) -> str:
        """Never asked: the table stops at a person's decision (see :class:`LiveTable`)."""
        raise IllegalActionError(f"{PLAYERS[decision.player]} answers from the web")


class LiveTable(SeatedTable[SessionResult]):
    """One table's session of the hextech rule set in play."""

    writer: LogWriter
    thought: Thought | None = None
    """A searching bot's decision set aside for a worker process: the bot and its own view."""

    def _start(self, stored: Sequence[dict[str, Any]]) -> None:
        spec = self.spec
        self.thought = None
        expected = list(stored[1:])
        self.writer = LogWriter(self._lines, expected, f"table {spec.id} session {self.number}")
        header = LogHeader(self.seed, spec.mode, spec.rounds, spec.agents(), (), spec.pool or DEFAULT_POOL)
        setup = HextechSessionKind(pool=pool_path(spec.pool)).setup(header, None)
        if not stored:
            self.writer.write(setup.line)
        self.feed = PublicFeed(HEXTECH_FEED)
        self.winners = WinnerHands(self._laid_down)
        sinks: list[Callable[[Event], None]] = [self.feed, HextechWinners(self.winners)]
        seated = Seated(sinks, {WEB: lambda rng: WebSeat()})
        opened = setup.open(self.writer, True, bool(expected), seated)
        self.session = opened.session
        self.played = opened.played
        self.library = library(spec.mode, spec.filming, spec.pool)
        self.agents: list[Agent[PlayerView]] = list(opened.agents)
        self.stand_ins: list[Agent[PlayerView]] = make_agents([STAND_IN] * 4, self.seed)
        self._replaying(expected)
        self._steps = self.session.steps()
        self._run(lambda: next(self._steps))
        if not self.writer.replayed_all() and self.failure is None:
            self.stop(f"{self.writer.place()}: the stored log goes on past where the session stands")

    def _answer(self, decision: Decision) -> str | None:
        """The logged answer while the stored log lasts (bots asked all the same, as ``drive`` does),
        then a bot's; ``None`` at a person's decision, and at a searching bot's at a table that sets
        its thinking aside (:attr:`thought`, for a worker process)."""
        scripted = self._logged()
        agent = self.agents[decision.player]
        answer = scripted
        if agent.person and scripted is not None:
            self.answered[PLAYERS[decision.player]] += 1
        if not agent.person:
            plugins = self.session.plugins if decision.kind in MODULE_DECISIONS else None
            bot = None if plugins is None else plugins.bot_answer(decision, self.session)
            if bot is None:
                view = self.session.view(decision.player) if agent.sees else BLIND
                if scripted is None and self.aside and agent.name in THINKERS:
                    self.thought = Thought(agent, view)
                    return None
                bot = agent.decide(view, decision)
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

    def take_thought(self, answer: str, agent: Agent[PlayerView]) -> None:
        """A worker process's answer to the searching bot's decision set aside, and the bot as it
        stands after thinking (its random numbers drawn, its notes of the round)."""
        decision = self.waiting
        if decision is None or self.thought is None:
            raise IllegalActionError(f"table {self.spec.id}: no bot is thinking")
        self.thought = None
        self.agents[decision.player] = agent
        self.answer_waiting(answer)

    def stand_in_answer(self, decision: Decision) -> str:
        """The stand-in bot's answer from the seat's own view, a module's decision by its module's bot
        policy (as a bot seat's, R535)."""
        plugins = self.session.plugins if decision.kind in MODULE_DECISIONS else None
        bot = None if plugins is None else plugins.bot_answer(decision, self.session)
        if bot is None:
            bot = self.stand_ins[decision.player].decide(self.session.view(decision.player), decision)
        return bot

    def _laid_down(self, player: int) -> Hand:
        """A winner's concealed tiles and melds as the table lays them open (§11 phase 3)."""
        table = self.session.table
        if table is None:
            return [], []
        held = table.players[player]
        hand = [format_one(KINDS[i]) for i in sorted(held.hand, key=lambda i: KINDS[i])]
        melds = [
            {"kind": m.meld.kind.value, "tiles": [format_one(k) for k in m.meld.tiles]} for m in held.melds
        ]
        return hand, melds

    def finished_rounds(self) -> int:
        """How many rounds of the session have ended."""
        return len(self.session.result.rounds)

    def round_result(self) -> dict[str, Any] | None:
        """The result of the round last finished (§13, §16), or ``None`` before the first has ended."""
        rounds = self.session.result.rounds
        if not rounds:
            return None
        return hextech_round(rounds[-1], self.winners.finished, self.session.result.totals)

    @property
    def state(self) -> str:
        """``stopped`` once it has failed, ``results`` once the session has ended, ``new`` before its
        first round is dealt, else ``playing``."""
        if self.failure is not None:
            return STOPPED
        if self.result is not None:
            return RESULTS
        if self.session.round is None and not self.session.result.rounds:
            return NEW
        return PLAYING

    def record(self) -> str:
        """The lab's record of the session that has ended (§18.3): a 4-round test session is marked
        by its length and never ranked with full sessions (§16, §18.1)."""
        assert self.result is not None
        return HextechSessionKind().record(self.played(self.result)).model_dump_json()

    def facts(self) -> Facts:
        """What every screen shows alike."""
        session = self.session
        plugins = session.plugins
        party = None if plugins is None else plugins.session_fields(session).get("party")
        results = None
        if self.result is not None:
            results = result_json(self.result, {} if plugins is None else plugins.session_fields(session))
            results.pop("seed", None)
        return hextech_facts(
            table=self.spec.id,
            state=self.state,
            nicknames=self.spec.nicknames,
            test=self.spec.test,
            filming=self.spec.filming,
            feed=self.feed,
            library=self.library,
            scores=tuple(session.result.totals),
            augments=tuple(map(tuple, session.augments)),
            chips=None if party is None else party["chips"],
            stars=() if party is None else tuple(party["stars"]),
            results=results,
            confirmed=frozenset(self.confirmed),
            connected=frozenset(letter for letter, n in self.connected.items() if n > 0),
            failure=self.failure,
            bots=self.spec.bots,
            round_result=self.round_result(),
            round_seen=tuple(self.round_seen(self.finished_rounds())),
            timer=self.spec.timer,
            session=self.number,
            standing_in=tuple(self.standing_in()),
            joined=tuple(self.holders.joined()),
        )

    def seat_message(self, letter: str) -> dict[str, Any]:
        """The message of seat ``letter``: built from that seat's own view only."""
        p = PLAYERS.index(letter)
        view = self.session.view(p)
        held = [self.session.lasting_card(p, deck) for deck in sorted(self.session.decks)]
        lasting = [card for card in held if card is not None]
        return seat_message(hextech_seat(view, lasting), self.pending, self.facts(), self.answered[letter])

    def host_message(self, links: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The host's message: built from the public view only; ``links`` the seats' join links."""
        return host_message(
            hextech_table(public_view(self.session.table)), self.facts(), self.holders.links(links or {})
        )
