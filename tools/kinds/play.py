"""Playing a session of any kind from its header: a new one, one resumed, one replayed, one recorded
(§18.3, R201, R382; issue 33 item 1).

:func:`play_logged` is the one way: the kind sets the session up from the header (its cards
chosen before anything is written), the log is opened (a new one written from its header, a
resumed one continued once every logged line has come out again, a replayed one only read),
and :func:`engine.core.session.drive` answers every decision, the logged ones first.  A line that
does not come out again, or a logged answer the session refuses, stops it at its ``file:line``
(exit 5); a check the engine fails on its own state names the command that plays it again;
Ctrl-C says what stopped and how it goes on.  :func:`resume_logged` checks the flags given against
the log first and re-plays a finished log, as ``record`` does, before calling it finished;
:func:`replay_logged` refuses a log cut short; :func:`store_played` stores the
record ``play`` stores, or says how to store it later.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar

from engine.core.errors import InputError, LogError, engine_faults
from engine.core.log_reader import SessionLog
from engine.core.log_writer import ContinuedLog, LogWriter, close_log, open_log
from engine.core.session import drive
from tools.alone import alone
from tools.interrupt import Interrupted
from tools.kinds.kind import SessionKind

H = TypeVar("H")
P = TypeVar("P")


def play_logged(
    kind: SessionKind[H, P],
    header: H,
    *,
    log: Path | None = None,
    expected: Sequence[dict[str, Any]] = (),
    resume_at: int | None = None,
) -> P:
    """Play the session ``header`` describes, writing its log to ``log``.  The ``expected`` lines (a
    log being replayed or resumed) must come out again; their answers are re-played before any
    agent acts, and one the session refuses is reported at its ``file:line``.  Without
    ``resume_at`` (a log being replayed) nothing is written; with it (a log being resumed) the log
    is cut to its first ``resume_at`` bytes and continued once every logged line has come out again
    (:class:`engine.core.log_writer.ContinuedLog`)."""
    setup = kind.setup(header, log)
    replaying = bool(expected) and resume_at is None
    handle: IO[str] | ContinuedLog | None = None
    if log is not None and resume_at is not None:
        handle = ContinuedLog(log, resume_at)
    elif log is not None and not expected:
        handle = open_log(log)
    try:
        writer = LogWriter(handle, expected, str(log or ""))
        if not expected and resume_at is None:
            writer.write(setup.line)
        logging = handle is not None or bool(expected)
        opened = setup.open(writer, logging, bool(expected))
        answers = iter([str(line["answer"]) for line in expected if line.get("type") == "decision"])
        try:
            with engine_faults(setup.replay):
                result = drive(
                    opened.session,
                    opened.agents,
                    script=answers,
                    on_answer=writer.decision if logging else None,
                )
        except LogError as err:
            raise writer.placed(err) from None
        except KeyboardInterrupt:
            raise Interrupted(stopped(None if replaying else log, replaying)) from None
        writer.end(opened.totals(result))
        return opened.played(result)
    finally:
        if handle is not None:
            close_log(handle, log)


def stopped(log: Path | None, replaying: bool) -> str:
    """What Ctrl-C during a session stopped, and how it goes on (R201)."""
    if replaying:
        return "replay stopped before the log's end; nothing was written"
    how = f"continue with: hexmj play --resume {log}" if log else "it was not logged (--log FILE keeps it)"
    return f"play stopped before the session ended, its record was not stored; {how}"


def resume_logged(kind: SessionKind[H, P], log: Path, given: Mapping[str, Any]) -> P:
    """Continue a session cut short: re-play what was logged, drop a half-written last line, go on.
    Flags ``given`` on the command line must agree with the log (:meth:`SessionKind.check_resume`);
    the log is this command's alone meanwhile (R802).  A finished log is re-played without writing
    first, so that one edited after play is refused at its line as ``record`` refuses it (R805)."""
    with alone(log):
        contents = kind.read(log)
        kind.check_resume(contents, log, given)
        if contents.finished:
            play_logged(kind, contents.header, log=log, expected=contents.lines)
            raise LogError(
                f"{log}: the session is finished; nothing to resume "
                f"(hexmj record {log} stores its record if it was lost)"
            )
        return play_logged(
            kind, contents.header, log=log, expected=contents.lines, resume_at=contents.complete_bytes
        )


def replay_logged(kind: SessionKind[H, P], log: Path, contents: SessionLog[H], unfinished: str) -> P:
    """Re-play a finished log without writing, checking every line (exit 5 at the first difference);
    a log cut short is exit 5, saying ``unfinished`` how it goes on.  A log with lines after its end
    line was not cut short: the re-play names the first of them, as ``--resume`` does (R802)."""
    ended = any(line.get("type") == "end" for line in contents.lines)
    if not ended:
        raise LogError(f"{log}: the session was cut short; {unfinished} it with hexmj play --resume {log}")
    return play_logged(kind, contents.header, log=log, expected=contents.lines)


def show(kind: SessionKind[H, P], played: P, json_out: bool) -> str:
    """The played session's account, or its ``--json`` document."""
    if json_out:
        return dumps(kind.document(played))
    return "\n".join(kind.account(played))


def dumps(doc: dict[str, Any]) -> str:
    """A JSON document as every command prints it."""
    return json.dumps(doc, ensure_ascii=False, indent=2)


def store_played(kind: SessionKind[H, P], played: P, db: str | None, log: Path | None) -> int:
    """Store a played session's record (§18.3) and return its id; a store that fails after play
    says how the record can still be stored from the session's log (``hexmj record``)."""
    try:
        return kind.store(played, db)
    except InputError as err:
        later = f"; store it later with hexmj record {log}" if log is not None else ""
        raise InputError(f"{err}: the session's record is not stored{later}") from None
