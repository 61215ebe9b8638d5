"""A session of a rule set on the core's table played from its header, as ``hexmj simulate``
plays each of its games (issue 14 item 5), and the names of :mod:`tools.kinds.table` that
:mod:`tools.table_simulate` reads here.

Every command plays such a session through :func:`tools.kinds.play.play_logged`, the one way for
every rule set; :func:`play_session` is that way for a rule set already found.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.core.ruleset import RuleSet
from engine.core.table_log import TableHeader
from engine.core.table_session import SessionResult
from tools.kinds.kind import agent_names
from tools.kinds.play import dumps, play_logged
from tools.kinds.table import TableSessionKind, choose, logged_rules, refuse_hextech_flags, session_header

__all__ = [
    "agent_names",
    "choose",
    "dumps",
    "logged_rules",
    "play_session",
    "refuse_hextech_flags",
    "session_header",
]


def play_session(
    rules: RuleSet,
    header: TableHeader,
    *,
    log: Path | None = None,
    expected: Sequence[dict[str, Any]] = (),
    resume_at: int | None = None,
) -> SessionResult:
    """Play the session of ``rules`` that ``header`` describes (:func:`tools.kinds.play.play_logged`)."""
    return play_logged(
        TableSessionKind(rules.name, rules), header, log=log, expected=expected, resume_at=resume_at
    ).result
