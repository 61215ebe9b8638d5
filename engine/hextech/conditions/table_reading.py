"""What a table fact is declared with, and what the facts read of the table: the player a role names,
where the counts of a player's discards and draws begin, the event's tile."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from engine.core.tiles import parse_one
from engine.hextech.effects.context import Ctx
from engine.hextech.state import ROUND_START, ContractStart
from engine.hextech.vocabulary import ConsoleKnows, Param

Evaluation = Callable[[Ctx, tuple[object, ...]], int | bool]
"""A fact's evaluation: the context of the card asking and the fact's arguments in, its value out."""


@dataclass(frozen=True)
class FactSpec:
    """A table fact an event filter or effect guard may ask (``river_suits(actor) == 3``), declared
    with its evaluation (``fn``); ``values``, for a number, the values it can take (both ends
    included): what ``hexmj tune`` may compare it with (issue 34, R650)."""

    name: str
    returns: Literal["bool", "int"]
    params: tuple[Param, ...]
    doc: str
    fn: Evaluation
    console: ConsoleKnows = "asks"
    """Whether a console serving a real table knows the fact
    (:data:`~engine.hextech.vocabulary.CONSOLE_KNOWS`)."""
    fed_by: tuple[str, ...] = ()
    """For a fact the console ``counts``: the events whose entries it counts."""
    values: tuple[int, int] | None = None


ACTOR = Param("player", "player", "actor")
"""The player parameter most facts take: whom the fact is about, the event's actor unless named."""


def who(ctx: Ctx, args: tuple[object, ...], index: int = 0, default: str = "actor") -> int:
    """The player the role at ``args[index]`` names (``default`` when none is given or it names no
    one)."""
    role = args[index] if len(args) > index else default
    found = ctx.player(role)
    if found is None:
        found = ctx.player(default)
    return found if found is not None else 0


def since(ctx: Ctx, p: int) -> ContractStart:
    """Where the counts of ``p``'s discards and draws begin for this card: at its contract's start when
    the card is ``p``'s contract in force (R556), else at the round's."""
    player = ctx.game.table.players[p]
    return player.contract_start if player.contract == ctx.card.id else ROUND_START


def event_tile(ctx: Ctx, args: tuple[object, ...], index: int = 0) -> int | None:
    """The tile ``args[index]`` names: the event's own (``tile``, the default) or a written face."""
    word = str(args[index]) if len(args) > index else "tile"
    if word == "tile":
        text = ctx.event.data.get("tile") if ctx.event is not None else None
        return None if text is None else parse_one(str(text))
    return parse_one(word)
