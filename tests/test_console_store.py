"""Nothing lost (issue 13 items 5, 6, 10): every table is stored as it is played, a restarted server
resumes each where it was, results stay across a restart until all four confirm (§16), and a table
whose stored log does not replay is shown as such while the others go on."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from console_support import console, create, play, seat_view

from tools.lab.records import Cohort
from tools.lab.store import load_sessions, open_store


def _answer(client: object, token: str, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    given = []
    for _ in range(count):
        view = seat_view(client, token)  # type: ignore[arg-type]
        option = rng.choice(view["options"])
        given.append(option)
        response = client.post(f"/api/seats/{token}/decide", json={"option": option})  # type: ignore[attr-defined]
        assert response.status_code == 200
    return given


def test_a_restarted_server_resumes_every_table_where_it_was(tmp_path: Path) -> None:
    """A restart mid-round gives every seat its whole view back, and the table goes on exactly as it
    would have without the restart (the same seed and answers, the same session)."""
    db = tmp_path / "console.db"
    with console(db) as client:
        first = create(client, mode="all", seed=21, bots=["B", "C", "D"], test=True)
        second = create(client, mode="strategy", seed=4, bots=["A", "C", "D"], test=True)
        token, other = first["seats"]["A"]["token"], second["seats"]["B"]["token"]
        _answer(client, token, 40, seed=1)
        _answer(client, other, 5, seed=2)
        before = seat_view(client, token), seat_view(client, other)
        public = client.get(f"/api/tables/{first['table']}").json()
    assert public["state"] == "playing" and public["round"] >= 1
    with console(db) as client:
        assert (seat_view(client, token), seat_view(client, other)) == before
        assert client.get(f"/api/tables/{first['table']}").json() == public
        _answer(client, token, 20, seed=3)
        resumed = seat_view(client, token)
    with console(tmp_path / "straight.db") as client:
        again = create(client, mode="all", seed=21, bots=["B", "C", "D"], test=True)["seats"]["A"]["token"]
        _answer(client, again, 40, seed=1)
        _answer(client, again, 20, seed=3)
        straight = seat_view(client, again)
    assert {k: v for k, v in resumed.items() if k != "table"} == {
        k: v for k, v in straight.items() if k != "table"
    }


def test_results_stay_across_a_restart_until_all_confirm(tmp_path: Path) -> None:
    """§16: the results screen and the confirmations survive a restart; the finished session is in
    the record store as a 4-round test session, apart from the 8-round cohort (§18.1)."""
    db = tmp_path / "console.db"
    with console(db) as client:
        made = create(client, mode="strategy", seed=8, bots=["B", "C"], test=True)
        tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
        play(client, tokens)
        client.post(f"/api/seats/{tokens['A']}/confirm")
        results = client.get(f"/api/tables/{made['table']}").json()
    assert results["state"] == "results"
    with console(db) as client:
        kept = client.get(f"/api/tables/{made['table']}").json()
        assert kept == results and kept["confirmed"] == ["A", "B", "C"]
        client.post(f"/api/seats/{tokens['D']}/confirm")
        assert client.get(f"/api/tables/{made['table']}").json()["state"] == "new"
    with console(db) as client:
        fresh = client.get(f"/api/tables/{made['table']}").json()
        assert fresh["state"] == "new" and fresh["results"] is None
    store = open_store(f"sqlite:///{db}")
    cards = load_sessions(store, Cohort(versions="", rounds=4, mode="strategy"))
    assert cards == []
    stored = store.connect().exec_driver_sql("SELECT versions, rounds, mode, seed FROM sessions").all()
    assert [(rounds, mode, seed) for _, rounds, mode, seed in stored] == [(4, "strategy", 8)]
    versions = stored[0][0]
    assert [r.seed for r in load_sessions(store, Cohort(versions=versions, rounds=4, mode="strategy"))] == [8]
    assert load_sessions(store, Cohort(versions=versions, rounds=8, mode="strategy")) == []


def test_a_table_whose_log_does_not_replay_is_shown_so_and_the_others_go_on(tmp_path: Path) -> None:
    """Item 10: a stored line that does not come out again stops that table, whose host screen names
    the line; another table resumes and plays on."""
    db = tmp_path / "console.db"
    with console(db) as client:
        broken = create(client, mode="strategy", seed=2, bots=["B", "C", "D"], test=True)
        fine = create(client, mode="strategy", seed=3, bots=["B", "C", "D"], test=True)
        _answer(client, broken["seats"]["A"]["token"], 3, seed=1)
        _answer(client, fine["seats"]["A"]["token"], 3, seed=1)
    with sqlite3.connect(db) as raw:
        raw.execute(
            "UPDATE console_lines SET line = ? WHERE table_id = ? AND seq = 3",
            ('{"type":"event","name":"forged","player":null,"cause":"rule","data":{}}', broken["table"]),
        )
    with console(db) as client:
        host = client.get(broken["host"])
        assert (
            host.status_code == 200
            and "此桌已停止" in host.text
            and "session 1:4: logged answer does not fit" in host.text
        )
        shown = client.get(f"/api/tables/{broken['table']}").json()
        assert shown["state"] == "stopped" and shown["reason"].startswith(
            f"table {broken['table']} session 1:"
        )
        refused = client.post(f"/api/seats/{broken['seats']['A']['token']}/decide", json={"option": "x"})
        assert refused.status_code == 409 and "is stopped" in refused.json()["error"]
        _answer(client, fine["seats"]["A"]["token"], 3, seed=2)
        assert client.get(f"/api/tables/{fine['table']}").json()["reason"] is None
