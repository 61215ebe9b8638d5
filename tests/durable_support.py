"""Helpers of the console's durability tests (issue 29 items 1, 2, 3, 8): ``hexmj serve`` run as its
own process over a record store (started, stopped, killed and started again), the JSON API and the
seat sockets spoken to as a phone speaks, one seat's answers taken from a seeded choice, a writer that
holds the store's SQLite write lock, and a PostgreSQL database of its own for a test."""

from __future__ import annotations

import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from tools.lab.store import database_url

PG_ENV = "HEXMJ_TEST_PG_URL"
"""The PostgreSQL server the tests may use (``.ci/run`` starts one)."""
KEY = "the-durability-tests-key"
"""The console key the tests' servers are started with, which their requests carry."""


def hexmj_command(*args: str) -> list[str]:
    """``hexmj ARGS…`` in a new process of this interpreter, on the code under test."""
    return [sys.executable, "-c", "from tools.cli import main; main()", *args]


def _environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}


class Serve:
    """``hexmj serve --db URL`` in a process of its own, on a free 127.0.0.1 port."""

    def __init__(self, db: str, cwd: Path) -> None:
        self.db = db
        self.cwd = cwd
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.said = cwd / f"serve-{self.port}.err"
        """What the server wrote on its terminal (stderr)."""

    def start(self, db: str | None = None) -> Serve:
        """Serve over the store (or ``db`` this time), once it answers."""
        argv = hexmj_command("serve", "--port", str(self.port), "--db", db or self.db, "--key", KEY)
        with self.said.open("ab") as said:
            self.process = subprocess.Popen(argv, cwd=self.cwd, env=_environment(), stderr=said)
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, self.said.read_text()
            try:
                with urllib.request.urlopen(f"{self.base}/?key={KEY}", timeout=1):
                    return self
            except urllib.error.HTTPError:
                return self
            except OSError:
                assert time.monotonic() < deadline, "hexmj serve did not start"
                time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server as Ctrl-C would."""
        assert self.process is not None
        self.process.terminate()
        self.process.wait(timeout=20)

    def kill(self) -> None:
        """Kill the server at once, with no chance to write anything more."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=20)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """A request's status and JSON answer, whatever the status."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        request.add_header("Authorization", f"Bearer {KEY}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as refused:
            said = refused.read()
            try:
                return refused.code, json.loads(said)
            except ValueError:
                return refused.code, said.decode(errors="replace")

    def page(self, path: str) -> tuple[int, str]:
        """A page's status and text."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    def ok(self, method: str, path: str, body: Any = None) -> Any:
        """A request's JSON answer, which must be a success."""
        status, answer = self.call(method, path, body)
        assert 200 <= status < 300, (status, answer)
        return answer

    def create(self, **body: Any) -> dict[str, Any]:
        """A new table (``POST /api/tables``)."""
        made: dict[str, Any] = self.ok("POST", "/api/tables", body)
        return made

    def view(self, token: str) -> dict[str, Any]:
        """A seat's view."""
        view: dict[str, Any] = self.ok("GET", f"/api/seats/{token}")
        return view

    def table(self, table: str) -> dict[str, Any]:
        """A table's public view."""
        view: dict[str, Any] = self.ok("GET", f"/api/tables/{table}")
        return view

    def decide(self, token: str, option: str, decision: int | None) -> tuple[int, Any]:
        """``POST /api/seats/{token}/decide`` with the option and the decision's number."""
        body: dict[str, Any] = {"option": option}
        if decision is not None:
            body["decision"] = decision
        return self.call("POST", f"/api/seats/{token}/decide", body)

    @property
    def sockets(self) -> str:
        """The sockets' base address."""
        return self.base.replace("http://", "ws://", 1)


@contextmanager
def serving(db: str, cwd: Path) -> Iterator[Serve]:
    """A server over ``db`` for the ``with`` block, stopped after it."""
    server = Serve(db, cwd).start()
    try:
        yield server
    finally:
        if server.process is not None and server.process.poll() is None:
            server.kill()


class Seat:
    """One person's seat answered from a seeded choice of its offered options, as the tests' phone."""

    def __init__(self, server: Serve, token: str, seed: int) -> None:
        self.server = server
        self.token = token
        self.rng = random.Random(seed)
        self.acknowledged: list[str] = []
        """Every answer the server acknowledged, in order."""

    def next(self) -> tuple[str, int | None]:
        """The option this seat gives to the decision put to it now, and that decision's number if
        the view names it."""
        view = self.server.view(self.token)
        assert view["options"], view
        return self.rng.choice(view["options"]), view["decision"].get("number")

    def answer(self, count: int) -> dict[str, Any]:
        """Answer ``count`` decisions, each acknowledged; the last view."""
        view: dict[str, Any] = {}
        for _ in range(count):
            option, number = self.next()
            status, view = self.server.decide(self.token, option, number)
            assert status == 200, view
            self.acknowledged.append(option)
        return view


class WriteLock:
    """Another connection to a SQLite store holding its write lock (``BEGIN EXCLUSIVE``) until
    released, as a backup tool or a second program might."""

    def __init__(self, db: Path) -> None:
        self.connection = sqlite3.connect(db, isolation_level=None)

    def __enter__(self) -> WriteLock:
        self.connection.execute("BEGIN EXCLUSIVE")
        return self

    def __exit__(self, *exc: object) -> None:
        self.connection.execute("ROLLBACK")
        self.connection.close()


def stored_lines(db: Path, table: str) -> list[tuple[int, int, dict[str, Any]]]:
    """A table's stored lines in a SQLite store: session number, line number and record."""
    with sqlite3.connect(db) as raw:
        rows = raw.execute(
            "SELECT number, seq, line FROM console_lines WHERE table_id = ? ORDER BY number, seq", (table,)
        ).fetchall()
    return [(number, seq, json.loads(line)) for number, seq, line in rows]


def answers(lines: list[tuple[int, int, dict[str, Any]]], letter: str) -> list[str]:
    """Seat ``letter``'s answers in stored lines, in order."""
    return [line["answer"] for _, _, line in lines if line["type"] == "decision" and line["player"] == letter]


@contextmanager
def postgres_database() -> Iterator[str]:
    """A new PostgreSQL database for one test, dropped after it (skipped without ``HEXMJ_TEST_PG_URL``)."""
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"no PostgreSQL server configured: set {PG_ENV} (.ci/run starts one)")
    admin = create_engine(database_url(base), isolation_level="AUTOCOMMIT")
    name = f"hexmj_console_{uuid.uuid4().hex[:12]}"
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield base.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()
