"""Primitives that draw cards: chance and party cards, draw-2-keep-1, redraw (§6.4–§6.10, §7.2)."""

from __future__ import annotations

from engine.hextech.effects.context import Ctx
from engine.hextech.effects.program import Step, primitive
from engine.hextech.vocabulary import ArgValue

DECKS = {"chance": "chance", "party": "party"}


@primitive("draw_card")
def draw_card(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Draw and resolve a chance or party card for a player still in the round (§6.4, §12.5)."""
    target = ctx.player(args.get("for", "holder"))
    if target is None or ctx.game.table.players[target].won:
        ctx.unexecutable = True
        return
    ctx.did_something = True
    yield from ctx.game.draw_card(DECKS[str(args["deck"])], target, ctx.cause)


@primitive("draw_keep")
def draw_keep(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Instead of one card, draw ``n`` and resolve the one kept; the rest go to the discards unresolved
    (G-07, P-07, S-17)."""
    if ctx.holder is None:
        ctx.unexecutable = True
        return
    ctx.did_something = True
    yield from ctx.game.draw_card(
        DECKS[str(args["deck"])], ctx.holder, ctx.cause, offered=int(str(args.get("n", 2)))
    )


@primitive("redraw")
def redraw(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Discard the card just drawn and draw another (S-10); the second must be resolved."""
    ctx.game.redraw_requested = True
    ctx.did_something = True
    return
    yield
