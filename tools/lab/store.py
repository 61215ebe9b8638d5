"""Where session records are kept: one SQLite file by default, PostgreSQL by URL (§18.3, §18.4).

Every simulated or played session is stored with the card versions in force,
its mode, pool, seed and length, and one row per round; a record is never
overwritten (§18.4).  The same SQLAlchemy 2 code serves ``sqlite:///FILE``
and ``postgresql://USER@HOST/DB``.  Loading asks for one cohort, so a report
never mixes card versions, modes or shortened sessions with full ones.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Engine,
    ForeignKey,
    Integer,
    Select,
    String,
    Text,
    create_engine,
    make_url,
    select,
)
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from engine.core.errors import InputError
from tools.lab.records import Cohort, SessionRecord, versions_fingerprint

DEFAULT_DB = "sqlite:///hexmj-records.db"
DB_ENV = "HEXMJ_DB"


class _Base(DeclarativeBase):
    pass


class SessionRow(_Base):
    """One session: its cohort columns for queries and the whole record as JSON."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(String(16))
    versions: Mapped[str] = mapped_column(String(16), index=True)
    rounds: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(16))
    pool: Mapped[str] = mapped_column(String(200))
    seed: Mapped[int] = mapped_column(BigInteger)
    cards: Mapped[list[str]] = mapped_column(JSON)
    record: Mapped[str] = mapped_column(Text)


class RoundRow(_Base):
    """One round of a stored session: the figures §18.3 asks to record, for direct queries."""

    __tablename__ = "rounds"

    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    dealer: Mapped[int] = mapped_column(Integer)
    world: Mapped[str] = mapped_column(String(16))
    treasure: Mapped[str | None] = mapped_column(String(16), nullable=True)
    exhausted: Mapped[bool] = mapped_column(Boolean)
    turns: Mapped[int] = mapped_column(Integer)
    record: Mapped[str] = mapped_column(Text)


class TableSessionRow(_Base):
    """One session of a rule set other than hextech (issue 14 item 5): the rule set, its options'
    values, seed, length and agents as columns for queries, and the whole record as JSON."""

    __tablename__ = "table_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(String(16))
    rules: Mapped[str] = mapped_column(String(64), index=True)
    options: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    rounds: Mapped[int] = mapped_column(Integer)
    agents: Mapped[str] = mapped_column(String(200))
    record: Mapped[str] = mapped_column(Text)


def database_url(db_url: str | None = None) -> str:
    """The URL given, else ``$HEXMJ_DB``, else ``hexmj-records.db`` in the working folder.

    A plain file path (no ``scheme://``) is a SQLite file; ``postgresql://`` is served by psycopg 3.
    """
    url = os.environ.get(DB_ENV) or DEFAULT_DB if db_url is None else db_url
    if not url.strip() or url.rstrip("/") in ("sqlite:", "sqlite:/"):
        raise InputError(
            f"--db: {url!r} names no store that keeps records (a file, sqlite:///FILE, postgresql://…)"
        )
    if "://" not in url:
        url = "sqlite:///" + url
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def shown(url: str) -> str:
    """The store's URL as messages show it: never with its password (``postgresql://u:***@h/db``)."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return re.sub(r"(://[^/:@]*:)[^/@]*@", r"\1***@", url)


def sqlite_file(url: str) -> str:
    """The file of a ``sqlite:///`` URL, also when written as a SQLite URI
    (``sqlite:///file:PATH?mode=ro&uri=true``, a store opened read-only)."""
    path = url.removeprefix("sqlite:///")
    if path.startswith("file:"):
        path = path.removeprefix("file:").partition("?")[0]
    return path


NO_STORE = "none"
"""``--db none``: play or simulate without storing the records."""


def open_store(db_url: str | None = None) -> Engine:
    """Connect to the store and create its tables if they are missing."""
    url = database_url(db_url)
    if url.startswith("sqlite:///"):
        folder = Path(sqlite_file(url)).parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise InputError(
                f"cannot open the record store {shown(url)!r}: {folder}: {err.strerror}"
            ) from None
    try:
        engine = create_engine(url)
        _Base.metadata.create_all(engine)
    except (ArgumentError, SQLAlchemyError, ImportError) as err:
        message = _first_line(err).replace(url, shown(url))
        raise InputError(f"cannot open the record store {shown(url)!r}: {message}") from None
    return engine


def check_store(db_url: str | None = None) -> None:
    """Open the store and close it again: a bad ``--db`` is found before a session is played, so
    that no account is lost to it (§18.3)."""
    open_store(db_url).dispose()


def _first_line(err: Exception) -> str:
    return str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__


def store_session(record: SessionRecord, db_url: str | None = None) -> int:
    """Store one session (``hexmj play`` and the lab call this) and return its id."""
    engine = open_store(db_url)
    try:
        return store_json([record.model_dump_json()], engine)[0]
    finally:
        engine.dispose()


def stored_id(record: SessionRecord, db_url: str | None = None) -> int | None:
    """The id of a stored session whose record is exactly ``record``, or ``None``."""
    text = record.model_dump_json()
    query = (
        select(SessionRow.id)
        .where(SessionRow.seed == record.seed)
        .where(SessionRow.versions == versions_fingerprint(list(record.cards)))
        .where(SessionRow.record == text)
        .order_by(SessionRow.id)
    )
    return _first_id(query, db_url)


def _first_id(query: Select[Any], db_url: str | None) -> int | None:
    engine = open_store(db_url)
    try:
        with Session(engine) as session:
            found: int | None = session.scalars(query).first()
            return found
    except SQLAlchemyError as err:
        raise InputError(f"cannot read the record store: {_first_line(err)}") from None
    finally:
        engine.dispose()


def store_json(records: Iterable[str], engine: Engine) -> list[int]:
    """Store records given as JSON (as the lab's workers send them) in one transaction; their ids."""
    try:
        with Session(engine) as session, session.begin():
            return add_records(session, records)
    except SQLAlchemyError as err:
        raise InputError(f"cannot store records: {_first_line(err)}") from None


def add_records(session: Session, records: Iterable[str]) -> list[int]:
    """Add records given as JSON to ``session``'s transaction, each with its rounds; their ids."""
    ids: list[int] = []
    for text in records:
        data = json.loads(text)
        row = SessionRow(
            source=data["source"],
            versions=versions_fingerprint(data["cards"]),
            rounds=data["rounds"],
            mode=data["mode"],
            pool=data["pool"],
            seed=data["seed"],
            cards=data["cards"],
            record=text,
        )
        session.add(row)
        session.flush()
        session.add_all(_round_rows(row.id, data["played"]))
        ids.append(row.id)
    return ids


def _round_rows(session_id: int, played: list[dict[str, Any]]) -> list[RoundRow]:
    return [
        RoundRow(
            session_id=session_id,
            number=rnd["number"],
            dealer=rnd["dealer"],
            world=rnd["world"]["card"],
            treasure=rnd["treasure"],
            exhausted=rnd["exhausted"],
            turns=rnd["turns"] or 0,
            record=json.dumps(rnd, ensure_ascii=False, separators=(",", ":")),
        )
        for rnd in played
    ]


def store_table_json(records: Iterable[str], engine: Engine) -> list[int]:
    """Store records of another rule set's sessions, given as JSON, in one transaction; their ids."""
    try:
        with Session(engine) as session, session.begin():
            return add_table_records(session, records)
    except SQLAlchemyError as err:
        raise InputError(f"cannot store records: {_first_line(err)}") from None


def add_table_records(session: Session, records: Iterable[str]) -> list[int]:
    """Add records of another rule set's sessions, given as JSON, to ``session``'s transaction;
    their ids."""
    ids: list[int] = []
    for text in records:
        row = _table_row(text)
        session.add(row)
        session.flush()
        ids.append(row.id)
    return ids


def _table_row(text: str) -> TableSessionRow:
    data = json.loads(text)
    return TableSessionRow(
        source=data["source"],
        rules=data["rules"],
        options=json.dumps(data["options"], ensure_ascii=False, separators=(",", ":")),
        seed=data["seed"],
        rounds=len(data["rounds"]),
        agents=",".join(data["agents"]),
        record=text,
    )


def unstored_records(records: list[str], engine: Engine) -> list[str]:
    """Those of ``records`` (hextech's, as JSON) the store does not hold yet, in order: the games of
    a resumed run whose chunk was written to its records file but not stored."""
    missing: list[str] = []
    for first in range(0, len(records), SEEDS_ASKED):
        part = records[first : first + SEEDS_ASKED]
        seeds = [json.loads(text)["seed"] for text in part]
        missing += _unstored(part, select(SessionRow.record).where(SessionRow.seed.in_(seeds)), engine)
    return missing


SEEDS_ASKED = 500
"""The most seeds one question to the store names (a database bounds a query's parameters)."""


def unstored_table_records(records: list[str], engine: Engine) -> list[str]:
    """Those of ``records`` (another rule set's, as JSON) the store does not hold yet, in order: the
    games of a resumed run whose chunk was written to its records file but not stored."""
    seeds = [json.loads(text)["seed"] for text in records]
    query = select(TableSessionRow.record).where(TableSessionRow.seed.between(min(seeds), max(seeds)))
    return _unstored(records, query, engine)


def _unstored(records: list[str], query: Select[str], engine: Engine) -> list[str]:
    try:
        with Session(engine) as session:
            held = set(session.scalars(query))
    except SQLAlchemyError as err:
        raise InputError(f"cannot read the record store: {_first_line(err)}") from None
    return [text for text in records if text not in held]


def stored_table_id(text: str, db_url: str | None = None) -> int | None:
    """The id of a stored session of another rule set whose record is exactly ``text``, or ``None``."""
    row = _table_row(text)
    query = (
        select(TableSessionRow.id)
        .where(TableSessionRow.rules == row.rules)
        .where(TableSessionRow.seed == row.seed)
        .where(TableSessionRow.record == text)
        .order_by(TableSessionRow.id)
    )
    return _first_id(query, db_url)


def load_table_sessions(engine: Engine, rules: str | None = None) -> list[tuple[int, str]]:
    """The id and record (JSON) of every stored session of another rule set (of ``rules`` alone
    when given), in the order they were stored."""
    query = select(TableSessionRow.id, TableSessionRow.record).order_by(TableSessionRow.id)
    if rules is not None:
        query = query.where(TableSessionRow.rules == rules)
    try:
        with Session(engine) as session:
            return [(row.id, row.record) for row in session.execute(query)]
    except SQLAlchemyError as err:
        raise InputError(f"cannot read the record store: {_first_line(err)}") from None


def load_records(engine: Engine, rules: str) -> list[tuple[int, str]]:
    """The id and record (JSON) of every stored session of ``rules`` (``hextech``: the lab's and
    the console's sessions), in the order they were stored."""
    if rules != "hextech":
        return load_table_sessions(engine, rules)
    query = select(SessionRow.id, SessionRow.record).order_by(SessionRow.id)
    try:
        with Session(engine) as session:
            return [(row.id, row.record) for row in session.execute(query)]
    except SQLAlchemyError as err:
        raise InputError(f"cannot read the record store: {_first_line(err)}") from None


def load_sessions(
    engine: Engine, cohort: Cohort, sources: Iterable[str] | None = None
) -> list[SessionRecord]:
    """Every stored session of one cohort (of those ``sources`` only: ``simulate``, ``play``,
    ``table``), in the order they were stored."""
    query = (
        select(SessionRow.record)
        .where(SessionRow.versions == cohort.versions)
        .where(SessionRow.rounds == cohort.rounds)
        .where(SessionRow.mode == cohort.mode)
        .order_by(SessionRow.id)
    )
    if sources is not None:
        query = query.where(SessionRow.source.in_(list(sources)))
    with Session(engine) as session:
        return [SessionRecord.model_validate_json(text) for text in session.scalars(query)]
