"""The host console holds against hostile requests (issue 29 items 5 and 6; §16, §17.2): only the
console key's holder sets up, lists and deletes tables; no other site acts; idle tables expire but
results waiting for §16's four confirmations stay; every body and message is bounded and every
malformed one answered with a 4xx naming its field or an error frame, never a 500 or a traceback.
Every test runs against a real ``hexmj serve`` process (:mod:`console_process`)."""

from __future__ import annotations

import json
import random
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from console_process import HOSTS, JSON, KEY, ServeProcess, hexmj, rss_kib, serving
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tools.console_web.console import TABLE_DELETED

EVIL = "http://evil.example"


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with serving(tmp_path) as running:
        yield running


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One server for the tests whose requests change nothing."""
    with serving(tmp_path_factory.mktemp("shared")) as running:
        yield running


def _play_to_results(server: ServeProcess, token: str, seed: int) -> None:
    """Seat A's decisions answered at random until its session ends (bots at the other seats)."""
    rng = random.Random(seed)
    view = server.api("GET", f"/api/seats/{token}").json()
    for _ in range(5_000):
        if view["state"] == "results":
            return
        assert view["options"], view["state"]
        answer = server.api("POST", f"/api/seats/{token}/decide", {"option": rng.choice(view["options"])})
        assert answer.status == 200, answer.text
        view = answer.json()
    pytest.fail("the session did not end")


def test_creating_listing_and_deleting_tables_take_the_console_key_s16(server: ServeProcess) -> None:
    """Without the key, with a wrong one, a host token or a seat token in its place: 401 naming the
    header; with it the table is made, listed and deleted, and a deleted table is gone from every
    route and from the store (a restart does not bring it back)."""
    made = server.create(seed=3, bots=["B", "C", "D"], test=True)
    host_token = made["host"].rsplit("/", 1)[1]
    seat_token = made["seats"]["A"]["token"]
    for given in (
        JSON,
        {"Authorization": "Bearer not-the-key", **JSON},
        {"Authorization": f"Bearer {host_token}", **JSON},
        {"Authorization": f"Bearer {seat_token}", **JSON},
    ):
        for method, path in (
            ("POST", "/api/tables"),
            ("GET", "/api/tables"),
            ("DELETE", f"/api/tables/{made['table']}"),
        ):
            refused = server.api(method, path, {} if method == "POST" else None, headers=given)
            assert refused.status == 401, (method, path, refused.text)
            assert refused.json()["error"].startswith("Authorization:")
    listed = server.api("GET", "/api/tables").json()["tables"]
    assert [(t["table"], t["host"], t["seats"]) for t in listed] == [(made["table"], made["host"], ["A"])]
    with server.socket(f"/ws/seat/{seat_token}") as seat:
        assert json.loads(seat.recv(timeout=30))["type"] == "view"
        assert server.api("DELETE", f"/api/tables/{made['table']}").json() == {"deleted": made["table"]}
        with pytest.raises(ConnectionClosed) as closed:
            seat.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == TABLE_DELETED
    for path in (f"/api/tables/{made['table']}", f"/api/seats/{seat_token}", f"/host/{host_token}"):
        assert server.request("GET", path).status == 404
    assert server.api("DELETE", f"/api/tables/{made['table']}").status == 404
    server.stop()
    server.start()
    assert server.api("GET", "/api/tables").json() == {"tables": []}
    assert server.request("GET", f"/api/tables/{made['table']}").status == 404


def test_a_host_token_opens_its_own_screen_and_log_and_a_seat_token_acts_for_its_seat(
    server: ServeProcess,
) -> None:
    """A table's host token opens its own host screen and nothing of another table; a seat token
    answers only its own seat's decision (409 for another's)."""
    one = server.create(seed=1, bots=["C", "D"], test=True)
    two = server.create(seed=2, bots=["B", "C", "D"], test=True)
    one_host = one["host"].rsplit("/", 1)[1]
    assert one["table"] in server.request("GET", f"/host/{one_host}").text
    assert two["table"] not in server.request("GET", f"/host/{one_host}").text
    assert server.request("GET", f"/host/{one_host}/log").status == 409
    tokens = {letter: seat["token"] for letter, seat in one["seats"].items()}
    views = {letter: server.api("GET", f"/api/seats/{token}").json() for letter, token in tokens.items()}
    deciding = next(letter for letter, view in views.items() if view["options"])
    other = next(letter for letter in tokens if letter != deciding)
    option = views[deciding]["options"][0]
    refused = server.api("POST", f"/api/seats/{tokens[other]}/decide", {"option": option})
    assert refused.status == 409 and refused.json()["error"] == f"no decision is put to {other} now"


def test_the_set_up_url_sets_an_http_only_same_site_cookie_for_the_pages_s16(server: ServeProcess) -> None:
    """``/?key=KEY`` sets the key's cookie (HttpOnly, SameSite=Strict) and leaves the key out of the
    address; the set-up page opens with it alone, and says how to open it without (401)."""
    answer = server.request("GET", f"/?key={KEY}")
    assert answer.status == 303 and answer.headers["location"] == "/"
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"hexmj_console={KEY};") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert server.request("GET", "/?key=not-the-key").status == 401
    locked = server.request("GET", "/")
    assert locked.status == 401 and "hexmj serve" in locked.text and KEY not in locked.text
    page = server.request("GET", "/", headers={"Cookie": f"hexmj_console={KEY}"})
    assert page.status == 200 and 'id="create"' in page.text
    own = {"Cookie": f"hexmj_console={KEY}", "Origin": f"http://{server.local}", **JSON}
    assert server.api("POST", "/api/tables", {"bots": ["B", "C", "D"]}, headers=own).status == 201


def test_every_state_changing_request_of_another_site_is_refused(server: ServeProcess) -> None:
    """Another site's ``Origin``, a ``Host`` that is not the console's, and a body that is not said to be
    JSON (a ``no-cors`` ``text/plain`` one, which a page of any site may send without asking) are
    refused before anything changes; the console's own origin is taken."""
    made = server.create(seed=4, bots=["C", "D"], test=True)
    token = made["seats"]["A"]["token"]
    body = json.dumps({"bots": ["B", "C", "D"]})
    cases = [
        ({**HOSTS, "Origin": EVIL}, 403, "Origin:"),
        ({**HOSTS, "Origin": "null"}, 403, "Origin:"),
        ({**HOSTS, "Host": f"evil.example:{server.port}"}, 403, "Host:"),
        (
            {"Authorization": f"Bearer {KEY}", "Content-Type": "text/plain;charset=UTF-8"},
            415,
            "Content-Type:",
        ),
        ({"Authorization": f"Bearer {KEY}"}, 415, "Content-Type:"),
    ]
    for headers, status, field in cases:
        for path in ("/api/tables", f"/api/seats/{token}/decide", f"/api/seats/{token}/confirm"):
            refused = server.request("POST", path, body, headers)
            assert refused.status == status and refused.json()["error"].startswith(field), (
                path,
                refused.text,
            )
        refused = server.request("DELETE", f"/api/tables/{made['table']}", None, headers)
        assert refused.status == status, refused.text
    assert len(server.api("GET", "/api/tables").json()["tables"]) == 1
    own = server.request("POST", "/api/tables", body, {**HOSTS, "Origin": f"http://{server.local}"})
    assert own.status == 201


def test_a_socket_upgrade_from_another_site_is_refused(server: ServeProcess) -> None:
    """A seat's or the host's socket opened by another site's page (its ``Origin``) is refused; the
    console's own pages' sockets open."""
    made = server.create(seed=5, bots=["B", "C", "D"], test=True)
    host_token = made["host"].rsplit("/", 1)[1]
    for path in (f"/ws/seat/{made['seats']['A']['token']}", f"/ws/host/{host_token}"):
        with pytest.raises(InvalidStatus) as refused:
            server.socket(path, origin=EVIL)
        assert refused.value.response.status_code == 403
        with server.socket(path, origin=f"http://{server.local}") as own:
            assert json.loads(own.recv(timeout=30))["type"] == "view"


def test_join_links_are_built_from_the_servers_own_address_never_the_host_header(tmp_path: Path) -> None:
    """Issue 30 item 1: with ``--public-url`` every link the API and the host screen give starts with
    it, whatever ``Host`` the request named."""
    public = "http://mahjong.example:8123"
    with serving(tmp_path, "--public-url", public) as server:
        assert any(public in line for line in server.banner)
        made = server.create(seed=6, bots=["C", "D"], test=True)
        via_localhost = server.api(
            "POST", "/api/tables", {"bots": ["B", "C", "D"]}, {**HOSTS, "Host": f"localhost:{server.port}"}
        )
        urls = [made["host"], *(seat["url"] for seat in made["seats"].values()), via_localhost.json()["host"]]
        assert all(url.startswith(f"{public}/") for url in urls), urls
        host_token = made["host"].rsplit("/", 1)[1]
        with server.socket(f"/ws/host/{host_token}") as host:
            links = json.loads(host.recv(timeout=30))["view"]["links"]
        assert links and all(url.startswith(f"{public}/seat/") for url in links.values())


def test_an_idle_table_expires_but_results_waiting_for_the_four_confirmations_stay_s16(
    tmp_path: Path,
) -> None:
    """``--expire 2s``: a table nobody plays at is deleted once idle that long; a session on its
    results until all four confirm "开始新一场" (§16) is kept however long; once confirmed, its new
    session expires in its turn."""
    with serving(tmp_path, "--expire", "2s") as server:
        idle = server.create(seed=7, bots=["B", "C", "D"], test=True)
        ended = server.create(seed=8, bots=["B", "C", "D"], test=True)
        token = ended["seats"]["A"]["token"]
        _play_to_results(server, token, 8)
        time.sleep(4)
        assert server.request("GET", f"/api/tables/{idle['table']}").status == 404
        kept = server.api("GET", f"/api/tables/{ended['table']}").json()
        assert kept["state"] == "results" and kept["confirmed"] == ["B", "C", "D"]
        assert server.api("POST", f"/api/seats/{token}/confirm").status == 200
        time.sleep(4)
        assert server.request("GET", f"/api/tables/{ended['table']}").status == 404
        assert server.api("GET", "/api/tables").json() == {"tables": []}


def _post_raw(server: ServeProcess, head: str, chunks: int, chunk: bytes, framed: bool) -> str:
    """Send a request's head, then ``chunks`` pieces of body (chunked when ``framed``) until the server
    answers or closes; its status line."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as raw:
        raw.sendall(head.encode())
        try:
            for _ in range(chunks):
                raw.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" if framed else chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = b""
        try:
            while b"\r\n" not in answer:
                got = raw.recv(4096)
                if not got:
                    break
                answer += got
        except ConnectionResetError:
            pass
    return answer.split(b"\r\n", 1)[0].decode()


def test_a_body_past_the_bound_is_refused_while_it_is_read(server: ServeProcess) -> None:
    """A 64 MB body with its length said, and 32 MB sent in chunks: 413 each, the body never read
    whole (the server's memory grows by far less than the body)."""
    head = (
        f"POST /api/tables HTTP/1.1\r\nHost: {server.local}\r\nAuthorization: Bearer {KEY}\r\n"
        "Content-Type: application/json\r\n"
    )
    before = rss_kib(server.pid)
    status = _post_raw(server, head + f"Content-Length: {64 << 20}\r\n\r\n", 64, b"[" * (1 << 20), False)
    assert status.split()[1] == "413", status
    status = _post_raw(server, head + "Transfer-Encoding: chunked\r\n\r\n", 32, b" " * (1 << 20), True)
    assert status.split()[1] == "413", status
    assert rss_kib(server.pid) - before < 16 * 1024
    assert server.api("GET", "/api/tables").json() == {"tables": []}


def test_a_log_uploaded_for_its_replay_takes_the_key_and_its_own_bound(shared: ServeProcess) -> None:
    """R521, R539: a log is uploaded with the console key alone; its body may pass the 16 KiB of a
    request (a log's text is longer) up to 8 MiB, past which it is refused while it is read."""
    text = json.dumps({"log": '{"type": "note"}\n' * 8000})
    assert shared.request("POST", "/api/replays", text, JSON).status == 401
    answer = shared.request("POST", "/api/replays", text, HOSTS)
    assert answer.status == 400 and answer.json()["error"].startswith("log:"), answer.text
    head = (
        f"POST /api/replays HTTP/1.1\r\nHost: {shared.local}\r\nAuthorization: Bearer {KEY}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {9 << 20}\r\n\r\n"
    )
    assert _post_raw(shared, head, 9, b" " * (1 << 20), False).split()[1] == "413"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ("[" * 9000, "body: JSON nested more than"),
        ('{"seed": ' + "7" * 5000 + "}", "seed: expected a whole number"),
        ('{"seed": 1' + "0" * 400 + ".5}", "seed: expected a whole number"),
        ('{"bots": ["B"], "agents": {"B": "search:²"}}', "agents.B: the budget of search"),
        ('{"bots": ["B"], "agents": {"B": "search:٣"}}', "agents.B: the budget of search"),
        ('{"bots": ["B"], "agents": {"B": "search:' + "9" * 5000 + '"}}', "agents.B: the budget of search"),
        ('{"rules": "standard", "options": {"base": "²"}}', "options.base"),
        (b'{"mode": "\xff\xfe"}', "body: not UTF-8"),
        ('{"mode": ', "body: not JSON"),
        ('{"nicknames": {"A": ' + "[" * 12 + "]" * 12 + "}}", "body: JSON nested more than"),
    ],
)
def test_a_malformed_table_request_is_a_4xx_naming_its_field_never_a_500(
    shared: ServeProcess, body: str | bytes, field: str
) -> None:
    """Deep nesting, a 5,000-digit number, a budget in other digits than ASCII: 400 naming the field,
    and no traceback in the server's output."""
    answer = shared.request("POST", "/api/tables", body, HOSTS)
    assert answer.status == 400 and answer.json()["error"].startswith(field), answer.text
    assert "Traceback" not in shared.stderr()


def test_a_malformed_answer_or_method_is_a_4xx_naming_its_field(server: ServeProcess) -> None:
    made = server.create(seed=9, bots=["B", "C", "D"], test=True)
    token = made["seats"]["A"]["token"]
    for body, field in (
        ("[" * 9000, "body:"),
        ('{"option": ' + "1" * 5000 + "}", "option:"),
        ("", "option:"),
    ):
        answer = server.request("POST", f"/api/seats/{token}/decide", body, JSON)
        assert answer.status == 400 and answer.json()["error"].startswith(field), answer.text
    answer = server.request("PUT", "/api/tables", "{}", HOSTS)
    assert answer.status == 405 and answer.json()["error"].startswith("method: PUT")
    assert "Traceback" not in server.stderr()


def test_a_malformed_socket_message_gets_an_error_frame_and_the_socket_stays(server: ServeProcess) -> None:
    """Deep nesting, a 5,000-digit number, a binary frame, a message over 16 KiB: an error frame each,
    and the socket still answers a ping."""
    made = server.create(seed=10, bots=["B", "C", "D"], test=True)
    with server.socket(f"/ws/seat/{made['seats']['A']['token']}") as seat:
        assert json.loads(seat.recv(timeout=30))["type"] == "view"
        for message, field in (
            ("[" * 9000, "message: JSON nested more than"),
            ('{"type": "decide", "option": ' + "3" * 5000 + "}", ""),
            (b"\x00\x01", "message: expected a text frame"),
            (json.dumps({"type": "ping", "pad": "x" * 20_000}), "message: more than 16384 bytes"),
        ):
            seat.send(message)
            frame = json.loads(seat.recv(timeout=30))
            assert frame["type"] == "error" and frame["message"].startswith(field), frame
            seat.send(json.dumps({"type": "ping"}))
            assert json.loads(seat.recv(timeout=30)) == {"type": "pong"}
    assert "Traceback" not in server.stderr()


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (
            ["play", "--agents", "greedy,search:²,greedy,greedy", "--db", "none"],
            "--agents: the budget of search for B",
        ),
        (
            ["play", "--agents", "greedy,search:٣,greedy,greedy", "--db", "none"],
            "--agents: the budget of search for B",
        ),
        (["serve", "--max-budget", "٣"], "--max-budget:"),
        (["serve", "--expire", "1w"], "--expire:"),
        (["serve", "--key", "short"], "--key:"),
        (["serve", "--public-url", "ftp://table.example"], "--public-url:"),
    ],
)
def test_a_budget_or_a_serve_option_is_read_in_ascii_digits_everywhere(argv: list[str], field: str) -> None:
    """Agent budgets read the same on the command line as at the console: ``search:²`` and
    ``search:٣`` are refused in one line with exit 2 (not 70), as are ``hexmj serve``'s own bad values."""
    done = hexmj(*argv)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"hexmj: error: {field}") and done.stderr.count("\n") == 1
