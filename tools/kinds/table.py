"""The session kind of every rule set on the core's table: standard, hongzhong and those installed
after them (issue 14 item 5, R370–R380).

The rule set is found in the ``hexmj.rulesets`` registry and its options given as ``--option
NAME[=VALUE]`` (resolved by :meth:`RuleSet.resolve_options`, every value recorded in the log's
header).  Its seats are the bots and a person at this terminal (``human``, shown the seat's
view and asked, :class:`tools.console.Terminal`); a log's seat a person answered on the host
console (``web``, R375) is answered by the log alone.  A hextech
session's flags (its mode, pool and cards) are refused.  Its record is its ``--json`` document
and where it was played (:mod:`tools.table_record`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.agents.bots import LoggedPerson
from engine.agents.roster import BOTS, LOGGED, make_bots
from engine.core.errors import InputError, LogError
from engine.core.log_lines import SEED_RANGE
from engine.core.log_reader import SessionLog
from engine.core.log_writer import LogWriter
from engine.core.registry import ruleset
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.seat_view import SeatView
from engine.core.table import Sink
from engine.core.table_log import MAX_ROUNDS, TableHeader, event_sink, logged_options, read_table_log
from engine.core.table_session import SessionResult, TableConfig, TableSession
from tools.console import PEOPLE, Terminal
from tools.kinds.kind import SESSION_FIXED, Asked, Fixed, Opened, Seated, agent_names, check_fixed
from tools.kinds.table_account import account
from tools.lab.store import open_store, store_table_json, stored_table_id
from tools.table_record import record_text, result_json, session_record

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


def refuse_hextech_flags(given: Sequence[str], rules: str) -> None:
    """A flag only a hextech session has (its mode, pool and cards; a hextech run's cluster,
    comparison and duplicate play), given with another rule set, is exit 2 naming it."""
    if given:
        raise InputError(f"{FLAG_NAMES[given[0]]}: a flag of hextech sessions, not of --rules {rules}")


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


def session_header(
    chosen: Chosen, seed: int, rounds: int | None, agents: str, people: Sequence[str] = ()
) -> TableHeader:
    """The header of the session the command line asks for, its seats the bots or ``people`` (a
    person at the terminal, for ``hexmj play``); a bad seed, length or agent is exit 2."""
    if seed not in SEED_RANGE:
        raise InputError(f"--seed: {seed} is not a whole number of 64 bits")
    length = chosen.rules.session_rounds if rounds is None else rounds
    if not 1 <= length <= MAX_ROUNDS:
        raise InputError(f"--rounds: {length} is not 1…{MAX_ROUNDS}")
    names = agent_names(agents)
    make_bots(list(names), seed, {**BOTS, **dict.fromkeys(people, LoggedPerson)})
    return TableHeader(chosen.rules.name, chosen.options, seed, length, names)


def logged_rules(path: Path, header: TableHeader) -> RuleSet:
    """The rule set a log's header names, its options and agents checked (a :class:`LogError` at
    ``file:1`` for a rule set, option or agent not installed)."""
    try:
        rules = ruleset(header.rules)
    except InputError as err:
        raise LogError(f"{path}:1: session header: rules: {err}") from None
    logged_options(rules, header.options, path)
    try:
        make_bots(list(header.agents), header.seed, {**LOGGED, **dict.fromkeys(PEOPLE, LoggedPerson)})
    except InputError as err:
        raise LogError(f"{path}:1: session header: {err}") from None
    return rules


def replay_command(header: TableHeader) -> str:
    """The command line that plays the session again (an engine fault names it)."""
    options = "".join(f" --option {name}={value}" for name, value in header.options.items())
    return (
        f"hexmj play --rules {header.rules}{options} --seed {header.seed} --rounds {header.rounds} "
        f"--agents {','.join(header.agents)}"
    )


RESUMED: dict[str, Fixed[TableHeader]] = {
    "rules": Fixed(lambda rules, header, log: rules == header.rules, lambda h: f"a session of {h.rules}"),
    "seed": SESSION_FIXED["seed"],
    "rounds": SESSION_FIXED["rounds"],
    "agents": SESSION_FIXED["agents"],
    "log": SESSION_FIXED["log"],
}
"""The flags of a new session a log of the core's table already fixes."""


@dataclass(frozen=True)
class TablePlayed:
    """A finished session and the header it was played from."""

    result: SessionResult
    header: TableHeader

    def record(self) -> str:
        """The store's record of the session (R380), as ``hexmj play`` stores it."""
        return record_text(session_record(self.result, self.header.agents, "play"))


@dataclass(frozen=True)
class TableSetup:
    """A session of the core's table set up from its header, its log ``log`` (where a person who
    stops is told how to go on)."""

    rules: RuleSet
    header: TableHeader
    log: Path | None = None

    @property
    def line(self) -> dict[str, Any]:
        """The header as the log starts with it."""
        return self.header.line()

    @property
    def replay(self) -> str:
        """``hexmj play --rules NAME`` with the options, seed, length and agents of the session."""
        return replay_command(self.header)

    def open(
        self,
        writer: LogWriter,
        logging: bool,
        replaying: bool,
        seated: Seated[Sink, SeatView] | None = None,
    ) -> Opened[TableSession, TablePlayed]:
        """The session, the log's sink on it only while ``logging`` and the sinks of where it is
        ``seated`` (by default this terminal: a person at it where the header names one, and a
        log's ``web`` seat answered by the log alone); the bots and the people seated there."""
        h = self.header
        at = seated or self.at_terminal(replaying)
        config = TableConfig(self.rules, h.options, h.seed, h.rounds)
        session = TableSession(config, ((event_sink(writer),) if logging else ()) + tuple(at.sinks))
        agents = make_bots(list(h.agents), h.seed, {**LOGGED, **at.people})
        return Opened(session, agents, lambda result: result.totals, lambda result: TablePlayed(result, h))

    def at_terminal(self, replaying: bool) -> Seated[Sink, SeatView]:
        """This terminal (``hexmj play``): the round it shows and a person at it (``human``), shown
        the seat's view of the core's table (:meth:`tools.console.Terminal.show_seat`)."""
        people = Terminal.stdio(dict, self.log)
        return Seated([people.table_event], people.people(people.show_seat, replaying))


@dataclass(frozen=True)
class TableSessionKind:
    """The sessions of the rule set ``name`` (as ``--rules`` or a log names it) on the core's table;
    ``rules`` the rule set already found, else the registry's of a header's name."""

    name: str
    rules: RuleSet | None = None

    def read(self, path: Path) -> SessionLog[TableHeader]:
        """A log of the core's table (:func:`engine.core.table_log.read_table_log`)."""
        return read_table_log(path)

    def check_flags(self, given: Mapping[str, Any]) -> None:
        """A hextech session's flag (its mode, pool or cards) is refused."""
        refuse_hextech_flags([name for name in HEXTECH_FLAGS if name in given], self.name)

    def new_header(self, asked: Asked) -> TableHeader:
        """The rule set and its options, the seed, the rule set's length unless given, the bots."""
        chosen = choose(self.name, asked.options)
        return session_header(chosen, asked.seed, asked.rounds, asked.agents, PEOPLE)

    def check_resume(self, contents: SessionLog[TableHeader], log: Path, given: Mapping[str, Any]) -> None:
        """The rule set, seed, length, agents and log given must be the log's, and so must every
        ``--option`` value given."""
        header = contents.header
        check_fixed(RESUMED, header, log, given)
        options: Sequence[str] = given.get("option") or ()
        if options and logged_rules(log, header).resolve_options(options) != dict(header.options):
            logged = ", ".join(f"{key}={value}" for key, value in header.options.items())
            raise InputError(
                f"--option {options[0]} contradicts the log {log}, played with {logged}: "
                "leave --option out to resume"
            )

    def setup(self, header: TableHeader, log: Path | None) -> TableSetup:
        """The session on the rule set found, else the one the log's header names."""
        if self.rules is not None:
            return TableSetup(self.rules, header, log)
        return TableSetup(ruleset(header.rules) if log is None else logged_rules(log, header), header, log)

    def account(self, played: TablePlayed) -> list[str]:
        """The account of the rounds and the standings."""
        return account(played.result)

    def document(self, played: TablePlayed) -> dict[str, Any]:
        """The ``--json`` document (:func:`tools.table_record.result_json`)."""
        return result_json(played.result, played.header.agents)

    def store(self, played: TablePlayed, db: str | None) -> int:
        """Store the session's record (R380)."""
        engine = open_store(db)
        try:
            return store_table_json([played.record()], engine)[0]
        finally:
            engine.dispose()

    def stored(self, played: TablePlayed, db: str | None) -> int | None:
        """The stored session whose record is exactly this one's."""
        return stored_table_id(played.record(), db)
