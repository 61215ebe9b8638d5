"""What a command needs of a rule set's session, whatever the rule set (§18.3, R382; issue 33 item 1).

A :class:`SessionKind` reads its log (:class:`engine.core.log_reader.SessionLog`), checks the flags
a command line gives it, makes the header of a new session, and sets a session up from a header
(:class:`Setup`): the header line its log starts with, the command an engine fault names, and the
session opened on the log's writer with the agents the header names (:class:`Opened`), where it
is played (:class:`Seated`: a terminal's person and announcements, a console's web seats and
feed).  A played session (``P``) gives its account, its ``--json`` document and its stored record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from engine.core.agent import Agent
from engine.core.errors import InputError
from engine.core.log_reader import SessionLog
from engine.core.log_writer import LogWriter
from engine.core.session import Playable

H = TypeVar("H")
H_contra = TypeVar("H_contra", contravariant=True)
P = TypeVar("P")
V = TypeVar("V")
S = TypeVar("S")
Session = TypeVar("Session", bound=Playable[Any, Any])


@dataclass(frozen=True)
class Asked:
    """What the command line asks of a new session: ``rounds`` ``None`` when not given (the rule
    set's length), ``mode`` and ``pool`` a hextech session's, ``options`` the ``--option`` words."""

    seed: int
    rounds: int | None
    agents: str
    mode: str | None = None
    pool: Path | None = None
    options: Sequence[str] = ()


@dataclass(frozen=True)
class Seated(Generic[S, V]):
    """Where a session is played besides its log: the ``sinks`` that show it (a terminal's
    announcements, a console's feed) and the agents of the seats a person answers there (a person
    at the terminal, a web seat) by name, beside the bots."""

    sinks: Sequence[S] = ()
    people: Mapping[str, Callable[[random.Random], Agent[V]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Opened(Generic[Session, P]):
    """A session opened on its log's writer: the session, its seats' agents, its result's totals
    (the log's end line) and the played session its result makes."""

    session: Session
    agents: Sequence[Agent[Any]]
    totals: Callable[[Any], Sequence[int]]
    played: Callable[[Any], P]


class Setup(Protocol[P]):
    """A session set up from its header, its cards chosen, before its log is opened."""

    @property
    def line(self) -> dict[str, Any]:
        """The header line the session's log starts with."""
        ...

    @property
    def replay(self) -> str:
        """The command line that plays the session again (an engine fault names it)."""
        ...

    def open(self, writer: LogWriter, logging: bool, replaying: bool) -> Opened[Any, P]:
        """The session with its sinks, ``writer``'s among them while ``logging`` (a log written or
        checked), and the agents the header names (``replaying``: a log's, which may name a seat
        only the log answers), played where the command is (at a terminal, or nowhere but the
        log)."""
        ...


class SessionKind(Protocol[H, P]):
    """A rule set's session as the commands play it: ``H`` its log's header, ``P`` a played one."""

    def read(self, path: Path) -> SessionLog[H]:
        """The log at ``path``."""
        ...

    def check_flags(self, given: Mapping[str, Any]) -> None:
        """The flags ``given`` on the command line (by parameter name) this kind refuses whatever
        the log or the session: an :class:`InputError` naming the first."""
        ...

    def new_header(self, asked: Asked) -> H:
        """The header of the new session the command line asks for (exit 2 on a bad value)."""
        ...

    def check_resume(self, contents: SessionLog[H], log: Path, given: Mapping[str, Any]) -> None:
        """``--resume`` goes on with what the log fixes: a flag ``given`` that contradicts it is an
        :class:`InputError` naming both."""
        ...

    def setup(self, header: H, log: Path | None) -> Setup[P]:
        """The session ``header`` describes, logged at ``log`` (a :class:`LogError` at ``file:1``
        for what it names that is not installed)."""
        ...

    def account(self, played: P) -> list[str]:
        """The readable round-by-round account and the standings."""
        ...

    def document(self, played: P) -> dict[str, Any]:
        """The ``--json`` document."""
        ...

    def store(self, played: P, db: str | None) -> int:
        """Store the played session's record (§18.3) in ``db``; its id."""
        ...

    def stored(self, played: P, db: str | None) -> int | None:
        """The id of the record already stored in ``db`` that is exactly this session's, or ``None``."""
        ...


@dataclass(frozen=True)
class Fixed(Generic[H_contra]):
    """A flag a log fixes: whether a value given agrees with the log's header, and what the log
    says instead (for the message); one that reads any header reads a rule set's."""

    agrees: Callable[[Any, H_contra, Path], bool]
    logged_as: Callable[[H_contra], str]


def check_fixed(fixed: Mapping[str, Fixed[H]], header: H, log: Path, given: Mapping[str, Any]) -> None:
    """Each flag of ``fixed`` that is ``given``, in ``fixed``'s order, must agree with the log: one
    that does not is an :class:`InputError` naming both, instead of being ignored."""
    for name, flag in fixed.items():
        if name in given and not flag.agrees(given[name], header, log):
            raise InputError(
                f"--{name} {given[name]} contradicts the log {log}, {flag.logged_as(header)}: "
                f"leave --{name} out to resume"
            )


def agent_names(agents: str) -> tuple[str, ...]:
    """The four seats' agents of ``--agents`` (one name: every seat)."""
    names = tuple(name.strip() for name in agents.split(","))
    return names * 4 if len(names) == 1 else names


def same_log(path: Any, header: object, log: Path) -> bool:
    """Whether ``--log`` names the log being resumed, which goes on in itself."""
    return Path(path).resolve() == log.resolve()


class Header(Protocol):
    """What every rule set's log header says of its session: the seed, the length, the agents."""

    @property
    def seed(self) -> int: ...

    @property
    def rounds(self) -> int: ...

    @property
    def agents(self) -> tuple[str, ...]: ...


SESSION_FIXED: dict[str, Fixed[Header]] = {
    "seed": Fixed(lambda seed, header, log: seed == header.seed, lambda h: f"played with seed {h.seed}"),
    "rounds": Fixed(
        lambda rounds, header, log: rounds == header.rounds, lambda h: f"a session of {h.rounds} rounds"
    ),
    "agents": Fixed(
        lambda agents, header, log: agent_names(agents) == header.agents,
        lambda h: f"played by {','.join(h.agents)}",
    ),
    "log": Fixed(same_log, lambda h: "which goes on in itself"),
}
"""The flags every rule set's log fixes (§18.3), which each kind's own list takes in its order."""
