"""The records file of ``hexmj simulate --records FILE``, which ``--resume FILE`` continues, for
every rule set (issue 14 item 5, issue 33 item 1).

JSON lines.  The first is the run's header: ``{"type": "simulation", "format": 1, …, "digest"}``,
its fields between the rule set's (:meth:`RunGames.head`: for a rule set on the core's table
``rules``, ``options``, ``seed``, ``games``, ``rounds``, ``agents``; for hextech ``rules``,
``mode``, ``pool``, ``cards``, ``versions``, ``seed``, ``games``, ``rounds``, ``agents``), the digest
that of the header without it (:func:`engine.core.log_lines.digest`).  Then one line per session
played, in game order: its record (the rule set's, as the store keeps it) with a last field
``digest``, the
first 16 hex digits of the SHA-256 of the previous line's digest and the record, so that a record
changed, dropped or moved after the run is found at its line; a line whose bytes are not those
hexmj writes for it (CRLF line ends, re-spaced JSON) is refused at its line too, so that a resumed
file is byte for byte the uninterrupted run's (R800).  Each line is written whole and flushed as
its chunk of games comes back; a last line cut short by a kill is left out when read and written
over when the run goes on.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from engine.core.errors import InputError, LogError
from engine.core.log_lines import digest, dumps
from engine.core.log_reader import whole_lines
from tools.lab.run_games import RunGames
from tools.lab.runner import HextechGames
from tools.lab.table_games import TableGames
from tools.rules_option import DEFAULT

FORMAT = 1


def run_header_line(games: RunGames[Any], count: int) -> dict[str, Any]:
    """The header line of a run of ``count`` sessions of ``games``."""
    head: dict[str, Any] = {"type": "simulation", "format": FORMAT, **games.head(count)}
    return {**head, "digest": digest(head)}


def run_games(head: dict[str, Any], path: Path) -> RunGames[Any]:
    """The games a header line describes: hextech's, or a rule set's on the core's table."""
    if head.get("rules") == DEFAULT:
        return HextechGames.from_head(head, path)
    return TableGames.from_head(head, path)


def chained(previous: str, record: str) -> str:
    """The digest of a record line following the line whose digest is ``previous``."""
    return hashlib.sha256(f"{previous}\n{record}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class RunFile:
    """A read records file: the run's games, its length, the records written so far (as the
    store keeps them) and how many bytes end with a whole line."""

    games: RunGames[Any]
    count: int
    records: list[str]
    last_digest: str
    complete_bytes: int


def read_run(path: Path) -> RunFile:
    """Read a records file; anything but a whole run's lines is a :class:`LogError` at ``file:line``."""
    whole = whole_lines(path, "records")
    lines = whole.split(b"\n")[:-1]
    if not lines:
        raise LogError(f"{path}:1: no simulation header")
    head = _json(lines[0], path, 1)
    if head.get("type") != "simulation":
        raise LogError(f"{path}:1: no simulation header (hexmj simulate --records FILE writes one)")
    games = head.get("games")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise LogError(f"{path}:1: simulation header: games: expected a whole number above 0")
    if head.get("digest") != digest(head):
        raise LogError(
            f"{path}:1: the simulation header was edited after the run (its digest does not match): "
            "a records file goes on only as hexmj wrote it"
        )
    _as_written(lines[0], dumps(head), path, 1)
    run = run_games(head, path)
    records: list[str] = []
    last = str(head["digest"])
    for number, line in enumerate(lines[1:], start=2):
        value = _json(line, path, number)
        given = value.pop("digest", None)
        record = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        if given != chained(last, record):
            raise LogError(
                f"{path}:{number}: the record was changed after the run (its digest does not match)"
            )
        _as_written(line, f'{record[:-1]},"digest":"{given}"}}', path, number)
        if value.get("seed") != run.seed_of(len(records)) or len(records) >= games:
            raise LogError(f"{path}:{number}: not game {len(records) + 1} of the run")
        records.append(record)
        last = str(given)
    return RunFile(run, games, records, last, len(whole))


def _as_written(line: bytes, written: str, path: Path, number: int) -> None:
    """A line must be the bytes hexmj wrote for what it says (R800)."""
    if line != written.encode():
        raise LogError(
            f"{path}:{number}: edited after the run: a records file goes on only as hexmj wrote it"
        )


def _json(line: bytes, path: Path, number: int) -> dict[str, Any]:
    try:
        value = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):
        raise LogError(f"{path}:{number}: not a JSON line") from None
    if not isinstance(value, dict):
        raise LogError(f"{path}:{number}: not a record")
    return value


class RunWriter:
    """Appends a run's records to its file, each line whole and flushed."""

    def __init__(self, path: Path, last_digest: str, handle: IO[str]) -> None:
        self.path = path
        self.last = last_digest
        self.handle = handle

    @classmethod
    def start(cls, path: Path, games: RunGames[Any], count: int) -> RunWriter:
        """A new file holding the run's header."""
        line = run_header_line(games, count)
        writer = cls(path, str(line["digest"]), _open(path, "w"))
        writer._line(dumps(line))
        return writer

    @classmethod
    def resume(cls, path: Path, read: RunFile) -> RunWriter:
        """The file ``read`` came from, cut to its whole lines, continued."""
        try:
            with path.open("r+b") as raw:
                raw.truncate(read.complete_bytes)
        except OSError as err:
            raise InputError(f"{path}: cannot write records: {err.strerror}") from None
        return cls(path, read.last_digest, _open(path, "a"))

    def add(self, records: list[str]) -> None:
        """Append records (compact JSON objects), each with its chained digest."""
        for record in records:
            self.last = chained(self.last, record)
            self._line(f'{record[:-1]},"digest":"{self.last}"}}')

    def _line(self, text: str) -> None:
        try:
            self.handle.write(text + "\n")
            self.handle.flush()
        except OSError as err:
            raise InputError(f"{self.path}: cannot write records: {err.strerror}") from None

    def close(self) -> None:
        """Close the file."""
        self.handle.close()


def _open(path: Path, mode: str) -> IO[str]:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return path.open(mode, encoding="utf-8", newline="\n")
    except OSError as err:
        raise InputError(f"{path}: cannot write records: {err.strerror}") from None
