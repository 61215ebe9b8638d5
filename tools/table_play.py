"""``hexmj play``, ``replay`` and ``simulate`` for a rule set other than hextech (issue 14 item 5).

The session is played by :mod:`engine.core.table_session` with the bots of
:mod:`engine.agents.bots`, the rule set found in the ``hexmj.rulesets`` registry and its options
given as ``--option NAME[=VALUE]`` (resolved by :meth:`RuleSet.resolve_options`, every value
recorded in the log's header).  A seed fixes the session: the account, the ``--json`` document
and the ``--log`` lines come out byte for byte the same.  ``replay`` reads the rule set, its
options, the seed and the agents from the log's header, plays the logged answers again and
refuses a log that does not come out the same (exit 5).  A session's record
(:func:`tools.table_record.session_record`: its ``--json`` document and where it was played) is
stored in the record store ``--db`` as hextech's are (R380); ``--resume`` is
:mod:`tools.table_resume`, ``simulate`` :mod:`tools.table_simulate`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Annotated, Any

import typer

from engine.agents.roster import LOGGED, make_bots
from engine.core.decisions import Decision
from engine.core.errors import InputError, LogError, engine_faults
from engine.core.log_lines import SEED_RANGE
from engine.core.log_reader import SessionLog
from engine.core.log_writer import ContinuedLog, LogWriter, close_log, open_log
from engine.core.registry import ruleset
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.seats import PLAYERS
from engine.core.session import drive
from engine.core.table_log import (
    MAX_ROUNDS,
    TableHeader,
    event_sink,
    is_table_log,
    logged_options,
    read_table_log,
)
from engine.core.table_session import SessionResult, TableConfig, TableSession
from engine.core.tiles import FACES, name
from tools.interrupt import interrupted
from tools.rules_option import DEFAULT
from tools.table_record import record_text, result_json, session_record

RulesOption = Annotated[
    str | None,
    typer.Option(metavar="NAME", help="The rule set to play (hexmj rulesets lists them); default hextech."),
]
TableOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        metavar="NAME[=VALUE]",
        help="A table option of the rule set (a bare flag is true); repeatable.",
    ),
]
Answered = Callable[[Decision, str], None]
"""What :func:`engine.core.table_session.drive` tells of each answer."""
HEXTECH_FLAGS = {"mode": "--mode", "pool": "--pool", "folder": "--cards"}
"""The flags of a hextech session only, by parameter name."""
FLAG_NAMES = {
    **HEXTECH_FLAGS,
    "cluster": "--cluster",
    "compare_versions": "--compare",
    "duplicate": "--duplicate",
    "table": "--table",
}
"""How the command line spells each hextech-only parameter."""


def plays_elsewhere(rules: str | None, options: Sequence[str] | None) -> bool:
    """Whether ``--rules`` names a rule set this module plays: any but hextech, the default, whose
    sessions take no ``--option``."""
    if rules is None or rules == DEFAULT:
        if options:
            raise InputError(f"--option {options[0]}: options belong to --rules NAME of another rule set")
        return False
    return True


def logged_elsewhere(head: Mapping[str, Any]) -> bool:
    """Whether a log's first line (``engine.core.table_log.first_line``) is the header of a session
    this module plays: a log of the core's table naming a rule set other than hextech, the default,
    whose sessions keep a log of their own."""
    return is_table_log(head) and head["rules"] != DEFAULT


@dataclass(frozen=True)
class Chosen:
    """A session's rule set and its options' values, as the command line gave them."""

    rules: RuleSet
    options: dict[str, OptionValue]


def choose(name: str, words: Sequence[str]) -> Chosen:
    """The installed rule set ``name`` and its options from ``--option`` words (exit 2 on a name
    or value it does not have, 6 for a rule set that cannot be loaded)."""
    rules = ruleset(name)
    return Chosen(rules, rules.resolve_options(words))


def session_header(chosen: Chosen, seed: int, rounds: int | None, agents: str) -> TableHeader:
    """The header of the session the command line asks for; a bad seed, length or agent is exit 2."""
    if seed not in SEED_RANGE:
        raise InputError(f"--seed: {seed} is not a whole number of 64 bits")
    length = chosen.rules.session_rounds if rounds is None else rounds
    if not 1 <= length <= MAX_ROUNDS:
        raise InputError(f"--rounds: {length} is not 1…{MAX_ROUNDS}")
    names = agent_names(agents)
    make_bots(list(names), seed)
    return TableHeader(chosen.rules.name, chosen.options, seed, length, names)


def agent_names(agents: str) -> tuple[str, ...]:
    """The four seats' agents of ``--agents`` (one name: every seat)."""
    names = tuple(name.strip() for name in agents.split(","))
    return names * 4 if len(names) == 1 else names


def replay_command(header: TableHeader) -> str:
    """The command line that plays the session again (an engine fault names it)."""
    options = "".join(f" --option {name}={value}" for name, value in header.options.items())
    return (
        f"hexmj play --rules {header.rules}{options} --seed {header.seed} --rounds {header.rounds} "
        f"--agents {','.join(header.agents)}"
    )


def play_session(
    rules: RuleSet,
    header: TableHeader,
    *,
    log: Path | None = None,
    expected: Sequence[dict[str, Any]] = (),
    resume_at: int | None = None,
) -> SessionResult:
    """Play the session ``header`` describes, writing its log to ``log``; with ``expected`` (a log
    being replayed) its answers are played and every line must come out again, nothing is written.
    With ``resume_at`` as well (a log being resumed) the session goes on after the last expected
    line, the log cut to its first ``resume_at`` bytes and continued from there; until every
    logged line has come out again the file is not touched."""
    handle: IO[str] | ContinuedLog | None = None
    if log is not None and resume_at is not None:
        handle = ContinuedLog(log, resume_at)
    elif log is not None and not expected:
        handle = open_log(log)
    try:
        writer = LogWriter(handle, expected, str(log or ""))
        if not expected and resume_at is None:
            writer.write(header.line())
        sinks = (event_sink(writer),) if handle is not None or expected else ()
        config = TableConfig(rules, header.options, header.seed, header.rounds)
        answers = [str(line["answer"]) for line in expected if line.get("type") == "decision"]
        agents = make_bots(list(header.agents), header.seed, LOGGED)
        on_answer: Answered | None = writer.decision if sinks else None
        with engine_faults(replay_command(header)):
            try:
                result = drive(
                    TableSession(config, sinks),
                    agents,
                    script=iter(answers) if expected else None,
                    on_answer=on_answer,
                )
            except LogError as err:
                raise writer.placed(err) from None
        writer.end(result.totals)
        return result
    finally:
        if handle is not None:
            close_log(handle, log)


def replay_log(path: Path, contents: SessionLog[TableHeader]) -> SessionResult:
    """Replay a finished log, the rule set and options read from its header (exit 5 on a log that
    does not come out the same, or names a rule set or option not installed)."""
    if not contents.finished:
        raise LogError(f"{path}: the session was cut short; continue it with hexmj play --resume {path}")
    return play_session(
        logged_rules(path, contents.header), contents.header, log=path, expected=contents.lines
    )


def logged_rules(path: Path, header: TableHeader) -> RuleSet:
    """The rule set a log's header names, its options and agents checked (a :class:`LogError` at
    ``file:1`` for a rule set, option or agent not installed)."""
    try:
        rules = ruleset(header.rules)
    except InputError as err:
        raise LogError(f"{path}:1: session header: rules: {err}") from None
    logged_options(rules, header.options, path)
    try:
        make_bots(list(header.agents), header.seed, LOGGED)
    except InputError as err:
        raise LogError(f"{path}:1: session header: {err}") from None
    return rules


def replay_other(path: Path, json_out: bool) -> None:
    """``hexmj replay LOG`` of another rule set's log: replay it, print its account or its JSON."""
    contents = read_table_log(path)
    result = replay_log(path, contents)
    typer.echo(dumps(result_json(result, contents.header.agents)) if json_out else "\n".join(account(result)))


def account(result: SessionResult) -> list[str]:
    """The readable round-by-round account and the standings."""
    config = result.config
    options = ", ".join(f"{name}={value}" for name, value in config.options.items()) or "none"
    lines = [
        f"{config.rules.title} session: seed {config.seed}, rules {config.rules.name}, options {options}"
    ]
    for record in result.rounds:
        r = record.result
        lines += [
            "",
            f"Round {record.number}  dealer {PLAYERS[r.dealer]}  prevalent wind {name(r.prevalent_wind)}",
        ]
        for w in r.wins:
            how = "self-drawn" if w.discarder is None else f"on {PLAYERS[w.discarder]}'s discard"
            fan = " + ".join(
                f"{f.name} {f.value}" + (f"×{f.count}" if f.count > 1 else "") for f in w.scored.fan
            )
            lines.append(f"  hu: {PLAYERS[w.winner]} {how}, {FACES[w.tile]}: {w.scored.total} = {fan or '-'}")
        if r.drawn:
            lines.append("  荒牌: drawn, the wall is exhausted")
        lines.append("  scores: " + "  ".join(f"{PLAYERS[p]} {r.gains[p]:+d}" for p in range(4)))
    lines += ["", "Standings", *(f"  {rank}. {PLAYERS[p]}  {total}" for rank, p, total in result.ranking())]
    return lines


def record_other(path: Path, db: str | None) -> str:
    """``hexmj record LOG`` of another rule set's finished log: replay it, store the record ``play``
    stored (once: a record already in the store is named, not stored again); what was done."""
    from tools.lab.store import database_url, open_store, shown, store_table_json, stored_table_id

    contents = read_table_log(path)
    result = replay_log(path, contents)
    record = record_text(session_record(result, contents.header.agents, "play"))
    where = shown(database_url(db))
    known = stored_table_id(record, db)
    if known is not None:
        return f"{path}: already stored as session {known} in {where}"
    engine = open_store(db)
    try:
        return f"{path}: stored as session {store_table_json([record], engine)[0]} in {where}"
    finally:
        engine.dispose()


def dumps(doc: dict[str, Any]) -> str:
    """A JSON document as every command prints it."""
    return json.dumps(doc, ensure_ascii=False, indent=2)


def refuse_hextech_flags(given: Sequence[str], rules: str) -> None:
    """A flag only a hextech session has (its mode, pool and cards; a hextech run's cluster,
    comparison and duplicate play), given with another rule set, is exit 2 naming it."""
    if given:
        raise InputError(f"{FLAG_NAMES[given[0]]}: a flag of hextech sessions, not of --rules {rules}")


def other_play(
    rules: str | None,
    options: Sequence[str] | None,
    hextech_only: Sequence[str],
    seed: int,
    rounds: int | None,
    agents: str,
    log: Path | None,
    json_out: bool,
    db: str | None = None,
) -> None:
    """``hexmj play --rules NAME``: play the session, print its account or its JSON, store its
    record in ``db`` (``none``: nowhere; a store that cannot be opened stops it before the deal)."""
    assert rules is not None
    refuse_hextech_flags(hextech_only, rules)
    chosen = choose(rules, options or ())
    header = session_header(chosen, seed, rounds, agents)
    check_table_store(db)
    with interrupted(lambda: stopped(log)):
        result = play_session(chosen.rules, header, log=log)
    show_and_store(result, header, json_out, db, log)


def stopped(log: Path | None) -> str:
    """What Ctrl-C during a session stopped, and how it goes on."""
    how = f"continue with: hexmj play --resume {log}" if log else "it was not logged (--log FILE keeps it)"
    return f"play stopped before the session ended, its record was not stored; {how}"


def check_table_store(db: str | None) -> None:
    """Open the store ``--db`` names and close it again, unless it is ``none``."""
    from tools.lab.store import NO_STORE, check_store

    if db != NO_STORE:
        check_store(db)


def show_and_store(
    result: SessionResult, header: TableHeader, json_out: bool, db: str | None, log: Path | None
) -> None:
    """Print a played session's account or JSON, then store its record (a store that fails says
    how the record can still be stored from the log)."""
    from tools.lab.store import NO_STORE, open_store, store_table_json

    typer.echo(dumps(result_json(result, header.agents)) if json_out else "\n".join(account(result)))
    if db == NO_STORE:
        return
    record = record_text(session_record(result, header.agents, "play"))
    try:
        engine = open_store(db)
        try:
            store_table_json([record], engine)
        finally:
            engine.dispose()
    except InputError as err:
        later = f"; store it later with hexmj record {log}" if log is not None else ""
        raise InputError(f"{err}: the session's record is not stored{later}") from None
