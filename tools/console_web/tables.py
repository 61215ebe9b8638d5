"""Every table the console holds, of whichever rule set, and the tokens that open them (issue 14
item 5).

A table of any installed rule set is a :class:`~tools.console_web.live.LiveTable`; a table played
with real tiles (实体桌) a :class:`~tools.console_web.physical_table.PhysicalTable`.  Each answers
the same calls of the web application: their seats' and the host's messages, ``decide``,
``confirm``, the log lines to store.  A stored table that does not read is a
:class:`~tools.console_web.stopped.StoppedTable`, which shows the reason and refuses every act.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tools.console_web.live import LiveTable
from tools.console_web.physical_table import PHYSICAL, PhysicalTable
from tools.console_web.spec import TableSpec
from tools.console_web.stopped import StoppedTable

PlayedTable = LiveTable | PhysicalTable
"""A table in play on the console."""
AnyTable = PlayedTable | StoppedTable
"""A table the console holds: in play, or stopped because its stored row does not read."""


def open_table(
    spec: TableSpec,
    number: int = 1,
    stored: Sequence[dict[str, Any]] = (),
    confirmed: frozenset[str] = frozenset(),
    *,
    aside: bool = False,
) -> PlayedTable:
    """The table ``spec`` asks for, its session ``number`` re-played from its ``stored`` lines; with
    ``aside`` its bots' decisions in live play are set aside for the console to answer."""
    if spec.table == PHYSICAL:
        return PhysicalTable(spec, number, stored, confirmed)
    return LiveTable(spec, number, stored, confirmed, aside=aside)


@dataclass
class Tables:
    """Every table the server holds, by id, and the tokens that open them."""

    tables: dict[str, AnyTable] = field(default_factory=dict)

    def add(self, table: AnyTable) -> None:
        """Hold ``table``."""
        self.tables[table.spec.id] = table

    def by_seat(self, token: str) -> tuple[AnyTable, str] | None:
        """The table and seat letter of a seat token."""
        for table in self.tables.values():
            letter = table.spec.seat_of(token)
            if letter is not None:
                return table, letter
        return None

    def by_host(self, token: str) -> AnyTable | None:
        """The table of a host token."""
        for table in self.tables.values():
            if secrets.compare_digest(table.spec.host_token, token):
                return table
        return None
