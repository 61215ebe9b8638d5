"""The lab's link to the rules engine: play one session with bots and turn it into a session record.

The pool is the mode's pool or a pool file's (§3, §18.2) with the versions
the spec forces (§18.4); the session is :class:`engine.session.Session`
driven by the named bots.  What the session result does not hold is read
from the events it emits:

- ``turn.started``: one turn of the round's length;
- ``contract.completed`` (player): that player's contract is completed (§9.5);
- ``abandon.window`` (``choices``: seat letter → ``keep``/``abandon``, §10) and
  ``contract.abandoned`` (player): the contract was given up;
- ``chance.drawn`` / ``party.drawn`` (player, ``card``): one card drawn (§6.4, §7.2);
- ``card.resolved`` (``card``, ``unexecutable``): one of the card's abilities ran, or
  could do nothing; for a drawn card, ``unexecutable`` marks it completely
  unexecutable (§6.8) and the redraw that follows is a ``chance.drawn`` of its own.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, cast

from dsl.compiler import compile_cards
from dsl.loader import load_cards
from dsl.pools import pool_cards
from engine.agents import make_agents
from engine.bus import Event
from engine.errors import InputError
from engine.plugins import modules_for_mode
from engine.round import EndReason
from engine.session import RoundRecord as EngineRound
from engine.session import Session, SessionConfig, SessionResult, drive
from engine.state import PLAYERS, WinWay
from engine.vocabulary import CompiledCard
from tools.lab.records import (
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


@functools.cache
def session_cards(mode: str, pool: Path | None, versions: tuple[str, ...]) -> tuple[CompiledCard, ...]:
    """The compiled pool of ``mode`` with ``versions`` in force in place of the same cards' pool versions."""
    cards = pool_cards(mode, pool)
    every = {card.id: card for card in load_cards()}
    for version in versions:
        if version not in every:
            raise InputError(f"no card version {version!r} (§18.4)")
        bases = [card.base_id for card in cards]
        if base_id(version) not in bases:
            raise InputError(f"{base_id(version)} is not in the {mode} pool")
        cards[bases.index(base_id(version))] = every[version]
    return tuple(compile_cards(cards))


@dataclass
class RoundWatch:
    """What one round's events say that its result does not."""

    turns: int = 0
    completed: set[int] = field(default_factory=set)
    abandoned: set[int] = field(default_factory=set)
    triggered: Counter[str] = field(default_factory=Counter)
    unable: Counter[str] = field(default_factory=Counter)
    drawn: list[DrawnCard] = field(default_factory=list)


@dataclass
class EventWatcher:
    """A bus sink that starts a new :class:`RoundWatch` at every ``round.started``."""

    rounds: list[RoundWatch] = field(default_factory=list)

    def __call__(self, event: Event) -> None:
        if event.name == "round.started":
            self.rounds.append(RoundWatch())
        elif self.rounds:
            _watch(self.rounds[-1], event)


def _watch(w: RoundWatch, event: Event) -> None:
    data, player = event.data, event.player
    if event.name == "turn.started":
        w.turns += 1
    elif event.name == "contract.completed" and player is not None:
        w.completed.add(player)
    elif event.name == "contract.abandoned" and player is not None:
        w.abandoned.add(player)
    elif event.name == "abandon.window":
        choices = data.get("choices", {})
        assert isinstance(choices, dict)
        w.abandoned |= {PLAYERS.index(seat) for seat, answer in choices.items() if answer == "abandon"}
    elif event.name in ("chance.drawn", "party.drawn") and player is not None:
        deck: Deck = "chance" if event.name == "chance.drawn" else "party"
        w.drawn.append(
            DrawnCard(card=str(data["card"]), deck=deck, player=player, triggered=True, unexecutable=False)
        )
    elif event.name == "card.resolved":
        _resolved(w, str(data["card"]), bool(data.get("unexecutable", False)))


def _resolved(w: RoundWatch, card: str, unexecutable: bool) -> None:
    """A card's ability ran (§6.8: a drawn card found completely unexecutable is marked so)."""
    (w.unable if unexecutable else w.triggered)[card] += 1
    if not unexecutable:
        return
    for i in range(len(w.drawn) - 1, -1, -1):
        if w.drawn[i].card == card:
            w.drawn[i] = w.drawn[i].model_copy(update={"triggered": False, "unexecutable": True})
            return


def play_session(spec: SessionSpec) -> SessionRecord:
    """Play ``spec``'s session with its bots and return its record."""
    cards = session_cards(spec.mode, spec.pool, spec.versions)
    modules = frozenset(info.name for info in modules_for_mode(spec.mode))
    watcher = EventWatcher()
    config = SessionConfig(seed=spec.seed, mode=spec.mode, rounds=spec.rounds)
    session = Session(config, cards=cards, modules=modules, sinks=[watcher])
    result = drive(session.steps(), session, make_agents(list(spec.agents), spec.seed))
    return session_record(session, result, watcher, spec.agents, spec.pool_name)


def session_record(
    session: Session,
    result: SessionResult,
    watcher: EventWatcher,
    agents: Sequence[str],
    pool: str = "default",
    source: Literal["simulate", "play"] = "simulate",
) -> SessionRecord:
    """The record of a finished session whose events ``watcher`` saw (``hexmj play``: ``source="play"``)."""
    rounds = [_round(session, r, w) for r, w in zip(result.rounds, watcher.rounds, strict=True)]
    totals = result.totals
    config = result.config
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
    )


def _round(session: Session, r: EngineRound, w: RoundWatch) -> RoundRecord:
    result = r.result
    players = [
        PlayerRound(
            augments=tuple(
                HeldCard(card=c, triggered=w.triggered[c], unable=w.unable[c]) for c in r.augments[p]
            ),
            contract=_contract(session, result.contracts[p], p, w),
            score=result.scores[p],
        )
        for p in range(4)
    ]
    world = None
    if r.world is not None:
        world = WorldRecord(card=r.world, triggered=w.triggered[r.world], unexecutable=w.unable[r.world])
    return RoundRecord(
        number=r.number,
        dealer=r.dealer,
        world=world,
        treasure=r.treasure,
        players=(players[0], players[1], players[2], players[3]),
        drawn=tuple(w.drawn),
        wins=tuple(
            WinRecord(
                player=x.player, order=x.order, wall_left=x.wall_left, self_drawn=x.way == WinWay.SELF_DRAW
            )
            for x in result.wins
        ),
        exhausted=result.reason == EndReason.WALL_EXHAUSTED,
        turns=w.turns,
    )


def _contract(session: Session, card: str | None, player: int, w: RoundWatch) -> ContractRecord | None:
    if card is None:
        return None
    return ContractRecord(
        card=card,
        kind="black" if session.is_black(card) else "normal",
        completed=player in w.completed,
        abandoned=player in w.abandoned and player not in w.completed,
        triggered=w.triggered[card],
        unable=w.unable[card],
    )
