"""The session log: JSON lines, one per event and per decision, appended and flushed as they happen.

The first line is the header (``{"type": "session", "format": 2, "seed",
"mode", "rounds", "agents", "cards", "pool", "digest"}``: ``cards`` the versioned ids in
play, ``pool`` ``default`` or the pool file the session was played with,
§18.2, §18.4; a header without ``pool`` is a default pool's; ``digest`` the
hash of the header itself, :func:`header_digest`, R191); then ``{"type": "event", "name",
"player", "cause", "data"}`` and ``{"type": "decision", "player", "kind",
"about", "options", "answer"}`` lines in the order they happened; a finished
session ends with ``{"type": "end", "totals"}``.  A seed and the logged
answers fix a session, so :func:`replay` re-plays the answers and checks that
every line comes out the same; :func:`resume` does that and then lets the
agents go on, appending to the same file.  A last line cut off by a crash
is dropped on resume; nothing that was logged whole is lost.  A line that
does not come out the same is reported by its ``file:line``, its first
differing field and both values (:func:`divergence`).
"""

from __future__ import annotations

import hashlib
import json
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from engine.core.decisions import Decision
from engine.core.errors import InputError, LogError
from engine.core.seats import PLAYERS
from engine.core.table_log import EDITED, NOTE, decision_line, edited_field
from engine.hextech.bus import Event
from engine.hextech.plugins import MODES

SEED_RANGE = range(-(2**63), 2**63)
"""The seeds a session may have: a record store keeps them as 64-bit integers (§18.3)."""
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
    session is built), ``pool`` ``default`` or the pool file it was played with (§18.2, §18.4)."""

    seed: int
    mode: str
    rounds: int
    agents: tuple[str, ...]
    cards: tuple[str, ...]
    pool: str = DEFAULT_POOL

    def line(self) -> dict[str, Any]:
        """The header as its JSON object, its ``digest`` last (:func:`header_digest`)."""
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
        return {**head, "digest": header_digest(head)}


def header_digest(head: dict[str, Any]) -> str:
    """What a log promises of its header: the SHA-256 (first 16 hex digits) of the header line as
    written, without its digest.  Every later line is checked by re-playing it, so a header edited
    after play (its agents, its pool) is the one change a replay would not see (R191)."""
    fields = {key: value for key, value in head.items() if key != "digest"}
    return hashlib.sha256(dumps(fields).encode("utf-8")).hexdigest()[:16]


def event_line(event: Event) -> dict[str, Any]:
    """An event as its JSON object; players by letter."""
    return {
        "type": "event",
        "name": event.name,
        "player": None if event.player is None else PLAYERS[event.player],
        "cause": event.cause,
        "data": dict(event.data),
    }


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""The encoder of every log line, made once (``json.dumps`` with options makes one per call)."""


def dumps(line: dict[str, Any]) -> str:
    """One log line, byte-stable: compact separators, keys in insertion order, UTF-8 kept."""
    return _ENCODER.encode(line)


@dataclass
class LogContents:
    """A read log: the header, the lines after it, and whether the session reached its end."""

    header: LogHeader
    lines: list[dict[str, Any]]
    complete_bytes: int

    @property
    def finished(self) -> bool:
        """The session ran to its end line."""
        return bool(self.lines) and self.lines[-1].get("type") == "end"

    def answers(self) -> list[str]:
        """The logged answers in order."""
        return [str(line["answer"]) for line in self.lines if line.get("type") == "decision"]


def read_log(path: Path) -> LogContents:
    """Read a log; a truncated last line is ignored, any other damage is a :class:`LogError`."""
    try:
        if not stat.S_ISREG(Path(path).stat().st_mode):
            raise LogError(f"{path}: not a log file")
        raw = Path(path).read_bytes()
    except OSError as err:
        raise LogError(f"{path}: cannot read log: {err.strerror}") from None
    lines: list[dict[str, Any]] = []
    offset = 0
    chunks = raw.split(b"\n")
    for number, chunk in enumerate(chunks, start=1):
        end = offset + len(chunk) + 1
        if end > len(raw):
            break
        value = _json_line(chunk, f"{path}:{number}")
        if not isinstance(value, dict) or "type" not in value:
            raise LogError(f"{path}:{number}: not a log record")
        if number > 1 and (edited := edited_field(chunk, value)) is not None:
            raise LogError(f"{path}:{number}: {edited}: {EDITED}")
        if value["type"] != NOTE:
            lines.append(value)
        offset = end
    if not lines or lines[0].get("type") != "session":
        raise LogError(f"{path}:1: no session header")
    for number, line in enumerate(lines[1:], start=2):
        if line["type"] == "decision" and not isinstance(line.get("answer"), str):
            raise LogError(f"{path}:{number}: a decision line needs its answer as a text")
    header = read_header(lines[0], path)
    if (edited := edited_field(chunks[0], lines[0])) is not None:
        raise LogError(f"{path}:1: {edited}: {EDITED}")
    return LogContents(header, lines[1:], offset)


def read_header(head: dict[str, Any], path: Path) -> LogHeader:
    """The session header of the log at ``path``; a missing or ill-typed field, or a header whose
    digest no longer matches it (:func:`header_digest`), is a :class:`LogError` naming ``file:1``
    and the field."""
    if head.get("format") not in FORMATS:
        raise LogError(f"{path}:1: log format {dumps_value(head.get('format'))} is not {FORMAT}")

    def field(name: str, test: Any, wanted: str, default: Any = ABSENT) -> Any:
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
    )
    if head["format"] != FORMAT and "digest" in head:
        raise LogError(f"{path}:1: format: {head['format']} with a digest: {EDITED}")
    signed = head["format"] == FORMAT
    digest = field("digest", lambda x: isinstance(x, str), "a digest") if signed else None
    if digest is not None and digest != header_digest(head):
        raise LogError(f"{path}:1: digest: does not match the session header: {EDITED}")
    return header


def _json_line(chunk: bytes, where: str) -> Any:
    """One line's JSON value; a line that is not UTF-8 or not JSON is a :class:`LogError` at ``where``."""
    try:
        return json.loads(chunk.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise LogError(f"{where}: not UTF-8 text (byte 0x{chunk[err.start]:02x})") from None
    except json.JSONDecodeError as err:
        raise LogError(f"{where}: not a JSON line: {err.msg} at column {err.colno}") from None
    except ValueError:
        raise LogError(f"{where}: not a JSON line: a number of more than 4300 digits") from None
    except RecursionError:
        raise LogError(f"{where}: not a JSON line: nested too deeply") from None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Divergence(LogError):
    """A replayed line that does not come out as logged; the message names the log's ``file:line``."""


SHOWN = 200
"""The most characters of a value a message shows; a longer one is cut and its length given."""

ABSENT = "(absent)"
"""How a divergence message shows a field that one of the two lines does not have."""


def first_difference(logged: Any, given: Any, field: str = "") -> tuple[str, Any, Any]:
    """The first field, as a dotted path (``data.picks.A``, ``options.2``), where two log lines differ,
    with both values; a field one side lacks is :data:`ABSENT` there."""
    if isinstance(logged, dict) and isinstance(given, dict):
        for key in [*logged, *(k for k in given if k not in logged)]:
            a, b = logged.get(key, ABSENT), given.get(key, ABSENT)
            if dumps_value(a) != dumps_value(b):
                return first_difference(a, b, f"{field}.{key}" if field else str(key))
    elif isinstance(logged, list) and isinstance(given, list) and len(logged) == len(given):
        for i, (a, b) in enumerate(zip(logged, given, strict=True)):
            if dumps_value(a) != dumps_value(b):
                return first_difference(a, b, f"{field}.{i}" if field else str(i))
    return field, logged, given


def dumps_value(value: Any) -> str:
    """A field's value in a one-line message: a printable string as it is, anything else as compact JSON,
    cut after :data:`SHOWN` characters."""
    text = (
        value
        if isinstance(value, str) and value.isprintable()
        else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    )
    return text if len(text) <= SHOWN else f"{text[:SHOWN]}… ({len(text)} characters)"


def divergence(logged: dict[str, Any], given: dict[str, Any]) -> str:
    """What differs between a logged line and the line the session gives: the line's kind (an event's
    name, ``decision <kind>``), the first differing field and both values, e.g. ``augment.drafted:
    data.picks.A: logged S-18, the session gives S-06``."""
    kind = logged.get("type")
    what = {"event": logged.get("name"), "decision": f"decision {logged.get('kind')}"}.get(str(kind), kind)
    field, a, b = first_difference(logged, given)
    return f"{what}: {field or 'line'}: logged {dumps_value(a)}, the session gives {dumps_value(b)}"


class LogWriter:
    """Appends lines to a log file, flushing each one; while ``expected`` lines remain (a replay or a
    resume), each new line must equal the logged one and is not written again."""

    def __init__(
        self, handle: IO[str] | None, expected: Sequence[dict[str, Any]] = (), path: str = ""
    ) -> None:
        self.handle = handle
        self.expected = list(expected)
        self.checked = 0
        self.path = path

    def write(self, line: dict[str, Any]) -> None:
        """Check ``line`` against the log being replayed, or append it."""
        if self.checked < len(self.expected):
            want = self.expected[self.checked]
            self.checked += 1
            if dumps(want) != dumps(line):
                raise Divergence(f"{self.path}:{self.checked + 1}: replay diverges: {divergence(want, line)}")
            return
        if self.handle is not None:
            try:
                self.handle.write(dumps(line) + "\n")
                self.handle.flush()
            except OSError as err:
                raise InputError(f"{self.path}: cannot write log: {err.strerror}") from None

    def place(self) -> str:
        """``file:line`` of the logged line to be replayed next (line 1 is the header)."""
        return f"{self.path}:{self.checked + 2}"

    def event(self, event: Event) -> None:
        """A bus sink."""
        self.write(event_line(event))

    def decision(self, decision: Decision, answer: str) -> None:
        """A decision callback for :func:`engine.hextech.session.drive`."""
        self.write(decision_line(decision, answer))

    def replayed_all(self) -> bool:
        """Every expected line came out again."""
        return self.checked >= len(self.expected)
