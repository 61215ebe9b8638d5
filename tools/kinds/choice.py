"""Which session kind plays a session: the one ``--rules`` names, or the one a log's first line
is the header of (issue 14 item 5, issue 33 item 1).

Hextech, the default, is :class:`tools.kinds.hextech.HextechSessionKind`; every other installed rule set
plays on the core's table (:class:`tools.kinds.table.TableSessionKind`), whose log's header names its
rule set.  ``--option`` belongs to a rule set other than hextech, whose sessions take none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.core.errors import InputError
from engine.core.log_reader import first_line
from engine.core.table_log import is_table_log
from tools.kinds.hextech import HextechSessionKind
from tools.kinds.kind import SessionKind
from tools.kinds.table import TableSessionKind
from tools.rules_option import DEFAULT, plays_elsewhere

Kind = SessionKind[Any, Any]
"""A session kind of whatever header and played session."""


def logged_rules_name(head: Mapping[str, Any]) -> str | None:
    """The rule set a log's first line (:func:`engine.core.log_reader.first_line`) names, when it is
    the header of a session on the core's table of a rule set other than hextech; else ``None``."""
    return str(head["rules"]) if is_table_log(head) and head["rules"] != DEFAULT else None


def kind_named(
    rules: str | None, options: Sequence[str] | None, folder: Path | None = None, pool: Path | None = None
) -> Kind:
    """The kind of a new session of the rule set ``--rules`` names (hextech's with the cards of
    ``folder`` and the pool file ``pool``)."""
    if plays_elsewhere(rules, options) and rules is not None:
        return TableSessionKind(rules)
    return HextechSessionKind(folder, pool)


def kind_of_log(head: Mapping[str, Any], folder: Path | None = None) -> Kind:
    """The kind of the session whose log starts with ``head``; a file that is no log is read as
    hextech's, and refused as it reads."""
    name = logged_rules_name(head)
    return HextechSessionKind(folder) if name is None else TableSessionKind(name)


def kind_to_resume(log: Path, rules: str | None, options: Sequence[str] | None, folder: Path | None) -> Kind:
    """The kind of the session ``--resume LOG`` goes on with: the log's, or (a file that is no log)
    the one ``--rules`` names.  A hextech log with ``--rules`` naming another rule set is exit 2,
    naming both."""
    head = first_line(log)
    name = logged_rules_name(head)
    if name is not None:
        return TableSessionKind(rules or name)
    if head.get("type") != "session":
        return kind_named(rules, options, folder)
    if rules is not None and rules != DEFAULT:
        raise InputError(
            f"--rules {rules} contradicts the log {log}, a session of hextech: leave --rules out to resume"
        )
    plays_elsewhere(rules, options)
    return HextechSessionKind(folder)
