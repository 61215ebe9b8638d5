"""The hextech session's log: format 2, what is its own of the one log every rule set keeps.

Its header is ``{"type": "session", "format": 2, "seed", "mode", "rounds", "agents", "cards",
"pool", "digest"}``: ``cards`` the versioned ids in play, ``pool`` ``default`` or the pool file the
session was played with, §18.2, §18.4; a header without ``pool`` is a default pool's; ``digest``
the hash of the header itself (:func:`engine.core.log_lines.digest`, R191).  Its events carry their
cause: ``{"type": "event", "name", "player", "cause", "data"}``.  The decisions and the end line,
reading (a last line cut off by a crash dropped, R593's edited lines refused), writing, replaying,
resuming and reporting a divergence by its ``file:line``, its first differing field and both values
are every log's (:mod:`engine.core.log_lines`, :mod:`engine.core.log_reader`,
:mod:`engine.core.log_writer`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.errors import LogError
from engine.core.log_lines import ABSENT, EDITED, SEED_RANGE, digest, dumps_value
from engine.core.log_reader import LogFormat, SessionLog, check_digest, read_log
from engine.core.log_writer import LogWriter
from engine.core.seats import PLAYERS
from engine.hextech.bus import Event
from engine.hextech.plugins import MODES

ROUNDS = (8, 4)
"""A session's length: 8 rounds, or the shortened test session of 4 (§16, §18.1)."""

FORMAT = 2
"""Format 2 adds the header's ``digest``; a format-1 log (written before it) still replays, its header
unchecked; a header that carries a digest is checked whatever its format says (R593)."""
FORMATS = (1, FORMAT)
DEFAULT_POOL = "default"
"""The ``pool`` of a session played with its mode's pool (no pool file, §3)."""


@dataclass(frozen=True)
class LogHeader:
    """What fixes the session a log records: ``cards`` the versioned ids in play (empty before the
    session is built), ``pool`` ``default`` or the pool file it was played with (§18.2, §18.4),
    ``folder`` the card folder it was played with (``--cards``) where it is, or ``None`` for the
    project's (R807)."""

    seed: int
    mode: str
    rounds: int
    agents: tuple[str, ...]
    cards: tuple[str, ...]
    pool: str = DEFAULT_POOL
    folder: str | None = None

    def line(self) -> dict[str, Any]:
        """The header as its JSON object, its ``digest`` last."""
        head: dict[str, Any] = {
            "type": "session",
            "format": FORMAT,
            "seed": self.seed,
            "mode": self.mode,
            "rounds": self.rounds,
            "agents": list(self.agents),
            "cards": list(self.cards),
            "pool": self.pool,
        }
        if self.folder is not None:
            head["card_folder"] = self.folder
        return {**head, "digest": digest(head)}


def is_session_header(head: Mapping[str, Any]) -> bool:
    """Whether a first line is a session's header."""
    return head.get("type") == "session"


def read_header(head: Mapping[str, Any], path: Path) -> LogHeader:
    """The session header of the log at ``path``; a missing or ill-typed field, or a header whose
    digest no longer matches it, is a :class:`LogError` naming ``file:1`` and the field."""
    if head.get("format") not in FORMATS:
        raise LogError(f"{path}:1: log format {dumps_value(head.get('format'))} is not {FORMAT}")

    def field(name: str, test: Callable[[Any], bool], wanted: str, default: Any = ABSENT) -> Any:
        value = head.get(name, default)
        if not test(value):
            raise LogError(f"{path}:1: session header: {name}: expected {wanted}, got {dumps_value(value)}")
        return value

    def texts(value: Any) -> bool:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)

    header = LogHeader(
        seed=field("seed", lambda x: _whole(x) and x in SEED_RANGE, "a whole number of 64 bits"),
        mode=field("mode", lambda x: x in MODES, "one of " + ", ".join(MODES)),
        rounds=field("rounds", lambda x: _whole(x) and x in ROUNDS, "8 or 4"),
        agents=tuple(field("agents", lambda x: texts(x) and len(x) == len(PLAYERS), "4 agent names")),
        cards=tuple(field("cards", texts, "a list of card ids")),
        pool=field("pool", lambda x: isinstance(x, str), "a pool name", DEFAULT_POOL),
        folder=field("card_folder", lambda x: x is None or isinstance(x, str), "a card folder's path", None),
    )
    if head["format"] != FORMAT and "digest" in head:
        raise LogError(f"{path}:1: format: {head['format']} with a digest: {EDITED}")
    if head["format"] == FORMAT:
        field("digest", lambda x: isinstance(x, str), "a digest")
        check_digest(head, path)
    return header


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


HEXTECH_LOG: LogFormat[LogHeader] = LogFormat(is_session_header, "no session header", read_header)
"""The hextech log: its header."""


def read_hextech_log(path: Path) -> SessionLog[LogHeader]:
    """Read a hextech session's log (:func:`engine.core.log_reader.read_log`)."""
    return read_log(path, HEXTECH_LOG)


def event_line(event: Event) -> dict[str, Any]:
    """An event as its JSON object; players by letter."""
    return {
        "type": "event",
        "name": event.name,
        "player": None if event.player is None else PLAYERS[event.player],
        "cause": event.cause,
        "data": dict(event.data),
    }


def event_sink(writer: LogWriter) -> Callable[[Event], None]:
    """A bus sink writing each event to ``writer`` as its line."""

    def write(event: Event) -> None:
        writer.write(event_line(event))

    return write
