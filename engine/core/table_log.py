"""The log of a session on the core's table, any rule set's (issue 14 items 1, 5): format 1.

What is its own is its header: ``{"type": "session", "format": 1, "rules", "options", "seed",
"rounds", "agents", "digest"}``: the rule set's name and the value of each of its options, which
with the seed and the agents fix the session, and the digest of the header itself
(:func:`engine.core.log_lines.digest`), so that an edited header is refused; and its events,
``{"type": "event", "name", "player", "data"}``.  The decisions and the end line, reading, writing,
replaying and resuming are every log's (:mod:`engine.core.log_lines`,
:mod:`engine.core.log_reader`, :mod:`engine.core.log_writer`): a replay plays the logged answers
again and checks that every line comes out the same; the first that does not is a
:class:`~engine.core.errors.LogError` naming ``file:line``, the line's kind and its first differing
field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.errors import InputError, LogError
from engine.core.log_lines import SEED_RANGE, digest
from engine.core.log_reader import LogFormat, SessionLog, check_digest, read_log
from engine.core.log_writer import LogWriter
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.seats import PLAYERS
from engine.core.table import Sink

FORMAT = 1
MAX_ROUNDS = 256
"""The longest session a log may name."""


@dataclass(frozen=True)
class TableHeader:
    """What fixes a logged session: the rule set, its options' values, seed, rounds and agents."""

    rules: str
    options: Mapping[str, OptionValue]
    seed: int
    rounds: int
    agents: tuple[str, ...]

    def line(self) -> dict[str, Any]:
        """The header as its JSON object, its digest last."""
        head: dict[str, Any] = {
            "type": "session",
            "format": FORMAT,
            "rules": self.rules,
            "options": dict(self.options),
            "seed": self.seed,
            "rounds": self.rounds,
            "agents": list(self.agents),
        }
        return {**head, "digest": digest(head)}


def is_table_log(head: Mapping[str, Any]) -> bool:
    """Whether a log's first line is the header of a session on the core's table: a session header
    with a ``rules`` field, which a log of another pipeline's format does not carry (one that is no
    name is refused at that field by :func:`read_header`, R801)."""
    return head.get("type") == "session" and "rules" in head


def read_header(head: Mapping[str, Any], path: Path) -> TableHeader:
    """The header's fields; a missing or ill-typed one, or a digest that no longer matches, is a
    :class:`LogError` at ``file:1``."""

    def field(name: str, good: bool, wanted: str) -> Any:
        if not good:
            shown = json.dumps(head.get(name, "(absent)"), ensure_ascii=False)[:80]
            raise LogError(f"{path}:1: session header: {name}: expected {wanted}, got {shown}")
        return head[name]

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    field("format", head.get("format") == FORMAT, f"format {FORMAT}")
    agents = head.get("agents")
    header = TableHeader(
        rules=field("rules", isinstance(head.get("rules"), str), "a rule set's name"),
        options=field("options", isinstance(head.get("options"), dict), "an object of option values"),
        seed=field(
            "seed", whole(head.get("seed")) and head["seed"] in SEED_RANGE, "a whole number of 64 bits"
        ),
        rounds=field("rounds", whole(head.get("rounds")) and 1 <= head["rounds"] <= MAX_ROUNDS, "1…256"),
        agents=tuple(
            field(
                "agents",
                isinstance(agents, list) and len(agents) == 4 and all(isinstance(a, str) for a in agents),
                "4 agent names",
            )
        ),
    )
    check_digest(head, path)
    return header


TABLE_LOG: LogFormat[TableHeader] = LogFormat(
    is_table_log, "no session header naming a rule set", read_header
)
"""The core table's log: its header."""


def read_table_log(path: Path) -> SessionLog[TableHeader]:
    """Read a log of the core's table (:func:`engine.core.log_reader.read_log`)."""
    return read_log(path, TABLE_LOG)


def logged_options(rules: RuleSet, logged: Mapping[str, Any], path: Path) -> dict[str, OptionValue]:
    """The options a header records, checked against the rule set: each one it has, each value one
    ``--option`` could give; else a :class:`LogError` at ``file:1``."""
    words = [
        f"{name}={str(value).lower() if isinstance(value, bool) else value}" for name, value in logged.items()
    ]
    try:
        values = rules.resolve_options(words)
    except InputError as err:
        raise LogError(f"{path}:1: session header: options: {err}") from None
    if values != dict(logged):
        raise LogError(f"{path}:1: session header: options: not every option of {rules.name} is recorded")
    return values


def event_line(name: str, player: int | None, data: Mapping[str, Any]) -> dict[str, Any]:
    """An event as its JSON object; players by letter."""
    return {
        "type": "event",
        "name": name,
        "player": None if player is None else PLAYERS[player],
        "data": dict(data),
    }


def event_sink(writer: LogWriter) -> Sink:
    """A table sink writing each event to ``writer`` as its line."""

    def write(name: str, player: int | None, data: Mapping[str, Any]) -> None:
        writer.write(event_line(name, player, data))

    return write
