"""The words that ask a choice the card's later steps read: a value named, a player picked (lib 四, lib 十,
§12.5, H24).

Each word's declaration stands right above its run."""

from __future__ import annotations

from engine.core.decisions import Decision, DecisionKind
from engine.core.seats import PLAYERS
from engine.core.tiles import NUM_KINDS, format_one, kind_of_instance, number_of
from engine.hextech.effects.context import Ctx
from engine.hextech.effects.program import Step, primitive
from engine.hextech.vocabulary import ArgValue, Param, PrimitiveSpec

VALUE_OPTIONS: dict[str, tuple[str, ...]] = {
    "suit": ("m", "p", "s"),
    "face": tuple(format_one(k) for k in range(NUM_KINDS)),
    "route": ("chow", "pung"),
    "vow": ("chi", "pon"),
}
"""The answers a value choice offers; an 11-digit number is offered as suggestions (H6)."""


EXAMPLE_NUMBER = "13812345678"
"""The fictional number the library suggests for B-15 (lib B-15 说明, §17.2)."""


def _number_options(ctx: Ctx, chooser: int) -> tuple[str, ...]:
    """Suggested lucky numbers: the library's example, and the digits of the chooser's number tiles
    in order, repeated until there are eleven (lib B-15: "一个只含1至9的11位虚构幸运号码")."""
    digits = sorted(
        str(number_of(kind_of_instance(i)))
        for i in ctx.game.table.players[chooser].hand
        if kind_of_instance(i) < 27
    )
    own = "".join((digits * (11 // len(digits) + 1))[:11]) if digits else EXAMPLE_NUMBER
    return tuple(dict.fromkeys((EXAMPLE_NUMBER, own)))


CHOOSE_VALUE = PrimitiveSpec(
    "choose_value",
    (Param("kind", "value_kind"), Param("as", "name"), Param("chooser", "player", "holder")),
    "A chooser names a suit, an exact face, an 11-digit number or a route; kept under `as`.",
    "lib 四, lib 十",
    decision="chooser",
)


@primitive(CHOOSE_VALUE)
def choose_value(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """A suit, a face, an 11-digit number, a route: the chooser decides and the value is public."""
    chooser = ctx.player(args.get("chooser", "holder"))
    if chooser is None:
        ctx.unexecutable = True
        return
    kind = str(args["kind"])
    options = _number_options(ctx, chooser) if kind == "number11" else VALUE_OPTIONS[kind]
    answer = yield Decision(DecisionKind.CHOOSE, chooser, options, ctx.card.id)
    ctx.remember(str(args["as"]), answer)
    ctx.did_something = True
    yield from ctx.game.emit("value.chosen", ctx.holder, ctx.cause, card=ctx.card.id, value=answer)


PICK_PLAYER = PrimitiveSpec(
    "pick_player",
    (Param("how", "how", "choice"), Param("among", "players", "others"), Param("as", "name", "target")),
    "Pick an in-game player by choice, or by a d6 counted clockwise from the next player (H24).",
    "§12.5",
    decision="holder",
    unexecutable="no eligible player",
)


@primitive(PICK_PLAYER)
def pick_player(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Choose a player, or roll a d6 and count clockwise over in-game players from the next one (H24)."""
    among = ctx.players(args.get("among", "others"), "holder")
    if not among:
        ctx.unexecutable = True
        return
    if args.get("how", "choice") == "die":
        roll = ctx.game.rng.randint(1, 6)
        ring = ctx.players("all", "lower")
        picked = ring[(roll - 1) % len(ring)]
        yield from ctx.game.emit("die.rolled", ctx.holder, ctx.cause, value=roll)
    else:
        chooser = ctx.holder if ctx.holder is not None else among[0]
        letters = tuple(PLAYERS[p] for p in among)
        picked = PLAYERS.index((yield Decision(DecisionKind.CHOOSE, chooser, letters, ctx.card.id)))
    ctx.names[str(args.get("as", "target"))] = picked
    ctx.did_something = True


WORDS = (CHOOSE_VALUE, PICK_PLAYER)
"""The words of this family, in the order the reference lists them."""
