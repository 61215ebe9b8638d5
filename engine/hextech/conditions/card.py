"""The table facts of the card asking and of its holder's cards: the contract's completion, what the
card keeps for its holder (B-09, B-10, F-R02), the holder's choice for it (§9).

Each fact's evaluation stands right above its declaration."""

from __future__ import annotations

from engine.hextech.conditions.table_reading import ACTOR, FactSpec, who
from engine.hextech.effects.context import Ctx
from engine.hextech.state import ContractStatus
from engine.hextech.vocabulary import HAND_TILES, WALL_AFTER_DEAL, Param


def _challenge_lost(ctx: Ctx, args: tuple[object, ...]) -> bool:
    """The player lost the card's challenge its holder last put (F-R02, R41): the module reports the
    performers who lost (``challenge_lost``)."""
    holder = ctx.holder if ctx.holder is not None else ctx.actor
    if holder is None:
        return False
    state = ctx.game.card_states.get(ctx.card.base_id, holder)
    lost = None if state is None else state.reported.get("challenge_lost")
    return isinstance(lost, tuple) and who(ctx, args) in lost


CHALLENGE_LOST = FactSpec(
    "challenge_lost",
    "bool",
    (ACTOR,),
    "the player lost the challenge of this card just recorded (F-R02)",
    _challenge_lost,
    console="knows",
)


def _contract_completed(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.game.table.players[who(ctx, args)].contract_status is ContractStatus.COMPLETED


CONTRACT_COMPLETED = FactSpec(
    "contract_completed",
    "bool",
    (ACTOR,),
    "the player's contract is completed",
    _contract_completed,
    console="knows",
)


def _revealed_discarded(ctx: Ctx, args: tuple[object, ...]) -> int:
    """How many of the tiles this card, a contract, made public the player has discarded (B-09)."""
    state = ctx.game.card_states.get(ctx.card.base_id, who(ctx, args))
    return 0 if state is None else state.revealed_discarded


REVEALED_DISCARDED = FactSpec(
    "revealed_discarded",
    "int",
    (ACTOR,),
    "tiles the player revealed for the contract and has since discarded",
    _revealed_discarded,
    values=(0, HAND_TILES),
)


def _forced_discards(ctx: Ctx, args: tuple[object, ...]) -> int:
    """How many discards this card has forced on the player (B-10)."""
    state = ctx.game.card_states.get(ctx.card.base_id, who(ctx, args))
    return 0 if state is None else state.forced_discards


FORCED_DISCARDS = FactSpec(
    "forced_discards",
    "int",
    (ACTOR,),
    "forced discards of drawn number tiles made so far (B-10)",
    _forced_discards,
    values=(0, WALL_AFTER_DEAL),
)


def _kept_forced(ctx: Ctx, args: tuple[object, ...]) -> bool:
    """The tile this card forced the player to discard is still his: in the hand or melded, a concealed
    kong too (B-10, R57, R352)."""
    player = who(ctx, args)
    state = ctx.game.card_states.get(ctx.card.base_id, player)
    tile = None if state is None else state.forced_tile
    p = ctx.game.table.players[player]
    return tile is not None and (tile in p.hand or any(tile in m.instances for m in p.melds))


KEPT_FORCED = FactSpec(
    "kept_forced",
    "bool",
    (ACTOR,),
    "a tile that had to be discarded this turn is still held at the turn's end (B-10)",
    _kept_forced,
)


def _chosen(ctx: Ctx, args: tuple[object, ...]) -> bool:
    return ctx.value("choice") == str(args[0]) or ctx.value("route") == str(args[0])


CHOSEN = FactSpec(
    "chosen",
    "bool",
    (Param("value", "name"),),
    "the holder's choice for this card (route, vow) equals the value",
    _chosen,
    console="knows",
)

WORDS = (CHALLENGE_LOST, CONTRACT_COMPLETED, REVEALED_DISCARDED, FORCED_DISCARDS, KEPT_FORCED, CHOSEN)
"""The facts of this family, in the order the reference lists them."""
