"""Writing and replaying a session's log, whatever its rule set (R191, R382; issue 33 item 1).

:class:`LogWriter` appends each line and flushes it as it happens; while the lines of a log being
replayed or resumed remain, each line the session gives must be the logged one instead, and the
first that is not is a :class:`Divergence` naming ``file:line``, the line's kind, its first
differing field and both values.  A resumed log is cut to its whole lines and appended to only
once every logged line has come out again (:class:`ContinuedLog`), so a resume that fails leaves
the file as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Protocol

from engine.core.decisions import Decision
from engine.core.errors import InputError, LogError
from engine.core.log_lines import decision_line, divergence, dumps, end_line


class Divergence(LogError):
    """A replayed line that does not come out as logged; the message names the log's ``file:line``."""


class LineFile(Protocol):
    """Where a log's lines go: a text file open to write, or one that opens itself at its first new
    line (:class:`ContinuedLog`)."""

    def write(self, text: str, /) -> object:
        """Write ``text``."""
        ...

    def flush(self) -> None:
        """Push what was written to the file."""
        ...


class LogWriter:
    """Appends lines to a log, flushing each one; while ``expected`` lines remain (a replay or a
    resume), each new line must equal the logged one and is not written again."""

    def __init__(
        self, handle: LineFile | None, expected: Sequence[Mapping[str, Any]] = (), path: str = ""
    ) -> None:
        self.handle = handle
        self.expected = expected
        self.checked = 0
        self.path = path

    def write(self, line: Mapping[str, Any]) -> None:
        """Check ``line`` against the log being replayed, or append it."""
        if self.checked < len(self.expected):
            want = self.expected[self.checked]
            self.checked += 1
            if dumps(want) != dumps(line):
                raise Divergence(f"{self.path}:{self.checked + 1}: replay diverges: {divergence(want, line)}")
            return
        if self.expected and self.handle is None:
            raise Divergence(f"{self.path}: the session goes on after the log's last line")
        if self.handle is not None:
            try:
                self.handle.write(dumps(line) + "\n")
                self.handle.flush()
            except OSError as err:
                raise InputError(f"{self.path}: cannot write log: {err.strerror}") from None

    def decision(self, decision: Decision, answer: str) -> None:
        """An answer callback of a session's ``drive``."""
        self.write(decision_line(decision, answer))

    def end(self, totals: Sequence[int]) -> None:
        """The session's end line; a log being replayed that goes on after it is a :class:`LogError`."""
        self.write(end_line(totals))
        if not self.replayed_all():
            raise LogError(f"{self.path}: the log goes on after the session ends (line {self.checked + 2})")

    def place(self) -> str:
        """``file:line`` of the logged line to be replayed next (line 1 is the header)."""
        return f"{self.path}:{self.checked + 2}"

    def placed(self, err: LogError) -> LogError:
        """A :class:`LogError` the session raised, at its place in the log: a :class:`Divergence`
        names its own, any other (a logged answer the session refuses) is put at :meth:`place`."""
        return err if isinstance(err, Divergence) else LogError(f"{self.place()}: {err}")

    def replayed_all(self) -> bool:
        """Every expected line came out again."""
        return self.checked >= len(self.expected)


def open_log(path: Path, mode: str = "w") -> IO[str]:
    """The log file opened to write (``w``) or append (``a``) lines; missing folders are made; a path
    that cannot be written is an :class:`InputError`."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return path.open(mode, encoding="utf-8", newline="\n")
    except FileExistsError:
        raise InputError(f"{path}: cannot write log: {path.parent} is not a folder") from None
    except OSError as err:
        raise InputError(f"{path}: cannot write log: {err.strerror}") from None


def close_log(handle: IO[str] | ContinuedLog, path: Path | None) -> None:
    """Close the log; a device that refuses the last bytes (a full disk) is an :class:`InputError`
    naming the log, as a line that could not be written is."""
    try:
        handle.close()
    except OSError as err:
        raise InputError(f"{path}: cannot write log: {err.strerror}") from None


class ContinuedLog:
    """A resumed log, opened at its first new line: cut to its ``complete_bytes`` (a last line cut
    short by a kill is written over), then appended to."""

    def __init__(self, path: Path, complete_bytes: int) -> None:
        self.path = path
        self.complete_bytes = complete_bytes
        self.handle: IO[str] | None = None

    def write(self, text: str) -> None:
        """Append ``text``, cutting the file to its whole lines first."""
        if self.handle is None:
            try:
                with self.path.open("r+b") as raw:
                    raw.truncate(self.complete_bytes)
            except OSError as err:
                raise InputError(f"{self.path}: cannot write log: {err.strerror}") from None
            self.handle = open_log(self.path, "a")
        self.handle.write(text)

    def flush(self) -> None:
        """Push what was written to the file."""
        if self.handle is not None:
            self.handle.flush()

    def close(self) -> None:
        """Close the file, if it was opened."""
        if self.handle is not None:
            self.handle.close()
