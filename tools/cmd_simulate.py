"""``hexmj simulate``: play N sessions with bots and report the balance figures of §18.3.

Games go out in chunks through one executor: local worker processes, or a
Dask cluster named by ``--cluster``.  Every session is stored (§18.3,
§18.4) in the record store (``--db``, default ``$HEXMJ_DB``, else
``hexmj-records.db`` in the working folder).  The core cards come from
``--cards DIR`` (or ``$HEXMJ_CARDS``), default ``cards/``.  The same
seed and N give the same figures, byte for byte, whatever the workers.
``--compare A B`` plays the same seeds once with each version of a card.
The lab's heavier modules (plots, the store, Dask) are imported only when
the command runs, so that the other ``hexmj`` commands start quickly.  ``--rules NAME`` (with
``--option NAME[=VALUE]``) simulates another rule set in the same worker processes, stores its
sessions in the same ``--db`` and reports the figures of :mod:`tools.table_figures` on the
terminal, as ``--json`` and as the ``--report`` page (:mod:`tools.table_simulate`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast, get_args

import typer

from engine.core.errors import InputError
from tools.cmd_pool import CardsOption, ModeOption
from tools.interrupt import interrupted
from tools.lab_options import ClusterOption, WorkersOption
from tools.rules_option import RulesOption, TableOptions, plays_elsewhere
from tools.table_run_file import is_run_file

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from tools.lab.decided import Sequential
    from tools.lab.metrics import Aggregate
    from tools.lab.people import Comparison
    from tools.lab.records import Cohort
    from tools.lab.seed_figures import Figure
    from tools.lab.session_spec import SessionSpec


def simulate(
    ctx: typer.Context,
    games: Annotated[int, typer.Option("--games", metavar="N", help="How many sessions to play.")] = 100,
    mode: ModeOption = None,
    pool: Annotated[
        Path | None, typer.Option(metavar="FILE", help="A pool file (§18.2); default: the mode's pool.")
    ] = None,
    rounds: Annotated[int, typer.Option(help="8, or 4 for the shortened test session (§18.1).")] = 8,
    agents: Annotated[
        str, typer.Option(help="Bots for A,B,C,D (or one for all): greedy, random, search or search:N.")
    ] = "greedy",
    seed: Annotated[int, typer.Option(metavar="N", help="Base seed: same seed and N, same figures.")] = 1,
    workers: WorkersOption = None,
    cluster: ClusterOption = None,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="Record store URL: sqlite:///FILE or postgresql://…; default $HEXMJ_DB, "
            "else hexmj-records.db in the working folder; 'none' stores nothing.",
        ),
    ] = None,
    report: Annotated[
        Path | None, typer.Option(metavar="DIR", help="Write an HTML report into this folder.")
    ] = None,
    compare_versions: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--compare", metavar="A B", help="Two versions of one card, two values: --compare S-08 S-08-v2."
        ),
    ] = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Play every seed four times, the agents rotated one seat each time; print each "
            "agent's mean score, its lead over the others and its first places, with intervals "
            "(--report: one report of all four rotations).",
        ),
    ] = False,
    until_decided: Annotated[
        bool,
        typer.Option(
            "--until-decided",
            help="With --compare: play both versions on the same seeds until the card's figure is "
            "decided (its difference's always-valid 95 % interval excludes 0 or lies inside "
            "--tolerance); --games N is then the most seeds per version (default 2000).",
        ),
    ] = False,
    tolerance: Annotated[
        float | None,
        typer.Option(
            metavar="T",
            help="With --until-decided: a difference inside ±T counts as none (0.05 is five points "
            "of a share).",
        ),
    ] = None,
    figure: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="With --until-decided: the figure to decide on (default: a contract's completion, a "
            "chance card's unexecutable share, an augment's score_advantage).",
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    table: Annotated[
        str | None, typer.Option(hidden=True, help="The session player, module:function.")
    ] = None,
    folder: CardsOption = None,
    rules: RulesOption = None,
    option: TableOptions = None,
    records: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="With --rules NAME: write each session's record here as it is played, for --resume.",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Go on with the run of this records file (--records FILE)."),
    ] = None,
) -> None:
    """Play N sessions with bots; print the §18.3 metrics, per-card figures and flags."""
    if (resume is not None and is_run_file(resume)) or plays_elsewhere(rules, option):
        from tools.table_simulate import RESUMED, SimulateArgs, simulate_command

        simulate_command(
            SimulateArgs(
                rules,
                option or (),
                [name for name in HEXTECH_SIMULATE if _given(ctx, name)],
                games,
                seed,
                rounds if _given(ctx, "rounds") else None,
                agents,
                json_out,
                workers,
                cluster,
                db,
                report,
                records,
                resume,
                {name: ctx.params[name] for name in RESUMED if _given(ctx, name)},
            )
        )
        return
    if records is not None or resume is not None:
        flag = "--records" if records is not None else "--resume"
        raise InputError(
            f"{flag}: a flag of runs of another rule set (--rules NAME); a hextech run plays the same "
            "games again with the same command"
        )
    from tools.lab.executors import open_executor
    from tools.lab.metrics import summarize
    from tools.lab.report import write_report
    from tools.lab.runner import ENGINE_TABLE, check_games, run
    from tools.lab.store import NO_STORE, open_store

    check_games(games)
    table = table or ENGINE_TABLE
    if duplicate and compare_versions is not None:
        raise InputError("--duplicate: not with --compare (compare versions with one set of agents)")
    decided = _decided(compare_versions, until_decided, tolerance, figure)
    if until_decided and not _given(ctx, "games"):
        games = DEFAULT_MOST
    runs = _runs(session_spec(mode, pool, rounds, agents, seed, folder), compare_versions, table)
    if duplicate:
        from tools.lab.duplicate import ROTATIONS, rotate

        spec = runs[0][0]
        runs = [(spec.model_copy(update={"agents": rotate(spec.agents, r)}), None) for r in range(ROTATIONS)]
    store = None if db == NO_STORE else open_store(db)
    counter = Counter(games * len(runs))
    kept_records: list[str] = []
    tallies = []
    sequential: Sequential | None = None
    try:
        with (
            interrupted(lambda: counter.stopped(store is not None)),
            open_executor(workers, cluster) as pool_of,
            _progress(counter, shown=not json_out) as advance,
        ):
            keep = _keeper(store, kept_records if duplicate else None)
            if decided is not None:
                from tools.lab.decided import until_decided as play_until_decided
                from tools.lab.measure import Bench, Measurement

                bench = Bench(seed, pool_of.executor, pool_of.slots, table, advance, keep)
                measured = [Measurement(run_spec) for run_spec, _ in runs]
                sequential = play_until_decided(bench, measured[0], measured[1], *decided, games)
                tallies = [m.tally for m in measured]
            for run_spec, _ in runs if decided is None else ():
                tallies.append(
                    run(run_spec, games, seed, pool_of.executor, table, advance, keep, pool_of.slots)
                )
    finally:
        if store is not None:
            store.dispose()
    if duplicate:
        merged = tallies[0]
        for counts in tallies[1:]:
            merged.merge(counts)
        together = summarize(merged)
        if report is not None:
            write_report(report, together, merged, seed)
        typer.echo(_render_duplicate(kept_records, together, games, seed, runs[0][0], json_out))
        return
    aggregates = [summarize(counts) for counts in tallies]
    if report is not None:
        for (_, version), aggregate, counts in zip(runs, aggregates, tallies, strict=True):
            people = _beside(db, aggregate.cohort)
            write_report(report / version if version else report, aggregate, counts, seed, version, people)
    typer.echo(_render(runs, aggregates, seed, json_out, sequential))


def _beside(db: str | None, cohort: Cohort) -> Comparison | None:
    """The cohort's sessions played at real tables beside its simulated ones in the store, for the
    report (§18.3, issue 31 item 7); ``None`` without a store or a table session."""
    from tools.lab.people import compare
    from tools.lab.store import NO_STORE, load_sessions, open_store

    if db == NO_STORE:
        return None
    engine = open_store(db)
    try:
        table = load_sessions(engine, cohort, ["table"])
        simulated = load_sessions(engine, cohort, ["simulate"]) if table else []
    finally:
        engine.dispose()
    return compare(table, simulated) if table else None


DEFAULT_MOST = 2000
"""The most seeds per version of ``--until-decided`` when ``--games`` names none."""


def _decided(
    versions: tuple[str, str] | None, until: bool, tolerance: float | None, figure: str | None
) -> tuple[Figure, float | None] | None:
    """The figure and tolerance of a comparison that stops when decided, or ``None`` for a fixed N;
    ``--tolerance`` and ``--figure`` without ``--until-decided`` are input errors."""
    if not until:
        if tolerance is not None or figure is not None:
            flag = "--tolerance" if tolerance is not None else "--figure"
            raise InputError(f"{flag}: a flag of --until-decided")
        return None
    if versions is None:
        raise InputError("--until-decided: compare two versions with --compare A B")
    if tolerance is not None and not 0 < tolerance < 1e9:
        raise InputError(f"--tolerance: {tolerance} is not a positive number")
    from tools.lab.decided import compared_figure

    return compared_figure(versions[0], figure), tolerance


HEXTECH_SIMULATE = (
    "mode",
    "pool",
    "compare_versions",
    "until_decided",
    "tolerance",
    "figure",
    "duplicate",
    "table",
    "folder",
)
"""The parameters of a hextech simulation only."""


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT")


def session_spec(
    mode: str | None, pool: Path | None, rounds: int, agents: str, seed: int, folder: Path | None
) -> SessionSpec:
    """The session the options describe; a bad mode, length, pool file or bot is an input error."""
    from engine.agents.hextech.roster import make_agents
    from engine.core.errors import InputError
    from tools.hextech_session import session_mode
    from tools.lab.records import Mode, SessionLength
    from tools.lab.session_spec import SessionSpec

    if pool is not None and not pool.is_file():
        raise InputError(f"--pool: no such file {pool}")
    mode = session_mode(mode, pool)
    if mode not in get_args(Mode):
        raise InputError(f"--mode: {mode!r} is not one of {', '.join(get_args(Mode))} (§3)")
    if rounds not in (4, 8):
        raise InputError(f"--rounds: {rounds} is not 8 or 4 (§18.1)")
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
    from tools.lab.runner import ENGINE_TABLE

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
    seed: int,
    as_json: bool,
    sequential: Sequential | None = None,
) -> str:
    """The JSON document or the terminal summary of the run, or of the comparison (and how a
    comparison that stops when decided ended)."""
    from tools.lab.compare import compare
    from tools.lab.summary import aggregate_doc, aggregate_lines, comparison_doc, comparison_lines, dumps

    spec, first = runs[0]
    if first is None:
        doc, lines = aggregate_doc(aggregates[0], seed, spec.pool_name), aggregate_lines(aggregates[0], seed)
    else:
        second = runs[1][1]
        assert second is not None
        comparison = compare(first, aggregates[0], second, aggregates[1])
        doc = comparison_doc(comparison, seed, spec.pool_name)
        lines = comparison_lines(comparison, seed, spec.pool_name)
        if sequential is not None:
            from tools.lab.decided import sequential_doc, sequential_lines

            doc["sequential"] = sequential_doc(sequential)
            lines += sequential_lines(sequential, (first, second))
    return dumps(doc) if as_json else "\n".join(lines)


@dataclass
class Counter:
    """How many of the run's ``total`` games have been played, for the progress bar and for Ctrl-C."""

    total: int
    done: int = 0

    def stopped(self, stored: bool) -> str:
        """What Ctrl-C stopped, and how to go on."""
        kept = "their records are stored; " if stored and self.done else ""
        return (
            f"simulate stopped after {self.done} of {self.total} games, before any figures were reported; "
            f"{kept}the same command plays the same games again (same --seed, same figures)"
        )


def _keeper(store: Engine | None, kept: list[str] | None) -> Callable[[list[str]], object] | None:
    """Where each chunk's records go as the games arrive: the store, and for a duplicate run a list as
    well, since its per-agent figures pair every seed's four rotations (``tools.lab.duplicate``)."""
    if store is None and kept is None:
        return None
    from tools.lab.store import store_json

    def keep(records: list[str]) -> None:
        if store is not None:
            store_json(records, store)
        if kept is not None:
            kept.extend(records)

    return keep


def _render_duplicate(
    records: list[str], together: Aggregate, games: int, seed: int, spec: SessionSpec, as_json: bool
) -> str:
    """The per-agent figures of a duplicate run (``tools.lab.duplicate``); the card figures are those
    of the four rotations' tally ``together``."""
    from tools.lab import duplicate
    from tools.lab.summary import dumps

    found = duplicate.figures(duplicate.sets(records, games))
    if as_json:
        doc = duplicate.doc(found, together.by_agent, games, seed, spec.mode, spec.rounds)
        return dumps({"duplicate": doc})
    lines = duplicate.lines(found, games, seed, spec.mode, spec.rounds)
    return "\n".join([*lines, *duplicate.card_lines(together.by_agent, sorted(found))])


@contextmanager
def _progress(counter: Counter, shown: bool) -> Iterator[Callable[[int], None]]:
    """Count the games played; on a terminal's stderr (never a pipe, never with ``--json``) also
    draw a bar with the games per second and the time left."""

    def count(done: int) -> None:
        counter.done += done

    if not (shown and sys.stderr.isatty()):
        yield count
        return
    from tools.lab.progress import progress_bar

    with progress_bar(counter.total) as bar:

        def advance(done: int) -> None:
            count(done)
            bar(done)

        yield advance
