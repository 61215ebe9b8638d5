"""The words on hands: extra tidy, card-caused discards, retrieving, retracting, revealing, peeking,
scrambling, exchanging, passing, swapping with the top (§6.11, §14.2, §14.4; lib 二.1; CARD-INVENTORY §2).

Each word's declaration stands right above its run."""

from __future__ import annotations

from engine.core.decisions import Decision, DecisionKind
from engine.core.tiles import format_one, is_flower, kind_of_instance
from engine.hextech.effects import table_changes
from engine.hextech.effects.context import Ctx, fits_with
from engine.hextech.effects.program import Step, precondition, primitive
from engine.hextech.vocabulary import HAND_TILES, HOLDER, ArgValue, Param, PrimitiveSpec


def _hidden_faces(ctx: Ctx, player: int, where: object = "any") -> tuple[str, ...]:
    p = ctx.game.table.players[player]
    test = ctx.tile_filter(where, player)
    return tuple(
        sorted(
            {
                format_one(kind_of_instance(i))
                for i in p.hand
                if i not in p.revealed and test(kind_of_instance(i))
            }
        )
    )


EXTRA_TIDY = PrimitiveSpec(
    "extra_tidy",
    (HOLDER,),
    "Draw 1 from the top (cannot win), then discard 1 (others may respond). Triggers no world "
    "card and no new extra tidy.",
    "§6.11",
    causes=("draw.extra", "tile.acquired", "discard.made", "discard.settled"),
    decision="player",
    unexecutable="the wall is empty or the player has left",
    done_by="table",
)


@primitive(EXTRA_TIDY)
def extra_tidy(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """额外整理 (§6.11): draw 1 from the top (it cannot win), then discard 1, which others may answer;
    no world card sees it and it starts no new extra tidy."""
    game = ctx.game
    target = ctx.player(args.get("player", "holder"))
    if not game.playing(target) or target is None or not game.table.wall or game.in_tidy:
        ctx.unexecutable = True
        return
    ctx.did_something = True
    game.in_tidy = True
    try:
        tile = game.table.wall.draw_front()
        yield from game.acquire(target, tile, "extra", ctx.cause)
        yield from game.card_discard(target, ctx.cause)
    finally:
        game.in_tidy = False


DISCARD = PrimitiveSpec(
    "discard",
    (HOLDER,),
    "A card-caused discard with its own nested response window (H9).",
    "§6.11, H9",
    causes=("discard.made", "discard.settled"),
    decision="player",
    done_by="table",
)


@primitive(DISCARD)
def discard(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """A card-caused discard with its own response window, nested in the effect (H9); it gives back a
    tile the effect brought in, so it never breaks the hand count (§14.5)."""
    target = ctx.player(args.get("player", "holder"))
    if target is None or not ctx.game.playing(target) or ctx.gained.get(target, 0) <= 0:
        ctx.unexecutable = True
        return
    ctx.gained[target] -= 1
    ctx.did_something = True
    yield from ctx.game.card_discard(target, ctx.cause)


def _retrievable(ctx: Ctx, args: dict[str, ArgValue], target: int) -> list[int]:
    """The river tiles ``retrieve`` may take back: the latest discard while it is still in the river,
    or the tiles that are not the latest discard and pass the filter; the latest discard is the
    tile last discarded, called away or not (R353)."""
    player = ctx.game.table.players[target]
    latest = player.last_discard
    if str(args.get("which", "latest")) == "latest":
        return [latest] if latest is not None and latest in player.river else []
    test = ctx.tile_filter(args.get("filter", "any"), target)
    return [i for i in player.river if i != latest and test(kind_of_instance(i))]


RETRIEVE = PrimitiveSpec(
    "retrieve",
    (Param("which", "name", "latest"), Param("filter", "filter", "any"), HOLDER),
    "Take a tile back from one's own river: the latest, or one that is not the latest; never "
    "a called tile nor one awaiting responses.",
    "lib 四 O-P05",
    causes=("tile.acquired",),
    decision="player",
    unexecutable="no eligible tile",
    hand=1,
    done_by="table",
)


@precondition(RETRIEVE)
def _can_retrieve(ctx: Ctx, args: dict[str, ArgValue]) -> bool:
    """A trigger that starts by taking a tile back is not offered with nothing to take (G-09 at the
    dealer's opening turn, R130)."""
    target = ctx.player_in_play(args.get("player", "holder"))
    return target is not None and bool(_retrievable(ctx, args, target))


@primitive(RETRIEVE)
def retrieve(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Take back a tile from one's own river: the latest, or a number tile that is not the latest
    (O-P05, O-C05①, G-09); called tiles are not in the river."""
    game = ctx.game
    target = ctx.player_in_play(args.get("player", "holder"))
    if target is None:
        return
    eligible = _retrievable(ctx, args, target)
    if not eligible:
        ctx.unexecutable = True
        return
    faces = tuple(sorted({format_one(kind_of_instance(i)) for i in eligible}))
    answer = (
        faces[0] if len(faces) == 1 else (yield Decision(DecisionKind.CHOOSE, target, faces, ctx.card.id))
    )
    tile = next(i for i in reversed(eligible) if format_one(kind_of_instance(i)) == answer)
    game.table.players[target].take_back(tile)
    ctx.did_something = True
    ctx.gain(target)
    yield from game.acquire(target, tile, "retrieve", ctx.cause)


RETRACT_DISCARD = PrimitiveSpec(
    "retract_discard",
    (HOLDER,),
    "Void the discard just made, before any response, and discard another tile.",
    "lib 八 P-10",
    causes=("discard.retracted", "discard.made"),
    decision="player",
    then_rule=("discard.made",),
    done_by="table",
)


@precondition(RETRACT_DISCARD)
def _can_retract(ctx: Ctx, args: dict[str, ArgValue]) -> bool:
    target = ctx.player(args.get("player", "holder"))
    return target is not None and table_changes.can_retract(ctx.game, target)


@primitive(RETRACT_DISCARD)
def retract_discard(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """P-10: the discard just made is void and the holder discards another tile instead."""
    target = ctx.player(args.get("player", "holder"))
    river = ctx.game.table.players[target].river if target is not None else []
    shown = ctx.game.show(river[-1]) if river else None
    if target is None or not table_changes.retract(ctx.game, target):
        ctx.unexecutable = True
        return
    ctx.did_something = True
    yield from ctx.game.emit("discard.retracted", target, ctx.cause, tile=shown)


def _names_drawn(ctx: Ctx, tile: int) -> bool:
    """The hand's last tile is the drawn tile the event names (if it names one): a normal draw that was
    a flower is already public and replaced, and its replacement is no normal draw (O-N07, F-R02, R135)."""
    named = ctx.event.data.get("tile") if ctx.event is not None else None
    return named is None or named == format_one(kind_of_instance(tile))


REVEAL = PrimitiveSpec(
    "reveal",
    (
        Param("n", "int", 1, 1, HAND_TILES),
        Param("owner", "player", "holder"),
        Param("chooser", "player", "holder"),
        Param("filter", "filter", "any"),
        Param("until", "duration", "round_end"),
    ),
    "Make hand tiles public; they stay hand tiles (§14.4). chooser `random` picks at random; "
    "`filter: pair` holds for the tiles shown together (one pair, R551).",
    "§14.4",
    decision="chooser",
    unexecutable="no eligible tile",
    done_by="table",
)


@primitive(REVEAL)
def reveal(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Make ``n`` hand tiles public; they stay hand tiles (§14.4).  The chooser is the owner, another
    player, or ``random`` (a seeded uniform pick, H2).  A set filter holds for the tiles shown
    together: under ``pair`` each tile after the first is of the first one's face (S-14, R551)."""
    game = ctx.game
    owner = ctx.player_in_play(args.get("owner", "holder"))
    if owner is None:
        return
    player = game.table.players[owner]
    where = args.get("filter", "any")
    if where == "drawn":
        candidates = [player.hand[-1]] if player.hand and _names_drawn(ctx, player.hand[-1]) else []
    else:
        test = ctx.tile_filter(where, owner)
        candidates = [i for i in player.hand if i not in player.revealed and test(kind_of_instance(i))]
    chooser = str(args.get("chooser", "holder"))
    shown: list[int] = []
    for _ in range(int(str(args.get("n", 1)))):
        if not candidates:
            break
        if chooser == "random":
            tile = game.rng.choice(sorted(candidates))
        else:
            who = ctx.player(chooser)
            faces = tuple(sorted({format_one(kind_of_instance(i)) for i in candidates}))
            answer = yield Decision(DecisionKind.CHOOSE, owner if who is None else who, faces, ctx.card.id)
            tile = next(i for i in sorted(candidates) if format_one(kind_of_instance(i)) == answer)
        shown.append(tile)
        picked = [kind_of_instance(i) for i in shown]
        candidates = [i for i in candidates if i != tile and fits_with(where, picked, kind_of_instance(i))]
    if not shown:
        ctx.unexecutable = True
        return
    ctx.did_something = True
    table_changes.reveal(game, owner, shown, str(args.get("until", "round_end")), ctx)
    yield from game.emit(
        "tiles.revealed", owner, ctx.cause, tiles=" ".join(format_one(kind_of_instance(i)) for i in shown)
    )


PEEK_PRIVATE = PrimitiveSpec(
    "peek_private",
    (Param("target", "player", "target"),),
    "Show one random hidden tile of the target to the holder alone (H2).",
    "§14.4",
    unexecutable="no other in-game player has a hidden tile",
    done_by="table",
)


@primitive(PEEK_PRIVATE)
def peek_private(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """Show one random hidden tile of the target to the holder alone (O-P08, H2)."""
    game = ctx.game
    target = ctx.player(args.get("target", "target"))
    if target is None or ctx.holder is None:
        ctx.unexecutable = True
        return
    player = game.table.players[target]
    hidden = sorted(i for i in player.hand if i not in player.revealed)
    if not hidden:
        ctx.unexecutable = True
        return
    ctx.did_something = True
    table_changes.see(game, ctx.holder, [game.rng.choice(hidden)], public=False)
    return
    yield


SCRAMBLE_HAND = PrimitiveSpec(
    "scramble_hand",
    (HOLDER,),
    "Shuffle the hand's order face down (H1).",
    "lib 四",
    done_by="table",
)


@primitive(SCRAMBLE_HAND)
def scramble_hand(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """O-N05: the owner's hand is shown face down in random order until rearranged (H1); bots are
    unaffected, so the engine records it and shuffles the hand's order."""
    target = ctx.player(args.get("player", "holder"))
    if target is None:
        ctx.unexecutable = True
        return
    ctx.did_something = True
    hand = ctx.game.table.players[target].hand
    drawn = hand[-1:]
    rest = hand[:-1]
    ctx.game.rng.shuffle(rest)
    hand[:] = rest + drawn
    yield from ctx.game.emit("hand.scrambled", target, ctx.cause)


EXCHANGE = PrimitiveSpec(
    "exchange",
    (Param("with", "player", "target"),),
    "Each picks one hidden tile; the tiles are swapped at once; neither may win meanwhile.",
    "§14.2",
    causes=("tile.acquired",),
    decision="both players",
    unexecutable="either player has no hidden tile",
    done_by="table",
)


@primitive(EXCHANGE)
def exchange(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """§14.2: each side picks one hidden tile, sealed; they swap at once; nobody wins in the swap."""
    game = ctx.game
    other = ctx.player(args.get("with", "target"))
    me = ctx.holder
    if me is None or other is None or other == me or not (game.playing(me) and game.playing(other)):
        ctx.unexecutable = True
        return
    picks: dict[int, str] = {}
    for p in (me, other):
        faces = _hidden_faces(ctx, p)
        if not faces:
            ctx.unexecutable = True
            return
        picks[p] = yield Decision(DecisionKind.CHOOSE, p, faces, ctx.card.id)
    mine, theirs = (
        table_changes.take_from_hand(game, me, picks[me]),
        table_changes.take_from_hand(game, other, picks[other]),
    )
    game.table.players[me].hand.append(theirs)
    game.table.players[other].hand.append(mine)
    ctx.did_something = True
    yield from game.announce(me, theirs, "exchange", ctx.cause)
    yield from game.announce(other, mine, "exchange", ctx.cause)


PASS_ALL = PrimitiveSpec(
    "pass_all",
    (),
    "Every in-game player passes 1 hidden tile to the next in-game player clockwise, at once.",
    "§14.2, H3",
    causes=("tile.acquired",),
    decision="every player",
    done_by="table",
)


@primitive(PASS_ALL)
def pass_all(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """O-X02: every in-game player passes one hidden tile to the next in-game player, sealed (H3)."""
    game = ctx.game
    players = [p for p in ctx.players("all", "holder") if _hidden_faces(ctx, p) and game.playing(p)]
    if len(players) < 2:
        ctx.did_something = True
        return
    picks: dict[int, str] = {}
    for p in players:
        picks[p] = yield Decision(DecisionKind.CHOOSE, p, _hidden_faces(ctx, p), ctx.card.id)
    taken = {p: table_changes.take_from_hand(game, p, picks[p]) for p in players}
    receivers = {p: players[(index + 1) % len(players)] for index, p in enumerate(players)}
    for p in players:
        game.table.players[receivers[p]].hand.append(taken[p])
    ctx.did_something = True
    for p in players:
        yield from game.announce(receivers[p], taken[p], "pass", ctx.cause)


SWAP_WITH_TOP = PrimitiveSpec(
    "swap_with_top",
    (Param("most", "int", 3, 1, HAND_TILES),),
    "Swap up to `most` hand tiles with as many top tiles (flowers stay on top); the hand tiles "
    "go to the bottom in random order.",
    "lib 八 P-04",
    causes=("tile.acquired",),
    decision="holder",
    done_by="table",
)


@primitive(SWAP_WITH_TOP)
def swap_with_top(ctx: Ctx, args: dict[str, ArgValue]) -> Step:
    """P-04: choose up to ``most`` hidden tiles and look at as many top tiles; a flower seen takes no
    part and goes back on top in its order, so as many chosen tiles as non-flowers seen (the holder
    picks which, R303) go to the bottom in random order for them; the tiles taken cannot win in this
    effect (lib 八 P-04 补充).  The tiles looked at are what the holder last saw (R559)."""
    game = ctx.game
    holder = ctx.holder
    wall = game.table.wall
    if holder is None or not wall or not game.playing(holder):
        ctx.unexecutable = True
        return
    counts = tuple(str(n) for n in range(int(str(args.get("most", 3))) + 1))
    k = int((yield Decision(DecisionKind.CHOOSE, holder, counts, ctx.card.id)))
    chosen: list[int] = []
    for _ in range(min(k, len(wall))):
        faces = _hidden_faces(ctx, holder)
        if not faces:
            break
        answer = yield Decision(DecisionKind.CHOOSE, holder, faces, ctx.card.id)
        chosen.append(table_changes.take_from_hand(game, holder, answer))
    ctx.did_something = True
    seen = [wall.draw_front() for _ in chosen]
    table_changes.see(game, holder, seen, public=False)
    drawn = [i for i in seen if not is_flower(kind_of_instance(i))]
    wall.put_front([i for i in seen if i not in drawn])
    given = chosen
    if len(drawn) < len(chosen):
        given = []
        for _ in drawn:
            faces = tuple(sorted({format_one(kind_of_instance(i)) for i in chosen}))
            answer = (
                faces[0]
                if len(faces) == 1
                else (yield Decision(DecisionKind.CHOOSE, holder, faces, ctx.card.id))
            )
            tile = next(i for i in chosen if format_one(kind_of_instance(i)) == answer)
            chosen.remove(tile)
            given.append(tile)
        game.table.players[holder].hand.extend(chosen)
    game.table.players[holder].hand.extend(drawn)
    game.rng.shuffle(given)
    for tile in given:
        wall.put_bottom(tile)
    for tile in drawn:
        yield from game.announce(holder, tile, "extra", ctx.cause)


WORDS = (
    EXTRA_TIDY,
    DISCARD,
    RETRIEVE,
    RETRACT_DISCARD,
    REVEAL,
    PEEK_PRIVATE,
    SCRAMBLE_HAND,
    EXCHANGE,
    PASS_ALL,
    SWAP_WITH_TOP,
)
"""The words of this family, in the order the reference lists them."""
