"""The console's JSON API (issue 13 item 7): tables, seats, decisions, the public view; secrets by
construction and forged decisions refused (§5.4, §9.4, §16, §17.2, §18.1)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from console_support import console, create, deciding, play, seat_view
from starlette.testclient import TestClient
from typer.testing import CliRunner

from engine.agents.search import SearchBot
from engine.core.errors import InputError
from engine.core.tiles import parse
from tools.cli import app
from tools.console_web.cards import library


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with console(tmp_path / "console.db") as running:
        yield running


def test_a_table_gives_a_link_per_persons_seat_and_none_for_bots(client: TestClient) -> None:
    """Seats without a bot get an unguessable token each; the host gets its own link."""
    made = create(client, mode="all", seed=3, bots=["B", "C", "D"], nicknames={"A": "小明"}, test=True)
    assert set(made["seats"]) == {"A"}
    token = made["seats"]["A"]["token"]
    assert len(token) >= 22 and made["seats"]["A"]["url"].endswith(f"/seat/{token}")
    assert "/host/" in made["host"] and token not in made["host"]
    table = client.get(f"/api/tables/{made['table']}").json()
    assert table["state"] == "new" and table["test"] is True
    assert table["seats"]["A"]["nickname"] == "小明" and table["seats"]["B"]["bot"] is True
    assert token not in client.get(f"/api/tables/{made['table']}").text


def test_the_seat_view_holds_its_own_hand_and_only_counts_of_the_others(client: TestClient) -> None:
    """§5.4: a seat's view is its own concealed tiles in compact notation; every other seat only as a
    count; the options are the legal decisions now, empty when the decision is another's."""
    made = create(client, mode="strategy", seed=11, bots=["C", "D"], test=True)
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    while True:
        found = deciding(client, tokens)
        assert found is not None
        letter, view = found
        if view["hand"]:
            break
        client.post(f"/api/seats/{tokens[letter]}/decide", json={"option": view["options"][0]})
    assert len(parse(view["hand"])) in (13, 14)
    other = "B" if letter == "A" else "A"
    assert seat_view(client, tokens[other])["options"] == []
    for seat, shown in view["seats"].items():
        assert "hand" not in shown
        assert shown["concealed_count"] in ((len(parse(view["hand"])),) if seat == letter else (13, 14))
    table = client.get(f"/api/tables/{made['table']}").json()
    assert table["state"] == "playing" and "hand" not in table and "options" not in table


def test_an_option_not_offered_is_refused_with_409_and_changes_nothing(client: TestClient) -> None:
    """Every decision is checked by the engine: an option not offered, or a seat answering when it is
    not its decision, is refused with a message and the table stays as it was."""
    made = create(client, mode="strategy", seed=5, bots=["C", "D"], test=True)
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    found = deciding(client, tokens)
    assert found is not None
    letter, view = found
    idle = "B" if letter == "A" else "A"
    before = {seat: seat_view(client, token) for seat, token in tokens.items()}
    forged = client.post(f"/api/seats/{tokens[letter]}/decide", json={"option": "hu"})
    assert forged.status_code == 409 and "illegal answer 'hu'" in forged.json()["error"]
    other = client.post(f"/api/seats/{tokens[idle]}/decide", json={"option": view["options"][0]})
    assert other.status_code == 409 and f"no decision is put to {idle}" in other.json()["error"]
    assert {seat: seat_view(client, token) for seat, token in tokens.items()} == before


def test_an_unknown_token_or_table_is_404(client: TestClient) -> None:
    """A token no seat has opens nothing, and guessing one is hopeless."""
    create(client, mode="strategy", seed=1, bots=["B", "C", "D"], test=True)
    assert client.get("/api/seats/not-a-token").status_code == 404
    assert client.post("/api/seats/not-a-token/decide", json={"option": "pass"}).status_code == 404
    assert client.get("/api/tables/ffffff0").status_code == 404
    assert client.get("/api/tables/ffffff0").json()["error"] == "no table 'ffffff0'"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"mode": "chess"}, "mode: 'chess' is not one of strategy, party, all"),
        ({"seed": "x"}, "seed: expected a whole number"),
        ({"bots": ["E"]}, "bots: expected a list of distinct seats A–D"),
        ({"nicknames": {"E": "x"}}, "nicknames.E: not a seat"),
        ({"nicknames": {"A": "x" * 25}}, "nicknames.A: at most 24 printable characters"),
        ({"filming": "yes"}, "filming: expected true or false"),
        ({"rounds": 3}, "rounds: not a field"),
    ],
)
def test_a_malformed_table_request_names_its_field(
    client: TestClient, body: dict[str, object], error: str
) -> None:
    """Bad input gets a clear one-line error naming the field (400), and no table is made."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and response.json()["error"].startswith(error)


def test_a_malformed_decision_body_is_400(client: TestClient) -> None:
    made = create(client, mode="strategy", seed=1, bots=["B", "C", "D"], test=True)
    token = made["seats"]["A"]["token"]
    assert client.post(f"/api/seats/{token}/decide", content=b"{nope").status_code == 400
    assert (
        client.post(f"/api/seats/{token}/decide", json={"answer": "x"}).json()["error"].startswith("option:")
    )


def test_a_whole_test_session_ends_on_results_kept_until_all_confirm(client: TestClient) -> None:
    """§16, §18.1: the 4-round test session ends on its results, marked as a test; they stay until all
    four seats confirm "开始新一场"; only then are scores cleared and the next session set up."""
    made = create(client, mode="party", seed=2, bots=["B", "C"], test=True)
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    assert play(client, tokens) > 0
    table = client.get(f"/api/tables/{made['table']}").json()
    assert table["state"] == "results" and table["results"]["test_session"] is True
    assert len(table["results"]["rounds"]) == 4 and table["results"]["party"]["chips"].keys() == set("ABCD")
    assert table["confirmed"] == ["B", "C"]
    assert client.post(f"/api/seats/{tokens['A']}/confirm").status_code == 200
    kept = client.get(f"/api/tables/{made['table']}").json()
    assert kept["state"] == "results" and kept["confirmed"] == ["A", "B", "C"]
    assert kept["results"] == table["results"]
    client.post(f"/api/seats/{tokens['D']}/confirm")
    fresh = client.get(f"/api/tables/{made['table']}").json()
    assert fresh["state"] == "new" and fresh["results"] is None and fresh["confirmed"] == ["B", "C"]
    assert [seat["score"] for seat in fresh["seats"].values()] == [0, 0, 0, 0]
    assert all(seat["augments"] == [] for seat in fresh["seats"].values())


def test_confirming_before_the_end_is_refused(client: TestClient) -> None:
    made = create(client, mode="strategy", seed=1, bots=["B", "C", "D"], test=True)
    response = client.post(f"/api/seats/{made['seats']['A']['token']}/confirm")
    assert response.status_code == 409 and "has not ended" in response.json()["error"]


def test_a_table_plays_a_pool_file_and_names_it_in_its_log(client: TestClient) -> None:
    """§18.2: the host may choose a pool file; its cards are the ones in play, and the log says so."""
    made = create(client, mode="party", seed=4, bots=["B", "C", "D"], test=True, pool="first-test.yaml")
    live_table = client.app.state.console.tables.tables[made["table"]]  # type: ignore[attr-defined]
    pooled = set(live_table.session.cards)
    assert pooled == set(live_table.facts().library) and len(pooled) < len(library("party", False))
    lines = client.app.state.console.store.lines(made["table"], 1)  # type: ignore[attr-defined]
    header = json.loads(lines[0])
    assert header["pool"] == "first-test.yaml"
    response = client.post("/api/tables", json={"pool": "../pools.yaml"})
    assert response.status_code == 400 and response.json()["error"].startswith("pool: '../pools.yaml' is not")


def test_hexmj_serve_refuses_a_store_it_cannot_open(tmp_path: Path) -> None:
    """``hexmj serve --db`` with a store that cannot be opened: one error line, exit 2, no port bound."""
    result = CliRunner().invoke(app, ["serve", "--db", "nosuchdb://x"])
    assert result.exit_code != 0 and isinstance(result.exception, InputError)
    assert "cannot open the record store" in str(result.exception)


def test_a_bot_seat_plays_the_search_agent_the_host_names_s16(client: TestClient) -> None:
    """The host may name each bot's agent (``search:8``; greedy otherwise): the table's log names it,
    the session plays through, and a bad name or a seat that is not a bot is a 400 naming the field."""
    agents = {"B": "search:8", "C": "search"}
    made = create(client, mode="strategy", seed=5, bots=["B", "C", "D"], agents=agents, test=True)
    live_table = client.app.state.console.tables.tables[made["table"]]  # type: ignore[attr-defined]
    assert [agent.name for agent in live_table.agents] == ["web", "search", "search", "greedy"]
    searching = live_table.agents[1]
    assert isinstance(searching, SearchBot) and searching.budget_at("hextech") == 8
    lines = client.app.state.console.store.lines(made["table"], 1)  # type: ignore[attr-defined]
    header = json.loads(lines[0])
    assert header["agents"] == ["web", "search:8", "search", "greedy"]
    tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
    assert play(client, tokens) > 0
    assert client.get(f"/api/tables/{made['table']}").json()["state"] == "results"
    for agents, error in (
        ({"B": "search:0"}, "agents.B: the budget of search"),
        ({"B": "deep"}, "agents.B: unknown agent 'deep'"),
        ({"A": "search"}, "agents.A: not a bot seat"),
    ):
        response = client.post("/api/tables", json={"bots": ["B"], "agents": agents})
        assert response.status_code == 400 and response.json()["error"].startswith(error)
