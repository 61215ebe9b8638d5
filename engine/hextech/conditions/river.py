"""The table facts of the rivers: what a player has discarded and how, and the copies of a face the
table shows (H19, H21).

Each fact's evaluation stands right above its declaration."""

from __future__ import annotations

from engine.core.tiles import NUMBER_SUITS, kind_of_instance, suit_of
from engine.hextech.conditions.table_reading import ACTOR, FactSpec, event_tile, since, who
from engine.hextech.effects.context import Ctx
from engine.hextech.vocabulary import WALL_AFTER_DEAL, Param


def _visible_copies(ctx: Ctx, args: tuple[object, ...]) -> int:
    face = event_tile(ctx, args)
    return sum(1 for k in ctx.game.visible_kinds() if k == face)


VISIBLE_COPIES = FactSpec(
    "visible_copies",
    "int",
    (Param("tile", "tile", "tile"),),
    "copies of the tile's face visible on the table other than the tile itself: rivers, exposed melds, "
    "revealed hand tiles, hands of players who have won (H21)",
    _visible_copies,
    values=(0, 3),
)


def _in_river(ctx: Ctx, args: tuple[object, ...]) -> bool:
    p = who(ctx, args)
    tile = event_tile(ctx, args, 1)
    river = [kind_of_instance(i) for i in ctx.game.table.players[p].river]
    if ctx.event is not None and ctx.event.data.get("outcome") == "none" and river:
        river = river[:-1]
    return tile in river


IN_RIVER = FactSpec(
    "in_river",
    "bool",
    (ACTOR, Param("tile", "tile", "tile")),
    "another copy of the tile lies in the player's river (the discard itself excluded)",
    _in_river,
)


def _river_suits(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = who(ctx, args)
    before = since(ctx, p).river
    river = ctx.game.table.players[p].river
    return len({suit_of(kind_of_instance(i)) for i in river if i not in before} & set(NUMBER_SUITS))


RIVER_SUITS = FactSpec(
    "river_suits",
    "int",
    (ACTOR,),
    "number suits among the tiles physically in the player's river (H19)",
    _river_suits,
    values=(0, 3),
)


def _uncalled(ctx: Ctx, args: tuple[object, ...]) -> int:
    return ctx.game.table.players[who(ctx, args)].uncalled_streak


UNCALLED_STREAK = FactSpec(
    "uncalled_streak",
    "int",
    (ACTOR,),
    "the player's latest consecutive discards that nobody chi'd, pon'd or kong'd",
    _uncalled,
    values=(0, WALL_AFTER_DEAL),
)


def _discards(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = who(ctx, args)
    return len(ctx.game.table.players[p].discarded) - since(ctx, p).discards


DISCARDS = FactSpec(
    "discards", "int", (ACTOR,), "the player's discards this round", _discards, values=(0, WALL_AFTER_DEAL)
)


def _distinct(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = who(ctx, args)
    return len(set(ctx.game.table.players[p].discarded[since(ctx, p).discards :]))


DISTINCT_DISCARDS = FactSpec(
    "distinct_discards",
    "int",
    (ACTOR,),
    "different faces among the player's discards this round",
    _distinct,
    values=(0, 34),
)


def _discarded_chosen_suit(ctx: Ctx, args: tuple[object, ...]) -> bool:
    p = who(ctx, args)
    tile = event_tile(ctx, ())
    suit = ctx.value("chosen_suit", p)
    return tile is not None and suit is not None and suit_of(tile) == suit


DISCARDED_CHOSEN_SUIT = FactSpec(
    "discarded_chosen_suit",
    "bool",
    (ACTOR,),
    "the discard is of the suit the player chose for the contract",
    _discarded_chosen_suit,
)


def _repeated(ctx: Ctx, args: tuple[object, ...]) -> bool:
    p = who(ctx, args)
    history = ctx.game.table.players[p].discarded[since(ctx, p).discards :]
    return bool(history) and history[-1] in history[:-1]


REPEATED_DISCARD = FactSpec(
    "repeated_discard",
    "bool",
    (ACTOR,),
    "the discard's face was discarded by the player before (history kept)",
    _repeated,
)

WORDS = (
    VISIBLE_COPIES,
    IN_RIVER,
    RIVER_SUITS,
    UNCALLED_STREAK,
    DISCARDS,
    DISTINCT_DISCARDS,
    DISCARDED_CHOSEN_SUIT,
    REPEATED_DISCARD,
)
"""The facts of this family, in the order the reference lists them."""
