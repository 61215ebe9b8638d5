"""Play N sessions with bots, in chunks of games sent through one executor (§18.3).

Game ``i`` of a run with base seed ``S`` is dealt from :func:`game_seed`
``(S, i)``: a chunk covering games ``i..j`` derives its seeds from the base
seed and its position, never from the worker that plays it, so the same
seed and N give the same records, and so the same aggregate, whatever the
number of workers or the cluster.  The first game is played here and
timed (``hexmj simulate`` compiles the pool before, so the time is a
game's); chunks are then sized to last about :data:`CHUNK_SECONDS` each so
scheduling costs little.  Each chunk is tallied where it is played and
sends back its tally and its records as JSON.  No more chunks are out at
once than :data:`CHUNKS_PER_SLOT` per worker: tallies are merged as they
arrive and each chunk's records go to the ``records`` sink in game order,
then are dropped, so a run of any N holds a bounded number of games.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import math
import time
import zlib
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core.errors import HexError, InputError
from tools.lab.records import SessionRecord
from tools.lab.session_spec import SessionSpec
from tools.lab.tally import Tally

CHUNK_SECONDS = 0.25
MAX_GAMES = 1_000_000
"""The most sessions one run plays (R590): a greedy million is some 36 CPU hours and every session is
kept in the record store, so a larger number is a typing slip, refused before anything is played."""
CHUNKS_PER_SLOT = 2
ENGINE_TABLE = "tools.lab.engine_adapter:play_session"
STANDIN_TABLE = "tools.lab.standin:play_session"

Table = Callable[[SessionSpec], SessionRecord]
Progress = Callable[[int], None]
Records = Callable[[list[str]], object]


class Chunk(BaseModel):
    """Games ``first .. first + count - 1`` of a run, to be played at ``table`` (``module:function``)."""

    model_config = ConfigDict(frozen=True)

    spec: SessionSpec
    base_seed: int
    first: int
    count: int
    table: str


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: 63 bits of BLAKE2b of the base seed and the index."""
    digest = hashlib.blake2b(f"hexmj/{base_seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest) >> 1


def check_games(games: int) -> None:
    """``--games`` must be a number of sessions one run can play: 1 to :data:`MAX_GAMES` (R590)."""
    if games < 1:
        raise InputError(f"--games must be at least 1, not {games}")
    if games > MAX_GAMES:
        raise InputError(
            f"--games: {games} is more than one run plays (at most {MAX_GAMES}, R590); "
            "play a longer study as several runs with different --seed values"
        )


def load_table(path: str) -> Table:
    """The session player named ``module:function``."""
    module, _, name = path.partition(":")
    table: Table = getattr(importlib.import_module(module), name)
    return table


@dataclass
class Played:
    """What a chunk gives back: the tally of its games and their records as JSON, in game order."""

    tally: Tally = field(default_factory=Tally)
    records: list[str] = field(default_factory=list)

    def __getstate__(self) -> dict[str, object]:
        """Records travel from a worker compressed: JSON of many similar sessions packs tenfold."""
        return {"tally": self.tally, "packed": zlib.compress("\n".join(self.records).encode(), 1)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.tally = state["tally"]
        text = zlib.decompress(state["packed"]).decode()
        self.records = text.split("\n") if text else []


def play_chunk(chunk: Chunk) -> Played:
    """Play one chunk's games and tally them where they were played; this is what a worker runs."""
    table = load_table(chunk.table)
    played = Played()
    for i in range(chunk.first, chunk.first + chunk.count):
        seed = game_seed(chunk.base_seed, i)
        try:
            record = table(chunk.spec.model_copy(update={"seed": seed}))
        except HexError as err:
            err.args = (f"game {i} (session seed {seed}): {err}",)
            raise
        except Exception as err:
            err.add_note(f"in game {i} (session seed {seed}) of the run")
            raise
        played.tally.add(record)
        played.records.append(record.model_dump_json())
    return played


def chunk_size(seconds_per_game: float, games: int) -> int:
    """Games per chunk so that a chunk lasts about :data:`CHUNK_SECONDS`."""
    return max(1, min(games, math.ceil(CHUNK_SECONDS / max(seconds_per_game, 1e-6))))


def run(
    spec: SessionSpec,
    games: int,
    base_seed: int,
    executor: Executor,
    table: str = ENGINE_TABLE,
    progress: Progress | None = None,
    records: Records | None = None,
    slots: int = 1,
    start: int = 0,
) -> Tally:
    """Play ``games`` sessions of ``spec``, games ``start`` … ``start + games − 1`` of the run, with
    ``slots`` chunks' worth of workers: their tally; each chunk's records go to ``records`` in game
    order, and ``progress`` hears of every game played."""
    if games < 1:
        raise InputError(f"--games must be at least 1, not {games}")
    started = time.perf_counter()
    first_game = play_chunk(Chunk(spec=spec, base_seed=base_seed, first=start, count=1, table=table))
    size = chunk_size(time.perf_counter() - started, games - 1)
    end = start + games
    counts, waiting, next_first = Tally(), {start: first_game}, start
    chunks = iter(range(start + 1, end, size))
    pending: dict[Future[Played], int] = {}

    def submit() -> None:
        for first in itertools.islice(chunks, CHUNKS_PER_SLOT * slots - len(pending)):
            chunk = Chunk(
                spec=spec, base_seed=base_seed, first=first, count=min(size, end - first), table=table
            )
            pending[executor.submit(play_chunk, chunk)] = first

    submit()
    while True:
        while next_first in waiting:
            played = waiting.pop(next_first)
            counts.merge(played.tally)
            if records is not None:
                records(played.records)
            if progress is not None:
                progress(played.tally.games)
            next_first += played.tally.games
        if not pending:
            return counts
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            waiting[pending.pop(future)] = future.result()
        submit()
