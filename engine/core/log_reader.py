"""Reading a session's log, whatever its rule set (R191, R593; issue 33 item 1).

A log is JSON lines ending at ``\\n``; its first is the header, which its rule set reads
(:class:`LogFormat`: what makes a first line its header, and its fields), then the events,
decisions and the end line as they happened.  :func:`read_log` reads every whole line: a last line
cut short as it was written (a kill) is no part of the log and ``complete_bytes`` ends before it,
so a resumed session writes over it; any other damage — a line not UTF-8, not JSON, no log record,
a decision without its answer as a text, a line whose bytes are not those hexmj writes for it, a
header its rule set refuses or whose digest no longer matches — is one :class:`LogError` naming
``file:line`` and what is wrong.  Notes (:data:`engine.core.log_lines.NOTE`) are left out.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from engine.core.errors import LogError
from engine.core.log_lines import EDITED, NOTE, digest, edited_field

H = TypeVar("H")


class LogFormat(Generic[H]):
    """What a rule set's log is of its own: whether a first line is its header (``recognises``), what
    a log whose first line is not says (``missing``), and the header's fields read from that line
    (``header``: a :class:`LogError` at ``file:1`` for a field missing or ill-typed)."""

    def __init__(
        self,
        recognises: Callable[[Mapping[str, Any]], bool],
        missing: str,
        header: Callable[[Mapping[str, Any], Path], H],
    ) -> None:
        self.recognises = recognises
        self.missing = missing
        self.header = header


class SessionLog(Generic[H]):
    """A read log: its header, the lines after it, and how many of its bytes end with a whole line
    (a last line cut short by a kill is no part of it; a resumed session writes over it)."""

    def __init__(self, header: H, lines: list[dict[str, Any]], complete_bytes: int) -> None:
        self.header = header
        self.lines = lines
        self.complete_bytes = complete_bytes

    def answers(self) -> list[str]:
        """The logged answers in order."""
        return [str(line["answer"]) for line in self.lines if line.get("type") == "decision"]

    @property
    def finished(self) -> bool:
        """Whether the session ran to its end line."""
        return bool(self.lines) and self.lines[-1].get("type") == "end"


def read_log(path: Path, form: LogFormat[H]) -> SessionLog[H]:
    """Read the log at ``path`` whose header is ``form``'s (see the module's docstring)."""
    whole = whole_lines(path, "log")
    chunks = whole.split(b"\n")[:-1]
    lines = [line for line in log_lines(chunks, str(path)) if line["type"] != NOTE]
    if not lines or not form.recognises(lines[0]):
        raise LogError(f"{path}:1: {form.missing}")
    header = form.header(lines[0], path)
    if (edited := edited_field(chunks[0], lines[0])) is not None:
        raise LogError(f"{path}:1: {edited}: {EDITED}")
    return SessionLog(header, lines[1:], len(whole))


def log_lines(chunks: Iterable[bytes], where: str) -> Iterator[dict[str, Any]]:
    """Each line of a log, given as its bytes without the newline, as a log record, notes included;
    the first that is no record, a decision (after line 1, the header) without its answer as a
    text, or a line whose bytes are not those hexmj writes for it, is a :class:`LogError` at
    ``where:line`` (a file, or a table's stored rows)."""
    for number, chunk in enumerate(chunks, start=1):
        value = log_record(chunk, f"{where}:{number}")
        if number > 1 and value["type"] == "decision" and not isinstance(value.get("answer"), str):
            raise LogError(f"{where}:{number}: a decision line needs its answer as a text")
        if number > 1 and (edited := edited_field(chunk, value)) is not None:
            raise LogError(f"{where}:{number}: {edited}: {EDITED}")
        yield value


def whole_lines(path: Path, what: str) -> bytes:
    """The bytes of the file at ``path`` up to its last newline: a line cut short by a crash is
    dropped, nothing written whole is lost; a path that is not a regular file or cannot be
    read is one :class:`LogError` naming it and ``what`` it should hold."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise LogError(f"{path}: not a {what} file")
        raw = path.read_bytes()
    except OSError as err:
        raise LogError(f"{path}: cannot read {what}: {err.strerror}") from None
    return raw[: raw.rfind(b"\n") + 1]


def check_digest(head: Mapping[str, Any], path: Path) -> None:
    """A header whose ``digest`` is not :func:`engine.core.log_lines.digest` of it was edited after
    play: a :class:`LogError` at ``file:1`` (R191, R593)."""
    if head.get("digest") != digest(head):
        raise LogError(f"{path}:1: digest: does not match the session header: {EDITED}")


def log_record(chunk: bytes, where: str) -> dict[str, Any]:
    """One line as a log record, a JSON object with its ``type``; anything else is a
    :class:`LogError` at ``where``."""
    value = json_line(chunk, where)
    if not isinstance(value, dict) or "type" not in value:
        raise LogError(f"{where}: not a log record")
    return value


def json_line(chunk: bytes, where: str) -> Any:
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
