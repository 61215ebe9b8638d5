"""The one seam through which simulated games go out: a :class:`concurrent.futures.Executor`.

Without a cluster the games go to worker processes on this machine, forked
when the first chunk is sent so that they start with the cards the first
games loaded and compiled; with
``cluster`` (``tcp://HOST:8786``) they go to a Dask distributed cluster
through its scheduler, whose workers must run the same versions of this
package and its dependencies.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager

from engine.errors import InputError

CONNECT_TIMEOUT = 10.0


@contextmanager
def open_executor(
    workers: int, cluster: str | None = None, connect_timeout: float = CONNECT_TIMEOUT
) -> Iterator[Executor]:
    """An executor with ``workers`` local processes, or one that submits to the Dask scheduler ``cluster``."""
    if cluster is not None:
        with _dask_executor(cluster, connect_timeout) as executor:
            yield executor
        return
    if workers < 1:
        raise InputError(f"--workers must be at least 1, not {workers}")
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as executor:
        yield executor


@contextmanager
def _dask_executor(address: str, timeout: float) -> Iterator[Executor]:
    from distributed import Client

    try:
        client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as err:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    with client:
        yield client.get_executor(pure=False)  # type: ignore[no-untyped-call]
