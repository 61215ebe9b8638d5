"""Idle tables expire; a deleted table leaves nothing in the store (issue 29 item 5).

A table is idle while nobody plays at it and nobody watches it: no person answers or confirms, no
bot is playing, no screen has its socket open.  A table idle longer than ``hexmj serve --expire``
(a day unless the host says otherwise) is deleted as the host would delete it, except a session on
its results waiting for §16's four confirmations, whose standings are kept until every seat has
confirmed, and a stopped table, kept for the host to look at (R524).  When a table was last active is
kept in the record store's ``console_activity`` table, so a restart does not make an idle table
young again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from sqlalchemy import Engine, Float, String, delete, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from engine.core.errors import InputError
from engine.core.seats import PLAYERS
from tools.console_web.records import LineRow, RecordRow, TableRow
from tools.console_web.seated import SeatedTable
from tools.console_web.stopped import StoppedTable
from tools.console_web.tables import AnyTable, PlayedTable

DAY = 86_400.0
"""``--expire``'s default, in seconds."""
UNITS = {"s": 1.0, "m": 60.0, "h": 3_600.0, "d": DAY}
"""The units ``--expire`` takes."""


class _Base(DeclarativeBase):
    pass


class ActivityRow(_Base):
    """When a console table was last active (seconds since the epoch)."""

    __tablename__ = "console_activity"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    at: Mapped[float] = mapped_column(Float)


def expire_seconds(text: str) -> float:
    """``--expire``: a whole number and a unit (``90s``, ``30m``, ``12h``, ``1d``), in seconds; an
    :class:`InputError` naming the option otherwise."""
    number, unit = text[:-1], text[-1:]
    if unit not in UNITS or not (number.isascii() and number.isdigit()) or not 1 <= len(number) <= 6:
        raise InputError(
            f"--expire: expected a whole number and s, m, h or d (such as 1d or 90m), got {text!r}"
        )
    if int(number) == 0:
        raise InputError(f"--expire: a table must live a moment at least, got {text!r}")
    return int(number) * UNITS[unit]


def _progress(table: PlayedTable) -> tuple[int, int, int, bool]:
    """What changes whenever a person acts at the table: the session, the answers (a real table's
    entries), the confirmations, the end."""
    acts = sum(table.answered.values()) if isinstance(table, SeatedTable) else len(table.entries)
    return table.number, acts, len(table.confirmed), table.result is None


def kept_idle(table: PlayedTable) -> bool:
    """Whether an idle table is kept all the same: results waiting for the four confirmations (§16),
    or a stopped table."""
    waiting = table.result is not None and len(table.confirmed) < len(PLAYERS)
    return waiting or table.failure is not None


class Expiry:
    """When each table was last active, kept in ``engine``; tables idle past ``seconds`` expire."""

    def __init__(self, engine: Engine, seconds: float) -> None:
        self.engine = engine
        self.seconds = seconds
        _Base.metadata.create_all(engine)
        with Session(engine) as db:
            self.last = {row.table_id: row.at for row in db.scalars(select(ActivityRow))}
        self._stored = dict(self.last)
        self._progress: dict[str, tuple[int, int, int, bool]] = {}

    @property
    def interval(self) -> float:
        """How often to look for expired tables, in seconds."""
        return min(60.0, max(0.25, self.seconds / 8))

    def sweep(
        self, tables: Mapping[str, AnyTable], active: Callable[[str], bool], now: float | None = None
    ) -> list[str]:
        """The ids of the tables idle past expiry; ``active`` tells whether a table's bots are playing
        or a screen watches it.  When each table was last active is stored."""
        now = time.time() if now is None else now
        expired = []
        for table_id, table in tables.items():
            if isinstance(table, StoppedTable):
                continue
            progress = _progress(table)
            seen = self._progress.get(table_id)
            self._progress[table_id] = progress
            if table_id not in self.last or (seen is not None and seen != progress) or active(table_id):
                self.last[table_id] = now
            elif now - self.last[table_id] > self.seconds and not kept_idle(table):
                expired.append(table_id)
        self._store()
        return expired

    def _store(self) -> None:
        changed = {table_id: at for table_id, at in self.last.items() if self._stored.get(table_id) != at}
        if not changed:
            return
        with Session(self.engine) as db, db.begin():
            for table_id, at in changed.items():
                db.merge(ActivityRow(table_id=table_id, at=at))
        self._stored.update(changed)

    def forget(self, table_id: str) -> None:
        """Delete a table from the store: its row, every line of its logs, the marks of its stored
        records (the lab's records stay), its activity."""
        with Session(self.engine) as db, db.begin():
            db.execute(delete(LineRow).where(LineRow.table_id == table_id))
            db.execute(delete(RecordRow).where(RecordRow.table_id == table_id))
            db.execute(delete(TableRow).where(TableRow.id == table_id))
            db.execute(delete(ActivityRow).where(ActivityRow.table_id == table_id))
        for known in (self.last, self._stored, self._progress):
            known.pop(table_id, None)
