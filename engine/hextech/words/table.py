"""The words on the order of play around the table: the seats rotated (§14.3), a discard nobody may call
(lib 二.1 安全弃牌).

Each word's declaration stands right above its run."""

from __future__ import annotations

from engine.hextech.effects import table_changes
from engine.hextech.effects.context import Ctx
from engine.hextech.effects.program import Step, primitive
from engine.hextech.vocabulary import ArgValue, Param, PrimitiveSpec

ROTATE_SEATS = PrimitiveSpec(
    "rotate_seats",
    (),
    "In-game players move to the next in-game seat; the seat keeps dealer, wind and turn order. "
    "Deferred until the current action has fully settled.",
    "§14.3",
    causes=("seats.rotated",),
)


@primitive(ROTATE_SEATS)
def rotate_seats(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """O-X01: every in-game player moves to the next in-game seat; seats keep dealer, wind and turn
    order (§14.3)."""
    ctx.did_something = True
    yield from table_changes.rotate_seats(ctx.game, ctx.cause)


MAKE_SAFE = PrimitiveSpec(
    "make_safe",
    (Param("scope", "scope", "this_discard"),),
    "This discard, or the holder's next discard, cannot be chi'd, pon'd or kong'd; hu stays.",
    "lib 二.1 安全弃牌",
    forbids=("call_discard",),
)


@primitive(MAKE_SAFE)
def make_safe(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """安全弃牌: the holder's next (or this) discard cannot be chi'd, pon'd or kong'd; hu stays (lib 二.1)."""
    if ctx.holder is None:
        ctx.unexecutable = True
        return
    ctx.game.card_states.make_safe(ctx.card.base_id, ctx.holder)
    ctx.did_something = True
    return
    yield


WORDS = (ROTATE_SEATS, MAKE_SAFE)
"""The words of this family, in the order the reference lists them."""
