"""``hexmj simulate --rules NAME``: many sessions of a rule set other than hextech, in worker
processes (issue 14 item 5).

Game ``i`` of a run with seed ``S`` is the session of seed ``S + i``, whoever plays it.  The games
go out in chunks through the executor the hextech lab uses (:mod:`tools.lab.executors`: local
worker processes, at most one per processor, default 2, or a Dask cluster's workers); each chunk
comes back as its sessions' records (:func:`tools.table_record.session_record`) as JSON.  Chunks
are taken in game order, whatever order they finish in, and no more than :data:`CHUNKS_PER_SLOT`
per worker are out at once; each one's records are counted (:class:`tools.table_figures.Figures`),
appended to the ``--records`` file (:mod:`tools.table_run_file`) and stored in one transaction
when ``--db`` names a store, then dropped.  So one worker and two, or a run stopped and resumed
(``--resume FILE``), give the same figures, file and stored records, byte for byte.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
from sqlalchemy import Engine

from engine.core.errors import InputError, LogError
from engine.core.log_lines import SEED_RANGE
from engine.core.registry import ruleset
from engine.core.ruleset import OptionValue
from engine.core.table_log import TableHeader
from tools.interrupt import interrupted
from tools.lab.executors import open_executor
from tools.lab.runner import check_games
from tools.lab.store import NO_STORE, open_store, store_table_json, unstored_table_records
from tools.table_figures import Figures, figure_lines
from tools.table_play import (
    agent_names,
    choose,
    dumps,
    logged_rules,
    play_session,
    refuse_hextech_flags,
    session_header,
)
from tools.table_record import record_text, session_record
from tools.table_run_file import RunFile, RunWriter, read_run

CHUNK_GAMES = 8
"""The most games a chunk holds (smaller runs are spread over the workers)."""
CHUNKS_PER_SLOT = 2

Records = Callable[[list[str]], object]


@dataclass(frozen=True)
class Chunk:
    """Games ``first .. first + count - 1`` of a run whose first session has ``seed``; plain fields,
    as a worker process receives them (a compiled :class:`TableHeader` is not sent)."""

    rules: str
    options: dict[str, OptionValue]
    seed: int
    rounds: int
    agents: tuple[str, ...]
    first: int
    count: int


def play_chunk(chunk: Chunk) -> list[str]:
    """Play one chunk's sessions; their records as JSON, in game order (what a worker runs)."""
    rules = ruleset(chunk.rules)
    records = []
    for i in range(chunk.first, chunk.first + chunk.count):
        game = TableHeader(chunk.rules, chunk.options, chunk.seed + i, chunk.rounds, chunk.agents)
        records.append(record_text(session_record(play_session(rules, game), game.agents, "simulate")))
    return records


def chunks(header: TableHeader, games: int, slots: int, start: int = 0) -> Iterator[Chunk]:
    """The chunks of games ``start`` to ``games - 1`` in game order: at most :data:`CHUNK_GAMES`
    games each, and enough of them that every worker has some."""
    size = max(1, min(CHUNK_GAMES, -(-(games - start) // (slots * CHUNKS_PER_SLOT))))
    h = header
    for first in range(start, games, size):
        yield Chunk(h.rules, dict(h.options), h.seed, h.rounds, h.agents, first, min(size, games - first))


def run(
    header: TableHeader,
    games: int,
    executor: Executor,
    slots: int,
    records: Records | None = None,
    start: int = 0,
    figures: Figures | None = None,
) -> Figures:
    """Play games ``start`` to ``games - 1`` of the run from ``header``'s seed on and add them to
    ``figures`` (those of the games before ``start``); each chunk's records go to ``records`` in
    game order."""
    figures = figures or Figures()
    waiting: dict[int, list[str]] = {}
    pending: dict[Future[list[str]], int] = {}
    source = chunks(header, games, slots, start)
    next_first = start

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
            next_first += len(played)
        if not pending:
            return figures
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            waiting[pending.pop(future)] = future.result()
        submit()


@dataclass(frozen=True)
class SimulateArgs:
    """What the command line gave ``hexmj simulate --rules NAME`` (or ``--resume FILE``)."""

    rules: str | None
    options: Sequence[str]
    hextech_only: Sequence[str]
    games: int
    seed: int
    rounds: int | None
    agents: str
    json_out: bool
    workers: int | None
    cluster: str | None
    db: str | None
    report: Path | None
    records: Path | None
    resume: Path | None
    given: Mapping[str, Any]
    """The flags of :data:`RESUMED` given on the command line, by parameter name."""


RESUMED: dict[str, Callable[[Any, RunFile, Path], bool]] = {
    "seed": lambda seed, run, path: seed == run.header.seed,
    "games": lambda games, run, path: games == run.games,
    "rounds": lambda rounds, run, path: rounds == run.header.rounds,
    "agents": lambda agents, run, path: agent_names(agents) == run.header.agents,
    "records": lambda records, run, path: Path(records).resolve() == path.resolve(),
}
"""The flags of a new run a records file already fixes, and whether a value given agrees with it."""


def simulate_command(a: SimulateArgs) -> None:
    """Play the run (or go on with the one ``--resume`` names) in ``--workers`` processes, write
    each session's record to ``--records`` and the store, print the figures or their JSON, write
    the report."""
    read = None if a.resume is None else _resumed(a, a.resume)
    header, games, done = (read.header, read.games, read.records) if read is not None else _new_run(a)
    kept = Kept(games, len(done), None if a.db == NO_STORE else open_store(a.db))
    figures = Figures()
    try:
        if a.resume is not None and read is not None:
            kept.writer = RunWriter.resume(a.resume, read)
        elif a.records is not None:
            kept.writer = RunWriter.start(a.records, header, games)
        if kept.store is not None and done:
            store_table_json(unstored_table_records(done, kept.store), kept.store)
        for text in done:
            figures.add(json.loads(text))
        with interrupted(kept.stopped), open_executor(a.workers, a.cluster) as pool:
            run(header, games, pool.executor, pool.slots, kept, start=len(done), figures=figures)
    finally:
        kept.close()
    head = {
        "rules": header.rules,
        "options": dict(header.options),
        "seed": header.seed,
        "games": games,
        "agents": list(header.agents),
    }
    doc = figures.doc(head)
    if a.report is not None:
        from tools.table_report import write_report

        write_report(a.report, doc, figures, f"seed {header.seed}")
    typer.echo(dumps(doc) if a.json_out else "\n".join(figure_lines(doc)))


@dataclass
class Kept:
    """Where a run's records go as their chunks come back, in game order: the records file and the
    store; and how many games of the run are kept."""

    games: int
    played: int
    store: Engine | None
    writer: RunWriter | None = None

    def __call__(self, records: list[str]) -> None:
        if self.writer is not None:
            self.writer.add(records)
        if self.store is not None:
            store_table_json(records, self.store)
        self.played += len(records)

    def stopped(self) -> str:
        """What Ctrl-C stopped, and how to go on."""
        kept = "their records are stored; " if self.store is not None and self.played else ""
        again = (
            f"continue with: hexmj simulate --resume {self.writer.path}"
            if self.writer is not None
            else "the same command plays the same games again (same --seed, same figures)"
        )
        return (
            f"simulate stopped after {self.played} of {self.games} games, before any figures were "
            f"reported; {kept}{again}"
        )

    def close(self) -> None:
        """Close the store and the file."""
        if self.store is not None:
            self.store.dispose()
        if self.writer is not None:
            self.writer.close()


def _new_run(a: SimulateArgs) -> tuple[TableHeader, int, list[str]]:
    """The first session of the run the command line asks for, its number of games, no record yet."""
    refuse_hextech_flags(a.hextech_only, str(a.rules))
    chosen = choose(str(a.rules), a.options)
    check_games(a.games)
    header = session_header(chosen, a.seed, a.rounds, a.agents)
    if a.seed + a.games - 1 not in SEED_RANGE:
        raise InputError(f"--seed: {a.seed} + {a.games} games passes the 64-bit seeds")
    return header, a.games, []


def _resumed(a: SimulateArgs, path: Path) -> RunFile:
    """The records file ``--resume`` names, read; a flag given that the file contradicts is exit 2,
    a finished run exit 5, and the file is left as it was."""
    read = read_run(path)
    header = read.header
    if a.rules is not None and a.rules != header.rules:
        raise InputError(
            f"--rules {a.rules} contradicts the records {path}, a run of {header.rules}: "
            "leave --rules out to resume"
        )
    refuse_hextech_flags(a.hextech_only, header.rules)
    for name, value in a.given.items():
        if not RESUMED[name](value, read, path):
            raise InputError(
                f"--{name} {value} contradicts the records {path}, a run of {read.games} games from seed "
                f"{header.seed}, {header.rounds} rounds, played by {','.join(header.agents)}: "
                f"leave --{name} out to resume"
            )
    rules = logged_rules(path, header)
    if a.options and rules.resolve_options(a.options) != dict(header.options):
        logged = ", ".join(f"{key}={value}" for key, value in header.options.items())
        raise InputError(
            f"--option {a.options[0]} contradicts the records {path}, a run with {logged}: "
            "leave --option out to resume"
        )
    if len(read.records) == read.games:
        raise LogError(f"{path}: the run is finished ({read.games} games); nothing to resume")
    return read
