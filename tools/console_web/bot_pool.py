"""Bots that think in worker processes, never in the server's event loop (issue 29 item 4).

A searching bot (``search``, ``search:N``: :data:`THINKERS`) imagines hundreds of rounds a
decision; at a console table of any rule set its decision is set aside
(:attr:`tools.console_web.live.LiveTable.thought`) and answered here, in a pool of at most one
worker process per processor of the machine, each at a lower scheduling priority than the server,
so a bot's thinking never holds the interpreter against the pages and answers of the room.  A table
with a person's seat goes before a table of bots alone when several wait for a worker.

The worker is handed the bot itself (its random generator and its notes of the round, pickled),
the seat's own view as its rule set packs it (:class:`Packed`: a hextech view without its card
library, which the worker compiles once by the cards' ids) and the decision; it hands back the
answer and the bot as it stands after thinking, which the table keeps.  So the answer is the one
the bot would have given in the server's own process, and a seed fixes the session whoever thinks
and however long it takes (R520).  How much a bot thinks is its budget, in its own units (imagined
rounds per candidate): the console refuses a budget over ``hexmj serve --max-budget``
(:func:`check_budgets`, 422).  No clock changes an answer: a decision whose thinking takes more
than :data:`SLOW_DECISION` of processor time is only logged, naming the table and the seat.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple

from engine.agents.roster import bot_factory
from engine.agents.search import SearchBot
from engine.core.agent import Agent
from engine.core.decisions import Decision
from tools.rules_option import DEFAULT

THINKERS = frozenset({"search"})
"""The bots whose decisions are answered in a worker process."""
DEFAULT_MAX_BUDGET = 256
"""The largest budget a console table's bot may have unless ``hexmj serve --max-budget`` says
otherwise: at 256 imagined rounds a candidate the search agent's slowest decisions of a session take
about a third of a second on a two-processor machine (``benchmarks/console.py``)."""
SLOW_DECISION = 1.0
"""Seconds of processor time a bot's decision may take before the server logs it (a busy machine
that makes the worker wait is not the bot's cost)."""
NICENESS = 19
"""How much lower than the server's a worker's scheduling priority is."""
PERSON_FIRST, BOTS_ALONE = 0, 1
"""The order in which waiting tables get a worker."""

log = logging.getLogger("hexmj.console")


class OverBudget(ValueError):
    """A bot's budget over the server's limit; the message names the field (422)."""


class Packed(NamedTuple):
    """A seat's view as a worker is handed it: what makes it again there (a function or class,
    pickled by its name) and its arguments."""

    make: Callable[..., Any]
    args: tuple[Any, ...]


class Thought(NamedTuple):
    """A searching bot's decision set aside: the bot and its own view, packed."""

    agent: Agent[Any]
    view: Packed


class Job(NamedTuple):
    """What a worker is handed: the bot, its view packed, the decision."""

    agent: Agent[Any]
    view: Packed
    decision: Decision


def processors() -> int:
    """The processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def check_budgets(bot_agents: Mapping[str, str], limit: int, rules: str = DEFAULT) -> None:
    """Refuse a bot whose budget is over ``limit`` (:class:`OverBudget` naming ``agents.X``); the
    budget is the one the bot the name makes thinks with at a table of ``rules`` (``search:N``'s
    ``N``, plain ``search`` its rule set's counsel's), as ``hexmj play --rules RULES --agents``
    makes it."""
    for letter, name in sorted(bot_agents.items()):
        if name.partition(":")[0] not in THINKERS:
            continue
        bot = bot_factory(name, letter)(random.Random(0))
        budget = bot.budget_at(rules) if isinstance(bot, SearchBot) else 0
        if budget > limit:
            raise OverBudget(
                f"agents.{letter}: {name} thinks with a budget of {budget}, over this console's "
                f"limit of {limit} (hexmj serve --max-budget)"
            )


def think(job: Job) -> tuple[str, Agent[Any], float]:
    """In a worker: the bot's answer, the bot after thinking, and the processor seconds it took."""
    view = job.view.make(*job.view.args)
    start = time.process_time()
    answer = job.agent.decide(view, job.decision)
    return answer, job.agent, time.process_time() - start


def _lower_priority() -> None:
    """A worker's start: a lower scheduling priority than the server's."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)


class BotPool:
    """The worker processes, started when a bot first thinks; at most ``workers`` think at once."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self._free = workers
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(self.workers, context, initializer=_lower_priority)
        return self._executor

    async def think(
        self, thought: Thought, decision: Decision, first: int, where: str
    ) -> tuple[str, Agent[Any]]:
        """The answer of the bot of ``thought`` to ``decision``, thought in a worker, and the bot
        after thinking; ``first`` its table's place in the queue, ``where`` names it in the log."""
        job = Job(thought.agent, thought.view, decision)
        await self._enter(first)
        try:
            try:
                answer, agent, seconds = await asyncio.wrap_future(self._pool().submit(think, job))
            except BrokenProcessPool:
                self._executor = None
                answer, agent, seconds = await asyncio.wrap_future(self._pool().submit(think, job))
        finally:
            self._leave()
        if seconds > SLOW_DECISION:
            log.warning(
                "%s: the %s bot thought %.1f s of processor time over one decision (%s); a lower "
                "hexmj serve --max-budget keeps decisions short",
                where,
                thought.agent.name,
                seconds,
                decision.kind.value,
            )
        return answer, agent

    async def _enter(self, first: int) -> None:
        """Wait for a worker, tables with a person first, then in the order they came."""
        if self._free > 0 and not self._waiting:
            self._free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (first, next(self._order), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._leave()
            raise

    def _leave(self) -> None:
        """Hand the worker on to the first table still waiting."""
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self._free += 1

    def close(self) -> None:
        """Stop the workers (a decision being thought is let finish)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
