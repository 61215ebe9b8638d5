"""Shared helpers of the console's tests: a server over a temporary record store, and a table played
through the JSON API as a person would, one offered option at a time."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from tools.console_web.app import create_app


@contextmanager
def console(db: Path) -> Iterator[TestClient]:
    """A console server over the SQLite store ``db``, started and stopped like ``hexmj serve``."""
    with TestClient(create_app(f"sqlite:///{db}")) as client:
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
