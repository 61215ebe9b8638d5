"""A hu checked before it is entered at a real table (实体桌, issue 31 item 4, R629): the hu picker sends the
hand it builds to ``POST /api/seats/{token}/check`` (the host's to ``/api/tables/{ID}/check``) and the
console answers in Chinese what is wrong — as ``hexmj score`` and the table would refuse it — or what it
scores and what the winner will be asked first; nothing is entered or counted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_support import console, create
from physical_support import ApiTable, pool_text
from starlette.testclient import TestClient

from tools.console_web import physical_table

POOL = pool_text(
    W=["W-01"], O_P=["O-P03", "O-P01"], O_N=0, O_C=0, O_X=0,
    S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"], G=0, P=0,
    C=["C-01", "C-21", "C-14", "C-17", "C-18", "C-12", "C-23", "C-08"], B=["B-04", "B-16", "B-03", "B-01"],
)  # fmt: skip
HAND = {"concealed": "234m234p789m456s55s", "melds": [], "win_tile": "5s", "win_by": "self_draw"}
SUITED = ("C-01", "C-21", "C-14", "C-17", "C-18", "C-23")
"""Contracts HAND completes at the hu."""


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    ticks = iter(range(1_000_000, 10**12, 60_000))
    monkeypatch.setattr(physical_table, "clock", lambda: next(ticks))
    with console(tmp_path / "console.db") as running:
        yield running


@pytest.fixture
def table(client: TestClient) -> ApiTable:
    """A test session at play: the drafts and contracts chosen (C-12 by its holder where offered)."""
    made = ApiTable(client, create(client, table="physical", pool=POOL, seed=5, test=True))
    while open_ := made.prompts():
        letter, prompt = open_[0]
        values = [o["option"] for o in prompt["options"]]
        made.decide(letter, next((v for v in values if v.endswith("C-12")), values[0]))
    return made


def check(table: ApiTable, letter: str, status: int = 200, /, **body: Any) -> dict[str, Any]:
    response = table.client.post(f"/api/seats/{table.tokens[letter]}/check", json=body)
    assert response.status_code == status, response.text
    answer: dict[str, Any] = response.json()
    return answer


def holding(table: ApiTable, cards: tuple[str, ...]) -> str:
    return next(s for s in "ABCD" if table.public()["seats"][s]["contract"] in cards)


def test_a_legal_hand_is_scored_and_nothing_is_entered_s13_item_4(table: ApiTable) -> None:
    """The hand the picker built scores as ``hexmj score`` scores it, its items named in Chinese; the
    screen's entry number, the feed and the seat's buttons stay as they were."""
    winner = holding(table, SUITED)
    before = table.seat(winner)
    answer = check(table, winner, hand=HAND, wall=40)
    assert answer["ok"] is True and answer["problem"] == "" and answer["asks"] == []
    assert answer["total"] == sum(i["points"] for i in answer["items"]) and answer["total"] >= 5
    assert {"name": "第一名胡牌", "points": 4, "capped": False} in answer["items"]
    after = table.seat(winner)
    assert after["entry"] == before["entry"] and after["feed"] == before["feed"] and "hu" in after["options"]
    assert table.public()["wins"] == []


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            {"hand": dict(HAND, concealed="234m234p789m456s5s")},
            "手牌连同胡的牌共13张，有0组副露时应为14张：还差1张",
        ),
        ({"hand": dict(HAND, concealed="234m234p789m456s55s5s")}, "多了1张"),
        ({"hand": dict(HAND, concealed="234m234p789m5555s55s", melds=[])}, "多了"),
        (
            {"hand": dict(HAND, concealed="234m234p789m55s", melds=["pon 555s"])},
            "五条共5张，一副牌每种只有4张",
        ),
        ({"hand": dict(HAND, concealed="234m234p789m456s5s", win_tile="")}, "请选择胡的牌"),
        ({"hand": dict(HAND, win_tile="1z")}, "胡的牌要算在手牌之中"),
        ({"hand": dict(HAND, flowers="11f")}, "每种花牌只有1张"),
        ({"hand": dict(HAND, win_by="ron")}, "请选择打出这张牌（或加杠）的玩家"),
        ({"hand": dict(HAND, flags=["last_discard"])}, "河底捞鱼只能是胡别人打出或加杠的牌"),
        ({"hand": dict(HAND, win_by="ron", flags=["kong_replacement"]), "from": "A"}, "杠上开花只能是自摸"),
        ({"hand": dict(HAND, flags=["heavenly", "earthly"])}, "天胡和地胡不能同时成立"),
        ({"wall": 95}, "牌墙余量应在0到91之间"),
        ({"wall": None}, "请填写牌墙余量：牌墙中还能摸的牌数"),
        ({"hand": dict(HAND, concealed="134m234p789m456s55s")}, "这手牌组不成胡牌"),
    ],
)
def test_what_is_wrong_is_said_in_chinese_before_it_is_sent_s13(
    table: ApiTable, change: dict[str, Any], problem: str
) -> None:
    """Each thing ``hexmj score`` or the table refuses, said in Chinese; the hand is not entered."""
    winner = holding(table, SUITED)
    body: dict[str, Any] = {"hand": HAND, "wall": 40, **change}
    if body.get("from") == "A" and winner == "A":
        body["from"] = "B"
    if body["wall"] is None:
        del body["wall"]
    answer = check(table, winner, **body)
    assert answer["ok"] is False and problem in answer["problem"], answer
    assert table.public()["wins"] == []


def test_a_discarder_and_the_wall_are_checked_against_the_table_s10_s12(table: ApiTable) -> None:
    """A win on a discard names another player still in the round; the wall count is no more than the
    last one told (§10); both as the table would refuse them."""
    winner = holding(table, SUITED)
    ron = dict(HAND, win_by="ron")
    assert check(table, winner, hand=ron, wall=40, **{"from": winner})["problem"] == (
        f"{winner} 不是仍在本局中的其他玩家"
    )
    other = next(s for s in "ABCD" if s != winner)
    assert check(table, winner, hand=ron, wall=40, **{"from": other})["ok"] is True
    first = next(s for s in "AC" if s != winner)
    table.decide(first, "hu", hand=HAND, wall=30)
    answer = check(table, winner, hand=HAND, wall=31)
    assert answer == {
        "ok": False,
        "problem": "牌墙余量不能多于上次告知的30张",
        "total": None,
        "items": [],
        "asks": [],
    }


def test_a_contract_in_the_way_is_named_s9_6(table: ApiTable, client: TestClient) -> None:
    """Seed 5's contracts: A C-23 and C C-18 are met by the hand; B's C-08 (a 123 and a 789 chow) is
    not, refused naming the card and its text (§9.6); D's C-12, which the table tracks (a kong tapped),
    is asked at the hu instead (R607).  A black contract forbidding chow (B-01) refuses a hand with one."""
    assert [table.public()["seats"][s]["contract"] for s in "ABCD"] == ["C-23", "C-08", "C-18", "C-12"]
    assert check(table, "A", hand=HAND, wall=40)["ok"] is True
    refused = check(table, "B", hand=HAND, wall=40)
    assert refused["ok"] is False and refused["problem"] == (
        "契约「老少搭配」尚未完成，不能胡牌（§9.6）："
        "胡牌时，牌型中同时包含一副123顺子和一副789顺子，花色可以不同。"
    )
    asked = check(table, "D", hand=HAND, wall=40)
    assert asked["ok"] is True and asked["total"] is None
    assert asked["asks"] == ["提交后会先问你：胡牌前契约已经完成了吗？"]
    black = ApiTable(client, create(client, table="physical", pool=POOL, seed=5, test=True))
    while open_ := black.prompts():
        letter, prompt = open_[0]
        values = [o["option"] for o in prompt["options"]]
        black.decide(letter, next((v for v in values if v.endswith("B-01")), values[0]))
    holder = holding(black, ("B-01",))
    chow = dict(HAND, concealed="234p789m456s55s", melds=["chi 234m"])
    answer = check(black, holder, hand=chow, wall=40)
    assert answer["ok"] is False and answer["problem"].endswith("禁止吃，这手牌却有吃的副露（§9）")


def test_the_host_checks_for_a_seat_with_the_host_token_item_9(table: ApiTable, client: TestClient) -> None:
    """The host's picker checks a seat's hu under the host token (403 without); a malformed body is 400
    naming the field; a seat token of no real table is 404."""
    winner = holding(table, SUITED)
    url = f"/api/tables/{table.id}/check"
    assert client.post(url, json={"seat": winner, "hand": HAND, "wall": 40}).status_code == 403
    response = client.post(url, json={"seat": winner, "hand": HAND, "wall": 40}, headers=table.auth())
    assert response.status_code == 200 and response.json()["ok"] is True
    bad = client.post(url, json={"seat": "E", "hand": HAND, "wall": 40}, headers=table.auth())
    assert bad.status_code == 400 and bad.json()["error"].startswith("seat:")
    assert check(table, winner, 400, hand="123m")["error"].startswith("hand:")
    assert check(table, winner, 400, hand=HAND, wall=40, option="hu")["error"].startswith(
        "option: not a field"
    )
    assert check(table, winner, 400, hand=dict(HAND, concealed="12x"), wall=40)["error"].startswith(
        "hand.concealed:"
    )
    assert check(table, winner, 400, hand=dict(HAND, contract={"id": "C-01"}), wall=40)["error"].startswith(
        "hand.contract:"
    )
    assert client.post("/api/seats/nosuchtoken/check", json={}).status_code == 404


def test_no_hu_is_checked_before_play_or_after_the_winner_left_s11_s12(client: TestClient) -> None:
    """Before the contracts are shown (the draft) nothing is scored — no contract is read before its
    reveal (§9.1) — and a winner who has left the round has no hu to check (§12)."""
    made = ApiTable(client, create(client, table="physical", pool=POOL, seed=5, test=True))
    answer = check(made, "A", hand=HAND, wall=40)
    assert answer["ok"] is False and answer["problem"] == "请先回答桌上正在等待的选择，再录入胡牌"
    assert answer["total"] is None and answer["items"] == []
    while open_ := made.prompts():
        letter, prompt = open_[0]
        made.decide(letter, prompt["options"][0]["option"])
    winner = holding(made, SUITED)
    made.decide(winner, "hu", hand=HAND, wall=40)
    assert check(made, winner, hand=HAND, wall=40)["problem"] == f"{winner} 本局已经胡牌离场"
