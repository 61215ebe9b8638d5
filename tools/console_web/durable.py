"""An act is acknowledged only once it is stored (issue 29 items 1, 2 and 8).

The :class:`Ledger` keeps, for each table, what the record store holds of it — its session's
number, the confirmed seats, that session's lines and whether its record is stored — and is the
one way a table changes: :meth:`Ledger.act` lets a seat act, then commits the table's new lines in
one transaction (the line that ends a session with the session's record).  A store that fails
refuses the act: the table is rewound to the lines the store holds, exactly as a restarted server
would stand it, the seat is told to send it again (HTTP 503, a socket's error frame) and the line
numbers go on from the last stored one.  After a failed write the store is read again before the
table's next act, so a commit whose answer was lost with the connection is found and not written
twice, and until a write succeeds again every act first tries a write that it undoes, so that a
store still down refuses the act before the table changes (no re-play).

:meth:`Ledger.load` reads and re-plays each stored table on its own
(:func:`~tools.console_web.restore.restore`), and stores the record of a session whose last line is
stored without it (a server of an earlier release that died between the two).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from tools.console_web.records import Store, StoreUnavailable
from tools.console_web.restore import Unseated, restore, stored_lines
from tools.console_web.seated import TOLD
from tools.console_web.stopped import StoppedTable, unread_spec
from tools.console_web.tables import AnyTable, PlayedTable
from tools.rules_option import DEFAULT

Done = TypeVar("Done")

RETRY = "; nothing was taken: send it again"
"""What a refused act's message ends with."""


@dataclass(frozen=True)
class Committed:
    """What the store holds of a table: its session's number, the confirmed seats, that session's
    lines, whether that session's record is stored."""

    number: int
    confirmed: frozenset[str]
    lines: tuple[str, ...]
    recorded: bool


def _records(table: PlayedTable, number: int, texts: tuple[str, ...]) -> list[dict[str, Any]]:
    """The lines of session ``number`` the store holds for ``table``, read as a restart reads them."""
    return list(stored_lines(table.spec, texts, f"table {table.spec.id} session {number}"))


class Ledger:
    """Every table's stored state, and the acts that change it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.committed: dict[str, Committed] = {}
        self.uncertain: set[str] = set()
        """Tables whose last write failed: the store is read again before they act."""
        self.failing = False
        """The last write failed: the store is tried before each act until one succeeds."""

    def load(self) -> tuple[list[AnyTable], dict[str, str]]:
        """Every stored table, each read and re-played on its own (one that does not is stopped with
        the reason), and those whose rule set is not installed, with the reason."""
        tables: list[AnyTable] = []
        unseated: dict[str, str] = {}
        for table_id in self.store.table_ids():
            try:
                stored = self.store.read(table_id)
            except StoreUnavailable as err:
                TOLD.warning("%s", err)
                tables.append(StoppedTable(unread_spec(table_id), 1, str(err)))
                continue
            try:
                table = restore(stored)
            except Unseated as err:
                unseated[table_id] = str(err)
                continue
            tables.append(table)
            if isinstance(table, StoppedTable):
                continue
            recorded = stored.recorded
            ended = table.result is not None and table.failure is None
            if ended and not recorded:
                recorded = self._holds(table)
            lines = tuple(stored.lines)
            self.committed[table_id] = Committed(stored.number, frozenset(stored.confirmed), lines, recorded)
            if ended and not recorded:
                self._commit_owed(table)
        return tables, unseated

    def _holds(self, table: PlayedTable) -> bool:
        """Whether the store already holds the record of the table's ended session, stored before
        ``console_records`` marked stored records; a store that does not read is taken to hold it,
        so that no record is ever stored twice."""
        try:
            return self.store.holds(table.record(), table.spec.rules == DEFAULT)
        except StoreUnavailable as err:
            TOLD.warning("table %s: its session's record is not looked for: %s", table.spec.id, err)
            return True

    def _commit_owed(self, table: PlayedTable) -> None:
        """Store the record of a session whose last line is stored without it; a store that fails
        keeps it owed to the table's next commit."""
        with contextlib.suppress(StoreUnavailable):
            self.commit(table)

    def act(self, table: AnyTable, step: Callable[[PlayedTable], Done]) -> Done:
        """Let ``step`` act at ``table`` and store what it played; a step that raises changes nothing,
        a stopped table refuses, and a store that fails is a :class:`StoreUnavailable` with the table
        as it was."""
        if isinstance(table, StoppedTable):
            raise table.refuse()
        self._reread(table)
        if self.failing:
            try:
                self.store.probe(table.spec.id)
            except StoreUnavailable as err:
                raise StoreUnavailable(f"{err}{RETRY}") from None
        done = step(table)
        self.commit(table)
        return done

    def _reread(self, table: PlayedTable) -> None:
        """After a failed write, stand the table where the store does."""
        table_id = table.spec.id
        if table_id not in self.uncertain:
            return
        try:
            stored = self.store.read(table_id)
        except StoreUnavailable as err:
            raise StoreUnavailable(f"the record store is unavailable: {err}{RETRY}") from None
        held = Committed(stored.number, frozenset(stored.confirmed), tuple(stored.lines), stored.recorded)
        if held != self.committed[table_id]:
            table.take_lines()
            table.rewind(held.number, _records(table, held.number, held.lines), held.confirmed)
            self.committed[table_id] = held
        self.uncertain.discard(table_id)

    def commit(self, table: PlayedTable) -> None:
        """Store the table's row and its new lines, and its session's record once it has ended, in
        one transaction; a store that fails is a :class:`StoreUnavailable`, with the table rewound to
        what the store holds."""
        table_id = table.spec.id
        was = self.committed.get(table_id)
        lines = tuple(table.take_lines())
        confirmed = frozenset(table.confirmed)
        same = was is not None and was.number == table.number
        ended = table.result is not None
        owed = ended and not (was is not None and same and was.recorded)
        if was is not None and same and not lines and not owed and confirmed == was.confirmed:
            return
        start = len(was.lines) if was is not None and same else 0
        record = table.record() if owed else None
        try:
            self.store.commit(
                table_id,
                table.spec.json(),
                table.number,
                confirmed,
                start,
                lines,
                record,
                table.spec.rules == DEFAULT,
            )
        except StoreUnavailable as err:
            self.failing = True
            if was is not None:
                self.uncertain.add(table_id)
                table.rewind(was.number, _records(table, was.number, was.lines), was.confirmed)
            raise StoreUnavailable(f"{err}{RETRY}") from None
        self.failing = False
        kept = (*was.lines, *lines) if was is not None and same else lines
        self.committed[table_id] = Committed(table.number, confirmed, kept, ended)
