"""Shared helpers of the console's tests: a server over a temporary record store (in process, or
uvicorn on a 127.0.0.1 port), with the console key :data:`KEY` its requests carry, a table played
through the JSON API one offered option at a time, the first round of a rule set's tables dealt as a
test arranges it, and the browser tests' Chromium and phone."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient
from table_support import arranged

from engine.core.registry import ruleset
from engine.core.table import Sink
from engine.core.table_session import TableConfig, TableSession
from engine.core.wall import Wall
from tools.console_web.access import Access
from tools.console_web.app import create_app
from tools.console_web.requests import HEXTECH, Served
from tools.console_web.settings import LOCAL_PORT, ServeSettings
from tools.kinds import table as table_kind

KEY = "the-tests-console-key"
"""The console key of the tests' servers."""
HEADERS = {"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"}
"""What the host's requests carry: the console key, the JSON content type."""
TEST_CLIENT = "http://testserver"
"""The address Starlette's test client asks at: the in-process console's own."""


def settings(port: int = LOCAL_PORT, public: str | None = None) -> ServeSettings:
    """A console on 127.0.0.1:``port`` (phones opening ``public``) with the key :data:`KEY`."""
    return ServeSettings(access=Access.listening(KEY, "127.0.0.1", port, public))


@contextmanager
def console(db: Path, served: Served = HEXTECH) -> Iterator[TestClient]:
    """A console server over the SQLite store ``db``, started and stopped like ``hexmj serve``; its
    requests carry the console key."""
    app = create_app(f"sqlite:///{db}", served, settings(public=TEST_CLIENT))
    with TestClient(app, headers=HEADERS) as client:
        yield client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """``POST /api/tables``; the answer's JSON."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def seat_view(client: TestClient, token: str) -> dict[str, Any]:
    """``GET /api/seats/{token}``."""
    response = client.get(f"/api/seats/{token}")
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()
    return view


def deciding(client: TestClient, tokens: dict[str, str]) -> tuple[str, dict[str, Any]] | None:
    """The seat whose decision is open now and its view, or ``None`` when no seat has one."""
    for letter, token in tokens.items():
        view = seat_view(client, token)
        if view["options"]:
            return letter, view
    return None


def play(client: TestClient, tokens: dict[str, str], seed: int = 0, limit: int = 100_000) -> int:
    """Answer every open decision with a random offered option until none is open; the count."""
    rng = random.Random(seed)
    answered = 0
    found = deciding(client, tokens)
    while found is not None and answered < limit:
        letter, view = found
        response = client.post(
            f"/api/seats/{tokens[letter]}/decide", json={"option": rng.choice(view["options"])}
        )
        assert response.status_code == 200, response.text
        answered += 1
        view = response.json()
        found = (letter, view) if view["options"] else deciding(client, tokens)
    return answered


def first_walls(monkeypatch: pytest.MonkeyPatch, first: Callable[[Wall], Wall]) -> None:
    """Every rule set's table made from now on deals its first round from ``first`` of the wall the
    seed shuffles, later rounds as the seed says (a factory, not a subclass: the compiled build's
    classes take none)."""

    def session(config: TableConfig, sinks: Sequence[Sink] = ()) -> TableSession:
        plain = TableSession(config, sinks)
        return TableSession(config, sinks, lambda n: first(plain.walls(n)) if n == 1 else plain.walls(n))

    monkeypatch.setattr(table_kind, "TableSession", session)


def arrange(monkeypatch: pytest.MonkeyPatch, name: str, hands: list[str], draws: str = "") -> None:
    """Every table's first round deals ``hands`` (A, the dealer, with its 14th tile last; see
    :func:`table_support.arranged`); later rounds are shuffled as the seed says."""
    wall = arranged(ruleset(name), hands, draws)
    first_walls(monkeypatch, lambda shuffled: Wall(wall))


CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium, which the browser tests drive; they are skipped where it is not installed."""
ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 3,
}
"""A phone-sized browser context: 390×844, touch, device scale 3."""
WAIT = 10_000
"""How long a page may take to show what the test waits for, in milliseconds."""
needs_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")


class Server:
    """The console application served by uvicorn in a thread on one 127.0.0.1 port, restartable;
    ``served`` the rule set and options of a table whose request names none (``hexmj serve --rules``)."""

    def __init__(self, db: Path, served: Served = HEXTECH) -> None:
        self.db = db
        self.served = served
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Serve (again) on the same port, over the same store."""
        self.app = create_app(f"sqlite:///{self.db}", self.served, settings(self.port))
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            assert time.monotonic() < deadline, "the console did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        """Stop serving, as a server shut down would."""
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(timeout=10)

    def views(self, seats: dict[str, Any]) -> dict[str, Any]:
        """Every person's seat's view, by letter."""
        return {letter: self.api("GET", f"/api/seats/{seat['token']}") for letter, seat in seats.items()}

    def table(self, table: str) -> Any:
        """The table's public view."""
        return self.api("GET", f"/api/tables/{table}")

    def api(self, method: str, path: str, **body: Any) -> Any:
        """The JSON a request answers (a 2xx answer)."""
        return json.loads(self.text(method, path, **body))

    def text(self, method: str, path: str, **body: Any) -> str:
        """The body a request answers (a 2xx answer)."""
        data = json.dumps(body).encode() if body else None
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=HEADERS)
        with urllib.request.urlopen(request, timeout=10) as response:
            return str(response.read().decode("utf-8"))
