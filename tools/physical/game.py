"""A real table's session as its entries make it (issue 31 item 8).

The session's flow (:func:`tools.physical.flow.session`) and the effects under way
(:class:`~tools.physical.state.Task`) put prompts; each entry — a player's answer or tap, or the host's
for a seat — goes to the prompt whose part offers it, else, while the round waits, to the flow as a
table event.  An entry that does not fit changes nothing: the game is rebuilt from the entries before
it, so the console stands exactly where it stood.  The same seed and entries give the same game,
byte for byte, so undoing the last entry and a restart are both a rebuild from the entries kept.

Besides answers, the entries record what §18.3 asks a host to count: a look at a card's text or a
rulebook section (``lookup``), a missed trigger (``missed``), a dispute walked through §15's order
(``dispute``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.core.errors import HexError, IllegalActionError, InputError
from engine.core.seats import PLAYERS
from tools.physical.asks import HOST, IDLE, Answer, Ask, Entry, Idle, Reply
from tools.physical.deliver import InForce
from tools.physical.flow import session
from tools.physical.pool import TablePool
from tools.physical.rulebook import section
from tools.physical.state import Dispute, TableState, Task

RECORDS = ("lookup", "missed", "dispute")
"""Entries that record what §18.3 counts, apart from the play."""
UNDO = "undo"
DISPUTE_STEPS = ("text", "priority", "players", "unfavourable")
"""§15's order for a dispute: the card's text, the priority list, two players not acting, then the
reading less favourable to the acting player."""
NUMBER = re.compile(r"[1-9]{11}")
"""B-15's fictional number: eleven digits 1–9 (§17.2)."""
TEXT_LIMIT = 200
"""The longest question or outcome of a dispute, in characters."""


class Game:
    """A session at a real table: the state its ``entries`` made, the prompts open now."""

    def __init__(
        self, pool: TablePool, seed: int, rounds: int, start: int, entries: Sequence[Entry] = ()
    ) -> None:
        self.pool, self.seed, self.rounds, self.start = pool, seed, rounds, start
        self.st = TableState(pool, seed, rounds)
        self.st.now = start
        self.cards = InForce()
        self.main = session(self.st, self.cards)
        self.main_ask: Ask | Idle | None = None
        self.main_answers: dict[int, Reply] = {}
        self.entries: list[Entry] = []
        self._step_main(None)
        for entry in entries:
            self._apply(entry)

    # ---- entries -----------------------------------------------------------------------------

    def enter(self, entry: Entry) -> None:
        """Take one entry; one that does not fit (:class:`HexError`) leaves the game as it was."""
        try:
            self._apply(entry)
        except HexError:
            self._rebuild(self.entries)
            raise

    def _rebuild(self, entries: Sequence[Entry]) -> None:
        fresh = Game(self.pool, self.seed, self.rounds, self.start, entries)
        self.__dict__.update(fresh.__dict__)

    def _apply(self, entry: Entry) -> None:
        self.st.now = entry.at
        if entry.option in RECORDS:
            self._record(entry)
        elif entry.option == UNDO:
            raise InputError("undo: the table undoes its last entry by rebuilding; it is no entry to replay")
        else:
            self._route(entry)
        self.entries.append(entry)

    def _record(self, entry: Entry) -> None:
        """A look-up, a missed trigger or a dispute, counted to the round in play (§18.3)."""
        rnd = self.st.round or (self.st.played[-1] if self.st.played else None)
        if rnd is None:
            raise IllegalActionError(f"{entry.option}: no round has begun")
        data = entry.data
        if entry.option == "lookup":
            what = data.get("card") or data.get("section")
            if not isinstance(what, str) or not what or len(what) > 40:
                raise InputError('lookup: expected {"card": ID} or {"section": "§10"}')
            if "card" in data and what not in self.pool.texts:
                raise InputError(f"lookup.card: {what!r} is not a card of this table's pool")
            if "card" not in data and section(what) is None:
                raise InputError(f"lookup.section: the rulebook has no section {what!r} (§3 … §19)")
            rnd.lookups += 1
        elif entry.option == "missed":
            card, seat = data.get("card"), data.get("seat")
            if not isinstance(card, str) or card not in self.pool.texts:
                raise InputError("missed.card: expected a card of this table's pool")
            if not isinstance(seat, str) or seat not in PLAYERS:
                raise InputError("missed.seat: expected the holder's seat, A, B, C or D")
            rnd.missed.append((card, PLAYERS.index(seat), "button"))
            self.st.say(f"漏触发：{seat} 的 {card}")
        else:
            rnd.disputes.append(_dispute(data, self.pool))
            self.st.say(f"规则争议：{rnd.disputes[-1].question} → {rnd.disputes[-1].outcome}")

    def _route(self, entry: Entry) -> None:
        """Give the entry to the prompt whose part offers it, else to the waiting round."""
        target, option = entry.by, entry.option
        if entry.by == HOST and not self._host_part(option):
            seat, _, rest = option.partition(" ")
            if seat not in PLAYERS or not rest:
                raise IllegalActionError(f'host: {option!r} names no seat ("B pon") and is no host option')
            target, option = PLAYERS.index(seat), rest
        reply = Reply(target, option, dict(entry.data))
        for ask, answers, send in self.open_prompts():
            part = ask.parts.get(target)
            if part is None or target in answers or not _offers(ask, part.values(), option):
                continue
            if entry.by == HOST and target != HOST and ask.shown == "secret":
                raise IllegalActionError("host: a secret choice is made on the player's own phone")
            answers[target] = reply
            if ask.anyone or set(answers) >= set(ask.parts):
                send(dict(answers))
            return
        if self.main_ask is IDLE and target != HOST:
            self._step_main({target: reply})
            return
        raise IllegalActionError(
            f"{'host' if entry.by == HOST else PLAYERS[entry.by]}: {entry.option!r} is not offered now"
        )

    def _host_part(self, option: str) -> bool:
        return any(
            HOST in ask.parts and option in ask.parts[HOST].values() for ask, _, _ in self.open_prompts()
        )

    def open_prompts(self) -> Iterator[tuple[Ask, dict[int, Reply], Any]]:
        """Every prompt open now, the round's first, then the effects' oldest first, with its answers
        so far and how an answer goes on."""
        if isinstance(self.main_ask, Ask):
            yield self.main_ask, self.main_answers, self._step_main
        for task in list(self.st.tasks):
            if task.ask is not None:
                yield task.ask, task.answers, lambda answer, task=task: self._step_task(task, answer)

    # ---- the flows ---------------------------------------------------------------------------

    def _step_main(self, answer: Answer | None) -> None:
        try:
            self.main_ask = next(self.main) if answer is None else self.main.send(answer)
        except StopIteration:
            self.main_ask = None
        self.main_answers = {}
        self._start_tasks()

    def _step_task(self, task: Task, answer: Answer | None) -> None:
        try:
            task.ask = next(task.flow) if answer is None else task.flow.send(answer)
        except StopIteration:
            task.ask = None
            if task in self.st.tasks:
                self.st.tasks.remove(task)
        task.answers = {}
        self._start_tasks()

    def _start_tasks(self) -> None:
        for task in list(self.st.tasks):
            if not task.started:
                task.started = True
                self._step_task(task, None)

    # ---- what is open ------------------------------------------------------------------------

    def prompts(self) -> list[Ask]:
        """The prompts open now, the round's first."""
        return [ask for ask, _, _ in self.open_prompts()]

    def waiting(self, ask: Ask) -> list[int]:
        """The addressees of an open prompt who have not answered it."""
        for open_ask, answers, _ in self.open_prompts():
            if open_ask is ask:
                return [p for p in ask.parts if p not in answers]
        return []

    @property
    def idle(self) -> bool:
        """The round waits for the table to tell it an event."""
        return self.main_ask is IDLE


def _offers(ask: Ask, values: Sequence[str], option: str) -> bool:
    if option in values:
        return True
    return any(option.startswith(prefix) and NUMBER.fullmatch(option[len(prefix) :]) for prefix in ask.free)


def _dispute(data: Mapping[str, Any], pool: TablePool) -> Dispute:
    """A dispute as the host records it: the question, the step of §15's order that settled it, the
    outcome, the cards concerned."""
    question, step, outcome = data.get("question"), data.get("step"), data.get("outcome")
    if not isinstance(question, str) or not question.strip() or len(question) > TEXT_LIMIT:
        raise InputError(f"dispute.question: expected the question, 1–{TEXT_LIMIT} characters")
    if step not in DISPUTE_STEPS:
        raise InputError(f"dispute.step: expected one of {', '.join(DISPUTE_STEPS)} (§15's order)")
    if not isinstance(outcome, str) or not outcome.strip() or len(outcome) > TEXT_LIMIT:
        raise InputError(f"dispute.outcome: expected the outcome, 1–{TEXT_LIMIT} characters")
    cards = data.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) and c in pool.texts for c in cards):
        raise InputError("dispute.cards: expected a list of cards of this table's pool")
    return Dispute(question.strip(), str(step), outcome.strip(), tuple(cards))
