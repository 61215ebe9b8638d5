"""The table facts of the event heard: a field of its payload, its tile, as event filters ask them.

Each fact's evaluation stands right above its declaration."""

from __future__ import annotations

from engine.hextech.conditions.table_reading import FactSpec, event_tile
from engine.hextech.effects.context import Ctx
from engine.hextech.vocabulary import Param


def _is(ctx: Ctx, args: tuple[object, ...]) -> bool:
    field, wanted = str(args[0]), args[1]
    options = wanted if isinstance(wanted, tuple) else (wanted,)
    if ctx.event is None:
        return False
    value = ctx.event.data.get(field)
    options = tuple(ctx.card.base_id if str(o) == "self" else o for o in options)
    if field in ("from", "player") and value is not None:
        players = [ctx.player(o) for o in options]
        return any(p is not None and "ABCD"[p] == value for p in players)
    return str(value) in {str(o) for o in options}


IS = FactSpec(
    "is",
    "bool",
    (Param("field", "field"), Param("value", "name")),
    "a payload field of the event has one of the values: `is(kind, ankan|minkan)`; a player field is "
    "compared with the player a role names: `is(from, holder)`; a card field (`card`, `source`) with "
    "`self`, this card's name: `is(source, self)`",
    _is,
    console="knows",
)


def _tile_is(ctx: Ctx, args: tuple[object, ...]) -> bool:
    tile = event_tile(ctx, args)
    where = args[1] if len(args) > 1 else "any"
    return tile is not None and ctx.tile_filter(where, ctx.actor)(tile)


TILE_IS = FactSpec(
    "tile_is",
    "bool",
    (Param("tile", "tile", "tile"), Param("where", "filter")),
    "a tile (default: the event's) passes a tile filter: `tile_is(tile, honour)`",
    _tile_is,
)

WORDS = (IS, TILE_IS)
"""The facts of this family, in the order the reference lists them."""
