"""The bots' turns at the console's tables, played beside every other request (issue 29 item 4).

A table the console plays stops at each bot's decision
(:attr:`~tools.console_web.seated.SeatedTable.waiting`); one task per table answers them in order:
a cheap bot's (greedy, random, a module's bot policy) in the server's own process, one decision at a
time with every other request's turn in between; a searching bot's in a worker process
(:mod:`tools.console_web.bot_pool`), its screens redrawn while it thinks and its lines stored at
most every :data:`SAVE_EVERY` seconds meanwhile (the bots' moves follow from the stored ones, so a
restart plays them again the same).  When the table comes to a person's decision or its session's
end, its lines are stored and every screen is sent its own new message (a real table's, which has no
bots, at once).  A request that acted waits for its table to come to rest without holding the
others (:meth:`BotTurns.settle`).
A table the store stands elsewhere meanwhile (a write refused, R511) is played on from where it then
stands; a thought for where it stood is let go.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Awaitable, Callable

from engine.core.seats import PLAYERS
from tools.console_web.bot_pool import BOTS_ALONE, PERSON_FIRST, BotPool
from tools.console_web.live import LiveTable
from tools.console_web.tables import AnyTable, PlayedTable

log = logging.getLogger("hexmj.console")
SAVE_EVERY = 5.0
"""Seconds between two stores of a table's lines while its bots play on."""
SLICE = 0.005
"""Seconds of the loop's time a table's cheap bots play before every other request has its turn."""


class BotTurns:
    """The task playing each table's bots; ``save`` stores a table's new lines (waiting for a store
    that refuses them), ``show`` sends its screens their messages, ``holds`` tells whether the console
    still holds the table."""

    def __init__(
        self,
        pool: BotPool,
        save: Callable[[PlayedTable], Awaitable[None]],
        show: Callable[[AnyTable], Awaitable[None]],
        holds: Callable[[AnyTable], bool],
    ) -> None:
        self.pool = pool
        self.save = save
        self.show = show
        self.holds = holds
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.saved: dict[str, float] = {}
        """When each table's lines were last stored while its bots played (:func:`time.monotonic`)."""

    def start(self, table: AnyTable) -> asyncio.Task[None]:
        """Play the table's bots up to its next rest, unless that is already under way."""
        task = self.tasks.get(table.spec.id)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._play(table))
            self.tasks[table.spec.id] = task
        return task

    async def settle(self, table: AnyTable) -> None:
        """Wait until the table rests (a person's decision, the end), its lines stored and its screens
        told; a request given up by its client leaves the bots playing."""
        await asyncio.shield(self.start(table))

    def busy(self, table_id: str) -> bool:
        """Whether the table's bots are being played now."""
        task = self.tasks.get(table_id)
        return task is not None and not task.done()

    async def stop(self, table_id: str) -> None:
        """Stop playing a table's bots (a table deleted or the server stopping)."""
        task = self.tasks.pop(table_id, None)
        self.saved.pop(table_id, None)
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    @staticmethod
    def _answer_cheap(table: LiveTable) -> None:
        """Answer the cheap bots' decisions waiting at ``table`` for one :data:`SLICE` of the loop's
        time, up to a person's decision, a searching bot's or the end."""
        until = time.perf_counter() + SLICE
        while table.waiting is not None and table.thought is None:
            table.answer_waiting()
            if time.perf_counter() >= until:
                return

    async def _play(self, table: AnyTable) -> None:
        if not isinstance(table, LiveTable):
            if self.holds(table):
                await self.show(table)
            return
        try:
            while self.holds(table):
                await self._play_to_rest(table)
                if not self.holds(table):
                    return
                await self.save(table)
                await self.show(table)
                if table.waiting is None:
                    return
        except asyncio.CancelledError:
            raise
        except Exception as err:
            log.error(
                "table %s: its bots stopped: %s: %s (a defect of hexmj; HEXMJ_TRACEBACK=1 shows where)",
                table.spec.id,
                type(err).__name__,
                err,
                exc_info=bool(os.environ.get("HEXMJ_TRACEBACK")),
            )

    async def _play_to_rest(self, table: AnyTable) -> None:
        """Answer the table's bots up to a person's decision or the end; a store that stood the table
        elsewhere meanwhile leaves it to be played on from there."""
        while isinstance(table, LiveTable) and table.waiting is not None and self.holds(table):
            thought = table.thought
            if thought is None:
                await asyncio.sleep(0)
                self._answer_cheap(table)
                continue
            if time.monotonic() - self.saved.get(table.spec.id, 0.0) >= SAVE_EVERY:
                await self.save(table)
                self.saved[table.spec.id] = time.monotonic()
            decision = table.waiting
            if table.thought is not thought or decision is None:
                continue
            await self.show(table)
            first = PERSON_FIRST if table.spec.tokens else BOTS_ALONE
            where = f"table {table.spec.id} seat {PLAYERS[decision.player]}"
            answer, agent = await self.pool.think(thought, decision, first, where)
            if self.holds(table) and table.thought is thought:
                table.take_thought(answer, agent)
