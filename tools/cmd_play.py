"""``hexmj play``: a whole session with bots, as a readable round-by-round account or as JSON (§4–§16).

The account shows, per round, the dealer, the world card, the contracts,
each win with its score items and the wall left at it, the enabled modules'
lines (challenges and chips, treasure orders) and the round's scores; then
the final standings (§16) and the modules' summary (欢乐之星, §7.1).
``--log FILE`` writes the JSON-lines log (every event and decision, flushed
as it happens; missing folders are made, as for every file hexmj writes, and
a path that cannot be written stops the command before play with exit 2);
``--resume FILE`` continues a session cut short, losing nothing that was
logged.  The core cards come from ``--cards DIR`` (or ``$HEXMJ_CARDS``),
default ``cards/``.  The same seed gives the same bytes.  Every session
played is stored as a session record for the balance lab (§18.3, §18.4) in
``--db`` (default ``hexmj-records.db`` in the working folder, or
``$HEXMJ_DB``; ``--db none`` stores nothing).  ``--pool FILE`` plays a pool
file's cards, one version of each (§18.2, §18.4), as ``hexmj pool --pool`` lists
them; the log's header names the file and every card in play, so ``replay``
and ``--resume`` play the same cards without it, and the record stores the
file's name as its pool.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Annotated, Any, TypedDict, Unpack

import typer

from engine.agents.hextech.roster import make_agents
from engine.core.agent import Agent
from engine.core.errors import InputError, LogError, engine_faults
from engine.core.log_lines import SEED_RANGE
from engine.core.log_reader import SessionLog
from engine.core.log_writer import ContinuedLog, LogWriter, close_log, open_log
from engine.core.seats import PLAYERS
from engine.core.session import drive
from engine.hextech.bus import Event
from engine.hextech.log import DEFAULT_POOL, LogHeader, event_sink, read_hextech_log
from engine.hextech.session import Session, SessionConfig, SessionResult
from engine.hextech.view import PlayerView
from tools.cmd_pool import CardsOption, ModeOption, session_mode
from tools.console import Terminal
from tools.hextech_session import header_cards, new_session, result_json
from tools.interrupt import Interrupted
from tools.lab.engine_adapter import EventWatcher, play_command, session_record
from tools.lab.store import NO_STORE, check_store, store_session
from tools.table_play import HEXTECH_FLAGS, RulesOption, TableOptions, other_play, plays_elsewhere
from tools.table_resume import resume_other, resumes_elsewhere

DEFAULT_AGENTS = "greedy,greedy,greedy,greedy"


@dataclass
class ModuleNotes:
    """A bus sink gathering the enabled modules' lines of the readable account, round by round
    (``hexmj_account_lines``); ``session`` is set once the session exists."""

    session: Session | None = None
    rounds: list[list[str]] = field(default_factory=list)

    def __call__(self, event: Event) -> None:
        if event.name == "round.started":
            self.rounds.append([])
        session = self.session
        if session is None or session.plugins is None or not self.rounds:
            return
        self.rounds[-1].extend(session.plugins.account_lines(event, session))


@dataclass(frozen=True)
class Played:
    """A finished session and what its account, its JSON and its record need (§16, §18.3)."""

    result: SessionResult
    session: Session
    agents: tuple[str, ...]
    watcher: EventWatcher
    notes: ModuleNotes
    pool: str = DEFAULT_POOL
    """How the record names the pool: ``default`` or the pool file's name (§18.2)."""

    def names(self) -> dict[str, str]:
        """The Chinese name of every card in play, by versioned id."""
        return {card_id: card.name for card_id, card in self.session.cards.items()}

    def summary(self) -> list[str]:
        """The modules' end-of-session lines (chips, 欢乐之星, §7.1); none in the strategy mode."""
        plugins = self.session.plugins
        return [] if plugins is None else plugins.session_summary(self.session)

    def fields(self) -> dict[str, Any]:
        """The modules' fields of the JSON document, present only while their module is on."""
        plugins = self.session.plugins
        return {} if plugins is None else plugins.session_fields(self.session)


class PlayOptions(TypedDict, total=False):
    """The keyword arguments of :func:`play_logged`, for the functions passing them on."""

    log: Path | None
    expected: Sequence[dict[str, Any]]
    write: bool
    resume_at: int | None
    folder: Path | None
    pool: Path | None


def run_session(header: LogHeader, **options: Unpack[PlayOptions]) -> SessionResult:
    """Play the session ``header`` describes, writing its log to ``log`` (see :func:`play_logged`)."""
    return play_logged(header, **options).result


def play_logged(
    header: LogHeader,
    *,
    log: Path | None = None,
    expected: Sequence[dict[str, Any]] = (),
    write: bool = True,
    folder: Path | None = None,
    pool: Path | None = None,
    resume_at: int | None = None,
) -> Played:
    """Play the session ``header`` describes with the cards of ``folder`` (the pool file ``pool``'s,
    or those a pool file's log names, §18.2), writing its log to ``log``.  The ``expected`` lines (a
    log being replayed or resumed) must come out again; their answers are re-played before any agent
    acts, and one the session refuses is reported at its ``file:line``.  With ``resume_at`` (a log
    being resumed) the log is cut to its first ``resume_at`` bytes and continued once every logged
    line has come out again (:class:`engine.core.log_writer.ContinuedLog`).  A check the engine
    fails on its own state is an :class:`engine.core.errors.EngineFault`."""
    chosen = header_cards(header, log, folder, pool)
    ids = tuple(card.id for card in chosen[0])
    source = header.pool if pool is None else str(pool)
    handle: IO[str] | ContinuedLog | None = None
    if log is not None and write:
        handle = (
            ContinuedLog(log, resume_at) if resume_at is not None else open_log(log, "a" if expected else "w")
        )
    try:
        writer = LogWriter(handle, expected, str(log or ""))
        if not expected and resume_at is None:
            writer.write(
                LogHeader(header.seed, header.mode, header.rounds, header.agents, ids, source).line()
            )
        config = SessionConfig(seed=header.seed, mode=header.mode, rounds=header.rounds)
        watcher, notes = EventWatcher(), ModuleNotes()
        answers = iter([str(line["answer"]) for line in expected if line.get("type") == "decision"])
        people = Terminal.stdio(header.mode, folder, log)
        session = new_session(config, [event_sink(writer), watcher, notes, people.event], folder, chosen)
        notes.session = session
        chosen_file = None if source == DEFAULT_POOL else Path(source)
        replay = play_command(header.seed, header.mode, header.rounds, header.agents, folder, chosen_file)
        agents = logged_agents(header, people, log) if expected else None
        try:
            with engine_faults(replay):
                result = drive(
                    session,
                    agents or make_agents(list(header.agents), header.seed, people.agents()),
                    script=answers,
                    on_answer=writer.decision,
                )
        except LogError as err:
            raise writer.placed(err) from None
        except KeyboardInterrupt:
            raise Interrupted(stopped(log if write else None, bool(expected) and not write)) from None
        writer.end(result.totals)
        name = DEFAULT_POOL if chosen_file is None else chosen_file.name
        return Played(result, session, header.agents, watcher, notes, name)
    finally:
        if handle is not None:
            close_log(handle, log)


def logged_agents(header: LogHeader, people: Terminal, log: Path | None) -> list[Agent[PlayerView]]:
    """The agents a log's header names; a name no agent has is a :class:`LogError` at ``file:1``."""
    try:
        return make_agents(list(header.agents), header.seed, people.logged())
    except InputError as err:
        raise LogError(f"{log}:1: session header: agents: {str(err).removeprefix('--agents: ')}") from None


def stopped(log: Path | None, replaying: bool) -> str:
    """What Ctrl-C during a session stopped, and how it goes on (R201)."""
    if replaying:
        return "replay stopped before the log's end; nothing was written"
    how = f"continue with: hexmj play --resume {log}" if log else "it was not logged (--log FILE keeps it)"
    return f"play stopped before the session ended, its record was not stored; {how}"


RESUMED_FLAGS: dict[str, Callable[[Any, LogHeader, Path], bool]] = {
    "seed": lambda seed, header, log: seed == header.seed,
    "mode": lambda mode, header, log: mode == header.mode,
    "rounds": lambda rounds, header, log: rounds == header.rounds,
    "agents": lambda agents, header, log: _agent_names(agents) == header.agents,
    "pool": lambda pool, header, log: str(pool) == header.pool,
    "log": lambda path, header, log: Path(path).resolve() == log.resolve(),
}
"""The options of a new session a log already fixes, and whether a value given agrees with the log."""

LOGGED_AS: dict[str, Callable[[LogHeader], str]] = {
    "seed": lambda header: f"played with seed {header.seed}",
    "mode": lambda header: f"played in mode {header.mode}",
    "rounds": lambda header: f"a session of {header.rounds} rounds",
    "agents": lambda header: f"played by {','.join(header.agents)}",
    "pool": lambda header: f"played with pool {header.pool}",
    "log": lambda header: "which goes on in itself",
}
"""What the log says for each of :data:`RESUMED_FLAGS`, for the message."""

TABLE_RESUMED = ("seed", "rounds", "agents", "log")
"""The flags of :data:`RESUMED_FLAGS` a session of another rule set has."""


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT")


def _agent_names(agents: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in agents.split(","))
    return names * 4 if len(names) == 1 else names


def check_resumed_flags(contents: SessionLog[LogHeader], log: Path, given: Mapping[str, Any]) -> None:
    """``--resume`` goes on with what the log fixes: a flag given with a value the log contradicts
    is an :class:`InputError` naming both, instead of being ignored."""
    for name, value in given.items():
        if not RESUMED_FLAGS[name](value, contents.header, log):
            raise InputError(
                f"--{name} {value} contradicts the log {log}, {LOGGED_AS[name](contents.header)}: "
                f"leave --{name} out to resume"
            )


def resume_session(log: Path, folder: Path | None = None, given: Mapping[str, Any] | None = None) -> Played:
    """Continue a session cut short: re-play what was logged, drop a half-written last line, go on.
    Flags ``given`` on the command line must agree with the log (:func:`check_resumed_flags`)."""
    contents = read_hextech_log(log)
    check_resumed_flags(contents, log, given or {})
    if contents.finished:
        raise LogError(
            f"{log}: the session is finished; nothing to resume "
            f"(hexmj record {log} stores its record if it was lost)"
        )
    return play_logged(
        contents.header,
        log=log,
        expected=contents.lines,
        folder=folder,
        resume_at=contents.complete_bytes,
    )


def replay_session(log: Path, contents: SessionLog[LogHeader], folder: Path | None = None) -> SessionResult:
    """Re-play a finished log without writing, checking every line (exit 5 at the first difference)."""
    return run_session(contents.header, log=log, expected=contents.lines, write=False, folder=folder)


def account(
    result: SessionResult,
    names: dict[str, str],
    notes: Sequence[Sequence[str]] = (),
    summary: Sequence[str] = (),
) -> list[str]:
    """The readable round-by-round account and the final standings; ``notes`` are the modules' lines of
    each round, ``summary`` their end-of-session lines (§7.1, §16)."""
    lines = [f"海克斯麻将 session: seed {result.config.seed}, mode {result.config.mode}"]
    if result.test:
        lines.append(f"shortened test session of {result.config.rounds} rounds (§18.1): ranked apart")
    for record in result.rounds:
        r = record.result
        world = f"{record.world} {names.get(record.world, '')}" if record.world else "none"
        lines.append("")
        lines.append(f"Round {record.number}  dealer {PLAYERS[record.dealer]}  world {world}")
        if record.treasure:
            lines.append(f"  treasure {record.treasure} {names.get(record.treasure, '')}")
        contracts = [f"{PLAYERS[p]} {c} {names.get(c, '')}" for p, c in enumerate(r.contracts) if c]
        if contracts:
            lines.append("  contracts: " + "; ".join(contracts))
        for w in r.wins:
            how = w.way.value if w.from_player is None else f"{w.way.value} from {PLAYERS[w.from_player]}"
            items = " + ".join(f"{n} {pts}" for _, n, pts in w.items)
            lines.append(
                f"  hu #{w.order}: {PLAYERS[w.player]} by {how}, wall left {w.wall_left}: {w.total} = {items}"
            )
        if not r.wins:
            lines.append("  no win")
        if record.number <= len(notes):
            lines += [f"  {line}" for line in notes[record.number - 1]]
        lines.append(f"  ended: {r.reason.value}, wall left {r.wall_left}")
        lines.append("  scores: " + "  ".join(f"{PLAYERS[p]} {r.scores[p]:+d}" for p in range(4)))
    lines.append("")
    lines.append("Standings")
    for s in result.standings():
        lines.append(f"  {s.rank}. {PLAYERS[s.player]}  {s.total}")
    if summary:
        lines += ["", *summary]
    return lines


def play(
    ctx: typer.Context,
    seed: Annotated[int, typer.Option(metavar="N", help="The session's seed: same seed, same session.")] = 1,
    mode: ModeOption = None,
    rounds: Annotated[int, typer.Option(help="8, or 4 for the shortened test session (§18.1).")] = 8,
    agents: Annotated[
        str,
        typer.Option(
            help="A,B,C,D (or one for all): greedy, random, search (search:N sets its budget) or human."
        ),
    ] = DEFAULT_AGENTS,
    log: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Write the JSON-lines event log here (missing folders are made)."),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Continue the session of this log.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the session as JSON.")] = False,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="Store the session's record here (§18.3): a file, sqlite:///FILE or postgresql://…; default "
            "$HEXMJ_DB, else hexmj-records.db in the working folder; 'none' stores nothing.",
        ),
    ] = None,
    folder: CardsOption = None,
    pool: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="A pool file (§18.2): play its cards; default: the mode's pool."),
    ] = None,
    rules: RulesOption = None,
    option: TableOptions = None,
) -> None:
    """Play a whole session with bots, print the account and the standings, store its record."""
    if resume is not None and resumes_elsewhere(resume, rules, option):
        hextech_only = [name for name in HEXTECH_FLAGS if _given(ctx, name)]
        given = {name: ctx.params[name] for name in TABLE_RESUMED if _given(ctx, name)}
        resume_other(resume, rules, option, hextech_only, given, json_out, db)
        return
    if plays_elsewhere(rules, option):
        hextech_only = [name for name in HEXTECH_FLAGS if _given(ctx, name)]
        other_play(
            rules,
            option,
            hextech_only,
            seed,
            rounds if _given(ctx, "rounds") else None,
            agents,
            log,
            json_out,
            db,
        )
        return
    if pool is not None and not pool.is_file():
        raise InputError(f"--pool: no such file {pool}")
    if seed not in SEED_RANGE:
        raise InputError(f"--seed: {seed} is not a whole number of 64 bits (a record stores it so, §18.3)")
    if db != NO_STORE:
        check_store(db)
    if resume is not None:
        given = {name: ctx.params[name] for name in RESUMED_FLAGS if _given(ctx, name)}
        played = resume_session(resume, folder, given)
    else:
        mode = session_mode(mode, pool)
        names = tuple(a.strip() for a in agents.split(","))
        header = LogHeader(seed, mode, rounds, names * 4 if len(names) == 1 else names, ())
        SessionConfig(seed=seed, mode=mode, rounds=rounds)
        make_agents(list(header.agents), seed, Terminal.stdio(mode, folder).agents())
        played = play_logged(header, log=log, folder=folder, pool=pool)
    result = played.result
    if json_out:
        typer.echo(json.dumps(result_json(result, played.fields()), ensure_ascii=False, indent=2))
    else:
        typer.echo("\n".join(account(result, played.names(), played.notes.rounds, played.summary())))
    if db != NO_STORE:
        store_played(played, db, resume or log)


def store_played(played: Played, db: str | None, log: Path | None) -> int:
    """Store a played session's record (§18.3) and return its id; a store that fails after play
    says how the record can still be stored from the session's log (``hexmj record``)."""
    record = session_record(played.session, played.result, played.watcher, played.agents, played.pool, "play")
    try:
        return store_session(record, db)
    except InputError as err:
        later = f"; store it later with hexmj record {log}" if log is not None else ""
        raise InputError(f"{err}: the session's record is not stored{later}") from None
