"""A whole 4-round test session at a real table through the console's API (issue 31 item 10): drafts,
the world card, a kong that draws a chance card, a chance card the table does and one it cannot, a
lasting card ended, contracts chosen, completed and one abandoned at the window, a party challenge
refused under §17.4, a treasure bonus, three wins and a round to an empty wall, an undo, a restart;
then the §18.3 record, field by field, and no secret on a screen it does not belong to."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from console_support import console
from physical_support import ApiTable, pool_text

from tools.console_web import physical_table
from tools.lab.records import SessionRecord
from tools.lab.store import load_records, open_store

POOL = pool_text(
    mode="all",
    W=["W-01"], O_P=["O-P01", "O-P03", "O-P04"], O_N=0, O_C=["O-C09"], O_X=0,
    F_T=0, F_I=["F-I05"], F_R=0, F_S=0,
    S=["S-01", "S-02", "S-03", "S-05", "S-07", "S-08", "S-12", "S-13"],
    G=["G-01", "G-03", "G-04", "G-09", "G-10", "G-11", "G-14", "G-15"],
    P=["P-01", "P-02", "P-03", "P-05", "P-08", "P-11", "P-12", "P-16"],
    C=["C-01", "C-21", "C-14", "C-17", "C-18", "C-12", "C-23", "C-08"], B=["B-04", "B-16", "B-03", "B-01"],
    T=["T-01"],
)  # fmt: skip
TREASURE_HAND = "234m234p789m456s77z"
"""Completes C-01, C-14, C-17, C-18, C-21 and B-16, and holds 红中, the treasure of T-01 (§8.2)."""
HANDS = {
    "B-04": "234m234p789m456s55s",
    "B-01": "111m222m345p678s99s",
    "C-23": "456m456p456s123m99s",
    "C-08": "123m789m456p234s55s",
}
"""A hand that completes each contract the treasure hand does not."""
CONTRACTS = ["C-12", "C-01", "C-21", "C-14", "C-17", "C-18", "B-16", "C-23", "C-08", "B-04", "B-03", "B-01"]
"""The contracts a player prefers, C-12 first (a kong completes it)."""


@dataclass
class Script:
    """The table's policy for every prompt, and what the session has reached."""

    table: ApiTable
    reached: set[str] = field(default_factory=set)
    abandoner: str | None = None
    ignored: set[tuple[str, str]] = field(default_factory=set)
    """Prompts left unanswered, by seat and card."""

    def answer(self, letter: str, prompt: dict[str, Any]) -> str:
        values: list[str] = [o["option"] for o in prompt["options"]]
        kind, card = prompt["kind"], prompt["card"]
        if kind == "draft":
            return values[0]
        if kind == "contract":
            return next((v for c in CONTRACTS for v in values if v.endswith(c)), values[0])
        if kind == "window":
            if letter == self.abandoner:
                self.reached.add("abandoned")
                return "abandon"
            return "keep"
        if kind == "do":
            if card in ("O-P01", "O-P04") and "done" in self.reached and "cannot" not in self.reached:
                self.reached.add("cannot")
                return f"cannot {card}"
            if card in ("O-P01", "O-P04"):
                self.reached.add("done")
            return f"done {card}"
        if kind == "choose" and card == "O-C09":
            return values[0]
        if kind == "challenge":
            if "refused" not in self.reached:
                self.reached.add("refused")
                return f"challenge {card} refused"
            return f"challenge {card} done"
        preferred = [v for v in values if v.startswith(("pass", "yes", "keep", "card"))]
        return (preferred or values)[0]

    def settle(self) -> None:
        """Answer every prompt on the phones; a secret choice changes no other screen but for whom the
        table still waits (§5.2, §9.1, §10.1)."""
        while True:
            open_ = [(s, p) for s, p in self.table.prompts() if (s, p["card"]) not in self.ignored]
            if not open_:
                return
            letter, prompt = open_[0]
            secret = prompt["kind"] in ("draft", "contract", "window")
            if prompt["kind"] in ("draft", "contract") and self.table.public()["round"] == 1:
                self.check_offers(letter, {o["option"].split(" ", 1)[-1] for o in prompt["options"]})
            state = self.table.public()["state"]
            before = self.others(letter) if secret else []
            self.table.decide(letter, self.answer(letter, prompt))
            still = [p for _, p in self.table.prompts() if p["kind"] == prompt["kind"]]
            if secret and still and self.table.public()["state"] == state:
                assert self.others(letter) == before, (letter, prompt["kind"])

    def others(self, letter: str) -> list[dict[str, Any]]:
        """Every screen but the seat's own, without whom the table waits for."""
        screens = [self.table.seat(o) for o in "ABCD" if o != letter] + [
            self.table.public(),
            self.table.host(),
        ]
        for screen in screens:
            screen.pop("waiting", None)
        return screens

    def check_offers(self, letter: str, hidden: set[str]) -> None:
        """A seat's secret offers are on its own phone only (§5.2, §9.1)."""
        screens = [json.dumps(self.table.seat(o), ensure_ascii=False) for o in "ABCD" if o != letter]
        screens += [json.dumps(self.table.public()), json.dumps(self.table.host())]
        for screen in screens:
            assert not any(f'"{card}"' in screen or f"{card} " in screen for card in hidden), (letter, hidden)


def hand_of(contract: str | None) -> str:
    return HANDS.get(contract or "", TREASURE_HAND)


def win(
    table: ApiTable, letter: str, wall: int, source: str | None = None, contract: str | None = None
) -> dict[str, Any]:
    concealed = hand_of(contract)
    ron = source is not None and contract != "B-03"
    tile = concealed[-2:] if concealed.endswith("z") else concealed[-2] + concealed[-1]
    hand = {"concealed": concealed, "win_tile": tile, "win_by": "ron" if ron else "self_draw"}
    extra: dict[str, Any] = {"from": source} if ron else {}
    return table.decide(letter, "hu", hand=hand, wall=wall, **extra)


@pytest.fixture
def ticks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    used: list[int] = []
    counter = iter(range(1_000_000, 10**12, 60_000))

    def clock() -> int:
        used.append(next(counter))
        return used[-1]

    monkeypatch.setattr(physical_table, "clock", clock)
    return used


def contracts(table: ApiTable) -> dict[str, str | None]:
    return {s: table.seat(s)["me"]["contract"] for s in "ABCD"}


def kongs(script: Script) -> None:
    """Every player in the round makes a kong (W-01: each draws a chance card); lasting cards are
    ended by their holders."""
    table = script.table
    for letter in "ABCD":
        if "kong ankan" in table.seat(letter)["options"]:
            table.decide(letter, "kong ankan")
            script.settle()
    for letter in "ABCD":
        for option in table.seat(letter)["options"]:
            if option.startswith("end "):
                table.decide(letter, option)
                script.reached.add("ended")


def test_a_four_round_test_session_at_a_real_table_s18_1(tmp_path: Path, ticks: list[int]) -> None:
    """Item 10: the whole session through the API, every stage reached, the record field by field."""
    db = tmp_path / "table.db"
    with console(db) as client:
        made = client.post("/api/tables", json={"table": "physical", "pool": POOL, "seed": 11, "test": True})
        assert made.status_code == 201, made.text
        table = ApiTable(client, made.json())
        script = Script(table)
        starts = [ticks[-1]]

        # Round 1: drafts, contracts, kongs drawing chance cards, the window, three wins.
        script.settle()
        held = contracts(table)
        assert all(held.values())
        assert table.public()["world"] == "W-01" and table.public()["treasure"]["card"] == "T-01"
        kong_maker = next(s for s, c in held.items() if c == "C-12")
        kongs(script)
        assert table.public()["seats"][kong_maker]["contract_status"] == "completed"
        table.decide("A", "lookup", card="W-01")
        table.host_decide("missed", card="W-01", seat="B")
        table.host_decide(
            "dispute", question="两人同时杠牌谁先抽？", step="priority", outcome="按顺时针", cards=["W-01"]
        )
        script.abandoner = next(
            s for s, c in held.items() if table.public()["seats"][s]["contract_status"] == "open"
        )
        table.decide("A", "wall 24")
        script.settle()
        assert table.public()["seats"][script.abandoner]["contract_status"] == "abandoned"
        others = [s for s in "ABCD" if s not in (script.abandoner, kong_maker)]
        winners = [kong_maker, others[0], script.abandoner]
        first = win(table, winners[0], 20, contract=held[winners[0]])
        script.settle()
        items = {i["id"] for i in first["seats"][winners[0]]["won"]["items"]}
        assert {"treasure", "contract_normal", "ankan"} <= items
        script.reached.add("treasure")
        source = next(s for s in "ABCD" if s not in winners)
        win(table, winners[1], 15, source=source, contract=held[winners[1]])
        table.decide(source, "close")
        script.settle()
        third = win(table, winners[2], 10, contract=None)
        ends = [ticks[-1]]
        assert third["round"] == 2 or third["state"] in ("draft", "playing", "contracts")
        round_one_scores = dict(table.public()["totals"])
        assert sum(round_one_scores.values()) > 0

        # Round 2: a chance card's prompt left unanswered, the wall to its end.
        script.settle()
        starts.append(ends[-1])
        unanswered: tuple[str, str] | None = None
        for letter in "ABCD":
            table.decide(letter, "kong ankan")
            pending = table.seat(letter)["prompts"]
            if pending and unanswered is None:
                unanswered = (letter, pending[0]["card"])
                script.ignored.add(unanswered)
            script.settle()
        assert unanswered is not None
        table.decide("C", "wall 24")
        script.settle()
        table.decide("C", "wall 0")
        ends.append(ticks[-1])
        script.ignored.clear()
        script.settle()

    # A restart: the console started again over the same store resumes the table.
    with console(db) as client:
        table.reconnect(client)
        script.settle()
        starts.append(ends[-1])
        # Round 3: an undo puts the table back exactly.
        before = table.public()
        table.host_decide("D kong ankan")
        table.host_decide("undo")
        assert table.public()["seats"] == before["seats"]
        kongs(script)
        table.decide("D", "wall 24")
        script.settle()
        table.decide("D", "wall 0")
        ends.append(ticks[-1])
        script.settle()
        starts.append(ends[-1])
        # Round 4: the wall's end.
        table.decide("A", "wall 24")
        script.settle()
        table.decide("A", "wall 0")
        ends.append(ticks[-1])
        script.settle()
        final = table.public()
        assert final["state"] == "results"
        assert [s["seat"] for s in final["results"]["standings"]] and final["results"]["test_session"] is True
        assert {"done", "cannot", "ended", "refused", "abandoned", "treasure"} <= script.reached, (
            script.reached
        )
        for letter in "ABCD":
            client.post(f"/api/seats/{table.tokens[letter]}/confirm")
        assert table.public()["state"] == "draft" and table.public()["session"] == 2

    engine = open_store(f"sqlite:///{db}")
    try:
        stored = [SessionRecord.model_validate_json(text) for _, text in load_records(engine, "hextech")]
    finally:
        engine.dispose()
    assert len(stored) == 1
    record = stored[0]
    assert record.source == "table" and record.rounds == 4 and record.mode == "all"
    assert record.agents == ("table",) * 4 and record.seed == 11
    assert [r.number for r in record.played] == [1, 2, 3, 4]
    assert [r.dealer for r in record.played] == [0, 1, 2, 3]
    one = record.played[0]
    assert one.world is not None and one.world.card == "W-01" and one.treasure == "T-01"
    assert [w.order for w in one.wins] == [1, 2, 3] and not one.exhausted
    assert [w.wall_left for w in one.wins] == [20, 15, 10]
    assert [w.self_drawn for w in one.wins] == [True, False, True] or held[winners[1]] == "B-03"
    assert one.table is not None and one.table.lookups == 1
    assert one.table.seconds == (ends[0] - starts[0]) // 1000
    assert [(m.card, m.player, m.how) for m in one.table.missed][:1] == [("W-01", 1, "button")]
    assert [(d.question, d.step, d.outcome) for d in one.table.disputes] == [
        ("两人同时杠牌谁先抽？", "priority", "按顺时针")
    ]
    by_player = {p: one.players[p].contract for p in range(4)}
    abandoner = "ABCD".index(script.abandoner)
    assert (abandoned := by_player[abandoner]) is not None and abandoned.abandoned
    maker = "ABCD".index(kong_maker)
    assert (
        (maker_record := by_player[maker]) is not None
        and maker_record.card == "C-12"
        and maker_record.completed
    )
    assert all(len(p.augments) == 1 for p in one.players)
    assert [p.score for p in one.players] == [round_one_scores[s] for s in "ABCD"]
    two = record.played[1]
    assert two.exhausted and two.wins == () and len(two.players[0].augments) == 2
    assert two.table is not None
    assert (unanswered[1], "ABCD".index(unanswered[0]), "unanswered") in [
        (m.card, m.player, m.how) for m in two.table.missed
    ]
    assert two.table is not None and two.table.seconds == (ends[1] - starts[1]) // 1000
    assert len(record.played[2].players[0].augments) == 3
    drawn = [d for r in record.played for d in r.drawn]
    assert any(d.unexecutable for d in drawn) and any(d.triggered for d in drawn)
    assert any(c.outcome == "refused" for r in record.played for c in r.challenges)
    assert sum(record.final_scores) == sum(p.score for r in record.played for p in r.players)
    assert record.chips is not None
