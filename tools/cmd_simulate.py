"""``hexmj simulate``: play N sessions of any rule set with bots and report their balance figures
(§18.3; issue 33 item 1).

Every rule set's run is the lab's one run (:mod:`tools.lab.simulate`): games in chunks through
local worker processes or a Dask cluster (``--cluster``), every session stored in the record store
(``--db``, default ``$HEXMJ_DB``, else ``hexmj-records.db`` in the working folder), each record
written to ``--records FILE`` as it is played so that ``--resume FILE`` goes on after a kill, and
``--duplicate`` playing every seed with the agents in each seating.  The same seed and N give the
same figures, byte for byte, whatever the workers.  The rule set gives what is its own: hextech's
§18.3 figures, per card and per agent (:class:`tools.lab.runner.HextechGames`; its cards from
``--cards DIR`` or ``$HEXMJ_CARDS``, default ``cards/``), and hextech alone compares two versions
of a card (``--compare A B``, ``--until-decided``); another rule set's (``--rules NAME``,
``--option NAME[=VALUE]``) wins, fan and draws (:class:`tools.lab.table_games.TableGames`).
The lab's heavier modules (plots, the store, Dask) are imported only when the command runs, so
that the other ``hexmj`` commands start quickly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast, get_args

import typer

from engine.core.errors import InputError
from tools.cmd_pool import CardsOption, ModeOption
from tools.interrupt import interrupted
from tools.kinds.kind import agent_names
from tools.lab_options import ClusterOption, WorkersOption
from tools.rules_option import RulesOption, TableOptions, plays_elsewhere

if TYPE_CHECKING:
    from tools.lab.decided import Sequential
    from tools.lab.metrics import Aggregate
    from tools.lab.run_file import RunFile
    from tools.lab.run_games import RunGames
    from tools.lab.seed_figures import Figure
    from tools.lab.session_spec import SessionSpec
    from tools.lab.simulate import Plan, Where
    from tools.lab.table_games import TableGames
    from tools.lab.tally import Tally


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
            help="Write each session's record here as it is played, for --resume.",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Go on with the run of this records file (--records FILE)."),
    ] = None,
) -> None:
    """Play N sessions with bots; print the §18.3 metrics, per-card figures and flags."""
    from tools.lab.runner import ENGINE_TABLE, HextechGames, check_games
    from tools.lab.simulate import Plan, Where, play

    where = Where(workers, cluster, db, shown=not json_out)
    hextech_only = [name for name in HEXTECH_SIMULATE if _given(ctx, name)]
    if resume is not None:
        if duplicate:
            raise InputError(
                f"--duplicate: a flag of a new run, not of --resume (the records {resume} fix the run)"
            )
        fixed = (*RESUMED, *RESUMED_HEXTECH)
        given = {name: ctx.params[name] for name in fixed if _given(ctx, name)}
        from tools.alone import alone

        with alone(resume):
            plan = _resumed(resume, rules, option or (), hextech_only, given)
            (counts,) = play(plan, where)
            _show(plan.runs[0], counts, plan.count, json_out, report, db, resume)
        return
    run: RunGames[Any]
    if plays_elsewhere(rules, option):
        assert rules is not None
        _refuse(hextech_only, f"hextech sessions, not of --rules {rules}")
        length = rounds if _given(ctx, "rounds") else None
        run = _table_games(rules, option or (), games, seed, length, agents)
    else:
        check_games(games)
        table = table or ENGINE_TABLE
        if duplicate and compare_versions is not None:
            raise InputError("--duplicate: not with --compare (compare versions with one set of agents)")
        decided = _decided(compare_versions, until_decided, tolerance, figure)
        if until_decided and not _given(ctx, "games"):
            games = DEFAULT_MOST
        runs = _runs(session_spec(mode, pool, rounds, agents, seed, folder), compare_versions, table)
        if compare_versions is not None:
            if records is not None:
                raise InputError("--records: a flag of a run of one version, not of --compare")
            _compare(runs, games, seed, table, decided, where, json_out, report)
            return
        run = HextechGames(runs[0][0], seed, table)
    if duplicate:
        if records is not None:
            raise InputError("--records: a flag of a run of one seating, not of --duplicate")
        _duplicate(run, games, where, json_out, report)
        return
    (counts,) = play(Plan([run], games, records), where)
    _show(run, counts, games, json_out, report, db, records)


def _show(
    run: RunGames[Any],
    counts: Any,
    games: int,
    json_out: bool,
    report: Path | None,
    db: str | None,
    records: Path | None,
) -> None:
    """Write the run's report page when asked, then print its figures; Ctrl-C meanwhile says how
    the figures are had again (R201, R804)."""
    from tools.interrupt import interrupted

    how = (
        f"continue with: hexmj simulate --resume {records}"
        if records is not None
        else "the same command plays the same games again (same --seed, same figures)"
    )
    stopped = f"simulate stopped after its {games} games, before its figures were reported; {how}"
    with interrupted(lambda: stopped):
        if report is not None:
            run.report(counts, games, report, db)
        typer.echo(run.figures(counts, games, json_out))


def _table_games(
    rules: str, options: Sequence[str], games: int, seed: int, rounds: int | None, agents: str
) -> TableGames:
    """The run of another rule set the command line asks for; a bad option, length, seed or bot
    is exit 2."""
    from tools.kinds.table import choose, session_header
    from tools.lab.runner import check_games
    from tools.lab.table_games import TableGames

    chosen = choose(rules, options)
    check_games(games)
    run = TableGames.of(session_header(chosen, seed, rounds, agents))
    run.check(games)
    return run


def _refuse(given: Sequence[str], whose: str) -> None:
    """A flag of a hextech run alone, given where it does not apply, is exit 2 naming it."""
    if given:
        raise InputError(f"{HEXTECH_SIMULATE[given[0]]}: a flag of {whose}")


def _resumed(
    path: Path, rules: str | None, options: Sequence[str], hextech_only: Sequence[str], given: dict[str, Any]
) -> Plan:
    """The run a records file holds, to go on with; a flag given that the file contradicts is
    exit 2, and the file is left as it was; a finished run plays no game and reports its figures
    (R804)."""
    from tools.lab.run_file import read_run
    from tools.lab.runner import HextechGames
    from tools.lab.simulate import Plan

    read = read_run(path)
    run = read.games
    if rules is not None and rules != run.rules:
        raise InputError(
            f"--rules {rules} contradicts the records {path}, a run of {run.rules}: "
            "leave --rules out to resume"
        )
    if isinstance(run, HextechGames):
        fixed = [name for name in hextech_only if name not in RESUMED_HEXTECH]
        _refuse(fixed, f"a new run, not of --resume (the records {path} fix the run)")
        checks = {**RESUMED, **RESUMED_HEXTECH}
    else:
        _refuse(hextech_only, f"hextech sessions, not of --rules {run.rules}")
        checks = RESUMED
    for name, value in given.items():
        if not checks[name](value, read, path):
            flag = HEXTECH_SIMULATE.get(name, f"--{name}")
            raise InputError(
                f"{flag} {value} contradicts the records {path}, a run of {read.count} games from seed "
                f"{run.base_seed}, {run.rounds} rounds, played by {','.join(run.agents)}: "
                f"leave {flag} out to resume"
            )
    if options:
        _contradicted_options(path, run, options)
    if read.records:
        run.resumable(read.records[0])
    return Plan([run], read.count, resumed=(path, read))


def _contradicted_options(path: Path, run: RunGames[Any], options: Sequence[str]) -> None:
    """``--option`` given with ``--resume`` must say what the records say."""
    from engine.core.registry import ruleset
    from tools.lab.table_games import TableGames

    if not isinstance(run, TableGames):
        raise InputError(f"--option {options[0]}: options belong to --rules NAME of another rule set")
    if ruleset(run.rules).resolve_options(options) != run.options:
        logged = ", ".join(f"{key}={value}" for key, value in run.options.items())
        raise InputError(
            f"--option {options[0]} contradicts the records {path}, a run with {logged}: "
            "leave --option out to resume"
        )


RESUMED: dict[str, Callable[[Any, RunFile, Path], bool]] = {
    "seed": lambda seed, read, path: seed == read.games.base_seed,
    "games": lambda games, read, path: games == read.count,
    "rounds": lambda rounds, read, path: rounds == read.games.rounds,
    "agents": lambda agents, read, path: agent_names(agents) == read.games.agents,
    "records": lambda records, read, path: Path(records).resolve() == path.resolve(),
}
"""The flags of a new run a records file already fixes, and whether a value given agrees with it."""


def _same_place(given: Path, kept: str | None) -> bool:
    """A file or folder given with ``--resume`` is the one the records name, however it is spelt
    (R804)."""
    return kept is not None and given.resolve() == Path(kept).resolve()


RESUMED_HEXTECH: dict[str, Callable[[Any, RunFile, Path], bool]] = {
    "mode": lambda mode, read, path: mode == read.games.head(read.count)["mode"],
    "pool": lambda pool, read, path: _same_place(pool, read.games.head(read.count)["pool"]),
    "folder": lambda folder, read, path: _same_place(folder, read.games.head(read.count)["cards"]),
}
"""The flags of a hextech session a hextech run's records file fixes as well."""


def _duplicate(games: RunGames[Any], count: int, where: Where, json_out: bool, report: Path | None) -> None:
    """Duplicate sets: every seed played four times, the agents rotated one seat each time, and
    each agent's figures over the four (``tools.lab.duplicate``); hextech's card figures are those
    of the four rotations' tally together."""
    from tools.lab import duplicate
    from tools.lab.runner import HextechGames
    from tools.lab.simulate import Plan, play
    from tools.lab.summary import dumps

    kept: list[str] = []
    runs = [games.rotated(r) for r in range(duplicate.ROTATIONS)]
    tallies = play(Plan(runs, count, also=kept), where)
    merged = tallies[0]
    for counts in tallies[1:]:
        merged.merge(counts)
    found = duplicate.figures(duplicate.sets(kept, count, games.scores))
    seed, rounds, table = games.base_seed, games.rounds, games.describe()
    if not isinstance(games, HextechGames):
        if report is not None:
            games.report(merged, count * duplicate.ROTATIONS, report, where.db)
        head = games.head(count)
        doc = duplicate.doc(
            found, None, count, seed, {"rules": head["rules"], "options": head["options"]}, rounds
        )
        lines = duplicate.lines(found, count, seed, table, rounds)
        typer.echo(dumps({"duplicate": doc}) if json_out else "\n".join(lines))
        return
    from tools.lab.metrics import summarize
    from tools.lab.report import write_report

    together = summarize(merged)
    if report is not None:
        write_report(report, together, merged, seed)
    if json_out:
        doc = duplicate.doc(found, together.by_agent, count, seed, {"mode": games.spec.mode}, rounds)
        typer.echo(dumps({"duplicate": doc}))
        return
    lines = duplicate.lines(found, count, seed, table, rounds)
    typer.echo("\n".join([*lines, *duplicate.card_lines(together.by_agent, sorted(found))]))


def _compare(
    runs: list[tuple[SessionSpec, str | None]],
    games: int,
    seed: int,
    table: str,
    decided: tuple[Figure, float | None] | None,
    where: Where,
    json_out: bool,
    report: Path | None,
) -> None:
    """Two versions of one card on the same seeds (§18.4): a fixed number of games each, or until
    the card's figure is decided."""
    from tools.lab.metrics import summarize
    from tools.lab.report import write_report
    from tools.lab.runner import HextechGames, beside
    from tools.lab.simulate import Plan, play

    sequential: Sequential | None = None
    if decided is None:
        tallies = play(Plan([HextechGames(spec, seed, table) for spec, _ in runs], games), where)
    else:
        tallies, sequential = _until_decided(runs, games, seed, table, decided, where)
    aggregates = [summarize(counts) for counts in tallies]
    if report is not None:
        for (_, version), aggregate, counts in zip(runs, aggregates, tallies, strict=True):
            people = beside(where.db, aggregate.cohort)
            write_report(report / str(version), aggregate, counts, seed, version, people)
    typer.echo(_render(runs, aggregates, seed, json_out, sequential))


def _until_decided(
    runs: list[tuple[SessionSpec, str | None]],
    games: int,
    seed: int,
    table: str,
    decided: tuple[Figure, float | None],
    where: Where,
) -> tuple[list[Tally], Sequential]:
    """Both versions played on the same seeds until the card's figure is decided (``--games``: the
    most seeds per version)."""
    from tools.lab.decided import until_decided
    from tools.lab.executors import open_executor
    from tools.lab.measure import Bench, Measurement
    from tools.lab.runner import HextechGames
    from tools.lab.simulate import Kept, progress
    from tools.lab.store import NO_STORE, open_store

    store = None if where.db == NO_STORE else open_store(where.db)
    kept = Kept(HextechGames(runs[0][0], seed, table), games * len(runs), 0, store)
    try:
        with (
            interrupted(kept.stopped),
            open_executor(where.workers, where.cluster) as pool,
            progress(kept.total, where.shown) as advance,
        ):
            bench = Bench(seed, pool.executor, pool.slots, table, advance, kept)
            measured = [Measurement(spec) for spec, _ in runs]
            sequential = until_decided(bench, measured[0], measured[1], *decided, games)
    finally:
        kept.close()
    return [m.tally for m in measured], sequential


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


HEXTECH_SIMULATE = {
    "mode": "--mode",
    "pool": "--pool",
    "compare_versions": "--compare",
    "until_decided": "--until-decided",
    "tolerance": "--tolerance",
    "figure": "--figure",
    "table": "--table",
    "folder": "--cards",
}
"""The flags of a hextech run only, by parameter name, as the command line spells them."""


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT")


def session_spec(
    mode: str | None, pool: Path | None, rounds: int, agents: str, seed: int, folder: Path | None
) -> SessionSpec:
    """The session the options describe; a bad mode, length, pool file or bot is an input error."""
    from engine.agents.roster import make_bots
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
    make_bots(names, seed)
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
