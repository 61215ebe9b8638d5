"""The host and seat pages and their sockets (issue 13 items 2, 3, 5, 10): live frames, a phone that
comes back gets its whole view, the host sees who is connected, QR codes, escaping, the filming
substitution (§17.3) and the refusal one tap away (§17.4); bad input answered without losing the
connection."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from console_support import console, create, seat_view
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tools.console_web.app import NO_SUCH_SOCKET
from tools.console_web.cards import library, unfilmed
from tools.console_web.console import seat_frame
from tools.console_web.live import LiveTable
from tools.console_web.spec import TableSpec


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with console(tmp_path / "console.db") as running:
        yield running


def test_the_host_page_shows_a_qr_code_and_a_link_per_seat(client: TestClient) -> None:
    made = create(client, mode="all", seed=1, bots=["C", "D"], test=True)
    page = client.get(made["host"])
    assert page.status_code == 200 and page.text.count('<svg width="') == 2
    for seat in made["seats"].values():
        assert f'href="{seat["url"]}"' in page.text
    assert "测试局" in page.text


def test_nicknames_are_escaped_on_every_screen(client: TestClient) -> None:
    """§17.2: the agreed nicknames are shown as typed, never as markup."""
    nasty = "<b>x</b>&'\""
    made = create(client, mode="strategy", seed=1, bots=["B", "C", "D"], nicknames={"A": nasty}, test=True)
    token = made["seats"]["A"]["token"]
    for text in (client.get(made["host"]).text, client.get(f"/seat/{token}").text):
        assert nasty not in text and "&lt;b&gt;x&lt;/b&gt;&amp;&#39;&#34;" in text
    with client.websocket_connect(f"/ws/seat/{token}") as socket:
        frame = json.loads(socket.receive_text())
    assert frame["view"]["nickname"] == nasty and nasty not in frame["html"]


def test_a_seat_socket_sends_the_whole_view_and_the_host_sees_who_is_connected(client: TestClient) -> None:
    """A phone that connects (or comes back) gets its whole view at once; the host's screen shows the
    seat connected while its socket is open and not once it has closed."""
    made = create(client, mode="strategy", seed=3, bots=["C", "D"], test=True)
    token = made["seats"]["A"]["token"]
    host_token = made["host"].rsplit("/", 1)[1]
    with client.websocket_connect(f"/ws/host/{host_token}") as host:
        assert json.loads(host.receive_text())["view"]["connected"] == []
        with client.websocket_connect(f"/ws/seat/{token}") as phone:
            frame = json.loads(phone.receive_text())
            assert frame["view"] == seat_view(client, token)
            assert json.loads(host.receive_text())["view"]["connected"] == ["A"]
            assert 'class="online"' in client.get(made["host"]).text
        assert json.loads(host.receive_text())["view"]["connected"] == []
        with client.websocket_connect(f"/ws/seat/{token}") as phone:
            assert json.loads(phone.receive_text())["view"] == seat_view(client, token)


def test_a_decision_reaches_every_screen_as_a_new_frame(client: TestClient) -> None:
    """A decision sent on a seat's socket is answered, and every open screen gets its own new view."""
    made = create(client, mode="strategy", seed=3, bots=["C", "D"], test=True)
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    with (
        client.websocket_connect(f"/ws/seat/{tokens['A']}") as a,
        client.websocket_connect(f"/ws/seat/{tokens['B']}") as b,
    ):
        sockets = {"A": a, "B": b}
        for socket in (a, a, b):
            socket.receive_text()
        letter = next(seat for seat in "AB" if seat_view(client, tokens[seat])["options"])
        before = seat_view(client, tokens[letter])
        sockets[letter].send_text(json.dumps({"type": "decide", "option": before["options"][0]}))
        frames = {seat: json.loads(socket.receive_text()) for seat, socket in sockets.items()}
        assert frames[letter]["view"] != before
        for seat in "AB":
            assert frames[seat]["view"] == seat_view(client, tokens[seat])


def test_a_malformed_socket_message_gets_an_error_frame_and_the_socket_stays(client: TestClient) -> None:
    """Item 10: not JSON, an unknown type, an option not offered: an error frame each; then a ping is
    still answered on the same connection."""
    made = create(client, mode="strategy", seed=1, bots=["B", "C", "D"], test=True)
    with client.websocket_connect(f"/ws/seat/{made['seats']['A']['token']}") as socket:
        socket.receive_text()
        for bad in ("{not json", '{"type": "dance"}', '{"type": "decide", "option": "hu"}', "x" * 20_000):
            socket.send_text(bad)
            frame = json.loads(socket.receive_text())
            assert frame["type"] == "error" and frame["message"]
        socket.send_text('{"type": "ping"}')
        assert json.loads(socket.receive_text()) == {"type": "pong"}


def test_an_unknown_page_token_or_socket_is_404(client: TestClient) -> None:
    """Item 10: an unknown table or token gets a 404 page; an unknown socket is closed."""
    for path in ("/seat/nope", "/host/nope", "/no/such/page"):
        page = client.get(path)
        assert page.status_code == 404 and "404" in page.text and "<html" in page.text
    with client.websocket_connect("/ws/seat/nope") as socket, pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_text()
    assert closed.value.code == NO_SUCH_SOCKET


def test_without_filming_every_on_camera_text_reads_to_the_table() -> None:
    """§17.3: without consent to filming every "对镜头" reads "面向全桌"; with consent the text stays."""
    assert unfilmed("请对镜头比心，再对镜头挥手") == "请面向全桌比心，再面向全桌挥手"
    filmed, unfilmed_library = library("party", True), library("party", False)
    assert filmed.keys() == unfilmed_library.keys()
    for card_id, card in filmed.items():
        expected = tuple((label, unfilmed(text)) for label, text in card.fields)
        assert unfilmed_library[card_id].fields == expected


def test_a_party_challenge_offers_the_refusal_on_the_phone(tmp_path: Path) -> None:
    """§17.4: a challenge put to a person's seat shows the unconditional refusal as one button."""
    spec = TableSpec("t1", "party", 0, frozenset("BCD"), {}, False, True, "h", {"A": "a"})
    for seed in range(40):
        table = LiveTable(TableSpec(**{**spec.__dict__, "seed": seed}))
        while table.pending is not None and not table.pending.about.startswith("challenge "):
            table.decide("A", table.pending.options[0])
        if table.pending is not None:
            break
    else:
        pytest.fail("no challenge came to A in 40 sessions")
    html = seat_frame(table, "A")["html"]
    assert 'data-option="refused"' in html and "§17.4" in html
    card = table.pending.about.split()[1]
    assert library("party", False)[card].name in html
