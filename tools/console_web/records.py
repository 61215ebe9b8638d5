"""The console's tables in the record store, kept as they are played (§18.3, §18.4; issue 29).

Three tables beside the lab's sessions and rounds: ``console_tables`` (one row per table: what the
host chose, the tokens, the session's number at the table and the seats that have confirmed
"开始新一场", §16), ``console_lines`` (every line of every session's log, in the ``hexmj play --log``
format, numbered) and ``console_records`` (the sessions whose record is stored).  An answer's lines
are stored in one transaction before the answer is acknowledged, and the line that ends a session
in the same transaction as the session's record for the lab, so a restart loses nothing that was
answered and never a record (a 4-round test session keeps its own cohort, §16, §18.1).

A write waits at most :data:`STORE_WAIT` for the store (a write lock held elsewhere, a connection);
a store that fails is a :class:`StoreUnavailable` and nothing of the write is kept.  A store that
holds one of the console's two tables of rows and lines without the other is a
:class:`StoreDamaged`, refused at start-up (exit 8): the console never starts afresh over a store
that has lost its lines.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Engine,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    cast,
    create_engine,
    delete,
    event,
    inspect,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from engine.core.errors import InputError
from tools.exit_codes import CommandError
from tools.lab.store import SessionRow, TableSessionRow, add_records, add_table_records, open_store, shown

STORE_WAIT = 2
"""How long, in seconds, a write waits for the store before the answer is refused."""


class StoreUnavailable(Exception):
    """The record store did not take a write (or a read): nothing of it is kept."""


class StoreDamaged(CommandError):
    """The record store has lost part of the console's tables: refused at start-up."""

    status = 8


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


class RecordRow(_Base):
    """A session of a table whose record is in the lab's store."""

    __tablename__ = "console_records"

    table_id: Mapped[str] = mapped_column(ForeignKey("console_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)


KEPT = ("console_tables", "console_lines")
"""The console's tables that hold what was played: both, or neither in a new store."""


@dataclass(frozen=True)
class StoredTable:
    """One table's row as stored: its spec as text, its session's number, the confirmed seats, that
    session's log lines in order, and whether its record is stored."""

    id: str
    spec: str
    number: int
    confirmed: str
    lines: list[str]
    recorded: bool


def _write_ahead(connection: Any, record: Any) -> None:
    """SQLite keeps a write-ahead log and syncs it at checkpoints: a commit survives the server's
    crash or restart without a disk sync per answer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _waits(dialect: str) -> dict[str, Any]:
    """The connection settings that bound a write's wait by :data:`STORE_WAIT`."""
    if dialect == "sqlite":
        return {"timeout": STORE_WAIT}
    if dialect == "postgresql":
        return {"connect_timeout": STORE_WAIT, "options": f"-c lock_timeout={STORE_WAIT * 1000}"}
    return {}


def _first_line(err: Exception) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def _unread(err: Exception) -> str:
    """Why a row does not read, without the row's text (SQLite quotes the text that is not UTF-8,
    and a stored line may hold a seat's secrets)."""
    return _first_line(err).partition(" with text ")[0]


class Store:
    """The record store the console writes to (``--db``, as ``hexmj play`` takes it); a dropped
    connection is found and replaced before it is used."""

    def __init__(self, db_url: str | None) -> None:
        opened = open_store(db_url)
        url = opened.url
        opened.dispose()
        waits = _waits(url.get_backend_name())
        self.engine: Engine = create_engine(url, pool_pre_ping=True, connect_args=waits)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _write_ahead)
        name = shown(url.render_as_string(hide_password=False))
        try:
            held = set(inspect(self.engine).get_table_names())
            missing = [table for table in KEPT if table not in held]
            if len(missing) == 1:
                raise StoreDamaged(
                    f"the record store {name!r} has no table {missing[0]}: the console's tables are "
                    "damaged; restore the store from a copy, or give another with --db"
                )
            _Base.metadata.create_all(self.engine)
        except SQLAlchemyError as err:
            raise InputError(f"cannot open the console's tables: {_first_line(err)}") from None

    def table_ids(self) -> list[str]:
        """The id of every stored table, in order."""
        try:
            with Session(self.engine) as db:
                return list(db.scalars(select(TableRow.id).order_by(TableRow.id)))
        except SQLAlchemyError as err:
            raise StoreDamaged(f"cannot read the console's tables: {_first_line(err)}") from None

    def read(self, table_id: str) -> StoredTable:
        """One table's row, its session's lines and whether that session's record is stored."""
        try:
            with Session(self.engine) as db:
                row = db.get_one(TableRow, table_id)
                recorded = db.get(RecordRow, (table_id, row.number)) is not None
                lines = self._lines(db, table_id, row.number)
                return StoredTable(table_id, row.spec, row.number, row.confirmed, lines, recorded)
        except SQLAlchemyError as err:
            raise StoreUnavailable(f"table {table_id}: its rows do not read: {_unread(err)}") from None

    def lines(self, table_id: str, number: int) -> list[str]:
        """The stored log lines of session ``number`` at a table, in order."""
        try:
            with Session(self.engine) as db:
                return self._lines(db, table_id, number)
        except SQLAlchemyError as err:
            raise StoreUnavailable(f"the record store is unavailable: {_first_line(err)}") from None

    @staticmethod
    def _lines(db: Session, table_id: str, number: int) -> list[str]:
        """The rows as texts; SQLite's read as their bytes, any that are not UTF-8 kept as escapes
        for the log reader to name at their row (R770)."""
        chosen = (LineRow.table_id == table_id, LineRow.number == number)
        if db.get_bind().dialect.name == "sqlite":
            rows = select(cast(LineRow.line, LargeBinary)).where(*chosen).order_by(LineRow.seq)
            return [row.decode("utf-8", "surrogateescape") for row in db.scalars(rows)]
        return list(db.scalars(select(LineRow.line).where(*chosen).order_by(LineRow.seq)))

    def commit(
        self,
        table_id: str,
        spec: dict[str, Any],
        number: int,
        confirmed: Iterable[str],
        start: int,
        lines: Sequence[str],
        record: str | None = None,
        hextech: bool = True,
    ) -> None:
        """Store the table's row and its session's new lines, numbered from ``start``, and the
        session's ``record`` (of the lab's ``sessions`` for a ``hextech`` table, else of
        ``table_sessions``) once it has ended, all in one transaction; a store that fails is a
        :class:`StoreUnavailable` and nothing is kept."""
        try:
            with Session(self.engine) as db, db.begin():
                db.merge(
                    TableRow(
                        id=table_id,
                        spec=json.dumps(spec, ensure_ascii=False, sort_keys=True),
                        number=number,
                        confirmed="".join(sorted(confirmed)),
                    )
                )
                db.flush()
                db.add_all(
                    LineRow(table_id=table_id, number=number, seq=start + i, line=text)
                    for i, text in enumerate(lines)
                )
                if record is not None:
                    (add_records if hextech else add_table_records)(db, [record])
                    db.add(RecordRow(table_id=table_id, number=number))
        except SQLAlchemyError as err:
            raise StoreUnavailable(f"the record store is unavailable: {_first_line(err)}") from None

    def probe(self, table_id: str) -> None:
        """Try a write to the table's rows and undo it: a :class:`StoreUnavailable` if the store
        would not take it now (locked, read-only, its connection lost)."""
        try:
            with Session(self.engine) as db:
                db.execute(update(TableRow).where(TableRow.id == table_id).values(number=TableRow.number))
                db.execute(delete(LineRow).where(LineRow.table_id == table_id, LineRow.number < 0))
                db.rollback()
        except SQLAlchemyError as err:
            raise StoreUnavailable(f"the record store is unavailable: {_first_line(err)}") from None

    def holds(self, record: str, hextech: bool) -> bool:
        """Whether the store holds exactly ``record`` (a session ended before ``console_records``
        marked the stored ones)."""
        column = SessionRow.record if hextech else TableSessionRow.record
        try:
            with Session(self.engine) as db:
                return db.scalar(select(column).where(column == record).limit(1)) is not None
        except SQLAlchemyError as err:
            raise StoreUnavailable(f"the record store is unavailable: {_first_line(err)}") from None

    def close(self) -> None:
        """Let go of the connection pool."""
        self.engine.dispose()
