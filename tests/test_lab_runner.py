"""The simulation runner: same seed and N, same figures whatever the workers or the cluster (§18.3).

These tests play the stand-in table so that they measure the lab, not the engine.
"""

from __future__ import annotations

import json

import pytest

from engine.core.errors import InputError
from tools.lab.executors import Workers, open_executor
from tools.lab.metrics import summarize
from tools.lab.pipeline import chunk_size
from tools.lab.runner import STANDIN_TABLE, game_seed, run
from tools.lab.session_spec import SessionSpec
from tools.lab.tally import Tally

SPEC = SessionSpec(mode="strategy", rounds=4)


def test_game_seeds_derive_from_base_seed_and_index_s18_3() -> None:
    """§18.3: a game's seed is fixed by the base seed and its index, on every machine and release, so
    a stored run replays: game 3 of base seed 7 is always this number."""
    assert game_seed(7, 3) == 2683552771510329945
    assert game_seed(0, 0) == 5693905136130764105
    assert len({game_seed(7, i) for i in range(100)}) == 100
    assert game_seed(7, 3) != game_seed(8, 3)


def test_chunks_last_long_enough_to_pay_for_scheduling_s18_3() -> None:
    assert chunk_size(0.01, 1000) == 25
    assert chunk_size(1.0, 1000) == 1
    assert chunk_size(0.001, 10) == 10


def played(games: int, seed: int, pool: Workers) -> tuple[Tally, list[str]]:
    """A run's tally and the records its sink was given, in the order given."""
    records: list[str] = []
    counts = run(SPEC, games, seed, pool.executor, STANDIN_TABLE, records=records.extend, slots=pool.slots)
    return counts, records


def test_one_and_two_workers_give_the_same_aggregate_s18_3() -> None:
    results = []
    for workers in (1, 2):
        with open_executor(workers) as pool:
            results.append(played(30, 11, pool))
    assert results[0][1] == results[1][1]
    assert summarize(results[0][0]).model_dump_json() == summarize(results[1][0]).model_dump_json()
    assert summarize(results[0][0]).games == 30


def test_a_dask_cluster_gives_the_same_aggregate_as_local_workers_s18_3() -> None:
    import distributed  # a dependency of the project (dask[distributed]): never skipped

    with open_executor(1) as pool:
        local = played(12, 5, pool)
    with (
        distributed.LocalCluster(  # type: ignore[no-untyped-call]  # distributed leaves it unannotated
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as c,
        open_executor(None, c.scheduler_address) as pool,
    ):
        assert pool.slots == 2
        remote = played(12, 5, pool)
    assert remote[1] == local[1]
    assert summarize(remote[0]) == summarize(local[0])


def test_an_unreachable_cluster_is_an_input_error() -> None:
    with (
        pytest.raises(InputError, match="cannot reach the Dask scheduler"),
        open_executor(None, "tcp://127.0.0.1:9", connect_timeout=0.5),
    ):
        pass


def test_records_come_back_in_game_order_s18_3() -> None:
    with open_executor(2) as pool:
        _, records = played(9, 3, pool)
    assert [json.loads(r)["seed"] for r in records] == [game_seed(3, i) for i in range(9)]
