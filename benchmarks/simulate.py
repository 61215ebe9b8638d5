"""Sessions per second of ``hexmj simulate``: 1 and 2 local workers, and a local Dask cluster (§18.3).

Targets: 2 workers at least 1.8 times as fast as 1; the Dask cluster (2
single-threaded worker processes) within 15 % of the 2-process local pool.
Cards are compiled before any timing; the Dask workers are warmed with a few
games, as a long-lived cluster would be; the local pool is timed from its
start, as ``hexmj simulate`` runs it.

    python benchmarks/simulate.py [--games N] [--rounds 8|4] [--standin]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from engine.build_info import describe
from tools.lab.executors import open_executor
from tools.lab.metrics import summarize
from tools.lab.runner import ENGINE_TABLE, STANDIN_TABLE, run
from tools.lab.session_spec import SessionSpec

SPEEDUP_TARGET = 1.8
DASK_TOLERANCE = 0.15


def timed(games: int, play: Callable[[], str]) -> tuple[float, str]:
    """Sessions per second of one run, and the run's figures as JSON."""
    started = time.perf_counter()
    figures = play()
    return games / (time.perf_counter() - started), figures


def main() -> None:
    """Measure and print one JSON line per setting, then the two ratios against their targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, choices=(4, 8), default=8)
    parser.add_argument("--standin", action="store_true", help="play the stand-in table, not the engine")
    args = parser.parse_args()
    print(describe())
    spec = SessionSpec(mode="strategy", rounds=args.rounds)
    table = STANDIN_TABLE if args.standin else ENGINE_TABLE

    def local(workers: int) -> str:
        with open_executor(workers) as pool:
            return summarize(
                run(spec, args.games, 1, pool.executor, table, slots=pool.slots)
            ).model_dump_json()

    with ThreadPoolExecutor(1) as warm_up:
        run(spec, 2, 99, warm_up, table)
    rates: dict[str, float] = {}
    figures: dict[str, str] = {}
    for workers in (1, 2):
        rates[f"local-{workers}"], figures[f"local-{workers}"] = timed(args.games, lambda w=workers: local(w))

    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with open_executor(None, cluster.scheduler_address) as pool:
            run(spec, 8, 99, pool.executor, table, slots=pool.slots)

        def dask() -> str:
            with open_executor(None, cluster.scheduler_address) as pool:
                return summarize(
                    run(spec, args.games, 1, pool.executor, table, slots=pool.slots)
                ).model_dump_json()

        rates["dask-2"], figures["dask-2"] = timed(args.games, dask)

    for name, rate in rates.items():
        print(json.dumps({"setting": name, "games": args.games, "sessions_per_second": round(rate, 2)}))
    speedup = rates["local-2"] / rates["local-1"]
    dask_gap = 1 - rates["dask-2"] / rates["local-2"]
    same = len(set(figures.values())) == 1
    print(f"2 workers / 1 worker: {speedup:.2f}x (target >= {SPEEDUP_TARGET}x)")
    print(f"Dask cluster against the local pool: {dask_gap:+.1%} slower (target <= {DASK_TOLERANCE:.0%})")
    print(f"same figures in every setting: {same}")


if __name__ == "__main__":
    main()
