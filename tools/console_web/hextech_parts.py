"""Hextech's parts of the one console table and of the replay view (§5.4, §7, §11, §13, §16, §18.3;
issue 33 item 1; R795).

A hextech session at the console is opened through hextech's session kind
(:class:`tools.kinds.hextech.HextechSessionKind`), its cards those of the table's mode and pool,
seated with its public feed (:data:`~tools.console_web.public.HEXTECH_FEED`) and its winners'
hands (§11 phase 3).  Its round result is the round's record (§13), its own facts the film mark, the
party's chips and stars (§7) and each seat's augments (§5.4) with the cards' texts, a seat's sight
its :class:`~engine.hextech.view.PlayerView` with its lasting cards (§6.9), its record the balance
lab's (§18.3).  A searching bot's view goes to a worker without its card library, which the worker
compiles once by the cards' ids (:func:`hextech_view`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.agents.roster import make_bots
from engine.core.agent import Agent
from engine.core.decisions import Decision
from engine.core.log_writer import LogWriter
from engine.hextech.bus import Event
from engine.hextech.log import DEFAULT_POOL, LogHeader, read_header
from engine.hextech.session import Session, SessionResult
from engine.hextech.view import PlayerView
from engine.hextech.vocabulary import CompiledCard
from tools.console import PEOPLE
from tools.console_web.bot_pool import Packed
from tools.console_web.cards import CardText, library, pool_path
from tools.console_web.feed import PublicFeed
from tools.console_web.hextech_shown import hextech_own, hextech_seat, hextech_table
from tools.console_web.laid import laid_hand
from tools.console_web.messages import SeatSight, TableSight
from tools.console_web.public import HEXTECH_FEED, public_view
from tools.console_web.round_results import HextechWinners, WinnerHands, hextech_round
from tools.console_web.rule_parts import WEB_SEATS, LoggedSeat, OwnFacts, Replayed
from tools.console_web.seated import STAND_IN
from tools.console_web.spec import WEB, TableSpec
from tools.hextech_session import logged_cards, result_json
from tools.kinds.hextech import HextechSessionKind, HextechSetup
from tools.kinds.kind import Seated


@cache
def _library(mode: str, ids: tuple[str, ...]) -> Mapping[str, CompiledCard]:
    """The card library a view names, compiled once per worker."""
    if not ids:
        return MappingProxyType({})
    return MappingProxyType({card.id: card for card in logged_cards(mode, ids)[0]})


def hextech_view(mode: str, cards: tuple[str, ...], parts: dict[str, Any]) -> PlayerView:
    """In a worker: a seat's view again from its parts and its cards' ids."""
    return PlayerView(**parts, cards=_library(mode, cards))


@dataclass(frozen=True)
class RoundEnds:
    """A bus sink of the rounds' ends, for a replay's frame."""

    heard: Callable[[], None]
    events: frozenset[str] = frozenset({"round.ended"})

    def __call__(self, event: Event) -> None:
        self.heard()


class HextechParts:
    """A hextech session seated at the console (see the module); ``texts`` its cards' texts."""

    def __init__(
        self,
        setup: HextechSetup,
        writer: LogWriter,
        replaying: bool,
        people: Mapping[str, Callable[[random.Random], Agent[Any]]],
        texts: Mapping[str, CardText],
        filming: bool = False,
        round_ended: Callable[[], None] | None = None,
    ) -> None:
        self.line = setup.line
        self.filming = filming
        """Whether every player agreed to filming (§17.3)."""
        self.mode = setup.header.mode
        self.texts = texts
        self.feed = PublicFeed(HEXTECH_FEED)
        self.winners = WinnerHands(lambda player: laid_hand(self.session.table, player))
        sinks: list[Callable[[Event], None]] = [self.feed, HextechWinners(self.winners)]
        if round_ended is not None:
            sinks.append(RoundEnds(round_ended))
        opened = setup.open(writer, True, replaying, Seated(sinks, people))
        self.session: Session = opened.session
        self._played = opened.played
        self.agents: list[Agent[Any]] = list(opened.agents)
        self.stand_ins: Sequence[Agent[Any]] = make_bots([STAND_IN] * 4, setup.header.seed)

    def totals(self) -> Sequence[int]:
        """Each seat's total so far (§16)."""
        return tuple(self.session.result.totals)

    def begun(self) -> bool:
        """Whether the first round has been set up."""
        return self.session.round is not None or bool(self.session.result.rounds)

    def finished_rounds(self) -> int:
        """How many rounds have ended."""
        return len(self.session.result.rounds)

    def round_result(self) -> dict[str, Any] | None:
        """The result of the round last finished: its wins with hands and §13 items, the points."""
        rounds = self.session.result.rounds
        if not rounds:
            return None
        return hextech_round(rounds[-1], self.winners.finished, self.session.result.totals)

    def own_facts(self, result: SessionResult | None) -> OwnFacts:
        """The film mark, the party's chips and stars, each seat's augments, the results with the
        enabled modules' fields, the cards' texts."""
        session = self.session
        fields = {} if session.plugins is None else session.plugins.session_fields(session)
        results = None
        if result is not None:
            results = result_json(result, fields)
            results.pop("seed", None)
        own, seats_own = hextech_own(self.filming, fields.get("party"), session.augments)
        return OwnFacts(own, seats_own, results, self.texts)

    def seat_sight(self, player: int, pending: Decision | None) -> SeatSight:
        """The seat's own view with its lasting cards (§6.9)."""
        held = [self.session.lasting_card(player, deck) for deck in sorted(self.session.decks)]
        return hextech_seat(self.session.view(player), [card for card in held if card is not None])

    def table_sight(self) -> TableSight:
        """The public table (:func:`~tools.console_web.public.public_view`)."""
        return hextech_table(public_view(self.session.round))

    def record(self, result: SessionResult) -> str:
        """The lab's record of the session (§18.3): a 4-round test session is marked by its length
        and never ranked with full sessions (§16, §18.1)."""
        return HextechSessionKind().record(self._played(result)).model_dump_json()

    def packed(self, view: PlayerView) -> Packed:
        """The view's parts but its card library, the library's ids and the mode."""
        parts = view.parts()
        cards = tuple(parts.pop("cards"))
        return Packed(hextech_view, (self.mode, cards, parts))


@dataclass(frozen=True)
class HextechRules:
    """Hextech's sessions at a console table and in a replay."""

    def at_table(
        self, spec: TableSpec, seed: int, writer: LogWriter, stored: bool, replaying: bool
    ) -> HextechParts:
        """The table's mode, length, agents and pool; its cards' texts as filmed or not (§17.3)."""
        header = LogHeader(seed, spec.mode, spec.rounds, spec.agents(), (), spec.pool or DEFAULT_POOL)
        setup = HextechSessionKind(pool=pool_path(spec.pool)).setup(header, None)
        if not stored:
            writer.write(setup.line)
        texts = library(spec.mode, spec.filming, spec.pool)
        return HextechParts(setup, writer, replaying, WEB_SEATS, texts, spec.filming)

    def replayed(
        self, head: Mapping[str, Any], where: str, writer: LogWriter, round_ended: Callable[[], None]
    ) -> Replayed:
        """The log's session with the cards its header names, its people's seats the log's; the
        cards are the console's own, whatever card folder the header names (a path on the machine
        that played it, not on the server, R807)."""
        header = replace(read_header(dict(head), Path(where)), folder=None)
        setup = HextechSessionKind().setup(header, Path(where))
        people = {name: _logged_person for name in (*PEOPLE, WEB)}
        texts = library(header.mode, False)
        parts = HextechParts(setup, writer, True, people, texts, round_ended=round_ended)
        cards = {card: text.json() for card, text in texts.items()}
        return Replayed("hextech", f"海克斯麻将 · 种子 {header.seed}", cards, parts)


def _logged_person(rng: random.Random) -> LoggedSeat:
    return LoggedSeat(person=True)
