"""The words that draw cards: chance and party cards, draw-2-keep-1, redraw (§6.4–§6.10, §7.2).

Each word's declaration (its parameters, the events it causes, who decides) stands right above its run."""

from __future__ import annotations

from engine.hextech.effects.context import Ctx
from engine.hextech.effects.program import Step, primitive
from engine.hextech.vocabulary import DECK_DRAW, ArgValue, Param, PrimitiveSpec

DECKS = {"chance": "chance", "party": "party"}


DRAW_CARD = PrimitiveSpec(
    "draw_card",
    (Param("deck", "card_deck"), Param("for", "player", "holder")),
    "Draw and resolve a chance or party card (replacements such as G-07 apply).",
    "§6.4, §7.2",
    causes=("chance.draw", "party.draw"),
    unexecutable="the deck and its discard pile are both empty",
)


@primitive(DRAW_CARD)
def draw_card(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Draw and resolve a chance or party card for a player still in the round (§6.4, §12.5)."""
    target = ctx.player(args.get("for", "holder"))
    if target is None or ctx.game.table.players[target].won:
        ctx.unexecutable = True
        return
    ctx.did_something = True
    yield from ctx.game.draw_card(DECKS[str(args["deck"])], target, ctx.cause)


DRAW_KEEP = PrimitiveSpec(
    "draw_keep",
    (Param("deck", "card_deck"), Param("n", "int", 2, 2, DECK_DRAW), Param("keep", "int", 1, 1, 1)),
    "Replace a card draw: draw n, resolve `keep` of them, discard the rest without effect.",
    "lib 七 G-07",
    causes=("chance.drawn", "party.drawn"),
    decision="drawer",
)


@primitive(DRAW_KEEP)
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


REDRAW = PrimitiveSpec(
    "redraw",
    (Param("must_resolve", "flag", "no"),),
    "Discard the card just drawn and draw another of the same deck.",
    "§6.8",
    causes=("chance.drawn", "party.drawn"),
    decision="drawer",
)


@primitive(REDRAW)
def redraw(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Discard the card just drawn and draw another (S-10); the second must be resolved."""
    ctx.game.ask_redraw()
    ctx.did_something = True
    return
    yield


WORDS = (DRAW_CARD, DRAW_KEEP, REDRAW)
"""The words of this family, in the order the reference lists them."""
