"""A stored table that does not read: shown stopped with the reason, alone (issue 29 item 2).

A table whose stored row cannot be read, or whose spec is not one the console wrote (not JSON, a
field missing or of another kind), cannot be seated.  The server holds it as a
:class:`StoppedTable`: its public view (``GET /api/tables/{ID}``) and, when the host's token or the
seats' tokens could be read, the host screen and the seats' screens say ``"state": "stopped"`` and
the ``"reason"``; it refuses every decision and confirmation, and its rows stay in the store as they
are, so a store repaired from a copy seats it again at the next start.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import IllegalActionError
from tools.console_web.seated import STOPPED
from tools.console_web.spec import TableSpec


def unread_spec(table_id: str, host_token: str = "", tokens: Mapping[str, str] | None = None) -> TableSpec:
    """The spec of a table of which only the id, and perhaps its tokens, could be read."""
    return TableSpec(
        id=table_id,
        mode="",
        seed=0,
        bots=frozenset(),
        nicknames={},
        filming=False,
        test=False,
        host_token=host_token,
        tokens=dict(tokens or {}),
    )


class StoppedTable:
    """A stored table that cannot be seated, and why."""

    state = STOPPED
    result = None

    def __init__(self, spec: TableSpec, number: int, reason: str) -> None:
        self.spec = spec
        self.number = number
        self.failure = reason
        self.connected: dict[str, int] = {}

    def refuse(self) -> IllegalActionError:
        """What an act at this table gets."""
        return IllegalActionError(f"table {self.spec.id} is stopped: {self.failure}")

    def host_message(self, links: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The public view: the table, its state and the reason."""
        return {"table": self.spec.id, "state": STOPPED, "reason": self.failure}

    def seat_message(self, letter: str) -> dict[str, Any]:
        """A seat's view: the public one, with no decision put to the seat."""
        return {**self.host_message(), "seat": letter, "your_turn": False, "decision": None, "options": []}
