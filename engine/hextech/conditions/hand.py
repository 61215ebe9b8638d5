"""The table facts of a player's hand: its hidden tiles, its declared melds and the calls that made
them (S-09, G-08).

Each fact's evaluation stands right above its declaration."""

from __future__ import annotations

from engine.core.melds import MeldKind
from engine.core.tiles import kind_of_instance
from engine.hextech.conditions.table_reading import ACTOR, FactSpec, who
from engine.hextech.effects.context import Ctx
from engine.hextech.vocabulary import HAND_TILES, Param

_SET_OF_MELD = {
    MeldKind.CHI: "chow",
    MeldKind.PON: "pung",
    MeldKind.MINKAN: "kong",
    MeldKind.KAKAN: "kong",
    MeldKind.ANKAN: "kong",
}
"""The set kind (``engine.core.groups.SetKind``) each declared meld is."""


def _exposed_melds(ctx: Ctx, args: tuple[object, ...]) -> int:
    """Exposed melds of the player of ``kinds``: a set kind (``chow``, ``pung``, ``kong``; ``set`` any)
    or a meld kind (``chi`` …), S-09 "其中至少一副为顺子"."""
    kinds = args[1] if len(args) > 1 else "set"
    words = {str(w) for w in (kinds if isinstance(kinds, tuple) else (kinds,))}
    if "set" in words:
        return sum(m.meld.exposed for m in ctx.game.table.players[who(ctx, args)].melds)
    return sum(
        m.meld.exposed and (m.meld.kind.value in words or _SET_OF_MELD[m.meld.kind] in words)
        for m in ctx.game.table.players[who(ctx, args)].melds
    )


EXPOSED_MELDS = FactSpec(
    "exposed_melds",
    "int",
    (ACTOR, Param("kinds", "kinds", "set")),
    "exposed melds of the player of those kinds (chi, pon, 明杠, 加杠; 暗杠 is not exposed)",
    _exposed_melds,
    console="counts",
    fed_by=("meld.exposed",),
    values=(0, 4),
)


def _others_exposed(ctx: Ctx, args: tuple[object, ...]) -> int:
    me = who(ctx, args)
    players = ctx.game.table.players
    return sum(1 for p in range(4) if p != me and any(m.meld.exposed for m in players[p].melds))


OTHERS_WITH_EXPOSED_MELDS = FactSpec(
    "others_with_exposed_melds",
    "int",
    (ACTOR,),
    "other players, exited or not, who have an exposed meld",
    _others_exposed,
    console="counts",
    fed_by=("meld.exposed",),
    values=(0, 3),
)

_CALL_KINDS = {"set": ("chi", "pon", "minkan", "kakan", "ankan")}


def _calls_made(ctx: Ctx, args: tuple[object, ...]) -> int:
    kinds = args[1] if len(args) > 1 else "set"
    words = kinds if isinstance(kinds, tuple) else (kinds,)
    wanted = {k for w in words for k in _CALL_KINDS.get(str(w), (str(w),))}
    calls = ctx.game.table.players[who(ctx, args)].calls
    return sum(n for kind, n in calls.items() if kind in wanted)


CALLS_MADE = FactSpec(
    "calls_made",
    "int",
    (ACTOR, Param("kinds", "kinds", "set")),
    "the player's calls this round of these kinds (chi, pon, minkan, kakan, ankan)",
    _calls_made,
    console="counts",
    fed_by=("meld.exposed", "kong.established"),
    values=(0, 8),
)


def _holds(ctx: Ctx, args: tuple[object, ...]) -> int:
    p = who(ctx, args, 1)
    test = ctx.tile_filter(args[0], p)
    player = ctx.game.table.players[p]
    return sum(1 for i in player.hand if i not in player.revealed and test(kind_of_instance(i)))


HOLDS = FactSpec(
    "holds",
    "int",
    (Param("where", "filter"), ACTOR),
    "hidden hand tiles of the player passing the filter",
    _holds,
    values=(0, HAND_TILES),
)


def _routed(ctx: Ctx, args: tuple[object, ...]) -> int:
    route = ctx.value("route", who(ctx, args))
    kinds = (
        {MeldKind.CHI} if route == "chow" else {MeldKind.PON, MeldKind.MINKAN, MeldKind.KAKAN, MeldKind.ANKAN}
    )
    return sum(1 for m in ctx.game.table.players[who(ctx, args)].melds if m.meld.kind in kinds)


ROUTED_MELDS = FactSpec(
    "routed_melds",
    "int",
    (ACTOR,),
    "declared melds of the route the player chose (G-08)",
    _routed,
    console="counts",
    fed_by=("meld.exposed", "kong.established"),
    values=(0, 4),
)

WORDS = (EXPOSED_MELDS, OTHERS_WITH_EXPOSED_MELDS, CALLS_MADE, HOLDS, ROUTED_MELDS)
"""The facts of this family, in the order the reference lists them."""
