"""Each entry of a real table taken once (实体桌, issue 31 item 2; R510, R615): a seat's view and the host's
carry the number of the entry that screen would make next (``"entry"``, its count of entries in the
session, plus one); ``/decide`` and the sockets take ``{"option": …, "entry": N}``, and an entry sent
twice — a phone's retry, a double tap — gets the current view and changes nothing: a kong counted
twice would be a wrong score (§13.9)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_support import console
from physical_support import ApiTable, pool_text
from starlette.testclient import TestClient

from tools.console_web import physical_table

POOL = pool_text(
    W=["W-01"], O_P=["O-P03"], O_N=0, O_C=0, O_X=0,
    S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"], G=0, P=0,
    C=["C-01", "C-02", "C-06", "C-07", "C-08", "C-14", "C-15", "C-16"], B=["B-04", "B-05", "B-06", "B-07"],
)  # fmt: skip
"""W-01 (a first kong draws a chance card), no contract a kong completes: a kong changes only the
kong's points and the chance card it draws."""


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    ticks = iter(range(1_000_000, 10**12, 60_000))
    monkeypatch.setattr(physical_table, "clock", lambda: next(ticks))
    return tmp_path / "console.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with console(db) as running:
        yield running


def lines(db: Path) -> int:
    with sqlite3.connect(db) as raw:
        count: int = raw.execute("SELECT COUNT(*) FROM console_lines").fetchone()[0]
    return count


def playing(client: TestClient, made: dict[str, int] | None = None) -> ApiTable:
    """A table past its draft and contracts, every prompt answered with its first option (``made``
    counts each seat's entries)."""
    response = client.post("/api/tables", json={"table": "physical", "pool": POOL, "seed": 4, "test": True})
    assert response.status_code == 201, response.text
    table = ApiTable(client, response.json())
    while prompts := table.prompts():
        letter, prompt = prompts[0]
        table.decide(letter, prompt["options"][0]["option"], entry=table.seat(letter)["entry"])
        if made is not None:
            made[letter] = made.get(letter, 0) + 1
    return table


def post(table: ApiTable, letter: str, body: dict[str, Any]) -> tuple[int, Any]:
    response = table.client.post(f"/api/seats/{table.tokens[letter]}/decide", json=body)
    return response.status_code, response.json()


def test_a_kong_sent_twice_over_http_is_counted_once_s13_9(client: TestClient, db: Path) -> None:
    """The seat's view names its next entry; the kong sent with it is taken, sent again with the same
    number it gets the current view and changes nothing (one kong's 2 points, one chance card); a
    number not yet reached is 409, one that is no number 400 naming the field."""
    made: dict[str, int] = {}
    table = playing(client, made)
    number = table.seat("C")["entry"]
    assert made["C"] >= 2 and number == made["C"] + 1
    status, taken = post(table, "C", {"option": "kong ankan", "entry": number})
    assert status == 200 and taken["entry"] == number + 1
    assert taken["seats"]["C"]["round_points"] == 2
    stored = lines(db)
    status, again = post(table, "C", {"option": "kong ankan", "entry": number})
    assert (status, again) == (200, taken)
    assert table.seat("C") == taken and lines(db) == stored
    assert table.public()["seats"]["C"]["round_points"] == 2
    assert sum("抽到机遇牌" in line for line in table.public()["feed"]) == 1
    status, early = post(table, "C", {"option": "kong ankan", "entry": number + 5})
    refusal = f"entry {number + 5} is not C's next: the next is {number + 1}"
    assert status == 409 and early == {"error": refusal}
    for wrong in (0, -1, "2", True, 2.5):
        status, refused = post(table, "C", {"option": "kong ankan", "entry": wrong})
        assert status == 400 and refused["error"].startswith("entry: "), wrong
    assert lines(db) == stored


def test_one_seats_number_never_refuses_anothers_r615(client: TestClient) -> None:
    """Each screen counts its own entries: C's kong leaves D's next number as it was, and D's entry
    with it is taken; the host's count is the host's own."""
    table = playing(client)
    d_before = table.seat("D")["entry"]
    host_before = table.host()["entry"]
    table.decide("C", "kong ankan", entry=table.seat("C")["entry"])
    assert table.seat("D")["entry"] == d_before and table.host()["entry"] == host_before
    view = table.decide("D", "kong ankan", entry=d_before)
    assert view["seats"]["D"]["round_points"] == 2 and view["entry"] == d_before + 1


def test_the_hosts_entry_sent_twice_is_taken_once(client: TestClient, db: Path) -> None:
    """The host screen's entries are numbered too: "B kong ankan" sent twice counts one kong; an undo
    sent twice takes back one entry."""
    table = playing(client)
    number = table.host()["entry"]
    first = table.host_decide("B kong ankan", entry=number)
    stored = lines(db)
    assert table.host_decide("B kong ankan", entry=number) == first and lines(db) == stored
    assert table.public()["seats"]["B"]["round_points"] == 2
    table.decide("C", "kong ankan", entry=table.seat("C")["entry"])
    undo = first["entry"]
    table.host_decide("undo", entry=undo)
    table.host_decide("undo", entry=undo)
    seats = table.public()["seats"]
    assert seats["C"]["round_points"] == 0 and seats["B"]["round_points"] == 2


def test_an_entry_sent_twice_over_the_sockets_is_taken_once(client: TestClient, db: Path) -> None:
    """On a seat's socket and the host's the entry with its number brings the new view; sent again it
    brings the current view once more and changes nothing; a malformed number is an error frame and
    the socket stays."""
    table = playing(client)
    with client.websocket_connect(f"/ws/seat/{table.tokens['C']}") as socket:
        first = socket.receive_json()["view"]
        number = first["entry"]
        socket.send_json({"type": "decide", "option": "kong ankan", "entry": number})
        taken = socket.receive_json()["view"]
        assert taken["entry"] == number + 1 and taken["seats"]["C"]["round_points"] == 2
        stored = lines(db)
        socket.send_json({"type": "decide", "option": "kong ankan", "entry": number})
        again = socket.receive_json()
        assert again["type"] == "view" and again["view"] == taken and lines(db) == stored
        socket.send_json({"type": "decide", "option": "kong ankan", "entry": "one"})
        error = socket.receive_json()
        assert error["type"] == "error" and error["message"].startswith("entry: ")
    with client.websocket_connect(f"/ws/host/{table.host_token}") as socket:
        number = socket.receive_json()["view"]["entry"]
        socket.send_json({"type": "decide", "option": "D kong ankan", "entry": number})
        taken = socket.receive_json()["view"]
        assert taken["entry"] == number + 1 and taken["seats"]["D"]["round_points"] == 2
        stored = lines(db)
        socket.send_json({"type": "decide", "option": "D kong ankan", "entry": number})
        again = socket.receive_json()
        assert again["type"] == "view" and again["view"]["seats"] == taken["seats"] and lines(db) == stored
    assert table.public()["seats"]["D"]["round_points"] == 2


def test_a_look_up_is_not_numbered_so_a_tap_made_meanwhile_is_taken_s18_3(client: TestClient) -> None:
    """A page sends a look-up by itself when a card's text opens (§18.3): it counts as a look-up and
    takes no number, so the tap the player makes on the view it saw before is taken."""
    table = playing(client)
    number = table.seat("C")["entry"]
    table.decide("C", "lookup", card="W-01")
    assert table.seat("C")["entry"] == number
    view = table.decide("C", "kong ankan", entry=number)
    assert view["seats"]["C"]["round_points"] == 2 and view["entry"] == number + 1
