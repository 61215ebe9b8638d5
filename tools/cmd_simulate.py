"""``hexmj simulate``: play N sessions with bots and report the balance figures of §18.3.

Games go out in chunks through one executor: local worker processes, or a
Dask cluster named by ``--cluster``.  Every session is stored (§18.3,
§18.4) in the record store (``--db``, default ``$HEXMJ_DB``, else
``hexmj-records.db`` in the working folder).  The core cards come from
``--cards DIR`` (or ``$HEXMJ_CARDS``), default ``cards/``.  The same
seed and N give the same figures, byte for byte, whatever the workers.
``--compare A B`` plays the same seeds once with each version of a card.
The lab's heavier modules (plots, the store, Dask) are imported only when
the command runs, so that the other ``hexmj`` commands start quickly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, cast, get_args

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from engine.agents import make_agents
from engine.errors import InputError
from tools.cmd_pool import CardsOption
from tools.lab.metrics import Aggregate
from tools.lab.records import Mode, SessionLength
from tools.lab.runner import ENGINE_TABLE, Played
from tools.lab.session_spec import SessionSpec


def simulate(
    games: Annotated[int, typer.Option("--games", help="How many sessions to play.")] = 100,
    mode: Annotated[str, typer.Option(help="strategy, party or all (§3).")] = "strategy",
    pool: Annotated[Path | None, typer.Option(help="A pool file (§18.2); default: the mode's pool.")] = None,
    rounds: Annotated[int, typer.Option(help="8, or 4 for the shortened test session (§18.1).")] = 8,
    agents: Annotated[
        str, typer.Option(help="Bots for A,B,C,D (or one for all): greedy, random, search or search:N.")
    ] = "greedy",
    seed: Annotated[int, typer.Option(help="Base seed: same seed and N, same figures.")] = 1,
    workers: Annotated[int, typer.Option(help="Local worker processes.")] = 2,
    cluster: Annotated[str | None, typer.Option(help="A Dask scheduler, e.g. tcp://HOST:8786.")] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="Record store URL: sqlite:///FILE or postgresql://…; default $HEXMJ_DB, "
            "else hexmj-records.db in the working folder; 'none' stores nothing."
        ),
    ] = None,
    report: Annotated[Path | None, typer.Option(help="Write an HTML report into this folder.")] = None,
    compare_versions: Annotated[
        tuple[str, str] | None, typer.Option("--compare", help="Two versions of one card, e.g. S-08 S-08-v2.")
    ] = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Play every seed four times, the agents rotated one seat each time; print each "
            "agent's mean score, its lead over the others and its first places, with intervals.",
        ),
    ] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    table: Annotated[
        str, typer.Option(hidden=True, help="The session player, module:function.")
    ] = ENGINE_TABLE,
    folder: CardsOption = None,
) -> None:
    """Play N sessions with bots; print the §18.3 metrics, per-card figures and flags."""
    from tools.lab.executors import open_executor
    from tools.lab.metrics import summarize
    from tools.lab.report import write_report
    from tools.lab.runner import run
    from tools.lab.store import NO_STORE, open_store, store_json

    if duplicate and compare_versions is not None:
        raise InputError("--duplicate: not with --compare (compare versions with one set of agents)")
    runs = _runs(_spec(mode, pool, rounds, agents, seed, folder), compare_versions, table)
    if duplicate:
        from tools.lab.duplicate import ROTATIONS, rotate

        spec = runs[0][0]
        runs = [(spec.model_copy(update={"agents": rotate(spec.agents, r)}), None) for r in range(ROTATIONS)]
    store = None if db == NO_STORE else open_store(db)
    results: list[Played] = []
    try:
        with open_executor(workers, cluster) as executor, _progress(games * len(runs)) as advance:
            for run_spec, _ in runs:
                results.append(run(run_spec, games, seed, executor, table=table, progress=advance))
        if store is not None:
            for played in results:
                store_json(played.records, store)
    finally:
        if store is not None:
            store.dispose()
    if duplicate:
        typer.echo(_render_duplicate(results, games, seed, runs[0][0], json_out))
        return
    aggregates = [summarize(played.tally) for played in results]
    if report is not None:
        for (_, version), aggregate, played in zip(runs, aggregates, results, strict=True):
            write_report(report / version if version else report, aggregate, played.tally, seed)
    typer.echo(_render(runs, aggregates, games, seed, json_out))


def _spec(
    mode: str, pool: Path | None, rounds: int, agents: str, seed: int, folder: Path | None
) -> SessionSpec:
    """The session the options describe; a bad mode, length, pool file or bot is an input error."""
    if mode not in get_args(Mode):
        raise InputError(f"--mode: {mode!r} is not one of {', '.join(get_args(Mode))} (§3)")
    if rounds not in (4, 8):
        raise InputError(f"--rounds: {rounds} is not 8 or 4 (§18.1)")
    if pool is not None and not pool.is_file():
        raise InputError(f"--pool: no such file {pool}")
    names = [name.strip() for name in agents.split(",")]
    names = names * 4 if len(names) == 1 else names
    make_agents(names, seed)
    seats = (names[0], names[1], names[2], names[3])
    return SessionSpec(
        mode=cast(Mode, mode), pool=pool, rounds=cast(SessionLength, rounds), agents=seats, cards=folder
    )


def _runs(
    spec: SessionSpec, versions: tuple[str, str] | None, table: str
) -> list[tuple[SessionSpec, str | None]]:
    """One run, or one per compared version (§18.4); the engine's pools are checked and compiled first."""
    from tools.lab.compare import check_versions

    runs: list[tuple[SessionSpec, str | None]] = [(spec, None)]
    if versions is not None:
        check_versions(*versions)
        runs = [(spec.model_copy(update={"versions": (v,)}), v) for v in versions]
    if table == ENGINE_TABLE:
        from tools.lab.engine_adapter import session_cards

        for run_spec, _ in runs:
            session_cards(run_spec.mode, run_spec.pool, run_spec.versions, run_spec.cards)
    return runs


def _render(
    runs: list[tuple[SessionSpec, str | None]],
    aggregates: list[Aggregate],
    games: int,
    seed: int,
    as_json: bool,
) -> str:
    """The JSON document or the terminal summary of the run, or of the comparison."""
    from tools.lab.compare import compare
    from tools.lab.summary import aggregate_doc, aggregate_lines, comparison_doc, comparison_lines, dumps

    spec, first = runs[0]
    if first is None:
        doc, lines = aggregate_doc(aggregates[0], seed, spec.pool_name), aggregate_lines(aggregates[0], seed)
    else:
        second = runs[1][1]
        assert second is not None
        comparison = compare(first, aggregates[0], second, aggregates[1])
        doc, lines = comparison_doc(comparison, games, seed, spec.mode), comparison_lines(comparison)
    return dumps(doc) if as_json else "\n".join(lines)


def _render_duplicate(results: list[Played], games: int, seed: int, spec: SessionSpec, as_json: bool) -> str:
    """The per-agent figures of a duplicate run (``tools.lab.duplicate``)."""
    from tools.lab import duplicate
    from tools.lab.summary import dumps

    records = [r for played in results for r in played.records]
    found = duplicate.figures(duplicate.sets(records, games))
    cards = duplicate.by_card(records)
    if as_json:
        return dumps({"duplicate": duplicate.doc(found, cards, games, seed, spec.mode, spec.rounds)})
    lines = duplicate.lines(found, games, seed, spec.mode, spec.rounds)
    return "\n".join([*lines, *duplicate.card_lines(*cards, sorted(found))])


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on a terminal's stderr; nothing when stderr is not a terminal."""
    if not sys.stderr.isatty():
        yield lambda done: None
        return
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda done: bar.advance(task, done)
