"""The session log: JSON lines, one per event and per decision, appended and flushed as they happen.

The first line is the header (``{"type": "session", "format": 1, "seed",
"mode", "rounds", "agents", "cards"}``); then ``{"type": "event", "name",
"player", "cause", "data"}`` and ``{"type": "decision", "player", "kind",
"about", "options", "answer"}`` lines in the order they happened; a finished
session ends with ``{"type": "end", "totals"}``.  A seed and the logged
answers fix a session, so :func:`replay` re-plays the answers and checks that
every line comes out the same; :func:`resume` does that and then lets the
agents go on, appending to the same file.  A last line cut off by a crash
is dropped on resume; nothing that was logged whole is lost.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from engine.bus import Event
from engine.decisions import Decision
from engine.errors import LogError
from engine.state import PLAYERS

FORMAT = 1


@dataclass(frozen=True)
class LogHeader:
    """What fixes the session a log records."""

    seed: int
    mode: str
    rounds: int
    agents: tuple[str, ...]
    cards: tuple[str, ...]

    def line(self) -> dict[str, Any]:
        """The header as its JSON object."""
        return {
            "type": "session",
            "format": FORMAT,
            "seed": self.seed,
            "mode": self.mode,
            "rounds": self.rounds,
            "agents": list(self.agents),
            "cards": list(self.cards),
        }


def event_line(event: Event) -> dict[str, Any]:
    """An event as its JSON object; players by letter."""
    return {
        "type": "event",
        "name": event.name,
        "player": None if event.player is None else PLAYERS[event.player],
        "cause": event.cause,
        "data": dict(event.data),
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


def dumps(line: dict[str, Any]) -> str:
    """One log line, byte-stable: compact separators, keys in insertion order, UTF-8 kept."""
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


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
        raw = Path(path).read_bytes()
    except OSError as err:
        raise LogError(f"{path}: cannot read log: {err.strerror}") from None
    lines: list[dict[str, Any]] = []
    offset = 0
    for number, chunk in enumerate(raw.split(b"\n"), start=1):
        end = offset + len(chunk) + 1
        if end > len(raw):
            break
        try:
            value = json.loads(chunk.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            raise LogError(f"{path}:{number}: not a JSON line: {err}") from None
        if not isinstance(value, dict) or "type" not in value:
            raise LogError(f"{path}:{number}: not a log record")
        lines.append(value)
        offset = end
    if not lines or lines[0].get("type") != "session":
        raise LogError(f"{path}:1: no session header")
    head = lines[0]
    try:
        header = LogHeader(
            seed=int(head["seed"]),
            mode=str(head["mode"]),
            rounds=int(head["rounds"]),
            agents=tuple(str(a) for a in head["agents"]),
            cards=tuple(str(c) for c in head["cards"]),
        )
    except (KeyError, TypeError, ValueError) as err:
        raise LogError(f"{path}:1: bad session header: {err}") from None
    if head.get("format") != FORMAT:
        raise LogError(f"{path}:1: log format {head.get('format')!r} is not {FORMAT}")
    return LogContents(header, lines[1:], offset)


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
                raise LogError(
                    f"{self.path}:{self.checked + 1}: replay diverges: logged {dumps(want)[:120]} "
                    f"but the session gives {dumps(line)[:120]}"
                )
            return
        if self.handle is not None:
            self.handle.write(dumps(line) + "\n")
            self.handle.flush()

    def event(self, event: Event) -> None:
        """A bus sink."""
        self.write(event_line(event))

    def decision(self, decision: Decision, answer: str) -> None:
        """A decision callback for :func:`engine.session.drive`."""
        self.write(decision_line(decision, answer))

    def replayed_all(self) -> bool:
        """Every expected line came out again."""
        return self.checked >= len(self.expected)
