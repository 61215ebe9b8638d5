"""``hexmj simulate`` stays bounded whatever is typed: workers, memory, a bad cluster, a killed parent,
Ctrl-C (§18.3; the stand-in table measures the lab, not the engine)."""

from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
from pools_lint_cli import run_hexmj

import tools.lab.executors
import tools.lab.pipeline
from tools.lab.pipeline import CHUNKS_PER_SLOT
from tools.lab.runner import STANDIN_TABLE, game_seed, run
from tools.lab.session_spec import SessionSpec

HEXMJ = str(Path(sys.executable).with_name("hexmj"))
STANDIN = ["--table", STANDIN_TABLE, "--mode", "strategy", "--rounds", "4", "--db", "none"]


def test_more_workers_than_the_machine_has_is_refused_before_any_fork(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--workers 100000`` starts nothing: one line naming the most this machine runs, exit 2."""
    monkeypatch.setattr(tools.lab.executors, "machine_workers", lambda: 2)
    code, out, err = run_hexmj(["simulate", "--games", "2", "--workers", "3", *STANDIN], monkeypatch, capsys)
    assert (code, out, err) == (
        2,
        "",
        "hexmj: error: --workers 3: this machine runs at most 2 worker processes\n",
    )
    code, _, err = run_hexmj(["simulate", "--games", "2", "--workers", "2", *STANDIN], monkeypatch, capsys)
    assert code == 0


def test_a_cluster_that_is_no_address_is_one_line_without_a_traceback() -> None:
    """``--cluster foo``: exit 2 at once, one line, no traceback from a half-made client."""
    done = subprocess.run(
        [HEXMJ, "simulate", "--games", "2", "--cluster", "foo", *STANDIN],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert (
        done.stderr == "hexmj: error: --cluster: 'foo' is not a scheduler address such as tcp://HOST:8786\n"
    )


@pytest.mark.parametrize("address", ["tcp://host:port", "http://x:1", "tcp://:1", ""])
def test_every_malformed_cluster_address_is_refused(
    address: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_hexmj(
        ["simulate", "--games", "2", "--cluster", address, *STANDIN], monkeypatch, capsys
    )
    assert (code, out) == (2, "")
    assert err == f"hexmj: error: --cluster: {address!r} is not a scheduler address such as tcp://HOST:8786\n"


class Watched(Executor):
    """Plays chunks at once in this process, noting the most chunks ever handed out and not collected."""

    def __init__(self) -> None:
        self.out: list[Future[Any]] = []
        self.most = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.out = [f for f in self.out if not getattr(f, "collected", False)]
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        self.out.append(future)
        self.most = max(self.most, len(self.out))
        return future


def test_a_run_holds_a_bounded_number_of_chunks_whatever_n_s18_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory does not grow with N: no more than CHUNKS_PER_SLOT chunks per worker are out at once,
    and each chunk's records go to the sink, in game order, as soon as the games before it are in."""
    monkeypatch.setattr(tools.lab.pipeline, "CHUNK_SECONDS", 1e-9)
    executor = Watched()
    real_wait = concurrent.futures.wait

    def wait(futures: Any, return_when: str) -> Any:
        done, pending = real_wait(futures, return_when=return_when)
        for future in done:
            future.collected = True  # type: ignore[attr-defined]
        return done, pending

    monkeypatch.setattr(tools.lab.pipeline, "wait", wait)
    seeds: list[int] = []
    spec = SessionSpec(mode="strategy", rounds=4)
    counts = run(
        spec,
        60,
        5,
        executor,
        STANDIN_TABLE,
        records=lambda r: seeds.extend(json.loads(x)["seed"] for x in r),
        slots=2,
    )
    assert counts.games == 60
    assert seeds == [game_seed(5, i) for i in range(60)]
    assert executor.most <= CHUNKS_PER_SLOT * 2


def test_progress_shows_rate_and_time_left_on_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a terminal the bar shows games, games per second and time left; with --json nothing."""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run_hexmj(["simulate", "--games", "3", "--workers", "1", *STANDIN], monkeypatch, capsys)
    assert code == 0 and "games/s" in err and "left" in err and "3/3" in err
    code, out, err = run_hexmj(
        ["simulate", "--games", "3", "--workers", "1", "--json", *STANDIN], monkeypatch, capsys
    )
    assert code == 0 and err == "" and json.loads(out)["games"] == 3


def test_piped_stderr_shows_no_progress(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_hexmj(["simulate", "--games", "3", "--workers", "1", *STANDIN], monkeypatch, capsys)
    assert code == 0 and err == "" and out.startswith("3 sessions")


def test_ctrl_c_says_what_stopped_and_how_to_go_on_r201(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R201: Ctrl-C after the first game: exit 130, one line with the games played and what to do."""

    def pressed(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tools.lab.pipeline, "wait", pressed)
    code, out, err = run_hexmj(["simulate", "--games", "6", "--workers", "1", *STANDIN], monkeypatch, capsys)
    assert (code, out) == (130, "")
    assert err == (
        "hexmj: interrupted: simulate stopped after 1 of 6 games, before any figures were reported; "
        "the same command plays the same games again (same --seed, same figures)\n"
    )


PARENT = textwrap.dedent(
    """
    import os, sys, time
    from tools.lab.executors import open_executor
    with open_executor(1) as pool:
        print(pool.executor.submit(os.getpid).result(), flush=True)
        time.sleep(60)
    """
)


@pytest.mark.parametrize("kill", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_parent_is_killed(kill: signal.Signals) -> None:
    """A simulation killed with SIGKILL or SIGTERM leaves no worker process behind."""
    with subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True) as parent:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        parent.send_signal(kill)
        parent.wait(timeout=30)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(worker):
        time.sleep(0.05)
    assert not _alive(worker)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split()[2] == "Z")
