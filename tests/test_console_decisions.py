"""Each decision answered once (issue 29 item 3, §5.4): a seat's view names the decision put to it
(``"decision": {"number": N, …}``, the seat's count of decisions in the session); ``/decide`` and the
seat socket take ``{"option": …, "decision": N}``, and an answer to a decision already answered —
the same request sent twice, a tap sent again — gets the current view and changes nothing, even when
the decision now put offers the same option.  An unknown socket token is closed with 4404."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from durable_support import Serve, serving
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tools.console_web.app import NO_SUCH_SOCKET


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Serve, Path]]:
    db = tmp_path / "console.db"
    with serving(f"sqlite:///{db}", tmp_path) as server:
        yield server, db


def _lines(db: Path) -> int:
    with sqlite3.connect(db) as raw:
        count: int = raw.execute("SELECT COUNT(*) FROM console_lines").fetchone()[0]
    return count


def test_an_answer_sent_twice_over_http_is_taken_once_s5_4(served: tuple[Serve, Path]) -> None:
    """The first answer to decision N is taken; the same request again, and an answer naming N with
    an option the decision now put also offers, get the current view and change nothing; a number
    not yet put is 409 and one that is no number 400, naming the field; an answer without a number
    goes to the decision put now."""
    server, db = served
    token = server.create(mode="strategy", seed=11, bots=["B", "C", "D"], test=True)["seats"]["A"]["token"]
    first = server.view(token)
    assert first["decision"]["number"] == 1 and first["answered"] == 0
    option = first["options"][0]
    status, taken = server.decide(token, option, 1)
    assert status == 200 and taken["answered"] == 1 and taken["decision"]["number"] == 2
    stored = _lines(db)
    for again in (option, taken["options"][0]):
        status, same = server.decide(token, again, 1)
        assert (status, same) == (200, taken)
    assert server.view(token) == taken and _lines(db) == stored
    status, early = server.decide(token, taken["options"][0], 3)
    assert status == 409 and early == {"error": "decision 3 is not put to A: the one put now is 2"}
    for wrong in (0, -1, "2", True, 2.5):
        status, refused = server.call(
            "POST", f"/api/seats/{token}/decide", {"option": option, "decision": wrong}
        )
        assert status == 400 and refused["error"].startswith("decision: "), wrong
    assert server.view(token) == taken and _lines(db) == stored
    status, unnumbered = server.decide(token, taken["options"][0], None)
    assert status == 200 and unnumbered["answered"] == 2 and _lines(db) > stored


def test_an_answer_sent_twice_over_the_socket_is_taken_once_s5_4(served: tuple[Serve, Path]) -> None:
    """On the seat's socket the answer to decision N brings the new view; sent again it brings the
    current view once more and changes nothing; a malformed number gets an error frame and the
    connection stays."""
    server, db = served
    token = server.create(mode="strategy", seed=12, bots=["B", "C", "D"], test=True)["seats"]["A"]["token"]
    with connect(f"{server.sockets}/ws/seat/{token}") as socket:
        first = json.loads(socket.recv(timeout=10))["view"]
        number, option = first["decision"]["number"], first["options"][0]
        socket.send(json.dumps({"type": "decide", "option": option, "decision": number}))
        taken = json.loads(socket.recv(timeout=10))["view"]
        assert taken["answered"] == 1 and taken["decision"]["number"] == number + 1
        stored = _lines(db)
        socket.send(json.dumps({"type": "decide", "option": taken["options"][0], "decision": number}))
        again = json.loads(socket.recv(timeout=10))
        assert again["type"] == "view" and again["view"] == taken
        assert server.view(token) == {**taken, "connected": ["A"]} and _lines(db) == stored
        socket.send(json.dumps({"type": "decide", "option": option, "decision": "one"}))
        error = json.loads(socket.recv(timeout=10))
        assert error["type"] == "error" and error["message"].startswith("decision: ")
        socket.send(json.dumps({"type": "ping"}))
        assert json.loads(socket.recv(timeout=10)) == {"type": "pong"}
    assert _lines(db) == stored


@pytest.mark.parametrize("kind", ["seat", "host"])
def test_a_socket_of_an_unknown_token_is_closed_with_4404(served: tuple[Serve, Path], kind: str) -> None:
    """The documented close code, not an HTTP refusal of the upgrade."""
    server, _ = served
    with (
        connect(f"{server.sockets}/ws/{kind}/nosuchtoken") as socket,
        pytest.raises(ConnectionClosed) as closed,
    ):
        socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == NO_SUCH_SOCKET == 4404
