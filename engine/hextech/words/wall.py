"""The words on the wall: look and reorder, look and take, draw a tile, put to the bottom, draw end
(lib 二.1 牌墙顶部/尾部, CARD-INVENTORY §2, H11).

Each word's declaration stands right above its run."""

from __future__ import annotations

from collections.abc import Generator
from itertools import permutations

from engine.core.decisions import PASS, Decision, DecisionKind
from engine.core.tiles import format_one, kind_of_instance, parse
from engine.hextech.effects import table_changes
from engine.hextech.effects.context import Ctx
from engine.hextech.effects.program import Step, primitive
from engine.hextech.vocabulary import HOLDER, ORDERED_LOOK, WALL_AFTER_DEAL, ArgValue, Param, PrimitiveSpec


def _show(tiles: list[int]) -> str:
    return " ".join(format_one(kind_of_instance(i)) for i in tiles)


def _look(ctx: Ctx, args: dict[str, ArgValue]) -> tuple[bool, list[int]]:
    """Whether the look is at the tail, and the ``n`` tiles seen at that end (lib 二.1 顶部/尾部)."""
    wall = ctx.game.table.wall
    n = int(str(args.get("n", 1)))
    tail = args.get("end", "top") == "tail"
    return tail, wall.look_tail(n) if tail else wall.look_front(n)


LOOK_AND_REORDER = PrimitiveSpec(
    "look_and_reorder",
    (
        Param("n", "int", low=1, high=ORDERED_LOOK),
        Param("end", "end", "top"),
        Param("rule", "rule", "any"),
        Param("public", "flag", "no"),
    ),
    "Look at min(n, wall) tiles and put them back: any order / unchanged / one chosen on top "
    "then any / a tile of the chosen suit on top, else unchanged.",
    "lib 二.1",
    decision="holder",
    unexecutable="the wall is empty",
    done_by="table",
)


@primitive(LOOK_AND_REORDER)
def look_and_reorder(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Look at ``n`` tiles at an end and put them back: in any order, unchanged, one chosen tile on top
    and the rest under it in any order (G-17), or — if the holder wants — one tile of the chosen suit
    on top and the rest in any order, else unchanged (O-P06, R300) (O-P01, O-P04, O-C02①, S-01 …)."""
    game = ctx.game
    holder = ctx.holder
    wall = game.table.wall
    tail, seen = _look(ctx, args)
    if not seen or holder is None:
        ctx.unexecutable = True
        return
    ctx.did_something = True
    table_changes.see(game, holder, seen, public=args.get("public") == "yes")
    rule = str(args.get("rule", "any"))
    order = list(seen)
    if rule == "any":
        order = yield from _any_order(holder, seen, ctx.card.id)
    elif rule in ("suit_on_top", "chosen_on_top"):
        test = ctx.tile_filter("suit") if rule == "suit_on_top" else ctx.tile_filter("any")
        faces = tuple(sorted({format_one(kind_of_instance(i)) for i in seen if test(kind_of_instance(i))}))
        optional = (PASS,) if rule == "suit_on_top" else ()
        if len(faces) + len(optional) > 1:
            answer = yield Decision(DecisionKind.CHOOSE, holder, (*faces, *optional), ctx.card.id)
        else:
            answer = faces[0] if faces else PASS
        if answer != PASS:
            first = next(i for i in seen if format_one(kind_of_instance(i)) == answer)
            rest = [i for i in seen if i != first]
            order = [first, *(yield from _any_order(holder, rest, ctx.card.id))]
    for _ in seen:
        if tail:
            wall.draw_tail()
        else:
            wall.draw_front()
    if tail:
        wall.put_tail(order)
    else:
        wall.put_front(order)


def _any_order(holder: int, tiles: list[int], about: str) -> Generator[Decision, str, list[int]]:
    """The holder puts ``tiles`` back in an order of their choice (asked only when there is a choice)."""
    orders = sorted({_show(list(p)) for p in permutations(tiles)})
    if len(orders) < 2:
        return list(tiles)
    answer = yield Decision(DecisionKind.CHOOSE, holder, tuple(orders), about)
    return _arrange(tiles, answer)


def _arrange(seen: list[int], answer: str) -> list[int]:
    """Physical tiles in the order the answer names their faces."""
    left = list(seen)
    order = []
    for k in parse(answer.replace(" ", "")):
        tile = next(i for i in left if kind_of_instance(i) == k)
        left.remove(tile)
        order.append(tile)
    return order


LOOK_AND_TAKE = PrimitiveSpec(
    "look_and_take",
    (
        Param("n", "int", low=1, high=WALL_AFTER_DEAL),
        Param("end", "end", "top"),
        Param("take", "int", 1, 1, WALL_AFTER_DEAL, most="n"),
        Param("as", "dest", "extra"),
        Param("rest", "rest", "top"),
        Param("suit", "name", "any"),
        Param("public", "flag", "no"),
        Param("discard", "flag", "no"),
    ),
    "Look at n tiles, put `take` in hand as this normal draw, the replacement or an extra draw; "
    "the rest go back by `rest`; `suit` takes only a tile of the chosen suit; `public` shows the "
    "tiles to all; `discard: yes`: if a tile was taken, the holder then discards 1 (§6.11).",
    "lib 二.1, H14",
    causes=("draw.normal.taken", "draw.normal", "draw.replacement", "draw.extra", "tile.acquired"),
    decision="holder",
    unexecutable="the wall is empty",
    hand=1,
    done_by="table",
)


@primitive(LOOK_AND_TAKE)
def look_and_take(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Look at ``n`` tiles and take ``take`` of them as this normal draw, the replacement or an extra
    draw; the rest go back to the top, the tail or the bottom (S-04, S-11, G-05, G-10, G-15, P-18, O-X08②)."""
    game = ctx.game
    holder = ctx.holder
    wall = game.table.wall
    tail, seen = _look(ctx, args)
    if not seen or holder is None or not game.playing(holder):
        ctx.unexecutable = True
        return
    ctx.did_something = True
    table_changes.see(game, holder, seen, public=args.get("public") == "yes")
    suit = args.get("suit", "any")
    test = ctx.tile_filter(suit)
    eligible = [i for i in seen if suit == "any" or test(kind_of_instance(i))]
    taken: list[int] = []
    for _ in range(min(int(str(args.get("take", 1))), len(eligible))):
        faces = tuple(sorted({format_one(kind_of_instance(i)) for i in eligible}))
        answer = yield Decision(DecisionKind.CHOOSE, holder, faces, ctx.card.id)
        tile = next(i for i in eligible if format_one(kind_of_instance(i)) == answer)
        eligible.remove(tile)
        taken.append(tile)
    for _ in seen:
        if tail:
            wall.draw_tail()
        else:
            wall.draw_front()
    rest = [i for i in seen if i not in taken]
    where = str(args.get("rest", "top"))
    if where == "bottom_random":
        game.rng.shuffle(rest)
    if where == "top":
        wall.put_front(rest)
    elif where == "tail":
        wall.put_tail(rest)
    else:
        for tile in rest:
            wall.put_bottom(tile)
    game.table.players[holder].hand.extend(taken)
    via = str(args.get("as", "extra"))
    for tile in taken:
        ctx.gain(holder)
        yield from game.announce(holder, tile, via, ctx.cause, **_drawn_from(via, "tail" if tail else "top"))
    if taken and args.get("discard") == "yes":
        yield from game.card_discard(holder, ctx.cause)


DRAW_TILE = PrimitiveSpec(
    "draw_tile",
    (Param("end", "end", "top"), Param("as", "dest", "extra"), HOLDER),
    "Draw one tile; only a normal or replacement draw may win (H14).",
    "§6.11",
    causes=("draw.normal.taken", "draw.normal", "draw.replacement", "draw.extra", "tile.acquired"),
    unexecutable="the wall is empty",
    hand=1,
    done_by="table",
)


@primitive(DRAW_TILE)
def draw_tile(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Draw one tile from an end as an extra draw (no hu, §6.11), a normal draw or a replacement."""
    game = ctx.game
    target = ctx.player(args.get("player", "holder"))
    if target is None or not game.table.wall or not game.playing(target):
        ctx.unexecutable = True
        return
    ctx.did_something = True
    wall = game.table.wall
    end = str(args.get("end", "top"))
    tile = wall.draw_tail() if end == "tail" else wall.draw_front()
    ctx.gain(target)
    via = str(args.get("as", "extra"))
    yield from game.acquire(target, tile, via, ctx.cause, **_drawn_from(via, end))


def _drawn_from(via: str, end: str) -> dict[str, object]:
    """A normal draw's event names the end it came from (``draw.normal``: tile, end, k)."""
    return {"end": end} if via == "normal" else {}


PUT_BOTTOM = PrimitiveSpec(
    "put_bottom",
    (Param("which", "filter", "any"), HOLDER),
    "Put a hand tile face down under the current tail tile (H11); a draw must follow it in the "
    "same block (R561).",
    "H11",
    causes=("wall.count",),
    decision="player",
    unexecutable="no eligible tile",
    hand=-1,
    done_by="table",
)


@primitive(PUT_BOTTOM)
def put_bottom(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Slide one hidden hand tile under the tail tile (H11); the player picks which."""
    game = ctx.game
    target = ctx.player_in_play(args.get("player", "holder"))
    if target is None:
        return
    player = game.table.players[target]
    if args.get("which") == "drawn":
        if not player.hand:
            ctx.unexecutable = True
            return
        tile = player.hand.pop()
    else:
        test = ctx.tile_filter(args.get("which", "any"), target)
        faces = tuple(
            sorted(
                {
                    format_one(kind_of_instance(i))
                    for i in player.hand
                    if test(kind_of_instance(i)) and i < 136
                }
            )
        )
        if not faces:
            ctx.unexecutable = True
            return
        answer = yield Decision(DecisionKind.CHOOSE, target, faces, ctx.card.id)
        tile = table_changes.take_from_hand(game, target, answer)
    game.table.wall.put_bottom(tile)
    ctx.did_something = True
    yield from game.emit("tile.returned", target, ctx.cause, where="bottom")


SET_DRAW_END = PrimitiveSpec(
    "set_draw_end",
    (Param("end", "end"), Param("peek", "flag", "no")),
    "The next normal draw comes from this end; a tail draw is not a replacement draw.",
    "lib 四 O-P07",
    done_by="table",
)


@primitive(SET_DRAW_END)
def set_draw_end(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """The holder's next normal draw comes from the top or the tail (O-P07, O-C08)."""
    if ctx.holder is None:
        ctx.unexecutable = True
        return
    ctx.game.card_states.bind_draw(ctx.card.base_id, ctx.holder, str(args["end"]), args.get("peek") == "yes")
    ctx.did_something = True
    return
    yield


WORDS = (LOOK_AND_REORDER, LOOK_AND_TAKE, DRAW_TILE, PUT_BOTTOM, SET_DRAW_END)
"""The words of this family, in the order the reference lists them."""
