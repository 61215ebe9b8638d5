"""One stored table read and re-played on its own, so that a damaged one stops alone (issue 29
item 2).

:func:`restore` turns one table's stored row and lines into the table in play: its spec is checked
field by field as the console writes it (:func:`checked_spec`), its options against its rule set
(:func:`checked_options`), its rows are read by the core's log
reader as a log file's lines are (:func:`engine.core.log_reader.log_lines`: the same checks and
messages, a row's place named as a line's), and the lines are re-played, each checked to come out
the same.  A spec that does not read gives a :class:`~tools.console_web.stopped.StoppedTable`; a line
that does not read or replay leaves the table stopped where it stood, with the session and line in
the reason; a table of a rule set that is not installed is :class:`Unseated` and waits in the store.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engine.core.errors import HexError, InputError, LogError
from engine.core.log_reader import log_lines, log_record
from engine.core.registry import ruleset
from engine.core.ruleset import RuleSet
from engine.core.seats import PLAYERS
from engine.hextech.session import MODES
from tools.console_web.physical_table import PHYSICAL
from tools.console_web.records import StoredTable
from tools.console_web.seated import TOLD
from tools.console_web.spec import TableSpec, option_value
from tools.console_web.stopped import StoppedTable, unread_spec
from tools.console_web.tables import PlayedTable, open_table
from tools.rules_option import DEFAULT


class Unseated(Exception):
    """A stored table whose rule set is not installed: kept in the store untouched."""


class SpecDamage(ValueError):
    """A stored spec that is not one the console wrote; the message names the field."""


def _text(value: object) -> bool:
    return isinstance(value, str)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _flag(value: object) -> bool:
    return isinstance(value, bool)


def _seats(value: object) -> bool:
    return isinstance(value, list) and all(v in PLAYERS for v in value) and len(set(value)) == len(value)


def _by_seat(value: object) -> bool:
    return isinstance(value, dict) and all(k in PLAYERS and isinstance(v, str) for k, v in value.items())


def _pool(value: object) -> bool:
    return value is None or isinstance(value, str)


def _options(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(v, str | int | bool) for v in value.values())


SPEC_FIELDS: dict[str, tuple[Callable[[object], bool], str, bool]] = {
    "id": (_text, "a text", True),
    "mode": (lambda value: value in MODES, f"one of {', '.join(MODES)}", True),
    "seed": (_whole, "a whole number", True),
    "bots": (_seats, "a list of distinct seats", True),
    "nicknames": (_by_seat, "an object of seat letters to texts", True),
    "filming": (_flag, "true or false", True),
    "test": (_flag, "true or false", True),
    "host_token": (_text, "a text", True),
    "tokens": (_by_seat, "an object of seat letters to texts", True),
    "pool": (_pool, "a text or null", False),
    "bot_agents": (_by_seat, "an object of seat letters to texts", False),
    "rules": (_text, "a text", False),
    "options": (_options, "an object of option names to values", False),
    "fixed_seed": (_flag, "true or false", False),
}
"""Each field of a stored spec: its check, what it should be, and whether it must be there."""


def checked_spec(data: object, table_id: str) -> TableSpec:
    """The spec a table's row holds, checked field by field; a :class:`SpecDamage` names the field."""
    if not isinstance(data, dict):
        raise SpecDamage("not a JSON object")
    for key, (fits, expected, required) in SPEC_FIELDS.items():
        if key not in data:
            if required:
                raise SpecDamage(f"{key}: missing")
        elif not fits(data[key]):
            raise SpecDamage(f"{key}: expected {expected}, got {type(data[key]).__name__}")
    if data["id"] != table_id:
        raise SpecDamage(f"id: {data['id']!r} is not the row's {table_id!r}")
    return TableSpec.from_json(data)


KINDS: dict[type, str] = {bool: "true or false", int: "a whole number", str: "a text"}
"""What an option of each kind of value takes, as its stored value's JSON type."""


def checked_options(spec: TableSpec, rules: RuleSet) -> None:
    """Each option a table of a rule set played on the core's table stores: one the rule set has,
    its value one the table request could give, stored as that request stores it (R806); a
    :class:`SpecDamage` names the option and its value."""
    if spec.rules == DEFAULT:
        return
    for name, value in spec.options.items():
        try:
            read = option_value(rules, name, value)
        except InputError as err:
            raise SpecDamage(str(err)) from None
        if type(read) is not type(value):
            raise SpecDamage(f"options.{name}: takes {KINDS[type(read)]}, not {value!r}")


def _salvaged(data: object, table_id: str) -> TableSpec:
    """What of a damaged spec still opens the table's screens: its host token and seat tokens."""
    if not isinstance(data, dict):
        return unread_spec(table_id)
    host = data.get("host_token")
    tokens = data.get("tokens")
    return unread_spec(table_id, host if isinstance(host, str) else "", tokens if _by_seat(tokens) else None)


def stored_lines(spec: TableSpec, texts: Sequence[str], where: str) -> Iterator[dict[str, Any]]:
    """A table's stored rows as its log's lines, in order: a session's read as a log file's
    (:func:`engine.core.log_reader.log_lines`, the row's place named as a line's), a real table's as
    records (its entries are not hexmj's log lines, R770); the first that does not read is a
    :class:`~engine.core.errors.LogError`."""
    chunks = [text.encode("utf-8", "surrogateescape") for text in texts]
    if spec.table == PHYSICAL:
        return (log_record(chunk, f"{where}:{n}") for n, chunk in enumerate(chunks, start=1))
    return log_lines(chunks, where)


def _lines(spec: TableSpec, texts: list[str], where: str) -> tuple[list[dict[str, Any]], str | None]:
    """The stored rows that read, up to the first that does not, and what is wrong with that one."""
    lines: list[dict[str, Any]] = []
    try:
        for line in stored_lines(spec, texts, where):
            lines.append(line)
    except LogError as err:
        return lines, str(err)
    return lines, None


def restore(stored: StoredTable) -> PlayedTable | StoppedTable:
    """The table a stored row and its session's lines hold, re-played to stand where it stood; one
    that does not read or replay is stopped with the reason."""
    where = f"table {stored.id}"
    try:
        data: object = json.loads(stored.spec)
    except json.JSONDecodeError as err:
        return _stopped(unread_spec(stored.id), stored.number, f"{where}: its spec is not JSON: {err}")
    try:
        spec = checked_spec(data, stored.id)
    except SpecDamage as err:
        return _stopped(_salvaged(data, stored.id), stored.number, f"{where}: spec: {err}")
    confirmed = frozenset(stored.confirmed)
    if not confirmed <= set(PLAYERS):
        return _stopped(spec, stored.number, f"{where}: confirmed: not a set of seats")
    try:
        rules = ruleset(spec.rules)
    except HexError as err:
        raise Unseated(f"{where}: {err}") from None
    try:
        checked_options(spec, rules)
    except SpecDamage as err:
        return _stopped(spec, stored.number, f"{where}: spec: {err}")
    session = f"{where} session {stored.number}"
    lines, damage = _lines(spec, stored.lines, session)
    try:
        table = open_table(spec, stored.number, lines, confirmed, aside=True)
    except Exception as err:  # a table that does not replay stops alone, whatever broke
        TOLD.warning("%s: does not replay: %s: %s", session, type(err).__name__, err)
        return _stopped(spec, stored.number, f"{session}: does not replay: {type(err).__name__}")
    if damage is not None:
        TOLD.warning("%s", damage)
        table.stop(damage)
    return table


def _stopped(spec: TableSpec, number: int, reason: str) -> StoppedTable:
    TOLD.warning("%s", reason)
    return StoppedTable(spec, number, reason)
