"""The console's clock: the stand-in bot answers a decision whose time has run out, or one put to a
seat whose phone has gone away, at a table whose host chose it (issue 30 item 4; R535, R536).

:func:`tend` looks at every table twice a second; a decision that is due
(:meth:`tools.console_web.seated.SeatedTable.due`) is answered by the stand-in, the log marks it with
a note line, the lines are stored before any screen hears of it (a store that fails leaves the decision
open, to be tried at the next look), and every screen gets its new view.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from engine.core.errors import IllegalActionError
from tools.console_web.console import Console
from tools.console_web.records import StoreUnavailable
from tools.console_web.seated import SeatedTable

TICK = 0.5
"""Seconds between two looks at the tables."""


def _standing_in(table: SeatedTable[Any], letter: str, why: str) -> Callable[[object], None]:
    """The act of the stand-in answering seat ``letter``'s decision at ``table``."""
    return lambda played: table.stand_in(letter, why)


async def tend(console: Console) -> None:
    """Answer every due decision, for as long as the server runs."""
    while True:
        await asyncio.sleep(TICK)
        for table in list(console.tables.tables.values()):
            if not isinstance(table, SeatedTable):
                continue
            due = table.due(time.monotonic())
            if due is None:
                continue
            try:
                console.ledger.act(table, _standing_in(table, *due))
            except (IllegalActionError, StoreUnavailable):
                continue
            await console.broadcast(table, console.base)
            console.turns.start(table)
