"""The console's tables in the record store, kept as they are played (§18.3, §18.4).

Two tables beside the lab's sessions and rounds: ``console_tables`` (one row per
table: what the host chose, the tokens, the session's number at the table and the
seats that have confirmed "开始新一场", §16) and ``console_lines`` (every line of
every session's log, in the ``hexmj play --log`` format, numbered).  Lines are
stored in one transaction after each answer, before the answer is acknowledged,
so a restart loses nothing that was answered.  A finished session is also stored
as a session record for the lab, so a 4-round test session keeps its own cohort
and is never ranked with full ones (§16, §18.1).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Engine, ForeignKey, Integer, String, Text, event, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from engine.core.errors import InputError
from tools.lab.store import open_store


class _Base(DeclarativeBase):
    pass


class TableRow(_Base):
    """One console table."""

    __tablename__ = "console_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    spec: Mapped[str] = mapped_column(Text)
    number: Mapped[int] = mapped_column(Integer)
    confirmed: Mapped[str] = mapped_column(String(8))


class LineRow(_Base):
    """One log line of one session at a table."""

    __tablename__ = "console_lines"

    table_id: Mapped[str] = mapped_column(ForeignKey("console_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    line: Mapped[str] = mapped_column(Text)


def _write_ahead(connection: Any, record: Any) -> None:
    """SQLite keeps a write-ahead log and syncs it at checkpoints: a commit survives the server's
    crash or restart without a disk sync per answer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Store:
    """The record store the console writes to (``--db``, as ``hexmj play`` takes it)."""

    def __init__(self, db_url: str | None) -> None:
        self.engine: Engine = open_store(db_url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _write_ahead)
            self.engine.dispose()
        try:
            _Base.metadata.create_all(self.engine)
        except SQLAlchemyError as err:
            raise InputError(f"cannot open the console's tables: {err}") from None
        self._next: dict[tuple[str, int], int] = {}

    def save(
        self, table_id: str, spec: dict[str, Any], number: int, confirmed: Iterable[str], lines: Sequence[str]
    ) -> None:
        """Store the table's row and append its new log lines, in one transaction."""
        with Session(self.engine) as db, db.begin():
            row = db.get(TableRow, table_id)
            if row is None:
                row = TableRow(id=table_id, spec="", number=number, confirmed="")
                db.add(row)
            row.spec = json.dumps(spec, ensure_ascii=False, sort_keys=True)
            row.number = number
            row.confirmed = "".join(sorted(confirmed))
            key = (table_id, number)
            if key not in self._next:
                last = db.scalar(
                    select(LineRow.seq)
                    .where(LineRow.table_id == table_id, LineRow.number == number)
                    .order_by(LineRow.seq.desc())
                    .limit(1)
                )
                self._next[key] = 0 if last is None else last + 1
            start = self._next[key]
            db.add_all(
                LineRow(table_id=table_id, number=number, seq=start + i, line=text)
                for i, text in enumerate(lines)
            )
        self._next[key] = start + len(lines)

    def tables(self) -> list[tuple[dict[str, Any], int, str, list[str]]]:
        """Every stored table: its spec, its session's number, the confirmed seats and that session's
        log lines in order."""
        with Session(self.engine) as db:
            rows = list(db.scalars(select(TableRow).order_by(TableRow.id)))
            found = []
            for row in rows:
                lines = db.scalars(
                    select(LineRow.line)
                    .where(LineRow.table_id == row.id, LineRow.number == row.number)
                    .order_by(LineRow.seq)
                )
                found.append((json.loads(row.spec), row.number, row.confirmed, list(lines)))
        return found

    def lines(self, table_id: str, number: int) -> list[str]:
        """The stored log lines of session ``number`` at a table, in order."""
        with Session(self.engine) as db:
            return list(
                db.scalars(
                    select(LineRow.line)
                    .where(LineRow.table_id == table_id, LineRow.number == number)
                    .order_by(LineRow.seq)
                )
            )

    def close(self) -> None:
        """Let go of the connection pool."""
        self.engine.dispose()
