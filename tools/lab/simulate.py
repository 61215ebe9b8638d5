"""One ``hexmj simulate`` run of any rule set: where the games are played and where their records
go (§18.3; issue 14 item 5, issue 33 item 1).

The games go through the lab's one run (:func:`tools.lab.pipeline.play_run`) on local worker
processes or a Dask cluster (:mod:`tools.lab.executors`); each chunk's records, in game order, are
appended to the ``--records`` file (:mod:`tools.lab.run_file`), stored in one transaction when
``--db`` names a store, and for duplicate sets kept for their per-agent figures, then dropped.
A run resumed from its records file counts the records it holds again, stores those the store
lacks and plays on from the next game, so a run stopped and resumed gives the figures, the file
and the stored records of the run that never stopped, byte for byte.  On a terminal (never a
pipe, never with ``--json``) a progress bar counts the games.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Engine

from tools.interrupt import interrupted
from tools.lab.executors import open_executor
from tools.lab.pipeline import Counts, play_run
from tools.lab.run_file import RunFile, RunWriter
from tools.lab.run_games import RunGames
from tools.lab.store import NO_STORE, open_store

C = TypeVar("C", bound=Counts)


@dataclass(frozen=True)
class Where:
    """Where a run's games are played and its records kept, as the command line said."""

    workers: int | None
    cluster: str | None
    db: str | None
    shown: bool
    """Whether a progress bar may be drawn (not with ``--json``)."""


@dataclass
class Kept:
    """Where a run's records go as their chunks come back, in game order: the records file, the
    store and, for duplicate sets, ``also``; and how many of the run's ``total`` games are kept."""

    games: RunGames[Any]
    total: int
    played: int
    store: Engine | None
    writer: RunWriter | None = None
    also: list[str] | None = None

    def __call__(self, records: list[str]) -> None:
        if self.writer is not None:
            self.writer.add(records)
        if self.store is not None:
            self.games.store(records, self.store)
        if self.also is not None:
            self.also.extend(records)
        self.played += len(records)

    def stopped(self) -> str:
        """What Ctrl-C stopped, and how to go on (R201)."""
        kept = "their records are stored; " if self.store is not None and self.played else ""
        again = (
            f"continue with: hexmj simulate --resume {self.writer.path}"
            if self.writer is not None
            else "the same command plays the same games again (same --seed, same figures)"
        )
        return (
            f"simulate stopped after {self.played} of {self.total} games, before any figures were "
            f"reported; {kept}{again}"
        )

    def close(self) -> None:
        """Close the store and the file."""
        if self.store is not None:
            self.store.dispose()
        if self.writer is not None:
            self.writer.close()


@dataclass
class Plan:
    """The runs to play (one, or duplicate sets' four rotations), each of ``count`` games; the
    records file to start or the read one to go on with."""

    runs: Sequence[RunGames[Any]]
    count: int
    records: Path | None = None
    resumed: tuple[Path, RunFile] | None = None
    also: list[str] | None = None


def play(plan: Plan, where: Where) -> list[Any]:
    """Play the plan's runs; the counts of each, in order."""
    first = plan.runs[0]
    done = [] if plan.resumed is None else plan.resumed[1].records
    store = None if where.db == NO_STORE else open_store(where.db)
    kept = Kept(first, plan.count * len(plan.runs), len(done), store, also=plan.also)
    try:
        if plan.resumed is not None:
            kept.writer = RunWriter.resume(*plan.resumed)
        elif plan.records is not None:
            kept.writer = RunWriter.start(plan.records, first, plan.count)
        if store is not None and done:
            missing = first.unstored(done, store)
            if missing:
                first.store(missing, store)
        with (
            interrupted(kept.stopped),
            open_executor(where.workers, where.cluster) as pool,
            progress(kept.total - len(done), where.shown) as advance,
        ):
            return [
                _played(games, plan.count, done, pool.executor, pool.slots, kept, advance)
                for games in plan.runs
            ]
    finally:
        kept.close()


def _played(
    games: RunGames[C],
    count: int,
    done: list[str],
    executor: Executor,
    slots: int,
    kept: Kept,
    advance: Callable[[int], None],
) -> C:
    """One run's counts: the records kept before counted again, then the games after them (none
    when the run was finished, R804)."""
    if not done:
        return play_run(games, count, executor, advance, kept, slots)
    counts = games.counts()
    for text in done:
        games.recount(counts, text)
    if len(done) < count:
        counts.merge(play_run(games, count - len(done), executor, advance, kept, slots, start=len(done)))
    return counts


@contextmanager
def progress(total: int, shown: bool) -> Iterator[Callable[[int], None]]:
    """Count nothing, or on a terminal's stderr draw a bar with the games per second and the time
    left."""
    if not (shown and sys.stderr.isatty()):
        yield lambda done: None
        return
    from tools.lab.progress import progress_bar

    with progress_bar(total) as bar:
        yield bar
