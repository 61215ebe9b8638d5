"""The console's bots never stall the room, and a seed still fixes a session (issue 29 items 4 and
7; §16, §18.3): searching bots think in worker processes while every other request is answered at
its idle pace; a bot's budget over ``--max-budget`` is refused with 422 naming the field; a session
played by bots in worker processes, across a restart, is the one ``hexmj play`` plays; each next
session is seeded from the operating system's randomness unless the host fixed the seed.  Every test
runs against a real ``hexmj serve`` process (:mod:`console_process`)."""

from __future__ import annotations

import json
import random
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from console_process import ServeProcess, hexmj, serving
from durable_support import WriteLock

from tools.console_web.console import STORE_RETRY

DEEP = "search:4096"
"""The search agent at the engine's own largest budget: seconds a decision."""


def _seconds(server: ServeProcess, method: str, path: str, body: Any = None) -> float:
    start = time.perf_counter()
    answer = server.api(method, path, body)
    assert answer.status in (200, 201), answer.text
    return time.perf_counter() - start


def _bound(idle: list[float]) -> float:
    """A generous bound on an answer's time, from the server's own idle answers: two seconds more
    than twenty times their median."""
    return 2.0 + 20 * statistics.median(idle)


def test_a_table_of_four_searching_bots_stalls_no_other_request(tmp_path: Path) -> None:
    """Four ``search:4096`` bots at one table: creating it answers at once and, while they think, every
    other request is answered within a bound of the server's own idle time."""
    with serving(tmp_path, "--max-budget", "4096") as server:
        idle = [_seconds(server, "GET", "/api/tables") for _ in range(7)]
        made: dict[str, Any] = {}

        def create() -> None:
            made.update(
                server.create(seed=21, bots=list("ABCD"), agents=dict.fromkeys("ABCD", DEEP), test=True)
            )

        creating = threading.Thread(target=create, daemon=True)
        creating.start()
        time.sleep(0.5)
        busy = []
        for _ in range(12):
            busy.append(_seconds(server, "GET", "/api/tables"))
            time.sleep(0.1)
        creating.join(timeout=60)
        assert max(busy) < _bound(idle), (busy, idle)
        assert made, "creating the table did not answer"
        assert server.api("GET", f"/api/tables/{made['table']}").json()["state"] != "results"


def test_a_persons_answers_are_not_held_by_searching_bots_at_another_table_s16(tmp_path: Path) -> None:
    """A person answering at a table of greedy bots beside a table whose three ``search:4096`` bots
    think after each of its person's answers: every answer comes within a bound of the first table's
    own idle answers."""
    with serving(tmp_path, "--max-budget", "4096") as server:
        quick = server.create(seed=22, bots=["B", "C", "D"], test=True)["seats"]["A"]["token"]
        slow = server.create(seed=23, bots=["B", "C", "D"], agents=dict.fromkeys("BCD", DEEP), test=True)
        rng = random.Random(22)

        def answer(token: str) -> float:
            view = server.api("GET", f"/api/seats/{token}").json()
            return _seconds(
                server, "POST", f"/api/seats/{token}/decide", {"option": rng.choice(view["options"])}
            )

        idle = [answer(quick) for _ in range(5)]
        stop = threading.Event()

        def keep_thinking() -> None:
            token = slow["seats"]["A"]["token"]
            other = random.Random(23)
            while not stop.is_set():
                view = server.api("GET", f"/api/seats/{token}").json()
                if not view["options"]:
                    time.sleep(0.05)
                    continue
                server.api("POST", f"/api/seats/{token}/decide", {"option": other.choice(view["options"])})

        thinking = threading.Thread(target=keep_thinking, daemon=True)
        thinking.start()
        time.sleep(0.5)
        busy = [answer(quick) for _ in range(15)]
        stop.set()
        assert max(busy) < _bound(idle), (busy, idle)


def test_a_budget_over_the_servers_limit_is_refused_with_422_naming_the_field(tmp_path: Path) -> None:
    """``--max-budget 64``: ``search:65`` is 422 naming ``agents.B``; ``search`` (64) and ``search:64``
    are taken."""
    with serving(tmp_path, "--max-budget", "64") as server:
        refused = server.api("POST", "/api/tables", {"bots": ["B"], "agents": {"B": "search:65"}})
        assert refused.status == 422 and refused.json()["error"].startswith(
            "agents.B: search:65 thinks with a budget of 65,"
        )
        for name in ("search", "search:64"):
            taken = server.api("POST", "/api/tables", {"bots": ["B", "C", "D"], "agents": {"C": name}})
            assert taken.status == 201, taken.text


def _ended(server: ServeProcess, table: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.api("GET", f"/api/tables/{table}").json()["state"] == "results":
            return True
        time.sleep(0.2)
    return False


def test_bots_thinking_in_worker_processes_play_the_session_hexmj_play_plays_s18_3(tmp_path: Path) -> None:
    """A table of two searching bots (in worker processes) and two greedy ones (in the server), the
    server stopped and started again mid-session: the session's log is byte for byte the one
    ``hexmj play`` writes for the same seed and agents."""
    agents = {"A": "search:2", "B": "search:2"}
    with serving(tmp_path) as server:
        made = server.create(seed=11, mode="strategy", bots=list("ABCD"), agents=agents, test=True)
        time.sleep(1.5)
        assert server.api("GET", f"/api/tables/{made['table']}").json()["state"] != "results"
        server.stop()
        server.start()
        assert _ended(server, made["table"], 600), "the bots did not finish the session"
        log = server.request("GET", f"/host/{made['host'].rsplit('/', 1)[1]}/log").text
    assert log == _played(tmp_path, 11, "search:2,search:2,greedy,greedy")


def _played(tmp_path: Path, seed: int, agents: str) -> str:
    """The log ``hexmj play`` writes for a 4-round strategy session of ``seed`` and ``agents``."""
    played = tmp_path / "play.log"
    done = hexmj(
        "play", "--seed", str(seed), "--rounds", "4", "--mode", "strategy",
        "--agents", agents, "--log", str(played), "--db", "none",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return played.read_text()


def test_bots_wait_for_a_store_that_refuses_their_lines_and_lose_none_s18_3(tmp_path: Path) -> None:
    """Another program holds the store's write lock while a table's bots play: their lines are
    refused, the bots wait and try again, and once the lock is let go the session ends with the log
    ``hexmj play`` writes, no line lost or written twice."""
    with serving(tmp_path) as server:
        made = server.create(seed=12, mode="strategy", bots=list("ABCD"), agents={"A": "search:2"}, test=True)
        with WriteLock(server.db):
            deadline = time.monotonic() + 120
            while "its bots wait for the store" not in server.stderr():
                assert time.monotonic() < deadline, "the bots never tried the store"
                time.sleep(0.2)
            time.sleep(STORE_RETRY + 1)
        assert _ended(server, made["table"], 600), "the bots did not finish the session"
        log = server.request("GET", f"/host/{made['host'].rsplit('/', 1)[1]}/log").text
    assert log == _played(tmp_path, 12, "search:2,greedy,greedy,greedy")


def _play_to_results(server: ServeProcess, token: str, seed: int) -> None:
    rng = random.Random(seed)
    view = server.api("GET", f"/api/seats/{token}").json()
    while view["state"] != "results":
        assert view["options"], view
        view = server.api(
            "POST", f"/api/seats/{token}/decide", {"option": rng.choice(view["options"])}
        ).json()


def test_each_next_session_is_seeded_from_the_operating_systems_randomness_s16(tmp_path: Path) -> None:
    """§16: the next session after the four confirmations draws its own seed, which its log names and
    no earlier log tells (not the last seed and one); a seed the host fixed goes on to the next."""
    seeds: dict[str, list[int]] = {"drawn": [], "fixed": []}
    with serving(tmp_path) as server:
        tables = {
            "drawn": server.create(bots=["B", "C", "D"], test=True),
            "fixed": server.create(seed=41, bots=["B", "C", "D"], test=True),
        }
        for kind, made in tables.items():
            token, host = made["seats"]["A"]["token"], made["host"].rsplit("/", 1)[1]
            for session in (1, 2):
                _play_to_results(server, token, session)
                log = server.request("GET", f"/host/{host}/log").text
                seeds[kind].append(json.loads(log.splitlines()[0])["seed"])
                assert server.api("POST", f"/api/seats/{token}/confirm").status == 200
    assert seeds["fixed"] == [41, 42]
    first, second = seeds["drawn"]
    assert second not in (first, first + 1)


@pytest.mark.parametrize("budget", ["0", "4097", "²"])
def test_the_servers_budget_limit_is_a_budget_itself(tmp_path: Path, budget: str) -> None:
    """``--max-budget`` takes what ``search:N`` takes, 1…4096 in ASCII digits."""
    done = hexmj("serve", "--max-budget", budget, "--db", f"sqlite:///{tmp_path / 'c.db'}")
    assert done.returncode == 2 and done.stderr.startswith("hexmj: error: --max-budget:")
