"""The console's clock: the stand-in bot answers a decision whose time has run out, or one put to a
seat whose phone has gone away, at a table whose host chose it (issue 30 item 4; R535, R536).

:func:`tend` looks at every table twice a second; a decision that is due
(:meth:`tools.console_web.seated.SeatedTable.due`) is answered by the stand-in, the log marks it with
a note line, the lines are stored before any screen hears of it, and every screen gets its new view.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from engine.core.errors import HexError

if TYPE_CHECKING:
    from tools.console_web.app import Console

TICK = 0.5
"""Seconds between two looks at the tables."""


async def tend(console: Console) -> None:
    """Answer every due decision, for as long as the server runs."""
    while True:
        await asyncio.sleep(TICK)
        for table in list(console.tables.tables.values()):
            due = table.due(time.monotonic())
            if due is None or table.spec.id in console.frozen:
                continue
            try:
                table.stand_in(*due)
            except HexError as err:
                table.failure = str(err)
            console.save(table)
            await console.broadcast(table, console.base)
