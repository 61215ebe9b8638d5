"""The lab's link to the rules engine: play one session with bots and turn it into a session record.

The pool is the mode's pool or a pool file's (§3, §18.2) with the versions
the spec forces (§18.4); the session is :class:`engine.hextech.session.Session`
with the mode's modules plugged in (§7, §8), driven by the named bots.
Each round's result gives the wins, scores, contract statuses, turns, the
chance and party cards drawn and, per card, how often its abilities acted and
how often they were called on and could do nothing: an augment or contract
counts ``triggered`` for every time it acted (at least 1 when a grant or a
rule decision of it was used) and ``unable`` for every time it could not act;
a drawn card put away without effect (a kept lasting slot, S-10's redraw)
neither triggered nor was unexecutable (§18.3 asks how often a card acts,
per round held).
The world card's triggers are counted from the bus: every ``chance.draw`` or
``party.draw`` it caused (§6.1: a world card only makes players draw).
With the party module on, the record takes every challenge outcome and the
chips at the session's end from the module's session fields (§7.1, §7.4).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal, cast

from dsl.compiler import compile_pool
from dsl.loader import load_cards
from dsl.parser import parse_text
from dsl.pools import card_paths, pool_cards
from engine.agents.roster import make_bots
from engine.core.errors import InputError, engine_faults
from engine.core.seats import PLAYERS
from engine.core.session import drive
from engine.hextech.bus import Event
from engine.hextech.plugins import Modules, modules_for_mode
from engine.hextech.round import RoundResult as EngineRoundResult
from engine.hextech.round_state import DrawnCard as EngineDrawn
from engine.hextech.session import RoundRecord as EngineRound
from engine.hextech.session import Session, SessionConfig, SessionResult
from engine.hextech.state import ContractStatus, WinWay
from engine.hextech.vocabulary import CompiledCard
from engine.hextech.wins import EndReason
from tools.lab.records import (
    ChallengeRecord,
    ContractRecord,
    Deck,
    DrawnCard,
    HeldCard,
    Mode,
    PlayerRound,
    RoundRecord,
    SessionLength,
    SessionRecord,
    WinRecord,
    WorldRecord,
    base_id,
)
from tools.lab.session_spec import SessionSpec

CARD_DRAWS = frozenset({"chance.draw", "party.draw"})
"""The events of a card drawn from the chance or party deck (§6.1)."""
PARTY = "party"
"""The party module's session field: ``chips`` by seat letter and ``challenges`` (§7.1, §7.4)."""


@functools.cache
def session_cards(
    mode: str,
    pool: Path | None,
    versions: tuple[str, ...],
    folder: Path | None = None,
    drafts: tuple[str, ...] = (),
) -> tuple[CompiledCard, ...]:
    """The compiled pool of ``mode`` with ``versions`` in force in place of the same cards' pool versions;
    the core cards come from ``folder`` (default ``cards/``, see :func:`dsl.pools.card_paths`), and
    ``drafts`` are texts of versions written nowhere yet (``hexmj tune``'s candidates)."""
    cards = pool_cards(mode, pool, folder)
    every = {card.id: card for card in load_cards(card_paths(folder))}
    every.update((card.id, card) for text in drafts for card in parse_text(text, "<draft>"))
    for version in versions:
        if version not in every:
            raise InputError(f"no card version {version!r} (§18.4)")
        bases = [card.base_id for card in cards]
        if base_id(version) not in bases:
            raise InputError(f"{base_id(version)} is not in the {mode} pool")
        cards[bases.index(base_id(version))] = every[version]
    return tuple(compile_pool(cards))


@dataclass
class EventWatcher:
    """A bus sink counting, round by round, the card draws each card caused (``cause`` ``card:<base id>``);
    it records only the events it counts by (:class:`engine.hextech.bus.NamedSink`)."""

    events: ClassVar[frozenset[str]] = frozenset({"round.started", *CARD_DRAWS})
    rounds: list[Counter[str]] = field(default_factory=list)

    def __call__(self, event: Event) -> None:
        if event.name == "round.started":
            self.rounds.append(Counter())
        elif event.name in CARD_DRAWS and event.card_caused and self.rounds:
            self.rounds[-1][event.cause.removeprefix("card:")] += 1


def play_session(spec: SessionSpec) -> SessionRecord:
    """Play ``spec``'s session with its bots and return its record."""
    cards = session_cards(spec.mode, spec.pool, spec.versions, spec.cards, spec.drafts)
    modules = frozenset(info.name for info in modules_for_mode(spec.mode))
    watcher = EventWatcher()
    config = SessionConfig(seed=spec.seed, mode=spec.mode, rounds=spec.rounds)
    session = Session(config, cards=cards, modules=modules, plugins=Modules.enable(modules), sinks=[watcher])
    with engine_faults(play_command(spec.seed, spec.mode, spec.rounds, spec.agents, spec.cards, spec.pool)):
        result = drive(session, make_bots(list(spec.agents), spec.seed))
    return session_record(session, result, watcher, spec.agents, spec.pool_name)


def play_command(
    seed: int, mode: str, rounds: int, agents: Sequence[str], folder: Path | None, pool: Path | None = None
) -> str:
    """The ``hexmj play`` command line that plays this session again (an :class:`EngineFault` names it)."""
    cards = "" if folder is None else f" --cards {folder}"
    chosen = "" if pool is None else f" --pool {pool}"
    return (
        f"hexmj play --seed {seed} --mode {mode} --rounds {rounds} --agents {','.join(agents)}{cards}{chosen}"
    )


def session_record(
    session: Session,
    result: SessionResult,
    watcher: EventWatcher,
    agents: Sequence[str],
    pool: str = "default",
    source: Literal["simulate", "play"] = "simulate",
) -> SessionRecord:
    """The record of a finished session whose events ``watcher`` saw (``hexmj play``: ``source="play"``)."""
    fields = {} if session.plugins is None else session.plugins.session_fields(session)
    party: Mapping[str, Any] | None = fields.get(PARTY)
    outcomes = _challenges(party)
    rounds = [
        _round(session, r, w, outcomes.get(r.number, ()))
        for r, w in zip(result.rounds, watcher.rounds, strict=True)
    ]
    totals = result.totals
    config = result.config
    chips = None if party is None else tuple(int(party["chips"][seat]) for seat in PLAYERS)
    return SessionRecord(
        source=source,
        cards=tuple(sorted(session.cards)),
        mode=cast(Mode, config.mode),
        pool=pool,
        seed=config.seed,
        rounds=cast(SessionLength, config.rounds),
        agents=(agents[0], agents[1], agents[2], agents[3]),
        played=tuple(rounds),
        final_scores=(totals[0], totals[1], totals[2], totals[3]),
        chips=None if chips is None else (chips[0], chips[1], chips[2], chips[3]),
    )


def _challenges(party: Mapping[str, Any] | None) -> dict[int, tuple[ChallengeRecord, ...]]:
    """Every performer's challenge outcome by round number, in the order they were settled (§7.1)."""
    rounds: dict[int, list[ChallengeRecord]] = {}
    for row in () if party is None else party["challenges"]:
        record = ChallengeRecord(card=row["card"], player=PLAYERS.index(row["seat"]), outcome=row["outcome"])
        rounds.setdefault(int(row["round"]), []).append(record)
    return {number: tuple(records) for number, records in rounds.items()}


def _round(
    session: Session, r: EngineRound, caused: Counter[str], challenges: tuple[ChallengeRecord, ...]
) -> RoundRecord:
    result = r.result
    players = [
        PlayerRound(
            augments=tuple(_held(c, result) for c in r.augments[p]),
            contract=_contract(session, result.contracts[p], result.statuses[p], result),
            score=result.scores[p],
        )
        for p in range(4)
    ]
    world = (
        None
        if r.world is None
        else WorldRecord(
            card=r.world,
            triggered=caused[base_id(r.world)],
            unexecutable=result.unable.get(base_id(r.world), 0),
        )
    )
    return RoundRecord(
        number=r.number,
        dealer=r.dealer,
        world=world,
        treasure=r.treasure,
        players=(players[0], players[1], players[2], players[3]),
        drawn=tuple(drawn_record(d) for d in result.drawn),
        challenges=challenges,
        wins=tuple(
            WinRecord(
                player=x.player, order=x.order, wall_left=x.wall_left, self_drawn=x.way == WinWay.SELF_DRAW
            )
            for x in result.wins
        ),
        exhausted=result.reason == EndReason.WALL_EXHAUSTED,
        turns=result.turns,
    )


def drawn_record(d: EngineDrawn) -> DrawnCard:
    """The lab's record of one drawn card; put away without effect, it neither triggered nor was
    unexecutable (§6.9, §7.3, §18.3)."""
    deck: Deck = "party" if d.deck == "party" else "chance"
    triggered = not d.unexecutable and not d.discarded
    return DrawnCard(
        card=d.card, deck=deck, player=d.player, triggered=triggered, unexecutable=d.unexecutable
    )


def _triggered(card: str, result: EngineRoundResult) -> int:
    """The times the card acted this round; 1 when only a grant or a rule decision of it was used."""
    base = base_id(card)
    return result.acted.get(base, 0) or int(base in result.exercised and base not in result.unable)


def _held(card: str, result: EngineRoundResult) -> HeldCard:
    return HeldCard(card=card, triggered=_triggered(card, result), unable=result.unable.get(base_id(card), 0))


def _contract(
    session: Session, card: str | None, status: ContractStatus, result: EngineRoundResult
) -> ContractRecord | None:
    if card is None:
        return None
    return ContractRecord(
        card=card,
        kind="black" if session.is_black(card) else "normal",
        completed=status == ContractStatus.COMPLETED,
        abandoned=status == ContractStatus.ABANDONED,
        triggered=_triggered(card, result),
        unable=result.unable.get(base_id(card), 0),
    )
