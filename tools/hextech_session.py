"""A hextech session as the commands and the console set it up and report it (§3, §16, §18.2).

Its mode (:func:`session_mode`); its cards: the mode's pool, a pool file's, or those a log's
header names (:func:`header_cards`), each pool compiled once per process; the session on them
with the modules its mode enables (:func:`new_session`); and the ``--json`` document of its
result (:func:`result_json`), which ``hexmj play --json``, ``hexmj replay --json`` and the
console's results screen give alike.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from dsl.compiler import compile_pool
from dsl.loader import load_cards
from dsl.pools import DEFAULT_MODE, card_paths, pool_cards, pool_spec, resolve_mode
from engine.core.errors import LogError
from engine.core.seats import PLAYERS
from engine.hextech.bus import Event
from engine.hextech.log import DEFAULT_POOL, LogHeader
from engine.hextech.plugins import Modules, modules_for_mode
from engine.hextech.session import Session, SessionConfig, SessionResult
from engine.hextech.vocabulary import CompiledCard

Chosen = tuple[list[CompiledCard], frozenset[str]]
"""A session's compiled cards and the modules its mode enables."""


def session_mode(mode: str | None, pool_file: Path | None) -> str:
    """The mode a session plays: ``--mode``, else the pool file's, else :data:`dsl.pools.DEFAULT_MODE`
    (R200); a pool file for another mode than ``--mode`` is refused (R94)."""
    return DEFAULT_MODE if pool_file is None and mode is None else resolve_mode(mode, pool_spec(pool_file))


@cache
def session_cards(mode: str, folder: Path | None = None, pool: Path | None = None) -> Chosen:
    """The compiled cards of the mode's pool, or of the pool file ``pool`` (§18.2, §18.4), and the
    modules the mode enables (§3); once per process.  The core cards come from ``folder`` (default
    ``cards/``, see :func:`dsl.pools.card_paths`)."""
    modules = frozenset(info.name for info in modules_for_mode(mode))
    return kept(compile_pool(pool_cards(mode, pool, folder))), modules


@cache
def logged_cards(mode: str, ids: tuple[str, ...], folder: Path | None = None) -> Chosen:
    """The cards a log's header names, each version looked up in the card folder (a pool file's
    session replays without the file, §18.2, §18.4); an id the folder lacks is a :class:`LogError`."""
    every = {card.id: card for card in load_cards(card_paths(folder))}
    missing = [card_id for card_id in ids if card_id not in every]
    if missing:
        raise LogError(
            f"the log was played with cards the card folder does not hold: {', '.join(missing)}"
            " (a log played with --cards DIR replays with the same --cards)"
        )
    modules = frozenset(info.name for info in modules_for_mode(mode))
    return kept(compile_pool([every[card_id] for card_id in ids])), modules


def kept(cards: list[CompiledCard]) -> list[CompiledCard]:
    """``cards``, compiled once for the whole process, kept out of the cyclic garbage collector's
    passes from now on, with everything else alive now (:func:`gc.freeze` after a collection): a
    full pass would otherwise walk the pool's objects again and again while sessions are played
    (docs/performance.md)."""
    gc.collect()
    gc.freeze()
    return cards


def new_session(
    config: SessionConfig,
    sinks: Sequence[Callable[[Event], None]] = (),
    folder: Path | None = None,
    chosen: Chosen | None = None,
) -> Session:
    """A session of the config's mode with the ``chosen`` cards, by default its pool's (from
    ``folder``), and its modules (§3)."""
    cards, modules = chosen or session_cards(config.mode, folder)
    return Session(config, cards=cards, modules=modules, plugins=Modules.enable(modules), sinks=sinks)


def header_cards(header: LogHeader, log: Path | None, folder: Path | None, pool: Path | None) -> Chosen:
    """The cards of the session ``header`` describes: the pool file's when one is given, the cards the
    header names when it was played with a pool file, else the mode's pool, which must still be the
    one the log names (§3, §18.2)."""
    if pool is not None:
        return session_cards(header.mode, folder, pool)
    if header.pool != DEFAULT_POOL:
        return logged_cards(header.mode, header.cards, folder)
    chosen = session_cards(header.mode, folder)
    if header.cards and header.cards != tuple(card.id for card in chosen[0]):
        raise LogError(
            f"{log}: the log was played with a different card pool than mode {header.mode} has now"
            " (a log played with --cards DIR replays with the same --cards)"
        )
    return chosen


def result_json(result: SessionResult, fields: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``--json`` document: rounds with world, contracts, wins and scores; the standings; then the
    enabled modules' ``fields`` (``party``, ``treasure``: present only while the module is on)."""
    rounds = []
    for record in result.rounds:
        r = record.result
        rounds.append(
            {
                "number": record.number,
                "dealer": PLAYERS[record.dealer],
                "world": record.world,
                "treasure": record.treasure,
                "contracts": {PLAYERS[p]: c for p, c in enumerate(r.contracts) if c is not None},
                "wins": [
                    {
                        "seat": PLAYERS[w.player],
                        "order": w.order,
                        "by": w.way.value,
                        "score": {
                            "total": w.total,
                            "items": [{"id": i, "name": n, "points": pts} for i, n, pts in w.items],
                        },
                    }
                    for w in r.wins
                ],
                "wall_left_at_wins": [w.wall_left for w in r.wins],
                "scores": {PLAYERS[p]: r.scores[p] for p in range(4)},
            }
        )
    return {
        "seed": result.config.seed,
        "mode": result.config.mode,
        "test_session": result.test,
        "rounds": rounds,
        "standings": [
            {"seat": PLAYERS[s.player], "total": s.total, "rank": s.rank} for s in result.standings()
        ],
        **(fields or {}),
    }
