"""The log of a hextech table's session at the console: the host's to download once the session has
ended, in the ``hexmj play --log`` format, and ``hexmj replay`` plays it again (§16, §18.1; R371,
R375)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from console_support import console, create, play, seat_view
from pools_lint_cli import run_hexmj
from starlette.testclient import TestClient


@dataclass(frozen=True)
class Played:
    """A hextech test session played at the console by two people over the API and two bots."""

    client: TestClient
    made: dict[str, Any]
    tokens: dict[str, str]
    early: tuple[int, str]
    """The log's status and error before the session ended."""
    early_page: str
    """The host screen before the session ended."""

    @property
    def host(self) -> str:
        return str(self.made["host"]).rsplit("/", 1)[1]

    @property
    def log(self) -> str:
        return f"/host/{self.host}/log"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    with console(tmp_path_factory.mktemp("console") / "console.db") as client:
        made = create(client, mode="all", seed=5, bots=["C", "D"], test=True)
        tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
        host = str(made["host"]).rsplit("/", 1)[1]
        early = client.get(f"/host/{host}/log")
        early_page = client.get(f"/host/{host}").text
        assert play(client, tokens, seed=1) > 100
        yield Played(client, made, tokens, (early.status_code, early.json()["error"]), early_page)


def downloaded(played: Played, tmp_path: Path) -> tuple[Path, list[str]]:
    response = played.client.get(played.log)
    assert response.status_code == 200, response.text
    path = tmp_path / "table.log"
    path.write_text(response.text, "utf-8")
    return path, response.text.splitlines()


def last_answer(lines: list[str], letter: str) -> int:
    """The index of the last decision line of seat ``letter``."""
    read = [json.loads(text) for text in lines]
    return max(n for n, line in enumerate(read) if line["type"] == "decision" and line["player"] == letter)


def test_the_log_is_409_until_the_session_has_ended(played: Played) -> None:
    """§16: until the last round ends every concealed hand of the log is in play."""
    status, error = played.early
    assert status == 409 and error.endswith("the session has not ended; its log is kept till then")
    assert played.log not in played.early_page


def test_only_the_host_token_opens_the_log(played: Played) -> None:
    """The table's id opens the public view and a seat's token its own seat; neither opens the log,
    nor does any other path."""
    table = played.made["table"]
    assert played.client.get(f"/api/tables/{table}").status_code == 200
    for token in [table, *played.tokens.values(), "nosuchtoken"]:
        refused = played.client.get(f"/host/{token}/log")
        assert refused.status_code == 404 and refused.json() == {"error": "no table has this host token"}
    for path in (f"/api/tables/{table}/log", f"/api/seats/{played.tokens['A']}/log", f"/seat/{table}/log"):
        assert played.client.get(path).status_code == 404


def test_the_ended_sessions_log_downloads_in_the_play_log_format(played: Played, tmp_path: Path) -> None:
    """R371: the header names the seed, the mode, the 4 rounds of a test session (§18.1), the pool
    and the seats' agents, a person's seat ``web`` (R375); the person's answers are its decision lines;
    the last line is the end with the standings' totals.  The host screen links it."""
    response = played.client.get(played.log)
    assert response.headers["content-disposition"] == (
        f'attachment; filename="hexmj-hextech-{played.made["table"]}-1.log"'
    )
    _, lines = downloaded(played, tmp_path)
    header, *body = map(json.loads, lines)
    assert header["type"] == "session" and header["seed"] == 5 and header["mode"] == "all"
    assert header["rounds"] == 4 and header["pool"] == "default"
    assert header["agents"] == ["web", "web", "greedy", "greedy"]
    people = {line["player"] for line in body if line["type"] == "decision"}
    assert people == set("ABCD")
    standings = seat_view(played.client, played.tokens["A"])["results"]["standings"]
    assert body[-1] == {"type": "end", "totals": {s["seat"]: s["total"] for s in standings}}
    assert f'href="{played.log}"' in played.client.get(f"/host/{played.host}").text


def test_hexmj_replay_plays_the_log_to_the_same_standings(
    played: Played, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R375: the replay stands a logged person for each ``web`` seat; every line comes out again."""
    path, _ = downloaded(played, tmp_path)
    results = seat_view(played.client, played.tokens["A"])["results"]
    code, out, err = run_hexmj(["replay", str(path), "--json"], monkeypatch, capsys)
    assert code == 0, err
    replayed = json.loads(out)
    assert replayed["standings"] == results["standings"] and replayed["rounds"] == results["rounds"]


def test_a_log_whose_persons_answers_run_out_does_not_replay(
    played: Played, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R375: the log is cut before A's last answer and its end kept; the replay reaches A's decision
    with no answer left: exit 5, one line naming the log's line and the seat."""
    path, lines = downloaded(played, tmp_path)
    last = last_answer(lines, "A")
    path.write_text("\n".join([*lines[:last], lines[-1]]) + "\n", "utf-8")
    code, out, err = run_hexmj(["replay", str(path)], monkeypatch, capsys)
    assert (code, out) == (5, "")
    assert err == f"hexmj: error: {path}:{last + 1}: A is a person's seat and the log has no answer left\n"
    path.write_text("\n".join(lines[:last]) + "\n", "utf-8")
    code, out, err = run_hexmj(["replay", str(path)], monkeypatch, capsys)
    assert (code, out) == (5, "")
    assert err == (
        f"hexmj: error: {path}: the session was cut short; continue it with hexmj play --resume {path}\n"
    )


def test_hexmj_play_seats_no_web_agent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R375: ``web`` is a seat a person answered at the console; ``hexmj play`` has no one to ask there."""
    code, _, err = run_hexmj(
        ["play", "--agents", "web,greedy,greedy,greedy", "--db", "none"], monkeypatch, capsys
    )
    assert code == 2 and err == (
        "hexmj: error: --agents: unknown agent 'web' for A (one of random, greedy, search, human, console)\n"
    )


def test_the_log_is_recorded_and_resumed_with_its_web_seats_answered_from_it(
    played: Played, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R375: ``hexmj record`` replays the log to store its record (§18.3); ``hexmj play --resume`` of
    the log cut before A's last answer re-plays it and stops where A, a person, would be asked: exit 5,
    and the log is left as it was."""
    path, lines = downloaded(played, tmp_path)
    code, out, err = run_hexmj(
        ["record", str(path), "--db", f"sqlite:///{tmp_path / 'r.db'}"], monkeypatch, capsys
    )
    assert code == 0 and "stored as session 1" in out, err
    last = last_answer(lines, "A")
    cut = "\n".join(lines[:last]) + "\n"
    path.write_text(cut, "utf-8")
    code, out, err = run_hexmj(["play", "--resume", str(path), "--db", "none"], monkeypatch, capsys)
    assert (code, out) == (5, "")
    assert err == f"hexmj: error: {path}:{last + 1}: A is a person's seat and the log has no answer left\n"
    assert path.read_text("utf-8") == cut
