"""``hexmj simulate --rules NAME``: many sessions of a rule set other than hextech, in worker
processes (issue 14 item 5).

Game ``i`` of a run with seed ``S`` is the session of seed ``S + i``, whoever plays it.  The games
go out in chunks through the executor the hextech lab uses (:mod:`tools.lab.executors`: local
worker processes, at most one per processor, default 2); each chunk comes back as its sessions'
records (:func:`tools.table_play.session_record`) as JSON, in game order.  Chunks are taken in game
order, whatever order they finish in, and no more than :data:`CHUNKS_PER_SLOT` per worker are out
at once; each one's records are counted (:class:`tools.table_figures.Figures`) and stored in one
transaction when ``--db`` names a store, then dropped.  So one worker and two give the same
figures and the same stored records, byte for byte.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass

from engine.core.registry import ruleset
from engine.core.table_log import TableHeader
from tools.table_figures import Figures

CHUNK_GAMES = 8
"""The most games a chunk holds (smaller runs are spread over the workers)."""
CHUNKS_PER_SLOT = 2

Records = Callable[[list[str]], object]


@dataclass(frozen=True)
class Chunk:
    """Games ``first .. first + count - 1`` of a run whose first session is ``header``."""

    header: TableHeader
    first: int
    count: int


def play_chunk(chunk: Chunk) -> list[str]:
    """Play one chunk's sessions; their records as JSON, in game order (what a worker runs)."""
    from tools.table_play import play_session, session_record

    h = chunk.header
    rules = ruleset(h.rules)
    records = []
    for i in range(chunk.first, chunk.first + chunk.count):
        game = TableHeader(h.rules, h.options, h.seed + i, h.rounds, h.agents)
        record = session_record(play_session(rules, game), game.agents, "simulate")
        records.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    return records


def chunks(header: TableHeader, games: int, slots: int) -> Iterator[Chunk]:
    """The run's chunks in game order: at most :data:`CHUNK_GAMES` games each, and enough of them
    that every worker has some."""
    size = max(1, min(CHUNK_GAMES, -(-games // (slots * CHUNKS_PER_SLOT))))
    for first in range(0, games, size):
        yield Chunk(header, first, min(size, games - first))


def run(
    header: TableHeader,
    games: int,
    executor: Executor,
    slots: int,
    records: Records | None = None,
    progress: Callable[[int], None] | None = None,
) -> Figures:
    """Play ``games`` sessions from ``header``'s seed on; their figures.  Each chunk's records go
    to ``records`` in game order, and ``progress`` hears how many games each chunk played."""
    figures = Figures()
    waiting: dict[int, list[str]] = {}
    pending: dict[Future[list[str]], int] = {}
    source = chunks(header, games, slots)
    next_first = 0

    def submit() -> None:
        for chunk in itertools.islice(source, CHUNKS_PER_SLOT * slots - len(pending)):
            pending[executor.submit(play_chunk, chunk)] = chunk.first

    submit()
    while True:
        while next_first in waiting:
            played = waiting.pop(next_first)
            for text in played:
                figures.add(json.loads(text))
            if records is not None:
                records(played)
            if progress is not None:
                progress(len(played))
            next_first += len(played)
        if not pending:
            return figures
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            waiting[pending.pop(future)] = future.result()
        submit()
