"""A real table's account and results (实体桌, issue 31 items 2, 4, 8; §11, §16): each round played stays
on every screen with its world card, its wins and their items, the wall at each win and each seat's
points once the next round has begun, and the session's results hold the standings, the rounds, the
chips and the 欢乐之星 (§7.1), as at an online table."""

from __future__ import annotations

from pathlib import Path

from console_support import console
from physical_support import ApiTable, Table, pool_text

from tools.physical import views
from tools.physical.results import results

A, B, C, D = range(4)
HAND = {"concealed": "234m234p789m456s55s", "melds": [], "win_tile": "5s", "win_by": "self_draw"}
SUITED = ["C-01", "C-14", "C-23", "C-17", "C-18", "C-21", "C-02", "C-06"]
"""The normal contracts of the pool: HAND completes the first six at the hu."""
GOOD = SUITED[:6]


POOL = pool_text(
    mode="party",
    W=["W-01"], O_P=["O-P03"], O_N=0, O_C=["O-C09"], O_X=0, F_T=0, F_I=["F-I05"], F_R=0, F_S=0,
    S=["S-05", "S-06", "S-11", "S-12", "S-14", "S-15", "S-18", "S-01"], G=8, P=8,
    C=SUITED, B=["B-04", "B-05", "B-06", "B-07"],
)  # fmt: skip
"""A party-mode pool: W-01 (a kong draws a chance card), a chance card that sets a challenge (O-C09),
contracts HAND completes."""


def party_table() -> Table:
    """A table of :data:`POOL`."""
    return Table(POOL, seed=2)


def test_a_round_played_stays_on_every_screen_with_its_wins_and_points_s11_s18_3() -> None:
    """Once round 1 has ended and round 2 begun, every screen's ``account`` holds round 1: its dealer,
    world card, each win's seat, order, discarder, wall and scored items, each seat's points and
    contract; the round in play is not in it."""
    table = party_table()
    table.settle(prefer={p: GOOD for p in range(4)}, default="pass")
    table.enter(B, "kong ankan")
    table.settle(default="pass")
    table.enter(A, "hu", hand=HAND, wall=40)
    table.settle(default="pass")
    table.enter(C, "hu", hand=dict(HAND, win_by="ron"), wall=30, **{"from": "D"})
    table.enter(D, "close")
    table.settle(default="pass")
    table.enter(B, "wall 24")
    table.settle(default="keep", until="draft")
    table.enter(B, "wall 0")
    table.settle(until="draft")
    assert table.st.rnd.number == 2
    account = table.public()["account"]
    assert [r["number"] for r in account] == [1]
    one = account[0]
    assert one["dealer"] == "A" and one["world"] == "W-01" and one["exhausted"] is True
    wins = one["wins"]
    assert [(w["seat"], w["order"], w["from"], w["wall"]) for w in wins] == [
        ("A", 1, None, 40),
        ("C", 2, "D", 30),
    ]
    assert wins[0]["items"][0] == {"id": "hu_order", "name": "第一名胡牌", "points": 4, "capped_by": None}
    assert one["points"]["B"] == 2 and one["points"]["A"] == wins[0]["total"]
    assert one["contracts"]["A"]["status"] == "completed"
    assert views.seat(table.game, D, {})["account"] == account


def test_the_session_results_hold_the_rounds_the_chips_and_the_stars_s16_s7_1() -> None:
    """§16: the results give the standings, each round's points, and in party mode each seat's chips
    and the 欢乐之星 (every player holding the most chips; none before any chip is earned)."""
    table = party_table()
    for _ in range(4):
        table.settle(prefer={p: GOOD for p in range(4)}, default="pass", until="draft")
        table.settle(prefer={p: GOOD for p in range(4)}, default="pass")
        if table.st.ended:
            break
        table.enter(A, "wall 24")
        table.settle(default="keep")
        table.enter(A, "wall 0")
    assert table.st.ended
    shown = results(table.st)
    assert [r["number"] for r in shown["rounds"]] == [1, 2, 3, 4]
    assert all(set(r["scores"]) == set("ABCD") for r in shown["rounds"])
    assert [s["seat"] for s in shown["standings"]] and shown["party"]["chips"] == dict.fromkeys("ABCD", 0)
    assert shown["party"]["stars"] == []
    table.st.chips.earn(C, 2, "F-I05", 4)
    assert results(table.st)["party"]["stars"] == ["C"]


def test_the_pages_show_the_rounds_played_and_the_results_s16(tmp_path: Path) -> None:
    """The host screen and a phone, as served, show 本场记录 with each win's place and items once a round
    has ended, and the results' rounds and 欢乐之星 once the session has."""
    with console(tmp_path / "c.db") as client:
        made = client.post(
            "/api/tables", json={"table": "physical", "pool": POOL, "seed": 2, "test": True}
        ).json()
        table = ApiTable(client, made)
        answer_all(table)
        table.decide("A", "hu", hand=HAND, wall=40)
        answer_all(table)
        for _ in range(4):
            table.decide("B", "wall 24")
            answer_all(table)
            table.decide("B", "wall 0")
            answer_all(table)
            pages = [client.get(made["host"]).text, client.get(made["seats"]["C"]["url"]).text]
            assert all("本场记录" in page and "第1名 A（自摸，牌墙 40）" in page for page in pages)
        assert table.public()["state"] == "results"
        assert all("欢乐之星" in client.get(url).text for url in (made["host"], made["seats"]["D"]["url"]))


def answer_all(table: ApiTable) -> None:
    """Every prompt on the phones answered: contracts HAND completes, else the first option."""
    while prompts := table.prompts():
        letter, prompt = prompts[0]
        values = [o["option"] for o in prompt["options"]]
        table.decide(letter, next((v for v in values if v.split()[-1] in GOOD), values[0]))
