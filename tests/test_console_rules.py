"""The host console seats and plays a table of the standard (seed 002) and 红中 (seed 003) rule sets
through the same web API and pages (issue 14 item 5; R370–R375)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from console_support import arrange, console, create, play, seat_view
from pools_lint_cli import run_hexmj
from starlette.testclient import TestClient

from engine.agents.roster import LOGGED, make_bots
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import LogError
from engine.core.registry import installed
from engine.core.seat_view import BLIND
from tools.console_web.requests import Served

CARD_KEYS = {"world", "treasure", "treasure_faces", "chips", "stars", "cards", "seen", "contract_open"}
"""What a hextech table's messages carry of its cards (§5, §6, §7, §8, §9)."""
CARD_SEAT_KEYS = {"augments", "contract", "chips", "revealed", "won_hand"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with console(tmp_path / "console.db") as running:
        yield running


def tokens_of(made: dict[str, object]) -> dict[str, str]:
    seats = made["seats"]
    assert isinstance(seats, dict)
    return {letter: seat["token"] for letter, seat in seats.items()}


def host_token(made: dict[str, object]) -> str:
    return str(made["host"]).rsplit("/", 1)[1]


def decide(client: TestClient, token: str, option: str) -> dict[str, Any]:
    response = client.post(f"/api/seats/{token}/decide", json={"option": option})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_a_standard_table_plays_to_its_results_with_bots_and_a_person(client: TestClient) -> None:
    """Seed 002: the person at A answers through the API, B–D are greedy bots; the session runs 4
    rounds (a test session, R372), every round's wins are itemised with their settlement, and the
    results stay until A confirms "开始新一场" (§16)."""
    made = create(client, rules="standard", seed=2, bots=["B", "C", "D"], test=True)
    tokens = tokens_of(made)
    first = seat_view(client, tokens["A"])
    assert first["rules"] == "standard" and first["state"] == "playing" and first["your_turn"]
    assert first["rule_options"] == {"limit": "limited", "min_fan": 8, "base": 1}
    assert first["decision"]["kind"] == "turn" and all(o.startswith("discard") for o in first["options"])
    assert play(client, tokens, seed=1) > 20
    done = seat_view(client, tokens["A"])
    assert done["state"] == "results" and len(done["results"]["rounds"]) == 4
    assert [r["number"] for r in done["account"]] == [1, 2, 3, 4]
    wins = [w for r in done["account"] for w in r["wins"]]
    assert wins, "seed 2 has wins"
    for win in wins:
        assert win["total"] == sum(f["value"] * f["count"] for f in win["fan"])
        assert sum(win["gains"].values()) == 0 and win["gains"][win["seat"]] > 0
        payers = {seat for seat, gain in win["gains"].items() if gain < 0}
        assert payers == ({win["from"]} if win["from"] else {"A", "B", "C", "D"} - {win["seat"]})
    totals = {s["seat"]: s["total"] for s in done["results"]["standings"]}
    assert totals == {p: sum(r["scores"][p] for r in done["results"]["rounds"]) for p in "ABCD"}
    assert {p: done["seats"][p]["score"] for p in "ABCD"} == totals
    assert client.post(f"/api/seats/{tokens['A']}/confirm").status_code == 200
    again = seat_view(client, tokens["A"])
    assert again["state"] == "playing" and again["results"] is None and again["round"] == 1


def test_the_ended_sessions_log_downloads_and_replays(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R371: the host's log of a 红中 table once its session has ended (409 before) is the
    ``hexmj play --rules NAME --log`` format, the person's seat named ``web`` (R375), and
    ``hexmj replay`` plays it again to the same standings."""
    made = create(client, rules="hongzhong", seed=3, bots=["C", "D"], test=True)
    log = f"/host/{host_token(made)}/log"
    early = client.get(log)
    assert early.status_code == 409 and "has not ended" in early.json()["error"]
    assert client.get("/host/nosuchtoken/log").status_code == 404
    play(client, tokens_of(made), seed=5)
    standings = seat_view(client, tokens_of(made)["A"])["results"]["standings"]
    response = client.get(log)
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    header = json.loads(response.text.splitlines()[0])
    assert header["rules"] == "hongzhong" and header["agents"] == ["web", "web", "greedy", "greedy"]
    assert header["rounds"] == 4 and header["options"]["discard_win"] is True
    path = tmp_path / "table.log"
    path.write_text(response.text, "utf-8")
    capsys.readouterr()
    code, out, err = run_hexmj(["replay", str(path), "--json"], monkeypatch, capsys)
    assert code == 0, err
    assert json.loads(out)["standings"] == standings


def test_the_servers_rules_and_options_are_a_requests_default(tmp_path: Path) -> None:
    """R373: ``hexmj serve --rules standard --option base=2`` makes a table of a request naming no
    rule set; a request's ``options`` go over the server's; ``rules`` picks another rule set with
    its own defaults."""
    with console(tmp_path / "c.db", Served("standard", {"limit": "limited", "base": 2})) as client:
        plain = create(client, seed=1, bots=["B", "C", "D"], test=True)
        assert seat_view(client, tokens_of(plain)["A"])["rule_options"]["base"] == 2
        over = create(client, seed=1, bots=["B", "C", "D"], options={"limit": "unlimited"})
        assert seat_view(client, tokens_of(over)["A"])["rule_options"] == {
            "limit": "unlimited",
            "min_fan": 8,
            "base": 2,
        }
        other = create(client, rules="hongzhong", seed=1, bots=["B", "C", "D"], options={"alarm": False})
        shown = seat_view(client, tokens_of(other)["A"])
        assert shown["rules"] == "hongzhong" and shown["rule_options"]["alarm"] is False
        hextech = create(client, rules="hextech", mode="strategy", seed=1, bots=["B", "C", "D"])
        assert "rules" not in seat_view(client, tokens_of(hextech)["A"])
        assert 'value="standard" selected' in client.get("/").text


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"rules": "riichi"}, "rules: 'riichi': no such rule set (installed: "),
        ({"rules": 7}, "rules: expected a rule set's name, got 7"),
        ({"rules": "standard", "options": {"base": 11}}, "options.base: takes 1..10, not 11"),
        ({"rules": "standard", "options": {"fan": 1}}, "options.fan: standard has no such option"),
        ({"rules": "standard", "options": {"base=3": 5}}, "options.base=3: standard has no such option"),
        ({"rules": "standard", "options": {"base": True}}, "options.base: takes a whole number, not 'true'"),
        ({"rules": "standard", "options": ["base=2"]}, "options: expected an object"),
        ({"rules": "hongzhong", "options": {"alarm": "maybe"}}, "options.alarm: takes true or false"),
        ({"options": {"base": 2}}, "options.base: hextech tables take no options"),
        ({"rules": "standard", "mode": "all"}, "mode: a field of hextech tables, not of rules standard"),
        ({"rules": "hongzhong", "filming": True}, "filming: a field of hextech tables"),
        ({"rules": "standard", "bots": ["B"], "agents": {"B": "nosuch"}}, "agents.B: unknown agent 'nosuch'"),
        (
            {"rules": "hongzhong", "bots": ["B"], "agents": {"B": "search:0"}},
            "agents.B: the budget of search for B must be a whole number 1…4096, got '0'",
        ),
    ],
)
def test_a_bad_rule_set_or_option_names_its_field(
    client: TestClient, body: dict[str, object], error: str
) -> None:
    """Bad input: one line naming the field, 400, and no table is made."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and response.json()["error"].startswith(error), response.text
    assert "\n" not in response.json()["error"]
    assert client.app.state.console.tables.tables == {}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--rules", "riichi"], "hexmj: error: --rules riichi: no such rule set (installed: "),
        (["--rules", "standard", "--option", "base=11"], "hexmj: error: --option base: takes 1..10, not 11"),
        (["--rules", "hongzhong", "--option", "chi"], "hexmj: error: --option chi: hongzhong has no such"),
        (["--option", "base=2"], "hexmj: error: --option base=2: options belong to --rules NAME"),
    ],
)
def test_hexmj_serve_refuses_a_bad_rule_set_before_binding_a_port(
    argv: list[str], error: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One line, exit 2 (README's table), and the server never starts."""
    monkeypatch.setattr("uvicorn.run", lambda *a, **k: pytest.fail("the server started"))
    code, out, err = run_hexmj(["serve", *argv], monkeypatch, capsys)
    assert (code, out) == (2, "") and err.startswith(error) and len(err.splitlines()) == 1, err


def test_hexmj_serve_rules_names_the_table_of_a_plain_request(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--rules`` with the help every command shares, ``--option`` repeatable; the server's
    application gets the rule set and every option's value."""
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run_hexmj(["serve", "-h"], monkeypatch, capsys)
    assert code == 0 and re.search(
        r"--rules\s+NAME\s+The rule set \(hexmj rulesets lists those installed\)\.", out
    )
    assert re.search(r"--option\s+NAME\[=VALUE\]", out)
    served: list[Served] = []

    def app(db: str | None, rules: Served, settings: object) -> SimpleNamespace:
        served.append(rules)
        return SimpleNamespace(state=SimpleNamespace(console=SimpleNamespace()))

    monkeypatch.setattr("tools.cmd_serve.create_app", app)
    monkeypatch.setattr(
        "tools.cmd_serve.listen", lambda host, port: SimpleNamespace(getsockname=lambda: (host, port))
    )
    monkeypatch.setattr("tools.cmd_serve.Announced.run", lambda self, sockets: None)
    code, _, _ = run_hexmj(["serve", "--rules", "standard", "--option", "base=3"], monkeypatch, capsys)
    assert code == 0 and served == [Served("standard", {"limit": "limited", "min_fan": 8, "base": 3})]


def test_a_chi_is_offered_only_to_the_discarders_lower_seat(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 002 出牌 1 "上家打出牌": A discards 3m; B (A's 下家) holding 12m 45m is offered three chi,
    D holding the same is asked nothing; B's chi is its meld and only discards follow (R473)."""
    arrange(
        monkeypatch,
        "standard",
        ["3m11p479p258s12345z", "1245m66p349s5677z", "123567p789s1236z", "1245m88p2p67s1s346z"],
    )
    made = create(client, rules="standard", seed=4)
    tokens = tokens_of(made)
    assert decide(client, tokens["A"], "discard 3m")["options"] == []
    assert seat_view(client, tokens["B"])["options"] == ["pass", "chi 123m", "chi 234m", "chi 345m"]
    assert seat_view(client, tokens["D"])["options"] == []
    after = decide(client, tokens["B"], "chi 234m")
    assert after["seats"]["B"]["melds"] == [{"kind": "chi", "tiles": ["2m", "3m", "4m"]}]
    assert after["options"] and all(o.startswith("discard") for o in after["options"])
    assert seat_view(client, tokens["A"])["seats"]["A"]["river"] == []
    assert "B 吃 3m（A）" in seat_view(client, tokens["D"])["feed"]


def test_hu_beats_pon_on_one_discard(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 002 出牌 注 "胡>碰/杠>吃": A's 5m is claimed by C's pon and D's hu (九莲宝灯); the hu
    stands, C has no meld, A alone pays base × fan (【积分规则】 2)."""
    arrange(
        monkeypatch,
        "standard",
        ["5m11p479p258s12345z", "124578p369s1357z", "55m369p147s246z2p8s", "1112345678999m"],
    )
    made = create(client, rules="standard", seed=4, options={"base": 2}, test=True)
    tokens = tokens_of(made)
    decide(client, tokens["A"], "discard 5m")
    assert seat_view(client, tokens["B"])["options"] == []
    assert seat_view(client, tokens["C"])["options"] == ["pass", "pon"]
    decide(client, tokens["C"], "pon")
    assert seat_view(client, tokens["D"])["options"] == ["pass", "hu"]
    view = decide(client, tokens["D"], "hu")
    [win] = view["account"][0]["wins"]
    assert (win["seat"], win["from"], win["tile"]) == ("D", "A", "5m")
    assert win["fan"][0] == {"name": "九莲宝灯", "value": 88, "count": 1}
    assert win["gains"] == {"A": -2 * win["total"], "B": 0, "C": 0, "D": 2 * win["total"]}
    assert view["account"][0]["gains"] == win["gains"]
    assert not any(line.startswith("C 碰") for line in view["feed"])


def test_one_winner_per_discard_by_seat_order(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 002 和牌的规定 二 (三): B and C both claim hu on A's 5m; only B, the first from the
    discarder in turn order, wins."""
    arrange(monkeypatch, "standard", ["5m11p479p258s12345z", "1112345678999m", "112233446677p5m", ""])
    made = create(client, rules="standard", seed=4, test=True)
    tokens = tokens_of(made)
    decide(client, tokens["A"], "discard 5m")
    assert seat_view(client, tokens["B"])["options"][:2] == ["pass", "hu"]
    decide(client, tokens["B"], "hu")
    assert seat_view(client, tokens["C"])["options"] == ["pass", "hu"]
    view = decide(client, tokens["C"], "hu")
    assert [(w["seat"], w["from"]) for w in view["account"][0]["wins"]] == [("B", "A")]
    assert view["account"][0]["gains"]["C"] == 0


def test_a_hongzhong_table_offers_pon_but_never_chi(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 003 "可碰、杠，不可吃": B holds 12m 45m and 33m; on A's 3m it is offered pon alone."""
    arrange(monkeypatch, "hongzhong", ["3m11p479p258s1236s", "12334455m66p349s", "", ""])
    made = create(client, rules="hongzhong", seed=4, bots=["C", "D"])
    tokens = tokens_of(made)
    decide(client, tokens["A"], "discard 3m")
    assert seat_view(client, tokens["B"])["options"] == ["pass", "pon"]


def test_an_illegal_answer_is_409_and_changes_nothing(client: TestClient) -> None:
    """An option not offered, or a seat answering out of turn: 409 with the reason, the table as it
    was; a malformed body 400."""
    made = create(client, rules="standard", seed=2, bots=["C", "D"], test=True)
    tokens = tokens_of(made)
    before = seat_view(client, tokens["A"])
    wrong = client.post(f"/api/seats/{tokens['A']}/decide", json={"option": "discard 9z"})
    assert wrong.status_code == 409 and "illegal answer 'discard 9z'" in wrong.json()["error"]
    early = client.post(f"/api/seats/{tokens['B']}/decide", json={"option": "pass"})
    assert early.status_code == 409 and early.json()["error"] == "no decision is put to B now"
    bad = client.post(f"/api/seats/{tokens['A']}/decide", json={"answer": 1})
    assert bad.status_code == 400 and bad.json()["error"].startswith("option:")
    confirm = client.post(f"/api/seats/{tokens['A']}/confirm")
    assert confirm.status_code == 409
    assert seat_view(client, tokens["A"]) == before


def test_no_card_part_appears_at_a_rule_sets_table(client: TestClient) -> None:
    """Issue 14 item 5: the world, augments, contracts, modules and card texts are hextech's; a
    standard table's messages and pages have none of them rather than empty ones."""
    made = create(client, rules="standard", seed=2, bots=["B", "C", "D"], test=True)
    tokens = tokens_of(made)
    seat = seat_view(client, tokens["A"])
    host = client.get(f"/api/tables/{made['table']}").json()
    for message in (seat, host):
        assert not CARD_KEYS & set(message)
        assert all(not CARD_SEAT_KEYS & set(shown) for shown in message["seats"].values())
    pages = client.get(f"/seat/{tokens['A']}").text + client.get(f"/host/{host_token(made)}").text
    for word in ("世界牌", "强化", "契约", "欢乐", "宝牌", "放弃窗口"):
        assert word not in pages
    assert "标准麻将" in pages and "底分：1" in pages
    first = seat["options"][0]
    face = first.removeprefix("discard ")
    assert f'data-option="{first}"><span class="tile" data-tile="{face}"' in pages


def test_a_restarted_server_resumes_a_rule_sets_table(tmp_path: Path) -> None:
    """The table's lines are in the store after every answer: a new server over the same store
    re-plays them (its random bots asked all the same) and stands at the same decision, then plays
    on to the very results of a table that was never restarted."""
    body = {"rules": "hongzhong", "seed": 9, "bots": ["B", "D"], "agents": {"B": "random"}, "test": True}
    with console(tmp_path / "kept.db") as client:
        made = create(client, **body)
        play(client, tokens_of(made), seed=2, limit=15)
        play(client, tokens_of(made), seed=3)
        unbroken = seat_view(client, tokens_of(made)["A"])["results"]
    db = tmp_path / "console.db"
    with console(db) as client:
        made = create(client, **body)
        tokens = tokens_of(made)
        play(client, tokens, seed=2, limit=15)
        views = {letter: seat_view(client, token) for letter, token in tokens.items()}
    with console(db) as client:
        assert {letter: seat_view(client, token) for letter, token in tokens.items()} == views
        play(client, tokens, seed=3)
        assert seat_view(client, tokens["A"])["results"] == unbroken


def test_every_installed_rule_set_is_offered_on_the_set_up_page(client: TestClient) -> None:
    page = client.get("/").text
    for name in installed().rulesets:
        assert f'value="{name}"' in page


def test_a_persons_seat_is_web_in_the_log_and_never_a_bot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R375: a replay stands a logged person for a ``web`` seat, which has no answer of its own (a
    log whose answers run out does not replay, exit 5); ``hexmj play --agents`` takes no ``web``."""
    person = make_bots(["web", "greedy", "greedy", "greedy"], 1, LOGGED)[0]
    decision = Decision(DecisionKind.TURN, 0, ("discard 1m", "discard 2m"), "1m")
    with pytest.raises(LogError, match="A is a person's seat and the log has no answer left"):
        person.decide(BLIND, decision)
    code, _, err = run_hexmj(["play", "--rules", "standard", "--agents", "web"], monkeypatch, capsys)
    assert code == 2 and err == (
        "hexmj: error: --agents: unknown agent 'web' for A (one of random, greedy, search, human, console)\n"
    )


def test_a_stored_table_of_a_rule_set_no_longer_installed_waits_in_the_store(tmp_path: Path) -> None:
    """The server starts and seats the other tables; the row is kept untouched, its id never given
    to a new table, and the table comes back once its rule set is installed again."""
    db = tmp_path / "console.db"
    with console(db) as client:
        gone = create(client, rules="standard", seed=1, bots=["B", "C", "D"], test=True)
        kept = create(client, rules="hongzhong", seed=1, bots=["B", "C", "D"], test=True)
        view = seat_view(client, tokens_of(gone)["A"])
    with sqlite3.connect(db) as store:
        (spec,) = store.execute("SELECT spec FROM console_tables WHERE id = ?", (gone["table"],)).fetchone()
        store.execute(
            "UPDATE console_tables SET spec = ? WHERE id = ?",
            (spec.replace('"rules": "standard"', '"rules": "riichi"'), gone["table"]),
        )
    with console(db) as client:
        unseated = client.app.state.console.unseated  # type: ignore[attr-defined]
        assert unseated == {
            gone["table"]: f"table {gone['table']}: --rules riichi: no such rule set "
            + (f"(installed: {', '.join(installed().rulesets)})")
        }
        assert client.get(f"/api/tables/{gone['table']}").status_code == 404
        assert seat_view(client, tokens_of(kept)["A"])["rules"] == "hongzhong"
    with sqlite3.connect(db) as store:
        store.execute("UPDATE console_tables SET spec = ? WHERE id = ?", (spec, gone["table"]))
    with console(db) as client:
        assert seat_view(client, tokens_of(gone)["A"]) == view


def test_an_ended_sessions_record_is_stored_once_with_its_rule_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R374, R380 (§18.3): a 红中 table's session that ends at the console is one record of the
    store's ``table_sessions``, with its rule set, options, seed and seats (a person ``web``) and the
    standings the screens show; a server restarted over the same store does not store it again, and
    ``hexmj records`` lists it."""
    db = tmp_path / "console.db"
    with console(db) as client:
        made = create(client, rules="hongzhong", seed=4, bots=["B", "C", "D"], test=True)
        tokens = tokens_of(made)
        with sqlite3.connect(db) as store:
            assert store.execute("SELECT COUNT(*) FROM table_sessions").fetchone() == (0,)
        play(client, tokens, seed=6)
        standings = seat_view(client, tokens["A"])["results"]["standings"]
    with console(db) as client:
        assert seat_view(client, tokens["A"])["state"] == "results"
    with sqlite3.connect(db) as store:
        rows = store.execute(
            "SELECT source, rules, seed, rounds, agents, record FROM table_sessions"
        ).fetchall()
    assert [row[:5] for row in rows] == [("console", "hongzhong", 4, 4, "web,greedy,greedy,greedy")]
    record = json.loads(rows[0][5])
    assert record["standings"] == standings and record["options"]["discard_win"] is True
    code, out, err = run_hexmj(
        ["records", "--rules", "hongzhong", "--db", f"sqlite:///{db}"], monkeypatch, capsys
    )
    assert code == 0, err
    assert "console" in out and "web,greedy,greedy,greedy" in out
