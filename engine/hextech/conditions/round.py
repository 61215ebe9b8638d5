"""The table facts of the round and the session: the wall left, the draws made, who is still in, the
abandon window, the contracts revealed, the scores, the modules enabled (§10).

Each fact's evaluation stands right above its declaration."""

from __future__ import annotations

from engine.hextech.conditions.table_reading import ACTOR, FactSpec, since, who
from engine.hextech.effects.context import Ctx
from engine.hextech.vocabulary import WALL_AFTER_DEAL, Param


def _window_opened(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.game.abandon_window_done


WINDOW_OPENED = FactSpec(
    "window_opened",
    "bool",
    (),
    "the abandon window has opened this round (§10)",
    _window_opened,
    console="knows",
)


def _normal_draws(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = who(ctx, args)
    return ctx.game.table.players[p].normal_draws - since(ctx, p).draws


NORMAL_DRAWS = FactSpec(
    "normal_draws",
    "int",
    (ACTOR,),
    "normal draws the player has made this round",
    _normal_draws,
    values=(0, WALL_AFTER_DEAL),
)


def _drawable(ctx: Ctx, args: tuple[object, ...]) -> int:
    return len(ctx.game.table.wall)


DRAWABLE = FactSpec(
    "drawable",
    "int",
    (),
    "tiles a normal, flower or kong draw can still reach (§10)",
    _drawable,
    console="knows",
    values=(0, WALL_AFTER_DEAL),
)


def _in_game(ctx: Ctx, args: tuple[object, ...]) -> int:
    return sum(ctx.game.table.in_game(p) for p in range(4))


IN_GAME = FactSpec(
    "in_game", "int", (), "players who have not won this round", _in_game, console="knows", values=(0, 4)
)


def _round_number(ctx: Ctx, args: tuple[object, ...]) -> int:
    return ctx.game.number


ROUND_NUMBER = FactSpec(
    "round_number", "int", (), "the round of the session, 1..8", _round_number, console="knows", values=(1, 8)
)


def _lowest(ctx: Ctx, args: tuple[object, ...]) -> bool:
    scores = ctx.game.scores
    return scores[who(ctx, args)] == min(scores)


LOWEST_SCORE = FactSpec(
    "lowest_score",
    "bool",
    (ACTOR,),
    "the player's session score is lowest at round start, ties included",
    _lowest,
    console="knows",
)


def _contract_revealed(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.game.contracts_revealed


CONTRACT_REVEALED = FactSpec(
    "contract_revealed",
    "bool",
    (),
    "contracts have been revealed this round",
    _contract_revealed,
    console="knows",
)


def _has_won(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.game.table.players[who(ctx, args)].won


HAS_WON = FactSpec("has_won", "bool", (ACTOR,), "the player has won this round", _has_won, console="knows")


def _module_enabled(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return str(args[0]) in ctx.game.modules


MODULE_ENABLED = FactSpec(
    "module_enabled",
    "bool",
    (Param("module", "name"),),
    "the module is enabled in this session",
    _module_enabled,
    console="knows",
)

WORDS = (
    WINDOW_OPENED,
    NORMAL_DRAWS,
    DRAWABLE,
    IN_GAME,
    ROUND_NUMBER,
    LOWEST_SCORE,
    CONTRACT_REVEALED,
    HAS_WON,
    MODULE_ENABLED,
)
"""The facts of this family, in the order the reference lists them."""
