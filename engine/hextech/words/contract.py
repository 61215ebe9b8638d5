"""The words on contracts: the offer changed, a candidate swapped, the contract replaced or abandoned
(§9.1, §9.4, §10.2).

Each word's declaration stands right above its run."""

from __future__ import annotations

from engine.hextech.effects import table_changes
from engine.hextech.effects.context import Ctx
from engine.hextech.effects.program import Step, precondition, primitive
from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import DECK_DRAW, HOLDER, ArgValue, Param, PrimitiveSpec

OFFER_CONTRACTS = PrimitiveSpec(
    "offer_contracts",
    (Param("normal", "int", low=1, high=DECK_DRAW), Param("black", "int", low=0, high=DECK_DRAW)),
    "Change the contract offer to `normal` normal and `black` black contracts.",
    "§9.1",
)


@primitive(OFFER_CONTRACTS)
def offer_contracts(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """P-09: the holder is offered this many normal and black contracts (§9.1)."""
    if ctx.holder is None:
        ctx.unexecutable = True
        return
    ctx.game.offered.resize(ctx.holder, int(str(args["normal"])), int(str(args["black"])))
    ctx.did_something = True
    return
    yield


SWAP_CANDIDATE = PrimitiveSpec(
    "swap_candidate",
    (Param("deck", "deck", "normal_contract"),),
    "Return one offered contract of the deck and draw another.",
    "§9.1",
    decision="holder",
)


@primitive(SWAP_CANDIDATE)
def swap_candidate(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """S-06: swap one offered normal contract for a new one from the deck."""
    if ctx.holder is None or not (yield from table_changes.swap_candidate(ctx.game, ctx.holder, ctx.card.id)):
        ctx.unexecutable = True
        return
    ctx.did_something = True


REPLACE_CONTRACT = PrimitiveSpec(
    "replace_contract",
    (Param("offer", "int", 1, 1, DECK_DRAW), Param("optional", "flag", "no")),
    "Draw `offer` contracts of the same type; take one (or keep the old one when optional). "
    "Progress goes to 0; the new contract is public; nothing counts retroactively.",
    "§9.4, lib 四 O-X08",
    causes=("contract.replaced",),
    decision="holder",
)


@precondition(REPLACE_CONTRACT)
def _can_replace_contract(ctx: Ctx, args: dict[str, ArgValue]) -> bool:
    """Only a contract held can be replaced: O-X08① is not offered to a holder who has none yet (a card
    drawn at set-up, before the contract choice, W-15 — R304)."""
    return ctx.holder is not None and ctx.game.table.players[ctx.holder].contract is not None


@primitive(REPLACE_CONTRACT)
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


ABANDON_CONTRACT = PrimitiveSpec(
    "abandon_contract",
    (HOLDER,),
    "Abandon the contract outside the window; a black contract still costs 1.",
    "§10.2",
)


@primitive(ABANDON_CONTRACT)
def abandon_contract(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """P-17: abandon the contract outside the window; a black contract still costs 1 point (§10.2)."""
    target = ctx.player(args.get("player", "holder"))
    if target is None or ctx.game.table.players[target].contract_status is not ContractStatus.OPEN:
        ctx.unexecutable = True
        return
    ctx.game.abandon(target)
    ctx.did_something = True
    yield from ctx.game.emit("contract.abandoned", target, ctx.cause)


WORDS = (OFFER_CONTRACTS, SWAP_CANDIDATE, REPLACE_CONTRACT, ABANDON_CONTRACT)
"""The words of this family, in the order the reference lists them."""
