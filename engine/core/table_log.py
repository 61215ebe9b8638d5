"""The log of a session of any rule set: JSON lines, written as they happen (issue 14 items 1, 5).

The first line is the header: ``{"type": "session", "format": 1, "rules", "options", "seed",
"rounds", "agents", "digest"}``: the rule set's name and the value of each of its options, which
with the seed and the agents fix the session, and the digest of the header itself (the SHA-256 of
the header line without it, first 16 hex digits), so that an edited header is refused.  Then
``{"type": "event", "name", "player", "data"}`` and ``{"type": "decision", "player", "kind",
"about", "options", "answer"}`` in the order they happened, and ``{"type": "end", "totals"}``.
A replay plays the logged answers again and checks that every line comes out the same; the first
that does not is a :class:`LogError` naming ``file:line`` and its first differing field.
"""

from __future__ import annotations

import hashlib
import json
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol

from engine.core.decisions import Decision
from engine.core.errors import InputError, LogError
from engine.core.ruleset import OptionValue, RuleSet
from engine.core.seats import PLAYERS

FORMAT = 1
EDITED = "edited after play: a log replays and resumes only as hexmj wrote it"
"""Why a line of a log is refused when its bytes or its header's digest were changed after play (R593)."""
SEED_RANGE = range(-(2**63), 2**63)
"""The seeds a session may have (64-bit)."""
MAX_ROUNDS = 256
"""The longest session a log may name."""
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


NOTE: Final = "note"
"""A line for people that no replay reads: the console marks with it a decision a stand-in bot
answered for a person's seat (docs/console.md, R535).  A log's reader leaves it out."""


def dumps(line: Mapping[str, Any]) -> str:
    """One log line, byte-stable: compact, keys in insertion order, UTF-8 kept."""
    return _ENCODER.encode(line)


def digest(head: Mapping[str, Any]) -> str:
    """The header's digest: the SHA-256 of its line without ``digest``, first 16 hex digits."""
    fields = {key: value for key, value in head.items() if key != "digest"}
    return hashlib.sha256(dumps(fields).encode("utf-8")).hexdigest()[:16]


def edited_field(chunk: bytes, value: Any) -> str | None:
    """Where a log line read as ``value`` departs from the bytes hexmj writes for it (R593): ``None``
    when ``chunk`` is exactly :func:`dumps` of ``value``, else the dotted path of the first field
    written otherwise (``data.tiles``; ``line`` when no field holds the place).  A line re-spaced,
    re-escaped, with a key given twice or a number re-spelled reads as the same value, so only the
    bytes tell that it was edited after play."""
    written = dumps(value)
    text = chunk.decode("utf-8")
    if text == written:
        return None
    at = next((i for i, (a, b) in enumerate(zip(text, written, strict=False)) if a != b), len(written))
    return _field_at(value, at) or "line"


def _field_at(value: Any, at: int, where: str = "") -> str:
    """The dotted path of the field whose text, in :func:`dumps` of ``value``, holds offset ``at``."""
    if at == 0:
        return where
    if isinstance(value, dict):
        items: list[tuple[str, Any]] = list(value.items())
        start = 1
        for i, (key, item) in enumerate(items):
            path = f"{where}.{key}" if where else str(key)
            start += 1 if i else 0
            key_end = start + len(_ENCODER.encode(key)) + 1
            end = key_end + len(_ENCODER.encode(item))
            if at < key_end:
                return path
            if at < end:
                return _field_at(item, at - key_end, path)
            start = end
    elif isinstance(value, list):
        start = 1
        for i, item in enumerate(value):
            start += 1 if i else 0
            end = start + len(_ENCODER.encode(item))
            if at < end:
                return _field_at(item, at - start, f"{where}.{i}" if where else str(i))
            start = end
    return where


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
    naming its rule set (``rules``), which a log of another pipeline's format does not carry."""
    return head.get("type") == "session" and isinstance(head.get("rules"), str)


def first_line(path: Path) -> dict[str, Any]:
    """The JSON object of a log's first line, or an empty one when it has none a header could be
    (a pipe or a folder is no log, and is never opened to wait on)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return {}
        with path.open("rb") as handle:
            line = handle.readline(1 << 16)
        value = json.loads(line.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


@dataclass(frozen=True)
class TableLog:
    """A read log: its header, the lines after it, and how many of its bytes end with a whole line
    (a last line cut short by a kill is no part of it; ``hexmj play --resume`` writes over it)."""

    header: TableHeader
    lines: list[dict[str, Any]]
    complete_bytes: int

    def answers(self) -> list[str]:
        """The logged answers in order."""
        return [str(line["answer"]) for line in self.lines if line.get("type") == "decision"]

    @property
    def finished(self) -> bool:
        """Whether the session ran to its end line."""
        return bool(self.lines) and self.lines[-1].get("type") == "end"


def read_table_log(path: Path) -> TableLog:
    """Read a log; a last line without its newline (cut short as it was written) is left out, any
    other damage is a :class:`LogError` naming ``file:line`` and what is wrong."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise LogError(f"{path}: not a log file")
        raw = path.read_bytes()
    except OSError as err:
        raise LogError(f"{path}: cannot read log: {err.strerror}") from None
    lines: list[dict[str, Any]] = []
    whole = raw[: raw.rfind(b"\n") + 1]
    for number, chunk in enumerate(whole.splitlines(), start=1):
        try:
            value = json.loads(chunk.decode("utf-8"))
        except (ValueError, RecursionError):
            raise LogError(f"{path}:{number}: not a JSON line") from None
        if not isinstance(value, dict) or "type" not in value:
            raise LogError(f"{path}:{number}: not a log record")
        if value["type"] == "decision" and not isinstance(value.get("answer"), str):
            raise LogError(f"{path}:{number}: a decision line needs its answer as a text")
        if number > 1 and (edited := edited_field(chunk, value)) is not None:
            raise LogError(f"{path}:{number}: {edited}: {EDITED}")
        if value["type"] != NOTE:
            lines.append(value)
    if not lines or not is_table_log(lines[0]):
        raise LogError(f"{path}:1: no session header naming a rule set")
    header = read_header(lines[0], path)
    if (edited := edited_field(whole.splitlines()[0], lines[0])) is not None:
        raise LogError(f"{path}:1: {edited}: {EDITED}")
    return TableLog(header, lines[1:], len(whole))


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
    if head.get("digest") != digest(head):
        raise LogError(f"{path}:1: digest: does not match the session header: {EDITED}")
    return header


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


def decision_line(decision: Decision, answer: str) -> dict[str, Any]:
    """A decision and its answer as a JSON object."""
    return {
        "type": "decision",
        "player": PLAYERS[decision.player],
        "kind": decision.kind.value,
        "about": decision.about,
        "options": list(decision.options),
        "answer": answer,
    }


def first_difference(logged: Any, given: Any, where: str = "") -> tuple[str, Any, Any]:
    """The dotted path of the first field where two lines differ (``data.gains.1``), and both values
    there."""
    if isinstance(logged, dict) and isinstance(given, dict):
        for key in [*logged, *(k for k in given if k not in logged)]:
            if dumps({"v": logged.get(key)}) != dumps({"v": given.get(key)}):
                return first_difference(
                    logged.get(key), given.get(key), f"{where}.{key}" if where else str(key)
                )
    elif isinstance(logged, list) and isinstance(given, list) and len(logged) == len(given):
        for i, (a, b) in enumerate(zip(logged, given, strict=True)):
            if dumps({"v": a}) != dumps({"v": b}):
                return first_difference(a, b, f"{where}.{i}" if where else str(i))
    return where or "line", logged, given


def shown(value: Any) -> str:
    """A value in a one-line message, as compact JSON, cut after 80 characters."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= 80 else f"{text[:80]}…"


class LineFile(Protocol):
    """Where a log's lines go: a text file open to write, or one that opens itself at its first
    line (a resumed log)."""

    def write(self, text: str, /) -> object:
        """Write ``text``."""
        ...

    def flush(self) -> None:
        """Push what was written to the file."""
        ...


class TableLogWriter:
    """Writes lines to a log, flushing each; while ``expected`` lines remain (a replay), each new
    line must equal the logged one instead."""

    def __init__(
        self, handle: LineFile | None, expected: Sequence[dict[str, Any]] = (), path: str = ""
    ) -> None:
        self.handle = handle
        self.expected = expected
        self.checked = 0
        self.path = path

    def write(self, line: dict[str, Any]) -> None:
        """Check ``line`` against the log being replayed, or append it."""
        if self.checked < len(self.expected):
            want = self.expected[self.checked]
            self.checked += 1
            if dumps(want) != dumps(line):
                where, logged, given = first_difference(want, line)
                raise LogError(
                    f"{self.path}:{self.checked + 1}: replay diverges at {where}: logged {shown(logged)}, "
                    f"the session gives {shown(given)} (the log was changed after play)"
                )
            return
        if self.expected and self.checked >= len(self.expected) and self.handle is None:
            raise LogError(f"{self.path}: the session goes on after the log's last line")
        if self.handle is not None:
            try:
                self.handle.write(dumps(line) + "\n")
                self.handle.flush()
            except OSError as err:
                raise InputError(f"{self.path}: cannot write log: {err.strerror}") from None

    def event(self, name: str, player: int | None, data: Mapping[str, Any]) -> None:
        """A table sink."""
        self.write(event_line(name, player, data))

    def decision(self, decision: Decision, answer: str) -> None:
        """An answer callback of :func:`engine.core.table_session.drive`."""
        self.write(decision_line(decision, answer))

    def replayed_all(self) -> bool:
        """Every expected line came out again."""
        return self.checked >= len(self.expected)
