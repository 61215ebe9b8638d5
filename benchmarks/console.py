"""The host console under load: 20 tables at once on one server, bots in every other seat, alone and
beside 20 tables of searching bots.

One ``hexmj serve`` application runs in this process (uvicorn on a 127.0.0.1 port the system picks,
a temporary SQLite store).  Each of ``--tables`` tables has one person's seat (A, bots at B, C, D)
and a host screen, both on WebSockets.  Every table's client answers its seat's decisions over its
socket, all tables at once, for ``--decisions`` decisions each, each after a thinking time drawn
evenly between 0 and twice ``--think`` seconds (a person at a phone); the time from sending a decision to
the seat's new view (its next frame; the host's frames are sent in the same pass, just before it)
is the latency; the people's side runs in a process of its own.  The
run checks that every decision was answered and reports p50 and p95, decisions per second, and the
memory per table (``tracemalloc``: what the tables hold once made, divided by their number).  The
peer row is the same decisions answered in process, straight on the engine's tables
(``LiveTable.decide`` with no web server, no store, no sockets): the ratio is what the console adds.
Target: p95 under 250 ms with 20 tables (a tap on a phone feels immediate).

Then the same tables are played again, the same seeds and answers, beside ``--search-tables`` tables of
four bots each playing the search agent at the server's budget limit (``hexmj serve --max-budget``'s
default unless ``--budget`` says), whose thinking goes to the server's worker processes (issue 29
item 4): the person tables' p95 must stay under 250 ms, and the run prints it against the person
tables alone, measured in the same run.

    python benchmarks/console.py [--tables 20] [--decisions 30] [--think 1.0] [--search-tables 20]

``--think 0`` answers back to back: the server's throughput, with every table queued behind the others.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import socket
import statistics
import tempfile
import threading
import time
import tracemalloc
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import uvicorn
from websockets.asyncio.client import connect

from engine.build_info import describe
from tools.console_web.access import Access
from tools.console_web.app import create_app
from tools.console_web.bot_pool import DEFAULT_MAX_BUDGET
from tools.console_web.live import LiveTable
from tools.console_web.settings import ServeSettings
from tools.console_web.spec import TableSpec

P95_TARGET_MS = 250.0
MODE = "all"
KEY = "the-console-benchmarks-key"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Bearer {KEY}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


async def _table(base: str, made: dict[str, Any], decisions: int, seed: int, think: float) -> list[float]:
    """Answer ``decisions`` of seat A's decisions over its socket, each after a person's thinking time
    (``think`` seconds on average); each one's latency in seconds.  The host screen's frames are read
    as they come (a screen gets one only when what it shows changes)."""
    ws = base.replace("http://", "ws://")
    host_token = made["host"].rsplit("/", 1)[1]
    rng = random.Random(seed)
    latencies: list[float] = []
    async with (
        connect(f"{ws}/ws/host/{host_token}") as host,
        connect(f"{ws}/ws/seat/{made['seats']['A']['token']}") as seat,
    ):
        watching = asyncio.create_task(_watch(host))
        view = json.loads(await seat.recv())["view"]
        for _ in range(decisions):
            if not view["options"]:
                break
            await asyncio.sleep(rng.uniform(0, 2 * think))
            start = time.perf_counter()
            await seat.send(json.dumps({"type": "decide", "option": rng.choice(view["options"])}))
            frame = json.loads(await asyncio.wait_for(seat.recv(), 60))
            if frame["type"] != "view":
                raise RuntimeError(f"table {made['table']}: {frame}")
            view = frame["view"]
            latencies.append(time.perf_counter() - start)
        watching.cancel()
    return latencies


async def _watch(host: Any) -> None:
    """Read the host screen's frames until cancelled."""
    while True:
        await host.recv()


async def _load(base: str, tables: list[dict[str, Any]], decisions: int, think: float) -> list[list[float]]:
    runs = (_table(base, made, decisions, n, think) for n, made in enumerate(tables))
    return list(await asyncio.gather(*runs))


def _persons(base: str, count: int) -> list[dict[str, Any]]:
    """``count`` tables of a person's seat A and greedy bots, seeds 1000 on."""
    return [
        _post(base, "/api/tables", {"mode": MODE, "seed": 1000 + n, "bots": ["B", "C", "D"]})
        for n in range(count)
    ]


def _searching(base: str, count: int, budget: int) -> list[dict[str, Any]]:
    """``count`` tables of four bots playing the search agent at ``budget``: their whole sessions
    think in the server's worker processes."""
    agents = dict.fromkeys("ABCD", f"search:{budget}")
    return [
        _post(base, "/api/tables", {"mode": MODE, "seed": 2000 + n, "bots": list("ABCD"), "agents": agents})
        for n in range(count)
    ]


def _clients(base: str, tables: list[dict[str, Any]], decisions: int, think: float) -> list[list[float]]:
    """The people at every table, in a process of their own."""
    return asyncio.run(_load(base, tables, decisions, think))


def _run(base: str, tables: list[dict[str, Any]], decisions: int, think: float) -> tuple[list[float], float]:
    """Every table's latencies, in seconds, sorted, and the seconds the whole run took; every decision
    must have been answered.  The people play from a process of their own, so the server's process
    does nothing but serve."""
    start = time.perf_counter()
    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn")) as people:
        latencies = people.submit(_clients, base, tables, decisions, think).result()
    elapsed = time.perf_counter() - start
    answered = [len(per) for per in latencies]
    assert all(n == decisions for n in answered), f"decisions answered per table: {answered}"
    return sorted(t for per in latencies for t in per), elapsed


def _p(flat: list[float], share: float) -> float:
    """The ``share`` percentile of ``flat`` (sorted), in milliseconds."""
    return flat[int(share * (len(flat) - 1))] * 1000


def _peer(count: int, decisions: int) -> tuple[float, int]:
    """The same tables answered straight on the engine's tables: seconds per decision, answered."""
    answered, spent = 0, 0.0
    for n in range(count):
        spec = TableSpec(f"p{n}", MODE, 1000 + n, frozenset("BCD"), {}, False, False, "h", {"A": "a"})
        table = LiveTable(spec)
        rng = random.Random(n)
        for _ in range(decisions):
            if table.pending is None:
                break
            option = rng.choice(table.pending.options)
            start = time.perf_counter()
            table.decide("A", option)
            table.host_message()
            table.seat_message("A")
            spent += time.perf_counter() - start
            answered += 1
    return spent / max(answered, 1), answered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean seconds per decision")
    parser.add_argument("--search-tables", type=int, default=20, help="tables of four searching bots beside")
    parser.add_argument("--budget", type=int, default=DEFAULT_MAX_BUDGET, help="the searching bots' budget")
    args = parser.parse_args()
    print(describe())
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        settings = ServeSettings(access=Access.listening(KEY, "127.0.0.1", port), max_budget=args.budget)
        app = create_app(f"sqlite:///{Path(folder) / 'console.db'}", settings=settings)
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.02)
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        tables = _persons(base, args.tables)
        held = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
        tracemalloc.stop()
        flat, elapsed = _run(base, tables, args.decisions, args.think)
        _searching(base, args.search_tables, args.budget)
        beside, _ = _run(base, _persons(base, args.tables), args.decisions, args.think)
        server.should_exit = True
        thread.join(timeout=30)
    p50 = statistics.median(flat) * 1000
    p95 = _p(flat, 0.95)
    loaded = _p(beside, 0.95)
    peer, _ = _peer(min(args.tables, 5), args.decisions)
    print(f"tables at once            {args.tables} (A a person's seat, B C D bots, mode {MODE})")
    print(f"thinking time             {args.think:.1f} s per decision on average")
    print(f"decisions answered        {len(flat)} of {args.tables * args.decisions}")
    print(f"decision → new view       p50 {p50:.1f} ms, p95 {p95:.1f} ms (target p95 < 250 ms)")
    print(f"decisions per second      {len(flat) / elapsed:.0f}")
    print(f"memory per table          {held / args.tables / 1024:.0f} KiB (tracemalloc)")
    print(f"engine alone (peer)       {peer * 1000:.1f} ms per decision and both messages")
    print(f"ratio p50 / engine alone  {p50 / (peer * 1000):.1f}x")
    print(f"p95 target met            {'yes' if p95 < P95_TARGET_MS else 'no'}")
    searching = f"{args.search_tables} of four search:{args.budget} bots, in worker processes"
    print(f"beside searching tables   {searching}")
    print(
        f"decision → new view       p50 {_p(beside, 0.5):.1f} ms, p95 {loaded:.1f} ms (target p95 < 250 ms)"
    )
    print(f"ratio p95 beside / alone  {loaded / p95:.2f}x (the person tables alone, this run)")
    print(f"p95 target met beside     {'yes' if loaded < P95_TARGET_MS else 'no'}")


if __name__ == "__main__":
    main()
