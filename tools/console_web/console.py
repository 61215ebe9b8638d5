"""The console: the server's tables, their record store, their bots' turns and their open screens
(§16, §17).

:class:`Console` is the one the web application holds (``request.app.state.console``,
:func:`console_of`); every route module reaches the tables through it.  Each open screen of a table
gets its own frame (:func:`host_frame`, :func:`seat_frame`) after every change, and only when what
it shows changes (R223).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.websockets import WebSocket, WebSocketDisconnect

from tools.console_web.bot_pool import BotPool
from tools.console_web.bot_turns import BotTurns
from tools.console_web.durable import Ledger
from tools.console_web.expiry import Expiry
from tools.console_web.pages import render
from tools.console_web.physical_table import PhysicalTable
from tools.console_web.records import Store, StoreUnavailable
from tools.console_web.requests import HEXTECH, Served
from tools.console_web.settings import ServeSettings
from tools.console_web.spec import TableSpec
from tools.console_web.tables import AnyTable, PlayedTable, Tables, open_table

TABLE_DELETED = 4410
"""The close code of a socket whose table was deleted or expired (410 Gone in the application's range)."""
STORE_RETRY = 2.0
"""Seconds a table's bots wait before trying again a store that refused their lines, the first time;
each next wait is twice as long, up to :data:`STORE_RETRY_MOST`."""
STORE_RETRY_MOST = 32.0
log = logging.getLogger("hexmj.console")


@dataclass
class Watchers:
    """The sockets open on one table: the host screens and each seat's phones."""

    host: list[WebSocket] = field(default_factory=list)
    seats: dict[str, list[WebSocket]] = field(default_factory=dict)
    last: dict[WebSocket, str] = field(default_factory=dict)
    """The last frame each socket got."""

    async def push(self, socket: WebSocket, frame: Mapping[str, Any]) -> None:
        """Send ``frame`` unless it is the one the socket already shows: a screen gets a frame only
        when what it shows changes, so a frame never tells that another seat was asked something
        (R223)."""
        text = json.dumps(frame, ensure_ascii=False)
        if self.last.get(socket) != text:
            self.last[socket] = text
            await send_text(socket, text)

    def leave(self, socket: WebSocket) -> None:
        """Forget a closed socket."""
        self.last.pop(socket, None)


class Console:
    """The server's tables, their store and their open sockets; ``served`` the rule set and options
    of a table whose request names none (``hexmj serve --rules NAME --option …``)."""

    def __init__(
        self, db_url: str | None, served: Served = HEXTECH, settings: ServeSettings | None = None
    ) -> None:
        self.served = served
        settings = settings or ServeSettings()
        self.access = settings.access
        """The console key and its addresses (set again once ``hexmj serve`` listens)."""
        self.max_budget = settings.max_budget
        self.store = Store(db_url)
        self.ledger = Ledger(self.store)
        self.tables = Tables()
        self.watchers: dict[str, Watchers] = {}
        self.base = ""
        """The address of the latest broadcast, for the screens a stand-in's answer changes."""
        loaded, self.unseated = self.ledger.load()
        """Stored tables whose rule set is no longer installed, with the reason: kept in the store
        untouched, seated again once it is."""
        for table in loaded:
            self.tables.add(table)
        self.expiry = Expiry(self.store.engine, settings.expire)
        self.pool = BotPool(settings.workers)
        self.turns = BotTurns(self.pool, self.commit, self.show, self.holds)

    def create(self, spec: TableSpec) -> AnyTable:
        """A new table, held once it is stored with the lines its bots have played."""
        table = open_table(spec, aside=True)
        self.ledger.commit(table)
        self.tables.add(table)
        return table

    async def commit(self, table: PlayedTable) -> None:
        """Store what the table's bots played; a store that refuses it leaves the table where the
        store stands, and the bots try again a moment later, then less and less often (each try
        waits for the store as a person's answer does)."""
        wait = STORE_RETRY
        while self.holds(table):
            try:
                self.ledger.commit(table)
                return
            except StoreUnavailable as err:
                log.warning("table %s: its bots wait for the store: %s", table.spec.id, err)
                await asyncio.sleep(wait)
                wait = min(2 * wait, STORE_RETRY_MOST)

    def holds(self, table: AnyTable) -> bool:
        """Whether ``table`` is still the console's (not deleted, not expired)."""
        return self.tables.tables.get(table.spec.id) is table

    async def show(self, table: AnyTable) -> None:
        """Send every open screen of the table its own new message."""
        await self.broadcast(table, self.access.base)

    async def delete(self, table_id: str) -> bool:
        """Delete a table (the host's ``DELETE``, or expiry): its bots stop, its screens are closed
        (code 4410) and the store forgets it; ``False`` for no such table."""
        table = self.tables.tables.pop(table_id, None)
        if table is None and self.unseated.pop(table_id, None) is None:
            return False
        await self.turns.stop(table_id)
        watchers = self.watchers.pop(table_id, Watchers())
        for socket in [*watchers.host, *(s for sockets in watchers.seats.values() for s in sockets)]:
            with contextlib.suppress(RuntimeError):
                await socket.close(code=TABLE_DELETED)
        self.expiry.forget(table_id)
        self.ledger.committed.pop(table_id, None)
        self.ledger.uncertain.discard(table_id)
        return True

    async def expire(self) -> None:
        """Delete the tables idle past ``--expire``, again and again while the server runs."""
        while True:
            await asyncio.sleep(self.expiry.interval)
            try:
                for table_id in self.expiry.sweep(self.tables.tables, self._active):
                    log.warning("table %s expired after %.0f s idle", table_id, self.expiry.seconds)
                    await self.delete(table_id)
            except Exception as err:
                log.error("looking for expired tables: %s: %s", type(err).__name__, err)

    def _active(self, table_id: str) -> bool:
        """Whether a table's bots are playing or a screen of it is open."""
        watchers = self.watchers.get(table_id)
        watched = watchers is not None and bool(watchers.host or any(watchers.seats.values()))
        return watched or self.turns.busy(table_id)

    def links(self, table: AnyTable, base: str) -> dict[str, str]:
        """Each person's seat's join link."""
        return {letter: f"{base}/seat/{token}" for letter, token in sorted(table.spec.tokens.items())}

    async def broadcast(self, table: AnyTable, base: str) -> None:
        """Send every open screen of the table its own new message."""
        self.base = base
        watchers = self.watchers.get(table.spec.id)
        if watchers is None:
            return
        if watchers.host:
            frame = host_frame(table, self.links(table, base))
            for socket in list(watchers.host):
                await watchers.push(socket, frame)
        for letter, sockets in watchers.seats.items():
            if sockets:
                frame = seat_frame(table, letter)
                for socket in list(sockets):
                    await watchers.push(socket, frame)


def host_frame(table: AnyTable, links: Mapping[str, str]) -> dict[str, Any]:
    """A host socket's frame: the public message and the host screen's body."""
    view = table.host_message(links)
    body = "physical_host_body.html" if isinstance(table, PhysicalTable) else "host_body.html"
    html = render(body, v=view, log=log_link(table), host=table.spec.host_token)
    return {"type": "view", "view": view, "html": html}


def log_link(table: AnyTable) -> str | None:
    """The host's link to the last ended session's log (R371), else ``None``."""
    if ended(table) == 0:
        return None
    return f"/host/{table.spec.host_token}/log"


def seat_frame(table: AnyTable, letter: str) -> dict[str, Any]:
    """A seat socket's frame: the seat's own message and the seat screen's body."""
    view = table.seat_message(letter)
    body = "physical_seat_body.html" if isinstance(table, PhysicalTable) else "seat_body.html"
    return {"type": "view", "view": view, "html": render(body, v=view)}


async def send_text(socket: WebSocket, text: str) -> None:
    """Send ``text`` on ``socket``; a socket that has closed meanwhile is let be."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await socket.send_text(text)


def console_of(request: Request | WebSocket) -> Console:
    """The console of the application a request or a socket came to."""
    console: Console = request.app.state.console
    return console


def ended(table: AnyTable) -> int:
    """The number of the table's last ended session (0 before the first has ended)."""
    return table.number if table.result is not None else table.number - 1
