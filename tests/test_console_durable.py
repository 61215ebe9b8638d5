"""Nothing acknowledged is lost (issue 29 items 1, 3 and 8, §16, §18.3): ``hexmj serve`` in its own
process acknowledges an answer only once its lines are stored; a store that fails — its SQLite write
lock held by another program, a file opened read-only, a PostgreSQL connection dropped, a database
turned read-only — refuses the answer with 503 and one line, changes nothing the screens show, and
takes the answer when it is sent again; a restart, even after the process is killed, replays exactly
the acknowledged answers; each decision is answered once; and a session's last line is stored with
its record, which a start-up rebuilds if a server died between the two."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from console_support import console, create, seat_view
from durable_support import Seat, WriteLock, answers, postgres_database, serving, stored_lines
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from tools.console_web.records import Store, StoreUnavailable
from tools.lab.store import database_url

REFUSED = "the record store is unavailable: "
"""How a refused answer's one line begins."""


def _refused(status: int, answer: Any, why: str) -> None:
    assert status == 503 and list(answer) == ["error"], (status, answer)
    assert answer["error"].startswith(REFUSED) and why in answer["error"]
    assert answer["error"].endswith("nothing was taken: send it again") and "\n" not in answer["error"]


def _sqlite(db: Path) -> str:
    return f"sqlite:///{db}"


def test_an_answer_under_a_held_write_lock_is_refused_unchanged_and_taken_when_sent_again_s16(
    tmp_path: Path,
) -> None:
    """Another program holds the store's write lock: the answer waits, gets 503 and one line (over
    the seat's socket an error frame), and neither the seat's view, the public view nor the stored
    lines change; sent again once the lock is gone it is taken.  Killed and started again, the
    server stands exactly where the acknowledged answers left it, its line numbers without a gap or
    a repeat."""
    db = tmp_path / "console.db"
    with serving(_sqlite(db), tmp_path) as server:
        made = server.create(mode="strategy", seed=3, bots=["B", "C", "D"], test=True)
        table, token = made["table"], made["seats"]["A"]["token"]
        seat = Seat(server, token, seed=1)
        seat.answer(6)
        before, public, kept = server.view(token), server.table(table), stored_lines(db, table)
        option, number = seat.next()
        with WriteLock(db), connect(f"{server.sockets}/ws/seat/{token}") as socket:
            assert json.loads(socket.recv(timeout=10))["view"]["answered"] == before["answered"]
            for _ in range(2):
                status, answer = server.decide(token, option, number)
                _refused(status, answer, "database is locked")
                assert server.view(token) == {**before, "connected": ["A"]} and server.table(table) == {
                    **public,
                    "connected": ["A"],
                }
            socket.send(json.dumps({"type": "decide", "option": option, "decision": number}))
            frame = json.loads(socket.recv(timeout=10))
            assert frame["type"] == "error" and frame["message"].startswith(REFUSED)
            assert "database is locked" in frame["message"]
        assert stored_lines(db, table) == kept and server.view(token) == before
        status, taken = server.decide(token, option, number)
        assert status == 200 and taken["answered"] == before["answered"] + 1
        seat.acknowledged.append(option)
        seat.answer(6)
        last, public = server.view(token), server.table(table)
        server.kill()
        lines = stored_lines(db, table)
        assert [seq for _, seq, _ in lines] == list(range(len(lines)))
        assert answers(lines, "A") == seat.acknowledged
        server.start()
        assert server.view(token) == last and server.table(table) == public
        assert public["state"] == "playing" and public["reason"] is None
        seat.answer(3)


def test_a_store_that_cannot_be_written_refuses_every_act_and_changes_nothing(tmp_path: Path) -> None:
    """The store's file opened read-only (a SQLite URI, which holds even for root): every table is
    seated from it, and an answer or a new table is refused with 503 and one line,
    changing nothing; the same store writable again takes the answer sent again."""
    db = tmp_path / "console.db"
    with serving(_sqlite(db), tmp_path) as server:
        made = server.create(mode="strategy", seed=5, bots=["B", "C", "D"], test=True)
        table, token = made["table"], made["seats"]["A"]["token"]
        seat = Seat(server, token, seed=2)
        seat.answer(5)
        before, public = server.view(token), server.table(table)
        server.stop()
        server.start(f"sqlite:///file:{db}?mode=ro&uri=true")
        assert server.view(token) == before and server.table(table) == public
        option, number = seat.next()
        _refused(*server.decide(token, option, number), "readonly database")
        _refused(*server.call("POST", "/api/tables", {"bots": ["B", "C", "D"]}), "readonly database")
        assert server.view(token) == before and server.table(table) == public
        server.stop()
        server.start()
        assert server.view(token) == before
        status, taken = server.decide(token, option, number)
        assert status == 200 and taken["answered"] == before["answered"] + 1
        seat.acknowledged.append(option)
        assert answers(stored_lines(db, table), "A") == seat.acknowledged


def test_a_dropped_postgresql_connection_loses_no_acknowledged_answer_s18_3(tmp_path: Path) -> None:
    """PostgreSQL: every connection of the server is dropped mid-session (``pg_terminate_backend``);
    then a lock held on the lines, then the database turned read-only.  Each answer is either
    acknowledged or refused with 503 and changes nothing, the refused one is taken when sent again,
    no table stops, and a killed and restarted server stands exactly where the acknowledged answers
    left it."""
    with postgres_database() as url:
        admin = create_engine(database_url(url), isolation_level="AUTOCOMMIT")
        name = url.rsplit("/", 1)[1]
        drop = text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = :db AND pid <> pg_backend_pid()"
        )
        try:
            with serving(url, tmp_path) as server:
                made = server.create(mode="strategy", seed=7, bots=["B", "C", "D"], test=True)
                table, token = made["table"], made["seats"]["A"]["token"]
                seat = Seat(server, token, seed=3)
                seat.answer(4)
                with admin.connect() as conn:
                    assert conn.execute(drop, {"db": name}).all()
                seat.answer(4)
                before = server.view(token)
                option, number = seat.next()
                with create_engine(database_url(url)).begin() as conn:
                    conn.execute(text("LOCK TABLE console_lines IN ACCESS EXCLUSIVE MODE"))
                    _refused(*server.decide(token, option, number), "lock timeout")
                    assert server.view(token) == before
                with admin.connect() as conn:
                    conn.execute(text(f"ALTER DATABASE {name} SET default_transaction_read_only = on"))
                    conn.execute(drop, {"db": name})
                _refused(*server.decide(token, option, number), "read-only transaction")
                assert server.view(token) == before
                with admin.connect() as conn:
                    conn.execute(text(f"ALTER DATABASE {name} SET default_transaction_read_only = off"))
                    conn.execute(drop, {"db": name})
                status, taken = server.decide(token, option, number)
                assert status == 200 and taken["answered"] == before["answered"] + 1
                seat.acknowledged.append(option)
                seat.answer(3)
                last = server.view(token)
                server.kill()
                server.start()
                assert server.view(token) == last and server.table(table)["state"] == "playing"
                with admin.connect() as conn:
                    stored = conn.execute(
                        text("SELECT line FROM console_lines WHERE table_id = :t ORDER BY seq"), {"t": table}
                    ).scalars()
                    assert (
                        answers([(1, n, json.loads(s)) for n, s in enumerate(stored)], "A")
                        == seat.acknowledged
                    )
        finally:
            admin.dispose()


HONGZHONG = {"rules": "hongzhong", "seed": 3, "bots": ["B", "C", "D"], "test": True}
"""A 红中 test session of one person and three bots: a whole session in a few dozen answers."""


def _answers_to_end(db: Path, body: dict[str, Any], seed: int) -> int:
    """How many answers seat A, choosing as :class:`Seat` does from ``seed``, gives before the
    session ends, found by playing it in this process first."""
    rng = random.Random(seed)
    with console(db) as client:
        token = create(client, **body)["seats"]["A"]["token"]
        count = 0
        while options := seat_view(client, token)["options"]:
            response = client.post(f"/api/seats/{token}/decide", json={"option": rng.choice(options)})
            assert response.status_code == 200
            count += 1
    return count


def _count(db: Path, query: str) -> int:
    with sqlite3.connect(db) as raw:
        found: int = raw.execute(query).fetchone()[0]
    return found


def test_a_sessions_last_line_is_stored_with_its_record_or_not_at_all_s18_3(tmp_path: Path) -> None:
    """Item 8: the answer that ends a session, refused under a held write lock, leaves neither the
    end line nor the record; sent again, both are stored in one transaction, once, and a killed and
    restarted server stores no second record.  "开始新一场" under the lock is refused the same way."""
    total = _answers_to_end(tmp_path / "first.db", HONGZHONG, seed=4)
    db = tmp_path / "console.db"
    with serving(_sqlite(db), tmp_path) as server:
        made = server.create(**HONGZHONG)
        table, token = made["table"], made["seats"]["A"]["token"]
        seat = Seat(server, token, seed=4)
        seat.answer(total - 1)
        option, number = seat.next()
        kept = stored_lines(db, table)
        with WriteLock(db):
            _refused(*server.decide(token, option, number), "database is locked")
        assert stored_lines(db, table) == kept and server.table(table)["state"] == "playing"
        assert _count(db, "SELECT COUNT(*) FROM table_sessions") == 0
        status, ended = server.decide(token, option, number)
        assert status == 200 and ended["state"] == "results"
        assert stored_lines(db, table)[-1][2]["type"] == "end"
        assert _count(db, "SELECT COUNT(*) FROM table_sessions") == 1
        with WriteLock(db):
            _refused(*server.call("POST", f"/api/seats/{token}/confirm"), "database is locked")
        assert server.table(table)["confirmed"] == ["B", "C", "D"]
        server.kill()
        server.start()
        assert server.table(table)["state"] == "results"
        assert _count(db, "SELECT COUNT(*) FROM table_sessions") == 1


def test_a_record_lost_after_the_last_line_is_rebuilt_at_start_up_once_s18_3(tmp_path: Path) -> None:
    """Item 8: a store whose session ended without its record — a server of an earlier release that
    died between the two, before the store marked stored records — gets the record at the next
    start, the same record, once: a hextech session's in ``sessions`` with its rounds, a 红中
    session's in ``table_sessions``."""
    db = tmp_path / "console.db"
    hextech = {"mode": "strategy", "seed": 2, "bots": ["B", "C", "D"], "test": True}
    with serving(_sqlite(db), tmp_path) as server:
        for body in (hextech, HONGZHONG):
            token = server.create(**body)["seats"]["A"]["token"]
            seat = Seat(server, token, seed=5)
            while server.view(token)["options"]:
                seat.answer(1)
            assert server.view(token)["state"] == "results"
        server.stop()
        query = "SELECT record FROM sessions UNION ALL SELECT record FROM table_sessions"
        with sqlite3.connect(db) as raw:
            records = raw.execute(query).fetchall()
            rounds = raw.execute("SELECT COUNT(*) FROM rounds").fetchone()
            raw.execute("DROP TABLE console_records")
        assert len(records) == 2 and rounds == (4,)
        server.start()
        server.stop()
        with sqlite3.connect(db) as raw:
            assert raw.execute(query).fetchall() == records
            for emptied in ("rounds", "sessions", "table_sessions", "console_records"):
                raw.execute(f"DELETE FROM {emptied}")
        server.start()
        server.stop()
        server.start()
        with sqlite3.connect(db) as raw:
            assert raw.execute(query).fetchall() == records
            assert raw.execute("SELECT COUNT(*) FROM rounds").fetchone() == rounds


def test_the_previous_sessions_log_stays_the_hosts_after_the_next_begins_r371(tmp_path: Path) -> None:
    """R371: once every seat has confirmed "开始新一场" and the next session has begun, the host still
    downloads the finished session's log (not 409), and the host screen still links it."""
    db = tmp_path / "console.db"
    with serving(_sqlite(db), tmp_path) as server:
        made = server.create(**HONGZHONG)
        token, host = made["seats"]["A"]["token"], made["host"].rsplit("/", 1)[1]
        seat = Seat(server, token, seed=6)
        while server.view(token)["options"]:
            seat.answer(1)
        status, ended = server.page(f"/host/{host}/log")
        assert status == 200 and json.loads(ended.splitlines()[-1])["type"] == "end"
        server.ok("POST", f"/api/seats/{token}/confirm")
        assert server.table(made["table"])["state"] in ("new", "playing")
        assert server.page(f"/host/{host}/log") == (200, ended)
        assert json.loads(ended.splitlines()[0])["seed"] == HONGZHONG["seed"]
        assert f'href="/host/{host}/log"' in server.page(f"/host/{host}")[1]


def test_an_answer_stored_whose_acknowledgment_was_lost_is_not_stored_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A commit that reached the store though the server heard a failure (a connection dropped as
    PostgreSQL committed; played here by a store that raises after committing) is refused like any
    other.  Sent again with its decision's number, the answer finds the store read again first: the
    table stands where the store does, the answer counts as given, and nothing is stored twice."""
    db = tmp_path / "console.db"
    with console(db) as client:
        made = create(client, mode="strategy", seed=9, bots=["B", "C", "D"], test=True)
        token = made["seats"]["A"]["token"]
        view = seat_view(client, token)
        body = {"option": view["options"][0], "decision": view["decision"]["number"]}
        committed = Store.commit

        def lost(store: Store, *args: Any, **kwargs: Any) -> None:
            committed(store, *args, **kwargs)
            raise StoreUnavailable("the record store is unavailable: the connection closed at the commit")

        monkeypatch.setattr(Store, "commit", lost)
        refused = client.post(f"/api/seats/{token}/decide", json=body)
        assert refused.status_code == 503 and seat_view(client, token) == view
        monkeypatch.undo()
        again = client.post(f"/api/seats/{token}/decide", json=body)
        assert again.status_code == 200 and again.json()["answered"] == 1
        assert again.json() == seat_view(client, token)
        lines = stored_lines(db, made["table"])
        assert [seq for _, seq, _ in lines] == list(range(len(lines)))
        assert answers(lines, "A") == [body["option"]]
    with console(db) as client:
        assert seat_view(client, token) == again.json()
