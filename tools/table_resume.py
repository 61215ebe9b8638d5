"""``hexmj play --resume LOG`` of a session of a rule set other than hextech (issue 14 item 5).

The log's header fixes the session (its rule set, every option's value, the seed, the length and
the agents); its lines are played again, each checked, and the session goes on from the last
whole line, as if it had never stopped: the log, the account and the stored record come out byte
for byte those of the uninterrupted session (every bot is asked the logged decisions all the
same, :func:`engine.core.session.drive`).  A last line cut short by a kill is written over; the
file is not touched until every logged line has come out again, so a log that does not (it was
changed) is refused at its ``file:line`` (exit 5) and left as it was.  A flag given with
``--resume`` must say what the log says: another rule set, option, seed, length, agents or log is
exit 2, naming both, and the log is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.core.errors import InputError, LogError
from engine.core.log_reader import first_line
from engine.core.table_log import TableHeader, read_table_log
from engine.core.table_session import SessionResult
from tools.interrupt import interrupted
from tools.rules_option import DEFAULT
from tools.table_play import (
    check_table_store,
    logged_elsewhere,
    logged_rules,
    play_session,
    plays_elsewhere,
    refuse_hextech_flags,
    show_and_store,
    stopped,
)

RESUMED: dict[str, Callable[[Any, TableHeader, Path], bool]] = {
    "seed": lambda seed, header, log: seed == header.seed,
    "rounds": lambda rounds, header, log: rounds == header.rounds,
    "agents": lambda agents, header, log: _names(agents) == header.agents,
    "log": lambda path, header, log: Path(path).resolve() == log.resolve(),
}
"""The flags of a new session a log already fixes, and whether a value given agrees with it."""

LOGGED_AS: dict[str, Callable[[TableHeader], str]] = {
    "seed": lambda header: f"played with seed {header.seed}",
    "rounds": lambda header: f"a session of {header.rounds} rounds",
    "agents": lambda header: f"played by {','.join(header.agents)}",
    "log": lambda header: "which goes on in itself",
}


def _names(agents: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in agents.split(","))
    return names * 4 if len(names) == 1 else names


def resumes_elsewhere(log: Path, rules: str | None, options: Sequence[str] | None) -> bool:
    """Whether ``--resume LOG`` goes on with a session of another rule set: the log's header names
    one, or (a file that is no log) ``--rules`` does.  A hextech log with ``--rules`` naming another
    rule set is exit 2, naming both."""
    head = first_line(log)
    if logged_elsewhere(head):
        return True
    if head.get("type") != "session":
        return plays_elsewhere(rules, options)
    if rules is not None and rules != DEFAULT:
        raise InputError(
            f"--rules {rules} contradicts the log {log}, a session of hextech: leave --rules out to resume"
        )
    return False


def resume_other(
    log: Path,
    rules: str | None,
    options: Sequence[str] | None,
    hextech_only: Sequence[str],
    given: Mapping[str, Any],
    json_out: bool,
    db: str | None,
) -> None:
    """``hexmj play --resume LOG`` of another rule set: go on, print the session as ``play`` does,
    store its record."""
    refuse_hextech_flags(hextech_only, rules or str(first_line(log).get("rules", "NAME")))
    check_table_store(db)
    result, header = resume_table(log, rules, options, given)
    show_and_store(result, header, json_out, db, log)


def resume_table(
    log: Path, rules: str | None, options: Sequence[str] | None, given: Mapping[str, Any]
) -> tuple[SessionResult, TableHeader]:
    """Go on with the session of ``log``; ``rules``, ``options`` and the flags ``given`` on the
    command line must agree with its header.  The finished session and its header."""
    contents = read_table_log(log)
    header = contents.header
    if rules is not None and rules != header.rules:
        raise InputError(
            f"--rules {rules} contradicts the log {log}, a session of {header.rules}: "
            "leave --rules out to resume"
        )
    for name, value in given.items():
        if not RESUMED[name](value, header, log):
            raise InputError(
                f"--{name} {value} contradicts the log {log}, {LOGGED_AS[name](header)}: "
                f"leave --{name} out to resume"
            )
    ruleset = logged_rules(log, header)
    if options and ruleset.resolve_options(options) != dict(header.options):
        logged = ", ".join(f"{key}={value}" for key, value in header.options.items())
        raise InputError(
            f"--option {options[0]} contradicts the log {log}, played with {logged}: "
            "leave --option out to resume"
        )
    if contents.finished:
        raise LogError(
            f"{log}: the session is finished; nothing to resume "
            f"(hexmj record {log} stores its record if it was lost)"
        )
    with interrupted(lambda: stopped(log)):
        result = play_session(
            ruleset, header, log=log, expected=contents.lines, resume_at=contents.complete_bytes
        )
    return result, header
