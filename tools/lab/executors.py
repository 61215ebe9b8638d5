"""The one seam through which simulated games go out: a :class:`concurrent.futures.Executor`.

Without a cluster the games go to worker processes on this machine, forked
when the first chunk is sent so that they start with the cards the first
games loaded and compiled; there are never more of them than the machine
has processors for this process (:func:`machine_workers`), each ignores
Ctrl-C (the command stops them) and ends itself as soon as its parent is
gone, killed or not.  With ``cluster`` (``tcp://HOST:8786``) they go to a
Dask distributed cluster through its scheduler, whose workers must run the
same versions of this package and its dependencies; the cluster's threads
are its workers.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

from engine.core.errors import InputError

CONNECT_TIMEOUT = 10.0
PARENT_CHECK_SECONDS = 0.2
"""How often a local worker looks whether the process that started it is still there."""


@dataclass(frozen=True)
class Workers:
    """An executor and how many games it plays at once (its processes, or the cluster's threads)."""

    executor: Executor
    slots: int


def machine_workers() -> int:
    """The processors this process may run on: the most local workers a simulation starts."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@contextmanager
def open_executor(
    workers: int | None = None, cluster: str | None = None, connect_timeout: float = CONNECT_TIMEOUT
) -> Iterator[Workers]:
    """``workers`` local processes (default: up to 2), or the Dask scheduler ``cluster``'s workers;
    more workers than the machine or the cluster has is an :class:`InputError`."""
    if workers is not None and workers < 1:
        raise InputError(f"--workers must be at least 1, not {workers}")
    if cluster is not None:
        with _dask_executor(cluster, workers, connect_timeout) as pool:
            yield pool
        return
    most = machine_workers()
    if workers is not None and workers > most:
        raise InputError(f"--workers {workers}: this machine runs at most {most} worker processes")
    count = min(2, most) if workers is None else workers
    context = multiprocessing.get_context("fork")
    executor = ProcessPoolExecutor(count, context, initializer=_worker_start, initargs=(os.getpid(),))
    try:
        yield Workers(executor, count)
    except BaseException:
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        raise
    executor.shutdown()


def _worker_start(parent: int) -> None:
    """A local worker: Ctrl-C is the command's to handle; the worker ends when its parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


@contextmanager
def _dask_executor(address: str, workers: int | None, timeout: float) -> Iterator[Workers]:
    from distributed import Client

    _check_address(address)
    try:
        client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError, TypeError) as err:
        raise InputError(
            f"--cluster: cannot reach the Dask scheduler at {address}: {_first_line(err)}"
        ) from None
    with client:
        threads = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]
        if workers is not None and workers > threads:
            raise InputError(f"--workers {workers}: the cluster at {address} has {threads} worker threads")
        yield Workers(client.get_executor(pure=False), workers or threads)  # type: ignore[no-untyped-call]


ADDRESS = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?[^\s:/]+:\d+|inproc://\S+")
"""A Dask scheduler address: ``tcp://HOST:PORT`` (the scheme may be left out), or in-process."""


def _check_address(address: str) -> None:
    """An address that names no host and port is refused before a client is made (a client that
    fails half-made stalls the exit for 20 s and prints a traceback)."""
    if ADDRESS.fullmatch(address) is None:
        raise InputError(f"--cluster: {address!r} is not a scheduler address such as tcp://HOST:8786")


def _first_line(err: BaseException) -> str:
    return next(iter(str(err).strip().splitlines()), type(err).__name__)
