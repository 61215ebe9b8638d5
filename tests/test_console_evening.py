"""The host console at a real evening, through its JSON API and pages (issue 30 items 2, 4–7): seat
links that leave the host screen once a phone has joined, a second phone taking a seat over, round
results of every rule set with ties ranked as §16 ranks them, a stand-in bot for an away phone and a
turn timer (marked in the log, which still replays), replays of a finished session, and the smaller
faults of the issue's list."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_support import console, create, play, seat_view
from pools_lint_cli import run_hexmj
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from engine.core.log_lines import dumps
from engine.hextech.bus import Event
from tools.console_web import requests, seated, tending
from tools.console_web.phones import LOST, LOST_SOCKET
from tools.console_web.public import FEED
from tools.console_web.replay_routes import UPLOAD_LIMIT, replay_app
from tools.console_web.round_results import standings

WAIT = 60.0
"""Seconds a test waits for the stand-in to play a session out."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with console(tmp_path / "console.db") as running:
        yield running


def device(name: str) -> dict[str, str]:
    """The headers of a request from the phone ``name``."""
    return {"cookie": f"hexmj_device={name}"}


def host_token(made: dict[str, Any]) -> str:
    return str(made["host"]).rsplit("/", 1)[1]


def host_view(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    """The host's own message, links and all."""
    with client.websocket_connect(f"/ws/host/{host_token(made)}") as socket:
        view: dict[str, Any] = json.loads(socket.receive_text())["view"]
    return view


def test_a_seats_link_leaves_the_host_screen_once_its_phone_has_joined_r534(client: TestClient) -> None:
    """Issue 30 item 2: A's link and QR code go once A's phone is connected, stay gone when it
    leaves, and come back when the host shows them again, until a phone takes the seat."""
    made = create(client, mode="strategy", seed=3, bots=["C", "D"], test=True)
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    assert sorted(host_view(client, made)["links"]) == ["A", "B"]
    with client.websocket_connect(f"/ws/seat/{tokens['A']}", headers=device("a1")) as phone:
        phone.receive_text()
        view = host_view(client, made)
        assert sorted(view["links"]) == ["B"] and view["joined"] == ["A"]
        assert made["seats"]["A"]["url"] not in client.get(made["host"]).text
    assert sorted(host_view(client, made)["links"]) == ["B"]
    shown = client.post(f"/api/host/{host_token(made)}/show", json={"seat": "A"})
    assert shown.status_code == 200 and shown.json() == {"shown": ["A"]}
    assert sorted(host_view(client, made)["links"]) == ["A", "B"]
    assert made["seats"]["A"]["url"] in client.get(made["host"]).text
    assert client.post(f"/api/seats/{tokens['A']}/take", json={}, headers=device("a2")).status_code == 200
    assert sorted(host_view(client, made)["links"]) == ["B"]
    assert client.post(f"/api/host/{host_token(made)}/show", json={"seat": "C"}).status_code == 400
    assert client.post("/api/host/nope/show", json={"seat": "A"}).status_code == 404


def test_a_second_phone_is_asked_to_take_the_seat_over_and_the_first_loses_it_r533(
    client: TestClient,
) -> None:
    """Issue 30 item 2: a second phone opening a joined seat's link sees only the question, not the
    hand; once it takes the seat the first phone is told it lost the seat, its connection is closed,
    and its answers are refused."""
    made = create(client, rules="standard", seed=3, bots=["B", "C", "D"], test=True)
    token = made["seats"]["A"]["token"]
    with client.websocket_connect(f"/ws/seat/{token}", headers=device("first")) as first:
        hand = json.loads(first.receive_text())["view"]["hand"]
        assert len(hand) > 10
        client.cookies.clear()
        page = client.get(f"/seat/{token}", headers=device("second")).text
        assert "在这台手机上接管" in page and hand not in page and "data-hand" not in page
        own = client.get(f"/seat/{token}", headers=device("first")).text
        assert f'data-hand="{hand}"' in own
        client.cookies.clear()
        assert client.post(f"/api/seats/{token}/take", json={}).status_code == 400
        taken = client.post(f"/api/seats/{token}/take", json={}, headers=device("second"))
        assert taken.status_code == 200 and taken.json() == {"seat": "A", "taken": True}
        frame = json.loads(first.receive_text())
        assert frame == {"type": "lost", "message": LOST}
        with pytest.raises(WebSocketDisconnect) as closed:
            first.receive_text()
        assert closed.value.code == LOST_SOCKET
    options = seat_view(client, token)["options"]
    refused = client.post(f"/api/seats/{token}/decide", json={"option": options[0]}, headers=device("first"))
    assert refused.status_code == 409 and refused.json()["error"] == LOST
    answered = client.post(
        f"/api/seats/{token}/decide", json={"option": options[0]}, headers=device("second")
    )
    assert answered.status_code == 200
    with client.websocket_connect(f"/ws/seat/{token}", headers=device("first")) as again:
        assert json.loads(again.receive_text())["type"] == "lost"


def _first_round(client: TestClient, body: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A table whose person at A answers at random until round 1 has a result."""
    made = create(client, **body)
    token = made["seats"]["A"]["token"]
    rng = random.Random(2)
    for _ in range(2000):
        view = seat_view(client, token)
        if view["round_result"] is not None:
            return made, token
        client.post(f"/api/seats/{token}/decide", json={"option": rng.choice(view["options"])})
    raise AssertionError("round 1 did not end")


@pytest.mark.parametrize(
    ("body", "unit"),
    [
        ({"mode": "all", "seed": 3, "bots": ["B", "C", "D"], "test": True}, "分"),
        ({"rules": "standard", "seed": 6, "bots": ["B", "C", "D"], "test": True}, "番"),
        ({"rules": "hongzhong", "seed": 6, "bots": ["B", "C", "D"], "test": True}, "番"),
    ],
)
def test_a_rounds_result_stays_on_every_screen_until_each_taps_on_s13_s16(
    client: TestClient, body: dict[str, Any], unit: str
) -> None:
    """Issue 30 item 5: each winner's hand, the §13 items or the fans with their points, what each
    seat gained or paid and the standings, on the phone and the host screen until the person taps
    on (bots at once); a round not yet finished has nothing to tap on from."""
    made, token = _first_round(client, body)
    result = seat_view(client, token)["round_result"]
    assert result["number"] == 1
    assert result["standings"] == standings([result["payments"][letter] for letter in "ABCD"])
    for win in result["wins"]:
        assert win["unit"] == unit and win["items"] and len(win["hand"]) % 3 == 1
        if unit == "分":
            assert win["total"] == sum(item["points"] for item in win["items"])
    phone = client.get(f"/seat/{token}").text
    host = client.get(made["host"]).text
    for page in (phone, host):
        assert "第 1 局结果" in page and 'class="roundresult"' in page
    assert 'data-seen="1"' in phone and "等待确认" in host
    if any(row["tied"] for row in result["standings"]):
        assert "（并列）" in phone
    assert client.post(f"/api/seats/{token}/seen", json={"round": 9}).status_code == 409
    assert client.post(f"/api/seats/{token}/seen", json={"round": "1"}).status_code == 400
    seen = client.post(f"/api/seats/{token}/seen", json={"round": 1})
    assert seen.status_code == 200 and seen.json()["round_seen"] == ["A", "B", "C", "D"]
    assert 'class="roundresult"' not in client.get(f"/seat/{token}").text
    assert 'class="roundresult"' not in client.get(made["host"]).text


def test_equal_totals_share_a_rank_without_a_tie_break_s16() -> None:
    """§16: "总分相同时，玩家直接并列排名": two seats on 3 share the 2nd place, the next is 4th."""
    rows = standings([3, 7, 3, 0])
    assert [(r["seat"], r["rank"], r["tied"]) for r in rows] == [
        ("B", 1, False),
        ("A", 2, True),
        ("C", 2, True),
        ("D", 4, False),
    ]


def _until(done: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_a_stand_in_plays_for_an_away_phone_and_the_log_still_replays_r535(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 30 item 4: A's phone joins and goes away; the stand-in bot answers A's decisions, every
    screen marks A, each answer is a note in the log, and ``hexmj replay`` of the log gives the
    same standings."""
    monkeypatch.setattr(seated, "AWAY_GRACE", 0.0)
    monkeypatch.setattr(tending, "TICK", 0.005)
    made = create(client, mode="strategy", seed=8, bots=["B", "C", "D"], test=True, stand_in=True)
    token = made["seats"]["A"]["token"]
    with client.websocket_connect(f"/ws/seat/{token}", headers=device("a")) as phone:
        assert json.loads(phone.receive_text())["view"]["standing_in"] == []
    assert client.get(f"/api/tables/{made['table']}").json()["standing_in"] == ["A"]
    assert "机器人代打" in client.get(made["host"]).text
    _until(
        lambda: seat_view(client, token)["state"] == "results", "the stand-in did not play the session out"
    )
    log = client.get(f"/host/{host_token(made)}/log").text.splitlines()
    lines = [json.loads(text) for text in log]
    notes = [line for line in lines if line["type"] == "note"]
    asked = [line for line in lines if line["type"] == "decision" and line["player"] == "A"]
    assert notes and len(notes) == len(asked)
    assert notes[0] == {"type": "note", "player": "A", "by": "greedy", "why": "away"}
    path = tmp_path / "table.log"
    path.write_text("\n".join(log) + "\n", "utf-8")
    code, out, err = run_hexmj(["replay", str(path), "--json"], monkeypatch, capsys)
    assert code == 0, err
    assert json.loads(out)["standings"] == seat_view(client, token)["results"]["standings"]


def test_a_turn_timer_hands_a_late_decision_to_the_stand_in_r535(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30 item 4: at a standard table with a 1-second timer, A's decision left unanswered is
    answered by the stand-in, and the log says so; a timer outside 5–600 seconds is refused."""
    refused = client.post("/api/tables", json={"rules": "standard", "timer": 3})
    assert refused.status_code == 400 and refused.json()["error"].startswith("timer: expected 0")
    monkeypatch.setattr(requests, "TIMER_RANGE", range(1, 601))
    made = create(client, rules="standard", seed=2, bots=["B", "C", "D"], test=True, timer=1)
    token = made["seats"]["A"]["token"]
    assert seat_view(client, token)["timer"] == 1
    _until(lambda: seat_view(client, token)["answered"] >= 1, "the timer did not run out")
    stored = client.app.state.console.store.lines(made["table"], 1)  # type: ignore[attr-defined]
    assert {"type": "note", "player": "A", "by": "greedy", "why": "timer"} in [json.loads(t) for t in stored]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A standard test session played to its end by a person at A and three bots."""
    with console(tmp_path_factory.mktemp("replay") / "console.db") as client:
        made = create(client, rules="standard", seed=4, bots=["B", "C", "D"], test=True)
        assert play(client, {"A": made["seats"]["A"]["token"]}, seed=3) > 20
        yield client, made


def test_a_finished_session_replays_move_by_move_forward_and_back_r538(
    finished: tuple[TestClient, dict[str, Any]],
) -> None:
    """Issue 30 item 6: the host's replay of the ended session: every step with every hand open,
    links one step forward and back and to each round; only the table's host token opens it, or the
    console key (the test client's requests carry it)."""
    client, made = finished
    replay = f"/replay/{made['table']}?host={host_token(made)}"
    first = client.get(replay)
    assert first.status_code == 200 and "第 1 局 · 第 1 /" in first.text
    assert first.text.count('class="line concealedhand"') == 4
    step = client.get(replay + "&step=20").text
    assert f'href="/replay/{made["table"]}?host={host_token(made)}&amp;session=1&amp;step=21"' in step
    assert "session=1&amp;step=19" in step and "第 1 局 · 第 21 /" in step
    last = client.get(replay + "&step=999999").text
    assert "第 4 局" in last
    assert client.get(f"/replay/{made['table']}?host=wrong", headers={"Authorization": ""}).status_code == 404
    assert client.get(f"/replay/{made['table']}?host=wrong").status_code == 200
    assert client.get(replay + "&session=2").status_code == 409
    assert 'class="replaylink"' in client.get(made["host"]).text


def test_the_log_and_replay_links_stay_after_a_new_session_and_a_session_in_play_has_no_replay(
    finished: tuple[TestClient, dict[str, Any]],
) -> None:
    """Issue 30 items 6, 7: after "开始新一场" the host screen still links the ended session's log
    and replay; the new session, in play, has none: its hands are secret (R538)."""
    client, made = finished
    confirmed = client.post(f"/api/seats/{made['seats']['A']['token']}/confirm")
    assert confirmed.status_code == 200
    page = client.get(made["host"]).text
    assert f'href="/host/{host_token(made)}/log"' in page and "回放第 1 场" in page
    assert client.get(f"/replay/{made['table']}?host={host_token(made)}&session=1").status_code == 200
    in_play = client.get(f"/replay/{made['table']}?host={host_token(made)}&session=2")
    assert in_play.status_code == 409 and "concealedhand" not in in_play.text


def test_an_uploaded_log_replays_and_a_bad_one_is_named_r539(tmp_path: Path, client: TestClient) -> None:
    """Issue 30 item 6: a log uploaded on the set-up page opens in the replay view; one that is not a
    log, is cut short or is too large is refused with the line and what is wrong."""
    made = create(client, rules="hongzhong", seed=5, bots=["B", "C", "D"], test=True)
    play(client, {"A": made["seats"]["A"]["token"]}, seed=2)
    text = client.get(f"/host/{host_token(made)}/log").text
    uploaded = client.post("/api/replays", json={"log": text})
    assert uploaded.status_code == 201
    page = client.get(uploaded.json()["url"] + "?step=3")
    assert page.status_code == 200 and "红中麻将" in page.text and "第 4 /" in page.text
    bad = client.post("/api/replays", json={"log": text.replace('"type"', '"kind"', 1)})
    assert bad.status_code == 400 and bad.json()["error"] == "log:1: not a log record"
    edited = text.replace('"type":"end"', '"type": "end"')
    assert (
        client.post("/api/replays", json={"log": edited})
        .json()["error"]
        .endswith("edited after play: a log replays and resumes only as hexmj wrote it")
    )
    cut = "\n".join(text.splitlines()[:-1])
    assert "cut short" in client.post("/api/replays", json={"log": cut}).json()["error"]
    big = client.post(
        "/api/replays", content=b"x" * (UPLOAD_LIMIT + 1), headers={"content-type": "application/json"}
    )
    assert big.status_code == 413
    assert client.get("/replay/upload/nope").status_code == 404


def test_hexmj_replay_serve_serves_the_replay_and_refuses_a_log_that_does_not_replay(
    finished: tuple[TestClient, dict[str, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 30 item 6: ``hexmj replay LOG --serve``'s application shows the log at ``/``; a log cut
    short stops with exit 5 before any port is bound."""
    client, made = finished
    stored = client.app.state.console.store.lines(made["table"], 1)  # type: ignore[attr-defined]
    lines = [json.loads(text) for text in stored]
    with TestClient(replay_app(lines, "table.log")) as served:
        page = served.get("/?step=2")
        assert page.status_code == 200 and 'href="/?step=3"' in page.text
        assert served.get("/static/console.css").status_code == 200
    cut = tmp_path / "cut.log"
    cut.write_text("".join(dumps(line) + "\n" for line in lines[:-1]), "utf-8")
    code, _, err = run_hexmj(["replay", str(cut), "--serve", "--port", "1"], monkeypatch, capsys)
    assert code == 5 and "cut short" in err


def test_a_table_before_its_first_round_reads_not_yet_dealt(client: TestClient) -> None:
    """Issue 30 item 7: before round 1 the screens say 尚未开局, never 第 0 局."""
    made = create(client, mode="all", seed=3, test=True)
    token = made["seats"]["A"]["token"]
    assert seat_view(client, token)["round"] == 0
    for page in (client.get(f"/seat/{token}").text, client.get(made["host"]).text):
        assert "尚未开局" in page and "第 0 局" not in page


def test_a_personal_treasure_order_reads_whole_in_the_feed_s8_3() -> None:
    """Issue 30 item 7, §8.3: T-07 gives each player their own seat wind: the feed line says so
    rather than stopping at "宝牌顺序 T-07："."""
    personal = FEED["treasure.revealed"](Event("treasure.revealed", None, "", {"card": "T-07", "faces": ""}))
    public = FEED["treasure.revealed"](Event("treasure.revealed", None, "", {"card": "T-01", "faces": "7z"}))
    assert personal == "宝牌顺序 T-07（各人的个人宝牌）" and public == "宝牌顺序 T-01：7z"


def test_the_setup_page_keeps_each_rule_sets_own_fields(client: TestClient) -> None:
    """Issue 30 item 7: mode, pool and filming belong to the hextech part of the form; standard and
    hongzhong show their own options in Chinese."""
    page = client.get("/").text
    hextech = page.split('data-rules="hextech"', 1)[1].split("</fieldset>", 1)[0]
    assert 'name="mode"' in hextech and 'name="pool"' in hextech and 'name="filming"' in hextech
    standard = page.split('data-rules="standard"', 1)[1].split("</fieldset>", 1)[0]
    assert "底分" in standard and "起和分" in standard and "限制模式（总番数不超过128番）" in standard
    hongzhong = page.split('data-rules="hongzhong"', 1)[1].split("</fieldset>", 1)[0]
    assert "可点炮胡" in hongzhong and 'data-option-name="discard_win" checked' in hongzhong
    assert 'name="timer"' in page and 'name="stand_in"' in page and 'id="upload"' in page


@pytest.mark.parametrize(
    ("rules", "shown", "hidden"),
    [
        (
            "hongzhong",
            ("红中麻将", "可点炮胡：是", "报警：是", "结算：谁点炮谁付钱"),
            ("discard_win", "True"),
        ),
        (
            "standard",
            ("标准麻将", "游戏模式：限制模式", "结算：自摸：三家各付"),
            ("each loser", "limited", "base="),
        ),
    ],
)
def test_a_rule_sets_table_reads_its_title_options_and_settlement_in_chinese(
    client: TestClient, rules: str, shown: tuple[str, ...], hidden: tuple[str, ...]
) -> None:
    """Issue 30 item 7: no option as ``discard_win=True``, no English title or 结算 line."""
    made = create(client, rules=rules, seed=1, bots=["B", "C", "D"], test=True)
    page = client.get(made["host"]).text
    header = page.split('<p class="rules">', 1)[1].split("</p>", 1)[0]
    assert all(word in header for word in shown), header
    assert not any(word in header for word in hidden), header
