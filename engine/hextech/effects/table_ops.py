"""Primitives on the table: chosen values, picked players, seats, contracts (§9.4, §10, §14.3;
CARD-INVENTORY §2).  The treasure and party primitives are the modules' (``hexmj_primitives``)."""

from __future__ import annotations

from engine.core.decisions import Decision, DecisionKind
from engine.core.seats import PLAYERS
from engine.core.tiles import NUM_KINDS, format_one, kind_of_instance, number_of
from engine.hextech.effects import table_changes
from engine.hextech.effects.context import Ctx
from engine.hextech.effects.program import Step, precondition, primitive
from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import ArgValue

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


@primitive("choose_value")
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


@primitive("pick_player")
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


@primitive("rotate_seats")
def rotate_seats(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """O-X01: every in-game player moves to the next in-game seat; seats keep dealer, wind and turn
    order (§14.3)."""
    ctx.did_something = True
    yield from table_changes.rotate_seats(ctx.game, ctx.cause)


@primitive("offer_contracts")
def offer_contracts(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """P-09: the holder is offered this many normal and black contracts (§9.1)."""
    if ctx.holder is None:
        ctx.unexecutable = True
        return
    ctx.game.offer_size[ctx.holder] = (int(str(args["normal"])), int(str(args["black"])))
    ctx.did_something = True
    return
    yield


@primitive("swap_candidate")
def swap_candidate(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """S-06: swap one offered normal contract for a new one from the deck."""
    if ctx.holder is None or not (yield from table_changes.swap_candidate(ctx.game, ctx.holder, ctx.card.id)):
        ctx.unexecutable = True
        return
    ctx.did_something = True


@precondition("replace_contract")
def _can_replace_contract(ctx: Ctx, args: dict[str, ArgValue]) -> bool:
    """Only a contract held can be replaced: O-X08① is not offered to a holder who has none yet (a card
    drawn at set-up, before the contract choice, W-15 — R304)."""
    return ctx.holder is not None and ctx.game.table.players[ctx.holder].contract is not None


@primitive("replace_contract")
def replace_contract(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """O-X08①, G-06, G-16: replace the contract by one of ``offer`` of the same type; progress is 0."""
    if ctx.holder is None:
        ctx.unexecutable = True
        return
    done = yield from table_changes.replace_contract(
        ctx.game, ctx.holder, int(str(args.get("offer", 1))), args.get("optional") == "yes", ctx
    )
    if not done:
        ctx.unexecutable = True
        return
    ctx.did_something = True


@primitive("abandon_contract")
def abandon_contract(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """P-17: abandon the contract outside the window; a black contract still costs 1 point (§10.2)."""
    target = ctx.player(args.get("player", "holder"))
    if target is None or ctx.game.table.players[target].contract_status is not ContractStatus.OPEN:
        ctx.unexecutable = True
        return
    ctx.game.abandon(target)
    ctx.did_something = True
    yield from ctx.game.emit("contract.abandoned", target, ctx.cause)
