"""The one run of the lab, for every rule set: games played in chunks through one executor, in game
order (§18.3; issue 33 item 1).

A rule set gives the lab its :class:`Games`: how game ``i`` of a run is played into a record (its
session seed, :meth:`Games.seed_of`; its record as JSON, counted where it is played,
:meth:`Games.play`) and the counts its figures are made of (:meth:`Games.counts`, merged in any
order to the same whole numbers).  The rest is this module's, whatever the rule set: the first
game is played here and timed, chunks are then sized to last about :data:`CHUNK_SECONDS` each so
that scheduling costs little; each chunk is counted where it is played and sends back its counts
and its records; no more chunks are out at once than :data:`CHUNKS_PER_SLOT` per worker; counts
are merged as they arrive and each chunk's records go to the ``records`` sink in game order, then
are dropped.  So a run of any N holds a bounded number of games, and one worker, two or a
cluster's give the same records and figures, byte for byte.
"""

from __future__ import annotations

import itertools
import math
import time
import zlib
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar

from engine.core.errors import HexError, InputError

CHUNK_SECONDS = 0.25
CHUNKS_PER_SLOT = 2

Progress = Callable[[int], None]
Records = Callable[[list[str]], object]


class Counts(Protocol):
    """Whole-number counts over the records of a run: the same records give the same counts
    whatever order their parts are merged in."""

    games: int

    def merge(self, other: Self) -> None:
        """Add counts built elsewhere."""
        ...


C = TypeVar("C", bound=Counts)


class Games(Protocol[C]):
    """What a rule set gives the lab's run: game ``index`` played into its record, and its counts.
    A value of it travels to the workers, so it holds plain, picklable fields."""

    def counts(self) -> C:
        """Counts of no game."""
        ...

    def seed_of(self, index: int) -> int:
        """The session seed of game ``index`` of the run."""
        ...

    def play(self, index: int, counts: C) -> str:
        """Play game ``index``, add it to ``counts`` and give its record as JSON."""
        ...


@dataclass
class Played(Generic[C]):
    """What a chunk gives back: the counts of its games and their records as JSON, in game order."""

    counts: C
    records: list[str] = field(default_factory=list)

    def __getstate__(self) -> dict[str, object]:
        """Records travel from a worker compressed: JSON of many similar sessions packs tenfold."""
        return {"counts": self.counts, "packed": zlib.compress("\n".join(self.records).encode(), 1)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.counts = state["counts"]
        text = zlib.decompress(state["packed"]).decode()
        self.records = text.split("\n") if text else []


@dataclass(frozen=True)
class Chunk(Generic[C]):
    """Games ``first .. first + count - 1`` of a run."""

    games: Games[C]
    first: int
    count: int


def play_chunk(chunk: Chunk[C]) -> Played[C]:
    """Play one chunk's games and count them where they were played; this is what a worker runs.
    An error names the game and its session seed, so that it can be played again alone."""
    games = chunk.games
    played = Played(games.counts())
    for i in range(chunk.first, chunk.first + chunk.count):
        try:
            played.records.append(games.play(i, played.counts))
        except HexError as err:
            err.args = (f"game {i} (session seed {games.seed_of(i)}): {err}",)
            raise
        except Exception as err:
            err.add_note(f"in game {i} (session seed {games.seed_of(i)}) of the run")
            raise
    return played


def chunk_size(seconds_per_game: float, games: int) -> int:
    """Games per chunk so that a chunk lasts about :data:`CHUNK_SECONDS`."""
    return max(1, min(games, math.ceil(CHUNK_SECONDS / max(seconds_per_game, 1e-6))))


def play_run(
    games: Games[C],
    count: int,
    executor: Executor,
    progress: Progress | None = None,
    records: Records | None = None,
    slots: int = 1,
    start: int = 0,
) -> C:
    """Play games ``start`` … ``start + count − 1`` of the run with ``slots`` chunks' worth of
    workers: their counts; each chunk's records go to ``records`` in game order, and ``progress``
    hears of every game played."""
    if count < 1:
        raise InputError(f"--games must be at least 1, not {count}")
    started = time.perf_counter()
    first_game = play_chunk(Chunk(games, start, 1))
    size = chunk_size(time.perf_counter() - started, count - 1)
    end = start + count
    counts, waiting, next_first = games.counts(), {start: first_game}, start
    firsts = iter(range(start + 1, end, size))
    pending: dict[Future[Played[C]], int] = {}

    def submit() -> None:
        for first in itertools.islice(firsts, CHUNKS_PER_SLOT * slots - len(pending)):
            pending[executor.submit(play_chunk, Chunk(games, first, min(size, end - first)))] = first

    submit()
    while True:
        while next_first in waiting:
            played = waiting.pop(next_first)
            counts.merge(played.counts)
            if records is not None:
                records(played.records)
            if progress is not None:
                progress(played.counts.games)
            next_first += played.counts.games
        if not pending:
            return counts
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            waiting[pending.pop(future)] = future.result()
        submit()
