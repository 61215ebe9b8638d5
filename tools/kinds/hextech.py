"""Hextech's session kind: its log, its cards, its modules, a person at a terminal (§3, §16, §18.2).

A hextech session plays the mode's pool, a pool file's cards or those its log's header names
(:func:`tools.hextech_session.header_cards`), with the modules its mode enables; its seats may be
people at this terminal (``human``), and a log's seat a person answered on the host console
(``web``, R375) is answered by the log alone.  Its record is the balance lab's (§18.3, §18.4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.agents.bots import LoggedPerson
from engine.agents.roster import BOTS, make_bots
from engine.core.agent import Agent
from engine.core.errors import InputError, LogError
from engine.core.log_lines import SEED_RANGE
from engine.core.log_reader import SessionLog
from engine.core.log_writer import LogWriter
from engine.hextech.bus import Event
from engine.hextech.log import DEFAULT_POOL, LogHeader, event_sink, read_hextech_log
from engine.hextech.session import Session, SessionConfig, SessionResult
from engine.hextech.view import PlayerView
from tools.console import PEOPLE, Terminal, card_texts
from tools.hextech_session import Chosen, header_cards, new_session, result_json, session_mode
from tools.kinds.hextech_account import account
from tools.kinds.kind import SESSION_FIXED, Asked, Fixed, Opened, Seated, agent_names, check_fixed
from tools.lab.engine_adapter import EventWatcher, play_command, session_record
from tools.lab.records import SessionRecord
from tools.lab.store import store_session, stored_id


@dataclass
class ModuleNotes:
    """A bus sink gathering the enabled modules' lines of the readable account, round by round
    (``hexmj_account_lines``); ``session`` is set once the session exists."""

    session: Session | None = None
    rounds: list[list[str]] = field(default_factory=list)

    def __call__(self, event: Event) -> None:
        if event.name == "round.started":
            self.rounds.append([])
        session = self.session
        if session is None or session.plugins is None or not self.rounds:
            return
        self.rounds[-1].extend(session.plugins.account_lines(event, session))


@dataclass(frozen=True)
class Played:
    """A finished session and what its account, its JSON and its record need (§16, §18.3)."""

    result: SessionResult
    session: Session
    agents: tuple[str, ...]
    watcher: EventWatcher
    notes: ModuleNotes
    pool: str = DEFAULT_POOL
    """How the record names the pool: ``default`` or the pool file's name (§18.2)."""

    def names(self) -> dict[str, str]:
        """The Chinese name of every card in play, by versioned id."""
        return {card_id: card.name for card_id, card in self.session.cards.items()}

    def summary(self) -> list[str]:
        """The modules' end-of-session lines (chips, 欢乐之星, §7.1); none in the strategy mode."""
        plugins = self.session.plugins
        return [] if plugins is None else plugins.session_summary(self.session)

    def fields(self) -> dict[str, Any]:
        """The modules' fields of the JSON document, present only while their module is on."""
        plugins = self.session.plugins
        return {} if plugins is None else plugins.session_fields(self.session)


RESUMED: dict[str, Fixed[LogHeader]] = {
    "seed": SESSION_FIXED["seed"],
    "mode": Fixed(lambda mode, header, log: mode == header.mode, lambda h: f"played in mode {h.mode}"),
    "rounds": SESSION_FIXED["rounds"],
    "agents": SESSION_FIXED["agents"],
    "pool": Fixed(lambda pool, header, log: str(pool) == header.pool, lambda h: f"played with pool {h.pool}"),
    "log": SESSION_FIXED["log"],
}
"""The options of a new session a hextech log already fixes."""


@dataclass(frozen=True)
class HextechSetup:
    """A hextech session set up from its header: its cards chosen, before its log is opened."""

    kind: HextechSessionKind
    header: LogHeader
    log: Path | None
    chosen: Chosen

    @property
    def line(self) -> dict[str, Any]:
        """The header as the log starts with it, naming every card in play and the pool."""
        h = self.header
        ids = tuple(card.id for card in self.chosen[0])
        return LogHeader(h.seed, h.mode, h.rounds, h.agents, ids, h.pool, h.folder).line()

    @property
    def replay(self) -> str:
        """``hexmj play`` with the seed, mode, length, agents, cards and pool file of the session."""
        h = self.header
        pool = None if h.pool == DEFAULT_POOL else Path(h.pool)
        return play_command(h.seed, h.mode, h.rounds, h.agents, self.kind.folder, pool)

    def open(
        self,
        writer: LogWriter,
        logging: bool,
        replaying: bool,
        seated: Seated[Callable[[Event], None], PlayerView] | None = None,
    ) -> Opened[Session, Played]:
        """The session with the log's sink, the lab's watcher, the modules' account lines and the
        sinks of where it is ``seated`` (by default this terminal: its announcements, a person at
        it where the header names one, and a log's web seat answered by the log alone)."""
        h = self.header
        at = seated or self.at_terminal(replaying)
        watcher, notes = EventWatcher(), ModuleNotes()
        config = SessionConfig(seed=h.seed, mode=h.mode, rounds=h.rounds)
        sinks: list[Callable[[Event], None]] = [event_sink(writer), watcher, notes, *at.sinks]
        session = new_session(config, sinks, self.kind.folder, self.chosen)
        notes.session = session
        agents = self.agents(at.people, replaying)
        name = Path(h.pool).name

        def played(result: SessionResult) -> Played:
            return Played(result, session, h.agents, watcher, notes, name)

        return Opened(session, agents, lambda result: result.totals, played)

    def at_terminal(self, replaying: bool) -> Seated[Callable[[Event], None], PlayerView]:
        """This terminal (``hexmj play``): its announcements, a person at it (``human``), and in a
        log a seat a person answered on the host console (``web``, R375), which only the log
        answers."""
        people = Terminal.stdio(lambda: card_texts(self.header.mode, self.kind.folder), self.log)
        return Seated([people.event], people.people(people.show, replaying))

    def agents(
        self, people: Mapping[str, Callable[[random.Random], Agent[PlayerView]]], replaying: bool
    ) -> list[Agent[PlayerView]]:
        """The agents the header names; in a log (``replaying``) a name no agent has is a
        :class:`LogError` at ``file:1``."""
        try:
            return make_bots(list(self.header.agents), self.header.seed, {**BOTS, **people})
        except InputError as err:
            if not replaying:
                raise
            raise LogError(
                f"{self.log}:1: session header: agents: {str(err).removeprefix('--agents: ')}"
            ) from None


def logged_folder(header: LogHeader, log: Path | None, given: Path | None) -> Path | None:
    """The card folder a session plays: the one its header names, wherever the command runs (R807);
    ``--cards`` naming another is exit 2 while the header's is there, and names where it went once
    it is gone.  A header that names none plays ``given``."""
    if header.folder is None:
        return given
    kept = Path(header.folder)
    if not kept.is_dir():
        if given is None:
            raise InputError(
                f"{log}: played with the cards of {kept}, which is no folder now: "
                "give the folder where they are with --cards DIR"
            )
        return given
    if given is not None and given.resolve() != kept.resolve():
        raise InputError(f"--cards {given} contradicts the log {log}, played with the cards of {kept}")
    return kept


@dataclass(frozen=True)
class HextechSessionKind:
    """Hextech's sessions, with the core cards of ``folder`` (``--cards``) and, for a new session,
    the pool file ``pool`` (``--pool``, §18.2)."""

    folder: Path | None = None
    pool: Path | None = None

    def read(self, path: Path) -> SessionLog[LogHeader]:
        """A hextech log (:func:`engine.hextech.log.read_hextech_log`)."""
        return read_hextech_log(path)

    def check_flags(self, given: Mapping[str, Any]) -> None:
        """A pool file that is not there, or a seed no record can store (§18.3)."""
        pool = given.get("pool")
        if pool is not None and not Path(pool).is_file():
            raise InputError(f"--pool: no such file {pool}")
        seed = given.get("seed")
        if seed is not None and seed not in SEED_RANGE:
            raise InputError(
                f"--seed: {seed} is not a whole number of 64 bits (a record stores it so, §18.3)"
            )

    def new_header(self, asked: Asked) -> LogHeader:
        """The mode (the pool file's, §18.2), 8 rounds unless given, every agent made once."""
        mode = session_mode(asked.mode, asked.pool)
        rounds = 8 if asked.rounds is None else asked.rounds
        pool = DEFAULT_POOL if asked.pool is None else str(asked.pool)
        folder = None if self.folder is None else str(self.folder.resolve())
        header = LogHeader(asked.seed, mode, rounds, agent_names(asked.agents), (), pool, folder)
        SessionConfig(seed=asked.seed, mode=mode, rounds=rounds)
        make_bots(list(header.agents), asked.seed, {**BOTS, **dict.fromkeys(PEOPLE, LoggedPerson)})
        return header

    def check_resume(self, contents: SessionLog[LogHeader], log: Path, given: Mapping[str, Any]) -> None:
        """The seed, mode, length, agents, pool and log given must be the log's."""
        check_fixed(RESUMED, contents.header, log, given)

    def setup(self, header: LogHeader, log: Path | None) -> HextechSetup:
        """The session with its cards (a :class:`LogError` for a pool the log no longer matches), those
        of the card folder the header names unless ``--cards`` names it too (R807)."""
        played = replace(self, folder=logged_folder(header, log, self.folder))
        return HextechSetup(played, header, log, header_cards(header, log, played.folder, self.pool))

    def account(self, played: Played) -> list[str]:
        """The account with the modules' lines of each round and of the session (§7.1, §16)."""
        return account(played.result, played.names(), played.notes.rounds, played.summary())

    def document(self, played: Played) -> dict[str, Any]:
        """The ``--json`` document, the enabled modules' fields included."""
        return result_json(played.result, played.fields())

    def store(self, played: Played, db: str | None) -> int:
        """Store the lab's record of the session (§18.3)."""
        return store_session(self.record(played), db)

    def stored(self, played: Played, db: str | None) -> int | None:
        """The stored session whose record is exactly this one's."""
        return stored_id(self.record(played), db)

    def record(self, played: Played) -> SessionRecord:
        """The lab's record of the session played (``source`` ``play``)."""
        return session_record(
            played.session, played.result, played.watcher, played.agents, played.pool, "play"
        )
