"""The real table's JSON API (实体桌, issue 31 item 9): set-up, the seats' views and options, a seat's
entries and a hu with its hand, the host's view and entries under the host token, undo, restart, and
bad input refused naming the field."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_support import console
from physical_support import ApiTable, pool_text
from starlette.testclient import TestClient

from tools.console_web import physical_table

POOL = pool_text(
    W=["W-01"], O_P=["O-P03", "O-P01"], O_N=0, O_C=0, O_X=0,
    S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"], G=0, P=0,
    C=["C-01", "C-21", "C-14", "C-17", "C-18", "C-12", "C-23", "C-08"], B=["B-04", "B-16", "B-03", "B-01"],
)  # fmt: skip
HAND = {"concealed": "234m234p789m456s55s", "melds": [], "win_tile": "5s", "win_by": "self_draw"}


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    ticks = iter(range(1_000_000, 10**12, 60_000))
    monkeypatch.setattr(physical_table, "clock", lambda: next(ticks))
    with console(tmp_path / "console.db") as running:
        yield running


def make(client: TestClient, **body: Any) -> ApiTable:
    response = client.post(
        "/api/tables", json={"table": "physical", "pool": POOL, "seed": 5, "test": True, **body}
    )
    assert response.status_code == 201, response.text
    return ApiTable(client, response.json())


def settle(table: ApiTable, first: str = "") -> None:
    """Answer every prompt on the phones: ``first`` when offered, else the first option."""
    while True:
        open_ = table.prompts()
        if not open_:
            return
        letter, prompt = open_[0]
        values = [o["option"] for o in prompt["options"]]
        chosen = next((v for v in values if first and first in v), values[0])
        table.decide(letter, chosen)


def test_a_real_table_has_four_seats_and_a_host_and_shows_its_state_item_9(client: TestClient) -> None:
    """``"table": "physical"``: a join link for each of the four seats and the host; the public state
    carries the round, the dealer, the world card, the scores and the state."""
    table = make(client, nicknames={"A": "小明", "B": "小红"})
    assert set(table.tokens) == {"A", "B", "C", "D"}
    state = table.public()
    assert state["kind"] == "physical" and state["state"] == "draft" and state["round"] == 1
    assert state["dealer"] == "A" and state["world"] is None and state["scores"] == dict.fromkeys("ABCD", 0)
    assert state["seats"]["A"]["nickname"] == "小明" and state["test"] is True
    assert not any(token in json.dumps(state) for token in table.tokens.values())
    view = table.seat("A")
    assert view["options"] and all(o.startswith("augment ") for o in view["options"])
    settle(table)
    state = table.public()
    assert state["state"] == "playing" and state["world"] == "W-01"
    assert state["cards"]["W-01"]["fields"][1] == [
        "卡面正文",
        "每名玩家第一次成功完成暗杠、明杠或加杠后，抽取1张机遇牌。机遇牌在杠牌成立后、杠后补牌前结算。",
    ]
    assert table.seat("B")["cards"]["W-01"]["name"] == "杠潮涌动"


def test_seats_are_drawn_from_the_seed_s4(client: TestClient) -> None:
    """§4: with ``draw_seats`` the four nicknames are drawn to seats A–D, the same for the same seed."""
    names = {"A": "甲", "B": "乙", "C": "丙", "D": "丁"}
    first = make(client, nicknames=names, draw_seats=True).public()["seats"]
    second = make(client, nicknames=names, draw_seats=True).public()["seats"]
    drawn = {letter: first[letter]["nickname"] for letter in "ABCD"}
    assert drawn == {letter: second[letter]["nickname"] for letter in "ABCD"}
    assert sorted(drawn.values()) == sorted(names.values())


def test_a_seat_enters_a_kong_and_a_hu_with_its_hand_item_4(client: TestClient) -> None:
    """A seat taps "我杠了"; a hu goes with ``hexmj score``'s JSON, the wall count and, on a discard, the
    discarder; the win's items are on every screen."""
    table = make(client)
    settle(table)
    view = table.decide("C", "kong ankan")
    assert "C 暗杠" in view["feed"]
    settle(table, "done")
    holder = next(
        s for s in "ABCD" if table.seat(s)["me"]["contract"] in ("C-01", "C-21", "C-14", "C-17", "C-18")
    )
    after = table.decide(holder, "hu", hand=HAND, wall=40)
    won = after["seats"][holder]["won"]
    assert won["order"] == 1 and won["total"] >= 6 and won["items"][0]["id"] == "hu_order"
    assert table.public()["wins"] == [
        {"seat": holder, "order": 1, "total": won["total"], "from": None, "wall": 40}
    ]
    assert "hu" not in table.seat(holder)["options"]


def test_the_host_enters_for_any_seat_and_undoes_with_its_token_item_8(client: TestClient) -> None:
    """The host's view and entries need the host token (403 without); the host taps a seat's event for
    it, the wall's buttons shown once for the whole table; "undo" takes back the last entry, the console
    exactly as before it."""
    table = make(client)
    settle(table)
    response = client.get(f"/api/tables/{table.id}/host")
    assert response.status_code == 403
    response = client.post(
        f"/api/tables/{table.id}/decide", json={"option": "undo"}, headers={"Authorization": "Bearer x"}
    )
    assert response.status_code == 403
    before = table.public()
    view = table.host()
    assert "B kong ankan" in view["options"] and "links" in view
    assert [b["option"] for b in view["table_buttons"]] == ["A wall 24", "A wall 0"]
    assert {"B wall 24", "D wall 0"} <= set(view["options"])
    assert not any(
        b["option"].split()[1] in ("wall", "close") for shown in view["buttons"].values() for b in shown
    )
    table.host_decide("B kong ankan")
    assert table.public()["seats"]["B"]["lasting"] or table.host()["prompts"]
    table.host_decide("undo")
    after = table.public()
    assert {k: v for k, v in after.items() if k != "feed"} == {k: v for k, v in before.items() if k != "feed"}
    assert after["feed"] == before["feed"]
    table.host_decide("undo")
    assert table.public()["state"] == "contracts"


def test_a_restart_resumes_the_table_where_it_stood_item_8(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every entry is stored as it is made: a console started again over the same store shows the table
    exactly as it stood, and goes on."""
    ticks = iter(range(1_000_000, 10**12, 60_000))
    monkeypatch.setattr(physical_table, "clock", lambda: next(ticks))
    with console(tmp_path / "c.db") as first:
        table = make(first)
        settle(table)
        table.decide("C", "kong ankan")
        settle(table, "done")
        before = {letter: table.seat(letter) for letter in "ABCD"}
    with console(tmp_path / "c.db") as second:
        table.reconnect(second)
        for letter in "ABCD":
            now = table.seat(letter)
            now["connected"] = before[letter]["connected"]
            assert now == before[letter]
        table.decide("D", "kong ankan")


def test_records_of_look_ups_misses_and_disputes_are_taken_from_any_screen_s18_3(client: TestClient) -> None:
    """§18.3: a card's text opened on a phone is a look-up; the host's 漏触发 names a card and its
    holder; a dispute is recorded with its step of §15's order and its outcome."""
    table = make(client)
    settle(table)
    table.decide("B", "lookup", card="W-01")
    found = client.get("/api/rulebook", params={"q": "统一放弃契约窗口"}).json()["sections"]
    assert next(s for s in found if s["section"] == "§10")["title"] == "统一放弃契约窗口"
    table.decide("C", "lookup", section="§10.1")
    table.decide("C", "lookup", section="§99", status=400)
    table.host_decide("missed", card="W-01", seat="D")
    table.host_decide(
        "dispute", question="W-01 在加杠时触发吗？", step="text", outcome="加杠成立后触发", cards=["W-01"]
    )
    assert "漏触发：D 的 W-01" in table.public()["feed"]
    table.host_decide("undo")
    assert "漏触发：D 的 W-01" in table.public()["feed"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"table": "physical", "bots": ["B"]}, "bots"),
        ({"table": "physical", "mode": "chess"}, "mode"),
        ({"table": "physical", "pool": "draw:\n  W: [W-99]\n"}, "pool"),
        ({"table": "physical", "pool": "mode: party\n", "mode": "all"}, "pool"),
        ({"table": "physical", "seed": -1}, "seed"),
        ({"table": "physical", "nicknames": {"E": "x"}}, "nicknames.E"),
        ({"table": "tennis"}, "table"),
    ],
)
def test_a_bad_set_up_is_refused_naming_its_field(
    client: TestClient, body: dict[str, Any], field: str
) -> None:
    """One clear line naming the field, 400, and no table."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and response.json()["error"].startswith(field), response.text


def test_a_bad_entry_is_refused_and_changes_nothing(client: TestClient) -> None:
    """An option not offered is 409, a malformed body 400 naming the field; neither is stored."""
    table = make(client)
    settle(table)
    before = table.public()
    table.decide("A", "pon", status=409)
    table.decide("A", "hu", status=400, hand={"concealed": "1m"}, wall=3)
    table.decide("A", "hu", status=400, hand=HAND, wall=3, extra=1)
    table.decide("A", "undo", status=409)
    response = client.post(f"/api/seats/{table.tokens['A']}/decide", content=b"[1,")
    assert response.status_code == 400
    assert table.public() == before


def test_the_host_enters_a_win_for_a_seat_item_4(client: TestClient) -> None:
    """The host screen's hu form: ``{"option": "B hu", "hand", "wall"}`` scores B's win."""
    table = make(client)
    settle(table)
    good = ("C-01", "C-21", "C-14", "C-17", "C-18")
    holder = next(s for s in "ABCD" if table.seat(s)["me"]["contract"] in good)
    view = table.host_decide(f"{holder} hu", hand=HAND, wall=50)
    assert view["seats"][holder]["won"]["order"] == 1 and view["wins"][0]["wall"] == 50
    assert f"{holder} hu" not in view["options"]
