"""What every table at the console does alike, whichever its rule set (§16, §17.2, §18.1).

A :class:`SeatedTable` — the one table of every rule set, :class:`~tools.console_web.live.LiveTable`,
its rule set's session and parts apart — runs its session until a person's seat is to answer, puts
the decision to that seat, and goes on when :meth:`SeatedTable.decide` gets an offered option; each
answer a person's seat gives is counted.
Every line goes to the table's log, whose lines wait in :class:`PendingLines` for the record store;
the session's end is the log's last line, and its results stay until every seat has confirmed
"开始新一场" (bots at once), when the next session is set up, seeded from the operating system's
randomness unless the host fixed the seed (R523).  A step the engine refuses, or a stored log that
does not come out the same, leaves the table ``stopped`` with the reason.  Each decision put to a
seat has its number, the seat's count of decisions in the session, so an answer sent twice is taken
once (issue 29 item 3); a table whose answer the store did not take is rewound to the lines it did
(:meth:`SeatedTable.rewind`).

A table the console plays (``aside``) never has its bots think in the server's event loop: once the
stored log has no answer left, a bot's decision is set aside as :attr:`SeatedTable.waiting`, and the
console answers it (:mod:`tools.console_web.bot_turns`) — a cheap bot's in turn with every other
request, a searching bot's in a worker process — through :meth:`SeatedTable.answer_waiting`.  The
answer is the one the bot would have given at once, so the log is the same (R520).
"""

from __future__ import annotations

import io
import logging
import re
import secrets
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from engine.core.decisions import Decision, check_answer
from engine.core.errors import HexError, IllegalActionError
from engine.core.log_lines import NOTE, dumps
from engine.core.seats import PLAYERS
from tools.console_web.holders import Holders
from tools.console_web.spec import TableSpec

TOLD = logging.getLogger("hexmj.console")
"""Where the whole reason a table stopped is told: the server's terminal."""
PLACED = re.compile(r"(?P<place>table \S+ session \d+(?::\d+)?): (?P<what>[^:]+)")
"""A failure's place in the session's log, what went wrong, then its values."""

PLAYING, RESULTS, NEW, STOPPED = "playing", "results", "new", "stopped"
"""A table's states: its session in play, ended on its results, set up and not yet dealt, stopped
by a log that does not replay or a step the engine refused."""
FRESH_SEEDS = 2**63
"""A session's seed drawn from the operating system's randomness is below this (``hexmj play
--seed`` takes it)."""


def shown_reason(failure: str, session: str) -> str:
    """What the screens show of why a table stopped: where in the log and what, never the values
    (``…session 1:4: replay diverges``), which may be a seat's secrets; the server's terminal gets
    them whole."""
    found = PLACED.match(failure)
    if found is None:
        return f"{session}: the engine refused a step"
    return f"{found['place']}: {found['what']}"


STAND_IN = "greedy"
"""The bot that answers for an away seat or a decision whose time ran out (R535)."""
AWAY_GRACE = 5.0
"""How long, in seconds, a seat whose phone has gone away keeps its decision before the stand-in
answers it (a reconnecting phone comes back within it)."""


def session_seed(spec: TableSpec, number: int, stored: Sequence[Mapping[str, Any]]) -> int:
    """The seed of session ``number`` at a table: its stored header's; the host's for the first
    session and the next one for each after it when the host fixed it; else, for every session after
    the first, one drawn from the operating system's randomness, so no session's log tells anything of
    the next (R523)."""
    logged = stored[0].get("seed") if stored else None
    if isinstance(logged, int) and not isinstance(logged, bool):
        return logged
    if spec.fixed_seed or number == 1:
        return spec.seed + number - 1
    return secrets.randbelow(FRESH_SEEDS)


class PendingLines(io.StringIO):
    """The log's file handle: lines wait here until the record store takes them."""

    def __init__(self) -> None:
        super().__init__()
        self.pending: list[str] = []

    def write(self, text: str) -> int:
        """Keep one log line."""
        self.pending.append(text.rstrip("\n"))
        return len(text)


class LineWriter(Protocol):
    """A table's log writer (:class:`engine.core.log_writer.LogWriter`): each line checked against
    the stored log while it lasts, then written."""

    def write(self, line: dict[str, Any]) -> None: ...

    def decision(self, decision: Decision, answer: str) -> None: ...

    def replayed_all(self) -> bool: ...


class Totals(Protocol):
    """A session's result as the log's end line gives it: each seat's total."""

    @property
    def totals(self) -> Sequence[int]: ...


Result = TypeVar("Result", bound=Totals)


class SeatedTable(ABC, Generic[Result]):
    """One table's session in play; ``number`` counts the sessions played at the table, ``stored``
    the lines of its log kept in the record store, re-played to stand where it stood."""

    writer: LineWriter
    _steps: Generator[Decision, str, Result]
    """The session's decisions, each answered by sending it its answer."""
    _script: deque[str]
    """The stored log's answers not yet re-played."""

    def __init__(
        self,
        spec: TableSpec,
        number: int = 1,
        stored: Sequence[dict[str, Any]] = (),
        confirmed: frozenset[str] = frozenset(),
        *,
        aside: bool = False,
    ) -> None:
        self.spec = spec
        self.aside = aside
        """Whether a bot's decision in live play is set aside for the console (:attr:`waiting`)."""
        self.connected: dict[str, int] = {}
        self.holders = Holders()
        self._lines = PendingLines()
        self._open(number, stored, confirmed)

    def _open(self, number: int, stored: Sequence[dict[str, Any]], confirmed: frozenset[str]) -> None:
        """Stand where the ``stored`` lines of session ``number`` leave the table."""
        self.number = number
        self.seed = session_seed(self.spec, number, stored)
        self.confirmed = set(confirmed) | self.spec.bots
        self.failure: str | None = None
        self.result: Result | None = None
        self.pending: Decision | None = None
        self.waiting: Decision | None = None
        """A bot's decision set aside, for :meth:`answer_waiting`."""
        self.answered = dict.fromkeys(PLAYERS, 0)
        """How many decisions each person's seat has answered this session: its screen changes with
        every answer it gives, even when the next question reads the same."""
        self.seen = dict.fromkeys(PLAYERS, 0)
        """The last round whose result each person has tapped on from (R531)."""
        self.asked_at = 0.0
        """When the decision open now was put (:func:`time.monotonic`)."""
        self._start([line for line in stored if line.get("type") != NOTE])

    @abstractmethod
    def _start(self, stored: Sequence[dict[str, Any]]) -> None:
        """Set up the session :attr:`number` with its log's :attr:`writer` on :attr:`_lines` and its
        :attr:`_steps`, and re-play the ``stored`` lines."""

    def _replaying(self, expected: Sequence[dict[str, Any]]) -> None:
        """Answer from the ``expected`` lines' decisions while they last (a table rebuilt from the store)."""
        self._script = deque(str(line["answer"]) for line in expected if line.get("type") == "decision")

    def _logged(self) -> str | None:
        """The next logged answer, or ``None`` once the stored log has no answer left."""
        return self._script.popleft() if self._script else None

    @abstractmethod
    def _answer(self, decision: Decision) -> str | None:
        """The logged answer while the stored log lasts, then a bot's; ``None`` at a person's
        decision, or at a bot's whose thinking the table sets aside for a worker process."""

    @abstractmethod
    def _bot_seat(self, player: int) -> bool:
        """Whether a bot answers ``player``'s decisions."""

    def _answered(self, decision: Decision, answer: str) -> None:
        """Log the answer to ``decision``."""
        self.writer.decision(decision, answer)

    def _run(self, step: Callable[[], Decision], now: bool = False, given: str | None = None) -> None:
        """Take ``step`` and answer every decision the stored log or a bot answers, up to a person's;
        at a table that sets bots aside, a bot's decision in live play is left :attr:`waiting`.  With
        ``now`` the first decision is answered at once: by ``given``, else as :meth:`_answer` says."""
        try:
            decision = step()
            while True:
                if not now and self.aside and not self._script and self._bot_seat(decision.player):
                    self.waiting = decision
                    return
                answer = self._answer(decision) if given is None else check_answer(decision, given)
                now, given = False, None
                if answer is None:
                    if self._bot_seat(decision.player):
                        self.waiting = decision
                    else:
                        self.pending = decision
                        self.asked_at = time.monotonic()
                    return
                self._answered(decision, answer)
                decision = self._steps.send(answer)
        except StopIteration as done:
            self._end(done.value)
        except HexError as err:
            TOLD.warning("%s", err)
            self.stop(shown_reason(str(err), f"table {self.spec.id} session {self.number}"))

    def rewind(self, number: int, stored: Sequence[dict[str, Any]], confirmed: frozenset[str]) -> None:
        """Stand again where the ``stored`` lines of session ``number`` leave the table, as a
        restarted server would: what was played since is undone (its screens stay connected)."""
        self._open(number, stored, confirmed)

    def stop(self, reason: str) -> None:
        """Stop the table: no decision is put to anyone, and ``reason`` says why."""
        self.failure = reason
        self.pending = None
        self.waiting = None

    @abstractmethod
    def record(self) -> str:
        """The record of the session that has ended, as the record store keeps it (§18.3)."""

    def _end(self, result: Result) -> None:
        """The session has ended: its results stay, and its log's end line gives each seat's total."""
        self.pending = None
        self.result = result
        self.writer.write({"type": "end", "totals": {PLAYERS[p]: result.totals[p] for p in range(4)}})

    def answer_waiting(self, answer: str | None = None) -> None:
        """Answer the bot's decision set aside: with ``answer`` (a worker process's thinking), else as
        the bot answers it now; then play on to the next decision."""
        decision = self.waiting
        if decision is None:
            raise IllegalActionError(f"table {self.spec.id}: no bot's decision is waiting")
        self.waiting = None
        self._run(lambda: decision, now=True, given=answer)

    def asked(self, letter: str) -> int:
        """The number of the decision put to seat ``letter`` now or next: its count of decisions in
        the session."""
        return self.answered[letter] + 1

    def decide(self, letter: str, option: object, number: int | None = None) -> bool:
        """The person at seat ``letter`` answers the decision put to them, its ``number`` if given;
        ``False``, changing nothing, when that decision is already answered.  Anything else — no
        decision of theirs, another number, an option not offered — is an
        :class:`IllegalActionError` and changes nothing."""
        decision = self.pending
        self._refuse_stopped()
        if number is not None and number < self.asked(letter):
            return False
        if decision is None or PLAYERS[decision.player] != letter:
            raise IllegalActionError(f"no decision is put to {letter} now")
        if number is not None and number != self.asked(letter):
            now = self.asked(letter)
            raise IllegalActionError(f"decision {number} is not put to {letter}: the one put now is {now}")
        answer = check_answer(decision, option)
        self.answered[letter] += 1
        self.pending = None
        self._answered(decision, answer)
        self._run(lambda: self._steps.send(answer))
        return True

    def _refuse_stopped(self) -> None:
        if self.failure is not None:
            raise IllegalActionError(f"table {self.spec.id} is stopped: {self.failure}")

    @abstractmethod
    def stand_in_answer(self, decision: Decision) -> str:
        """What the stand-in bot answers to ``decision`` of a person's seat (R535)."""

    def stand_in(self, letter: str, why: str) -> None:
        """The stand-in bot answers seat ``letter``'s open decision (``why``: ``away`` or ``timer``);
        the log marks it with a note line before the decision (R535)."""
        decision = self.pending
        if decision is None or PLAYERS[decision.player] != letter:
            raise IllegalActionError(f"no decision is put to {letter} now")
        note = {"type": NOTE, "player": letter, "by": STAND_IN, "why": why}
        self._lines.write(dumps(note) + "\n")
        self.decide(letter, self.stand_in_answer(decision))

    def standing_in(self) -> list[str]:
        """The seats a stand-in bot answers for now: away, at a table whose host chose one (R536)."""
        if not self.spec.stand_in:
            return []
        return [letter for letter in PLAYERS if self.holders.away(letter, self.connected.get(letter, 0) > 0)]

    def due(self, now: float) -> tuple[str, str] | None:
        """The seat whose open decision the stand-in is to answer now, and why: its time is up
        (``timer``), or its phone has been away for :data:`AWAY_GRACE` seconds (``away``)."""
        decision = self.pending
        if decision is None or self.failure is not None:
            return None
        letter = PLAYERS[decision.player]
        if self.spec.timer and now - self.asked_at >= self.spec.timer:
            return letter, "timer"
        if letter in self.standing_in():
            since = max(self.asked_at, self.holders.away_since.get(letter, 0.0))
            if now - since >= AWAY_GRACE:
                return letter, "away"
        return None

    def confirm(self, letter: str) -> bool:
        """Seat ``letter`` confirms "开始新一场" on the results screen (§16); once all four have, the
        next session is set up and ``True`` returned."""
        self._refuse_stopped()
        if self.result is None:
            raise IllegalActionError("the session has not ended: nothing to confirm")
        self.confirmed.add(letter)
        if len(self.confirmed) < len(PLAYERS):
            return False
        self._open(self.number + 1, (), frozenset())
        return True

    def see(self, letter: str, number: int) -> None:
        """The person at seat ``letter`` taps on from the result of round ``number`` (R531); a round
        not yet finished is an :class:`IllegalActionError`."""
        if not 0 < number <= self.finished_rounds():
            raise IllegalActionError(f"round {number} has no result to tap on from")
        self.seen[letter] = max(self.seen[letter], number)

    def round_seen(self, number: int) -> list[str]:
        """The seats that have tapped on from the result of round ``number``: bots at once."""
        return sorted(letter for letter in PLAYERS if letter in self.spec.bots or self.seen[letter] >= number)

    @abstractmethod
    def finished_rounds(self) -> int:
        """How many rounds of the session have ended."""

    def take_lines(self) -> list[str]:
        """The log lines played since the last call, for the record store."""
        lines, self._lines.pending = self._lines.pending, []
        return lines
