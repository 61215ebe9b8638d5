"""Primitives on the wall: look and reorder, look and take, draw a tile, put to the bottom, draw end
(lib 二.1 牌墙顶部/尾部, CARD-INVENTORY §2, H11)."""

from __future__ import annotations

from itertools import permutations

from engine.decisions import Decision, DecisionKind
from engine.effects import table_changes
from engine.effects.context import Ctx
from engine.effects.program import Step, primitive
from engine.tiles import format_one, kind_of_instance, parse
from engine.vocabulary import ArgValue


def _show(tiles: list[int]) -> str:
    return " ".join(format_one(kind_of_instance(i)) for i in tiles)


def _look(ctx: Ctx, args: dict[str, ArgValue]) -> tuple[bool, list[int]]:
    """Whether the look is at the tail, and the ``n`` tiles seen at that end (lib 二.1 顶部/尾部)."""
    wall = ctx.game.table.wall
    n = int(str(args.get("n", 1)))
    tail = args.get("end", "top") == "tail"
    return tail, wall.look_tail(n) if tail else wall.look_front(n)


@primitive("look_and_reorder")
def look_and_reorder(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Look at ``n`` tiles at an end and put them back: in any order, unchanged, or with a tile of the
    chosen suit on top (O-P01, O-P04, O-P06, O-C02①, S-01 …)."""
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
    if rule == "any" and len(seen) > 1:
        orders = sorted({_show(list(p)) for p in permutations(seen)})
        answer = yield Decision(DecisionKind.CHOOSE, holder, tuple(orders), ctx.card.id)
        order = _arrange(seen, answer)
    elif rule == "suit_on_top":
        test = ctx.tile_filter("suit")
        first = next((i for i in seen if test(kind_of_instance(i))), None)
        if first is not None:
            order = [first, *[i for i in seen if i != first]]
    elif rule == "chosen_on_top" and len(seen) > 1:
        faces = tuple(sorted({format_one(kind_of_instance(i)) for i in seen}))
        answer = yield Decision(DecisionKind.CHOOSE, holder, faces, ctx.card.id)
        first = next(i for i in seen if format_one(kind_of_instance(i)) == answer)
        order = [first, *[i for i in seen if i != first]]
    for _ in seen:
        if tail:
            wall.draw_tail()
        else:
            wall.draw_front()
    if tail:
        wall.put_tail(order)
    else:
        wall.put_front(order)


def _arrange(seen: list[int], answer: str) -> list[int]:
    """Physical tiles in the order the answer names their faces."""
    left = list(seen)
    order = []
    for k in parse(answer.replace(" ", "")):
        tile = next(i for i in left if kind_of_instance(i) == k)
        left.remove(tile)
        order.append(tile)
    return order


@primitive("look_and_take")
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
    for tile in taken:
        ctx.gain(holder)
        yield from game.announce(holder, tile, str(args.get("as", "extra")), ctx.cause)
    if taken and args.get("discard") == "yes":
        yield from game.card_discard(holder, ctx.cause)


@primitive("draw_tile")
def draw_tile(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Draw one tile from an end as an extra draw (no hu, §6.11), a normal draw or a replacement."""
    game = ctx.game
    target = ctx.player(args.get("player", "holder"))
    if target is None or not game.table.wall or not game.playing(target):
        ctx.unexecutable = True
        return
    ctx.did_something = True
    wall = game.table.wall
    tile = wall.draw_tail() if args.get("end", "top") == "tail" else wall.draw_front()
    ctx.gain(target)
    yield from game.acquire(target, tile, str(args.get("as", "extra")), ctx.cause)


@primitive("put_bottom")
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


@primitive("set_draw_end")
def set_draw_end(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """The holder's next normal draw comes from the top or the tail (O-P07, O-C08, P-12)."""
    if ctx.holder is None:
        ctx.unexecutable = True
        return
    ctx.game.draw_end[ctx.holder] = (str(args["end"]), args.get("peek") == "yes")
    ctx.did_something = True
    return
    yield
